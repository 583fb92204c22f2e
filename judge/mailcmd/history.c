/*
 * history.c - HISTORY [game] [n]: the results of the last n phases, or all.
 *
 * It sends the reports exactly as they were mailed when each phase was
 * adjudicated (the history table keeps them), not a fresh rendering, so a
 * player sees what everyone saw then, whatever the code does now.  The
 * broadcasts stand among them, as njudge's HISTORY has them: each phase's
 * before its results, the phase under way's last, as their readers read
 * them (press.c keeps them so: a grey one without its sender).  The
 * master's commands follow (masterlog.h): the game's history is also
 * what its master did to it.
 */
#include <stdio.h>
#include <limits.h>
#include <stdlib.h>

#include "judge/db.h"
#include "judge/mailcmd.h"
#include "judge/masterlog.h"

#define SEPARATOR "\n----------------------------------------\n\n"

/* Where a logged line's secret starts, by the commands of the session
 * (arg), for the master's log, which knows none. */
static long secret_at(const char *line, const void *arg)
{
	return mailcmd_secret_at(arg, line);
}

/* The broadcasts sent while phases from..to were open, oldest first;
 * returns how many. */
static int broadcasts(struct session *s, const struct game *g, long from, long to, int shown)
{
	sqlite3_stmt *st = db_prepare(s->db, "SELECT sent, phase_name, signer, text FROM broadcasts"
	                                     " WHERE game = ? AND phase_no BETWEEN ? AND ? ORDER BY id");
	int n = 0;

	sqlite3_bind_text(st, 1, g->name, -1, SQLITE_TRANSIENT);
	sqlite3_bind_int64(st, 2, from);
	sqlite3_bind_int64(st, 3, to);
	while (sqlite3_step(st) == SQLITE_ROW) {
		char when[64];
		const char *signer = (const char *)sqlite3_column_text(st, 2);
		const char *phase = (const char *)sqlite3_column_text(st, 1);
		format_time(sqlite3_column_int64(st, 0), when, sizeof when);
		reply(s, "%sBroadcast %s%s, %s%s\n%s\n\n%s", shown + n++ ? SEPARATOR : "",
		      signer ? "from " : "(grey: unsigned)", signer ? signer : "",
		      phase[0] ? "during " : "", phase[0] ? phase : "before the start", when,
		      (const char *)sqlite3_column_text(st, 3));
	}
	sqlite3_finalize(st);
	return n;
}

void mailcmd_history(struct session *s, const char *args)
{
	struct game g;
	const char *rest;
	long n = 1000000, first, last = -1;
	sqlite3_stmt *st;
	int shown = 0, results = 0;

	if (session_game_arg(s, args, &g, &rest))
		return;
	if (sscanf(rest, "%ld", &n) == 1 && n < 1)
		n = 1;
	first = (long)db_int(s->db, "SELECT min(phase_no) FROM history WHERE game = ?", "t", 0, g.name);
	st = db_prepare(s->db, "SELECT phase_no, report FROM (SELECT phase_no, report FROM history"
	                       " WHERE game = ? ORDER BY phase_no DESC LIMIT ?) ORDER BY phase_no");
	sqlite3_bind_text(st, 1, g.name, -1, SQLITE_TRANSIENT);
	sqlite3_bind_int64(st, 2, n);
	while (sqlite3_step(st) == SQLITE_ROW) {
		long phase = sqlite3_column_int(st, 0);
		/* the game's first phase takes those sent before the start */
		shown += broadcasts(s, &g, results ? last + 1 : phase == first ? 0 : phase, phase, shown);
		reply(s, "%s%s", shown++ ? SEPARATOR : "", sqlite3_column_text(st, 1));
		last = phase;
		results++;
	}
	sqlite3_finalize(st);
	if (!results)
		reply(s, "No phase of %s has been played yet.\n", g.name);
	broadcasts(s, &g, results ? last + 1 : 0, LONG_MAX, shown);
	masterlog_show(s, &g, secret_at, s->commands);
	game_free(&g);
}
