/*
 * show.c - `judge show GAME [--json]`: the game as its master sees it,
 * for people and for tools (the JSON shape is part of the command-line
 * contract in ../shared/DESIGN.md, outside this repository).
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
	sqlite3 *db = j->db;
	struct game *g = &j->game;
	char when[64];
	int json = argc == 3 && !strcmp(argv[2], "--json");
	struct strbuf out = STRBUF_INIT;
	const char *phase = g->vs.pos ? g->vs.phase.name : "";
	sqlite3_stmt *st;

	if (argc < 2 || argc > 3 || (argc == 3 && !json)) {
		fprintf(stderr, "usage: judge show GAME [--json]\n");
		return 2;
	}
	format_time(g->deadline, when, sizeof when);
	st = db_prepare(db, "SELECT power, text FROM orders WHERE game = ? AND phase_no = ? ORDER BY power");
	sqlite3_bind_text(st, 1, g->name, -1, SQLITE_TRANSIENT);
	sqlite3_bind_int(st, 2, g->phase_no);
	if (json) {
		strbuf_addstr(&out, "{\"game\":");
		json_str(&out, g->name);
		strbuf_addstr(&out, ",\"variant\":");
		json_str(&out, g->v->name);
		strbuf_addstr(&out, ",\"status\":");
		json_str(&out, status_name(g->status));
		strbuf_addstr(&out, ",\"phase\":");
		json_str(&out, phase);
		strbuf_addf(&out, ",\"deadline\":%lld,", g->deadline);
		if (g->vs.pos)
			variant_status_json(&g->vs, &out);
		else
			strbuf_addstr(&out, "\"units\":[],\"centres\":{}");
		strbuf_addstr(&out, ",\"orders\":[");
		int n = 0;
		while (sqlite3_step(st) == SQLITE_ROW) {
			const char *t = (const char *)sqlite3_column_text(st, 1), *l;
			int power = sqlite3_column_int(st, 0);
			size_t len;
			while (str_next_line(&t, &l, &len)) {
				char line[256];
				snprintf(line, sizeof line, "%.*s", (int)len, l);
				strbuf_addstr(&out, n++ ? ",{\"power\":" : "{\"power\":");
				json_str(&out, g->v->power[power].name);
				strbuf_addstr(&out, ",\"order\":");
				json_str(&out, line);
				strbuf_addch(&out, '}');
			}
		}
		strbuf_addstr(&out, "]}\n");
	} else {
		strbuf_addf(&out, "Game %s (%s), %s. Master %s.\n", g->name, g->v->name,
		            status_name(g->status), g->master_email);
		if (g->result)
			strbuf_addf(&out, "Result: %s\n", g->result);
		if (g->fault)
			strbuf_addf(&out, "Fault: %s\n", g->fault);
		if (g->status == GS_PAUSED || g->status == GS_SUSPENDED)
			strbuf_addf(&out, "Deadline: %s, %lld hours left\n", status_name(g->status),
			            g->paused_left / 3600);
		else if (g->vs.pos && g->status == GS_ACTIVE)
			strbuf_addf(&out, "Deadline: %s\n", when);
		if (g->vs.pos) {
			strbuf_addf(&out, "Phase kind: %s\n", g->vs.phase.kind);
			variant_status(&g->vs, &out);
		}
		strbuf_addstr(&out, "Orders received:\n");
		while (sqlite3_step(st) == SQLITE_ROW)
			strbuf_addf(&out, "%s:\n%s", g->v->power[sqlite3_column_int(st, 0)].name,
			            sqlite3_column_text(st, 1));
	}
	sqlite3_finalize(st);
	fputs(out.buf, stdout);
	strbuf_release(&out);
	return 0;
}
