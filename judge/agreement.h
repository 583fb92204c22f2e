/*
 * agreement.h - the end of a game by the players' agreement: a draw or a
 * concession, as njudge plays them.
 *
 * Owns: deciding, from the votes stored in players (draw, draw_with,
 * concede), whether the players still in a game agree.  Votes last one
 * phase; the agreement is looked at after the phase's orders are
 * adjudicated, so a solo reached in that phase stands over it (the caller
 * asks only when the rules did not end the game).
 *
 *   A player "still in" plays a seat (has not left) with a power still
 *   in the game; a player whose powers were all knocked out has no vote.
 *   DIAS (the default): a draw includes every power still in the game,
 *   and passes when every player still in has voted SET DRAW; powers
 *   without a player (resigned, abandoned, ejected) are included and
 *   count as consenting, from the phase after they lost their player: a
 *   player abandoned for lateness by the phase being processed was still
 *   playing while its votes were open, so its vote is needed in that
 *   phase like anyone's (a player who never voted stops the draw).
 *   NODIAS (SET NODIAS, the master): each vote names the powers of the
 *   draw; it passes when every player still in names the same ones.
 *   A concession to a power passes when every player still in, but the
 *   one playing that power, has voted SET CONCEDE to it.
 */
#ifndef AGREEMENT_H
#define AGREEMENT_H

#include <sqlite3.h>

#include "judge/store.h"

enum agreement {
	AGREE_NONE,
	AGREE_DRAW,
	AGREE_CONCEDE,
};

/*
 * played: the number of the phase just processed when the agreement is
 * looked at after it (its votes were open while it was played), else -1.
 * What the players still in g agree on now, read against g's state (the
 * powers still in the game).  result gets what games.result says ("draw
 * between Carthage, Egypt and Rome", "Rome wins by concession").  A game
 * nobody plays any more agrees on nothing.
 */
enum agreement draw_agreement(sqlite3 *db, const struct game *g, int played, struct strbuf *result);

/* 1 if g's draws name their powers (SET NODIAS). */
int draw_nodias(sqlite3 *db, const struct game *g);

#endif
