/*
 * masterlog.h - the log of everything a game's master does by mail: each
 * command, and the order lines given after BECOME, with the time and the
 * phase, kept in the game's history (master_log) and shown by HISTORY.
 */
#ifndef MASTERLOG_H
#define MASTERLOG_H

#include "judge/session.h"

/* Log line, sent by the signed-on master of s->game (the secret its
 * command carries, if any, is not kept). */
void masterlog_add(struct session *s, const char *line);

/* Append the log of g, oldest first, to the reply of s: no secret, and
 * the lines given after BECOME in a phase not yet processed only if s is
 * signed on as g's master. */
void masterlog_show(struct session *s, const struct game *g);

#endif
