/*
 * commands.h - the judge program's command-line commands, one file each,
 * as git's builtin/: main.c parses the global options and looks the
 * command up in its table.
 */
#ifndef COMMANDS_H
#define COMMANDS_H

/* What every command gets: the global options. */
struct judge {
	const char *db_path;      /* --db, else config, else ./var/judge.db */
	const char *config_path;  /* --config, or NULL */
};

/* Each returns an exit code: 0 ok, 1 failure of what was asked, 2 usage. */
int cmd_cases(struct judge *j, int argc, char **argv);

#endif
