/*
 * commands.h - the judge program's command-line commands, one file each,
 * as git's builtin/: main.c parses the global options and looks the
 * command up in its table.
 */
#ifndef COMMANDS_H
#define COMMANDS_H

#include <sqlite3.h>

#include "judge/config.h"
#include "judge/store.h"

/* What every command gets: the global options. */
struct judge {
	const char *db_path;      /* --db, or NULL for the config's */
	const char *config_path;  /* --config, or NULL */
};

/* Load the config (applying --db) and open the database.  Returns 0, or
 * -1 after printing why. */
int judge_open(struct judge *j, struct config *c, sqlite3 **db);

/* judge_open, then load the game called name into *g.  Returns 0, or -1
 * after printing why (and closing the database). */
int judge_open_game(struct judge *j, const char *name, struct config *c, sqlite3 **db,
                    struct game *g);

/* The time to act on: now_arg if given, else $JUDGE_NOW, else the clock.
 * Returns -1 if the given time cannot be read. */
long long judge_now(const char *now_arg);

/* Each returns an exit code: 0 ok, 1 failure of what was asked, 2 usage. */
int cmd_init(struct judge *j, int argc, char **argv);
int cmd_receive(struct judge *j, int argc, char **argv);
int cmd_maildir(struct judge *j, int argc, char **argv);
int cmd_cron(struct judge *j, int argc, char **argv);
int cmd_flush(struct judge *j, int argc, char **argv);
int cmd_cases(struct judge *j, int argc, char **argv);
int cmd_show(struct judge *j, int argc, char **argv);
int cmd_demo(struct judge *j, int argc, char **argv);
int cmd_replay(struct judge *j, int argc, char **argv);

#endif
