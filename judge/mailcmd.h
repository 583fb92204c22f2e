/*
 * mailcmd.h - the commands players and masters mail to the Judge, one file
 * each under judge/mailcmd/ (as git's builtin/), found in one table.
 */
#ifndef MAILCMD_H
#define MAILCMD_H

#include "judge/session.h"

enum need {
	NEED_NOTHING,         /* anyone may send it */
	NEED_SIGNON,          /* signed on to a game, as a power or master */
	NEED_POWER,           /* signed on as a power */
	NEED_MASTER,          /* signed on as the game's master */
};

/* What a command costs or claims, for the session's checks. */
enum mailcmd_flags {
	CMD_ROLE = 1 << 0,    /* takes or changes a role: guard_authentic */
	CMD_FILE = 1 << 1,    /* sends a file back: counted against max_gets */
	CMD_ORDERS = 1 << 2,  /* reads or removes stored orders: the order lines
	                       * before it in the mail are stored first */
};

struct mailcmd {
	const char *name;     /* upper case */
	enum need need;
	unsigned flags;       /* enum mailcmd_flags */
	/* args: the rest of the line after the command word, trimmed */
	void (*fn)(struct session *s, const char *args);
	const char *usage;    /* for HELP */
	/* the word of args (1: the first) from which the rest of the line is
	 * a secret, never kept in the master's log (masterlog.c); 0: the
	 * line carries none; SECRET_IN_SETTING: SET's table says which */
	int secret;
};

#define SECRET_IN_SETTING (-1)

/* The command whose name is word (any case), or NULL. */
const struct mailcmd *mailcmd_find(const char *word, size_t len);

/* Every command, for HELP: calls fn for each. */
void mailcmd_each(void (*fn)(const struct mailcmd *c, void *arg), void *arg);

/* Where the secret of a command line starts (an offset into line, which
 * begins with the command word), or -1 if its command carries none. */
long mailcmd_secret_at(const char *line);

/* The word of SET's args from which the line is a secret (2 for SET
 * PASSWORD <secret>), or 0 (mailcmd/set.c, which knows its settings). */
int mailcmd_set_secret(const char *args);

/* The game named at the start of args, else the signed-on game, loaded
 * into *g; *rest (if not NULL) points after the name.  Returns 0, or -1
 * after telling the sender. */
int mailcmd_game_arg(struct session *s, const char *args, struct game *g, const char **rest);

#define MAILCMD(name) void mailcmd_##name(struct session *s, const char *args)
MAILCMD(help);
MAILCMD(get);
MAILCMD(list);
MAILCMD(whogame);
MAILCMD(create);
MAILCMD(signon);
MAILCMD(signoff);
MAILCMD(observe);
MAILCMD(unobserve);
MAILCMD(press);
MAILCMD(broadcast);
MAILCMD(set);
MAILCMD(summary);
MAILCMD(history);
MAILCMD(resign);
MAILCMD(process);
MAILCMD(pause);
MAILCMD(resume);
MAILCMD(start);
MAILCMD(terminate);
MAILCMD(standing);
MAILCMD(refuse);
MAILCMD(orders);
MAILCMD(clear);
MAILCMD(eject);
MAILCMD(become);
MAILCMD(rollback);
MAILCMD(takeover);

/* GET map [<game> [<phase>]] and SET NOMAP / SET MAP (mailcmd/getmap.c). */
void mailcmd_get_map(struct session *s, const char *args);
void mailcmd_set_nomap(struct session *s, const char *value);
void mailcmd_set_map(struct session *s, const char *value);

#endif
