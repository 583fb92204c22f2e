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

/* One message of dir: claim, read, process, move.  Returns 0, or -1 if it
 * must be read again later. */
static int one(struct judge *j, const char *dir, const char *name, long long now)
{
	char *data = NULL, qpath[2048];
	size_t len = 0;
	int fd, rc;

	if ((fd = maildir_claim(dir, name)) < 0)
		return fd == MAILDIR_TAKEN ? 0 : fail_print();
	if (maildir_read(dir, name, receive_read_max(&j->cfg), &data, &len)) {
		close(fd);
		return fail_print();
	}
	snprintf(qpath, sizeof qpath, "%s/quarantine/%s", dir, name);
	rc = receive_message(j->db, &j->cfg, now, data, len, qpath);
	free(data);
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
	return rc < 0 ? -1 : 0;
}

int cmd_maildir(struct judge *j, int argc, char **argv)
{
	char **names = NULL;
	int n = 0, failed = 0;

	if (argc != 2) {
		fprintf(stderr, "usage: judge maildir DIR\n");
		return 2;
	}
	if (maildir_scan(argv[1], &names, &n))
		return fail_print(), 1;
	long long now = judge_now(NULL);
	for (int i = 0; i < n; i++)
		failed += one(j, argv[1], names[i], now) < 0;
	maildir_names_free(names, n);
	/* the batch's replies, in one session of the transport */
	outbox_send_now(j->db, &j->cfg, now);
	return failed ? 1 : 0;
}
