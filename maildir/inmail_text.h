/*
 * maildir/inmail_text.h - the text part of an incoming message (internal
 * to inmail.c).
 *
 * Owns the choice of the part to read and its decoding: the first
 * text/plain part that is not an attachment, found depth-first through
 * multipart/mixed, /alternative, /related and the like; failing that the
 * first text/html part, converted to text.  Attached messages
 * (message/rfc822) are not entered: forwarded mail is not the sender's
 * text.  Transfer encoding and charset are decoded with libetpan, lines
 * are made LF, format=flowed is undone, NUL bytes are removed (a text
 * part of which more than a sixteenth, and at least 16 bytes, are NULs,
 * control characters or invalid UTF-8 is refused as binary), and the
 * result goes through body_clean().
 */
#ifndef MAILDIR_INMAIL_TEXT_H
#define MAILDIR_INMAIL_TEXT_H

#include <stddef.h>

struct inmail;

/*
 * Set m->body, or m->error and m->error_text, from the len bytes of the
 * whole message at raw.  Returns 0, or -1 out of memory.
 */
int inmail_text(const char *raw, size_t len, struct inmail *m);

#endif
