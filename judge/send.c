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
 * Each message is claimed by an UPDATE that only a queued message
 * satisfies, which records the claim's time (the command's clock), so
 * two senders never hand one message over.  `receive` hands over only
 * the messages its own process queued (send_own_now, outbox_mine),
 * without a lock, so that twenty receives in a burst hand their replies
 * over side by side rather than one after another.  Everything else,
 * what waits for a retry and the recovery of interrupted claims, is done
 * by one sender at a time (flush, and the batch senders at once, maildir
 * and cron), under an flock on "<database>.flush", which goes with the
 * process however it ends; a flush started meanwhile leaves the mail to
 * it.  Unlike the writers' turn (writelock.c) it is no queue: its
 * waiters are a cron run, a maildir run and the flush timer's run, a few
 * at most, never a burst, so the order among them costs nobody a wait.
 * Sending at once ends within deliver_timeout seconds, a hand-over that
 * hangs included: the process ends, its claim is found by a later
 * flush, and the message is not sent twice.  Only a claim older than
 * deliver_timeout is taken for an interrupted one: a younger claim may be
 * a live sender's, one at once without the lock (or another machine's:
 * flock on NFS may not hold); an older one waits a flush or two longer,
 * which costs nothing but time.  A receive that waited long for the
 * database before it sent can hold a claim older than that while it
 * lives; the worst that does is an 'uncertain' report of a message that
 * then leaves once and is recorded as sent, never a second sending.
 *
 * Each hand-over, in flush as at once, is bounded by the transport itself
 * (deliver.h), so that a hung sendmail neither holds the lock for ever nor
 * outlives the Judge: a transport ended before it had the whole message
 * is a temporary failure, retried with the usual delay; one ended after
 * may have taken it, which is what 'uncertain' means, so the message is
 * marked so at once and the admin told.  Either way the run stops there:
 * a transport that hung once is likely to hang on the next message too.
 *
 * A full disk between the hand-over and 'sent' is the one gap the
 * database cannot close by itself: the transport has the message, and the
 * UPDATE that says so cannot be written.  The Message-ID then goes to a
 * small journal, "<database>.sent" (an flock on it while it is read or
 * written, since senders at once run side by side), whose space was taken (written in
 * zeros, fsync'd) before anything was handed over, so noting it overwrites
 * bytes the filesystem already gave (on copy-on-write filesystems such as
 * btrfs or ZFS even that may need space; then the message stays claimed
 * and is reported uncertain).  Sending stops there; the next run, under
 * the lock, records the noted messages as sent before anything else, in
 * the transaction that marks what stays uncertain and queues the admin's
 * notice, and clears the journal only after that commit.  So a message
 * the transport took is never sent again, and one nobody can vouch for
 * reaches the admin.
 */
#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "judge/db.h"
#include "judge/hooks.h"
#include "judge/outbox.h"
#include "judge/outbox_state.h"
#include "judge/send.h"
#include "judge/writelock.h"
#include "maildir/deliver.h"
#include "maildir/outmail.h"
#include "maildir/smtp_module.h"
#include "variants/datadir.h"
#include "base/error.h"
#include "base/strbuf.h"

#define MAX_ATTEMPTS 12

/* The journal's size: room for some fifty Message-IDs, where one run
 * notes at most one (it stops sending after it) and the next run clears
 * it before it sends. */
#define JOURNAL_BYTES 4096

/* The journal of the database at db, into path. */
static void journal_path(char *path, size_t size, const char *db)
{
	snprintf(path, size, "%s.sent", db);
}

/*
 * Open the journal for writing, first making it JOURNAL_BYTES of zeros on
 * disk (written, not ftruncate'd: a sparse file would still need space
 * when noted in), with the database file's mode and owner, as SQLite
 * gives its -wal file, so every user of the database can use it.
 * Returns the descriptor, or -1 after fail(): then nothing may be handed
 * over, as its 'sent' might be unrecordable.
 */
static int journal_open(const char *db)
{
	static const char zeros[JOURNAL_BYTES];
	char path[1100];
	struct stat st, dbst;
	int fd;

	journal_path(path, sizeof path, db);
	if ((fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0600)) < 0)
		return fail("cannot open %s: %s", path, strerror(errno));
	if (fstat(fd, &st) != 0) {
		int e = errno;
		close(fd);
		return fail("cannot read %s: %s", path, strerror(e));
	}
	if (st.st_size >= JOURNAL_BYTES)
		return fd;
	/* from the end only: what an earlier run noted stays; and only one
	 * process at a time, lest its zeros fall on another's note */
	if (flock(fd, LOCK_EX) != 0 || fstat(fd, &st) != 0) {
		int e = errno;
		close(fd);
		return fail("cannot lock %s: %s", path, strerror(e));
	}
	size_t have = st.st_size > 0 ? (size_t)st.st_size : 0;
	if (have < JOURNAL_BYTES &&
	    (pwrite(fd, zeros, JOURNAL_BYTES - have, (off_t)have) != (ssize_t)(JOURNAL_BYTES - have) ||
	     fsync(fd) != 0 || (stat(db, &dbst) == 0 && (fchmod(fd, dbst.st_mode & 0666) != 0 ||
	     (geteuid() == 0 && fchown(fd, dbst.st_uid, dbst.st_gid) != 0))))) {
		int e = errno;
		close(fd);
		return fail("cannot prepare %s: %s", path, strerror(e));
	}
	flock(fd, LOCK_UN);
	return fd;
}

