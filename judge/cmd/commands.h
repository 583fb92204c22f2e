/*
 * commands.h - the judge program's command-line commands, one file each,
 * as git's builtin/.  main.c's table gives each command its option bits;
 * judge_run applies them (the config, the database, the game named first)
 * so that no command repeats its start-up, and closes what it opened.
 */
#ifndef COMMANDS_H
#define COMMANDS_H

#include <sqlite3.h>

#include "judge/clock.h"
#include "judge/config.h"
#include "judge/store.h"

/* A command-line command's option bits: what it needs before it runs,
 * and how it fails.  (Not the role a mailed command needs: mailcmd.h.) */
enum command_opts {
	OPT_CONFIG = 1 << 0,      /* the config, with --db applied */
	OPT_DB = 1 << 1,          /* the database open (implies OPT_CONFIG) */
	OPT_GAME = 1 << 2,        /* argv[1] names a game, loaded into j->game */
	OPT_TEMPFAIL = 1 << 3,    /* a fault of the installation exits 75
	                             (EX_TEMPFAIL), so that an MTA keeps the mail */
	OPT_CONFIG_LAX = 1 << 4,  /* bad lines of the config do not stop it: the
	                             command reports them (config_problems()),
	                             with the rest read as the file says */
	OPT_DB_EXISTING = 1 << 5, /* with OPT_DB: the database must be there
	                             already; a command that only reads or
	                             exports one would make a mistyped --db
	                             into a new, empty database */
};

/* What every command gets: the global options, the environment (read
 * once, by main, so that no library function reads it), and what its
 * bits asked for. */
struct judge {
	const char *db_path;      /* --db, or NULL for the config's */
	const char *config_path;  /* --config, else $JUDGE_CONFIG, or NULL */
	const char *now_text;     /* $JUDGE_NOW: the time to act on, or NULL for
	                             the clock (judge_now) */
	int stats;                /* $JUDGE_STATS: print how many states were read */
	int cases_verbose;        /* $JUDGE_CASES_VERBOSE: show a failing case's output */
	struct config cfg;        /* OPT_CONFIG */
	sqlite3 *db;              /* OPT_DB */
	/* judge_run, for a command that runs others (the demo): through the
	 * context, so that no command file depends on the table that names it */
	int (*run)(struct judge *j, int argc, char **argv);
	struct game game;         /* OPT_GAME */
};

/* Run the command argv[0] with its options applied.  Returns its exit
 * code: 0 ok, 1 failure of what was asked, 2 usage, 75 a fault to retry. */
int judge_run(struct judge *j, int argc, char **argv);


/* Each returns an exit code as judge_run. */
int cmd_init(struct judge *j, int argc, char **argv);
int cmd_receive(struct judge *j, int argc, char **argv);
int cmd_maildir(struct judge *j, int argc, char **argv);
int cmd_cron(struct judge *j, int argc, char **argv);
int cmd_flush(struct judge *j, int argc, char **argv);
int cmd_cases(struct judge *j, int argc, char **argv);
int cmd_show(struct judge *j, int argc, char **argv);
int cmd_demo(struct judge *j, int argc, char **argv);
int cmd_replay(struct judge *j, int argc, char **argv);
int cmd_quarantine(struct judge *j, int argc, char **argv);
int cmd_backup(struct judge *j, int argc, char **argv);
int cmd_check_config(struct judge *j, int argc, char **argv);
int cmd_web(struct judge *j, int argc, char **argv);

/* check-config's checks of c (and of the games in db, if not NULL; else
 * in c's database if it exists), each problem and warning a line on out.
 * Returns the problems found (warnings are not counted). */
int config_check(const struct config *c, sqlite3 *db, FILE *out);

#endif
