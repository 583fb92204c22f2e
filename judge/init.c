/*
 * init.c - `judge init`: create the database, or bring its schema up to
 * date (any command does that on opening; this one does nothing else).
 */
#include <stdio.h>

#include "judge/commands.h"
#include "judge/db.h"

int cmd_init(struct judge *j, int argc, char **argv)
{
	struct config c;
	sqlite3 *db;

	(void)argv;
	if (argc != 1) {
		fprintf(stderr, "usage: judge init\n");
		return 2;
	}
	if (judge_open(j, &c, &db))
		return 1;
	printf("%s: schema version %d\n", c.db, db_schema_version());
	db_close(db);
	return 0;
}
