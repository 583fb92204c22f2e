/*
 * names.h - the names players may use for things: province names, codes,
 * aliases and abbreviations, each mapped to a number (a location).
 *
 * Owns: a flat table of normalised names (lower case, single spaces) and
 * the three lookups the order parser needs: exact, longest prefix, and the
 * nearest name for "did you mean".  The exact and prefix lookups go
 * through a hash of the texts: a map's few hundred names are added and
 * looked up on every order mail, and a scan of the table for each was a
 * quarter of the CPU of a receive.
 */
#ifndef NAMES_H
#define NAMES_H

#include <stddef.h>

#include "base/error.h"

struct name {
	char *text;          /* normalised */
	int len;
	int id;
};

struct names {
	int n, cap;
	struct name *v;
	int *slot;           /* open addressing: index in v + 1, 0 = empty */
	int nslot;           /* a power of two, at least twice n */
	int longest;         /* the longest text's length */
};

void names_init(struct names *t);
void names_free(struct names *t);

/* Normalise src into dst (size dstlen): lower case, runs of blanks made one
 * space, no leading or trailing blanks.  Returns the length written. */
size_t names_normalise(char *dst, size_t dstlen, const char *src, size_t srclen);

/* Add a name for id.  Returns 0, or NAMES_TAKEN if the name already
 * stands for a different id (a duplicate alias), which is the data's
 * fault and left to the caller to report.  Adding the same name for the
 * same id twice is harmless.  Memory runs out only as xmalloc's does. */
#define NAMES_TAKEN 1
MUST_CHECK int names_add(struct names *t, const char *text, int id);

/* The id of the name exactly equal to text (normalised first), or -1. */
int names_find(const struct names *t, const char *text, size_t len);

/* The id of the longest name that s (already normalised) starts with and
 * that ends at a word boundary of s; *matched is set to its length.
 * Returns -1 if no name matches. */
int names_prefix(const struct names *t, const char *s, size_t len, size_t *matched);

/* The name nearest to text by edit distance, for "did you mean": returns the
 * entry and sets *dist (if not NULL), or NULL if nothing is within about a
 * third of the text's length. */
const struct name *names_suggest(const struct names *t, const char *text, size_t len, int *dist);

/* The first (canonical) name recorded for id, or NULL. */
const char *names_of(const struct names *t, int id);

/* Say in err that the word at the start of s (up to a blank or
 * punctuation) is unknown, with the nearest name of t as a suggestion
 * when one is near enough: "unknown word 'Spata': did you mean 'Sparta'?". */
void names_unknown(const struct names *t, const char *s, size_t len, char *err, size_t errlen);

/* Where names_unknown_among looks for what a player meant: up to
 * NAMES_GUESS_TABLES tables (the rest NULL), the first preferred when two
 * are as near; a misspelt name may span up to words words ("mare
 * internun"); noun says what a suggested name is ("place", "word"). */
#define NAMES_GUESS_TABLES 2
struct names_guess {
	const struct names *table[NAMES_GUESS_TABLES];
	int words;
	const char *noun;
};

/* names_unknown for a grammar whose names come from several tables or
 * span several words: "unknown place 'mare internun': did you mean 'mare
 * internum'?", or "unknown word 'xyz'" when nothing is near enough. */
void names_unknown_among(const struct names_guess *g, const char *s, size_t len, char *err,
                         size_t errlen);

#endif
