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
	unsigned tried;               /* matches tried, up to the JIT's turn (grammar.c) */
};

/*
 * The index of the first pattern that matches the whole of s (patterns are
 * anchored themselves), with its groups in md; -1 if none does.  A pattern
 * that does not compile is a bug in the program: it aborts.
 */
int grammar_match(struct grammar *g, const char *s, size_t len, pcre2_match_data *md);

/* A word players write and the token it becomes ("" for filler). */
struct grammar_word {
	const char *word;
	const char *tok;
};

/* 1 if s (len bytes, normalised text) starts with the word w, with *n its
 * length; else 0.  A word that ends in a letter or digit must end at a
 * word boundary of s ("to" is not the start of "tobruk"); one that ends
 * in punctuation ("->", "-") needs none ("->bur"). */
int grammar_starts_word(const char *s, size_t len, const char *w, size_t *n);

/* The index in t (n words) of the longest word s starts with, with its
 * length in *matched; -1 (and *matched 0) when none. */
int grammar_longest_word(const struct grammar_word *t, size_t n, const char *s, size_t len,
                         size_t *matched);

#endif
