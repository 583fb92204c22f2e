/*
 * dispatch.h - one incoming mail's commands, read line by line: each line
 * goes to its command (mailcmd.h) or, when signed on to a game, is taken
 * as an order (session_orders.h).  The context the commands share is
 * session.h's.
 */
#ifndef DISPATCH_H
#define DISPATCH_H

#include "judge/session.h"

/* Run every command in body.  Returns 0; problems are told in the reply. */
int session_run(struct session *s, const char *body);

#endif
