/*
 * main.c - the judge program: global options, then one command from the
 * table below, run by judge_run with the start-up its option bits ask
 * for.  Exit codes: 0 ok, 1 failure of what was asked, 2 usage, 75 a
 * fault of the installation under `receive` (the MTA retries).
 */
#include <errno.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "judge/clock.h"
#include "judge/cmd/commands.h"
#include "judge/db.h"
#include "judge/hooks.h"
#include "variants/datadir.h"

/*
 * Fontconfig (under cairo, for the map pictures) keeps its font cache in
 * $XDG_CACHE_HOME or ~/.cache.  An MTA's pipe gives the Judge neither, so
 * where no system cache is up to date (no fc-cache run since the fonts
 * came) every picture printed "Fontconfig error: No writable cache
 * directories" into the mail log.  Then the cache goes beside the
 * database, the one folder the Judge's user is sure to own.
 */
static void font_cache_home(const char *db)
{
	char path[1100], dir[1200];

	if (getenv("XDG_CACHE_HOME") || getenv("HOME"))
		return;
	snprintf(path, sizeof path, "%s", db);
	snprintf(dir, sizeof dir, "%s/.cache", dirname(path));
	setenv("XDG_CACHE_HOME", dir, 0);
}

static const struct command {
	const char *name;
	int (*fn)(struct judge *j, int argc, char **argv);
	unsigned opts;            /* enum command_opts */
	const char *usage;
} commands[] = {
	{ "init", cmd_init, OPT_DB, "init                   create or upgrade the database" },
	{ "receive", cmd_receive, OPT_DB | OPT_TEMPFAIL,
	  "receive [FILE]         process one message (stdin by default)" },
	{ "maildir", cmd_maildir, OPT_DB, "maildir [--time-limit SECONDS] DIR\n"
	  "                         process every message in DIR/new, each for at most SECONDS (120)" },
	{ "cron", cmd_cron, OPT_DB, "cron [--now TIME] [--verbose]\n"
	  "                         adjudicate due games, send reminders" },
	{ "flush", cmd_flush, OPT_DB, "flush [--maildir DIR | --sendmail CMD | --smtp HOST[:PORT]] [--quiet]\n"
	  "                         deliver queued mail" },
	{ "cases", cmd_cases, OPT_CONFIG, "cases FILE...          run rules test cases (jDip format, or the generic one)" },
	{ "show", cmd_show, OPT_DB | OPT_DB_EXISTING | OPT_GAME, "show GAME [--json]     the game as its master sees it" },
	{ "replay", cmd_replay, OPT_DB | OPT_DB_EXISTING | OPT_GAME,
	  "replay GAME            adjudicate a game's history again and compare" },
	{ "quarantine", cmd_quarantine, OPT_DB | OPT_DB_EXISTING,
	  "quarantine [list | release ID]\n"
	  "                         mail that failed the Judge too often, and letting it through" },
	{ "backup", cmd_backup, OPT_DB | OPT_DB_EXISTING,
	  "backup [--verbose] [DIR | FILE]\n"
	  "                         a consistent copy of the database, dated, the newest backup_keep kept" },
	{ "web", cmd_web, OPT_DB | OPT_DB_EXISTING, "web DIR                write the games' static web site into DIR" },
	{ "check-config", cmd_check_config, OPT_CONFIG | OPT_CONFIG_LAX,
	  "check-config           report every problem of the config; exit 1 if any" },
	{ "demo", cmd_demo, OPT_CONFIG, "demo                   play a short scripted game through the mail path" },
};

static int usage(void)
{
	fprintf(stderr, "usage: judge [--db FILE] [--config FILE] COMMAND ...\n"
	        "       judge --version\n");
	for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
		fprintf(stderr, "  %s\n", commands[i].usage);
	fprintf(stderr, "\nConfig file keys (--config FILE or $JUDGE_CONFIG, \"key = value\"):\n");
	config_describe(stderr);
	return 2;
}

/* For OPT_DB_EXISTING: 0 if the database at path is there, or -1 after
 * fail().  Only a missing file is this error; one that cannot be read is
 * db_open's to say. */
static int db_exists(const char *path)
{
	struct stat st;

	if (stat(path, &st) && errno == ENOENT)
		return fail("%s: no such database (judge init creates one)", path);
	return 0;
}

