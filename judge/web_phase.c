/*
 * web_phase.c - one processed phase's page: navigation (first, previous,
 * next, last, the game), the picture the results mail carried, the
 * results laid out (web_report.c), the family's table, and the press
 * broadcast to everyone during the phase (a grey broadcast is stored
 * without its signer, so it is shown without one).  The picture comes
 * from the store; one keep_picture_days pruned is drawn again from the
 * stored history, as replay adjudicates it: drawing is pure.
 */
#include <stdlib.h>
#include <string.h>

#include "judge/db.h"
#include "judge/picture.h"
#include "judge/seats.h"
#include "judge/web_int.h"
#include "picture/module.h"
#include "picture/pic.h"

/* Draw phase i's picture again into png.  Returns 0, or -1 after fail(). */
static int redraw(sqlite3 *db, const struct web_game *w, int i, struct strbuf *png)
{
	struct order_set sets[VARIANT_MAX_POWERS], stand[VARIANT_MAX_POWERS];
	char *texts[VARIANT_MAX_POWERS], *stexts[VARIANT_MAX_POWERS];
	struct vstate before, after;
	int k = orders_load(db, w->g.name, w->ph[i].phase_no, sets, texts);
	int ns = standing_used_load(db, w->g.name, w->ph[i].phase_no, stand, stexts);
	unsigned char *keys = xmalloc((size_t)w->g.v->npowers * SEED_BYTES);
	int rc = -1;

	/* the chance adjudication had, so that a family that draws what its
	 * dice decided (the Peloponnesian War's battles) draws the same */
	game_keys(db, &w->g, keys);
	struct variant_chance chance = { w->ph[i].seed, web_next_seed(w, i), keys };

	pic_module_path_set(picture_module_path());
	if (vstate_open(&before, w->g.v, w->ph[i].state) == 0) {
		if (vstate_open(&after, w->g.v, web_after(w, i)) == 0) {
			rc = variant_picture(&before, sets, k, stand, ns, &chance, &after, PIC_PNG, png);
			vstate_close(&after);
		}
		vstate_close(&before);
	}
	for (int o = 0; o < k; o++)
		free(texts[o]);
	for (int o = 0; o < ns; o++)
		free(stexts[o]);
	free(keys);
	return rc;
}

/* Write phase i's picture beside its page (the stored one, else drawn
 * again).  Sets *drawn if there is one.  Returns 0, or -1 after fail(). */
static int picture(struct web_site *s, const struct web_game *w, int i, const char *file, int *drawn)
{
	char rel[256];
	struct strbuf png = STRBUF_INIT;
	sqlite3_stmt *st;
	int rc = 0;

	*drawn = 0;
	if (!variant_has_picture(w->g.v))
		return 0;
	snprintf(rel, sizeof rel, "%s/%s", w->g.name, file);
	st = db_stmt(s->db, "SELECT png FROM pictures WHERE game = ? AND phase_no = ?");
	sqlite3_bind_text(st, 1, w->g.name, -1, SQLITE_TRANSIENT);
	sqlite3_bind_int(st, 2, w->ph[i].phase_no);
	if (sqlite3_step(st) == SQLITE_ROW)
		strbuf_add(&png, sqlite3_column_blob(st, 0), (size_t)sqlite3_column_bytes(st, 0));
	db_release(s->db, st);
	if (!png.len && redraw(s->db, w, i, &png)) {
		/* a page is never lost for its picture: said, and left out */
		fprintf(stderr, "judge: web: game %s: no picture of %s: %s\n", w->g.name, w->ph[i].name,
		        fail_text());
		strbuf_release(&png);
		return 0;
	}
	*drawn = 1;
	rc = web_put(s, rel, png.buf, png.len);
	strbuf_release(&png);
	return rc;
}

/* A link to phase i, or the label alone where there is none; rel: "prev",
 * "next" (the browser test follows them) or NULL. */
