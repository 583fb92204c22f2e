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
 *   - anything else goes through libetpan's charconv (iconv); a charset
 *     iconv does not know is reported, not guessed.
 * The conversion itself is always libetpan's; this file only validates
 * and repairs UTF-8.
 */
#ifndef MAILDIR_CHARSET_H
#define MAILDIR_CHARSET_H

#include <stddef.h>

struct strbuf;

#define CHARSET_EUNKNOWN (-2)

/*
 * Convert len bytes of text in `charset` (a MIME charset name, may be NULL)
 * to UTF-8 in a malloc'd NUL-terminated *out of *outlen bytes (the text may
 * itself contain NULs).  *nbad, if not NULL, receives the number of
 * invalid sequences that were replaced with U+FFFD.
 * Returns 0 ok, CHARSET_EUNKNOWN when the charset is not known (with *err
 * naming it), -1 when libetpan cannot convert the text (*err set).
 * Running out of memory for the result aborts, as in the whole Judge.
 */
int charset_to_utf8(const char *charset, const char *in, size_t len,
    char **out, size_t *outlen, size_t *nbad, char **err);

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

#endif