/* The start-up c->opts asks for.  Returns 0, or the exit code to give. */
static int start(struct judge *j, const struct command *c, int argc, char **argv)
{
	int fault = c->opts & OPT_TEMPFAIL ? 75 : 1;

	if (j->now_text && parse_time(j->now_text) < 0) {
		fprintf(stderr, "judge: JUDGE_NOW wants " TIME_FORMS "\n");
		return 2;
	}
	if (c->opts & (OPT_CONFIG | OPT_DB)) {
		if (config_load(&j->cfg, j->config_path) && !(c->opts & OPT_CONFIG_LAX)) {
			/* every problem, so that one round of edits mends them */
			for (const char *p = config_problems(), *nl; *p; p = nl + 1) {
				nl = strchr(p, '\n');
				fprintf(stderr, "judge: %.*s\n", (int)(nl - p), p);
			}
			return fault;
		}
		if (j->db_path)
			snprintf(j->cfg.db, sizeof j->cfg.db, "%s", j->db_path);
	}
	/* a usage error: the path given is wrong, nothing is at fault */
	if ((c->opts & OPT_DB_EXISTING) && db_exists(j->cfg.db))
		return fail_print(), 2;
	if ((c->opts & OPT_DB) && !(j->db = db_open(j->cfg.db)))
		return fail_print(), fault;
	if (c->opts & OPT_DB)
		font_cache_home(j->cfg.db);
	if (c->opts & OPT_GAME) {
		char key[GAME_NAME_MAX + 1];
		int rc;
		if (argc < 2) {
			fprintf(stderr, "usage: judge %s\n", c->usage);
			return 2;
		}
		rc = game_name_ok(argv[1], key) ? game_load(j->db, key, &j->game) : 1;
		if (rc > 0)
			fprintf(stderr, "judge: no such game '%s'\n", argv[1]);
		else if (rc < 0)
			fail_print();
		if (rc)
			return fault;
	}
	return 0;
}

int judge_run(struct judge *j, int argc, char **argv)
{
	const struct command *c = NULL;
	int rc;

	for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
		if (!strcmp(argv[0], commands[i].name))
			c = &commands[i];
	if (!c) {
		fprintf(stderr, "judge: unknown command '%s'\n", argv[0]);
		return usage();
	}
	die_code = c->opts & OPT_TEMPFAIL ? 75 : 1;
	clock_set(j->now_text);
	memset(&j->game, 0, sizeof j->game);
	j->db = NULL;
	rc = start(j, c, argc, argv);
	if (rc == 0)
		rc = c->fn(j, argc, argv);
	if (c->opts & OPT_GAME)
		game_free(&j->game);
	if (j->db)
		db_close(j->db);
	j->db = NULL;
	if (j->stats)
		fprintf(stderr, "judge: %ld state%s read\n", vstate_reads(), vstate_reads() == 1 ? "" : "s");
	return rc;
}

/* The environment the Judge reads, once, before any command runs: a
 * library function is handed what it needs instead, so that its
 * behaviour is given by its arguments.  (TZ is tz.c's, fontconfig's
 * cache folder font_cache_home's, both for the C libraries below.) */
static void read_env(struct judge *j)
{
	const char *config = getenv("JUDGE_CONFIG"), *now = getenv("JUDGE_NOW");

	if (config && *config)
		j->config_path = config;
	if (now && *now)
		j->now_text = now;
	j->stats = getenv("JUDGE_STATS") != NULL;
	j->cases_verbose = getenv("JUDGE_CASES_VERBOSE") != NULL;
}

int main(int argc, char **argv)
{
	struct judge j;
	int i = 1;

	memset(&j, 0, sizeof j);
	read_env(&j);
	for (; i < argc && argv[i][0] == '-'; i++) {
		if (!strcmp(argv[i], "--db") && i + 1 < argc)
			j.db_path = argv[++i];
		else if (!strcmp(argv[i], "--config") && i + 1 < argc)
			j.config_path = argv[++i];
		else if (!strcmp(argv[i], "--version")) {
			printf("judge %s\n", JUDGE_VERSION);
			return 0;
		}
		else
			return usage();
	}
	if (i >= argc)
		return usage();
	hooks_init(getenv("JUDGE_CRASH_AT"), getenv("JUDGE_HANG_AT"), getenv("JUDGE_CRASH_MAIL"));
	variants_dir_set(getenv("JUDGE_VARIANTS"));
	j.run = judge_run;
	return judge_run(&j, argc - i, argv + i);
}
