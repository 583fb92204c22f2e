/*
 * names.c - a small name table.  The texts sit in one array in the order
 * added (names_of's "first name" and names_suggest's scan rely on it); an
 * open-addressing hash of their indices answers the exact and prefix
 * lookups, which the map loader and the order parser make for every
 * name and every order of a mail (a linear scan made loading a map
 * quadratic).
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
	free(t->slot);
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

/* FNV-1a: the texts are short and this table is not exposed to hash
 * flooding worse than a linear scan was (its names come from variant
 * files, not from mail). */
static unsigned hash_of(const char *s, size_t n)
{
	unsigned h = 2166136261u;

	for (size_t i = 0; i < n; i++)
		h = (h ^ (unsigned char)s[i]) * 16777619u;
	return h;
}

/* The index in v of the text s (length n, normalised), or -1. */
static int lookup(const struct names *t, const char *s, size_t n)
{
	if (!t->nslot)
		return -1;
	for (unsigned h = hash_of(s, n);; h++) {
		int k = t->slot[h & (unsigned)(t->nslot - 1)] - 1;
		if (k < 0)
			return -1;
		if ((size_t)t->v[k].len == n && memcmp(t->v[k].text, s, n) == 0)
			return k;
	}
}

static void slot_put(struct names *t, int k)
{
	unsigned h = hash_of(t->v[k].text, (size_t)t->v[k].len);

	while (t->slot[h & (unsigned)(t->nslot - 1)])
		h++;
	t->slot[h & (unsigned)(t->nslot - 1)] = k + 1;
}

int names_find(const struct names *t, const char *text, size_t len)
{
	char buf[128];
	size_t n = names_normalise(buf, sizeof buf, text, len);
	int k = lookup(t, buf, n);

	return k < 0 ? -1 : t->v[k].id;
}

int names_add(struct names *t, const char *text, int id)
{
	char buf[128];
	size_t n = names_normalise(buf, sizeof buf, text, strlen(text));
	int old = lookup(t, buf, n);

	assert(t && text);
	if (old >= 0)
		return t->v[old].id == id ? 0 : NAMES_TAKEN;
	if (t->n == t->cap) {
		t->cap = t->cap ? 2 * t->cap : 64;
		t->v = xrealloc(t->v, (size_t)t->cap * sizeof *t->v);
	}
	t->v[t->n].text = xstrdup(buf);
	t->v[t->n].len = (int)n;
	t->v[t->n].id = id;
	t->n++;
	if ((int)n > t->longest)
		t->longest = (int)n;
	if (2 * t->n > t->nslot) {
		free(t->slot);
		t->nslot = t->nslot ? 2 * t->nslot : 128;
		t->slot = xcalloc((size_t)t->nslot, sizeof *t->slot);
		for (int k = 0; k < t->n; k++)
			slot_put(t, k);
	} else {
		slot_put(t, t->n - 1);
	}
	return 0;
}

static int is_word_end(const char *s, size_t len, size_t at)
{
	return at >= len || !isalnum((unsigned char)s[at]);
}

int names_prefix(const struct names *t, const char *s, size_t len, size_t *matched)
{
	size_t top = len < (size_t)t->longest ? len : (size_t)t->longest;

	/* the longest first: each word end of s up to the longest name */
	for (size_t n = top; n > 0; n--) {
		if (!is_word_end(s, len, n))
			continue;
		int k = lookup(t, s, n);
		if (k >= 0) {
			*matched = n;
			return t->v[k].id;
		}
	}
	*matched = 0;
	return -1;
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
