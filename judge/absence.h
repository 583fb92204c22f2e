/*
 * absence.h - absences players announce (SET ABSENCE, as njudge's
 * data/absence): the player names the days, the master grants or
 * refuses, and while a granted absence lasts no deadline of the game
 * falls in it.
 */
#ifndef ABSENCE_H
#define ABSENCE_H

#include <sqlite3.h>

#include "judge/store.h"

/* The longest absence one request may ask for, in days. */
#define ABSENCE_MAX_DAYS 14

/* A deadline t of g moved past every absence granted in g that it falls
 * in: to a day after the absence ends. */
long long absence_adjust(sqlite3 *db, const struct game *g, long long t);

#endif
