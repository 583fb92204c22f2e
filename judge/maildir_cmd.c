/*
 * maildir_cmd.c - `judge maildir DIR`: every message in DIR/new through
 * receive_message, each moved to DIR/cur only after its transaction has
 * committed, so a crash at any moment leaves it to be read again (and the
 * Message-ID check makes that harmless).
 */
#include <stdio.h>
#include <stdlib.h>

#include "judge/commands.h"
#include "judge/db.h"
#include "judge/receive.h"
#include "maildir/maildir.h"
#include "parser/error.h"

int cmd_maildir(struct judge *j, int argc, char **argv)
{
	char **names = NULL;
	int n = 0, failed = 0;

	if (argc != 2) {
		fprintf(stderr, "usage: judge maildir DIR\n");
		return 2;
	}
	if (maildir_scan(argv[1], &names, &n)) {
		fail_print();
		return 1;
	}
	long long now = judge_now(NULL);
	for (int i = 0; i < n; i++) {
		char *data = NULL;
		size_t len = 0;
		if (maildir_read(argv[1], names[i], &data, &len)) {
			fail_print();
			failed++;
			continue;
		}
		/* only after the commit is the message moved out of new/ */
		if (receive_message(j->db, &j->cfg, now, data, len) == 0) {
			crash_point("before-move");
			if (maildir_done(argv[1], names[i]))
				fail_print();
		} else {
			failed++;
		}
		free(data);
	}
	for (int i = 0; i < n; i++)
		free(names[i]);
	free(names);
	return failed ? 1 : 0;
}
