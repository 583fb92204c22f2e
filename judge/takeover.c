/*
 * takeover.c - the records of vacant seats and the requests to take them
 * over (see takeover.h).
 *
 * Apart from the mail commands (SIGNON's request, TAKEOVER's approval in
 * judge/mailcmd/) because the deadline path needs them too: a ROLLBACK
 * that gives an abandoned seat back to its player withdraws the requests
 * for it (lateness.c), and that must not reach into a mail command.
 */
#include <assert.h>
#include <stdio.h>

#include "judge/db.h"
#include "judge/outbox.h"
#include "judge/takeover.h"

int takeover_vacant(sqlite3 *db, const struct game *g, int seat)
{
	return !db_int(db, "SELECT 1 FROM players WHERE game = ? AND seat = ? AND resigned = 0",
	               "ti", 0, g->name, (long long)seat);
}

void takeover_withdraw(sqlite3 *db, const struct config *c, const struct game *g, int seat,
                       long long now)
{
	assert(seat >= 0 && seat < g->v->npowers);
	sqlite3_stmt *st = db_prepare(db, "SELECT email FROM takeovers WHERE game = ? AND seat = ?"
	                              " ORDER BY rowid");
	char subject[128];

	snprintf(subject, sizeof subject, "Game %s: %s has its player back", g->name,
	         g->v->power[seat].name);
	sqlite3_bind_text(st, 1, g->name, -1, SQLITE_TRANSIENT);
	sqlite3_bind_int(st, 2, seat);
	while (sqlite3_step(st) == SQLITE_ROW) {
		struct strbuf text = STRBUF_INIT;
		strbuf_addf(&text, "In game %s, you asked to take over %s, which had no player.\n"
		            "The master has rolled back the phase that left it without one, and its\n"
		            "player is back, so your request is withdrawn.\n", g->name,
		            g->v->power[seat].name);
		outbox_queue(db, c, now, (const char *)sqlite3_column_text(st, 0), subject, text.buf,
		             NULL);
		strbuf_release(&text);
	}
	sqlite3_finalize(st);
	db_run(db, "DELETE FROM takeovers WHERE game = ? AND seat = ?", "ti", g->name, (long long)seat);
}
