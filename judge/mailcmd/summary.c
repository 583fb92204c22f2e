/*
 * summary.c - SUMMARY [game]: the position now and the phases played.
 */
#include <stdio.h>

#include "judge/db.h"
#include "judge/mailcmd.h"

int mailcmd_game_arg(struct session *s, const char *args, struct game *g, const char **rest)
{
	char name[64], key[GAME_NAME_MAX + 1], err[200];
	int used = 0;

	if (sscanf(args, "%63s%n", name, &used) == 1 && game_name_ok(name, key) &&
	    game_load(s->db, key, g, err, sizeof err) == 0) {
		if (rest)
			*rest = args + used;
		return 0;
	}
	if (s->signed_on) {
		if (game_load(s->db, s->game.name, g, err, sizeof err) == 0) {
			if (rest)
				*rest = args;
			return 0;
		}
	}
	reply(s, "Which game? Name one, or SIGNON first.\n");
	return -1;
}

MAILCMD(summary)
{
	struct game g;
	sqlite3_stmt *st;

	if (mailcmd_game_arg(s, args, &g, NULL))
		return;
	reply(s, "Game %s (%s), %s.\n", g.name, g.v->name, g.status);
	if (g.result)
		reply(s, "Result: %s\n", g.result);
	if (g.state && *g.state)
		g.v->ops->status(g.v, g.state, &s->reply);
	st = db_prepare(s->db, "SELECT phase_no, phase_name, adjudicated FROM history WHERE game = ? ORDER BY phase_no");
	sqlite3_bind_text(st, 1, g.name, -1, SQLITE_TRANSIENT);
	reply(s, "\nPhases played:\n");
	while (sqlite3_step(st) == SQLITE_ROW) {
		char when[64];
		format_time(sqlite3_column_int64(st, 2), when, sizeof when);
		reply(s, "  %3d  %-32s %s\n", sqlite3_column_int(st, 0), sqlite3_column_text(st, 1), when);
	}
	sqlite3_finalize(st);
	game_free(&g);
}
