/*
 * init.c - `judge init`: create the database, or bring its schema up to
 * date (any command does that on opening; this one does nothing else).
 */
#include <stdio.h>

#include "judge/commands.h"
#include "judge/db.h"

int cmd_init(struct judge *j, int argc, char **argv)
{
	(void)argv;
	if (argc != 1) {
		fprintf(stderr, "usage: judge init\n");
		return 2;
	}
	printf("%s: schema version %d\n", j->cfg.db, db_schema_version());
	return 0;
}
