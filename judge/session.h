/*
 * session.h - one incoming mail's commands, read line by line.
 *
 * Owns: the state of reading one message (who the sender is signed on
 * as, the orders collected so far, the reply being written) and the loop
 * that hands each line to its command (mailcmd.h) or, when signed on to a
 * game, takes it as an order.  Everything a message changes happens in
 * the caller's transaction; the reply is queued in the same transaction.
 */
#ifndef SESSION_H
#define SESSION_H

#include <sqlite3.h>

#include "judge/config.h"
#include "judge/store.h"
#include "parser/strbuf.h"

#define POWER_MASTER (-2)

struct session {
	sqlite3 *db;
	const struct config *cfg;
	long long now;
	const char *from;           /* the sender's address */
	struct strbuf reply;        /* the one reply to this message */
	const char *rest;           /* unread text, for multi-line commands */
	int done;                   /* SIGNOFF seen: ignore the rest */

	int signed_on;              /* game and power below are valid */
	struct game game;
	int power;                  /* a power index, or POWER_MASTER */
	struct strbuf orders;       /* order lines collected since SIGNON */
	int norder_lines;
	int told_unknown;           /* the "not a command" explanation was given */
};

/* Run every command in body.  Returns 0; problems are told in the reply. */
int session_run(struct session *s, const char *body);

/* Read the next raw line of the message for a multi-line command (PRESS):
 * copies it into line and returns 1, or 0 at the end of the message. */
int session_next_line(struct session *s, struct strbuf *line);

/* Store the orders collected so far (called before SIGNON, SIGNOFF and at
 * the end of the message). */
void session_flush_orders(struct session *s);

/* Sign off the current game, storing pending orders first. */
void session_signoff(struct session *s);

/* Append to the reply, printf-style. */
void reply(struct session *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* The name of power p of the signed-on game ("Rome", or "Master"). */
const char *power_name(const struct game *g, int p);

#endif
