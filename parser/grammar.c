/*
 * grammar.c - compiling and matching a table of PCRE2 patterns.
 *
 * Patterns are compiled lazily, on the first match, so a command that
 * never parses an order pays nothing; a pattern that does not compile is
 * a bug in the program, not in the input, and aborts at once.
 */
#include <stdio.h>
#include <stdlib.h>

#include "parser/grammar.h"

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
		/* without JIT (some machines forbid it) the interpreter still works */
		pcre2_jit_compile(g->compiled[i], PCRE2_JIT_COMPLETE);
	}
}

int grammar_match(struct grammar *g, const char *s, size_t len, pcre2_match_data *md)
{
	if (!g->compiled[0])
		compile_all(g);
	for (int i = 0; i < g->n; i++)
		if (pcre2_match(g->compiled[i], (PCRE2_SPTR)s, len, 0, 0, md, NULL) >= 0)
			return i;
	return -1;
}
