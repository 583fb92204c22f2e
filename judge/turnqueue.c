/*
 * turnqueue.c - the writers' queue (turnqueue.h).
 *
 * flock, which keeps writers apart (writelock.c), wakes every waiter when
 * it is let go and lets them race, so in a burst the turn goes by luck
 * and a writer may lose the race again and again.  The queue only orders
 * who contends for the flock next; the flock still keeps two writers
 * apart, so nothing here can let two in, only make one wait longer.
 *
 * The file "<database>.queue" holds two counters, the next ticket and
 * the ticket after the last that had its turn ("served"), in its first 8
 * bytes, under a lock of theirs held for a read and a write; byte
 * SLOT_BASE + i stands for ticket i (mod SLOTS).  A writer
 *  - takes the ticket t it reads and writes t + 1, and locks the byte of
 *    t before it lets the counters go, so whoever takes t + 1 finds t's
 *    byte taken while t's writer is queued or has the turn;
 *  - sleeps on a lock of the byte of t - 1 (F_OFD_SETLKW), which the
 *    kernel grants when t - 1's writer lets it go (its turn over) or dies,
 *    and lets it go at once: nothing is polled;
 *  - then reads "served": if it is t, its turn has come; if not, t - 1 is
 *    gone without its turn (killed while queued, or out of time), and it
 *    sleeps on t - 2 the same way, and so on down to "served";
 *  - then contends for the flock; once done it writes t + 1 to "served",
 *    lets the flock go and then its own byte, so t + 1 wakes.
 * Only the head of the queue contends for the flock, so the writers get
 * their turns in the order of their tickets, and a writer killed, queued
 * or holding, changes only that it is skipped: its byte goes with it,
 * and so does its flock.  (A holder killed leaves "served" behind its
 * ticket; the one behind walks down to it, over free bytes.)  The
 * counters' lock is the one place that is not first come, first served
 * (Linux wakes all its waiters), but it is held for two system calls.
 *
 * The locks are open file description locks (F_OFD_*): a classic POSIX
 * lock is dropped by any close() of the file in the process, and belongs
 * to the process rather than to the descriptor; these belong to the open
 * file, are released when its last descriptor closes (so by the kernel
 * when a writer dies, however), and do not conflict with a lock of the
 * same open file, which is why a child opens its own (writelock.c).
 *
 * The counters wrap at SLOTS, so a byte stands for tickets t and
 * t + SLOTS: they meet only if more than SLOTS writers queue at once,
 * and then the newer waits (bounded) for the older's byte.  They are not
 * synced: after a crash no lock survives, and whatever they say, a
 * writer only walks down over free bytes to the first one held.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "judge/turnqueue.h"

enum { HEADER = 8, SLOT_BASE = 8, SLOTS = 1 << 16 };

/* A lock of len bytes at start, of type (F_WRLCK, F_UNLCK), by cmd. */
static int lock_bytes(int fd, int cmd, short type, off_t start, off_t len)
{
	struct flock fl;

	memset(&fl, 0, sizeof fl);    /* l_pid must be 0 for OFD locks */
	fl.l_type = type;
	fl.l_whence = SEEK_SET;
	fl.l_start = start;
	fl.l_len = len;
	return fcntl(fd, cmd, &fl);
}

/* Take the lock, at once if it is free, else asleep within w. */
static int lock_wait(int fd, off_t start, off_t len, struct waitbound *w)
{
	int rc;

	if (lock_bytes(fd, F_OFD_SETLK, F_WRLCK, start, len) == 0)
		return 0;
	if ((errno != EAGAIN && errno != EACCES) || waitbound_arm(w) != 0)
		return -1;
	while ((rc = lock_bytes(fd, F_OFD_SETLKW, F_WRLCK, start, len)) != 0 && errno == EINTR &&
	       !waitbound_over(w))
		;
	return rc;
}

static void unlock_bytes(int fd, off_t start, off_t len)
{
	int e = errno;
	lock_bytes(fd, F_OFD_SETLK, F_UNLCK, start, len);
	errno = e;
}

static off_t slot(uint32_t ticket)
{
	return SLOT_BASE + (off_t)(ticket % SLOTS);
}