/* The journal's content (Message-IDs, one a line) up to its first NUL,
 * into buf (JOURNAL_BYTES + 1).  Returns its length; 0 if there is no
 * journal. */
static size_t journal_read(int fd, char *buf)
{
	ssize_t n = pread(fd, buf, JOURNAL_BYTES, 0);

	buf[n > 0 ? n : 0] = '\0';
	return strlen(buf);
}

/* Note message_id as taken by the transport, durably.  Returns 0, or -1
 * after fail(). */
static int journal_note(int fd, const char *db, const char *message_id)
{
	char buf[JOURNAL_BYTES + 1], path[1100], line[600];
	size_t used;
	int n = snprintf(line, sizeof line, "%s\n", message_id), rc = 0;

	journal_path(path, sizeof path, db);
	if (n <= 0 || (size_t)n >= sizeof line)
		return fail("%s has no room left", path);
	/* another sender's note goes after this one, not over it */
	flock(fd, LOCK_EX);
	used = journal_read(fd, buf);
	if (used + (size_t)n > JOURNAL_BYTES)
		rc = fail("%s has no room left", path);
	else if (pwrite(fd, line, (size_t)n, (off_t)used) != n || fdatasync(fd) != 0)
		rc = fail("cannot write %s: %s", path, strerror(errno));
	flock(fd, LOCK_UN);
	return rc;
}

/* Record message id as sent, trying for about a second: space freed by a
 * log rotation or a finished download saves a journal entry.  Returns
 * 0, or -1 after fail() with SQLite's reason. */
MUST_CHECK static int record_sent(sqlite3 *db, long long id)
{
	const struct timespec pause = { 0, 200 * 1000 * 1000 };

	for (int tries = 1;; tries++) {
		if (db_begin(db) == 0) {
			if (outbox_mark_sent(db, id) == 0 && db_commit(db) == 0)
				return 0;
			db_rollback(db);
		}
		if (tries == 5)
			return -1;
		nanosleep(&pause, NULL);
	}
}

/*
 * Put picture number picture (outbox.h) into the stored message *msg of
 * *len bytes, in place of its token.  Returns 0, or -1 after fail() with
 * *msg unchanged.
 */
MUST_CHECK static int with_picture(sqlite3 *db, long long picture, char **msg, size_t *len)
{
	sqlite3_stmt *st = db_stmt(db, "SELECT png FROM pictures WHERE id = ?");
	char token[40], *out = NULL;
	size_t outlen = 0;
	int rc;

	snprintf(token, sizeof token, OUTBOX_PICTURE_TOKEN "%lld", picture);
	sqlite3_bind_int64(st, 1, picture);
	if (sqlite3_step(st) != SQLITE_ROW)
		rc = fail("its picture %lld is no longer stored", picture);
	else
		rc = outmail_put_image(*msg, *len, token, sqlite3_column_blob(st, 0),
		                       (size_t)sqlite3_column_bytes(st, 0), &out, &outlen);
	db_release(db, st);
	if (rc)
		return -1;
	free(*msg);
	*msg = out;
	*len = outlen;
	return 0;
}

static void tell_uncertain(sqlite3 *db, const struct config *c, long long now, int n, const char *text);

