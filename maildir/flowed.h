/*
 * maildir/flowed.h - RFC 3676 format=flowed text.
 *
 * Mail clients such as Thunderbird and Apple Mail wrap long lines with a
 * trailing space ("soft" line breaks) so that the receiver can join them
 * again.  An order wrapped this way must reach the parser as one line.
 */
#ifndef MAILDIR_FLOWED_H
#define MAILDIR_FLOWED_H

#include <stddef.h>

struct strbuf;

/*
 * Append to out the fixed text of the len bytes of flowed text (LF line
 * ends): soft-broken lines are joined, space-stuffing is undone, and with
 * delsp (DelSp=yes) the trailing space of each soft break is removed.
 * Quoted lines keep their '>' markers, normalised to ">>> text".
 */
void flowed_decode(const char *text, size_t len, int delsp,
    struct strbuf *out);

#endif
