/*
 * phase.h - a game's life between deadlines: starting it when the last
 * player joins, deciding when a phase is ready, adjudicating it, and the
 * mail each of those sends.  Callers hold the transaction.
 */
#ifndef PHASE_H
#define PHASE_H

#include <sqlite3.h>

#include "judge/config.h"
#include "judge/store.h"

/* 1 if every power that has something to order has sent orders, no
 * active player has WAIT set, and the game is active. */
int phase_ready(sqlite3 *db, const struct game *g);

/* Powers that must order and have not, as a bit mask. */
unsigned phase_missing(sqlite3 *db, const struct game *g);

/* Start forming game g whose last player just joined: assign powers by
 * preference (ties at random), set up the first phase, mail everyone. */
void game_start(sqlite3 *db, const struct config *c, struct game *g, long long now);

/* Adjudicate g's phase now: store the history, open the next phase (or
 * end the game), mail the results to everyone.  Returns 0, -1 on error. */
int phase_process(sqlite3 *db, const struct config *c, struct game *g, long long now);

/* Mail every player who has not ordered a reminder of the deadline. */
void phase_remind(sqlite3 *db, const struct config *c, struct game *g, long long now);

/* End g as a draw among the players still in it, and tell everyone. */
void game_draw(sqlite3 *db, const struct config *c, struct game *g, long long now);

/* Mail text to everyone who follows g, each their own copy; private
 * information of a power is added to its player's copy only. */
void game_mail_all(sqlite3 *db, const struct config *c, const struct game *g, long long now,
                   const char *subject, const char *text, int with_private);

#endif
