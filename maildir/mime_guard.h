/*
 * maildir/mime_guard.h - the bounds on what libetpan's parsers are given
 * (internal to inmail.c and inmail_text.c).
 *
 * Owns the decision, before libetpan parses a message, whether its
 * structure is small enough for libetpan's recursive parsers, which have
 * no depth limit of their own:
 *
 * - mailmime_parse() recurses once per container part (multipart/...,
 *   message/rfc822), rescanning the rest of the message at each level,
 *   and allocates a node per part: a 2 MB message of 28,000 nested
 *   multiparts overflows the stack, 10,000 levels cost 5 s of CPU, and
 *   10 MB of empty parts would cost gigabytes.  So the guard finds,
 *   anywhere in the message, every header field that libetpan could take
 *   as a Content-Type (what mailimf reads as a field named "Content-Type"
 *   in any case, with comments or white space before the colon, folded
 *   over lines), asks libetpan's own field parser (mailmime_field_parse,
 *   encoded words and all) whether it names a container, and counts
 *   those; and it counts the lines that could delimit a part of any
 *   multipart found ("--" and its boundary at a line start).
 *
 * - mailimf's comment parser recurses once per "(" nesting level: a
 *   header of 160,000 "(" overflows the stack.  The guard measures how
 *   deep parentheses nest within each logical line (a line with its
 *   folded continuations, and its "\"-escaped line breaks, which a
 *   comment may hold).
 *
 * The counts are upper bounds of what libetpan will build.  A header
 * field starts where libetpan starts one: at the message's start, after
 * a line feed (a field ends with its line break), or where a part's
 * header starts, which is after a line feed too except for a
 * multipart's first part: libetpan starts that one right after its
 * delimiter when no line break follows ("--bContent-Type: ..."), and
 * finds that delimiter at a line start or after a bare CR.  So fields
 * are tried at every line start and right after every known boundary's
 * "--b" at a line start (a field defines its boundary before the body
 * that uses it), and a mail with a delimiter after a bare CR, which no
 * MTA passes, is refused.  Each field is so tried once, not at every
 * byte: a line of "Content-Type: x " repeated cost the square of its
 * length (44 s at 100 kB).  Every line start is counted as a delimiter
 * when it could be one; a multipart's parts start at a delimiter, so
 * parts <= delimiters + containers.
 *
 * The cost is linear in the message.  A field's name may be followed by
 * a comment before its colon, and mailimf lets a comment go on over a
 * "\"-escaped line break, after which the next line would be read both
 * as part of that comment and as a field of its own, each reading the
 * same long value: a mail doing that (63 of them over 10 MB cost 23 s)
 * is refused, as no mail does it (libetpan 1.9.4 does not even read a
 * comment before the colon).  A boundary with a line break is
 * malformed, so that matching a delimiter stays within its line.
 */
#ifndef MAILDIR_MIME_GUARD_H
#define MAILDIR_MIME_GUARD_H

#include <stddef.h>

#include "base/error.h"

/* The most container parts (multipart/..., message/...) a message may have,
 * nested or side by side: real mail has a handful. */
#define MIME_MAX_CONTAINERS 64
/* The most delimiter lines (so, parts) a message may have: a digest of
 * a few hundred forwarded mails fits. */
#define MIME_MAX_PARTS 1000
/* The deepest nesting of "(" in one logical line: a comment in a header
 * nests once or twice; libetpan overflows the stack near 100,000. */
#define MIME_MAX_COMMENT_DEPTH 64

/*
 * How many of the len bytes at raw libetpan may parse as headers: len,
 * or the offset of the first logical line whose parentheses nest deeper
 * than MIME_MAX_COMMENT_DEPTH.  Never reads past raw + len.
 */
size_t mime_guard_comments(const char *raw, size_t len);

/*
 * Whether the message's MIME structure is within MIME_MAX_CONTAINERS and
 * MIME_MAX_PARTS.  Call it only on a message that mime_guard_comments()
 * passed whole.  Returns 0 if so; -1 after fail() with a sentence for
 * the sender's reply if not.  Never reads past raw + len.
 */
MUST_CHECK int mime_guard_structure(const char *raw, size_t len);

/*
 * The counts behind mime_guard_structure(), for tests and measurements:
 * the header fields that libetpan would read as a container's
 * Content-Type, and the lines that could delimit a part.  Counting stops
 * past the limits, so that the cost stays bounded.
 */
void mime_guard_count(const char *raw, size_t len, int *containers,
    long *delimiters);

#endif
