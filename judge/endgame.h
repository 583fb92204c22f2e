/*
 * endgame.h - the account of a game its last mail gives: the figures the
 * family is won by (variant_score: supply centres, areas, bellicosity ...)
 * for each power, phase by phase, and who played each power.
 */
#ifndef ENDGAME_H
#define ENDGAME_H

#include <sqlite3.h>

#include "judge/store.h"

/* Append to out a summary of g: phases played, a table per measure of its
 * family's score (from its history in force and its state now), and the
 * players of each seat with how they left.  Within 78 columns.  A database
 * failure is db_die()'s. */
void endgame_summary(sqlite3 *db, const struct game *g, struct strbuf *out);

/* The part of it a game under way shows too (SUMMARY): the score tables
 * and who played each seat, from which phase until which, and how they
 * left. */
void endgame_record(sqlite3 *db, const struct game *g, struct strbuf *out);

#endif
