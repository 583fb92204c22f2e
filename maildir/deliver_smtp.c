/*
 * maildir/deliver_smtp.c - the "smtp" delivery backend: libetpan's SMTP
 * client, one connection kept across sends; see deliver.h.
 */
#include <assert.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <libetpan/libetpan.h>

#include "maildir/deliver.h"
#include "maildir/tcp_connect.h"
#include "base/error.h"

#define DEFAULT_HOST "localhost"
#define DEFAULT_PORT 25

struct smtp {
	char *host;
	uint16_t port;
	mailsmtp *s;		/* NULL while not connected */
	int timeout;		/* seconds one command may wait */
};

/*
 * libetpan writes to the socket without MSG_NOSIGNAL, so a server that
 * hangs up would kill the whole Judge with SIGPIPE.  Around each use of
 * the connection SIGPIPE is blocked for this thread, and a SIGPIPE that
 * became pending meanwhile is consumed, leaving the process's signal
 * handling as it was; the write itself fails with EPIPE and is reported.
 */
struct nopipe {
	sigset_t old;
	int was_pending;
};

static void nopipe_begin(struct nopipe *g)
{
	sigset_t set, pending;

	sigemptyset(&set);
	sigaddset(&set, SIGPIPE);
	/* these fail only on an invalid signal or how, fixed here */
	(void)sigpending(&pending);
	g->was_pending = sigismember(&pending, SIGPIPE);
	(void)pthread_sigmask(SIG_BLOCK, &set, &g->old);
}

static void nopipe_end(struct nopipe *g)
{
	static const struct timespec zero = { 0, 0 };
	sigset_t set, pending;

	sigemptyset(&set);
	sigaddset(&set, SIGPIPE);
	(void)sigpending(&pending);
	/* it is pending, so the wait takes it at once and cannot fail */
	if (!g->was_pending && sigismember(&pending, SIGPIPE))
		(void)sigtimedwait(&set, NULL, &zero);
	(void)pthread_sigmask(SIG_SETMASK, &g->old, NULL);
}

static void disconnect(struct smtp *c, int polite)
{
	if (c->s == NULL)
		return;
	/* QUIT is a courtesy: the connection is dropped whatever the
	 * server answers */
	if (polite)
		(void)mailsmtp_quit(c->s);
	mailsmtp_free(c->s);
	c->s = NULL;
}

/* The server's last reply, on one line, for error messages. */
static const char *server_reply(struct smtp *c, char *buf, size_t size)
{
	const char *r = c->s && c->s->response ? c->s->response : "";
	size_t n = 0;

	for (; *r && n + 1 < size; r++)
		buf[n++] = *r == '\r' || *r == '\n' ? ' ' : *r;
	while (n > 0 && buf[n - 1] == ' ')
		n--;
	buf[n] = '\0';
	return buf;
}

/* The connection is unusable after these; anything else is a reply. */
static int is_stream_error(int r)
{
	return r == MAILSMTP_ERROR_STREAM ||
	    r == MAILSMTP_ERROR_CONNECTION_REFUSED ||
	    r == MAILSMTP_ERROR_HOSTNAME || r == MAILSMTP_ERROR_SSL;
}

static int connect_server(struct smtp *c)
{
	char buf[256];
	int r;

	if ((c->s = mailsmtp_new(0, NULL)) == NULL)
		return fail("out of memory");
	mailsmtp_set_timeout(c->s, c->timeout);
	/* the socket is ours, the stream and the dialogue libetpan's
	 * (tcp_connect.c says why) */
	int fd = tcp_connect(c->host, c->port, c->timeout);
	if (fd < 0) {
		disconnect(c, 0);
		return -1;
	}
	mailstream *stream = mailstream_socket_open_timeout(fd, (time_t)c->timeout);
	if (stream == NULL) {
		close(fd);
		disconnect(c, 0);
		return fail("out of memory");
	}
	/* on failure mailsmtp_connect closes the stream, and the socket
	 * with it */
	r = mailsmtp_connect(c->s, stream);
	if (r != MAILSMTP_NO_ERROR) {
		fail("cannot connect to %s:%u: %s", c->host,
		    (unsigned)c->port, mailsmtp_strerror(r));
		disconnect(c, 0);
		return -1;
	}
	/* the session's timeout bounds only the connection; each read and
	 * write waits the stream's, libetpan's global 5 minutes unless set */
	mailstream_low_set_timeout(mailstream_get_low(c->s->stream),
	    (time_t)c->timeout);
	/* RFC 5321 4.1.4: a server that does not take EHLO answers 500,
	 * 501, 502 or 550, and the client must fall back to HELO; libetpan
	 * names only 504 "not implemented", so any reply but a broken
	 * connection gets HELO */
	r = mailesmtp_ehlo(c->s);
	if (r != MAILSMTP_NO_ERROR && !is_stream_error(r))
		r = mailsmtp_helo(c->s);
	if (r != MAILSMTP_NO_ERROR) {
		fail("%s:%u refused our greeting: %d %s", c->host,
		    (unsigned)c->port, c->s->response_code,
		    server_reply(c, buf, sizeof buf));
		disconnect(c, 1);
		return -1;
	}
	return 0;
}

