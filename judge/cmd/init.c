/*
 * init.c - `judge init`: create the database, or bring its schema up to
 * date (any command does that on opening), and tell what check-config
 * finds, since an admin making the database is setting the Judge up; the
 * problems are told, not fatal: the database is made all the same.
 */
#include <stdio.h>

#include "judge/cmd/commands.h"
#include "judge/db.h"

int cmd_init(struct judge *j, int argc, char **argv)
{
	(void)argv;
	if (argc != 1) {
		fprintf(stderr, "usage: judge init\n");
		return 2;
	}
	printf("%s: schema version %d\n", j->cfg.db, db_schema_version());
	if (config_check(&j->cfg, j->db, stdout))
		printf("judge check-config tells the same problems; fix them before mail comes\n");
	return 0;
}
