/*
 * session.h - the context every mail command works in: one incoming
 * mail's state (who the sender is signed on as, the orders collected so
 * far, the reply being written), the reply, and loading a game.
 *
 * Owns only what the commands share, so that they depend on it and it on
 * none of them: the loop that hands each line to its command is the
 * dispatcher's (dispatch.h), the orders a seat gives are
 * session_orders.h's.  Everything a message changes happens in the
 * caller's transaction; the reply is queued in the same transaction.
 *
 * A sender signs on to a seat (by the letter of its first power) or as
 * the master.  A fault of the installation met on the way (a game whose
 * variant cannot be loaded) sets fault: the caller then throws the whole
 * message's work away and the MTA keeps the mail for later.
 */
#ifndef SESSION_H
#define SESSION_H

#include <sqlite3.h>

#include "judge/config.h"
#include "judge/store.h"
#include "base/error.h"
#include "base/strbuf.h"

#define SEAT_MASTER (-2)

struct mailcmd;

struct session {
	sqlite3 *db;
	const struct config *cfg;
	long long now;
	const char *from;           /* the sender's address */
	struct strbuf reply;        /* the one reply to this message */
	const char *rest;           /* unread text, for multi-line commands */
	const char *end;            /* the end of the text (its NUL) */
	int done;                   /* SIGNOFF seen: ignore the rest */
	char pending[1024];         /* read before rest: what followed the
	                               password on a SIGNON line, which njudge
	                               players write as the mail's next line */

	int signed_on;              /* game and seat below are valid */
	struct game game;
	int seat;                   /* the seat (its first power), or SEAT_MASTER */
	int became;                 /* the master acts as seat (BECOME) */
	struct power_set powers;    /* the powers the seat commands */
	struct strbuf orders;       /* order lines collected since SIGNON */
	int norder_lines;
	char joined[GAME_NAME_MAX + 1]; /* the forming game this address joined
	                               and signed on to (SIGNON ?game): for SET
	                               PREFERENCE before the powers are dealt */
	int told_unknown;           /* the "not a command" explanation was given */
	int proven;                 /* a password of this mail opened a seat, the
	                               master or a joined game: the reply is to
	                               its owner's own mail (outbox_reply) */
	int fault;                  /* an installation fault: undo everything */
	const char *auth_results;   /* the mail's Authentication-Results, or NULL */
	/* what this mail has cost so far, against the config's limits */
	int nlines, ncommands, ngets, npress;
	size_t press_bytes;       /* of the press this mail has sent */
	long long picture;          /* the map picture to attach (GET map), or 0 */
	const struct mailcmd *commands; /* the dispatcher's table, ended by a
	                               row without a name: HELP lists it, and
	                               the master's log hides the secrets its
	                               rows name, without either depending on
	                               the dispatcher */
};

/* Read the next raw line of the message for a multi-line command (PRESS):
 * copies it into line and returns 1, or 0 at the end of the message. */
int session_next_line(struct session *s, struct strbuf *line);

/* Append to the reply, printf-style; nothing once it is full. */
void reply(struct session *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* 1 once the reply is over the config's max_reply_bytes: the rest of it
 * would be cut when it is queued, so nothing more is added (code that
 * appends to s->reply itself asks first). */
int reply_full(const struct session *s);

/* The name of seat of the signed-on game ("Rome", or "Master"). */
const char *seat_name(const struct game *g, int seat);

/*
 * Load the game called name for a command: returns 0 with *g loaded,
 * SESSION_NO_GAME after telling the sender there is no such game, or -1
 * after setting
 * s->fault (the variant cannot be loaded: the mail must wait).  A game
 * whose state is damaged is suspended here and the sender told; it still
 * loads, with g->vs.pos NULL.
 */
#define SESSION_NO_GAME 1
MUST_CHECK int session_load_game(struct session *s, const char *name, struct game *g);

/* The game named at the start of args, else the signed-on game, loaded
 * into *g; *rest (if not NULL) points after the name.  Returns 0,
 * SESSION_NO_GAME after telling the sender, or -1 after setting s->fault
 * (as session_load_game). */
MUST_CHECK int session_game_arg(struct session *s, const char *args, struct game *g,
                                const char **rest);

#endif
