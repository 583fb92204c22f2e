/*
 * maildir_cmd.c - `judge maildir [--time-limit SECONDS] DIR`: every
 * message in DIR/new through receive_message, each moved to DIR/cur only
 * after its transaction has committed, so a crash at any moment leaves it
 * to be read again (and the Message-ID check makes that harmless).
 *
 * Each message is claimed first (an flock on the file, maildir_claim), so
 * that runs started by overlapping cron jobs split the work instead of
 * doing it twice; the seen check inside the write transaction is the
 * second guard.  A message that has failed too often (it crashes the
 * Judge) goes to DIR/quarantine, so that the messages behind it are read.
 *
 * A fault of the database (locked by another process past the busy
 * timeout, a disk full) is no fault of the message: it stays in new/, the
 * run says why on stderr and stops, since the messages behind it would
 * only wait as long again, and exits 75 (EX_TEMPFAIL) as `receive` does,
 * so that the timer's log tells a busy database from a broken run.
 *
 * The messages are read in a worker process, bounded in time per message
 * as `receive` is under an MTA (whose pipe has a time limit): a message
 * still being read after the limit is ended by killing the worker.  Its
 * attempt was committed before parsing began, so it counts, and the
 * message is quarantined after max_attempts like one that crashes; a
 * crash, too, ends only the worker, and a new one goes on with the next
 * message.  One worker for the run, not one process per message, which
 * cost ten times as much on a loaded machine.  The worker has its own
 * database connection and its own files of the writers' turn, and the
 * run's connection is closed while it works, since an SQLite connection
 * must not cross a fork, nor a lock's open file.
 */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "judge/cmd/commands.h"
#include "judge/db.h"
#include "judge/hooks.h"
#include "judge/cmd/receive.h"
#include "judge/send.h"
#include "judge/writelock.h"
#include "maildir/maildir.h"
#include "base/error.h"

/* Seconds a message may take, by default: the worst accepted mail costs
 * about 10 s of CPU at the 10,240,000-byte cap (bench/README.md), and a
 * loaded machine may take several times that. */
#define MAILDIR_TIME_LIMIT 120

/* One message of dir: claim, read, process, move.  Returns 0; -1 if it
 * must be read again later; FAULT if the database failed under it. */
enum { FAULT = -2, EXIT_FAULT = 75 };
static int one(struct judge *j, const char *dir, const char *name, long long now)
{
	char *data = NULL, qpath[2048];
	size_t len = 0;
	int fd, rc;

	if ((fd = maildir_claim(dir, name)) < 0)
		return fd == MAILDIR_TAKEN ? 0 : fail_print();
	if (maildir_read(dir, name, receive_read_max(&j->cfg), &data, &len)) {
		close(fd);
		return fail_print();
	}
	snprintf(qpath, sizeof qpath, "%s/quarantine/%s", dir, name);
	rc = receive_message(j->db, &j->cfg, now, data, len, qpath);
	free(data);
	if (rc < 0) {
		fprintf(stderr, "judge: %s left in new/ for a later run: %s\n", name,
		        fail_text()[0] ? fail_text() : "the database failed");
		close(fd);
		return FAULT;
	}
	if (rc == RECEIVE_QUARANTINED) {
		if (maildir_quarantine(dir, name))
			fail_print();
	} else if (rc == 0) {
		/* only after the commit is the message moved out of new/ */
		crash_point("before-move");
		if (maildir_done(dir, name))
			fail_print();
	}
	close(fd);
	return 0;
}

/*
 * The worker: one() for names[from..n), telling the run through fd which
 * message it starts (its index, one int: a pipe passes it whole), with
 * a database connection of its own.  Exits 0, 1 if some message must
 * be read again later, or EXIT_FAULT at a fault of the database, which
 * stops it: the messages behind would only wait as long again.
 */
static void worker(struct judge *j, const char *dir, char **names, int from, int n,
                   long long now, int fd)
{
	int failed = 0;

	/* the run's turn files (opened if it migrated the database) are the
	 * run's: a worker killed holding the turn through them would leave
	 * it held for as long as the run lives */
	writelock_after_fork();
	if ((j->db = db_open(j->cfg.db)) == NULL)
		fail_print(), _exit(EXIT_FAULT);
	for (int i = from; i < n; i++) {
		int rc;

		if (write(fd, &i, sizeof i) != sizeof i)
			_exit(1);
		if ((rc = one(j, dir, names[i], now)) == FAULT)
			db_close(j->db), _exit(EXIT_FAULT);
		failed += rc < 0;
	}
	db_close(j->db);
	_exit(failed ? 1 : 0);
}

