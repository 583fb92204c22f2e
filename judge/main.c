/*
 * main.c - the judge program: global options, then one command from the
 * table below.  Exit codes: 0 ok, 1 failure of what was asked, 2 usage.
 */
#include <stdio.h>
#include <string.h>

#include "judge/commands.h"
#include "judge/config.h"

static const struct command {
	const char *name;
	int (*fn)(struct judge *j, int argc, char **argv);
	const char *usage;
} commands[] = {
	{ "init", cmd_init, "init                   create or upgrade the database" },
	{ "receive", cmd_receive, "receive [FILE]         process one message (stdin by default)" },
	{ "maildir", cmd_maildir, "maildir DIR            process every message in DIR/new" },
	{ "cron", cmd_cron, "cron [--now TIME]      adjudicate due games, send reminders" },
	{ "flush", cmd_flush, "flush [--maildir DIR | --sendmail CMD | --smtp HOST[:PORT]]\n"
	  "                         deliver queued mail" },
	{ "cases", cmd_cases, "cases FILE...          run rules test cases (jDip format)" },
	{ "show", cmd_show, "show GAME [--json]     the game as its master sees it" },
	{ "replay", cmd_replay, "replay GAME            adjudicate a game's history again and compare" },
	{ "demo", cmd_demo, "demo                   play a short scripted game through the mail path" },
};

static int usage(void)
{
	fprintf(stderr, "usage: judge [--db FILE] [--config FILE] COMMAND ...\n");
	for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
		fprintf(stderr, "  %s\n", commands[i].usage);
	fprintf(stderr, "\nConfig file keys (--config FILE or $JUDGE_CONFIG, \"key = value\"):\n");
	config_describe(stderr);
	return 2;
}

int main(int argc, char **argv)
{
	struct judge j = { NULL, NULL };
	int i = 1;

	for (; i < argc && argv[i][0] == '-'; i++) {
		if (!strcmp(argv[i], "--db") && i + 1 < argc)
			j.db_path = argv[++i];
		else if (!strcmp(argv[i], "--config") && i + 1 < argc)
			j.config_path = argv[++i];
		else if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h"))
			return usage();
		else
			return usage();
	}
	if (i >= argc)
		return usage();
	for (size_t c = 0; c < sizeof commands / sizeof commands[0]; c++)
		if (!strcmp(argv[i], commands[c].name))
			return commands[c].fn(&j, argc - i, argv + i);
	fprintf(stderr, "judge: unknown command '%s'\n", argv[i]);
	return usage();
}
