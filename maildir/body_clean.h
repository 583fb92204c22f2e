/*
 * maildir/body_clean.h - keeping only what the player wrote.
 *
 * A reply carries the message it answers, a signature, and client
 * boilerplate; none of it may be read as commands (the quoted text is
 * often the Judge's own previous mail, full of orders).  The rules, in
 * the order they are tried on each line:
 *
 *   - a line starting with '>' (after optional blanks) is a quote and is
 *     dropped, and so is a phone tagline ("Sent from my iPhone", "Get
 *     Outlook for Android", ...);
 *   - a signature separator "-- " (also "--", trailing blanks allowed)
 *     ends the text;
 *   - "-----Original Message-----", an Outlook header block ("From: ..."
 *     followed within three lines by "Sent: ..." or "Date: ..."), and a
 *     line of 20 or more underscores each end the text;
 *   - an attribution line, "On <date>, <someone> wrote:" (and the French,
 *     German, Spanish, Italian, Dutch and Portuguese forms), possibly
 *     wrapped over two lines: when the next non-blank line is quoted the
 *     attribution alone is dropped, so text written below the quote
 *     (bottom-posting) is kept; when it is not, the original follows
 *     unquoted and the text ends there.
 *
 * Trailing blanks are removed from every kept line, and leading and
 * trailing blank lines from the result.
 */
#ifndef MAILDIR_BODY_CLEAN_H
#define MAILDIR_BODY_CLEAN_H

#include <stddef.h>

#include "base/error.h"

/*
 * Clean the len bytes of text (UTF-8, LF line ends) into a malloc'd
 * NUL-terminated *out ("" when nothing is left, otherwise ending in a
 * line break).  Returns 0, or -1 out of memory.
 */
MUST_CHECK int body_clean(const char *text, size_t len, char **out);

/*
 * How many of the len bytes of text (LF line ends, NULs allowed) can
 * hold commands: up to just after the word of the first line that is a
 * SIGNOFF command, or to the start of the first signature separator;
 * len when there is neither.  Whatever follows is never read as
 * commands, so junk there (a client's binary trailer) must not make the
 * mail be refused.
 */
size_t body_commands_len(const char *text, size_t len);

/*
 * Whether the len bytes of text (LF line ends) end, blank lines aside,
 * in an attribution line as body_clean() knows it (one line, or two
 * where the client wrapped it).  html2text.c asks it of an unmarked
 * <blockquote>, which is a reply's quotation only after one.
 */
int body_ends_in_attribution(const char *text, size_t len);

#endif
