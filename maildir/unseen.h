/*
 * maildir/unseen.h - characters a reader does not see but a screen obeys:
 * control characters (C0 but the tab, DEL, C1) and Unicode's format
 * characters (general category Cf: the bidirectional overrides and
 * isolates U+202A..U+202E and U+2066..U+2069, the zero-width space and
 * joiners U+200B..U+200F, the byte-order mark U+FEFF, ...).  With them a
 * writer can dress text up as something else in another reader's mail
 * (an escape sequence, "Rome" shown for "emoR"), so what one player
 * writes for others (press) loses them, and an address with one is no
 * address.
 */
#ifndef MAILDIR_UNSEEN_H
#define MAILDIR_UNSEEN_H

#include <stddef.h>

struct strbuf;

/* Append the n bytes of UTF-8 at s to out without those characters.
 * Bytes that are not UTF-8 are left as they are. */
void unseen_strip(struct strbuf *out, const char *s, size_t n);

/* 1 if the n bytes at s hold one of those characters. */
int unseen_any(const char *s, size_t n);

#endif