/* "host", "host:port", "[v6addr]" or "[v6addr]:port". */
static int parse_arg(struct smtp *c, const char *arg)
{
	const char *p = arg && *arg ? arg : DEFAULT_HOST, *colon;
	unsigned long port = DEFAULT_PORT;
	char *end;

	if (*p == '[') {
		const char *close = strchr(p, ']');

		if (close == NULL || (close[1] != '\0' && close[1] != ':'))
			goto bad;
		c->host = strndup(p + 1, (size_t)(close - p - 1));
		colon = close[1] == ':' ? close + 1 : NULL;
	} else {
		colon = strrchr(p, ':');
		c->host = colon ? strndup(p, (size_t)(colon - p)) :
		    strdup(p);
	}
	if (c->host == NULL)
		return fail("out of memory");
	if (*c->host == '\0')
		goto bad;
	if (colon) {
		port = strtoul(colon + 1, &end, 10);
		if (*end != '\0' || port == 0 || port > 65535)
			goto bad;
	}
	c->port = (uint16_t)port;
	return 0;
bad:
	return fail("invalid SMTP server \"%s\" (want host[:port])", p);
}

static void smtp_close(void *ctx)
{
	struct smtp *c = ctx;
	struct nopipe g;

	if (c == NULL)
		return;
	nopipe_begin(&g);
	disconnect(c, 1);
	nopipe_end(&g);
	free(c->host);
	free(c);
}

static int smtp_open(void **ctx, const char *arg, int timeout)
{
	struct smtp *c = calloc(1, sizeof *c);
	struct nopipe g;
	int r;

	if (c == NULL)
		return fail("out of memory");
	c->timeout = timeout > 0 ? timeout : 1;
	/* Connect now, so that a wrong host shows before any mail is
	 * attempted. */
	nopipe_begin(&g);
	r = parse_arg(c, arg) < 0 || connect_server(c) < 0;
	nopipe_end(&g);
	if (r) {
		smtp_close(c);
		return -1;
	}
	*ctx = c;
	return 0;
}

/*
 * One SMTP transaction.  Returns 0, DELIVER_EPERM / DELIVER_ETEMP after
 * fail(), or 1 after fail() when the connection broke (the caller may
 * reconnect), or DELIVER_EUNSURE when it broke or timed out once the
 * message was on its way: the server may have taken it before its reply
 * was lost (RFC 1047), so it is not sent again.
 */
static int transaction(struct smtp *c, const char *from, const char *rcpt,
    const char *msg, size_t len)
{
	const char *stage;
	char buf[256];
	int r, code;

	stage = "MAIL FROM";
	if ((r = mailsmtp_mail(c->s, from)) != MAILSMTP_NO_ERROR)
		goto failed;
	stage = "RCPT TO";
	if ((r = mailsmtp_rcpt(c->s, rcpt)) != MAILSMTP_NO_ERROR)
		goto failed;
	stage = "DATA";
	if ((r = mailsmtp_data(c->s)) != MAILSMTP_NO_ERROR)
		goto failed;
	/* libetpan adds CRLF "." CRLF itself, and dot-stuffs. */
	while (len > 0 && (msg[len - 1] == '\n' || msg[len - 1] == '\r'))
		len--;
	stage = "the message";
	if ((r = mailsmtp_data_message(c->s, msg, len)) != MAILSMTP_NO_ERROR)
		goto failed;
	return 0;
failed:
	if (is_stream_error(r)) {
		fail("connection to %s:%u lost at %s (or no answer within %d s): %s",
		    c->host, (unsigned)c->port, stage, c->timeout, mailsmtp_strerror(r));
		disconnect(c, 0);
		return strcmp(stage, "the message") ? 1 : DELIVER_EUNSURE;
	}
	code = c->s->response_code;
	fail("%s:%u refused %s <%s>: %d %s", c->host,
	    (unsigned)c->port, stage, strcmp(stage, "MAIL FROM") == 0 ?
	    from : rcpt, code, server_reply(c, buf, sizeof buf));
	/* Leave the session clean for the next message. */
	if (mailsmtp_reset(c->s) != MAILSMTP_NO_ERROR)
		disconnect(c, 0);
	return code >= 500 && code <= 599 ? DELIVER_EPERM : DELIVER_ETEMP;
}

static int smtp_send(void *ctx, const char *envelope_from, const char *rcpt,
    const char *msg, size_t len)
{
	struct smtp *c = ctx;
	struct nopipe g;
	int reused, r;

	assert(c != NULL && (msg != NULL || len == 0));

	if (rcpt == NULL || *rcpt == '\0' || strpbrk(rcpt, "<>\r\n ")) {
		fail("invalid recipient \"%.80s\"", rcpt ? rcpt : "");
		return DELIVER_EPERM;
	}
	if (envelope_from == NULL)
		envelope_from = "";
	if (strpbrk(envelope_from, "<>\r\n ")) {
		fail("invalid envelope sender \"%.80s\"", envelope_from);
		return DELIVER_ETEMP;
	}
	nopipe_begin(&g);
	reused = c->s != NULL;
	if (!reused && connect_server(c) < 0) {
		r = DELIVER_ETEMP;
		goto out;
	}
	r = transaction(c, envelope_from, rcpt, msg, len);
	if (r == 1 && reused) {
		/* The server may have closed an idle connection: once more. */
		if (connect_server(c) < 0) {
			r = DELIVER_ETEMP;
			goto out;
		}
		r = transaction(c, envelope_from, rcpt, msg, len);
	}
	if (r == 1)
		r = DELIVER_ETEMP;
out:
	nopipe_end(&g);
	return r;
}

const struct deliver_ops deliver_smtp_ops = {
	"smtp", smtp_open, smtp_send, smtp_close,
};
