/*
 * tokens.h - the one tokenizer of every order grammar: normalised text
 * (names_normalise) rewritten as a string of short tokens ("A p12 - p40")
 * that the grammar's PCRE2 patterns (grammar.h) then match.
 *
 * A grammar declares what its words may be, as data (struct tokenizer):
 * the marks passed over, whether numbers are tokens, and its kinds of
 * word, each a keyword table or a table of names with the letter of its
 * tokens.  At each place the longest word of any kind wins, and of
 * equally long ones the kind declared first, which is how each grammar
 * says what beats what ("to" the keyword against "tobruk" the name).
 * There were four tokenizers, one per grammar, each with the same loop
 * and its own order of preference written as ifs.
 */
#ifndef TOKENS_H
#define TOKENS_H

#include <stddef.h>

#include "base/error.h"
#include "parser/grammar.h"
#include "parser/names.h"

struct strbuf;

/* One kind of word: keywords (words, nwords) or names (names). */
struct token_kind {
	const struct grammar_word *words;   /* keyword -> token; "" is filler */
	size_t nwords;
	const struct names *names;          /* a name -> letter and its id */
	char letter;
	/* For names, optional: the id the token carries, or -1 when this
	 * name is not of the kind after all (a space that is no city's
	 * home); NULL: the name's own id. */
	int (*map)(const void *arg, int id);
	/* For names, optional: write the token of id (a coast's
	 * "p12/nc"); NULL: letter and id. */
	void (*write)(const void *arg, int id, struct strbuf *out);
};

#define TOKENS_MAX_KINDS 4

struct tokenizer {
	const char *marks;        /* blanks and punctuation passed over */
	int numbers;              /* a number is the token n<number>, at most 99 */
	/* optional: the grammar's own step at s[*i] before the kinds are
	 * tried (Diplomacy's coasts after a province); returns 1 when it
	 * took something (and moved *i) */
	int (*step)(const void *arg, const char *s, size_t len, size_t *i, struct strbuf *out);
	const void *arg;          /* for step, map and write */
	int nkinds;
	struct token_kind kind[TOKENS_MAX_KINDS];
};

/* tokens_read's outcome when a word is no word of the grammar. */
#define TOKENS_UNKNOWN 1

/*
 * Append the tokens of s (len bytes, normalised) to out, separated by
 * blanks.  Returns 0, or TOKENS_UNKNOWN with *at the offset in s of the
 * first word no kind knows (for names_unknown).  *seen (if not NULL) gets
 * bit k set for every kind k that gave a token.
 */
MUST_CHECK int tokens_read(const struct tokenizer *tz, const char *s, size_t len,
                           struct strbuf *out, size_t *at, unsigned *seen);

#endif
