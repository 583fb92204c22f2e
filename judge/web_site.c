/*
 * web_site.c - the whole site: which games are published, what changed
 * since the last pass, the site's index and its stylesheet.
 *
 * Incremental because cron runs it after every pass: a game whose
 * signature (status, phase, deadline, result, history, players' opt-ins,
 * privacy) is as recorded in web_games is not even loaded; in a game that
 * changed, a phase's page is written when web_pages has no record of it
 * as it stands (new, or processed again after a ROLLBACK) or its "next"
 * link appeared, and the page of a phase a ROLLBACK undid is removed.
 * The index is made of the rows web_games keeps, so an unchanged game
 * costs a row read.  `judge web DIR` writes every page (files whose bytes
 * are unchanged are left as they are, web_file.c).  The folder of a game
 * deleted from the database goes too, if web_folders says the writer
 * made it.
 */
#include <stdlib.h>
#include <string.h>

#include "judge/db.h"
#include "judge/web_int.h"

static const char style_css[] =
	"/* the Judge's games: one stylesheet, no script, nothing from elsewhere */\n"
	"html { font-family: system-ui, sans-serif; line-height: 1.4; color: #111; background: #fff; }\n"
	"body { margin: 0 auto; padding: 0 1rem 2rem; max-width: 60rem; }\n"
	"h1 { font-size: 1.5rem; margin: .5rem 0; }\n"
	"h2 { font-size: 1.25rem; margin-top: 1.5rem; border-bottom: 1px solid #ccc; }\n"
	"h3 { font-size: 1rem; margin: 1rem 0 .25rem; }\n"
	"nav { margin: .75rem 0; display: flex; flex-wrap: wrap; gap: .5rem 1rem; }\n"
	"nav span { color: #767676; }\n"
	"a { color: #0645ad; }\n"
	"img { max-width: 100%; height: auto; border: 1px solid #ccc; }\n"
	"figure { margin: 1rem 0; }\n"
	".scroll { overflow-x: auto; margin: .75rem 0; }\n"
	"table { border-collapse: collapse; }\n"
	"caption { text-align: left; font-weight: bold; padding: .25rem 0; }\n"
	"th, td { border: 1px solid #ccc; padding: .2rem .5rem; text-align: left; vertical-align: top; }\n"
	"thead th { background: #eee; }\n"
	"tr.more td { border-top: none; color: #444; }\n"
	"p.note { margin: -.5rem 0 .75rem; font-size: .9rem; color: #444; }\n"
	"ul ul { padding-left: 1.25rem; }\n"
	"pre { white-space: pre-wrap; overflow-wrap: anywhere; background: #f6f6f6; padding: .5rem; }\n"
	/* the index on a phone: each game a block of labelled lines, not a
	 * table whose last columns hide in a box that scrolls */
	"@media (max-width: 40rem) {\n"
	"  table.games thead { position: absolute; width: 1px; height: 1px; overflow: hidden; }\n"
	"  table.games, table.games tbody, table.games tr, table.games th, table.games td { display: block; }\n"
	"  table.games tr { border: 1px solid #ccc; margin: 0 0 .75rem; }\n"
	"  table.games th, table.games td { border: none; }\n"
	"  table.games td::before { font-weight: bold; }\n"
	/* the labels here, not in each row: the index stays small with
	 * hundreds of games */
	"  table.games td:nth-child(2)::before { content: \"Variant: \"; }\n"
	"  table.games td:nth-child(3)::before { content: \"Status: \"; }\n"
	"  table.games td:nth-child(4)::before { content: \"Phase: \"; }\n"
	"  table.games td:nth-child(5)::before { content: \"Powers: \"; }\n"
	"  table.games td:nth-child(6)::before { content: \"Next deadline: \"; }\n"
	"  table.games td:empty { display: none; }\n"
	"}\n"
	"footer { margin-top: 2rem; color: #555; font-size: .9rem; }\n";

/* The games' signatures: what the site shows of a game changes only with
 * one of these, or with the writer's own layout, whose version leads (a
 * new one has every game written again once). */
static const char sig_sql[] =
	"SELECT '2|' || g.status || '|' || g.phase_no || '|' || coalesce(g.deadline, '') || '|' || g.web_private"
	" || '|' || coalesce(g.result, '') || '|' || (SELECT count(*) || '/' || coalesce(max(adjudicated), 0)"
	"   FROM history h WHERE h.game = g.name)"
	" || '|' || coalesce((SELECT group_concat(seat || ',' || resigned || ',' || public_address"
	"   || ',' || email, ';') FROM players p WHERE p.game = g.name), '')"
	" || '|' || (SELECT count(*) FROM pictures x WHERE x.game = g.name AND x.phase_no = -1)"
	" FROM games g WHERE g.name = ?";

