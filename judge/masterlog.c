/*
 * masterlog.c - the master's log (see masterlog.h).  One row a line, in
 * the mail's transaction, so a command undone with its mail leaves no
 * entry and a command carried out always has one.
 */
#include <stdio.h>
#include <strings.h>

#include "judge/db.h"
#include "judge/masterlog.h"

void masterlog_add(struct session *s, const char *line)
{
	char kept[512], w1[16] = "", w2[16] = "";

	/* SET PASSWORD <secret>: the command is logged, the secret not */
	sscanf(line, "%15s %15s", w1, w2);
	if (!strcasecmp(w1, "SET") && !strcasecmp(w2, "PASSWORD"))
		snprintf(kept, sizeof kept, "SET PASSWORD (not shown)");
	else if (s->became)
		snprintf(kept, sizeof kept, "(as %s) %s", seat_name(&s->game, s->seat), line);
	else
		snprintf(kept, sizeof kept, "%s", line);
	db_run(s->db, "INSERT INTO master_log (game, phase_no, at, line) VALUES (?, ?, ?, ?)", "tiit",
	       s->game.name, (long long)s->game.phase_no, s->now, kept);
}

void masterlog_show(struct session *s, const char *game)
{
	sqlite3_stmt *st = db_prepare(s->db, "SELECT at, phase_no, line FROM master_log"
	                                     " WHERE game = ? ORDER BY id");
	int k = 0;

	sqlite3_bind_text(st, 1, game, -1, SQLITE_TRANSIENT);
	while (sqlite3_step(st) == SQLITE_ROW) {
		char when[64];
		format_time(sqlite3_column_int64(st, 0), when, sizeof when);
		if (!k++)
			reply(s, "\n----------------------------------------\n\n"
			      "The master's commands (phase number, time, command):\n");
		reply(s, "  %3d  %s\n       %.66s\n", sqlite3_column_int(st, 1), when,
		      (const char *)sqlite3_column_text(st, 2));
	}
	sqlite3_finalize(st);
}
