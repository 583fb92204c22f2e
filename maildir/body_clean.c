/*
 * maildir/body_clean.c - dropping quotes, signatures and reply headers,
 * and finding where the commands end; the rules are in body_clean.h.
 * They share one notion of a line and of a signature, so they live
 * together.
 */
#include <assert.h>
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "maildir/body_clean.h"
#include "base/strbuf.h"

struct line {
	const char *s;
	size_t n;
};

static int is_blank(int c)
{
	return c == ' ' || c == '\t';
}

/* The line without leading and trailing blanks. */
static struct line trim(struct line l)
{
	while (l.n && is_blank(l.s[0])) {
		l.s++;
		l.n--;
	}
	while (l.n && is_blank(l.s[l.n - 1]))
		l.n--;
	return l;
}

static int starts(struct line l, const char *p)
{
	size_t n = strlen(p);

	return l.n >= n && strncasecmp(l.s, p, n) == 0;
}

static int contains(struct line l, const char *p)
{
	size_t n = strlen(p), i;

	for (i = 0; i + n <= l.n; i++)
		if (memcmp(l.s + i, p, n) == 0)
			return 1;
	return 0;
}

static int is_quote(struct line l)
{
	l = trim(l);
	return l.n > 0 && l.s[0] == '>';
}

static int is_signature(struct line l)
{
	size_t i;

	if (l.n < 2 || l.s[0] != '-' || l.s[1] != '-')
		return 0;
	for (i = 2; i < l.n; i++)
		if (!is_blank(l.s[i]))
			return 0;
	return 1;
}

static int is_original_message(struct line l)
{
	l = trim(l);
	while (l.n && l.s[0] == '-') {
		l.s++;
		l.n--;
	}
	l = trim(l);
	return starts(l, "Original Message") &&
	    (l.n == 16 || l.s[16] == ' ' || l.s[16] == '-');
}

static int is_underscores(struct line l)
{
	size_t i;

	l = trim(l);
	if (l.n < 20)
		return 0;
	for (i = 0; i < l.n; i++)
		if (l.s[i] != '_')
			return 0;
	return 1;
}

/* "From:" / "*From:*" as Outlook (or Gmail's rendering of it) writes. */
static int is_header(struct line l, const char *name)
{
	l = trim(l);
	if (l.n && l.s[0] == '*') {
		l.s++;
		l.n--;
	}
	return starts(l, name);
}

static int is_outlook_block(const struct line *v, size_t n, size_t i)
{
	size_t j;

	if (!is_header(v[i], "From:"))
		return 0;
	for (j = i + 1; j < n && j <= i + 3; j++)
		if (is_header(v[j], "Sent:") || is_header(v[j], "Date:"))
			return 1;
	return 0;
}

static int is_attribution_text(struct line l)
{
	static const char *const openers[] = { "On ", "Le ", "Am ", "El ",
		"Il ", "Op ", "Em ", NULL };
	static const char *const verbs[] = { "wrote", "\xc3\xa9" "crit",
		"schrieb", "escribi\xc3\xb3", "scritto", "schreef",
		"escreveu", NULL };
	int i, ok = 0;

	l = trim(l);
	if (l.n == 0 || l.n > 400 || l.s[l.n - 1] != ':')
		return 0;
	for (i = 0; openers[i]; i++)
		if (l.n >= 3 && memcmp(l.s, openers[i], 3) == 0)
			ok = 1;
	if (!ok)
		return 0;
	for (i = 0; verbs[i]; i++)
		if (contains(l, verbs[i]))
			return 1;
	return 0;
}

/*
 * Number of lines (1 or 2) the attribution starting at v[i] spans, or 0.
 * A two-line one is joined with a space, as the client wrapped it there.
 */
static size_t attribution(const struct line *v, size_t n, size_t i)
{
	struct line a = trim(v[i]), b;
	char buf[512];

	if (is_attribution_text(a))
		return 1;
	if (i + 1 >= n || a.n == 0 || a.s[a.n - 1] == ':')
		return 0;
	b = trim(v[i + 1]);
	if (b.n == 0 || a.n + 1 + b.n > sizeof buf)
		return 0;
	memcpy(buf, a.s, a.n);
	buf[a.n] = ' ';
	memcpy(buf + a.n + 1, b.s, b.n);
	a.s = buf;
	a.n += 1 + b.n;
	return is_attribution_text(a) ? 2 : 0;
}

/* Two attribution lines at their longest, with blank lines after. */
#define ATTRIBUTION_TAIL 1024

