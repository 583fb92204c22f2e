/*
 * send.c - handing the outbox to the transport: shared by `judge flush`
 * and by the commands that deliver what they queued at once (receive,
 * maildir, cron), so that a reply leaves when the mail that caused it is
 * committed rather than at the next flush.
 *
 * A message is marked 'sending' (committed) before it is handed to the
 * transport and 'sent' after.  If the Judge dies in between, nobody knows
 * whether the transport took it; rather than risk sending a Message-ID
 * twice, such a message is marked 'uncertain' on the next run and the
 * admin told, by mail.  Temporary failures are retried with a growing
 * delay; permanent ones are marked 'failed'.
 *
 * One sender runs at a time (an flock on "<database>.flush", which goes
 * with the process however it ends); another started meanwhile leaves the
 * mail to it.  So a message found 'sending' when the lock is taken was
 * being sent by a run that died, and each message is claimed by an UPDATE
 * that only a queued message satisfies.  A hand-over at once that hangs is
 * abandoned after deliver_timeout seconds: the process ends, its claim is
 * found by the next flush, and the message is not sent twice.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

#include "judge/db.h"
#include "judge/outbox.h"
#include "judge/receive.h"
#include "judge/send.h"
#include "maildir/deliver.h"
#include "parser/error.h"
#include "parser/strbuf.h"

#define MAX_ATTEMPTS 12

static int deliver_one(sqlite3 *db, const struct config *c, const struct deliver_ops *ops, void *ctx,
                       long long id, long long now)
{
	sqlite3_stmt *st = db_prepare(db, "SELECT rcpt, message, attempts FROM outbox WHERE id = ?");
	char *rcpt, *msg;
	size_t len;
	int attempts, rc;

	sqlite3_bind_int64(st, 1, id);
	if (sqlite3_step(st) != SQLITE_ROW) {
		sqlite3_finalize(st);
		return 0;
	}
	rcpt = xstrdup((const char *)sqlite3_column_text(st, 0));
	len = (size_t)sqlite3_column_bytes(st, 1);
	msg = xstrndup(sqlite3_column_blob(st, 1), len);
	attempts = sqlite3_column_int(st, 2);
	sqlite3_finalize(st);

	/* the claim: only a message still queued can be taken */
	db_run(db, "UPDATE outbox SET status = 'sending', attempts = attempts + 1"
	       " WHERE id = ? AND status = 'queued'", "i", id);
	if (sqlite3_changes(db) != 1) {
		free(rcpt);
		free(msg);
		return 0;
	}
	crash_point("before-send");
	rc = ops->send(ctx, c->address, rcpt, msg, len);
	crash_point("after-send");
	if (rc == 0) {
		db_run(db, "UPDATE outbox SET status = 'sent', last_error = NULL WHERE id = ?", "i", id);
	} else if (rc == DELIVER_EPERM || attempts + 1 >= MAX_ATTEMPTS) {
		db_run(db, "UPDATE outbox SET status = 'failed', last_error = ? WHERE id = ?", "ti",
		       fail_text(), id);
		fprintf(stderr, "judge: giving up on mail to %s: %s\n", rcpt, fail_text());
		/* the admin hears of it, unless it is the admin who cannot be reached */
		if (c->admin[0] && strcmp(c->admin, rcpt)) {
			struct strbuf text = STRBUF_INIT;
			strbuf_addf(&text, "The Judge gave up delivering a message to %s after %d attempt%s:\n"
			            "  %s\n\nThe message is kept in the outbox (status 'failed').\n",
			            rcpt, attempts + 1, attempts ? "s" : "", fail_text());
			outbox_queue(db, c, now, c->admin, "Undeliverable mail", text.buf, NULL);
			strbuf_release(&text);
		}
	} else {
		/* 5 minutes, doubling, capped at 6 hours */
		long long delay = 300LL << (attempts < 7 ? attempts : 7);
		db_run(db, "UPDATE outbox SET status = 'queued', next_try = ?, last_error = ? WHERE id = ?",
		       "iti", now + (delay > 21600 ? 21600 : delay), fail_text(), id);
		fprintf(stderr, "judge: mail to %s deferred: %s\n", rcpt, fail_text());
	}
	free(rcpt);
	free(msg);
	return rc == 0;
}

static volatile sig_atomic_t stopping;

int outbox_lock(const char *path)
{
	return outbox_lock_wait(path, 0);
}

int outbox_lock_wait(const char *path, int wait)
{
	/* held for the life of the process: a second command run by the same
	 * process (judge demo) already has it, and must not wait for itself */
	static char held[1100];
	char lock[1100];
	int fd;

	if (!strcmp(held, path))
		return 0;
	snprintf(lock, sizeof lock, "%s.flush", path);
	/* read-only is enough for flock, so the MTA's user (a pipe runs as
	 * nobody) and the admin's cron can share one lock file */
	if ((fd = open(lock, O_RDONLY | O_CREAT | O_CLOEXEC, 0644)) < 0)
		return 0;       /* no lock file possible: the claims still hold */
	while (flock(fd, LOCK_EX | (wait ? 0 : LOCK_NB)) != 0)
		if (errno != EINTR || stopping) {
			close(fd);
			return -1;
		}
	snprintf(held, sizeof held, "%s", path);
	return 0;
}

