/*
 * flush.c - `judge flush [--maildir DIR | --sendmail CMD | --smtp HOST]`:
 * deliver the outbox through the config's backend, or the one named.
 * The rules of delivery (claims, the lock, uncertain mail) are send.c's.
 *
 * Another sender holding the lock is waited for as long as a delivery
 * at once may take (deliver_timeout), since a reply leaving at once
 * holds it that briefly; one that holds it longer is a long or stuck
 * flush, which is not success: said on stderr, --quiet or not, with exit
 * status 75 (EX_TEMPFAIL, "try again later"), so that cron mails it and
 * systemd's journal shows the unit failed.
 */
#include <stdio.h>
#include <string.h>

#include "judge/cmd/commands.h"
#include "judge/db.h"
#include "judge/outbox_state.h"
#include "judge/send.h"
#include "base/error.h"

int cmd_flush(struct judge *j, int argc, char **argv)
{
	const struct config *c = &j->cfg;
	const char *backend = c->deliver, *arg = c->deliver_arg;
	int sent, quiet = 0;

	for (int i = 1; i < argc; i++) {
		if (i + 1 < argc && !strcmp(argv[i], "--maildir"))
			backend = "maildir", arg = argv[++i];
		else if (i + 1 < argc && !strcmp(argv[i], "--sendmail"))
			backend = "sendmail", arg = argv[++i];
		else if (i + 1 < argc && !strcmp(argv[i], "--smtp"))
			backend = "smtp", arg = argv[++i];
		else if (!strcmp(argv[i], "--quiet"))
			quiet = 1;      /* for cron: a line only when something is wrong */
		else {
			fprintf(stderr, "usage: judge flush [--maildir DIR | --sendmail CMD | --smtp HOST[:PORT]]"
			        " [--quiet]\n");
			return 2;
		}
	}
	long long now = judge_now(NULL);
	long wait = c->deliver_timeout > 0 ? c->deliver_timeout : 20;
	/* asleep until the lock is free, not tries every 100 ms: the flush
	 * goes as soon as the sender before it lets go */
	int locked = send_lock_wait(c->db, (int)wait);
	if (locked < 0)
		return fail_print(), 1;
	if (locked == SEND_LOCK_BUSY) {
		fprintf(stderr, "judge: another sender has held %s.flush for over %ld s (a long flush,"
		        " or a stuck one); this flush sent nothing\n", c->db, wait);
		return 75;
	}
	/* a hand-over ends within deliver_timeout, as at once, with a second
	 * to spare: no live claim is older than that */
	if (send_recover(j->db, c, now) ||
	    (sent = send_due(j->db, c, backend, arg, now, wait > 1 ? (int)wait - 1 : 1)) < 0)
		return fail_print(), 1;
	if (!quiet)
		printf("%d sent, %d waiting\n", sent,
		       (int)db_int(j->db, "SELECT count(*) FROM outbox WHERE status = ?", "t", 0,
		                   outbox_status_name(OB_QUEUED)));
	return 0;
}