/* A write of sending's own, in the writers' turn (writelock.h) like every
 * transaction: begun returns whether it is in one (if not, the statement
 * commits by itself, behind SQLite's busy handler), ended commits it. */
static int begun(sqlite3 *db)
{
	return db_begin(db) == 0;
}

static void ended(sqlite3 *db, int tx)
{
	if (tx && db_commit(db)) {
		fprintf(stderr, "judge: %s\n", fail_text());
		db_rollback(db);
	}
}

/* Claim message id at now, in a transaction of its own.  Returns 0, or
 * OUTBOX_TAKEN if another has it or the claim cannot be recorded. */
static int claim(sqlite3 *db, long long id, long long now)
{
	int rc;

	if (db_begin(db))
		return OUTBOX_TAKEN;
	rc = outbox_claim(db, id, now);
	if (db_commit(db)) {
		db_rollback(db);
		return OUTBOX_TAKEN;
	}
	return rc;
}

/* deliver_one's outcomes, besides 0 (not sent: taken by another,
 * deferred, given up on). */
#define HANDED_OVER 1           /* the transport took it */
#define HUNG 2                  /* the transport hung and was ended (the
                                   message deferred or uncertain): this run
                                   sends no more */

/*
 * Hand message id over, once, claimed at now, the one clock of the run.
 * Returns 0, HANDED_OVER or HUNG, or -1 after fail() if the transport
 * took it but the database cannot say so: then sending must stop.
 */
MUST_CHECK static int deliver_one(sqlite3 *db, const struct config *c, const struct deliver_ops *ops, void *ctx,
                       int journal, long long id, long long now)
{
	sqlite3_stmt *st = db_prepare(db, "SELECT rcpt, message, attempts, message_id, picture"
	                                 " FROM outbox WHERE id = ?");
	char *rcpt, *msg, *message_id;
	size_t len;
	long long picture;
	int attempts, rc, result;

	assert(journal >= 0);
	sqlite3_bind_int64(st, 1, id);
	if (sqlite3_step(st) != SQLITE_ROW) {
		sqlite3_finalize(st);
		return 0;
	}
	rcpt = xstrdup((const char *)sqlite3_column_text(st, 0));
	len = (size_t)sqlite3_column_bytes(st, 1);
	msg = xstrndup(sqlite3_column_blob(st, 1), len);
	attempts = sqlite3_column_int(st, 2);
	message_id = xstrdup((const char *)sqlite3_column_text(st, 3));
	picture = sqlite3_column_int64(st, 4);
	sqlite3_finalize(st);
	if (picture && with_picture(db, picture, &msg, &len)) {
		/* the picture is gone (its game deleted): the text goes alone */
		fprintf(stderr, "judge: mail %s: %s\n", message_id, fail_text());
	}

	if (claim(db, id, now) == OUTBOX_TAKEN) {
		free(rcpt);
		free(msg);
		free(message_id);
		return 0;
	}
	crash_point("before-send");
	rc = ops->send(ctx, c->address, rcpt, msg, len);
	crash_point("after-send");
	result = rc == 0 ? HANDED_OVER : rc == DELIVER_EHUNG || rc == DELIVER_EUNSURE ? HUNG : 0;
	if (rc == DELIVER_EUNSURE) {
		/* as a sender killed in the hand-over: never sent twice, and
		 * the admin, who can read the MTA's log, decides */
		struct strbuf line = STRBUF_INIT;
		char why[600];
		snprintf(why, sizeof why, "%s", fail_text());
		strbuf_addf(&line, "  %s to %s\n  (%s)\n", message_id, rcpt, why);
		/* the mark and the admin's notice together, or neither: then
		 * the claim stays, and a later run reports it as interrupted */
		if (db_begin(db) == 0) {
			outbox_move(db, id, OB_SENDING, OB_UNCERTAIN, why);
			if (c->admin[0])
				tell_uncertain(db, c, now, 1, line.buf);
			if (db_commit(db))
				db_rollback(db);
		}
		fprintf(stderr, "judge: mail %s to %s may or may not have left; not resent: %s\n", message_id,
		        rcpt, why);
		strbuf_release(&line);
	} else if (rc == 0) {
		if (record_sent(db, id)) {
			char why[600], path[1100];
			snprintf(why, sizeof why, "%s", fail_text());
			journal_path(path, sizeof path, c->db);
			if (journal_note(journal, c->db, message_id))
				fail("mail %s to %s was handed over, but neither the database (%s) nor the"
				     " journal (%s) can record it; sending stops, and it will be reported uncertain",
				     message_id, rcpt, why, fail_text());
			else
				fail("mail %s to %s was handed over, but the database cannot record it (%s);"
				     " noted in %s, recorded as sent by the next run; sending stops",
				     message_id, rcpt, why, path);
			result = -1;
		}
	} else if (rc == DELIVER_EPERM || attempts + 1 >= MAX_ATTEMPTS) {
		int tx = begun(db);
		outbox_move(db, id, OB_SENDING, OB_FAILED, fail_text());
		fprintf(stderr, "judge: giving up on mail to %s: %s\n", rcpt, fail_text());
		/* the admin hears of it, unless it is the admin who cannot be reached */
		if (c->admin[0] && strcmp(c->admin, rcpt)) {
			struct strbuf text = STRBUF_INIT;
			strbuf_addf(&text, "The Judge gave up delivering a message to %s after %d attempt%s:\n"
			            "  %s\n\nThe message is kept in the outbox (status 'failed').\n",
			            rcpt, attempts + 1, attempts ? "s" : "", fail_text());
			/* the admin's address was checked at start; a failure
			 * to build it is said on stderr */
			(void)outbox_queue(db, c, now, c->admin, "Undeliverable mail", text.buf, NULL);
			strbuf_release(&text);
		}
		ended(db, tx);
	} else {
		/* temporary, a transport ended before it had the whole
		 * message included: 5 minutes, doubling, capped at 6 hours */
		long long delay = 300LL << (attempts < 7 ? attempts : 7);
		int tx = begun(db);
		outbox_defer(db, id, now + (delay > 21600 ? 21600 : delay), fail_text());
		ended(db, tx);
		fprintf(stderr, "judge: mail to %s deferred: %s\n", rcpt, fail_text());
	}
	free(rcpt);
	free(msg);
	free(message_id);
	return result;
}