/* The header, under its lock: the next ticket, and the one after the
 * last that had its turn (little-endian, 4 bytes each; a file just made
 * reads short: both 0). */
static int header_read(int fd, uint32_t h[2])
{
	unsigned char b[HEADER] = { 0 };

	if (pread(fd, b, sizeof b, 0) < 0)
		return -1;
	for (int k = 0; k < 2; k++) {
		h[k] = 0;
		for (int i = 0; i < 4; i++)
			h[k] |= (uint32_t)b[4 * k + i] << (8 * i);
		h[k] %= SLOTS;
	}
	return 0;
}

static int header_write(int fd, int k, uint32_t v)
{
	unsigned char b[4];

	for (int i = 0; i < 4; i++)
		b[i] = (unsigned char)(v >> (8 * i));
	return pwrite(fd, b, sizeof b, 4 * k) == (ssize_t)sizeof b ? 0 : -1;
}

int turnqueue_open(const char *path)
{
	char q[1100];
	struct stat st;
	int fd;

	if ((size_t)snprintf(q, sizeof q, "%s.queue", path) >= sizeof q) {
		errno = ENAMETOOLONG;
		return -1;
	}
	/* every user of the database must be able to queue: it gets the
	 * database's mode and owner, as SQLite gives its -wal */
	if ((fd = open(q, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0600)) >= 0) {
		if (stat(path, &st) == 0 && (fchmod(fd, st.st_mode & 0666) != 0 ||
		    (geteuid() == 0 && fchown(fd, st.st_uid, st.st_gid) != 0))) {
			int e = errno;
			close(fd);
			errno = e;
			return -1;
		}
		return fd;
	}
	return errno == EEXIST ? open(q, O_RDWR | O_CLOEXEC) : -1;
}

/* How many tickets before t have not had their turn, by the header. */
static int unserved(int fd, uint32_t t, uint32_t *ahead, struct waitbound *w)
{
	uint32_t h[2];

	if (lock_wait(fd, 0, HEADER, w) != 0)
		return -1;
	int rc = header_read(fd, h);
	unlock_bytes(fd, 0, HEADER);
	*ahead = (t + SLOTS - h[1]) % SLOTS;
	/* "served" past ours (only a file rewritten by hand, or half of
	 * SLOTS queued at once): nobody to wait for */
	if (*ahead > SLOTS / 2)
		*ahead = 0;
	return rc;
}

long turnqueue_join(int fd, struct waitbound *w)
{
	uint32_t h[2], t, ahead;

	if (lock_wait(fd, 0, HEADER, w) != 0)
		return -1;
	if (header_read(fd, h) != 0 || header_write(fd, 0, (h[0] + 1) % SLOTS) != 0 ||
	    lock_wait(fd, slot(h[0]), 1, w) != 0) {
		unlock_bytes(fd, 0, HEADER);
		return -1;
	}
	unlock_bytes(fd, 0, HEADER);
	t = h[0];
	ahead = (t + SLOTS - h[1]) % SLOTS;
	if (ahead > SLOTS / 2)
		ahead = 0;
	/* asleep on t - 1, then, if it is gone without its turn (killed,
	 * or out of time), on the one before it, and so on down to the
	 * turns had: a ticket still queued before ours always goes first */
	for (uint32_t k = 1; k <= ahead; k++) {
		if (lock_wait(fd, slot(t + SLOTS - k), 1, w) != 0 ||
		    (unlock_bytes(fd, slot(t + SLOTS - k), 1), unserved(fd, t, &ahead, w) != 0)) {
			turnqueue_leave(fd, t);   /* the one behind goes on */
			return -1;
		}
	}
	return t;
}

void turnqueue_served(int fd, long ticket)
{
	/* a header that cannot be written leaves the one behind to walk
	 * past this ticket, as past a writer killed */
	if (lock_bytes(fd, F_OFD_SETLKW, F_WRLCK, 0, HEADER) == 0) {
		(void)header_write(fd, 1, (uint32_t)(ticket + 1) % SLOTS);
		unlock_bytes(fd, 0, HEADER);
	}
}

void turnqueue_leave(int fd, long ticket)
{
	unlock_bytes(fd, slot((uint32_t)ticket), 1);
}
