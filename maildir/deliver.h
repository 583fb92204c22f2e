/*
 * maildir/deliver.h - handing outgoing mail to a transport.
 *
 * Each backend is a table of functions in a file of its own, found by name
 * (as OpenSMTPD's queue backends):
 *
 *   "sendmail"  arg: the command, default "/usr/sbin/sendmail -t -oi".
 *               It is split on blanks (no shell) and run with
 *               "-f <envelope_from>"; without -t the recipient is appended
 *               after "--".  The message goes on its stdin, with LF line
 *               ends.  Exit status 0 is success; 65 (EX_DATAERR), 67
 *               (EX_NOUSER) and 68 (EX_NOHOST) are permanent failures;
 *               anything else (75 EX_TEMPFAIL, a signal, a command that
 *               cannot run) is temporary.
 *   "smtp"      arg: host[:port] (IPv6 as [addr]:port), default
 *               localhost:25.  libetpan's mailsmtp: EHLO (HELO if refused),
 *               MAIL FROM, RCPT TO, DATA; the connection is kept across
 *               sends and reopened once if the server dropped it.  A 5xx
 *               reply is permanent, anything else temporary; the error
 *               quotes the server's reply.  A connection lost, or silent
 *               past the timeout, after the message went is
 *               DELIVER_EUNSURE.
 *   "maildir"   arg: a directory DIR.  The mail for <rcpt> is delivered to
 *               the Maildir DIR/<rcpt>/ (created as needed) with LF line
 *               ends and a Return-Path header, as a local MTA would.  For
 *               tests and the demo.
 *
 * Every hand-over is bounded by the timeout given to open(): a
 * sendmail still running then is ended (its process group killed and
 * reaped), an SMTP server that does not answer within it is given up.
 *
 * send() returns 0 when the transport accepted the message,
 * DELIVER_ETEMP when it may succeed later (retry), DELIVER_EPERM when it
 * never will (bad address, 5xx), DELIVER_EHUNG when the transport hung
 * and was ended before it had the whole message (retry later, not in
 * this run: it may hang again), DELIVER_EUNSURE when it hung or broke
 * after it had the whole message, so it may or may not have taken it
 * (never retried: it could leave twice); after fail() in every case, so
 * that fail_text() says why.
 *
 * Errors: fail() (base/error.h).
 */
#ifndef MAILDIR_DELIVER_H
#define MAILDIR_DELIVER_H

#include <stddef.h>

#define DELIVER_ETEMP (-1)
#define DELIVER_EPERM (-2)
#define DELIVER_EHUNG (-3)
#define DELIVER_EUNSURE (-4)

struct deliver_ops {
	const char *name;
	/* Prepare the backend; arg NULL means its default, timeout the
	 * seconds one hand-over may take (at least 1).  Returns 0, or -1
	 * after fail() (treat as temporary).  *ctx is then for send and
	 * close. */
	int (*open)(void **ctx, const char *arg, int timeout);
	/* Deliver msg (RFC 5322, CRLF or LF) to rcpt with envelope sender
	 * envelope_from (NULL or "" for the null sender).  Returns 0, or
	 * DELIVER_ETEMP / DELIVER_EPERM after fail() (see above). */
	int (*send)(void *ctx, const char *envelope_from, const char *rcpt,
	    const char *msg, size_t len);
	void (*close)(void *ctx);
};

extern const struct deliver_ops deliver_sendmail_ops;
extern const struct deliver_ops deliver_smtp_ops;
extern const struct deliver_ops deliver_maildir_ops;

/* The backend called name, or NULL if there is none. */
const struct deliver_ops *deliver_lookup(const char *name);

#endif
