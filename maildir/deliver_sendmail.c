/*
 * maildir/deliver_sendmail.c - the "sendmail" delivery backend: run the
 * local MTA's sendmail command once per message; see deliver.h.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <sysexits.h>
#include <unistd.h>

#include "maildir/deliver.h"
#include "maildir/eol.h"
#include "parser/error.h"

#define DEFAULT_COMMAND "/usr/sbin/sendmail -t -oi"

struct sm {
	char **argv;	/* the command's words, NULL-terminated */
	int argc;
	int extract;	/* -t: recipients come from the header */
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

static int sm_open(void **ctx, const char *arg)
{
	const char *p = arg && arg[strspn(arg, " \t")] ? arg : DEFAULT_COMMAND;
	struct sm *sm = calloc(1, sizeof *sm);
	char **v;
	size_t n;

	if (sm == NULL)
		goto oom;
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

static int send_all(int fd, const char *p, size_t n)
{
	while (n > 0) {
		/* A socket, so that a sendmail that exits early gives EPIPE
		 * here instead of a SIGPIPE for the whole Judge. */
		ssize_t r = send(fd, p, n, MSG_NOSIGNAL);

		if (r < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		p += r;
		n -= (size_t)r;
	}
	return 0;
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

static int run(char **argv, const char *msg, size_t len)
{
	int sv[2] = { -1, -1 }, ep[2] = { -1, -1 }, status, child_errno;
	char out[256];
	FILE *capture;
	pid_t pid;
	ssize_t r;

	if ((capture = tmpfile()) == NULL) {
		fail("cannot create a temporary file: %s", strerror(errno));
		return DELIVER_ETEMP;
	}
	if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) < 0 ||
	    pipe2(ep, O_CLOEXEC) < 0) {
		fail("cannot run %s: %s", argv[0], strerror(errno));
		goto failed;
	}
	if ((pid = fork()) < 0) {
		fail("cannot fork: %s", strerror(errno));
		goto failed;
	}
	if (pid == 0) {
		int e;

		dup2(sv[1], 0);
		dup2(fileno(capture), 1);
		dup2(fileno(capture), 2);
		execvp(argv[0], argv);
		/* Tell the parent why, through the close-on-exec pipe. */
		e = errno;
		if (write(ep[1], &e, sizeof e) < 0)
			_exit(126);
		_exit(127);
	}
	close(sv[1]);
	close(ep[1]);
	sv[1] = ep[1] = -1;
	/* If sendmail stops reading, its exit status tells why. */
	send_all(sv[0], msg, len);
	close(sv[0]);
	sv[0] = -1;
	do
		r = read(ep[0], &child_errno, sizeof child_errno);
	while (r < 0 && errno == EINTR);
	close(ep[0]);
	ep[0] = -1;
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR) {
			fail("cannot wait for %s: %s", argv[0],
			    strerror(errno));
			goto failed;
		}
	if (r == (ssize_t)sizeof child_errno) {
		fail("cannot run %s: %s", argv[0], strerror(child_errno));
		goto failed;
	}
	read_output(capture, out, sizeof out);
	fclose(capture);
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
		close(sv[0]);
	if (sv[1] >= 0)
		close(sv[1]);
	if (ep[0] >= 0)
		close(ep[0]);
	if (ep[1] >= 0)
		close(ep[1]);
	fclose(capture);
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
	r = run(argv, text, eol_to_lf(text, len));
	free(text);
	free(argv);
	return r;
}

const struct deliver_ops deliver_sendmail_ops = {
	"sendmail", sm_open, sm_send, sm_close,
};
