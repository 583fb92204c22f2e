/*
 * session_orders.h - the orders a signed-on seat gives in one mail.
 *
 * The seat's order lines are checked together when the orders end (the
 * front layer splits them by power) and stored line by line, as in
 * njudge: an accepted line is stored, a rejected one comes back with its
 * reason; standing instructions stay a set (one line rejected, none
 * stored).
 */
#ifndef SESSION_ORDERS_H
#define SESSION_ORDERS_H

#include "judge/session.h"

/*
 * Check lines (orders, or with standing, standing instructions) for the
 * signed-on seat and store each power's canonical text: of orders, the
 * lines accepted (a power whose every line was rejected keeps what it
 * had); of standing instructions, all of them if none is rejected.
 * Appends the echo.  Returns the number of lines rejected, or -1 if the
 * lines gave nothing for any power.
 */
int session_store(struct session *s, int standing, const char *text, struct strbuf *echo);

/* Store the orders collected so far (called before SIGNON, SIGNOFF and at
 * the end of the message). */
void session_flush_orders(struct session *s);

/* Sign off the current game, storing pending orders first. */
void session_signoff(struct session *s);

#endif
