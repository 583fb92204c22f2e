/*
 * web_game.c - one game on the site: its public record loaded once for
 * all its pages (the row, the processed phases from history), its own
 * page (phases, end, who plays what) and its Atom feed.  Players are
 * named by their powers: an address appears only if its player said SET
 * PUBLIC ADDRESS, and never a password or anything private.
 */
#include <stdlib.h>
#include <string.h>

#include "judge/db.h"
#include "judge/picture.h"
#include "judge/web_int.h"

int web_game_load(sqlite3 *db, const char *name, struct web_game *w)
{
	sqlite3_stmt *st;
	int cap = 0;

	memset(w, 0, sizeof *w);
	if (game_load(db, name, &w->g))
		return fail("game %s: %s", name, fail_text());
	st = db_stmt(db, "SELECT phase_no, phase_name, state, report, adjudicated, seed FROM history"
	             " WHERE game = ? ORDER BY phase_no");
	sqlite3_bind_text(st, 1, name, -1, SQLITE_TRANSIENT);
	while (sqlite3_step(st) == SQLITE_ROW) {
		if (w->nph == cap)
			w->ph = xrealloc(w->ph, (size_t)(cap = cap ? 2 * cap : 16) * sizeof *w->ph);
		w->ph[w->nph++] = (struct web_phase){
			sqlite3_column_int(st, 0), xstrdup((const char *)sqlite3_column_text(st, 1)),
			xstrdup((const char *)sqlite3_column_text(st, 2)),
			xstrdup((const char *)sqlite3_column_text(st, 3)), sqlite3_column_int64(st, 4), { 0 },
		};
		if (sqlite3_column_bytes(st, 5) == SEED_BYTES)
			memcpy(w->ph[w->nph - 1].seed, sqlite3_column_blob(st, 5), SEED_BYTES);
	}
	db_release(db, st);
	return 0;
}

void web_game_free(struct web_game *w)
{
	for (int i = 0; i < w->nph; i++) {
		free(w->ph[i].name);
		free(w->ph[i].state);
		free(w->ph[i].report);
	}
	free(w->ph);
	game_free(&w->g);
}

/* the file a phase's picture has beside its page: the game's own page
 * shows the latest, the phase's page its own */
void web_picture_name(const struct web_game *w, int i, char *out, size_t size)
{
	char short_name[64];

	picture_short_phase(w->ph[i].name, short_name, sizeof short_name);
	snprintf(out, size, "%s-%s.png", w->g.name, short_name);
}

const char *web_after(const struct web_game *w, int i)
{
	return i + 1 < w->nph ? w->ph[i + 1].state : w->g.state;
}

const unsigned char *web_next_seed(const struct web_game *w, int i)
{
	return i + 1 < w->nph ? w->ph[i + 1].seed : w->g.seed;
}

void web_players_table(sqlite3 *db, const struct web_game *w, struct strbuf *out)
{
	sqlite3_stmt *st = db_stmt(db, "SELECT sp.power, p.email, p.public_address FROM seat_powers sp"
	                           " LEFT JOIN players p ON p.game = sp.game AND p.seat = sp.seat"
	                           " AND p.resigned = 0 WHERE sp.game = ? ORDER BY sp.power");

	strbuf_addstr(out, "<div class=\"scroll\"><table class=\"players\">\n<caption>Who plays each "
	              "power</caption>\n<thead><tr><th scope=\"col\">Power</th><th scope=\"col\">"
	              "Player</th></tr></thead>\n<tbody>\n");
	sqlite3_bind_text(st, 1, w->g.name, -1, SQLITE_TRANSIENT);
	while (sqlite3_step(st) == SQLITE_ROW) {
		int p = sqlite3_column_int(st, 0);
		const char *email = (const char *)sqlite3_column_text(st, 1);
		if (p < 0 || p >= w->g.v->npowers)
			continue;
		strbuf_addstr(out, "<tr><th scope=\"row\">");
		web_esc(out, w->g.v->power[p].name);
		strbuf_addstr(out, "</th><td>");
		if (!email)
			strbuf_addstr(out, "vacant");
		else if (sqlite3_column_int(st, 2))
			web_esc(out, email);
		else
			strbuf_addstr(out, "a player");
		strbuf_addstr(out, "</td></tr>\n");
	}
	db_release(db, st);
	strbuf_addstr(out, "</tbody></table></div>\n");
}

/* The latest map: the last processed phase's picture (its page wrote it
 * beside), so that a running game's page shows where it stands; the
 * start's, if the store has it, before any phase was processed. */
static int latest_picture(struct web_site *s, const struct web_game *w, struct strbuf *out)
{
	sqlite3_stmt *st;
	int rc = 0;
	char file[160], rel[256];

	if (w->nph) {
		web_picture_name(w, w->nph - 1, file, sizeof file);
		snprintf(rel, sizeof rel, "%s/%s", w->g.name, file);
		if (!variant_has_picture(w->g.v) || !web_exists(s, rel))
			return 0;
		strbuf_addstr(out, "<figure><img src=\"");
		web_esc(out, file);
		strbuf_addstr(out, "\" alt=\"Map after ");
		web_esc(out, w->ph[w->nph - 1].name);
		strbuf_addf(out, "\"><figcaption>After <a href=\"%d.html\">", w->ph[w->nph - 1].phase_no);
		web_esc(out, w->ph[w->nph - 1].name);
		strbuf_addstr(out, "</a></figcaption></figure>\n");
		return 0;
	}
	st = db_stmt(s->db, "SELECT file, png FROM pictures WHERE game = ? AND phase_no = -1");
	sqlite3_bind_text(st, 1, w->g.name, -1, SQLITE_TRANSIENT);
	if (sqlite3_step(st) == SQLITE_ROW) {
		const char *start = (const char *)sqlite3_column_text(st, 0);
		snprintf(rel, sizeof rel, "%s/%s", w->g.name, start);
		rc = web_put(s, rel, sqlite3_column_blob(st, 1), (size_t)sqlite3_column_bytes(st, 1));
		strbuf_addstr(out, "<figure><img src=\"");
		web_esc(out, start);
		strbuf_addstr(out, "\" alt=\"Map of the starting position\"><figcaption>The starting "
		              "position</figcaption></figure>\n");
	}
	db_release(s->db, st);
	return rc;
}

