/*
 * names.c - a small name table.  Tables hold a few hundred names, so a
 * linear scan is simple and fast enough; nothing here is on the
 * adjudication path.
 */
#include <assert.h>
#include <ctype.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "base/strbuf.h"
#include "parser/names.h"

void names_init(struct names *t)
{
	memset(t, 0, sizeof *t);
}

void names_free(struct names *t)
{
	for (int i = 0; i < t->n; i++)
		free(t->v[i].text);
	free(t->v);
	names_init(t);
}

size_t names_normalise(char *dst, size_t dstlen, const char *src, size_t srclen)
{
	size_t o = 0;
	int space = 0;

	for (size_t i = 0; i < srclen && o + 1 < dstlen; i++) {
		unsigned char c = (unsigned char)src[i];
		if (isspace(c)) {
			space = o > 0;
			continue;
		}
		if (space && o + 2 < dstlen)
			dst[o++] = ' ';
		space = 0;
		dst[o++] = (char)tolower(c);
	}
	if (dstlen)
		dst[o] = '\0';
	return o;
}

int names_find(const struct names *t, const char *text, size_t len)
{
	char buf[128];
	size_t n = names_normalise(buf, sizeof buf, text, len);

	for (int i = 0; i < t->n; i++)
		if ((size_t)t->v[i].len == n && memcmp(t->v[i].text, buf, n) == 0)
			return t->v[i].id;
	return -1;
}

int names_add(struct names *t, const char *text, int id)
{
	char buf[128];
	size_t n = names_normalise(buf, sizeof buf, text, strlen(text));
	int old = names_find(t, buf, n);

	assert(t && text);
	if (old >= 0)
		return old == id ? 0 : NAMES_TAKEN;
	if (t->n == t->cap) {
		t->cap = t->cap ? 2 * t->cap : 64;
		t->v = xrealloc(t->v, (size_t)t->cap * sizeof *t->v);
	}
	t->v[t->n].text = xstrdup(buf);
	t->v[t->n].len = (int)n;
	t->v[t->n].id = id;
	t->n++;
	return 0;
}

static int is_word_end(const char *s, size_t len, size_t at)
{
	return at >= len || !isalnum((unsigned char)s[at]);
}

int names_prefix(const struct names *t, const char *s, size_t len, size_t *matched)
{
	int best = -1;
	size_t bestlen = 0;

	for (int i = 0; i < t->n; i++) {
		size_t n = (size_t)t->v[i].len;
		if (n > len || n <= bestlen || memcmp(t->v[i].text, s, n) != 0)
			continue;
		if (!is_word_end(s, len, n))
			continue;
		best = t->v[i].id;
		bestlen = n;
	}
	*matched = bestlen;
	return best;
}

/* Levenshtein distance, with early exit: strings here are short. */
static int edit_distance(const char *a, size_t la, const char *b, size_t lb)
{
	int row[130];

	if (la > 128 || lb > 128)
		return 1000;
	for (size_t j = 0; j <= lb; j++)
		row[j] = (int)j;
	for (size_t i = 1; i <= la; i++) {
		int diag = row[0];
		row[0] = (int)i;
		for (size_t j = 1; j <= lb; j++) {
			int up = row[j];
			int best = diag + (a[i - 1] != b[j - 1]);
			if (up + 1 < best)
				best = up + 1;
			if (row[j - 1] + 1 < best)
				best = row[j - 1] + 1;
			row[j] = best;
			diag = up;
		}
	}
	return row[lb];
}

const struct name *names_suggest(const struct names *t, const char *text, size_t len, int *dist)
{
	char buf[128];
	size_t n = names_normalise(buf, sizeof buf, text, len);
	const struct name *best = NULL;
	int bestd = 1000;

	for (int i = 0; i < t->n; i++) {
		int d = edit_distance(buf, n, t->v[i].text, (size_t)t->v[i].len);
		/* a typed prefix of a long name ("mare int") is a good guess too */
		if ((size_t)t->v[i].len > n && n >= 3 && memcmp(buf, t->v[i].text, n) == 0)
			d = 1;
		if (d < bestd) {
			bestd = d;
			best = &t->v[i];
		}
	}
	if (best && (size_t)bestd * 3 > n + 2)
		return NULL;
	if (dist)
		*dist = bestd;
	return best;
}

const char *names_of(const struct names *t, int id)
{
	for (int i = 0; i < t->n; i++)
		if (t->v[i].id == id)
			return t->v[i].text;
	return NULL;
}

/* The length of the word at s: up to a blank or punctuation. */
static size_t word_length(const char *s, size_t len)
{
	size_t w = 0;

	while (w < len && !strchr(" ,.:;'", s[w]))
		w++;
	return w;
}

void names_unknown_among(const struct names_guess *g, const char *s, size_t len, char *err,
                         size_t errlen)
{
	const struct name *best = NULL;
	size_t end = 0, word = word_length(s, len), span = 0;
	int bestd = 1000;

	assert(g->words >= 1 && g->noun);
	/* the closest wins; of equally close ones the longer span, which
	 * explains more of what was typed, and of one span the first table */
	for (int words = 0; words < g->words && end < len; words++) {
		const struct name *here = NULL;
		int hered = 1000;
		end += word_length(s + end, len - end);
		for (int t = 0; t < NAMES_GUESS_TABLES && g->table[t]; t++) {
			int d;
			const struct name *n = names_suggest(g->table[t], s, end, &d);
			if (n && d < hered)
				here = n, hered = d;
		}
		if (here && hered <= bestd)
			best = here, bestd = hered, span = end;
		while (end < len && strchr(" ,.:;'", s[end]))
			end++;
	}
	if (best)
		snprintf(err, errlen, "unknown %s '%.*s': did you mean '%s'?", g->noun, (int)span, s,
		         best->text);
	else
		snprintf(err, errlen, "unknown word '%.*s'", (int)word, s);
}

void names_unknown(const struct names *t, const char *s, size_t len, char *err, size_t errlen)
{
	const struct names_guess g = { { t }, 1, "word" };

	names_unknown_among(&g, s, len, err, errlen);
}
