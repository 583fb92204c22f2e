/*
 * maildir_cmd.c - `judge maildir DIR`: every message in DIR/new through
 * receive_message, each moved to DIR/cur only after its transaction has
 * committed, so a crash at any moment leaves it to be read again (and the
 * Message-ID check makes that harmless).
 *
 * Each message is claimed first (an flock on the file, maildir_claim), so
 * that runs started by overlapping cron jobs split the work instead of
 * doing it twice; the seen check inside the write transaction is the
 * second guard.  A message that has failed too often (it crashes the
 * Judge) goes to DIR/quarantine, so that the messages behind it are read.
 *
 * A fault of the database (locked by another process past the busy
 * timeout, a disk full) is no fault of the message: it stays in new/, the
 * run says why on stderr and stops, since the messages behind it would
 * only wait as long again, and exits 75 (EX_TEMPFAIL) as `receive` does,
 * so that the timer's log tells a busy database from a broken run.
 */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "judge/commands.h"
#include "judge/db.h"
#include "judge/receive.h"
#include "judge/send.h"
#include "maildir/maildir.h"
#include "parser/error.h"

/* One message of dir: claim, read, process, move.  Returns 0; -1 if it
 * must be read again later; FAULT if the database failed under it. */
enum { FAULT = -2 };
static int one(struct judge *j, const char *dir, const char *name, long long now)
{
	char *data = NULL, qpath[2048];
	size_t len = 0;
	int fd, rc;

	if ((fd = maildir_claim(dir, name)) < 0)
		return fd == MAILDIR_TAKEN ? 0 : fail_print();
	if (maildir_read(dir, name, &data, &len)) {
		close(fd);
		return fail_print();
	}
	snprintf(qpath, sizeof qpath, "%s/quarantine/%s", dir, name);
	rc = receive_message(j->db, &j->cfg, now, data, len, qpath);
	free(data);
	if (rc < 0) {
		fprintf(stderr, "judge: %s left in new/ for a later run: %s\n", name,
		        fail_text()[0] ? fail_text() : "the database failed");
		close(fd);
		return FAULT;
	}
	if (rc == RECEIVE_QUARANTINED) {
		if (maildir_quarantine(dir, name))
			fail_print();
	} else if (rc == 0) {
		/* only after the commit is the message moved out of new/ */
		crash_point("before-move");
		if (maildir_done(dir, name))
			fail_print();
	}
	close(fd);
	return 0;
}

int cmd_maildir(struct judge *j, int argc, char **argv)
{
	char **names = NULL;
	int n = 0, i, failed = 0, fault = 0;

	if (argc != 2) {
		fprintf(stderr, "usage: judge maildir DIR\n");
		return 2;
	}
	if (maildir_scan(argv[1], &names, &n))
		return fail_print(), 1;
	long long now = judge_now(NULL);
	for (i = 0; i < n && !fault; i++) {
		int rc = one(j, argv[1], names[i], now);
		failed += rc < 0;
		fault = rc == FAULT;
	}
	maildir_names_free(names, n);
	if (fault) {
		/* the replies already committed wait for flush: the database
		 * that just failed would hold this run as long again */
		fprintf(stderr, "judge: maildir stopped at a fault of the database; %d message%s left in new/\n",
		        n - i + 1, n - i + 1 == 1 ? "" : "s");
		return 75;
	}
	/* the batch's replies, in one session of the transport */
	outbox_send_now(j->db, &j->cfg, now);
	return failed ? 1 : 0;
}
