/*
 * maildir/inmail_text.h - the text part of an incoming message (internal
 * to inmail.c).
 *
 * Its result is a type of its own, struct mail_text, rather than the
 * whole struct inmail: the text is read before inmail.c knows whether it
 * keeps it, and inmail.c, which owns struct inmail, depends on this file
 * and never the other way.
 *
 * Owns the choice of the part to read and its decoding.  The candidates,
 * found depth-first through multipart/mixed, /alternative, /related and
 * the like, skipping parts marked as attachments, are tried in turn:
 * every text/plain part, joined in order (Apple Mail splits the text
 * around an inline picture; in an alternative only its first text/plain
 * branch counts, and after the first a part with a file name is a file),
 * a multipart glued under a text/plain part's headers being read as the
 * multipart it is (Samsung Email); the first text/html part, converted
 * to text;
 * the first attached message (message/rfc822, read the same way) that is
 * not itself automatic mail (Auto-Submitted, as the Judge's own is).  The
 * first that leaves any text after cleaning is read, so that an empty
 * text/plain beside the HTML that holds the orders, or an empty mail
 * forwarding the orders as an attachment, still works; when none does,
 * the first one's result (empty, or its error) stands.  A forwarded
 * message is otherwise not the sender's text and is not read.
 *
 * Text larger than the limit given (all text/plain parts together) is
 * refused before it is decoded, a later part beyond it with a note; other parts (images, documents) are never decoded at all.
 * Transfer encoding and charset are decoded with libetpan (an unknown
 * charset is read as ASCII, with a note), lines are made LF,
 * format=flowed is undone, Unicode spaces become ASCII ones and
 * zero-width characters go, NUL bytes are removed, and the result goes
 * through body_clean().  A text part whose commands (what comes before
 * SIGNOFF or a signature) are, for more than a sixteenth and at least 16
 * bytes, NULs, control characters or invalid text is refused as binary;
 * junk after them is not looked at.
 */
#ifndef MAILDIR_INMAIL_TEXT_H
#define MAILDIR_INMAIL_TEXT_H

#include <stddef.h>

#include "base/error.h"

/* The reasons a message's text could not be read (struct inmail.error). */
enum inmail_error {
	INMAIL_OK = 0,
	INMAIL_EMALFORMED,	/* MIME structure unusable */
	INMAIL_ECHARSET,	/* text in a charset we cannot convert */
	INMAIL_ETOOBIG,		/* message over max_size (body not read),
				 * or its text part over max_text */
	INMAIL_ENOTEXT,		/* neither text/plain nor text/html */
	INMAIL_EBINARY,		/* the text part holds binary data */
};

/* What was read of a message's text: the body, or why there is none. */
struct mail_text {
	char *body;		/* the player's text (inmail.h); NULL when
				 * error != 0 */
	int error;		/* enum inmail_error */
	char *error_text;	/* for the reply, when error != 0 */
	char *note;		/* for the reply, when error == 0: how the
				 * text was read, if unusually; else NULL */
};

/*
 * Fill *t (body and note, or error and error_text) from the len bytes of
 * the whole message at raw, reading no text part larger than max_text
 * bytes.  Returns 0, or -1 out of memory (*t is then empty).  Free *t
 * with mail_text_free() either way.
 */
MUST_CHECK int inmail_text(const char *raw, size_t len, size_t max_text,
    struct mail_text *t);

void mail_text_free(struct mail_text *t);

#endif
