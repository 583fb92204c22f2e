/*
 * summary.c - SUMMARY [game]: the position now and the phases played.
 *
 * The position is the variant's public status (variant_status), the one
 * text every family writes for everyone, so SUMMARY shows no secret of
 * any family (the diceless hands) and needs no code per family.  Results
 * a ROLLBACK withdrew are listed apart, so the record shows them.
 *
 * Then, as njudge's SUMMARY gives them, the history of the figures the
 * family is won by (centres in Diplomacy; areas and counters, bellicosity
 * and treasuries elsewhere: the family's score op, read from the stored
 * states) and who played each power from when to when: the very tables
 * of the last mail (endgame.h), so the two never disagree.
 *
 * SUMMARY has no argument but the game, so a word that names no game is
 * answered so rather than taken for the sender's own game (HISTORY's
 * first word may be its count, and falls back on purpose).
 */
#include <stdio.h>

#include "judge/db.h"
#include "judge/endgame.h"
#include "judge/mailcmd.h"

void mailcmd_summary(struct session *s, const char *args)
{
	struct game g;
	sqlite3_stmt *st;
	char name[64];

	if (sscanf(args, "%63s", name) == 1 ? session_load_game(s, name, &g) :
	    session_game_arg(s, args, &g, NULL))
		return;
	reply(s, "Game %s (%s), %s.\n", g.name, g.v->name, status_name(g.status));
	if (g.result)
		reply(s, "Result: %s\n", g.result);
	if (g.vs.pos && !reply_full(s))
		variant_status(&g.vs, &s->reply);
	st = db_prepare(s->db, "SELECT phase_no, phase_name, adjudicated FROM history WHERE game = ? ORDER BY phase_no");
	sqlite3_bind_text(st, 1, g.name, -1, SQLITE_TRANSIENT);
	reply(s, "\nPhases played:\n");
	while (sqlite3_step(st) == SQLITE_ROW) {
		char when[64];
		format_time(sqlite3_column_int64(st, 2), when, sizeof when);
		reply(s, "  %3d  %-32s %s\n", sqlite3_column_int(st, 0), sqlite3_column_text(st, 1), when);
	}
	sqlite3_finalize(st);
	/* the results a ROLLBACK withdrew stay on record, marked */
	st = db_prepare(s->db, "SELECT phase_no, phase_name, superseded FROM history_superseded"
	                       " WHERE game = ? ORDER BY superseded, phase_no");
	sqlite3_bind_text(st, 1, g.name, -1, SQLITE_TRANSIENT);
	for (int k = 0; sqlite3_step(st) == SQLITE_ROW; k++) {
		char when[64];
		format_time(sqlite3_column_int64(st, 2), when, sizeof when);
		reply(s, "%s  %3d  %-32s %s\n", k ? "" : "\nResults withdrawn by ROLLBACK (when):\n",
		      sqlite3_column_int(st, 0), sqlite3_column_text(st, 1), when);
	}
	sqlite3_finalize(st);
	if (g.status != GS_FORMING && !reply_full(s)) {
		struct strbuf record = STRBUF_INIT;
		endgame_record(s->db, &g, &record);
		reply(s, "%s", record.buf);
		strbuf_release(&record);
	}
	game_free(&g);
}
