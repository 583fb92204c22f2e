/*
 * writelock.c - the writers' turn on a database (writelock.h).
 *
 * SQLite's own busy handler makes a writer that finds the database locked
 * sleep and try again (1 ms, then longer, up to 100 ms): in a burst of
 * twenty receives most of them sleep past the moment the lock is free,
 * and which one wins is luck, so some mails wait seconds.  Here a writer
 * sleeps in the kernel instead and is woken when its turn comes, in the
 * order the writers came (turnqueue.c: a ticket, and a lock on the ticket
 * before it), and then takes an flock on "<database>.write", which is
 * what keeps two writers apart: the queue only says who goes next.  The
 * flock is held only for the write transaction, from before BEGIN
 * IMMEDIATE to after COMMIT (or ROLLBACK); readers take neither (WAL lets
 * them read during a write).  Both go with the process however it ends,
 * waiting or holding, so a killed writer never leaves the turn taken.
 * A writer that cannot open the queue file (its mode changed by hand)
 * still takes the flock, only not in order.  An older Judge, or the
 * admin's flock(1), that takes the flock without queueing is kept apart
 * all the same.
 *
 * The wait, queue and flock together, is bounded (waitbound.c): past its
 * seconds the writer leaves the queue and gives up as SQLite would,
 * "database is locked", which makes `receive` exit 75 for the MTA to
 * retry.  SQLite's busy handler stays behind it for writers that do not
 * take this lock (the admin's sqlite3).
 *
 * One lock file and one queue file per database path, kept open for the
 * life of the process (a command that opens the database twice must not
 * wait for itself), and opened again by a child of a fork: a lock
 * belongs to the open file, which fork shares, so a child using the
 * parent's would share the parent's (or a sibling's) turn instead of
 * waiting for it, and a child killed holding it would leave it held
 * by the parent's descriptor.
 */
#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

#include "judge/turnqueue.h"
#include "judge/waitbound.h"
#include "judge/writelock.h"

#define NLOCKS 4

static struct turn {
	char path[1100];
	pid_t pid;              /* the process that opened fd and queue */
	int fd;                 /* "<path>.write" */
	int queue;              /* "<path>.queue", or -1: flock alone */
	long ticket;            /* while held, if queued */
	int held;
} turns[NLOCKS];

static void forget(struct turn *t)
{
	close(t->fd);           /* the parent's stay open, and its locks with them */
	if (t->queue >= 0)
		close(t->queue);
	memset(t, 0, sizeof *t);
}

static struct turn *turn_of(const char *path)
{
	struct turn *free_slot = NULL;
	pid_t me = getpid();

	for (int i = 0; i < NLOCKS; i++) {
		if (turns[i].path[0] && turns[i].pid != me)
			forget(&turns[i]);      /* a fork's child without writelock_after_fork */
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
	free_slot->pid = me;
	free_slot->fd = fd;
	free_slot->queue = turnqueue_open(path);
	free_slot->held = 0;
	return free_slot;
}

/* The exclusive flock of fd, at once if free, else asleep within w. */
static int flock_within(int fd, struct waitbound *w)
{
	int rc;

	if (flock(fd, LOCK_EX | LOCK_NB) == 0)
		return 0;
	if ((errno != EWOULDBLOCK && errno != EINTR) || waitbound_arm(w) != 0)
		return -1;
	while ((rc = flock(fd, LOCK_EX)) != 0 && errno == EINTR && !waitbound_over(w))
		;
	return rc;
}

int writelock_wait(int fd, int seconds)
{
	struct waitbound w;

	assert(seconds > 0);
	waitbound_start(&w, seconds);
	int rc = flock_within(fd, &w);
	waitbound_end(&w);
	return rc;
}

int writelock_take(const char *path, int seconds)
{
	struct waitbound w;
	struct turn *t;
	long ticket = -1;
	int rc = 0;

	assert(path && seconds > 0);
	if (!(t = turn_of(path)))
		return fail("cannot open %s.write: %s", path, strerror(errno));
	if (t->held)
		return WRITELOCK_HELD;
	waitbound_start(&w, seconds);
	/* a queue that fails otherwise than by the time (a read error) is
	 * passed by: the flock alone still keeps writers apart */
	if (t->queue >= 0 && (ticket = turnqueue_join(t->queue, &w)) < 0 && errno == EWOULDBLOCK)
		rc = -1;
	if (rc == 0 && (rc = flock_within(t->fd, &w)) != 0 && ticket >= 0)
		turnqueue_leave(t->queue, ticket);
	waitbound_end(&w);
	if (rc != 0)
		return errno == EWOULDBLOCK ?
			fail("database is locked: another writer held %s.write for %d s", path, seconds) :
			fail("cannot lock %s.write: %s", path, strerror(errno));
	t->ticket = ticket;
	t->held = 1;
	return 0;
}

void writelock_drop(const char *path)
{
	for (int i = 0; i < NLOCKS; i++)
		if (turns[i].held && turns[i].pid == getpid() && !strcmp(turns[i].path, path)) {
			/* the turn recorded and the flock let go before the
			 * queue: the writer behind wakes to find both so */
			if (turns[i].ticket >= 0)
				turnqueue_served(turns[i].queue, turns[i].ticket);
			flock(turns[i].fd, LOCK_UN);
			if (turns[i].ticket >= 0)
				turnqueue_leave(turns[i].queue, turns[i].ticket);
			turns[i].held = 0;
		}
}

void writelock_after_fork(void)
{
	for (int i = 0; i < NLOCKS; i++)
		if (turns[i].path[0])
			forget(&turns[i]);
}
