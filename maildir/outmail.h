/*
 * maildir/outmail.h - building one outgoing message.
 *
 * Owns the shape of the Judge's mail on the wire: RFC 5322 with a single
 * MIME text/plain; charset=utf-8 part, built with libetpan's mailimf and
 * mailmime structures and written by mailmime_write_mem.  The body goes
 * as written: 7bit when it is ASCII, 8bit when it is UTF-8 (every MTA
 * today passes 8-bit text, and converts it itself for a 7-bit hop), and
 * quoted-printable only when it must be: a control character, or a line
 * longer than SMTP allows (998 octets).  Then a line's trailing blanks
 * are encoded, so that the signature separator "-- " arrives as "-- ".
 * Lines are never wrapped here (players' press passes as they wrote
 * it); outmail_wrap() is for the text the Judge writes itself.
 * Non-ASCII Subject and display name are RFC 2047 encoded words.  Every message carries
 * Auto-Submitted: auto-replied (RFC 3834) and, given a loop tag, X-Loop,
 * so that neither the Judge nor well-behaved responders answer it.
 *
 * Errors: fail() (base/error.h).
 */
#ifndef MAILDIR_OUTMAIL_H
#define MAILDIR_OUTMAIL_H

#include <stddef.h>

#include "base/error.h"
#include "base/wrap.h"

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
	/* an image after the text, or NULLs: then the message is
	 * multipart/mixed, the text first, then the image inline, base64,
	 * named file; its body is token (letters and digits only, so
	 * already base64) for the sender to replace with the image's
	 * base64 lines at delivery (outmail_put_image), so that one
	 * picture is stored once however many mails carry it */
	const char *image_type;	/* "image/png" */
	const char *image_file;	/* "rubicon-S273BC-M.png" */
	const char *image_token;	/* "JudgePicture12" */
};

/*
 * Build the message into a malloc'd *msg of *len bytes (CRLF line ends,
 * NUL-terminated).  Invalid UTF-8 in subject, name or body is replaced
 * with U+FFFD; an address that cannot go in a header (empty, blanks,
 * line breaks, <>), an id containing such characters, or an unparseable
 * date is an error.  Returns 0, or -1 after fail().
 */
MUST_CHECK int outmail_build(const struct outmail *o, char **msg, size_t *len);

/*
 * The message msg (len bytes) with its image token's line replaced by
 * data (dlen bytes) as base64 in lines of 76: a malloc'd copy in *out,
 * *outlen bytes.  Returns 0, or -1 after fail() if the token is not on a
 * line of its own.
 */
MUST_CHECK int outmail_put_image(const char *msg, size_t len, const char *token, const void *data,
                      size_t dlen, char **out, size_t *outlen);

/* The width outmail_wrap() breaks at when given 0: RFC 5322's advice. */
#define OUTMAIL_WRAP WRAP_WIDTH

/*
 * A malloc'd copy of text (UTF-8, LF line ends) with every line longer
 * than width characters (0: OUTMAIL_WRAP) broken at spaces into lines
 * that fit, each keeping the line's indentation.  A word is never broken:
 * one longer than the line (a URL, a hash) stands alone on its line.
 * Lines that fit, blank lines and line breaks are kept as they are.
 */
char *outmail_wrap(const char *text, size_t width);

#endif
