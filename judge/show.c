/*
 * show.c - `judge show GAME [--json]`: the game as its master sees it,
 * for people and for tools (the JSON shape is part of the command-line
 * contract in DESIGN.md).
 */
#include <stdio.h>
#include <string.h>

#include "judge/commands.h"
#include "judge/db.h"
#include "judge/store.h"

static void json_str(struct strbuf *out, const char *s)
{
	strbuf_addch(out, '"');
	for (; s && *s; s++) {
		unsigned char ch = (unsigned char)*s;
		if (ch == '"' || ch == '\\')
			strbuf_addf(out, "\\%c", ch);
		else if (ch == '\n')
			strbuf_addstr(out, "\\n");
		else if (ch < 0x20)
			strbuf_addf(out, "\\u%04x", ch);
		else
			strbuf_addch(out, (char)ch);
	}
	strbuf_addch(out, '"');
}

int cmd_show(struct judge *j, int argc, char **argv)
{
	struct config c;
	sqlite3 *db;
	struct game g;
	char when[64];
	int json = argc == 3 && !strcmp(argv[2], "--json");
	struct strbuf out = STRBUF_INIT, phase = STRBUF_INIT;
	sqlite3_stmt *st;

	if (argc < 2 || argc > 3 || (argc == 3 && !json)) {
		fprintf(stderr, "usage: judge show GAME [--json]\n");
		return 2;
	}
	if (judge_open_game(j, argv[1], &c, &db, &g))
		return 1;
	if (g.state && *g.state)
		g.v->ops->phase_name(g.v, g.state, &phase);
	format_time(g.deadline, when, sizeof when);
	st = db_prepare(db, "SELECT power, text FROM orders WHERE game = ? AND phase_no = ? ORDER BY power");
	sqlite3_bind_text(st, 1, g.name, -1, SQLITE_TRANSIENT);
	sqlite3_bind_int(st, 2, g.phase_no);
	if (json) {
		strbuf_addstr(&out, "{\"game\":");
		json_str(&out, g.name);
		strbuf_addstr(&out, ",\"variant\":");
		json_str(&out, g.v->name);
		strbuf_addstr(&out, ",\"status\":");
		json_str(&out, g.status);
		strbuf_addstr(&out, ",\"phase\":");
		json_str(&out, phase.buf);
		strbuf_addf(&out, ",\"deadline\":%lld,", g.deadline);
		if (g.state && *g.state)
			g.v->ops->status_json(g.v, g.state, &out);
		else
			strbuf_addstr(&out, "\"units\":[],\"centres\":{}");
		strbuf_addstr(&out, ",\"orders\":[");
		int n = 0;
		while (sqlite3_step(st) == SQLITE_ROW) {
			const char *t = (const char *)sqlite3_column_text(st, 1);
			int power = sqlite3_column_int(st, 0);
			while (*t) {
				size_t len = strcspn(t, "\n");
				char line[256];
				snprintf(line, sizeof line, "%.*s", (int)len, t);
				if (len) {
					strbuf_addstr(&out, n++ ? ",{\"power\":" : "{\"power\":");
					json_str(&out, g.v->power[power].name);
					strbuf_addstr(&out, ",\"order\":");
					json_str(&out, line);
					strbuf_addch(&out, '}');
				}
				t += len + (t[len] == '\n');
			}
		}
		strbuf_addstr(&out, "]}\n");
	} else {
		strbuf_addf(&out, "Game %s (%s), %s. Master %s.\n", g.name, g.v->name, g.status, g.master_email);
		if (g.result)
			strbuf_addf(&out, "Result: %s\n", g.result);
		if (!strcmp(g.status, "paused"))   /* deadline holds the time left */
			strbuf_addf(&out, "Deadline: paused, %lld hours left\n", g.deadline / 3600);
		else if (g.state && *g.state && strcmp(g.status, "finished"))
			strbuf_addf(&out, "Deadline: %s\n", when);
		if (g.state && *g.state) {
			g.v->ops->status(g.v, g.state, &out);
		}
		strbuf_addstr(&out, "Orders received:\n");
		while (sqlite3_step(st) == SQLITE_ROW)
			strbuf_addf(&out, "%s:\n%s", g.v->power[sqlite3_column_int(st, 0)].name,
			            sqlite3_column_text(st, 1));
	}
	sqlite3_finalize(st);
	fputs(out.buf, stdout);
	strbuf_release(&out);
	strbuf_release(&phase);
	game_free(&g);
	db_close(db);
	return 0;
}