int body_ends_in_attribution(const char *text, size_t len)
{
	struct line v[2] = { { text, 0 }, { text, 0 } };
	size_t end, start;
	int k;

	/* An attribution is short (is_attribution_text()): only the tail
	 * is looked at, whole lines of it, so that a caller asking after
	 * every tag of a long text does not scan it again each time. */
	if (len > ATTRIBUTION_TAIL) {
		const char *cut = text + len - ATTRIBUTION_TAIL;
		const char *nl = memchr(cut, '\n', ATTRIBUTION_TAIL);

		if (nl == NULL)
			return 0;
		len -= (size_t)(nl + 1 - text);
		text = nl + 1;
	}
	end = len;

	/* The last two non-blank lines, v[0] above v[1]. */
	for (k = 1; k >= 0; k--) {
		struct line l;

		do {
			while (end > 0 && text[end - 1] == '\n')
				end--;
			for (start = end; start > 0 && text[start - 1] != '\n';
			    start--)
				;
			l = trim((struct line){ text + start, end - start });
			end = start;
		} while (l.n == 0 && start > 0);
		v[k] = l;
		if (l.n == 0)
			break;
	}
	if (v[1].n == 0)
		return 0;
	return attribution(&v[1], 1, 0) == 1 ||
	    (v[0].n && attribution(v, 2, 0) == 2);
}

/* Phone and webmail taglines the player did not type. */
static int is_tagline(struct line l)
{
	static const char *const tags[] = { "Sent from my ",
		"Sent from Mail for Windows", "Sent from Yahoo Mail", "Sent from Outlook",
		"Get Outlook for ", "Envoy\xc3\xa9 de mon ", NULL };
	int i;

	l = trim(l);
	if (l.n > 60)
		return 0;
	for (i = 0; tags[i]; i++)
		if (starts(l, tags[i]))
			return 1;
	return 0;
}

static int is_cut(const struct line *v, size_t n, size_t i)
{
	return is_signature(v[i]) || is_original_message(v[i]) ||
	    is_underscores(v[i]) || is_outlook_block(v, n, i);
}

static int split(const char *text, size_t len, struct line **lines,
    size_t *count)
{
	const char *p = text, *end = text + len;
	struct line *v, l;
	size_t n = 1, k = 0;

	for (size_t i = 0; i < len; i++)
		n += text[i] == '\n';
	if ((v = calloc(n, sizeof *v)) == NULL)
		return -1;
	while (mem_next_line(&p, end, &l.s, &l.n))
		v[k++] = l;
	*lines = v;
	*count = k;
	return 0;
}

int body_clean(const char *text, size_t len, char **out)
{
	struct strbuf b = STRBUF_INIT;
	struct line *v;
	size_t n, i, keep_end = 0;

	assert((text != NULL || len == 0) && out != NULL);

	if (split(text, len, &v, &n) < 0)
		return -1;
	for (i = 0; i < n; i++) {
		size_t span, j;

		if (is_quote(v[i]) || is_tagline(v[i]))
			continue;
		if (is_cut(v, n, i))
			break;
		if ((span = attribution(v, n, i)) != 0) {
			for (j = i + span; j < n && trim(v[j]).n == 0; j++)
				;
			if (j < n && !is_quote(v[j]))
				break;
			i += span - 1;
			continue;
		}
		struct line l = v[i];

		while (l.n && (is_blank(l.s[l.n - 1]) || l.s[l.n - 1] == '\r'))
			l.n--;
		if (l.n == 0 && b.len == 0)
			continue;	/* leading blank lines */
		strbuf_add(&b, l.s, l.n);
		strbuf_addch(&b, '\n');
		if (l.n)
			keep_end = b.len;
	}
	free(v);
	*out = strbuf_detach(&b, NULL);
	(*out)[keep_end] = '\0';	/* trailing blank lines */
	return 0;
}

/* A line whose first word is SIGNOFF, as the Judge's command reader
 * sees it; returns the offset just after that word, or 0. */
static size_t signoff_end(struct line l)
{
	static const char word[] = "SIGNOFF";
	size_t i = 0, n = sizeof word - 1;

	while (i < l.n && is_blank(l.s[i]))
		i++;
	if (l.n - i < n || strncasecmp(l.s + i, word, n) != 0)
		return 0;
	i += n;
	/* "SIGNOFF\0\0..." still signs off: only a letter or digit would
	 * make it another word. */
	if (i < l.n && (unsigned char)l.s[i] < 0x80 &&
	    isalnum((unsigned char)l.s[i]))
		return 0;
	return i;
}

size_t body_commands_len(const char *text, size_t len)
{
	const char *p = text, *end = text + len;
	struct line l;
	size_t k;

	while (mem_next_line(&p, end, &l.s, &l.n)) {
		if (is_signature(l))
			return (size_t)(l.s - text);
		if ((k = signoff_end(l)) != 0)
			return (size_t)(l.s - text) + k;
	}
	return len;
}
