/*
 * bench/turn_bench.c - how long writers wait for the writers' turn
 * (judge/writelock.c), and in what order they get it (issue 25: a fair
 * lock).  `turn_bench N HOLD_MS GAP_MS [DIR]`: N processes, the i-th
 * arriving i * GAP_MS after the first, each takes the turn on one
 * database path, holds it HOLD_MS (asleep: a write transaction's time
 * is mostly its sync; TURN_SPIN=1: busy), lets it go and reports how long it waited from its
 * own arrival.  With GAP_MS under HOLD_MS the writers come faster than
 * the turn serves them and a queue builds, as in a burst of receives.
 * Prints the wait's median, p99 and max, and how many pairs got the
 * turn in the opposite order to their arrival.
 *
 * The program uses only writelock.h, so the same file built with another
 * writelock.c (main's, for a before and after) measures that one.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "base/error.h"
#include "judge/writelock.h"

#define MAXN 1000

struct report {
	int i;
	double arrived, got;    /* ms since the start */
};

static double since(const struct timespec *t0)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)(t.tv_sec - t0->tv_sec) * 1e3 + (double)(t.tv_nsec - t0->tv_nsec) / 1e6;
}

static void sleep_ms(double ms)
{
	struct timespec ts = { (time_t)(ms / 1e3), (long)((ms - (double)(time_t)(ms / 1e3) * 1e3) * 1e6) };
	while (ms > 0 && nanosleep(&ts, &ts) != 0 && errno == EINTR)
		;
}

static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
	static struct report r[MAXN];
	static double waited[MAXN];
	char dir[] = "/tmp/turn_benchXXXXXX", db[300];
	struct timespec t0;
	int p[2], n, got = 0;

	if (argc < 4 || (n = atoi(argv[1])) < 1 || n > MAXN) {
		fprintf(stderr, "usage: turn_bench N HOLD_MS GAP_MS [DIR]\n");
		return 2;
	}
	double hold = atof(argv[2]), gap = atof(argv[3]);
	/* TURN_SPIN=1: the turn held busy on the CPU, as a transaction's SQL
	 * is, so that writers compete for the cores as well */
	int spin = getenv("TURN_SPIN") && atoi(getenv("TURN_SPIN"));
	const char *where = argc > 4 ? argv[4] : mkdtemp(dir);
	if (!where || pipe(p))
		return perror("turn_bench"), 1;
	snprintf(db, sizeof db, "%s/bench.db", where);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (int i = 0; i < n; i++) {
		sleep_ms(i * gap - since(&t0));
		pid_t pid = fork();
		if (pid < 0)
			return perror("fork"), 1;
		if (pid)
			continue;
		struct report me = { i, since(&t0), 0 };
		if (writelock_take(db, 60) != 0) {
			fprintf(stderr, "writer %d: %s\n", i, fail_text());
			_exit(1);
		}
		me.got = since(&t0);
		if (spin)
			while (since(&t0) - me.got < hold)
				;
		else
			sleep_ms(hold);
		writelock_drop(db);
		_exit(write(p[1], &me, sizeof me) == sizeof me ? 0 : 1);
	}
	close(p[1]);
	while (got < n && read(p[0], &r[got], sizeof r[got]) == sizeof r[got])
		got++;
	while (wait(NULL) > 0)
		;
	long inversions = 0;
	for (int a = 0; a < got; a++) {
		waited[a] = r[a].got - r[a].arrived;
		for (int b = 0; b < got; b++)
			inversions += r[a].arrived < r[b].arrived && r[a].got > r[b].got;
	}
	qsort(waited, (size_t)got, sizeof waited[0], cmp);
	if (got < 1)
		return fprintf(stderr, "turn_bench: no writer had the turn\n"), 1;
	printf("turn_bench: %d of %d writers, hold %.1f ms%s, one every %.1f ms: wait median %.1f ms,"
	       " p99 %.1f ms, max %.1f ms; %ld pairs out of arrival order\n",
	       got, n, hold, spin ? " busy" : "", gap, waited[got / 2], waited[(got * 99) / 100 < got ? (got * 99) / 100 : got - 1],
	       waited[got - 1], inversions);
	if (argc <= 4) {
		char cmd[400];
		snprintf(cmd, sizeof cmd, "rm -rf '%s'", where);
		if (system(cmd) != 0)
			return 1;
	}
	return got == n ? 0 : 1;
}