/* Milliseconds from now until end (a CLOCK_MONOTONIC time), at least 0. */
static int ms_left(const struct timespec *end)
{
	struct timespec t;
	long long ms;

	clock_gettime(CLOCK_MONOTONIC, &t);
	ms = (end->tv_sec - t.tv_sec) * 1000LL + (end->tv_nsec - t.tv_nsec) / 1000000;
	return ms < 0 ? 0 : ms > 1000000000 ? 1000000000 : (int)ms;
}

/*
 * Start a worker at names[from] and watch it: each message it starts
 * gets limit seconds, past which the worker is killed.  Returns the
 * index to start the next worker at (n when all are done); *failed
 * counts the messages left for later; *fault is set to the index of the
 * message the database failed under, which ends the run.
 */
static int watch(struct judge *j, const char *dir, char **names, int from, int n,
                 long long now, unsigned limit, int *failed, int *fault)
{
	struct timespec end;
	int p[2], cur = -1, st = 0, killed = 0, k;
	pid_t pid;

	if (pipe(p))
		return fail("cannot make a pipe: %s", strerror(errno)), fail_print(), ++*failed, n;
	fflush(NULL);
	if ((pid = fork()) < 0) {
		close(p[0]), close(p[1]);
		return fail("cannot start a process: %s", strerror(errno)), fail_print(), ++*failed, n;
	}
	if (pid == 0) {
		close(p[0]);
		worker(j, dir, names, from, n, now, p[1]);
	}
	close(p[1]);
	for (;;) {
		struct pollfd pf = { p[0], POLLIN, 0 };
		int r = poll(&pf, 1, cur < 0 ? -1 : ms_left(&end));

		if (r < 0 && errno == EINTR)
			continue;
		if (r == 0) {
			kill(pid, SIGKILL);
			killed = 1;
			break;
		}
		if (r < 0 || read(p[0], &k, sizeof k) != sizeof k)
			break;	/* the worker has ended */
		cur = k;
		clock_gettime(CLOCK_MONOTONIC, &end);
		end.tv_sec += limit;
	}
	close(p[0]);
	while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
		;
	if (!killed && WIFEXITED(st) && WEXITSTATUS(st) == EXIT_FAULT)
		return *fault = cur < 0 ? from : cur, n;
	if (killed)
		fprintf(stderr, "judge: %s/new/%s: stopped after %u s (the time limit); "
		        "it counts as an attempt\n", dir, names[cur], limit);
	else if (WIFSIGNALED(st) || (WIFEXITED(st) && WEXITSTATUS(st) > 1))
		fprintf(stderr, "judge: %s/new/%s: the process reading it died (%s %d); "
		        "it counts as an attempt\n", dir, cur < 0 ? "?" : names[cur],
		        WIFSIGNALED(st) ? "signal" : "exit", WIFSIGNALED(st) ? WTERMSIG(st) : WEXITSTATUS(st));
	else
		return *failed += WEXITSTATUS(st) != 0, n;
	++*failed;
	return cur < 0 ? n : cur + 1;
}

int cmd_maildir(struct judge *j, int argc, char **argv)
{
	char **names = NULL, *end;
	long limit = MAILDIR_TIME_LIMIT;
	int n = 0, failed = 0, bad = 0, fault = -1;

	if (argc == 4 && !strcmp(argv[1], "--time-limit")) {
		errno = 0;
		limit = strtol(argv[2], &end, 10);
		bad = errno || *end || end == argv[2] || limit < 1 || limit > 86400;
		argv += 2, argc -= 2;
	}
	if (bad || argc != 2) {
		fprintf(stderr, "usage: judge maildir [--time-limit SECONDS] DIR\n"
		        "  SECONDS: 1 to 86400, the most one message may take (default %d)\n",
		        MAILDIR_TIME_LIMIT);
		return 2;
	}
	if (maildir_scan(argv[1], &names, &n))
		return fail_print(), 1;
	long long now = judge_now(NULL);
	db_close(j->db);
	j->db = NULL;
	for (int i = 0; i < n; )
		i = watch(j, argv[1], names, i, n, now, (unsigned)limit, &failed, &fault);
	maildir_names_free(names, n);
	if (fault >= 0) {
		/* the replies already committed wait for flush: the database
		 * that just failed would hold this run as long again */
		fprintf(stderr, "judge: maildir stopped at a fault of the database; %d message%s left in new/\n",
		        n - fault, n - fault == 1 ? "" : "s");
		return EXIT_FAULT;
	}
	/* the batch's replies, in one session of the transport */
	if ((j->db = db_open(j->cfg.db)) == NULL)
		return fail_print(), EXIT_FAULT;
	send_now(j->db, &j->cfg, now);
	return failed ? 1 : 0;
}