static volatile sig_atomic_t stopping;

int send_lock(const char *path)
{
	return send_lock_wait(path, 0);
}

int send_lock_wait(const char *path, int wait)
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
	if ((fd = open(lock, O_RDONLY | O_CREAT | O_CLOEXEC, 0644)) < 0) {
		/* sending without it, two senders could each find the other's
		 * live claim and call it interrupted */
		return fail("cannot open %s: %s; nothing is sent", lock, strerror(errno));
	}
	int rc;
	if (wait > 0)
		rc = writelock_wait(fd, wait);
	else    /* no wait, or until a signal (sending at once's alarm) */
		while ((rc = flock(fd, LOCK_EX | (wait ? 0 : LOCK_NB))) != 0 && errno == EINTR && wait && !stopping)
			;
	if (rc != 0) {
		close(fd);
		return SEND_LOCK_BUSY;
	}
	snprintf(held, sizeof held, "%s", path);
	return 0;
}

/* Queue the admin's notice of the n messages listed in text that may or
 * may not have left. */
static void tell_uncertain(sqlite3 *db, const struct config *c, long long now, int n, const char *text)
{
	struct strbuf body = STRBUF_INIT;
	char user[64];

	/* as written, from root's shell: the database is its owner's, and
	 * this process runs as the owner (every command must) */
	strbuf_addf(&body, "A flush of the Judge's mail ended while handing %d message%s to the\n"
	            "transport, which may or may not have taken %s:\n%s\n"
	            "They are marked 'uncertain' and not sent again.  After checking the\n"
	            "mail log, queue those that did not leave again with (as root; the\n"
	            "sqlite3 program is Debian's package of that name)\n\n"
	            "  runuser -u %s -- sqlite3 %s \"UPDATE outbox SET status = 'queued' WHERE status = 'uncertain'\"\n",
	            n, n == 1 ? "" : "s", n == 1 ? "it" : "them", text,
	            db_user_name(geteuid(), user, sizeof user), c->db);
	/* the admin's address was checked at start; a failure to build the
	 * notice is said on stderr, and the marks stand */
	(void)outbox_queue_raw(db, c, now, c->admin, "Mail that may not have been sent", body.buf);
	strbuf_release(&body);
}

