/*
 * flush.c - `judge flush [--maildir DIR | --sendmail CMD | --smtp HOST]`:
 * deliver the outbox through the config's backend, or the one named.
 * The rules of delivery (claims, the lock, uncertain mail) are send.c's.
 */
#include <stdio.h>
#include <string.h>

#include "judge/commands.h"
#include "judge/db.h"
#include "judge/send.h"
#include "parser/error.h"

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
	int locked = outbox_lock(c->db);
	if (locked == -2)
		return fail_print(), 1;
	if (locked < 0) {
		if (!quiet)
			printf("another flush is running; this one leaves the mail to it\n");
		return 0;
	}
	if (outbox_report_uncertain(j->db, c, now) ||
	    (sent = outbox_send(j->db, c, backend, arg, now)) < 0)
		return fail_print(), 1;
	if (!quiet)
		printf("%d sent, %d waiting\n", sent,
		       (int)db_int(j->db, "SELECT count(*) FROM outbox WHERE status = 'queued'", "", 0));
	return 0;
}
