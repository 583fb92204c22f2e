/*
 * waitbound.c - the bounded wait (waitbound.h).
 *
 * A one-shot timer on CLOCK_MONOTONIC sends a real-time signal (not
 * SIGALRM, which sending at once uses for its own deadline) whose handler
 * does nothing and is installed without SA_RESTART, so it only cuts the
 * blocking call short.  After the end the timer fires again every 100 ms:
 * a first tick that came between the caller's check and its blocking call
 * would otherwise leave that call asleep for ever.  Until the end nothing
 * ticks, so the wait is no poll.  The timer is set up only when a caller
 * is about to block, at the wait's absolute end, so a wait that blocks
 * twice (the queue, then the lock) is bounded once, from its start.
 */
#include <errno.h>
#include <string.h>

#include "judge/waitbound.h"

static void wake(int sig)
{
	(void)sig;
}

void waitbound_start(struct waitbound *w, int seconds)
{
	memset(w, 0, sizeof *w);
	clock_gettime(CLOCK_MONOTONIC, &w->end);
	w->end.tv_sec += seconds;
}

int waitbound_arm(struct waitbound *w)
{
	struct sigaction sa;
	struct sigevent ev;
	struct itimerspec when;
	int e;

	if (w->armed)
		return 0;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = wake;
	sigemptyset(&sa.sa_mask);
	memset(&ev, 0, sizeof ev);
	ev.sigev_notify = SIGEV_SIGNAL;
	ev.sigev_signo = SIGRTMIN;
	if (sigaction(SIGRTMIN, &sa, &w->old) != 0)
		return -1;
	if (timer_create(CLOCK_MONOTONIC, &ev, &w->timer) != 0) {
		e = errno;
		sigaction(SIGRTMIN, &w->old, NULL);
		errno = e;
		return -1;
	}
	memset(&when, 0, sizeof when);
	when.it_value = w->end;
	when.it_interval.tv_nsec = 100 * 1000 * 1000;
	/* an end already past fires at once */
	timer_settime(w->timer, TIMER_ABSTIME, &when, NULL);
	w->armed = 1;
	return 0;
}

int waitbound_over(struct waitbound *w)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	if (now.tv_sec > w->end.tv_sec || (now.tv_sec == w->end.tv_sec && now.tv_nsec >= w->end.tv_nsec)) {
		errno = EWOULDBLOCK;
		return 1;
	}
	return 0;
}

void waitbound_end(struct waitbound *w)
{
	int e = errno;

	if (w->armed) {
		timer_delete(w->timer);
		sigaction(SIGRTMIN, &w->old, NULL);
		w->armed = 0;
	}
	errno = e;
}
