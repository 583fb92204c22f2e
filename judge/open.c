/*
 * open.c - what every command starts with: the config (with --db applied),
 * the database, and the time to act on.
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "judge/commands.h"
#include "judge/db.h"
#include "judge/store.h"

int judge_open(struct judge *j, struct config *c, sqlite3 **db)
{
	char err[600];
	if (config_load(c, j->config_path, err, sizeof err)) {
		fprintf(stderr, "judge: %s\n", err);
		return -1;
	}
	if (j->db_path)
		snprintf(c->db, sizeof c->db, "%s", j->db_path);
	if (!(*db = db_open(c->db, err, sizeof err))) {
		fprintf(stderr, "judge: %s\n", err);
		return -1;
	}
	return 0;
}


long long judge_now(const char *now_arg)
{
	const char *env = getenv("JUDGE_NOW");
	if (now_arg)
		return parse_time(now_arg);
	if (env && *env)
		return parse_time(env);
	return (long long)time(NULL);
}
