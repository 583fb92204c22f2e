/*
 * web.c - `judge web DIR`: write the games' whole static site into DIR
 * (layout: judge/web.h).  Every page is made; files whose bytes did not
 * change are left untouched.  When DIR is the config's web_dir, cron's
 * bookkeeping is brought up to date too, so its next pass starts from
 * this one.
 */
#include <stdio.h>
#include <string.h>

#include "judge/cmd/commands.h"
#include "judge/db.h"
#include "judge/web.h"

int cmd_web(struct judge *j, int argc, char **argv)
{
	char url[1100];
	struct web_site s = { j->db, NULL, url, j->cfg.hostname, 1, 0, 0 };
	int rc;

	if (argc != 2) {
		fprintf(stderr, "usage: judge web DIR\n");
		return 2;
	}
	s.dir = argv[1];
	s.keep_books = j->cfg.web_dir[0] && !strcmp(j->cfg.web_dir, s.dir);
	snprintf(url, sizeof url, "%s%s", j->cfg.web_url,
	         j->cfg.web_url[0] && j->cfg.web_url[strlen(j->cfg.web_url) - 1] != '/' ? "/" : "");
	if (db_begin(j->db))
		return fail_print(), 1;
	rc = web_write_site(&s);
	if (rc) {
		fail_print();
		db_rollback(j->db);
		return 1;
	}
	if (db_commit(j->db))
		return fail_print(), 1;
	return 0;
}