static void nav_link(struct strbuf *out, const char *label, const char *rel, const struct web_game *w,
                     int i, int here)
{
	if (i < 0 || i >= w->nph || i == here) {
		strbuf_addf(out, "<span>%s</span> ", label);
		return;
	}
	strbuf_addf(out, "<a href=\"%d.html\"", w->ph[i].phase_no);
	if (rel)
		strbuf_addf(out, " rel=\"%s\"", rel);
	strbuf_addf(out, ">%s</a> ", label);
}

static void broadcasts(sqlite3 *db, const struct web_game *w, int i, struct strbuf *out)
{
	sqlite3_stmt *st = db_stmt(db, "SELECT sent, signer, text FROM broadcasts"
	                           " WHERE game = ? AND phase_no = ? ORDER BY sent, id");
	int n = 0;
	char when[64];

	sqlite3_bind_text(st, 1, w->g.name, -1, SQLITE_TRANSIENT);
	sqlite3_bind_int(st, 2, w->ph[i].phase_no);
	strbuf_addstr(out, "<section id=\"press\"><h2>Press to everyone</h2>\n");
	while (sqlite3_step(st) == SQLITE_ROW) {
		const char *signer = (const char *)sqlite3_column_text(st, 1);
		web_time(sqlite3_column_int64(st, 0), when, sizeof when);
		strbuf_addstr(out, "<article class=\"press\"><h3>");
		if (signer)
			web_esc(out, signer);
		else
			strbuf_addstr(out, "Unsigned (grey) press");
		strbuf_addf(out, ", %s</h3>\n<pre>", when);
		web_esc(out, (const char *)sqlite3_column_text(st, 2));
		strbuf_addstr(out, "</pre></article>\n");
		n++;
	}
	db_release(db, st);
	if (!n)
		strbuf_addstr(out, "<p>None in this phase.</p>\n");
	strbuf_addstr(out, "</section>\n");
}

int web_phase_page(struct web_site *s, const struct web_game *w, int i)
{
	struct strbuf out = STRBUF_INIT, nav = STRBUF_INIT;
	char title[256], file[160], rel[160];
	int drawn, rc;

	web_picture_name(w, i, file, sizeof file);
	if (picture(s, w, i, file, &drawn))
		return -1;
	snprintf(title, sizeof title, "%s: %s", w->g.name, w->ph[i].name);
	strbuf_addstr(&nav, "<nav aria-label=\"Phases\">");
	nav_link(&nav, "First", NULL, w, 0, i);
	nav_link(&nav, "Previous", "prev", w, i - 1, i);
	nav_link(&nav, "Next", "next", w, i + 1, i);
	/* the game's page names the latest phase: a link to it here would
	 * make every page change with each new phase */
	strbuf_addstr(&nav, "<a href=\"index.html#last\">Last</a> <a href=\"index.html\">The game</a> "
	              "<a href=\"../index.html\">All games</a></nav>\n");
	web_page_start(&out, title, "../", "feed.atom");
	strbuf_addf(&out, "<header>%s<h1>", nav.buf);
	web_esc(&out, title);
	strbuf_addstr(&out, "</h1>\n<p>Game ");
	web_esc(&out, w->g.name);
	strbuf_addstr(&out, " (");
	web_esc(&out, w->g.v->name);
	strbuf_addf(&out, "), phase %d of the game's record.</p></header>\n<main>\n", i + 1);
	if (drawn) {
		strbuf_addstr(&out, "<figure><img src=\"");
		web_esc(&out, file);
		strbuf_addstr(&out, "\" alt=\"Map of the results of ");
		web_esc(&out, w->ph[i].name);
		strbuf_addstr(&out, "\"></figure>\n");
	}
	strbuf_addstr(&out, "<section id=\"results\"><h2>Results</h2>\n");
	web_report_html(w->g.v, w->ph[i].report, &out);
	web_score_table(w->g.v, web_after(w, i), &out);
	strbuf_addstr(&out, "</section>\n");
	broadcasts(s->db, w, i, &out);
	strbuf_addf(&out, "<footer>%s</footer>\n", nav.buf);
	web_page_end(&out);
	snprintf(rel, sizeof rel, "%s/%d.html", w->g.name, w->ph[i].phase_no);
	rc = web_put(s, rel, out.buf, out.len);
	strbuf_release(&out);
	strbuf_release(&nav);
	return rc;
}
