/*
 * maildir/outmail.h - building one outgoing message.
 *
 * Owns the shape of the Judge's mail on the wire: RFC 5322 with a single
 * MIME text/plain; charset=utf-8 part, built with libetpan's mailimf and
 * mailmime structures and written by mailmime_write_mem.  The body is
 * 7bit when it is ASCII with short lines, quoted-printable otherwise, so
 * the message is 7-bit clean whatever the transport.  Non-ASCII Subject
 * and display name are RFC 2047 encoded words.  Every message carries
 * Auto-Submitted: auto-replied (RFC 3834) and, given a loop tag, X-Loop,
 * so that neither the Judge nor well-behaved responders answer it.
 */
#ifndef MAILDIR_OUTMAIL_H
#define MAILDIR_OUTMAIL_H

#include <stddef.h>

struct outmail {
	const char *from;	/* addr-spec of the Judge */
	const char *from_name;	/* display name, UTF-8, or NULL */
	const char *to;		/* one addr-spec */
	const char *subject;	/* UTF-8, or NULL for none */
	const char *body;	/* UTF-8 text, LF (or CRLF) line ends */
	const char *message_id;	/* without <>; NULL: libetpan makes one */
	const char *in_reply_to;	/* one id without <>, or NULL */
	const char *references;	/* ids without <>, blank-separated, or NULL */
	const char *loop_tag;	/* X-Loop value, or NULL for none */
	const char *date;	/* RFC 5322 date-time, or NULL for now */
};

/*
 * Build the message into a malloc'd *msg of *len bytes (CRLF line ends,
 * NUL-terminated).  Invalid UTF-8 in subject, name or body is replaced
 * with U+FFFD; an address that cannot go in a header (empty, blanks,
 * line breaks, <>), an id containing such characters, or an unparseable
 * date is an error.  Returns 0, or -1 with *err set.
 */
int outmail_build(const struct outmail *o, char **msg, size_t *len,
    char **err);

#endif
