/*
 * writelock.h - the writers' turn on a database: an flock on
 * "<database>.write", held from before BEGIN IMMEDIATE to after COMMIT
 * (writelock.c says why it is not SQLite's busy handler).
 */
#ifndef WRITELOCK_H
#define WRITELOCK_H

#include "base/error.h"

/* writelock_take's answer when this process already holds the turn. */
#define WRITELOCK_HELD 1

/* Wait for the turn to write the database at path, at most seconds.
 * Returns 0 once taken, WRITELOCK_HELD if this process has it already
 * (nothing to give back then), or -1 after fail(): the database stays
 * locked ("database is locked", as SQLite says it), or the lock file
 * cannot be opened. */
MUST_CHECK int writelock_take(const char *path, int seconds);

/* Give the turn back, if this process holds it. */
void writelock_drop(const char *path);

#endif