int send_recover(sqlite3 *db, const struct config *c, long long now)
{
	char path[1100], noted[JOURNAL_BYTES + 1] = "";
	struct strbuf text = STRBUF_INIT;
	const char *rest = noted, *line;
	size_t len;
	int fd, n = 0;

	journal_path(path, sizeof path, c->db);
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) >= 0) {
		flock(fd, LOCK_EX);
		journal_read(fd, noted);
		close(fd);
	}
	long long before = now - (c->deliver_timeout > 0 ? c->deliver_timeout : 20);

	if (!noted[0] && !outbox_stale(db, before, 0, NULL))
		return 0;
	/* one transaction: what the journal vouches for, what stays uncertain
	 * and the admin's notice of it are recorded together or not at all */
	if (db_begin(db))
		return -1;
	while (str_next_line(&rest, &line, &len)) {
		char *id = xstrndup(line, len);
		if (outbox_sent_noted(db, id))
			fprintf(stderr, "judge: mail %s, handed over before the disk filled, recorded as sent\n", id);
		free(id);
	}
	n = outbox_stale(db, before, 1, &text);
	if (n && c->admin[0])
		tell_uncertain(db, c, now, n, text.buf);
	if (db_commit(db)) {
		char why[600];
		snprintf(why, sizeof why, "%s", fail_text());
		db_rollback(db);
		strbuf_release(&text);
		return fail("cannot record how the last sending ended: %s", why);
	}
	if (n)
		fprintf(stderr, "judge: %d message%s may or may not have been sent before a crash;"
		        " marked uncertain, not resent:\n%s", n, n == 1 ? "" : "s", text.buf);
	/* only now: a crash before leaves the journal to be read again, which
	 * changes nothing twice */
	if (noted[0] && (fd = open(path, O_RDWR | O_CLOEXEC)) >= 0) {
		/* what a sender at once noted meanwhile, after what was read
		 * here, moves to the front and stays */
		char all[JOURNAL_BYTES + 1];
		size_t done = strlen(noted), have;
		flock(fd, LOCK_EX);
		have = journal_read(fd, all);
		if (have < done)
			have = done;
		memmove(all, all + done, have - done);
		memset(all + (have - done), 0, done);
		if (pwrite(fd, all, have, 0) < 0 || fdatasync(fd) != 0)
			fprintf(stderr, "judge: cannot clear %s: %s\n", path, strerror(errno));
		close(fd);
	}
	strbuf_release(&text);
	return 0;
}

/* The ids of the queued mail due by now, one per line, into ids. */
static void due(sqlite3 *db, long long now, struct strbuf *ids)
{
	sqlite3_stmt *st = db_stmt(db, "SELECT id FROM outbox WHERE status = ? AND next_try <= ?"
	                           " ORDER BY id");

	strbuf_reset(ids);
	sqlite3_bind_text(st, 1, outbox_status_name(OB_QUEUED), -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 2, now);
	while (sqlite3_step(st) == SQLITE_ROW)
		strbuf_addf(ids, "%lld\n", (long long)sqlite3_column_int64(st, 0));
	db_release(db, st);
}

/* The ids of the queued messages due by now that this process queued
 * (outbox_mine), one per line, into ids. */
static void mine(sqlite3 *db, long long now, struct strbuf *ids)
{
	struct strbuf queued = STRBUF_INIT;
	const char *rest, *line;
	size_t len;

	outbox_mine(&queued);
	strbuf_reset(ids);
	rest = queued.buf;
	while (str_next_line(&rest, &line, &len)) {
		sqlite3_stmt *st = db_stmt(db, "SELECT id FROM outbox WHERE message_id = ?"
		                           " AND status = ? AND next_try <= ?");
		sqlite3_bind_text(st, 1, line, (int)len, SQLITE_STATIC);
		sqlite3_bind_text(st, 2, outbox_status_name(OB_QUEUED), -1, SQLITE_STATIC);
		sqlite3_bind_int64(st, 3, now);
		if (sqlite3_step(st) == SQLITE_ROW)
			strbuf_addf(ids, "%lld\n", (long long)sqlite3_column_int64(st, 0));
		db_release(db, st);
	}
	strbuf_release(&queued);
}

