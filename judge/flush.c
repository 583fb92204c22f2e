/*
 * flush.c - `judge flush`: deliver the outbox.
 *
 * A message is marked 'sending' (committed) before it is handed to the
 * transport and 'sent' after.  If the Judge dies in between, nobody knows
 * whether the transport took it; rather than risk sending a Message-ID
 * twice, such a message is marked 'uncertain' on the next run and listed
 * for the admin, by mail.  Temporary failures are retried with a growing
 * delay; permanent ones are marked 'failed'.
 *
 * One flush runs at a time (an flock on "<database>.flush", which goes
 * with the process however it ends); another started meanwhile, by an
 * overlapping cron job, leaves at once.  So a message found 'sending' at
 * the start was being sent by a run that died, and each message is
 * claimed by an UPDATE that only a queued message satisfies.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

#include "judge/commands.h"
#include "judge/db.h"
#include "judge/outbox.h"
#include "judge/receive.h"
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

/* Hold the flush lock of the database at path for the rest of the
 * process.  Returns 0, or -1 if another flush holds it. */
static int take_lock(const char *path)
{
	char lock[1100];
	int fd;

	snprintf(lock, sizeof lock, "%s.flush", path);
	if ((fd = open(lock, O_RDWR | O_CREAT | O_CLOEXEC, 0600)) < 0)
		return 0;       /* no lock file possible: the claims still hold */
	return flock(fd, LOCK_EX | LOCK_NB) == 0 ? 0 : -1;
}

/* A previous run died while sending these: nobody knows if the transport
 * took them, so rather than risk a duplicate they are marked uncertain,
 * and the admin is told by mail how to send them again. */
static void report_uncertain(sqlite3 *db, const struct config *c, long long now)
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
		outbox_queue(db, c, now, c->admin, "Mail that may not have been sent", body.buf, NULL);
		strbuf_release(&body);
	}
	strbuf_release(&text);
}

int cmd_flush(struct judge *j, int argc, char **argv)
{
	const struct config *c = &j->cfg;
	sqlite3 *db = j->db;
	const char *backend = NULL, *arg = NULL;
	const struct deliver_ops *ops;
	void *ctx = NULL;
	int sent = 0, pending = 0;

	backend = c->deliver;
	arg = c->deliver_arg;
	for (int i = 1; i < argc; i++) {
		if (i + 1 < argc && !strcmp(argv[i], "--maildir"))
			backend = "maildir", arg = argv[++i];
		else if (i + 1 < argc && !strcmp(argv[i], "--sendmail"))
			backend = "sendmail", arg = argv[++i];
		else if (i + 1 < argc && !strcmp(argv[i], "--smtp"))
			backend = "smtp", arg = argv[++i];
		else {
			fprintf(stderr, "usage: judge flush [--maildir DIR | --sendmail CMD | --smtp HOST[:PORT]]\n");
			return 2;
		}
	}
	if (!(ops = deliver_lookup(backend))) {
		fprintf(stderr, "judge: unknown delivery '%s'\n", backend);
		return 2;
	}
	long long now = judge_now(NULL);
	if (take_lock(c->db) < 0) {
		printf("another flush is running; this one leaves the mail to it\n");
		return 0;
	}
	report_uncertain(db, c, now);
	sqlite3_stmt *st;

	if (ops->open(&ctx, arg)) {
		fprintf(stderr, "judge: cannot open %s delivery: %s\n", backend, fail_text());
		return 1;
	}
	st = db_prepare(db, "SELECT id FROM outbox WHERE status = 'queued' AND next_try <= ? ORDER BY id");
	sqlite3_bind_int64(st, 1, now);
	struct strbuf ids = STRBUF_INIT;
	while (sqlite3_step(st) == SQLITE_ROW)
		strbuf_addf(&ids, "%lld\n", (long long)sqlite3_column_int64(st, 0));
	sqlite3_finalize(st);
	const char *rest = ids.buf, *line;
	size_t len;
	while (str_next_line(&rest, &line, &len))
		sent += deliver_one(db, c, ops, ctx, atoll(line), now);
	strbuf_release(&ids);
	ops->close(ctx);
	pending = (int)db_int(db, "SELECT count(*) FROM outbox WHERE status = 'queued'", "", 0);
	printf("%d sent, %d waiting\n", sent, pending);
	return 0;
}
