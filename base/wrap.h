/*
 * wrap.h - breaking the Judge's own prose into lines for mail.
 *
 * Owns: the one line breaker.  Every text the Judge writes is read in mail
 * clients at 78 columns (RFC 5322's advice), and three kinds of text need
 * three habits of breaking, which are parameters here rather than copies:
 *   - a reply, as the outbox sends it: a broken line's pieces keep its own
 *     indentation, so a wrapped list item still reads as one (WRAP_MAIL);
 *   - a list of names, as in a map or a key of letters: break after a
 *     comma where one fits, so that "Lesbos (les)" stays whole, and hang
 *     the rest under the list (WRAP_LIST);
 *   - a family's paragraphs of results: the rest of a line hangs a few
 *     columns in from its start, so a paragraph's first line stands out
 *     (WRAP_HANG).
 * Width is counted in characters (UTF-8), not bytes.  A word longer than a
 * line stands alone on its line rather than being split.  Breaking twice
 * changes nothing, so text may pass through more than one of these.
 */
#ifndef WRAP_H
#define WRAP_H

#include <stddef.h>

#include "base/strbuf.h"

/* The width every line the Judge writes keeps to. */
#define WRAP_WIDTH 78

struct wrap_style {
	int width;          /* columns a line may take */
	int indent;         /* continuation lines start at this column; 0:
	                       at the line's own indentation, plus hang */
	int hang;           /* with indent 0: columns beyond that indentation */
	int at_commas;      /* break after a comma where one fits */
};

#define WRAP_MAIL ((struct wrap_style){ .width = WRAP_WIDTH })
#define WRAP_LIST(col) ((struct wrap_style){ .width = WRAP_WIDTH, .indent = (col), .at_commas = 1 })
#define WRAP_HANG(w, h) ((struct wrap_style){ .width = (w), .hang = (h) })

/* Append text to out with every line longer than how->width broken at
 * blanks.  Line ends are kept as they are: a text without a final newline
 * gets none. */
void wrap_add(struct strbuf *out, const char *text, const struct wrap_style *how);

/* Break, in place, what sb holds from byte from on (for text composed
 * first and broken after). */
void wrap_tail(struct strbuf *sb, size_t from, const struct wrap_style *how);

#endif
