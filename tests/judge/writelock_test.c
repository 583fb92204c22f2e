/*
 * tests/judge/writelock_test.c - the writers' turn (judge/writelock.c)
 * with real processes: first come, first served; two never in at once;
 * a holder or a queued waiter killed without leaving anyone stuck; the
 * bounded wait; a fork's child not sharing its parent's turn.
 *
 * Each writer is a child that takes the turn, appends "+i" and then "-i"
 * to a log (O_APPEND) around a short hold, and lets go; the log says in
 * which order they had the turn, whether two overlapped, and who had it
 * more than once.  A writer is started only once the one before it is
 * asleep in the kernel, which /proc/locks shows (a line "->" for each
 * blocked lock request), so "first come" is a known order.  And
 * /proc/locks also shows who sleeps on the flock of "<db>.write": with a
 * fair turn only the head of the queue does; with the bare flock every
 * waiter did, and flock let them race.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "base/error.h"
#include "judge/writelock.h"
#include "tests/check.h"

#define MAXW 8

static char dir[] = "/tmp/writelock_testXXXXXX";
static char db[200], logfile[200];
static unsigned long write_ino, queue_ino;
/* the holder's pipe: a writer closes its copy, or the holder would
 * never see it close */
static int holder_pipe = -1;

static void pause_ms(int ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };
	while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
		;
}

static void note(char what, int i)
{
	char b[8];
	int fd = open(logfile, O_WRONLY | O_APPEND | O_CREAT, 0600);
	int n = snprintf(b, sizeof b, "%c%d ", what, i);

	if (fd < 0 || write(fd, b, (size_t)n) != n)
		_exit(3);
	close(fd);
}

/* Blocked lock requests in /proc/locks: all of them, and those on the
 * flock of "<db>.write". */
static void blocked(int *all, int *on_flock)
{
	char line[256], wino[40], qino[40];
	FILE *f = fopen("/proc/locks", "r");

	*all = *on_flock = 0;
	if (!f)
		check_abort("cannot read /proc/locks");
	/* other programs' locks are not ours: only this test's two files,
	 * by inode (a test run beside this one has files of its own) */
	snprintf(wino, sizeof wino, ":%lu ", write_ino);
	snprintf(qino, sizeof qino, ":%lu ", queue_ino);
	while (fgets(line, sizeof line, f))
		if (strstr(line, "->")) {
			if (strstr(line, wino))
				++*all, ++*on_flock;
			else if (strstr(line, qino))
				++*all;
		}
	fclose(f);
}

/* Wait (at most 5 s) until want requests are blocked. */
static int until_blocked(int want)
{
	int all, fl;

	for (int t = 0; t < 500; t++) {
		blocked(&all, &fl);
		if (all >= want)
			return all;
		pause_ms(10);
	}
	return all;
}

/* A writer: the turn within secs, held hold_ms; exits 0 if it had it, 1
 * if it was refused. */
static pid_t writer(int i, int secs, int hold_ms)
{
	pid_t pid = fork();

	if (pid < 0)
		check_abort("fork: %s", strerror(errno));
	if (pid)
		return pid;
	if (holder_pipe >= 0)
		close(holder_pipe);
	if (writelock_take(db, secs) != 0) {
		fprintf(stderr, "writer %d: %s\n", i, fail_text());
		_exit(1);
	}
	note('+', i);
	pause_ms(hold_ms);
	note('-', i);
	writelock_drop(db);
	_exit(0);
}

/* The holder: takes the turn, says so on a pipe, holds it until its
 * other pipe closes (or it is killed). */
static pid_t holder(int *release)
{
	int up[2], down[2];
	char c;
	pid_t pid;

	if (pipe(up) || pipe(down))
		check_abort("pipe: %s", strerror(errno));
	if ((pid = fork()) == 0) {
		close(up[0]), close(down[1]);
		if (writelock_take(db, 5) != 0)
			_exit(1);
		note('+', 0);
		if (write(up[1], "x", 1) != 1)
			_exit(3);
		while (read(down[0], &c, 1) > 0)
			;
		note('-', 0);
		writelock_drop(db);
		_exit(0);
	}
	close(up[1]), close(down[0]);
	if (read(up[0], &c, 1) != 1)
		check_abort("the holder did not get the turn");
	close(up[0]);
	*release = holder_pipe = down[1];
	return pid;
}

