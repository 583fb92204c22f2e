/*
 * cron.c - `judge cron [--now TIME]`: adjudicate every game whose deadline
 * (plus grace) has passed, or whose orders are all in with nobody waiting;
 * remind players who have not ordered as a deadline nears.  Each game is
 * its own transaction, so one damaged game does not hold up the others.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "judge/commands.h"
#include "judge/db.h"
#include "judge/phase.h"
#include "judge/receive.h"

/* At most this many phases of one game per run: a phase nobody needs to
 * order in is processed at once, but never in an endless loop. */
#define MAX_PHASES_PER_RUN 8

static int run_game(sqlite3 *db, const struct config *c, const char *name, long long now)
{
	struct game g;
	char err[200];
	int processed = 0;

	if (db_begin(db))
		return -1;
	if (game_load(db, name, &g, err, sizeof err)) {
		fprintf(stderr, "judge: game %s: %s\n", name, err);
		db_rollback(db);
		return -1;
	}
	while (!strcmp(g.status, "active") && processed < MAX_PHASES_PER_RUN &&
	       (now >= g.deadline + g.grace || phase_ready(db, &g))) {
		phase_process(db, c, &g, now);
		processed++;
	}
	if (!strcmp(g.status, "active") && g.reminded != g.phase_no &&
	    now >= g.deadline - c->reminder_hours * 3600 && phase_missing(db, &g))
		phase_remind(db, c, &g, now);
	game_free(&g);
	crash_point("cron-before-commit");
	if (db_commit(db)) {
		db_rollback(db);
		return -1;
	}
	if (processed)
		printf("%s: %d phase%s processed\n", name, processed, processed == 1 ? "" : "s");
	return processed;
}

int cmd_cron(struct judge *j, int argc, char **argv)
{
	struct config c;
	sqlite3 *db;
	const char *now_arg = NULL;
	struct strbuf names = STRBUF_INIT;
	sqlite3_stmt *st;
	int failed = 0;

	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--now") && i + 1 < argc)
			now_arg = argv[++i];
		else {
			fprintf(stderr, "usage: judge cron [--now TIME]\n");
			return 2;
		}
	}
	long long now = judge_now(now_arg);
	if (now < 0) {
		fprintf(stderr, "judge: --now wants ISO 8601 (2026-11-23T18:00Z) or epoch seconds\n");
		return 2;
	}
	if (judge_open(j, &c, &db))
		return 1;
	st = db_prepare(db, "SELECT name FROM games WHERE status = 'active' ORDER BY name");
	while (sqlite3_step(st) == SQLITE_ROW)
		strbuf_addf(&names, "%s\n", sqlite3_column_text(st, 0));
	sqlite3_finalize(st);
	char *save = NULL;
	for (char *n = strtok_r(names.buf, "\n", &save); n; n = strtok_r(NULL, "\n", &save))
		failed |= run_game(db, &c, n, now) < 0;
	strbuf_release(&names);
	db_close(db);
	return failed ? 1 : 0;
}
