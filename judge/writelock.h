/*
 * writelock.h - the writers' turn on a database: first come, first
 * served (a queue in "<database>.queue"), then an flock on
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

/* Wait for an exclusive flock of fd, at most seconds (> 0), asleep in
 * the kernel, which wakes the waiters as soon as it is free: other signals
 * do not cut the wait short.  Returns 0 once held, or -1 with errno
 * (EWOULDBLOCK when the time ran out). */
MUST_CHECK int writelock_wait(int fd, int seconds);

/* Give the turn back, if this process holds it. */
void writelock_drop(const char *path);

/* In a child just forked: close the parent's lock files without
 * unlocking them.  A lock belongs to the open file, which fork shares, so
 * a child taking its turn through the parent's descriptor would share the
 * parent's (or a sibling's) turn instead of waiting for it; each child
 * opens its own.  writelock_take does this by itself in a child that did
 * not call it; calling it at once also closes them while the child runs. */
void writelock_after_fork(void);

#endif