/* The game's row in the site's index. */
static void index_row(sqlite3 *db, const struct web_game *w, struct strbuf *row)
{
	const struct game *g = &w->g;
	sqlite3_stmt *st;
	char when[64] = "";
	int n = 0;

	strbuf_addf(row, "<tr><th scope=\"row\"><a href=\"%s/index.html\">%s</a></th>", g->name, g->name);
	strbuf_addstr(row, "<td>");
	web_esc(row, g->v->name);
	strbuf_addf(row, "</td><td>%s</td><td>", status_name(g->status));
	if (g->vs.pos)
		web_esc(row, g->vs.phase.name);
	strbuf_addstr(row, "</td><td>");
	st = db_stmt(db, "SELECT sp.power, p.email, p.public_address FROM seat_powers sp"
	             " LEFT JOIN players p ON p.game = sp.game AND p.seat = sp.seat AND p.resigned = 0"
	             " WHERE sp.game = ? ORDER BY sp.power");
	sqlite3_bind_text(st, 1, g->name, -1, SQLITE_TRANSIENT);
	while (sqlite3_step(st) == SQLITE_ROW) {
		int p = sqlite3_column_int(st, 0);
		const char *email = (const char *)sqlite3_column_text(st, 1);
		if (p < 0 || p >= g->v->npowers)
			continue;
		strbuf_addstr(row, n++ ? ", " : "");
		web_esc(row, g->v->power[p].name);
		if (email && sqlite3_column_int(st, 2)) {
			strbuf_addstr(row, " (");
			web_esc(row, email);
			strbuf_addch(row, ')');
		}
	}
	db_release(db, st);
	if (g->status == GS_ACTIVE && g->deadline > 0)
		web_time(g->deadline, when, sizeof when);
	strbuf_addf(row, "</td><td>%s</td></tr>\n", when);
}

/* The phases web_pages records as written for game: recorded[i] is the
 * adjudication time of phase_no i written with (has_next) a next link,
 * encoded as 2 * time + has_next; 0 for none. */
static long long recorded(sqlite3 *db, const char *game, int phase_no)
{
	return db_int(db, "SELECT 2 * adjudicated + has_next FROM web_pages WHERE game = ? AND phase_no = ?",
	              "ti", 0, game, (long long)phase_no);
}

/* One game: its pages written (all, or the ones that changed), its row
 * of the index in row.  Returns 0, or -1 after fail(). */
static int write_game(struct web_site *s, const char *name, struct strbuf *row)
{
	struct web_game w;
	int rc = 0;

	if (web_game_load(s->db, name, &w))
		return -1;
	for (int i = 0; i < w.nph && !rc; i++) {
		long long want = 2 * w.ph[i].adjudicated + (i + 1 < w.nph);
		if (!s->full && recorded(s->db, name, w.ph[i].phase_no) == want)
			continue;
		rc = web_phase_page(s, &w, i);
		if (!rc && s->keep_books)
			db_run(s->db, "INSERT OR REPLACE INTO web_pages (game, phase_no, adjudicated, has_next)"
			       " VALUES (?, ?, ?, ?)", "tiii", name, (long long)w.ph[i].phase_no,
			       w.ph[i].adjudicated, (long long)(i + 1 < w.nph));
	}
	/* the pages of phases a ROLLBACK undid */
	if (!rc && s->keep_books) {
		int last = w.nph ? w.ph[w.nph - 1].phase_no : -1;
		sqlite3_stmt *st = db_stmt(s->db, "SELECT phase_no FROM web_pages WHERE game = ? AND phase_no > ?");
		char rel[128], path[2200];
		sqlite3_bind_text(st, 1, name, -1, SQLITE_TRANSIENT);
		sqlite3_bind_int(st, 2, last);
		while (sqlite3_step(st) == SQLITE_ROW) {
			snprintf(rel, sizeof rel, "%s/%d.html", name, sqlite3_column_int(st, 0));
			snprintf(path, sizeof path, "%s/%s", s->dir, rel);
			if (remove(path) == 0)
				s->written++;
		}
		db_release(s->db, st);
		db_run(s->db, "DELETE FROM web_pages WHERE game = ? AND phase_no > ?", "ti", name, (long long)last);
	}
	if (!rc)
		rc = web_game_index(s, &w);
	if (!rc)
		rc = web_game_feed(s, &w);
	index_row(s->db, &w, row);
	web_game_free(&w);
	return rc;
}

/* One game's pass: published, removed (private), or left (unchanged). */
static int pass_game(struct web_site *s, const char *name, int private, struct strbuf *index)
{
	char sig[2048] = "", old[2048] = "";
	struct strbuf row = STRBUF_INIT;
	int rc = 0;

	db_text(s->db, sig_sql, "t", sig, sizeof sig, name);
	if (s->keep_books)
		db_text(s->db, "SELECT sig FROM web_games WHERE game = ?", "t", old, sizeof old, name);
	if (!s->full && !strcmp(sig, old)) {
		sqlite3_stmt *st = db_stmt(s->db, "SELECT row FROM web_games WHERE game = ?");
		sqlite3_bind_text(st, 1, name, -1, SQLITE_TRANSIENT);
		if (sqlite3_step(st) == SQLITE_ROW)
			strbuf_addstr(index, (const char *)sqlite3_column_text(st, 0));
		db_release(s->db, st);
		return 0;
	}
	if (private) {
		rc = web_remove_game(s, name);
		if (s->keep_books)
			db_run(s->db, "DELETE FROM web_pages WHERE game = ?", "t", name);
		if (!rc && s->keep_books)
			db_run(s->db, "DELETE FROM web_folders WHERE game = ?", "t", name);
	} else {
		if (s->keep_books)
			db_run(s->db, "INSERT OR IGNORE INTO web_folders (game) VALUES (?)", "t", name);
		rc = write_game(s, name, &row);
	}
	if (!rc && s->keep_books)
		db_run(s->db, "INSERT OR REPLACE INTO web_games (game, sig, row) VALUES (?, ?, ?)", "ttt",
		       name, sig, row.buf);
	strbuf_add(index, row.buf, row.len);
	strbuf_release(&row);
	return rc;
}

