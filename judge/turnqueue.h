/*
 * turnqueue.h - first come, first served in front of the writers' lock
 * (writelock.c): tickets in "<database>.queue", each waiter asleep on the
 * one before it (turnqueue.c says how, and why it is kill-safe).
 */
#ifndef TURNQUEUE_H
#define TURNQUEUE_H

#include "base/error.h"
#include "judge/waitbound.h"

/* Open (making it if need be, with the database's mode and owner) the
 * queue file of the database at path.  Returns its descriptor
 * (close-on-exec), or -1 with errno. */
MUST_CHECK int turnqueue_open(const char *path);

/* Take a ticket in the queue of fd and wait, within w, until every
 * writer who took one before has had its turn or is gone.  Returns the
 * ticket (>= 0), to give back with turnqueue_leave once the turn is
 * over; or -1 with errno (EWOULDBLOCK when w's time ran out), out of the
 * queue again. */
MUST_CHECK long turnqueue_join(int fd, struct waitbound *w);

/* Record that ticket has had its turn, before it lets the flock and the
 * queue go: the writer behind it then knows it need not wait for those
 * before it. */
void turnqueue_served(int fd, long ticket);

/* Leave the queue: the writer behind ticket wakes. */
void turnqueue_leave(int fd, long ticket);

#endif
