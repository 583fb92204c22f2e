/*
 * picture.c - games' map pictures (see picture.h): the Judge's side of
 * variants' pictures.  A picture is drawn when its phase is adjudicated
 * (or the game starts), from the same orders and state the adjudication
 * used, and stored once in the pictures table; mails name it and the
 * sender puts it in (outbox.h).  cron draws a results picture before its
 * write transaction, as a draft (kept with the adjudication it shows,
 * judge/phase.c), so that the drawing (most of a phase's time) does not
 * hold the writers' turn.  Drawing is pure and cannot fail a phase:
 * without a picture the text goes alone.  A picture is kept
 * keep_picture_days after its phase (picture_prune), not as long as its
 * game: the pictures were most of a game's bytes.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "judge/db.h"
#include "judge/picture.h"
#include "picture/module.h"
#include "picture/pic.h"
#include "variants/datadir.h"

void picture_short_phase(const char *phase, char *out, size_t size)
{
	size_t n = 0;
	const char *comma = strchr(phase, ',');
	const char *end = comma ? comma : phase + strlen(phase);
	int first = 1;

	for (const char *p = phase; p < end && n + 1 < size; p++) {
		if (isspace((unsigned char)*p)) {
			first = 0;
			continue;
		}
		if (!isalnum((unsigned char)*p))
			continue;
		if (first && p != phase)
			continue;   /* the first word gives its initial only */
		out[n++] = *p;
	}
	if (comma) {
		/* the last part names the phase's kind: "Turn 1, 431-429 BC,
		 * Operations phase" is T1-O, apart from the turn's other three */
		const char *k = strrchr(comma, ',');
		while (*k && !isalpha((unsigned char)*k))
			k++;
		if (*k && n + 2 < size) {
			out[n++] = '-';
			out[n++] = (char)toupper((unsigned char)*k);
		}
	}
	out[n] = '\0';
}

/* Tell the drawing code where its module is (picture/module.h): this is
 * the program's one door to it, and every drawing comes through here. */
static void find_module(void)
{
	pic_module_path_set(picture_module_path());
}

/* Store png as game g's picture of phase_no, drawn at now.  Returns its
 * number. */
static long long store(sqlite3 *db, const struct game *g, int phase_no, const char *phase_name,
                       const char *file, const struct strbuf *png, long long now)
{
	db_run(db, "INSERT OR REPLACE INTO pictures (game, phase_no, phase_name, file, png, drawn)"
	       " VALUES (?, ?, ?, ?, ?, ?)", "tittbi", g->name, (long long)phase_no, phase_name, file,
	       png->buf, (int)png->len, now);
	return db_int(db, "SELECT id FROM pictures WHERE game = ? AND phase_no = ?", "ti", 0, g->name,
	              (long long)phase_no);
}

/* The results picture's bytes into png.  Returns 0, or -1 after fail(). */
MUST_CHECK static int draw_results(const struct game *g, const struct order_set *orders, int norders,
                                   const struct order_set *standing, int nstanding,
                                   const struct variant_chance *chance, const char *next,
                                   struct strbuf *png)
{
	struct vstate after;
	int rc;

	find_module();
	rc = vstate_open(&after, g->v, next) ||
	     variant_picture(&g->vs, orders, norders, standing, nstanding, chance, &after, PIC_PNG, png);
	vstate_close(&after);
	return rc ? -1 : 0;
}

void picture_draft_release(struct picture_draft *d)
{
	strbuf_release(&d->png);
	d->drawn = 0;
}

void picture_draft_draw(struct picture_draft *d, const struct game *g, const struct order_set *orders,
                        int norders, const struct order_set *standing, int nstanding,
                        const struct variant_chance *chance, const char *next)
{
	strbuf_reset(&d->png);
	d->drawn = g->vs.pos && variant_has_picture(g->v) &&
	           !draw_results(g, orders, norders, standing, nstanding, chance, next, &d->png);
}

