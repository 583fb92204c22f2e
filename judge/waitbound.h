/*
 * waitbound.h - a wait for a lock, asleep in the kernel, bounded in time:
 * the writers' turn (writelock.c, turnqueue.c) and the sender's lock
 * (send.c) wait this way, so a waiter wakes when the lock is free, not at
 * its next try, and still gives up after its seconds.
 */
#ifndef WAITBOUND_H
#define WAITBOUND_H

#include <signal.h>
#include <time.h>

#include "base/error.h"

struct waitbound {
	struct timespec end;      /* CLOCK_MONOTONIC */
	struct sigaction old;
	timer_t timer;
	int armed;
};

/* Start the clock of a wait of at most seconds (> 0).  Nothing is set up
 * yet: the usual lock is free, and a try that finds it so costs no timer. */
void waitbound_start(struct waitbound *w, int seconds);

/* Before a blocking call (flock, F_OFD_SETLKW): make sure a timer's
 * signal will cut it short at the end.  Returns 0, or -1 with errno. */
MUST_CHECK int waitbound_arm(struct waitbound *w);

/* After a blocking call cut short (EINTR): whether the time is up (then
 * errno is EWOULDBLOCK).  Another signal (sending at once's alarm) also
 * cuts the call short; then the wait goes on. */
int waitbound_over(struct waitbound *w);

/* The wait is done, however: the timer and the signal's old action back. */
void waitbound_end(struct waitbound *w);

#endif