/* send_due over the messages pick chooses. */
static int send_picked(sqlite3 *db, const struct config *c, const char *backend, const char *arg,
                       long long now, int timeout,
                       void (*pick)(sqlite3 *db, long long now, struct strbuf *ids))
{
	const struct deliver_ops *ops = deliver_lookup(backend);
	struct strbuf ids = STRBUF_INIT;
	void *ctx = NULL;
	const char *rest, *line;
	size_t len;
	int sent = 0, round, one, journal = -1, hung = 0;

	assert(db && c && backend && timeout > 0);
	/* the SMTP backend is a module, opened at its first hand-over
	 * (maildir/smtp_module.h): this is where the program says where */
	smtp_module_path_set(smtp_module_path());
	if (!ops)
		return fail("unknown delivery '%s'", backend);
	/* again while it sends: what sending queues (the admin's notices of
	 * mail given up on) leaves in the same run */
	do {
		round = 0;
		pick(db, now, &ids);
		if (!ids.len)
			break;
		if (journal < 0 && (journal = journal_open(c->db)) < 0) {
			strbuf_release(&ids);
			return -1;
		}
		if (!ctx && ops->open(&ctx, arg, timeout)) {
			char why[600];
			snprintf(why, sizeof why, "%s", fail_text());
			close(journal);
			strbuf_release(&ids);
			return fail("cannot open %s delivery: %s", backend, why);
		}
		rest = ids.buf;
		while (!stopping && str_next_line(&rest, &line, &len)) {
			if ((one = deliver_one(db, c, ops, ctx, journal, atoll(line), now)) < 0) {
				sent = -1;
				break;
			}
			if (one == HUNG) {
				/* a transport that hung may hang on the next one
				 * too: the rest waits for a later run, rather
				 * than each holding the lock a timeout */
				hung = 1;
				break;
			}
			round += one;
		}
		if (sent < 0)
			break;
		sent += round;
	} while (round > 0 && !stopping && !hung);
	if (ctx)
		ops->close(ctx);
	if (journal >= 0)
		close(journal);
	strbuf_release(&ids);
	return sent;
}

int send_due(sqlite3 *db, const struct config *c, const char *backend, const char *arg,
                long long now, int timeout)
{
	return send_picked(db, c, backend, arg, now, timeout, due);
}

/* The first alarm, half way through deliver_timeout, stops the sending
 * after the message being handed over and arms a second for the other
 * half; the second, a hand-over that hangs, ends the process: what was
 * handed over is claimed, and no claim of this process is older than
 * deliver_timeout when it ends, so a later flush takes it for an
 * interrupted one only then, and nothing is lost or sent twice. */
static unsigned give_up_after;

static void give_up(int sig)
{
	(void)sig;
	if (stopping || !give_up_after)
		_exit(0);
	stopping = 1;
	alarm(give_up_after);
}

/* Arm the alarms of a send at once (give_up) for deliver_timeout, and
 * return how long one hand-over may take. */
static int arm(const struct config *c)
{
	struct sigaction sa;
	unsigned timeout = (unsigned)(c->deliver_timeout > 0 ? c->deliver_timeout : 20);

	stopping = 0;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = give_up;      /* no SA_RESTART: a wait is cut short */
	sigaction(SIGALRM, &sa, NULL);
	give_up_after = timeout / 2;
	alarm(timeout - timeout / 2);
	/* a hand-over begun before the first alarm is ended by the transport
	 * (a second to spare for ending it) before the second alarm ends the
	 * process, whose sendmail would otherwise live on */
	int handover = (int)(timeout / 2) - 1;
	return handover > 0 ? handover : 1;
}

static void disarm(void)
{
	alarm(0);
	signal(SIGALRM, SIG_DFL);
}

void send_now(sqlite3 *db, const struct config *c, long long now)
{
	if (!c->deliver_at_once)
		return;
	int handover = arm(c);
	/* wait for a sender before: it may have chosen its messages before
	 * this one's were committed */
	int locked = send_lock_wait(c->db, -1);
	if (locked < 0 || (locked == 0 && (send_recover(db, c, now) ||
	                                   send_due(db, c, c->deliver, c->deliver_arg, now, handover) < 0)))
		fprintf(stderr, "judge: mail left for flush: %s\n", fail_text());
	disarm();
}

void send_own_now(sqlite3 *db, const struct config *c, long long now)
{
	if (!c->deliver_at_once)
		return;
	int handover = arm(c);
	if (send_picked(db, c, c->deliver, c->deliver_arg, now, handover, mine) < 0)
		fprintf(stderr, "judge: mail left for flush: %s\n", fail_text());
	disarm();
}
