/*
 * outbox_state.c - the outbox's states and moves (outbox_state.h has the
 * diagram): a table of the moves allowed, and the statements that make
 * them, each binding the state's name so that no other file spells one.
 */
#include <assert.h>

#include "judge/db.h"
#include "judge/outbox_state.h"
#include "base/strbuf.h"

static const char *const names[OB_NSTATUS] = {
	[OB_QUEUED] = "queued",
	[OB_SENDING] = "sending",
	[OB_SENT] = "sent",
	[OB_FAILED] = "failed",
	[OB_UNCERTAIN] = "uncertain",
};

/* allowed[from] is the set of states a message may move to from there. */
#define TO(s) (1u << (s))
static const unsigned allowed[OB_NSTATUS] = {
	[OB_QUEUED] = TO(OB_SENDING),
	[OB_SENDING] = TO(OB_SENT) | TO(OB_FAILED) | TO(OB_UNCERTAIN) | TO(OB_QUEUED),
	[OB_SENT] = 0,
	[OB_FAILED] = 0,
	[OB_UNCERTAIN] = TO(OB_SENT) | TO(OB_QUEUED),
};

const char *outbox_status_name(enum outbox_status s)
{
	assert(s < OB_NSTATUS);
	return names[s];
}

int outbox_may_move(enum outbox_status from, enum outbox_status to)
{
	assert(from < OB_NSTATUS && to < OB_NSTATUS);
	return (allowed[from] & TO(to)) != 0;
}

int outbox_claim(sqlite3 *db, long long id, long long now)
{
	assert(outbox_may_move(OB_QUEUED, OB_SENDING));
	/* only a message still queued can be taken */
	db_run(db, "UPDATE outbox SET status = ?1, attempts = attempts + 1, claimed = ?2"
	       " WHERE id = ?3 AND status = ?4", "tiit", names[OB_SENDING], now, id, names[OB_QUEUED]);
	return sqlite3_changes(db) == 1 ? 0 : OUTBOX_TAKEN;
}

void outbox_move(sqlite3 *db, long long id, enum outbox_status from, enum outbox_status to,
                 const char *why)
{
	assert(outbox_may_move(from, to));
	db_run(db, "UPDATE outbox SET status = ?, last_error = ? WHERE id = ?", "tti", names[to], why, id);
}

void outbox_defer(sqlite3 *db, long long id, long long next_try, const char *why)
{
	assert(outbox_may_move(OB_SENDING, OB_QUEUED));
	db_run(db, "UPDATE outbox SET status = ?, next_try = ?, last_error = ? WHERE id = ?", "titi",
	       names[OB_QUEUED], next_try, why, id);
}

int outbox_mark_sent(sqlite3 *db, long long id)
{
	sqlite3_stmt *st = db_stmt(db, "UPDATE outbox SET status = ?, last_error = NULL WHERE id = ?");
	int rc;

	assert(outbox_may_move(OB_SENDING, OB_SENT));
	sqlite3_bind_text(st, 1, names[OB_SENT], -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 2, id);
	rc = sqlite3_step(st);
	if (rc != SQLITE_DONE)
		fail("%s", sqlite3_errmsg(db));
	db_release(db, st);
	return rc == SQLITE_DONE ? 0 : -1;
}

int outbox_sent_noted(sqlite3 *db, const char *message_id)
{
	assert(outbox_may_move(OB_SENDING, OB_SENT) && outbox_may_move(OB_UNCERTAIN, OB_SENT));
	db_run(db, "UPDATE outbox SET status = ?1, last_error = NULL WHERE message_id = ?2"
	       " AND status IN (?3, ?4)", "tttt", names[OB_SENT], message_id, names[OB_SENDING],
	       names[OB_UNCERTAIN]);
	return sqlite3_changes(db) > 0;
}

int outbox_stale(sqlite3 *db, long long before, int mark, struct strbuf *out)
{
	sqlite3_stmt *st = db_stmt(db, "SELECT message_id, rcpt FROM outbox WHERE status = ?"
	                           " AND (claimed IS NULL OR claimed < ?)");
	int n = 0;

	sqlite3_bind_text(st, 1, names[OB_SENDING], -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 2, before);
	while (sqlite3_step(st) == SQLITE_ROW) {
		if (out)
			strbuf_addf(out, "  %s to %s\n", sqlite3_column_text(st, 0), sqlite3_column_text(st, 1));
		n++;
	}
	db_release(db, st);
	if (n && mark) {
		assert(outbox_may_move(OB_SENDING, OB_UNCERTAIN));
		db_run(db, "UPDATE outbox SET status = ?1 WHERE status = ?2 AND (claimed IS NULL OR claimed < ?3)",
		       "tti", names[OB_UNCERTAIN], names[OB_SENDING], before);
	}
	return n;
}
