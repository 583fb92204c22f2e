/*
 * history.c - HISTORY [game] [n]: the results of the last n phases, or all.
 *
 * It sends the reports exactly as they were mailed when each phase was
 * adjudicated (the history table keeps them), not a fresh rendering, so a
 * player sees what everyone saw then, whatever the code does now.  The
 * master's commands follow (masterlog.h): the game's history is also
 * what its master did to it.
 */
#include <stdio.h>
#include <stdlib.h>

#include "judge/db.h"
#include "judge/mailcmd.h"
#include "judge/masterlog.h"

/* Where a logged line's secret starts, by the commands of the session
 * (arg), for the master's log, which knows none. */
static long secret_at(const char *line, const void *arg)
{
	return mailcmd_secret_at(arg, line);
}

void mailcmd_history(struct session *s, const char *args)
{
	struct game g;
	const char *rest;
	long n = 1000000;
	sqlite3_stmt *st;
	int shown = 0;

	if (session_game_arg(s, args, &g, &rest))
		return;
	if (sscanf(rest, "%ld", &n) == 1 && n < 1)
		n = 1;
	st = db_prepare(s->db, "SELECT report FROM (SELECT phase_no, report FROM history WHERE game = ?"
	                       " ORDER BY phase_no DESC LIMIT ?) ORDER BY phase_no");
	sqlite3_bind_text(st, 1, g.name, -1, SQLITE_TRANSIENT);
	sqlite3_bind_int64(st, 2, n);
	while (sqlite3_step(st) == SQLITE_ROW) {
		reply(s, "%s%s", shown++ ? "\n----------------------------------------\n\n" : "",
		      sqlite3_column_text(st, 0));
	}
	sqlite3_finalize(st);
	if (!shown)
		reply(s, "No phase of %s has been played yet.\n", g.name);
	masterlog_show(s, &g, secret_at, s->commands);
	game_free(&g);
}
