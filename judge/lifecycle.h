/*
 * lifecycle.h - a game's statuses and the moves between them.
 *
 * Owns: the one place a game changes status.  Every transition goes
 * through game_transition, which refuses the ones the diagram does not
 * have and keeps the clock right: a paused or suspended game keeps the
 * time that was left in its own column (paused_left) and gets a deadline
 * again when it goes on.
 *
 *                 START / the last seat filled
 *     forming ----------------------------------> active ------------------+
 *        |                                       |   ^   ^   |             |
 *        |                                 PAUSE |   |   |   | damaged     | solo, end,
 *        |                                       v   |   |   v state       | draw
 *        |                                   paused -+   +-- suspended     |
 *        |                                       |  RESUME  RESUME  ^      v
 *        |                                       |       (master,   |   finished
 *        |                                       |   state repaired)|
 *        |                                       +------------------+
 *        |                                          damaged state
 *        |  TERMINATE (master)
 *        +--------------------> terminated <--- active, paused, suspended
 *                                                (TERMINATE)
 *
 * A paused game can still be suspended (its state is found damaged when
 * it is read: it keeps the time it had left for RESUME).  A draw the
 * players vote for ends the game as a phase is processed, so only an
 * active game is drawn (PROCESS resumes a paused game first).
 *
 * terminated is final; finished is final but for the master's ROLLBACK
 * of the phase that ended the game, which makes it active again.  Stored
 * as text in games.status.
 */
#ifndef LIFECYCLE_H
#define LIFECYCLE_H

#include "base/error.h"

enum game_status {
	GS_FORMING,               /* taking players */
	GS_ACTIVE,                /* phases run to their deadlines */
	GS_PAUSED,                /* the master stopped the clock */
	GS_SUSPENDED,             /* its stored state is damaged: nothing runs
	                             until the admin repairs it */
	GS_FINISHED,              /* won, drawn, or ended by the rules */
	GS_TERMINATED,            /* ended by the master before its end */
	GS_NSTATUS
};

struct game;

/* "active" ... */
const char *status_name(enum game_status s);

/* The status called name, or -1. */
int status_by_name(const char *name);

/* 1 if orders and the clock mean something: active or paused. */
int status_in_play(enum game_status s);

/*
 * Move g to status to at time now (g is saved by the caller).  Pausing or
 * suspending keeps the time left until the deadline; going back to active
 * gives it back (at least an hour).  Returns 0, or -1 after fail() if the
 * diagram has no such move.
 */
MUST_CHECK int game_transition(struct game *g, enum game_status to, long long now);

#endif
