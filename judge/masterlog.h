/*
 * masterlog.h - the log of everything a game's master does by mail: each
 * command, and the order lines given after BECOME, with the time and the
 * phase, kept in the game's history (master_log) and shown by HISTORY.
 */
#ifndef MASTERLOG_H
#define MASTERLOG_H

#include "judge/session.h"

/* Log line, sent by the signed-on master of s->game; secret_at is where
 * the secret its command carries starts (an offset into line), or -1 if
 * it carries none: the caller knows the commands, the log does not.  The
 * secret is not kept.  Returns the line's id, for masterlog_drop. */
long long masterlog_add(struct session *s, const char *line, long secret_at);

/* Take back the line masterlog_add gave id: its command was refused or
 * changed nothing (LIST, SIGNOFF, a SET the Judge rejected), and the log
 * is of what the master did to the game, not of what he read. */
void masterlog_drop(struct session *s, long long id);

/* Where the secret of a logged command line starts, or -1 (arg: the
 * caller's own, such as the table of commands). */
typedef long masterlog_secret_fn(const char *line, const void *arg);

/* Append the log of g, oldest first, to the reply of s: no secret (each
 * line cut where secret_at says, for rows older versions stored whole),
 * and the lines given after BECOME in a phase not yet processed only if
 * s is signed on as g's master. */
void masterlog_show(struct session *s, const struct game *g, masterlog_secret_fn *secret_at,
                    const void *arg);

#endif
