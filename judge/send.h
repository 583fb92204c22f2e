/*
 * send.h - handing the outbox to the transport (send.c says how), for
 * `judge flush` and for delivery at once after a commit.
 */
#ifndef SEND_H
#define SEND_H

#include <sqlite3.h>

#include "judge/config.h"

/* Take the lock that makes this process the one sender of the database
 * at path, for the rest of its life.  Returns 0, -1 if another holds it,
 * or -2 after fail() if its file cannot be opened (then nothing may be
 * sent). */
int outbox_lock(const char *path);

/* The same, waiting for the lock if wait (until a signal cuts it short). */
int outbox_lock_wait(const char *path, int wait);

/* With the lock, before sending: record as sent what the journal says
 * the transport took (send.c), mark the claims older than
 * deliver_timeout, which no live sender holds, as uncertain and queue the
 * admin's notice of them, in one transaction.
 * Returns 0, or -1 after fail() if the database cannot record that: then
 * nothing may be sent. */
int outbox_report_uncertain(sqlite3 *db, const struct config *c, long long now);

/* With the lock: deliver the queued mail due by now through backend
 * (sendmail, smtp, maildir) and arg, until none is left (what sending
 * queues included), each hand-over ended after timeout seconds; a
 * transport that hangs is ended, its message deferred (or marked
 * uncertain if the transport had it whole, the admin told), and the rest
 * left for a later run.  Returns how many were sent, or -1 after fail()
 * if the backend or the journal cannot be opened, or a message the
 * transport took cannot be recorded (sending stops there). */
int outbox_send(sqlite3 *db, const struct config *c, const char *backend, const char *arg,
                long long now, int timeout);

/* After a commit: deliver what is queued and due (what this run queued,
 * and whatever else waits), through the config's backend, unless
 * deliver_at_once is off.  Waits for a sender running before; stops
 * within deliver_timeout seconds (ending the process if a hand-over
 * hangs), leaving the rest to flush. */
void outbox_send_now(sqlite3 *db, const struct config *c, long long now);

#endif
