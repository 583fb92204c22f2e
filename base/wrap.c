/*
 * wrap.c - the one line breaker (see wrap.h).
 *
 * A line is broken greedily: each piece takes as many words as fit, and
 * the break is the last run of blanks that keeps the piece within the
 * width (with at_commas, the last such run after a comma, if there is
 * one).  Greedy breaking is what every mail client does, so a reader
 * never sees a ragged line the client would not have made; the blanks at
 * a break are dropped, those inside a piece kept.
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "base/wrap.h"

/* Columns the n bytes of UTF-8 take: one per character (tabs and
 * double-width characters are rare in the Judge's own prose). */
static size_t columns(const char *s, size_t n)
{
	size_t c = 0;

	for (size_t i = 0; i < n; i++)
		if (((unsigned char)s[i] & 0xc0) != 0x80)
			c++;
	return c;
}

/* Where to end the piece that starts at p (not a blank) and may take room
 * columns of [p, e): the start of a run of blanks, or e when the rest fits.
 * A word too long for any piece ends at its own end.  One pass, which
 * stops at the width, so that a long line costs no more than a short one. */
static const char *piece_end(const char *p, const char *e, size_t room, int at_commas)
{
	const char *best = NULL, *comma = NULL, *b;
	size_t col = 0;

	for (b = p; b < e; b++) {
		if (((unsigned char)*b & 0xc0) == 0x80)
			continue;
		if (*b == ' ' && b > p && b[-1] != ' ') {
			best = b;
			if (b[-1] == ',')
				comma = b;
		}
		if (++col > room)
			break;
	}
	if (b == e)
		return e;
	if (at_commas && comma)
		return comma;
	if (best)
		return best;
	best = memchr(p, ' ', (size_t)(e - p));
	return best ? best : e;
}

/* Append the line [s, e) (no newline in it) to out, broken as how says. */
static void wrap_line(struct strbuf *out, const char *s, const char *e,
                      const struct wrap_style *how)
{
	size_t lead = strspn(s, " \t"), col;
	const char *p = s + lead;

	if (lead > (size_t)(e - s))
		lead = (size_t)(e - s), p = e;
	if (columns(s, (size_t)(e - s)) <= (size_t)how->width) {
		strbuf_add(out, s, (size_t)(e - s));
		return;
	}
	strbuf_add(out, s, lead);
	col = lead;
	while (p < e) {
		size_t room = (size_t)how->width > col ? (size_t)how->width - col : 0;
		const char *end = piece_end(p, e, room, how->at_commas), *q = end;

		while (q > p && q[-1] == ' ')
			q--;
		strbuf_add(out, p, (size_t)(q - p));
		for (p = end; p < e && *p == ' '; p++)
			;
		if (p == e)
			break;
		strbuf_addch(out, '\n');
		if (how->indent) {
			strbuf_addf(out, "%*s", how->indent, "");
			col = (size_t)how->indent;
		} else {
			strbuf_add(out, s, lead);
			strbuf_addf(out, "%*s", how->hang, "");
			col = lead + (size_t)how->hang;
		}
	}
}

void wrap_add(struct strbuf *out, const char *text, const struct wrap_style *how)
{
	assert(out && text && how && how->width > 0);
	while (*text) {
		const char *e = text + strcspn(text, "\n");

		wrap_line(out, text, e, how);
		if (*e == '\n')
			strbuf_addch(out, '\n');
		text = *e ? e + 1 : e;
	}
}

void wrap_tail(struct strbuf *sb, size_t from, const struct wrap_style *how)
{
	assert(from <= sb->len);
	char *text = xstrdup(sb->buf + from);

	strbuf_setlen(sb, from);
	wrap_add(sb, text, how);
	free(text);
}