long long picture_results(sqlite3 *db, const struct game *g, const struct order_set *orders,
                          int norders, const struct order_set *standing, int nstanding,
                          const struct variant_chance *chance, const char *next, long long now,
                          const struct picture_draft *draft)
{
	struct strbuf png = STRBUF_INIT;
	const struct strbuf *bytes = &png;
	char short_name[64], file[128];
	long long id = 0;

	if (!g->vs.pos || !variant_has_picture(g->v))
		return 0;
	if (draft && draft->drawn)
		bytes = &draft->png;
	if (bytes == &png && draw_results(g, orders, norders, standing, nstanding, chance, next, &png)) {
		fprintf(stderr, "judge: game %s: no picture of %s: %s\n", g->name, g->vs.phase.name,
		        fail_text());
	} else {
		picture_short_phase(g->vs.phase.name, short_name, sizeof short_name);
		snprintf(file, sizeof file, "%s-%s.png", g->name, short_name);
		id = store(db, g, g->phase_no, g->vs.phase.name, file, bytes, now);
	}
	strbuf_release(&png);
	return id;
}

long long picture_start(sqlite3 *db, const struct game *g, long long now)
{
	struct strbuf png = STRBUF_INIT;
	char file[128];
	long long id = 0;

	if (!g->vs.pos || !variant_has_picture(g->v))
		return 0;
	find_module();
	if (variant_picture(NULL, NULL, 0, NULL, 0, NULL, &g->vs, PIC_PNG, &png)) {
		fprintf(stderr, "judge: game %s: no picture of the start: %s\n", g->name, fail_text());
	} else {
		snprintf(file, sizeof file, "%s-start.png", g->name);
		id = store(db, g, -1, g->vs.phase.name, file, &png, now);
	}
	strbuf_release(&png);
	return id;
}

void picture_prepare(const struct game *g)
{
	if (!g->vs.pos || !variant_has_picture(g->v) || !g->v->geo)
		return;
	find_module();
	pic_geo_prepare(g->v->geo);
}

long long picture_for(sqlite3 *db, const struct game *g, const char *addr, long long picture)
{
	if (!picture || db_int(db, "SELECT nomap FROM games WHERE name = ?", "t", 0, g->name) ||
	    db_int(db, "SELECT nomap FROM players WHERE game = ? AND email = ? COLLATE NOCASE", "tt",
	           0, g->name, addr))
		return 0;
	return picture;
}

long long picture_find(sqlite3 *db, const char *game, const char *phase)
{
	sqlite3_stmt *st;
	long long id = 0;
	char short_name[64];

	if (!phase || !*phase)
		return db_int(db, "SELECT id FROM pictures WHERE game = ? ORDER BY phase_no DESC LIMIT 1",
		              "t", 0, game);
	st = db_stmt(db, "SELECT id, phase_no, phase_name FROM pictures WHERE game = ? ORDER BY phase_no");
	sqlite3_bind_text(st, 1, game, -1, SQLITE_TRANSIENT);
	while (!id && sqlite3_step(st) == SQLITE_ROW) {
		const char *name = (const char *)sqlite3_column_text(st, 2);
		if (sqlite3_column_int(st, 1) < 0) {
			if (!strcasecmp(phase, "start"))
				id = sqlite3_column_int64(st, 0);
			continue;
		}
		picture_short_phase(name, short_name, sizeof short_name);
		if (!strcasecmp(phase, short_name) || !strcasecmp(phase, name))
			id = sqlite3_column_int64(st, 0);
	}
	db_release(db, st);
	return id;
}

/* Drawn before the cut (found by the index on drawn: a run visits only
 * the pictures it may delete, not the rows of every game).  Never a
 * game's latest picture, which GET map sends by default and a finished
 * game keeps, nor one a mail not yet sent names (outbox.picture would
 * lose it). */
static const char prune_sql[] =
	"DELETE FROM pictures WHERE drawn < ?"
	" AND phase_no < (SELECT MAX(p.phase_no) FROM pictures p WHERE p.game = pictures.game)"
	" AND id NOT IN (SELECT picture FROM outbox WHERE picture IS NOT NULL AND status <> 'sent')";

long picture_prune(sqlite3 *db, long days, long long now)
{
	long deleted;

	if (days <= 0)
		return 0;               /* kept for ever */
	if (db_begin(db))
		return -1;
	if (db_run(db, prune_sql, "i", now - (long long)days * 86400) != SQLITE_DONE) {
		fail("pictures not pruned: %s", sqlite3_errmsg(db));
		db_rollback(db);
		return -1;
	}
	deleted = sqlite3_changes(db);
	if (db_commit(db)) {
		db_rollback(db);
		return -1;
	}
	return deleted;
}
