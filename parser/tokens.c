/*
 * tokens.c - the one tokenizer of the order grammars (tokens.h says how a
 * grammar declares its words, and why one loop serves them all).
 */
#include <assert.h>
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "base/strbuf.h"
#include "parser/tokens.h"

/* The longest word of kind k at s: its length in *n and the id (names)
 * or keyword index it stands for; -1 if none. */
static int kind_match(const struct tokenizer *tz, const struct token_kind *k, const char *s,
                      size_t len, size_t *n)
{
	int id;

	*n = 0;
	if (k->words)
		return grammar_longest_word(k->words, k->nwords, s, len, n);
	id = names_prefix(k->names, s, len, n);
	if (id >= 0 && k->map)
		id = k->map(tz->arg, id);
	if (id < 0)
		*n = 0;
	return id;
}

/* A blank or a mark of punctuation at s[*i]: step past it. */
static int skip(const char *s, size_t *i, const char *marks)
{
	if (!s[*i] || !strchr(marks, s[*i]))
		return 0;
	(*i)++;
	return 1;
}

/* A number at s[*i] as the token n<number>. */
static int number(const char *s, size_t len, size_t *i, struct strbuf *out)
{
	if (!isdigit((unsigned char)s[*i]))
		return 0;
	long v = strtol(s + *i, NULL, 10);
	while (*i < len && isdigit((unsigned char)s[*i]))
		(*i)++;
	strbuf_addf(out, "%sn%ld", out->len ? " " : "", v > 99 ? 99 : v);
	return 1;
}

int tokens_read(const struct tokenizer *tz, const char *s, size_t len, struct strbuf *out,
                size_t *at, unsigned *seen)
{
	size_t i = 0;

	assert(tz->nkinds > 0 && tz->nkinds <= TOKENS_MAX_KINDS);
	if (seen)
		*seen = 0;
	while (i < len) {
		int best = -1, id = -1;
		size_t bestn = 0;

		if (skip(s, &i, tz->marks) || (tz->numbers && number(s, len, &i, out)) ||
		    (tz->step && tz->step(tz->arg, s, len, &i, out)))
			continue;
		for (int k = 0; k < tz->nkinds; k++) {
			size_t n;
			int m = kind_match(tz, &tz->kind[k], s + i, len - i, &n);
			if (m >= 0 && n > bestn)
				best = k, id = m, bestn = n;
		}
		if (best < 0) {
			*at = i;
			return TOKENS_UNKNOWN;
		}
		const struct token_kind *k = &tz->kind[best];
		if (seen)
			*seen |= 1u << best;
		i += bestn;
		if (k->words && !*k->words[id].tok)
			continue;       /* filler */
		if (out->len)
			strbuf_addch(out, ' ');
		if (k->words)
			strbuf_addstr(out, k->words[id].tok);
		else if (k->write)
			k->write(tz->arg, id, out);
		else
			strbuf_addf(out, "%c%d", k->letter, id);
	}
	return 0;
}
