/*
 * maildir/deliver_sendmail.c - the "sendmail" delivery backend: run the
 * local MTA's sendmail command once per message; see deliver.h.
 *
 * A sendmail that hangs must not hold the sender (and its lock) for ever,
 * nor be ended without knowing what it had: past the timeout its process
 * group is stopped, the bytes it has not read yet are counted (SIOCOUTQ
 * on its stdin, a socket, while the reader is frozen so the count stays
 * true), and it is killed and reaped.  Bytes left unread mean it never
 * saw the end of the message, so it cannot have taken it: a retry is
 * safe.  Otherwise it may have queued it, and only the admin can tell.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <sysexits.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#include <linux/sockios.h>
#endif

#include "maildir/deliver.h"
#include "maildir/eol.h"
#include "base/error.h"

#define DEFAULT_COMMAND "/usr/sbin/sendmail -t -oi"

struct sm {
	char **argv;	/* the command's words, NULL-terminated */
	int argc;
	int extract;	/* -t: recipients come from the header */
	int timeout;	/* seconds one run may take */
};

static void sm_close(void *ctx)
{
	struct sm *sm = ctx;
	int i;

	if (sm == NULL)
		return;
	for (i = 0; i < sm->argc; i++)
		free(sm->argv[i]);
	free(sm->argv);
	free(sm);
}

static int sm_open(void **ctx, const char *arg, int timeout)
{
	const char *p = arg && arg[strspn(arg, " \t")] ? arg : DEFAULT_COMMAND;
	struct sm *sm = calloc(1, sizeof *sm);
	char **v;
	size_t n;

	if (sm == NULL)
		goto oom;
	sm->timeout = timeout > 0 ? timeout : 1;
	for (;;) {
		p += strspn(p, " \t");
		if ((n = strcspn(p, " \t")) == 0)
			break;
		if ((v = realloc(sm->argv, (size_t)(sm->argc + 2) *
		    sizeof *v)) == NULL)
			goto oom;
		sm->argv = v;
		if ((v[sm->argc] = strndup(p, n)) == NULL)
			goto oom;
		if (strcmp(v[sm->argc], "-t") == 0)
			sm->extract = 1;
		v[++sm->argc] = NULL;
		p += n;
	}
	if (sm->argc == 0) {
		fail("empty sendmail command");
		sm_close(sm);
		return -1;
	}
	*ctx = sm;
	return 0;
oom:
	fail("out of memory");
	sm_close(sm);
	return -1;
}

/* An address that cannot be mistaken for an option or split. */
static int arg_ok(const char *a)
{
	if (a == NULL || *a == '\0' || *a == '-')
		return 0;
	for (; *a; a++)
		if ((unsigned char)*a <= ' ' || *a == 0x7f)
			return 0;
	return 1;
}

/* Milliseconds from now until deadline (CLOCK_MONOTONIC), 0 if past. */
static int left_ms(const struct timespec *deadline)
{
	struct timespec now;
	long long ms;

	clock_gettime(CLOCK_MONOTONIC, &now);
	ms = (long long)(deadline->tv_sec - now.tv_sec) * 1000 +
	    (deadline->tv_nsec - now.tv_nsec) / 1000000;
	return ms <= 0 ? 0 : ms > 60000 ? 60000 : (int)ms;
}

/* Write all of p to fd, a non-blocking socket, by deadline.  Returns 0,
 * -1 if the reader is gone (its exit status says why), -2 at the
 * deadline. */
static int send_all(int fd, const char *p, size_t n,
    const struct timespec *deadline)
{
	while (n > 0) {
		/* A socket, so that a sendmail that exits early gives EPIPE
		 * here instead of a SIGPIPE for the whole Judge. */
		ssize_t r = send(fd, p, n, MSG_NOSIGNAL);
		struct pollfd pfd = { fd, POLLOUT, 0 };

		if (r >= 0) {
			p += r;
			n -= (size_t)r;
			continue;
		}
		if (errno == EINTR)
			continue;
		if (errno != EAGAIN && errno != EWOULDBLOCK)
			return -1;
		if (left_ms(deadline) == 0)
			return -2;
		poll(&pfd, 1, left_ms(deadline));
	}
	return 0;
}

/* Wait for cmd's pid by deadline.  Returns 1 with *status once it has
 * ended, 0 at the deadline, -1 after fail(). */
