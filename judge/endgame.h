/*
 * endgame.h - the account of a game its last mail gives: the supply
 * centres each power held, phase by phase, and who played each power.
 */
#ifndef ENDGAME_H
#define ENDGAME_H

#include <sqlite3.h>

#include "judge/store.h"

/* Append to out the centre table of g (from its history in force and its
 * state now) and a summary of the game: phases played, and the players of
 * each seat with how they left.  Within 78 columns. */
void endgame_summary(sqlite3 *db, const struct game *g, struct strbuf *out);

#endif
