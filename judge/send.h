/*
 * send.h - handing the outbox to the transport (send.c says how), for
 * `judge flush` and for delivery at once after a commit.  What a queued
 * mail is and how its state moves is the outbox's (outbox.h,
 * outbox_state.h); this module only takes the lock, hands messages over
 * and records what the hand-over did.
 */
#ifndef SEND_H
#define SEND_H

#include <sqlite3.h>

#include "base/error.h"
#include "judge/config.h"

/* send_lock's answer when another process holds the lock. */
#define SEND_LOCK_BUSY 1

/* Take the lock that makes this process the one flush of the database
 * at path, for the rest of its life.  Returns 0, SEND_LOCK_BUSY if
 * another holds it, or -1 after fail() if its file cannot be opened
 * (then nothing may be sent). */
MUST_CHECK int send_lock(const char *path);

/* With the lock, before sending: record as sent what the journal says
 * the transport took (send.c), mark the claims older than
 * deliver_timeout, which no live sender holds, as uncertain and queue the
 * admin's notice of them, in one transaction.
 * Returns 0, or -1 after fail() if the database cannot record that: then
 * nothing may be sent. */
MUST_CHECK int send_recover(sqlite3 *db, const struct config *c, long long now);

/* With the lock: deliver the queued mail due by now through backend
 * (sendmail, smtp, maildir) and arg, until none is left (what sending
 * queues included), each hand-over ended after timeout seconds; a
 * transport that hangs is ended, its message deferred (or marked
 * uncertain if the transport had it whole, the admin told), and the rest
 * left for a later run.  now, the command's clock read once at its start,
 * is also the time of each claim.  Returns how many were sent, or -1
 * after fail() if the backend or the journal cannot be opened, or a
 * message the transport took cannot be recorded (sending stops there). */
MUST_CHECK int send_due(sqlite3 *db, const struct config *c, const char *backend, const char *arg,
                        long long now, int timeout);

/* The same, waiting for the lock: not at all if wait is 0, at most wait
 * seconds if it is more (asleep in the kernel, writelock_wait), until a
 * signal cuts it short if it is less; SEND_LOCK_BUSY when it was not
 * had. */
MUST_CHECK int send_lock_wait(const char *path, int wait);

/* After a commit: deliver what is queued and due (what this run queued,
 * and whatever else waits), through the config's backend, unless
 * deliver_at_once is off.  Waits for a sender running before; stops
 * within deliver_timeout seconds (ending the process if a hand-over
 * hangs), leaving the rest to flush, which a line on stderr says. */
void send_now(sqlite3 *db, const struct config *c, long long now);

/* The same for the messages this process queued (outbox_mine) only, and
 * without the sender's lock: each is claimed, so no other sender hands it
 * over too; what else waits is flush's.  For `receive`, of which many
 * run at once. */
void send_own_now(sqlite3 *db, const struct config *c, long long now);

#endif
