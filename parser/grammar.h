/*
 * grammar.h - a grammar as a table of PCRE2 patterns, compiled once (with
 * JIT where the machine has it) the first time it is used, and matched
 * against a token string.  The order grammars of every variant use it.
 */
#ifndef GRAMMAR_H
#define GRAMMAR_H

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <stddef.h>

struct grammar {
	const char *name;             /* for the message if a pattern is broken */
	int n;
	const char *const *patterns;
	pcre2_code **compiled;        /* n slots, NULL until first use */
};

/*
 * The index of the first pattern that matches the whole of s (patterns are
 * anchored themselves), with its groups in md; -1 if none does.  A pattern
 * that does not compile is a bug in the program: it aborts.
 */
int grammar_match(struct grammar *g, const char *s, size_t len, pcre2_match_data *md);

#endif