int web_game_index(struct web_site *s, const struct web_game *w)
{
	const struct game *g = &w->g;
	struct strbuf out = STRBUF_INIT;
	char title[128], rel[128], when[64];
	int rc;

	snprintf(title, sizeof title, "Game %s (%s)", g->name, g->v->name);
	web_page_start(&out, title, "../", "feed.atom");
	strbuf_addstr(&out, "<header><nav><a href=\"../index.html\">All games</a></nav>\n<h1>");
	web_esc(&out, title);
	strbuf_addf(&out, "</h1></header>\n<main>\n<p>Status: %s", status_name(g->status));
	if (g->vs.pos) {
		strbuf_addstr(&out, ". Phase: ");
		web_esc(&out, g->vs.phase.name);
	}
	if (g->status == GS_ACTIVE && g->deadline > 0) {
		web_time(g->deadline, when, sizeof when);
		strbuf_addf(&out, ". Next deadline: %s", when);
	}
	strbuf_addstr(&out, ".</p>\n");
	rc = latest_picture(s, w, &out);
	if (g->result) {
		strbuf_addstr(&out, "<section id=\"end\"><h2>The end</h2>\n<p>");
		web_esc(&out, g->result);
		strbuf_addstr(&out, "</p>\n");
		if (g->state)
			web_score_table(g->v, g->state, &out);
		strbuf_addstr(&out, "</section>\n");
	}
	web_players_table(s->db, w, &out);
	strbuf_addstr(&out, "<section id=\"phases\"><h2>Phases</h2>\n");
	if (!w->nph)
		strbuf_addstr(&out, "<p>No phase has been processed yet.</p>\n");
	else
		strbuf_addstr(&out, "<ol>\n");
	for (int i = 0; i < w->nph; i++) {
		strbuf_addf(&out, "<li%s><a href=\"%d.html\">", i + 1 == w->nph ? " id=\"last\"" : "",
		            w->ph[i].phase_no);
		web_esc(&out, w->ph[i].name);
		strbuf_addstr(&out, "</a></li>\n");
	}
	if (w->nph)
		strbuf_addstr(&out, "</ol>\n");
	strbuf_addstr(&out, "<p><a href=\"feed.atom\">Follow this game (Atom feed)</a></p>\n</section>\n");
	web_page_end(&out);
	snprintf(rel, sizeof rel, "%s/index.html", g->name);
	if (!rc)
		rc = web_put(s, rel, out.buf, out.len);
	strbuf_release(&out);
	return rc;
}

int web_game_feed(struct web_site *s, const struct web_game *w)
{
	const struct game *g = &w->g;
	struct strbuf out = STRBUF_INIT;
	char t[40], rel[128];
	int rc;
	long long updated = w->nph ? w->ph[w->nph - 1].adjudicated : 0;

	for (int i = 0; i < w->nph; i++)
		if (w->ph[i].adjudicated > updated)
			updated = w->ph[i].adjudicated;
	web_time_rfc3339(updated, t, sizeof t);
	strbuf_addstr(&out, "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
	              "<feed xmlns=\"http://www.w3.org/2005/Atom\">\n<title>");
	strbuf_addf(&out, "Game %s (", g->name);
	web_esc(&out, g->v->name);
	strbuf_addf(&out, ")</title>\n<id>tag:%s,2026:%s</id>\n<updated>%s</updated>\n"
	            "<author><name>The Judge</name></author>\n"
	            "<link rel=\"self\" href=\"%s%s%s\"/>\n<link href=\"%s%s%s\"/>\n",
	            s->host, g->name, t, s->url, *s->url ? g->name : "", *s->url ? "/feed.atom" : "feed.atom",
	            s->url, *s->url ? g->name : "", *s->url ? "/index.html" : "index.html");
	for (int i = w->nph - 1; i >= 0; i--) {
		web_time_rfc3339(w->ph[i].adjudicated, t, sizeof t);
		strbuf_addstr(&out, "<entry>\n<title>");
		web_esc(&out, w->ph[i].name);
		strbuf_addf(&out, "</title>\n<id>tag:%s,2026:%s/%d</id>\n<updated>%s</updated>\n"
		            "<link href=\"%s%s%s%d.html\"/>\n<content type=\"text\">",
		            s->host, g->name, w->ph[i].phase_no, t, s->url, *s->url ? g->name : "",
		            *s->url ? "/" : "", w->ph[i].phase_no);
		web_esc(&out, w->ph[i].report);
		strbuf_addstr(&out, "</content>\n</entry>\n");
	}
	strbuf_addstr(&out, "</feed>\n");
	snprintf(rel, sizeof rel, "%s/feed.atom", g->name);
	rc = web_put(s, rel, out.buf, out.len);
	strbuf_release(&out);
	return rc;
}
