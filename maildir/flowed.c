/*
 * maildir/flowed.c - RFC 3676 format=flowed decoding; see flowed.h.
 *
 * Decoding is one pass over the lines, joining soft-broken lines of the
 * same quote depth into one, so that an order a client wrapped reaches the
 * parser whole; quote depth is kept on the joined line so body_clean can
 * still drop quotes afterwards.
 */
#include <string.h>

#include "maildir/flowed.h"
#include "base/strbuf.h"

void flowed_decode(const char *text, size_t len, int delsp,
    struct strbuf *out)
{
	const char *p = text, *end = text + len, *line;
	size_t para_depth = 0, linelen;
	int in_para = 0;

	while (mem_next_line(&p, end, &line, &linelen)) {
		const char *eol = line + linelen;
		const char *s = line;
		size_t depth = 0, n;
		int soft, sig;

		while (s < eol && *s == '>') {
			depth++;
			s++;
		}
		if (s < eol && *s == ' ')	/* space-stuffing (4.4) */
			s++;
		n = (size_t)(eol - s);
		/* "-- " is the signature separator, never a soft break (4.3) */
		sig = n == 3 && memcmp(s, "-- ", 3) == 0;
		soft = !sig && n > 0 && s[n - 1] == ' ';

		/* A change of quote depth ends a paragraph, whatever the
		 * previous line claimed (4.5). */
		if (in_para && depth != para_depth) {
			strbuf_addch(out, '\n');
			in_para = 0;
		}
		if (!in_para) {
			size_t i;

			for (i = 0; i < depth; i++)
				strbuf_addch(out, '>');
			if (depth)
				strbuf_addch(out, ' ');
			para_depth = depth;
		}
		if (soft && delsp)
			n--;
		strbuf_add(out, s, n);
		if (soft) {
			in_para = 1;
		} else {
			strbuf_addch(out, '\n');
			in_para = 0;
		}
	}
	if (in_para)
		strbuf_addch(out, '\n');
}
