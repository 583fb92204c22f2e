/*
 * njudge.h - njudge's spellings of commands this Judge does not take as
 * its own (njudge.c): each read as the command it means here, or
 * answered with what to write instead, or why there is none.
 */
#ifndef MAILCMD_NJUDGE_H
#define MAILCMD_NJUDGE_H

#include <stddef.h>

struct njudge_word {
	const char *said;       /* njudge's words, one space apart */
	const char *as;         /* read as this command instead, or NULL */
	const char *block_end;  /* njudge's block it opens ends at this line:
	                           its lines are skipped, if the line comes */
	int rest;               /* 1: the rest of the mail is njudge's and
	                           cannot be read here (future or conditional
	                           orders): not read */
	const char *answer;     /* without as: what to write instead, or why
	                           there is nothing */
};

/* The entry whose words begin line (in any case, words apart by any
 * blanks, the last followed by a blank or the end), the longest of them;
 * *used is the length of line they take.  NULL if none. */
const struct njudge_word *njudge_word(const char *line, size_t *used);

/* Every entry, for HELP and the tests; *n is how many. */
const struct njudge_word *njudge_words(size_t *n);

#endif
