/*
 * writelock.c - the writers' turn on a database (writelock.h).
 *
 * SQLite's own busy handler makes a writer that finds the database locked
 * sleep and try again (1 ms, then longer, up to 100 ms): in a burst of
 * twenty receives most of them sleep past the moment the lock is free,
 * and which one wins is luck, so some mails wait seconds.  A blocking
 * flock instead puts the waiters to sleep in the kernel, which wakes them
 * as soon as the holder lets go.  It is held only for the write
 * transaction, from before BEGIN IMMEDIATE to after COMMIT (or ROLLBACK);
 * readers do not take it (WAL lets them read during a write).  It goes
 * with the process however it ends, so a killed writer never leaves it
 * taken.
 *
 * The wait is still bounded: a one-shot timer (a real-time signal, so as
 * not to disturb the SIGALRM of sending at once) cuts the flock short,
 * and the writer gives up as SQLite would, "database is locked", which
 * makes `receive` exit 75 for the MTA to retry.  SQLite's busy handler
 * stays behind it for writers that do not take this lock (the admin's
 * sqlite3, an older Judge).
 *
 * One lock file per database path, kept open for the life of the process
 * (a command that opens the database twice must not wait for itself).
 * The bounded wait is also the sender's lock's (send.c), so that a flush
 * waiting for another sender sleeps in the kernel too, not in a loop of
 * tries.
 */
#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/file.h>
#include <time.h>
#include <unistd.h>

#include "judge/writelock.h"

#define NLOCKS 4

static struct turn {
	char path[1100];
	int fd;
	int held;
} turns[NLOCKS];

static struct turn *turn_of(const char *path)
{
	struct turn *free_slot = NULL;

	for (int i = 0; i < NLOCKS; i++) {
		if (turns[i].path[0] && !strcmp(turns[i].path, path))
			return &turns[i];
		if (!turns[i].path[0] && !free_slot)
			free_slot = &turns[i];
	}
	if (!free_slot || strlen(path) >= sizeof free_slot->path - 8) {
		errno = ENOMEM;
		return NULL;
	}
	char lock[1100];
	snprintf(lock, sizeof lock, "%s.write", path);
	/* read-only is enough for flock, so the MTA's user and the admin's
	 * cron can share one lock file, as they share "<database>.flush" */
	int fd = open(lock, O_RDONLY | O_CREAT | O_CLOEXEC, 0644);
	if (fd < 0)
		return NULL;
	snprintf(free_slot->path, sizeof free_slot->path, "%s", path);
	free_slot->fd = fd;
	free_slot->held = 0;
	return free_slot;
}

/* The timer's signal only has to interrupt flock. */
static void wake(int sig)
{
	(void)sig;
}

int writelock_wait(int fd, int seconds)
{
	struct sigaction sa, old;
	struct sigevent ev;
	struct itimerspec when;
	struct timespec start, now;
	timer_t timer;
	int rc, e;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = wake;         /* no SA_RESTART: the flock is cut short */
	sigemptyset(&sa.sa_mask);
	memset(&ev, 0, sizeof ev);
	ev.sigev_notify = SIGEV_SIGNAL;
	ev.sigev_signo = SIGRTMIN;
	if (sigaction(SIGRTMIN, &sa, &old) != 0)
		return -1;
	if (timer_create(CLOCK_MONOTONIC, &ev, &timer) != 0) {
		e = errno;
		sigaction(SIGRTMIN, &old, NULL);
		errno = e;
		return -1;
	}
	memset(&when, 0, sizeof when);
	when.it_value.tv_sec = seconds;
	/* and again every 100 ms after: a tick that came between the check
	 * below and the flock would otherwise leave it waiting for ever */
	when.it_interval.tv_nsec = 100 * 1000 * 1000;
	clock_gettime(CLOCK_MONOTONIC, &start);
	timer_settime(timer, 0, &when, NULL);
	/* another signal (sending at once's first alarm) also interrupts it:
	 * the wait goes on until the timer's time is up */
	while ((rc = flock(fd, LOCK_EX)) != 0 && errno == EINTR) {
		clock_gettime(CLOCK_MONOTONIC, &now);
		if (now.tv_sec - start.tv_sec > seconds ||
		    (now.tv_sec - start.tv_sec == seconds && now.tv_nsec >= start.tv_nsec)) {
			errno = EWOULDBLOCK;
			break;
		}
	}
	e = errno;
	timer_delete(timer);
	sigaction(SIGRTMIN, &old, NULL);
	errno = e;
	return rc;
}

int writelock_take(const char *path, int seconds)
{
	struct turn *t;

	assert(path && seconds > 0);
	if (!(t = turn_of(path)))
		return fail("cannot open %s.write: %s", path, strerror(errno));
	if (t->held)
		return WRITELOCK_HELD;
	/* the usual case, free: no timer to set up */
	if (flock(t->fd, LOCK_EX | LOCK_NB) != 0) {
		if (errno != EWOULDBLOCK && errno != EINTR)
			return fail("cannot lock %s.write: %s", path, strerror(errno));
		if (writelock_wait(t->fd, seconds) != 0)
			return errno == EWOULDBLOCK ?
				fail("database is locked: another writer held %s.write for %d s", path, seconds) :
				fail("cannot lock %s.write: %s", path, strerror(errno));
	}
	t->held = 1;
	return 0;
}

void writelock_drop(const char *path)
{
	for (int i = 0; i < NLOCKS; i++)
		if (turns[i].held && !strcmp(turns[i].path, path)) {
			flock(turns[i].fd, LOCK_UN);
			turns[i].held = 0;
		}
}

void writelock_after_fork(void)
{
	for (int i = 0; i < NLOCKS; i++)
		if (turns[i].path[0]) {
			close(turns[i].fd);   /* the parent's stays open, and its flock with it */
			memset(&turns[i], 0, sizeof turns[i]);
		}
}