static int wait_until(const char *cmd, pid_t pid, int *status,
    const struct timespec *deadline)
{
	/* a sendmail takes some milliseconds: look often at first */
	struct timespec pause = { 0, 1000000 };

	for (;;) {
		pid_t r = waitpid(pid, status, WNOHANG);

		if (r == pid)
			return 1;
		if (r < 0 && errno != EINTR)
			return fail("cannot wait for %s: %s", cmd, strerror(errno));
		if (left_ms(deadline) == 0)
			return 0;
		nanosleep(&pause, NULL);
		if (pause.tv_nsec < 64000000)
			pause.tv_nsec *= 2;
	}
}

/*
 * End the sendmail pid (its process group) that is still running at the
 * deadline, and reap it into *status.  Returns 0 if it had ended by
 * itself meanwhile (*status says how); else DELIVER_EHUNG if it had not
 * read the whole message from its stdin (whose other end is fd; written:
 * whether all of it went into the socket), DELIVER_EUNSURE if it had;
 * after fail().
 */
static int end_hung(const char *cmd, pid_t pid, int fd, int written,
    int timeout, int *status)
{
	int unread = -1;

	/* frozen first, so what it has read cannot change before it dies */
	/* kill fails only if the process is already gone: nothing to stop */
	(void)kill(-pid, SIGSTOP);
	(void)kill(pid, SIGSTOP);
#ifdef SIOCOUTQ
	if (written && ioctl(fd, SIOCOUTQ, &unread) != 0)
		unread = -1;
#endif
	(void)kill(-pid, SIGKILL);
	(void)kill(pid, SIGKILL);
	while (waitpid(pid, status, 0) < 0 && errno == EINTR)
		;
	if (!WIFSIGNALED(*status) || WTERMSIG(*status) != SIGKILL)
		return 0;
	if (!written || unread > 0) {
		fail("%s did not take the message within %d s; ended, to be tried again later",
		    cmd, timeout);
		return DELIVER_EHUNG;
	}
	fail("%s did not finish within %d s after reading the whole message; ended, and it may or "
	    "may not have taken it", cmd, timeout);
	return DELIVER_EUNSURE;
}

/* What the command said on stdout/stderr, trimmed to one short line. */
static void read_output(FILE *f, char *buf, size_t size)
{
	size_t n, i;

	rewind(f);
	n = fread(buf, 1, size - 1, f);
	buf[n] = '\0';
	for (i = 0; i < n; i++)
		if (buf[i] == '\n' || buf[i] == '\r' || buf[i] == '\t')
			buf[i] = ' ';
	while (n > 0 && buf[n - 1] == ' ')
		buf[--n] = '\0';
}

/* Start argv in a process group of its own (so that ending the group
 * ends what it ran), reading in and writing both outputs to out.  With
 * posix_spawn, not fork: the Judge's pages are not copied for a child
 * that only execs, and none of the parent's becomes copy-on-write while
 * it writes the message (the hand-over is in every reply's path).
 * Returns 0, or an errno (the exec's, glibc reports it). */
static int spawn(char **argv, int in, int out, pid_t *pid)
{
	posix_spawn_file_actions_t fa;
	posix_spawnattr_t at;
	int e;

	if ((e = posix_spawn_file_actions_init(&fa)) != 0)
		return e;
	if ((e = posix_spawnattr_init(&at)) != 0) {
		posix_spawn_file_actions_destroy(&fa);
		return e;
	}
	if ((e = posix_spawn_file_actions_adddup2(&fa, in, 0)) == 0 &&
	    (e = posix_spawn_file_actions_adddup2(&fa, out, 1)) == 0 &&
	    (e = posix_spawn_file_actions_adddup2(&fa, out, 2)) == 0 &&
	    (e = posix_spawnattr_setpgroup(&at, 0)) == 0 &&
	    (e = posix_spawnattr_setflags(&at, POSIX_SPAWN_SETPGROUP)) == 0)
		e = posix_spawnp(pid, argv[0], &fa, &at, argv, environ);
	posix_spawnattr_destroy(&at);
	posix_spawn_file_actions_destroy(&fa);
	return e;
}