/* The folders of games gone from the database (a refused game, one an
 * admin deleted): removed, as web_remove_game does, but only those
 * web_folders says the writer made; nothing else in the site's folder is
 * touched.  Without bookkeeping (judge web into another folder) there is
 * no record, and nothing is removed. */
static int remove_gone(struct web_site *s)
{
	struct strbuf gone = STRBUF_INIT;
	sqlite3_stmt *st;
	const char *rest, *line;
	size_t len;
	int rc = 0;

	if (!s->keep_books)
		return 0;
	st = db_prepare(s->db, "SELECT game FROM web_folders WHERE game NOT IN (SELECT name FROM games)");
	while (sqlite3_step(st) == SQLITE_ROW)
		strbuf_addf(&gone, "%s\n", sqlite3_column_text(st, 0));
	sqlite3_finalize(st);
	rest = gone.buf;
	while (!rc && str_next_line(&rest, &line, &len)) {
		char name[GAME_NAME_MAX + 1];
		snprintf(name, sizeof name, "%.*s", (int)len, line);
		/* a name the writer recorded, and so a plain game name: never
		 * a path that leads out of the site's folder */
		if (!*name || strchr(name, '/') || name[0] == '.')
			continue;
		rc = web_remove_game(s, name);
		if (!rc)
			db_run(s->db, "DELETE FROM web_folders WHERE game = ?", "t", name);
	}
	strbuf_release(&gone);
	return rc;
}

static int write_index(struct web_site *s, const struct strbuf *rows)
{
	struct strbuf out = STRBUF_INIT;
	int rc;

	web_page_start(&out, "The Judge's games", "", NULL);
	strbuf_addstr(&out, "<header><h1>The Judge's games</h1></header>\n<main>\n");
	if (!rows->len) {
		strbuf_addstr(&out, "<p>No game is published.</p>\n");
	} else {
		strbuf_addstr(&out, "<div class=\"scroll\"><table class=\"games\">\n<thead><tr>"
		              "<th scope=\"col\">Game</th><th scope=\"col\">Variant</th>"
		              "<th scope=\"col\">Status</th><th scope=\"col\">Phase</th>"
		              "<th scope=\"col\">Powers</th><th scope=\"col\">Next deadline</th>"
		              "</tr></thead>\n<tbody>\n");
		strbuf_add(&out, rows->buf, rows->len);
		strbuf_addstr(&out, "</tbody></table></div>\n");
	}
	web_page_end(&out);
	rc = web_put(s, "index.html", out.buf, out.len);
	if (!rc)
		rc = web_put(s, "style.css", style_css, sizeof style_css - 1);
	strbuf_release(&out);
	return rc;
}

int web_write_site(struct web_site *s)
{
	struct strbuf names = STRBUF_INIT, index = STRBUF_INIT;
	sqlite3_stmt *st = db_prepare(s->db, "SELECT name, web_private FROM games ORDER BY name");
	const char *rest, *line;
	size_t len;
	int rc = 0;

	/* the names first: each game's pass runs its own statements */
	while (sqlite3_step(st) == SQLITE_ROW)
		strbuf_addf(&names, "%d%s\n", sqlite3_column_int(st, 1) != 0, sqlite3_column_text(st, 0));
	sqlite3_finalize(st);
	rest = names.buf;
	while (!rc && str_next_line(&rest, &line, &len)) {
		char name[GAME_NAME_MAX + 1];
		snprintf(name, sizeof name, "%.*s", (int)len - 1, line + 1);
		rc = pass_game(s, name, line[0] == '1', &index);
	}
	if (!rc)
		rc = remove_gone(s);
	if (!rc)
		rc = write_index(s, &index);
	strbuf_release(&names);
	strbuf_release(&index);
	return rc;
}

int web_cron(sqlite3 *db, const struct config *c)
{
	char url[1100];
	struct web_site s = { db, c->web_dir, url, c->hostname, 0, 1, 0 };
	int rc;

	if (!c->web_dir[0])
		return 0;
	snprintf(url, sizeof url, "%s%s", c->web_url,
	         c->web_url[0] && c->web_url[strlen(c->web_url) - 1] != '/' ? "/" : "");
	if (db_begin(db))
		return -1;
	rc = web_write_site(&s);
	if (rc) {
		db_rollback(db);
		return -1;
	}
	return db_commit(db);
}
