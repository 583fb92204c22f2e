/*
 * mailcmd.h - the commands players and masters mail to the Judge, one file
 * each under judge/mailcmd/ (as git's builtin/), found in one table: the
 * shape of its rows, every command's function, and the two questions a
 * row answers (which command a word is, where a line's secret starts).
 *
 * The table itself is the dispatcher's (dispatch.c), which alone calls
 * the commands; a command that needs it (HELP) finds it in the session,
 * so no command depends on the dispatcher.
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
	 * line carries none */
	int secret;
	/* or, where the command's own table says which word (SET
	 * PASSWORD), the function that reads it from args (0: none) */
	int (*secret_in)(const char *args);
};

/* The command of table (ended by a row without a name) whose name is
 * word (any case), or NULL. */
const struct mailcmd *mailcmd_find(const struct mailcmd *table, const char *word, size_t len);

/* Where the secret of a command line starts (an offset into line, which
 * begins with the command word), or -1 if its command in table carries
 * none. */
long mailcmd_secret_at(const struct mailcmd *table, const char *line);

/* The word of SET's args from which the line is a secret (2 for SET
 * PASSWORD <secret>), or 0 (mailcmd/set.c, which knows its settings). */
int mailcmd_set_secret(const char *args);

/* The commands, each in judge/mailcmd/<name>.c; args is the rest of the
 * line after the command word, trimmed.  Each tells the sender what it did
 * or why it did nothing in the reply. */
void mailcmd_help(struct session *s, const char *args);
void mailcmd_get(struct session *s, const char *args);
void mailcmd_list(struct session *s, const char *args);
void mailcmd_whogame(struct session *s, const char *args);
void mailcmd_create(struct session *s, const char *args);
void mailcmd_signon(struct session *s, const char *args);
void mailcmd_signoff(struct session *s, const char *args);
void mailcmd_observe(struct session *s, const char *args);
void mailcmd_unobserve(struct session *s, const char *args);
void mailcmd_press(struct session *s, const char *args);
void mailcmd_broadcast(struct session *s, const char *args);
void mailcmd_set(struct session *s, const char *args);
void mailcmd_summary(struct session *s, const char *args);
void mailcmd_history(struct session *s, const char *args);
void mailcmd_resign(struct session *s, const char *args);
void mailcmd_process(struct session *s, const char *args);
void mailcmd_pause(struct session *s, const char *args);
void mailcmd_resume(struct session *s, const char *args);
void mailcmd_start(struct session *s, const char *args);
void mailcmd_terminate(struct session *s, const char *args);
void mailcmd_standing(struct session *s, const char *args);
void mailcmd_refuse(struct session *s, const char *args);
void mailcmd_orders(struct session *s, const char *args);
void mailcmd_clear(struct session *s, const char *args);
void mailcmd_eject(struct session *s, const char *args);
void mailcmd_become(struct session *s, const char *args);
void mailcmd_rollback(struct session *s, const char *args);
void mailcmd_takeover(struct session *s, const char *args);

/* GET map [<game> [<phase>]] and SET NOMAP / SET MAP (mailcmd/getmap.c). */
void mailcmd_get_map(struct session *s, const char *args);
void mailcmd_set_nomap(struct session *s, const char *value);
void mailcmd_set_map(struct session *s, const char *value);

/* SIGNON for vacant seat of s->game with password pw: keep the request
 * (the password hashed) and ask the master; tell the sender
 * (mailcmd/takeover.c, beside TAKEOVER which approves it). */
void takeover_ask(struct session *s, int seat, const char *pw);

#endif
