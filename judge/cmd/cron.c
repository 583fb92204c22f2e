/*
 * cron.c - `judge cron [--now TIME] [--verbose]`: adjudicate every game whose deadline
 * (plus grace) has passed, or whose orders are all in with nobody waiting;
 * remind players who have not ordered as a deadline nears.  Each game is
 * its own transaction, so one damaged game does not hold up the others:
 * a game whose state is damaged is suspended (a fault of that game), one
 * whose variant cannot be loaded is skipped and named (a fault of the
 * installation, which the admin fixes and the next run retries).
 * Quiet on success, so that a mail from the crontab means a problem;
 * --verbose names the games whose phases it processed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "judge/cmd/commands.h"
#include "judge/db.h"
#include "judge/phase.h"
#include "judge/picture.h"
#include "judge/prune.h"
#include "judge/hooks.h"
#include "judge/send.h"
#include "judge/web.h"

/* At most this many phases of one game per run: a phase nobody needs to
 * order in is processed at once, but never in an endless loop. */
#define MAX_PHASES_PER_RUN 8

/* At the deadline itself, grace period or not, the seats still without
 * orders are told they are late, and the master who is: once a phase. */
static void tell_late(sqlite3 *db, const struct config *c, struct game *g, long long now)
{
	if (g->status != GS_ACTIVE || !g->vs.pos || now < g->deadline ||
	    db_int(db, "SELECT late_told FROM games WHERE name = ?", "t", -1, g->name) == g->phase_no)
		return;
	phase_late(db, c, g, now);
	db_run(db, "UPDATE games SET late_told = ? WHERE name = ?", "it", (long long)g->phase_no, g->name);
}

/* Commit a game's turn (a crash point before it, for killsafe.test), or
 * roll it back if the commit fails.  Returns 0, or -1 said on stderr. */
MUST_CHECK static int commit_game(sqlite3 *db)
{
	crash_point("cron-before-commit");
	if (db_commit(db)) {
		fail_print();
		db_rollback(db);
		return -1;
	}
	return 0;
}

/* One game's turn of cron, in its own transaction.  Returns the phases
 * processed, or -1 if the game was skipped (said on stderr). */
MUST_CHECK static int run_game(sqlite3 *db, const struct config *c, const char *name, long long now, int verbose)
{
	struct game g;
	int processed = 0;

	if (db_begin(db))
		return fail_print();
	if (game_load(db, name, &g)) {
		/* the installation's fault (its variant cannot be loaded): the
		 * game waits, untouched, and the other games go on */
		fprintf(stderr, "judge: game %s skipped: %s\n", name, fail_text());
		db_rollback(db);
		return -1;
	}
	if (game_suspend_damaged(db, c, &g, now)) {
		game_free(&g);
		/* skipped either way: suspended, or, if the commit failed (said
		 * on stderr), left as it was for the next run */
		if (commit_game(db))
			return -1;
		return -1;
	}
	tell_late(db, c, &g, now);
	while (g.status == GS_ACTIVE && processed < MAX_PHASES_PER_RUN &&
	       (now >= g.deadline + g.grace || phase_ready(db, &g))) {
		if (phase_process(db, c, &g, now)) {
			fprintf(stderr, "judge: game %s: %s\n", name, fail_text());
			break;
		}
		processed++;
	}
	/* a reminder before the deadline; after it, the late notice says it;
	 * never in the run whose results open the phase (a short retreat
	 * period starts inside the reminder window): the next run reminds */
	if (g.status == GS_ACTIVE && !processed && g.reminded != g.phase_no && now < g.deadline &&
	    now >= g.deadline - c->reminder_hours * 3600) {
		struct power_set missing = phase_missing(db, &g);
		if (!pset_empty(&missing))
			phase_remind(db, c, &g, now);
	}
	game_free(&g);
	if (commit_game(db))
		return -1;
	if (processed && verbose)
		printf("%s: %d phase%s processed\n", name, processed, processed == 1 ? "" : "s");
	return processed;
}

int cmd_cron(struct judge *j, int argc, char **argv)
{
	const char *now_arg = NULL;
	struct strbuf names = STRBUF_INIT;
	sqlite3_stmt *st;
	int failed = 0, verbose = 0;

	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--now") && i + 1 < argc)
			now_arg = argv[++i];
		else if (!strcmp(argv[i], "--verbose"))
			verbose = 1;
		else {
			fprintf(stderr, "usage: judge cron [--now TIME] [--verbose]\n");
			return 2;
		}
	}
	long long now = judge_now(now_arg);
	if (now < 0) {
		fprintf(stderr, "judge: --now wants " TIME_FORMS "\n");
		return 2;
	}
	st = db_prepare(j->db, "SELECT name FROM games WHERE status = ? ORDER BY name");
	sqlite3_bind_text(st, 1, status_name(GS_ACTIVE), -1, SQLITE_STATIC);
	while (sqlite3_step(st) == SQLITE_ROW)
		strbuf_addf(&names, "%s\n", sqlite3_column_text(st, 0));
	sqlite3_finalize(st);
	const char *rest = names.buf, *line;
	size_t len;
	while (str_next_line(&rest, &line, &len)) {
		char name[GAME_NAME_MAX + 1];
		snprintf(name, sizeof name, "%.*s", (int)len, line);
		failed |= run_game(j->db, &j->cfg, name, now, verbose) < 0;
	}
	strbuf_release(&names);
	/* after the games, which need nothing it deletes */
	if (prune_old(j->db, &j->cfg, now) < 0) {
		fprintf(stderr, "judge: old mail not pruned: %s\n", fail_text());
		failed = 1;
	}
	if (picture_prune(j->db, j->cfg.keep_picture_days, now) < 0) {
		fprintf(stderr, "judge: old pictures not pruned: %s\n", fail_text());
		failed = 1;
	}
	if (web_cron(j->db, &j->cfg) < 0) {
		fprintf(stderr, "judge: web site not written: %s\n", fail_text());
		failed = 1;
	}
	/* results and reminders leave in the run that made them */
	send_now(j->db, &j->cfg, now);
	return failed ? 1 : 0;
}
