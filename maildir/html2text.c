/*
 * maildir/html2text.c - HTML to plain text; see html2text.h.  Space
 * characters, however written (&nbsp;, &emsp;, a raw U+00A0), are
 * collapsible spaces here as in a browser, because what the player saw
 * as a space must reach the order parser as one.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "maildir/body_clean.h"
#include "maildir/charset.h"
#include "maildir/html2text.h"
#include "base/strbuf.h"

struct h2t {
	struct strbuf *out;
	int line_start;		/* nothing but the line break written yet */
	int space;		/* whitespace seen since the last text */
	int newlines;		/* consecutive line breaks at the end of out */
	int pre;		/* inside <pre>: keep whitespace */
	int hidden;		/* inside head/title or a quotation: drop text */
	unsigned long long quoted;	/* bit k: the blockquote open at depth
					 * k is a quotation (and hides) */
	int quotes;		/* blockquotes open */
	size_t start;		/* length of out when we began */
};

static void put_break(struct h2t *h)
{
	/* Never more than one blank line, and none at the very start. */
	if (h->out->len == h->start || h->newlines >= 2)
		goto done;
	strbuf_addch(h->out, '\n');
	h->newlines++;
done:
	h->line_start = 1;
	h->space = 0;
}

/* End the current line unless we are at the start of one already. */
static void put_block(struct h2t *h)
{
	if (!h->line_start)
		put_break(h);
}

static void put_text(struct h2t *h, const char *s, size_t n)
{
	if (h->hidden || n == 0)
		return;
	if (h->space && !h->line_start)
		strbuf_addch(h->out, ' ');
	strbuf_add(h->out, s, n);
	h->space = 0;
	h->line_start = 0;
	h->newlines = 0;
}

static void put_space(struct h2t *h)
{
	if (!h->hidden)
		h->space = 1;
}

static void put_char(struct h2t *h, int c)
{
	char ch = (char)c;

	if (h->pre && !h->hidden) {
		if (c == '\n') {
			strbuf_addch(h->out, '\n');
			h->line_start = 1;
			h->newlines++;
			h->space = 0;
			return;
		}
		if (c == '\r')
			return;
		if (c == ' ' || c == '\t') {
			strbuf_addch(h->out, ch);
			h->line_start = 0;
			h->newlines = 0;
			return;
		}
	}
	if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f')
		put_space(h);
	else
		put_text(h, &ch, 1);
}

static void put_cp(struct h2t *h, unsigned long cp)
{
	struct strbuf u = STRBUF_INIT;

	if (cp == ' ' || cp == '\t' || cp == '\n' ||
	    unicode_space(cp) == UCS_SPACE) {
		put_space(h);
		return;
	}
	if (unicode_space(cp) == UCS_INVISIBLE)
		return;
	if (cp == 0 || cp < 0x20)
		cp = 0xfffd;
	utf8_put(&u, cp);
	put_text(h, u.buf, u.len);
	strbuf_release(&u);
}

static const struct {
	const char *name;
	unsigned long cp;
} entities[] = {
	{ "amp", '&' }, { "lt", '<' }, { "gt", '>' }, { "quot", '"' },
	{ "apos", '\'' }, { "nbsp", 0xa0 }, { "ndash", 0x2013 },
	{ "mdash", 0x2014 }, { "lsquo", 0x2018 }, { "rsquo", 0x2019 },
	{ "ldquo", 0x201c }, { "rdquo", 0x201d }, { "hellip", 0x2026 },
	{ "copy", 0xa9 }, { "eacute", 0xe9 }, { "euro", 0x20ac },
	{ "ensp", 0x2002 }, { "emsp", 0x2003 }, { "thinsp", 0x2009 },
};

/*
 * Decode the entity at p (just after '&'); returns the bytes consumed
 * after '&', or 0 if it is not one we know (the '&' is then literal).
 */
static size_t entity(struct h2t *h, const char *p, const char *end)
{
	char name[12];
	size_t n = 0, i;
	unsigned long cp;
	char *e;

	while (p + n < end && n < sizeof name - 1 &&
	    (isalnum((unsigned char)p[n]) || (n == 0 && p[n] == '#')))
		n++;
	if (n == 0)
		return 0;
	memcpy(name, p, n);
	name[n] = '\0';
	if (name[0] == '#') {
		int hex = name[1] == 'x' || name[1] == 'X';
		const char *digits = name + 1 + hex;

		cp = strtoul(digits, &e, hex ? 16 : 10);
		if (e == digits || *e != '\0')
			return 0;
		put_cp(h, cp);
	} else {
		for (i = 0; i < sizeof entities / sizeof entities[0]; i++)
			if (strcmp(name, entities[i].name) == 0)
				break;
		if (i == sizeof entities / sizeof entities[0])
			return 0;
		put_cp(h, entities[i].cp);
	}
	/* The ';' is optional in the wild ("&nbsp text"). */
	if (p + n < end && p[n] == ';')
		n++;
	return n;
}

/* Find "</name" (any case) at or after p; returns its start or end. */
static const char *find_close(const char *p, const char *end,
    const char *name)
{
	size_t n = strlen(name);

	for (; p + 2 + n <= end; p++)
		if (p[0] == '<' && p[1] == '/' &&
		    strncasecmp(p + 2, name, n) == 0)
			return p;
	return end;
}

static int is_block(const char *t)
{
	static const char *const blocks[] = { "p", "div", "li", "ul", "ol",
		"tr", "table", "h1", "h2", "h3", "h4", "h5", "h6", "pre",
		"hr", "dl", "dt", "dd", "center", "address", "section",
		"article", "header", "footer", "blockquote", "form", NULL };
	int i;

	for (i = 0; blocks[i]; i++)
		if (strcmp(t, blocks[i]) == 0)
			return 1;
	return 0;
}

