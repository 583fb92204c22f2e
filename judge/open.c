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


int judge_open_game(struct judge *j, const char *name, struct config *c, sqlite3 **db,
                    struct game *g)
{
	char err[200], key[GAME_NAME_MAX + 1];
	int rc;

	if (judge_open(j, c, db))
		return -1;
	rc = game_name_ok(name, key) ? game_load(*db, key, g, err, sizeof err) : 1;
	if (rc) {
		fprintf(stderr, "judge: %s\n", rc > 0 ? "no such game" : err);
		db_close(*db);
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
