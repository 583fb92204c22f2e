/*
 * list.c - LIST: every game in one line each, or one game in detail.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "judge/db.h"
#include "judge/mailcmd.h"
#include "judge/phase.h"

static void list_one(struct session *s, const char *name)
{
	struct game g;
	char err[200], when[64], key[GAME_NAME_MAX + 1];
	struct player *p;
	int n;

	if (!game_name_ok(name, key) || game_load(s->db, key, &g, err, sizeof err)) {
		reply(s, "There is no game '%s'.\n", name);
		return;
	}
	reply(s, "Game %s: %s, %s. Master: %s. Press: %s.\n", g.name, g.v->name, g.status,
	      g.master_email, g.press);
	if (!strcmp(g.status, "forming")) {
		n = (int)db_int(s->db, "SELECT count(*) FROM players WHERE game = ?", "t", 0, g.name);
		reply(s, "%d of %d players have joined. SIGNON ?%s <password> to join.\n",
		      n, g.v->npowers, g.name);
	} else {
		if (!strcmp(g.status, "active") || !strcmp(g.status, "paused")) {
			format_time(g.deadline, when, sizeof when);
			if (!strcmp(g.status, "paused"))   /* deadline holds the time left */
				reply(s, "Deadline: paused, %lld hours left\n", g.deadline / 3600);
			else
				reply(s, "Deadline: %s\n", when);
			unsigned missing = phase_missing(s->db, &g);
			n = players_load(s->db, g.name, &p);
			int k = 0;
			reply(s, "Orders in: ");
			for (int i = 0; i < n; i++)
				if (p[i].power >= 0 && !(missing & (1u << p[i].power)))
					reply(s, "%s%s", k++ ? ", " : "", g.v->power[p[i].power].name);
			reply(s, "%s\n", k ? "" : "none yet");
			free(p);
		}
		if (g.result)
			reply(s, "Result: %s\n", g.result);
		g.v->ops->status(g.v, g.state, &s->reply);
	}
	game_free(&g);
}

MAILCMD(list)
{
	char name[64];
	sqlite3_stmt *st;
	int n = 0;

	if (sscanf(args, "%63s", name) == 1) {
		list_one(s, name);
		return;
	}
	st = db_prepare(s->db, "SELECT name, variant, status FROM games ORDER BY name");
	while (sqlite3_step(st) == SQLITE_ROW) {
		if (!n++)
			reply(s, "%-24s %-12s %s\n", "Game", "Variant", "Status");
		reply(s, "%-24s %-12s %s\n", sqlite3_column_text(st, 0), sqlite3_column_text(st, 1),
		      sqlite3_column_text(st, 2));
	}
	sqlite3_finalize(st);
	if (!n)
		reply(s, "There are no games yet. CREATE ?<name> <password> [variant] starts one.\n");
}
