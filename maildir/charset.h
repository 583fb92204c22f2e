/*
 * maildir/charset.h - getting valid UTF-8 out of text in a MIME charset.
 *
 * Owns the charset policy of incoming mail:
 *   - no charset, or us-ascii: the bytes are used as UTF-8 when they are
 *     valid UTF-8 (clients often send 8-bit text without declaring it),
 *     otherwise read as windows-1252;
 *   - iso-8859-1 (and its aliases) is read as windows-1252, its superset,
 *     because the C1 range 0x80-0x9f is never control codes in real mail
 *     but Windows' curly quotes and dashes (as the WHATWG encoding
 *     standard does);
 *   - utf-8: invalid bytes become U+FFFD, the text is not rejected;
 *   - a UTF-8 byte-order mark at the start (Windows tools write one)
 *     means UTF-8 whatever the label says, as the WHATWG standard has
 *     browsers do, and is dropped;
 *   - anything else goes through libetpan's charconv (iconv); a charset
 *     iconv does not know is reported, not guessed, and the caller may
 *     then read the text as ASCII (charset_unknown_read), since nearly
 *     every charset mail uses agrees with ASCII on the bytes below 0x80,
 *     where commands and orders live.
 * The conversion itself is always libetpan's; this file only validates
 * and repairs UTF-8, and folds the Unicode spaces commands cannot parse.
 *
 * Errors: fail() (base/error.h).
 */
#ifndef MAILDIR_CHARSET_H
#define MAILDIR_CHARSET_H

#include <stddef.h>

#include "base/error.h"

struct strbuf;

/* An outcome, not a failure of the program: the text is in a charset the
 * Judge does not know, which the caller may still read (positive, after
 * base/error.h's rule). */
#define CHARSET_EUNKNOWN 1

/*
 * Convert len bytes of text in `charset` (a MIME charset name, may be NULL)
 * to UTF-8 in a malloc'd NUL-terminated *out of *outlen bytes (the text may
 * itself contain NULs).  *nbad, if not NULL, receives the number of
 * invalid sequences that were replaced with U+FFFD.
 * Returns 0 ok, CHARSET_EUNKNOWN after fail() when the charset is not known
 * (fail_text() names it), -1 after fail() when libetpan cannot convert the
 * text.
 * Running out of memory for the result aborts, as in the whole Judge.
 */
MUST_CHECK int charset_to_utf8(const char *charset, const char *in, size_t len,
    char **out, size_t *outlen, size_t *nbad);

/* 1 if the n bytes are well-formed UTF-8 (no overlongs, no surrogates). */
int utf8_valid(const char *s, size_t n);

/*
 * Append the n bytes to b, replacing every ill-formed sequence (each
 * maximal subpart, as Unicode recommends) with U+FFFD.  Returns the number
 * of replacements.
 */
size_t utf8_repair(struct strbuf *b, const char *s, size_t n);

/* Append code point cp to b in UTF-8 (U+FFFD if cp is not a scalar). */
void utf8_put(struct strbuf *b, unsigned long cp);

/*
 * Read len bytes in a charset nobody here knows: bytes below 0x80 are
 * kept, every other byte becomes '?' (not U+FFFD, so that text in an
 * 8-bit charset is not then mistaken for binary data).  The result is a
 * malloc'd NUL-terminated *out of *outlen bytes; returns the number of
 * bytes replaced.
 */
size_t charset_unknown_read(const char *in, size_t len, char **out,
    size_t *outlen);

/* What a code point is to someone reading commands (unicode_space()). */
enum { UCS_TEXT = 0, UCS_SPACE, UCS_INVISIBLE };

/*
 * UCS_SPACE for the Unicode space separators other than U+0020 (U+00A0,
 * U+1680, U+2000..U+200A, U+202F, U+205F, U+3000), UCS_INVISIBLE for the
 * zero-width ones (U+200B, U+2060, U+FEFF), UCS_TEXT for anything else.
 * Joiners (U+200C, U+200D) are text: some scripts and emoji need them.
 */
int unicode_space(unsigned long cp);

/*
 * In the n bytes of UTF-8 at s, in place: every UCS_SPACE character
 * becomes an ASCII space and every UCS_INVISIBLE one is removed, so that
 * "SIGNON<NBSP>Rgame" typed in a word processor parses.  Returns the new
 * length; s is NUL-terminated at it if it was at n.
 */
size_t utf8_fold_spaces(char *s, size_t n);

#endif