/* Whether the n bytes of a tag's attributes hold type=cite, quoted or
 * not, in any case. */
static int type_is_cite(const char *a, size_t n)
{
	size_t i, j;

	for (i = 0; i + 4 <= n; i++) {
		if (strncasecmp(a + i, "type", 4) != 0 ||
		    (i > 0 && (isalnum((unsigned char)a[i - 1]) ||
		    a[i - 1] == '-')))
			continue;
		for (j = i + 4; j < n && isspace((unsigned char)a[j]); j++)
			;
		if (j >= n || a[j++] != '=')
			continue;
		while (j < n && (isspace((unsigned char)a[j]) || a[j] == '"' ||
		    a[j] == '\''))
			j++;
		if (j + 4 <= n && strncasecmp(a + j, "cite", 4) == 0 &&
		    (j + 4 == n || !isalnum((unsigned char)a[j + 4])))
			return 1;
	}
	return 0;
}

/*
 * A <blockquote> is a reply's quotation when its client marks it so
 * (type="cite": Thunderbird, Apple Mail) or when the text just before it
 * is an attribution ("On ..., X wrote:", as Gmail writes it).  Any other
 * is only an indented block, where a player may well have put his
 * orders; its text is read.  A quotation hides all it holds, nested
 * blockquotes included.
 */
static void blockquote(struct h2t *h, int closing, const char *attrs,
    size_t n)
{
	unsigned long long bit;

	if (closing) {
		if (h->quotes == 0)
			return;
		h->quotes--;
		bit = h->quotes < 64 ? 1ULL << h->quotes : 0;
		if (h->quoted & bit) {
			h->quoted &= ~bit;
			h->hidden--;
		}
		return;
	}
	bit = h->quotes < 64 ? 1ULL << h->quotes : 0;
	h->quotes++;
	/* Deeper than the mask can tell, a blockquote reads as text: the
	 * hidden count then never loses its balance. */
	if (bit && !h->hidden && (type_is_cite(attrs, n) ||
	    body_ends_in_attribution(h->out->buf + h->start,
	    h->out->len - h->start))) {
		h->quoted |= bit;
		h->hidden++;
	}
}

/*
 * Act on the tag at p (just after '<'); returns the position after '>'.
 * Raw-text elements (style, script) are skipped here in one go.
 */
static const char *tag(struct h2t *h, const char *p, const char *end)
{
	char name[16];
	size_t n = 0;
	int closing = 0;
	char quote = 0;
	const char *attrs;

	if (p < end && *p == '/') {
		closing = 1;
		p++;
	}
	while (p < end && (isalnum((unsigned char)*p) || *p == ':') &&
	    n < sizeof name - 1)
		name[n++] = (char)tolower((unsigned char)*p++);
	name[n] = '\0';
	attrs = p;
	/* Skip attributes, minding quoted values that may contain '>'. */
	for (; p < end; p++) {
		if (quote) {
			if (*p == quote)
				quote = 0;
		} else if (*p == '"' || *p == '\'') {
			quote = *p;
		} else if (*p == '>') {
			p++;
			break;
		}
	}

	if (!closing && (strcmp(name, "style") == 0 ||
	    strcmp(name, "script") == 0)) {
		p = find_close(p, end, name);
		while (p < end && *p++ != '>')
			;
		return p;
	}
	if (strcmp(name, "blockquote") == 0)
		blockquote(h, closing, attrs, (size_t)(p - attrs));
	if (strcmp(name, "head") == 0 || strcmp(name, "title") == 0) {
		if (!closing)
			h->hidden++;
		else if (h->hidden > 0)
			h->hidden--;
	}
	if (strcmp(name, "pre") == 0) {
		if (!closing)
			h->pre++;
		else if (h->pre > 0)
			h->pre--;
	}
	if (strcmp(name, "br") == 0 && !h->hidden)
		put_break(h);
	else if (is_block(name) && !h->hidden)
		put_block(h);
	else if (strcmp(name, "td") == 0 || strcmp(name, "th") == 0)
		put_space(h);
	return p;
}

void html_to_text(const char *html, size_t len, struct strbuf *out)
{
	struct h2t h = { out, 1, 0, 0, 0, 0, 0, 0, out->len };
	const char *p = html, *end = html + len;
	size_t start = out->len;

	while (p < end) {
		if (*p == '<' && p + 1 < end) {
			if (end - p >= 4 && memcmp(p, "<!--", 4) == 0) {
				const char *c = p + 4;

				while (c + 3 <= end && memcmp(c, "-->", 3) != 0)
					c++;
				p = c + 3 <= end ? c + 3 : end;
				continue;
			}
			if (p[1] == '!' || p[1] == '?') {
				while (p < end && *p != '>')
					p++;
				p += p < end;
				continue;
			}
			if (isalpha((unsigned char)p[1]) || p[1] == '/') {
				p = tag(&h, p + 1, end);
				continue;
			}
		}
		if (*p == '&') {
			size_t n = entity(&h, p + 1, end);

			if (n) {
				p += 1 + n;
				continue;
			}
		}
		/* A raw U+00A0 is layout, not text. */
		if ((unsigned char)p[0] == 0xc2 && p + 1 < end &&
		    (unsigned char)p[1] == 0xa0) {
			put_space(&h);
			p += 2;
			continue;
		}
		put_char(&h, *p++);
	}
	/* Drop the trailing line breaks, then end with exactly one. */
	while (out->len > start && out->buf[out->len - 1] == '\n')
		out->buf[--out->len] = '\0';
	if (out->len > start)
		strbuf_addch(out, '\n');
}
