/*
 * plaintext.c - Markdown to plain text for GET (see plaintext.h).
 *
 * Line by line, with the few marks the variants' files use, rather than a
 * Markdown library: the files are ours, the marks few, and a mail needs
 * their words, not their layout.  A mark is taken away only where it is
 * one (an asterisk between blanks, as in "2 * 3", stays), so a file
 * without Markdown passes through unchanged.
 */
#include <ctype.h>
#include <string.h>

#include "judge/mailcmd/plaintext.h"

/* Whether the '*' or '_' run at p of n characters opens (1) or closes
 * (0) an emphasis, or is no mark (-1), by its neighbours. */
static int emphasis_side(const char *line, const char *p, size_t n)
{
	int before = p > line ? (unsigned char)p[-1] : ' ';
	int after = (unsigned char)p[n];

	if (after && !isspace(after) && (isspace(before) || strchr("([\"'", before) || p == line))
		return 1;
	if (!isspace(before) && (!after || isspace(after) || ispunct(after)))
		return 0;
	return -1;
}

/* One line's inline marks, into out. */
static void inline_marks(const char *line, size_t len, struct strbuf *out)
{
	struct strbuf copy = STRBUF_INIT;
	int open = 0, code = 0;

	strbuf_add(&copy, line, len);
	const char *l = copy.buf;
	for (const char *p = l; *p;) {
		if (*p == '`') {           /* code: its marks are its own */
			code = !code;
			p++;
			continue;
		}
		if (!code && *p == '*') {
			size_t n = p[1] == '*' ? 2 : 1;
			int side = emphasis_side(l, p, n);
			if (side == 1 && strstr(p + n, n == 2 ? "**" : "*")) {
				open++;
				p += n;
				continue;
			}
			if (side == 0 && open) {
				open--;
				p += n;
				continue;
			}
		}
		if (!code && *p == '[') {  /* [text](url) reads "text <url>" */
			const char *close = strstr(p, "](");
			const char *end = close ? strchr(close + 2, ')') : NULL;
			if (close && end && !memchr(p + 1, '[', (size_t)(close - p - 1))) {
				strbuf_add(out, p + 1, (size_t)(close - p - 1));
				strbuf_addstr(out, " <");
				strbuf_add(out, close + 2, (size_t)(end - close - 2));
				strbuf_addch(out, '>');
				p = end + 1;
				continue;
			}
		}
		strbuf_addch(out, *p++);
	}
	strbuf_release(&copy);
}

void plaintext_from_markdown(const char *md, struct strbuf *out)
{
	const char *p = md;

	while (*p) {
		const char *nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p) : strlen(p);
		size_t hashes = 0;

		while (hashes < len && p[hashes] == '#')
			hashes++;
		if (len >= 3 && !strncmp(p, "```", 3)) {
			/* a fence: the block it opens stays, indented as it was */
		} else if (hashes && hashes <= 6 && hashes < len && p[hashes] == ' ') {
			size_t at = out->len;
			inline_marks(p + hashes + 1, len - hashes - 1, out);
			size_t width = out->len - at;
			strbuf_addch(out, '\n');
			for (size_t i = 0; i < width; i++)
				strbuf_addch(out, hashes == 1 ? '=' : '-');
			strbuf_addch(out, '\n');
		} else {
			inline_marks(p, len, out);
			strbuf_addch(out, '\n');
		}
		if (!nl)
			break;
		p = nl + 1;
	}
}
