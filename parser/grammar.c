/*
 * grammar.c - compiling and matching a table of PCRE2 patterns.
 *
 * Patterns are compiled lazily, on the first match, so a command that
 * never parses an order pays nothing; a pattern that does not compile is
 * a bug in the program, not in the input, and aborts at once.
 *
 * JIT compiling waits until a grammar has been tried JIT_AFTER times: a
 * mail of a few orders matches a handful of lines, for which compiling
 * every pattern to machine code cost more than the interpreter's matches
 * (0.9 M of an order mail's 7.9 M instructions, bench/README.md, "The
 * CPU of one receive"), while an adjudication or a replay that parses
 * thousands of lines still gets the JIT's speed after the first few.
 */
#include <stdio.h>
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "parser/grammar.h"
#include "base/strbuf.h"

#define JIT_AFTER 64

/* JIT compile g's patterns at its JIT_AFTER'th match tried */
static void count_use(struct grammar *g)
{
	if (g->tried >= JIT_AFTER || ++g->tried < JIT_AFTER)
		return;
	/* without JIT (some machines forbid it) the interpreter still works */
	for (int i = 0; i < g->n; i++)
		pcre2_jit_compile(g->compiled[i], PCRE2_JIT_COMPLETE);
}

static void compile_all(struct grammar *g)
{
	int errcode;
	PCRE2_SIZE erroff;

	for (int i = 0; i < g->n; i++) {
		g->compiled[i] = pcre2_compile((PCRE2_SPTR)g->patterns[i], PCRE2_ZERO_TERMINATED,
		                               0, &errcode, &erroff, NULL);
		if (!g->compiled[i]) {
			fprintf(stderr, "judge: %s pattern %d does not compile (at %zu)\n",
			        g->name, i, (size_t)erroff);
			abort();
		}
	}
}

int grammar_match(struct grammar *g, const char *s, size_t len, pcre2_match_data *md)
{
	if (!g->compiled[0])
		compile_all(g);
	count_use(g);
	for (int i = 0; i < g->n; i++)
		if (pcre2_match(g->compiled[i], (PCRE2_SPTR)s, len, 0, 0, md, NULL) >= 0)
			return i;
	return -1;
}

int grammar_starts_word(const char *s, size_t len, const char *w, size_t *n)
{
	size_t wl = strlen(w);

	if (wl > len || memcmp(s, w, wl) != 0)
		return 0;
	if (isalnum((unsigned char)w[wl - 1]) && wl < len && isalnum((unsigned char)s[wl]))
		return 0;
	*n = wl;
	return 1;
}

int grammar_longest_word(const struct grammar_word *t, size_t n, const char *s, size_t len,
                         size_t *matched)
{
	int best = -1;
	size_t l;

	*matched = 0;
	for (size_t k = 0; k < n; k++)
		if (grammar_starts_word(s, len, t[k].word, &l) && l > *matched) {
			*matched = l;
			best = (int)k;
		}
	return best;
}
