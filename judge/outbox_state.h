/*
 * outbox_state.h - the states of a queued mail and the moves between them.
 *
 * Owns: the one place an outbox row changes status, as lifecycle.h is for
 * a game.  Each move is checked against the diagram (an assert: a move it
 * lacks is the program's bug), and the database stores the state's name,
 * the same text it always held (outbox.status's CHECK lists them).
 *
 *            claim               handed over
 *   queued ---------> sending -----------------> sent
 *     ^  ^              |  |  \
 *     |  +--------------+  |   +--> failed      (refused for good, or
 *     |  temporary failure |                     too many attempts)
 *     |                    v
 *     +---------------- uncertain ----------> sent
 *      the admin, by      (the transport      (the journal vouches
 *      hand, after the    may have it; or a    for it: send.c)
 *      mail log           claim nobody holds)
 *
 * sent and failed are final.  uncertain goes back to queued only by the
 * admin's own UPDATE, which the notice of it spells out.
 */
#ifndef OUTBOX_STATE_H
#define OUTBOX_STATE_H

#include <sqlite3.h>

#include "base/error.h"

struct strbuf;

enum outbox_status {
	OB_QUEUED,                /* waiting for its next_try */
	OB_SENDING,               /* claimed by a sender, being handed over */
	OB_SENT,                  /* the transport took it */
	OB_FAILED,                /* given up on; kept for the admin */
	OB_UNCERTAIN,             /* nobody knows whether it left: never resent */
	OB_NSTATUS
};

/* "queued" ...: the text outbox.status holds. */
const char *outbox_status_name(enum outbox_status s);

/* 1 if the diagram has the move from -> to, else 0. */
int outbox_may_move(enum outbox_status from, enum outbox_status to);

/* outbox_claim's answer when another sender took the message first. */
#define OUTBOX_TAKEN 1

/* Claim message id for sending at time now: queued -> sending, counting
 * the attempt.  Returns 0, or OUTBOX_TAKEN if it was no longer queued. */
MUST_CHECK int outbox_claim(sqlite3 *db, long long id, long long now);

/* Move message id from from (its state, as the caller knows it) to to,
 * with why as its last_error (NULL clears it).  The database failing
 * dies (db_die): the caller holds no state of its own to lose. */
void outbox_move(sqlite3 *db, long long id, enum outbox_status from, enum outbox_status to,
                 const char *why);

/* sending -> queued, to be tried again at next_try, for why. */
void outbox_defer(sqlite3 *db, long long id, long long next_try, const char *why);

/* sending -> sent, without dying: the transport has the message, and the
 * caller has a journal to fall back on.  Returns 0, or -1 after fail()
 * with SQLite's reason. */
MUST_CHECK int outbox_mark_sent(sqlite3 *db, long long id);

/* The message message_id, sending or uncertain, that the journal says the
 * transport took: -> sent.  Returns 1 if there was one, else 0. */
int outbox_sent_noted(sqlite3 *db, const char *message_id);

/* Each message still sending whose claim is older than before (or has
 * no time), one "  <Message-ID> to <rcpt>" line each, appended to out;
 * with mark, they become uncertain.  Returns how many. */
int outbox_stale(sqlite3 *db, long long before, int mark, struct strbuf *out);

#endif
