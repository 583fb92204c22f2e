/*
 * maildir/inmail_text.h - the text part of an incoming message (internal
 * to inmail.c).
 *
 * Owns the choice of the part to read and its decoding.  The candidates,
 * found depth-first through multipart/mixed, /alternative, /related and
 * the like, skipping parts marked as attachments, are tried in turn: the
 * first text/plain part; the first text/html part, converted to text;
 * the first attached message (message/rfc822, read the same way) that is
 * not itself automatic mail (Auto-Submitted, as the Judge's own is).  The
 * first that leaves any text after cleaning is read, so that an empty
 * text/plain beside the HTML that holds the orders, or an empty mail
 * forwarding the orders as an attachment, still works; when none does,
 * the first one's result (empty, or its error) stands.  A forwarded
 * message is otherwise not the sender's text and is not read.
 *
 * A text part larger than the limit given is refused before it is
 * decoded; other parts (images, documents) are never decoded at all.
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

struct inmail;

/*
 * Set m->body (and m->note), or m->error and m->error_text, from the len
 * bytes of the whole message at raw, reading no text part larger than
 * max_text bytes.  Returns 0, or -1 out of memory.
 */
int inmail_text(const char *raw, size_t len, size_t max_text,
    struct inmail *m);

#endif
