/*
 * session_orders.h - the orders a signed-on seat gives in one mail.
 *
 * The seat's orders are checked once, as a set, when the orders end (the
 * front layer splits them by power), so a typo never leaves a seat
 * half-ordered.
 */
#ifndef SESSION_ORDERS_H
#define SESSION_ORDERS_H

#include "judge/session.h"

/*
 * Check lines (orders, or with standing, standing instructions) for the
 * signed-on seat as a set and, if none is rejected, store each power's
 * canonical text.  Appends the echo.  Returns the number of lines
 * rejected, or -1 if the lines gave nothing for any power.
 */
int session_store(struct session *s, int standing, const char *text, struct strbuf *echo);

/* Store the orders collected so far (called before SIGNON, SIGNOFF and at
 * the end of the message). */
void session_flush_orders(struct session *s);

/* Sign off the current game, storing pending orders first. */
void session_signoff(struct session *s);

#endif