static int status_of(pid_t pid)
{
	int st = 0;
	while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
		;
	return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

static void read_log(char *buf, size_t size)
{
	FILE *f = fopen(logfile, "r");
	size_t n = f ? fread(buf, 1, size - 1, f) : 0;

	buf[n] = '\0';
	if (f)
		fclose(f);
	unlink(logfile);
}

/* The log is a run of "+i -i " pairs: nobody overlapped. */
static int paired(const char *log)
{
	int a, b, n;

	while (*log) {
		if (sscanf(log, "+%d -%d %n", &a, &b, &n) != 2 || a != b)
			return 0;
		log += n;
	}
	return 1;
}

/*
 * The holder, then n writers queued in order (writer i asleep before i+1
 * starts); kill_waiter (> 0) is killed while queued, kill_holder kills
 * the holder instead of letting it go.  want is the log expected.
 */
static void queue_case(const char *what, int n, int kill_waiter, int kill_holder, const char *want)
{
	pid_t w[MAXW + 1];
	int release, all, fl, most_on_flock = 0;
	char log[512];

	w[0] = holder(&release);
	for (int i = 1; i <= n; i++) {
		w[i] = writer(i, 10, 20);
		CHECK(until_blocked(i) >= i, "%s: writer %d not seen waiting", what, i);
		blocked(&all, &fl);
		if (fl > most_on_flock)
			most_on_flock = fl;
	}
	CHECK(most_on_flock <= 1, "%s: %d writers asleep on the flock at once; only the queue's head should be",
	      what, most_on_flock);
	if (kill_waiter) {
		kill(w[kill_waiter], SIGKILL);
		status_of(w[kill_waiter]);
	}
	if (kill_holder)
		kill(w[0], SIGKILL);
	close(release);
	holder_pipe = -1;
	CHECK_EQ(status_of(w[0]), kill_holder ? 128 + SIGKILL : 0);
	for (int i = 1; i <= n; i++)
		if (i != kill_waiter)
		{
			int st = status_of(w[i]);
			CHECK(st == 0, "%s: writer %d did not get the turn (exit %d)", what, i, st);
		}
	read_log(log, sizeof log);
	CHECK_STR(what, log, want);
	if (!kill_holder)
		CHECK(paired(log), "%s: two writers in at once: %s", what, log);
}

int main(void)
{
	struct stat st;
	char path[300];

	if (access("/proc/locks", R_OK) != 0)
		return check_skip("no /proc/locks");
	if (!mkdtemp(dir))
		check_abort("mkdtemp: %s", strerror(errno));
	snprintf(db, sizeof db, "%s/j.db", dir);
	snprintf(logfile, sizeof logfile, "%s/log", dir);
	snprintf(path, sizeof path, "%s.write", db);
	close(open(path, O_RDONLY | O_CREAT, 0644));
	if (stat(path, &st) != 0)
		check_abort("cannot make %s", path);
	write_ino = (unsigned long)st.st_ino;
	/* made here, as writelock.c would, to know its inode */
	snprintf(path, sizeof path, "%s.queue", db);
	close(open(path, O_RDWR | O_CREAT, 0600));
	if (stat(path, &st) != 0)
		check_abort("cannot make %s", path);
	queue_ino = (unsigned long)st.st_ino;

	queue_case("in order", 6, 0, 0, "+0 -0 +1 -1 +2 -2 +3 -3 +4 -4 +5 -5 +6 -6 ");
	queue_case("a waiter killed in the queue", 5, 3, 0, "+0 -0 +1 -1 +2 -2 +4 -4 +5 -5 ");
	queue_case("the first waiter killed", 3, 1, 0, "+0 -0 +2 -2 +3 -3 ");
	queue_case("the holder killed", 4, 0, 1, "+0 +1 -1 +2 -2 +3 -3 +4 -4 ");

	/* the bounded wait: refused after its second, and the writer behind
	 * it (asleep on it in the queue) still gets in once the holder goes */
	{
		int release;
		pid_t h = holder(&release), a, b;
		struct timespec t0, t1;

		clock_gettime(CLOCK_MONOTONIC, &t0);
		a = writer(1, 1, 0);
		until_blocked(1);
		b = writer(2, 10, 0);
		until_blocked(2);
		CHECK_EQ(status_of(a), 1);
		clock_gettime(CLOCK_MONOTONIC, &t1);
		double took = (double)(t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9;
		CHECK(took >= 0.9 && took < 3, "a 1 s wait took %.2f s", took);
		close(release);
		holder_pipe = -1;
		CHECK_EQ(status_of(h), 0);
		CHECK_EQ(status_of(b), 0);
		char log[128];
		read_log(log, sizeof log);
		CHECK_STR("after a writer gave up", log, "+0 -0 +2 -2 ");
	}

	/* one process: the turn it holds is not waited for */
	CHECK_EQ(writelock_take(db, 1), 0);
	CHECK_EQ(writelock_take(db, 1), WRITELOCK_HELD);
	/* a child forked meanwhile, without writelock_after_fork, waits
	 * for its parent's turn rather than sharing it */
	{
		pid_t pid = fork();
		if (pid == 0)
			_exit(writelock_take(db, 1) == 0 ? 0 : 1);
		CHECK(status_of(pid) == 1, "a fork's child shared its parent's turn");
		pid = fork();
		if (pid == 0) {
			writelock_after_fork();
			_exit(writelock_take(db, 1) == 0 ? 0 : 1);
		}
		CHECK(status_of(pid) == 1, "a child after writelock_after_fork shared its parent's turn");
	}
	writelock_drop(db);
	{
		pid_t pid = fork();
		if (pid == 0)
			_exit(writelock_take(db, 1) == 0 ? 0 : 1);
		CHECK(status_of(pid) == 0, "the turn let go, a child could not take it");
	}

	snprintf(path, sizeof path, "rm -rf '%s'", dir);
	if (system(path) != 0)
		printf("cannot remove %s\n", dir);
	return check_done("writelock_test");
}