void outbox_report_uncertain(sqlite3 *db, const struct config *c, long long now)
{
	sqlite3_stmt *st = db_prepare(db, "SELECT message_id, rcpt FROM outbox WHERE status = 'sending'");
	struct strbuf text = STRBUF_INIT;
	int n = 0;

	while (sqlite3_step(st) == SQLITE_ROW) {
		fprintf(stderr, "judge: mail %s to %s may or may not have been sent before a crash;"
		        " marked uncertain, not resent\n", sqlite3_column_text(st, 0), sqlite3_column_text(st, 1));
		strbuf_addf(&text, "  %s to %s\n", sqlite3_column_text(st, 0), sqlite3_column_text(st, 1));
		n++;
	}
	sqlite3_finalize(st);
	if (!n)
		return;
	db_run(db, "UPDATE outbox SET status = 'uncertain' WHERE status = 'sending'", "");
	if (c->admin[0]) {
		struct strbuf body = STRBUF_INIT;
		strbuf_addf(&body, "A flush of the Judge's mail ended while handing %d message%s to the\n"
		            "transport, which may or may not have taken %s:\n%s\n"
		            "They are marked 'uncertain' and not sent again.  After checking the\n"
		            "mail log, queue those that did not leave again with\n\n"
		            "  sqlite3 %s \"UPDATE outbox SET status = 'queued' WHERE status = 'uncertain'\"\n",
		            n, n == 1 ? "" : "s", n == 1 ? "it" : "them", text.buf, c->db);
		outbox_queue_raw(db, c, now, c->admin, "Mail that may not have been sent", body.buf);
		strbuf_release(&body);
	}
	strbuf_release(&text);
}

/* The ids of the queued mail due by now, one per line, into ids. */
static void due(sqlite3 *db, long long now, struct strbuf *ids)
{
	sqlite3_stmt *st = db_stmt(db, "SELECT id FROM outbox WHERE status = 'queued' AND next_try <= ?"
	                           " ORDER BY id");

	strbuf_reset(ids);
	sqlite3_bind_int64(st, 1, now);
	while (sqlite3_step(st) == SQLITE_ROW)
		strbuf_addf(ids, "%lld\n", (long long)sqlite3_column_int64(st, 0));
	db_release(db, st);
}

int outbox_send(sqlite3 *db, const struct config *c, const char *backend, const char *arg,
                long long now)
{
	const struct deliver_ops *ops = deliver_lookup(backend);
	struct strbuf ids = STRBUF_INIT;
	void *ctx = NULL;
	const char *rest, *line;
	size_t len;
	int sent = 0, round;

	if (!ops)
		return fail("unknown delivery '%s'", backend);
	/* again while it sends: what sending queues (the admin's notices of
	 * mail given up on) leaves in the same run */
	do {
		round = 0;
		due(db, now, &ids);
		if (!ids.len)
			break;
		if (!ctx && ops->open(&ctx, arg)) {
			char why[600];
			snprintf(why, sizeof why, "%s", fail_text());
			strbuf_release(&ids);
			return fail("cannot open %s delivery: %s", backend, why);
		}
		rest = ids.buf;
		while (!stopping && str_next_line(&rest, &line, &len))
			round += deliver_one(db, c, ops, ctx, atoll(line), now);
		sent += round;
	} while (round > 0 && !stopping);
	if (ctx)
		ops->close(ctx);
	strbuf_release(&ids);
	return sent;
}

/* The first alarm stops the sending after the message being handed
 * over and arms a second; the second, a hand-over that hangs, ends the
 * process: what was handed over is claimed, the next flush finds the
 * claim, and nothing is lost or sent twice. */
static unsigned give_up_after;

static void give_up(int sig)
{
	(void)sig;
	if (stopping)
		_exit(0);
	stopping = 1;
	alarm(give_up_after);
}

void outbox_send_now(sqlite3 *db, const struct config *c, long long now)
{
	struct sigaction sa;
	unsigned timeout = (unsigned)(c->deliver_timeout > 0 ? c->deliver_timeout : 20);

	if (!c->deliver_at_once)
		return;
	stopping = 0;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = give_up;      /* no SA_RESTART: a wait is cut short */
	sigaction(SIGALRM, &sa, NULL);
	give_up_after = timeout;
	alarm(timeout);
	/* wait for a sender before: it may have chosen its messages before
	 * this one's were committed */
	if (outbox_lock_wait(c->db, 1) == 0) {
		outbox_report_uncertain(db, c, now);
		if (outbox_send(db, c, c->deliver, c->deliver_arg, now) < 0)
			fprintf(stderr, "judge: mail left for flush: %s\n", fail_text());
	}
	alarm(0);
	signal(SIGALRM, SIG_DFL);
}
