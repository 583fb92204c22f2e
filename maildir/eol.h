/*
 * maildir/eol.h - line endings.
 *
 * Mail on the wire uses CRLF; text handed to the rest of the Judge, and
 * files written for local programs (sendmail, Maildir), use LF.
 */
#ifndef MAILDIR_EOL_H
#define MAILDIR_EOL_H

#include <stddef.h>

/*
 * Rewrite the n bytes at s in place so that CRLF and lone CR become LF.
 * Returns the new length; s is NUL-terminated at it if it was at n.
 */
size_t eol_to_lf(char *s, size_t n);

#endif