static int run_sendmail(char **argv, const char *msg, size_t len, int timeout)
{
	int sv[2] = { -1, -1 }, status, e;
	int written, ended;
	char out[256];
	FILE *capture;
	pid_t pid;
	struct timespec deadline;

	clock_gettime(CLOCK_MONOTONIC, &deadline);
	deadline.tv_sec += timeout;

	if ((capture = tmpfile()) == NULL) {
		fail("cannot create a temporary file: %s", strerror(errno));
		return DELIVER_ETEMP;
	}
	if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) < 0) {
		fail("cannot run %s: %s", argv[0], strerror(errno));
		goto failed;
	}
	if ((e = spawn(argv, sv[1], fileno(capture), &pid)) != 0) {
		fail("cannot run %s: %s", argv[0], strerror(e));
		goto failed;
	}
	/* closing a socket's end or the capture file (a tmpfile only read
	 * back) loses nothing, here and below: the outcome is the child's */
	(void)close(sv[1]);
	sv[1] = -1;
	/* If sendmail stops reading, its exit status tells why.  The socket
	 * stays open, only shut for writing (the end of the message), so
	 * that what sendmail has not read can be counted if it hangs. */
	/* on our own socket these cannot fail; send_all copes with a
	 * blocking one anyway, and a shutdown lost ends as a timeout */
	(void)fcntl(sv[0], F_SETFL, fcntl(sv[0], F_GETFL) | O_NONBLOCK);
	written = send_all(sv[0], msg, len, &deadline) == 0;
	(void)shutdown(sv[0], SHUT_WR);
	if ((ended = wait_until(argv[0], pid, &status, &deadline)) <= 0) {
		/* lost track of it: it may have taken the message */
		int rc = ended < 0 ? DELIVER_EUNSURE :
		    end_hung(argv[0], pid, sv[0], written, timeout, &status);

		if (rc != 0) {
			(void)close(sv[0]);
			(void)fclose(capture);
			return rc;
		}
	}
	(void)close(sv[0]);
	sv[0] = -1;
	read_output(capture, out, sizeof out);
	(void)fclose(capture);
	if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
		return 0;
	if (WIFSIGNALED(status)) {
		fail("%s killed by signal %d%s%s", argv[0],
		    WTERMSIG(status), *out ? ": " : "", out);
		return DELIVER_ETEMP;
	}
	fail("%s exited with status %d%s%s", argv[0],
	    WEXITSTATUS(status), *out ? ": " : "", out);
	switch (WEXITSTATUS(status)) {
	case EX_DATAERR:
	case EX_NOUSER:
	case EX_NOHOST:
		return DELIVER_EPERM;
	}
	return DELIVER_ETEMP;
failed:
	if (sv[0] >= 0)
		(void)close(sv[0]);
	if (sv[1] >= 0)
		(void)close(sv[1]);
	(void)fclose(capture);
	return DELIVER_ETEMP;
}

static int sm_send(void *ctx, const char *envelope_from, const char *rcpt,
    const char *msg, size_t len)
{
	struct sm *sm = ctx;
	char **argv, *text;
	int n = sm->argc, r;

	if (!arg_ok(rcpt)) {
		fail("invalid recipient \"%.80s\"", rcpt ? rcpt : "");
		return DELIVER_EPERM;
	}
	if (envelope_from && *envelope_from && !arg_ok(envelope_from)) {
		fail("invalid envelope sender \"%.80s\"", envelope_from);
		return DELIVER_ETEMP;
	}
	if ((argv = calloc((size_t)n + 5, sizeof *argv)) == NULL ||
	    (text = malloc(len + 1)) == NULL) {
		free(argv);
		fail("out of memory");
		return DELIVER_ETEMP;
	}
	memcpy(argv, sm->argv, (size_t)n * sizeof *argv);
	if (envelope_from) {
		argv[n++] = "-f";
		argv[n++] = *envelope_from ? (char *)envelope_from : "<>";
	}
	if (!sm->extract) {
		argv[n++] = "--";
		argv[n++] = (char *)rcpt;
	}
	argv[n] = NULL;
	/* sendmail reads a local text file: LF line ends. */
	memcpy(text, msg, len);
	r = run_sendmail(argv, text, eol_to_lf(text, len), sm->timeout);
	free(text);
	free(argv);
	return r;
}

const struct deliver_ops deliver_sendmail_ops = {
	"sendmail", sm_open, sm_send, sm_close,
};
