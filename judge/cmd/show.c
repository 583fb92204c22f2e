/*
 * show.c - `judge show GAME [--json]`: the game as its master sees it,
 * for people and for tools (the JSON shape is part of the command-line
 * contract in ../shared/DESIGN.md, outside this repository).
 */
#include <stdio.h>
#include <string.h>

#include "base/json.h"
#include "judge/cmd/commands.h"
#include "judge/db.h"
#include "judge/store.h"

/* The name of power, or, for an order row of a power the game has not
 * (a damaged row: the results say so, variants/dip_variant.c), a text
 * saying that, rather than a read beyond the powers. */
static const char *power_name(const struct variant *v, int power, char *buf, size_t size)
{
	if (power >= 0 && power < v->npowers)
		return v->power[power].name;
	snprintf(buf, size, "no power %d of the game", power);
	return buf;
}

int cmd_show(struct judge *j, int argc, char **argv)
{
	sqlite3 *db = j->db;
	struct game *g = &j->game;
	char when[64], unknown[48];
	int json = argc == 3 && !strcmp(argv[2], "--json");
	struct strbuf out = STRBUF_INIT;
	const char *phase = g->vs.pos ? g->vs.phase.name : "";
	sqlite3_stmt *st;
	int rc;

	if (argc < 2 || argc > 3 || (argc == 3 && !json)) {
		fprintf(stderr, "usage: judge show GAME [--json]\n");
		return 2;
	}
	format_time(g->deadline, when, sizeof when);
	st = db_prepare(db, "SELECT power, text FROM orders WHERE game = ? AND phase_no = ? ORDER BY power");
	sqlite3_bind_text(st, 1, g->name, -1, SQLITE_TRANSIENT);
	sqlite3_bind_int(st, 2, g->phase_no);
	if (json) {
		struct json j;
		json_init(&j, &out);
		json_object(&j);
		json_kstring(&j, "game", g->name);
		json_kstring(&j, "variant", g->v->name);
		json_kstring(&j, "status", status_name(g->status));
		json_kstring(&j, "phase", phase);
		json_kint(&j, "deadline", g->deadline);
		if (g->vs.pos) {
			variant_status_json(&g->vs, &j);
		} else {
			/* a game not started has a position of no family yet */
			json_key(&j, "units");
			json_array(&j);
			json_array_end(&j);
			json_key(&j, "centres");
			json_object(&j);
			json_object_end(&j);
		}
		json_key(&j, "orders");
		json_array(&j);
		while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
			const char *t = (const char *)sqlite3_column_text(st, 1), *l;
			int power = sqlite3_column_int(st, 0);
			size_t len;
			while (str_next_line(&t, &l, &len)) {
				char line[256];
				snprintf(line, sizeof line, "%.*s", (int)len, l);
				json_object(&j);
				json_kstring(&j, "power", power_name(g->v, power, unknown, sizeof unknown));
				json_kstring(&j, "order", line);
				json_object_end(&j);
			}
		}
		json_array_end(&j);
		json_object_end(&j);
		strbuf_addch(&out, '\n');
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
		while ((rc = sqlite3_step(st)) == SQLITE_ROW)
			strbuf_addf(&out, "%s:\n%s", power_name(g->v, sqlite3_column_int(st, 0), unknown, sizeof unknown),
			            sqlite3_column_text(st, 1));
	}
	if (rc != SQLITE_DONE)
		db_die(db, "the orders received");
	sqlite3_finalize(st);
	fputs(out.buf, stdout);
	strbuf_release(&out);
	return 0;
}
