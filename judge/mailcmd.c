/*
 * mailcmd.c - what a row of the command table answers: which command a
 * word is, and where the secret of a command line starts (for the
 * master's log, which keeps no password).
 *
 * The table is given by the caller (the dispatcher's, in the session),
 * so that this file, which every command includes, depends on none of
 * them.  The secret is found by the command's row, as the session reads
 * the line, not by the look of the words: a password looks like any
 * other word.
 */
#include <assert.h>
#include <ctype.h>
#include <string.h>
#include <strings.h>

#include "judge/mailcmd.h"

const struct mailcmd *mailcmd_find(const struct mailcmd *table, const char *word, size_t len)
{
	assert(table);
	for (const struct mailcmd *c = table; c->name; c++)
		if (strlen(c->name) == len && !strncasecmp(c->name, word, len))
			return c;
	/* "ENDPRESS" outside PRESS and "END" are harmless noise */
	return NULL;
}

/* The offset in s after its first n words and the blanks after them. */
static size_t skip_words(const char *s, int n)
{
	const char *p = s;

	for (int i = 0; i < n; i++) {
		while (isspace((unsigned char)*p))
			p++;
		while (*p && !isspace((unsigned char)*p))
			p++;
	}
	while (isspace((unsigned char)*p))
		p++;
	return (size_t)(p - s);
}

long mailcmd_secret_at(const struct mailcmd *table, const char *line)
{
	size_t wlen = 0, args;
	const struct mailcmd *c;
	int word;

	while (line[wlen] && !isspace((unsigned char)line[wlen]))
		wlen++;
	if (!(c = mailcmd_find(table, line, wlen)) || (!c->secret && !c->secret_in))
		return -1;
	args = skip_words(line, 1);
	word = c->secret_in ? c->secret_in(line + args) : c->secret;
	if (word <= 0)
		return -1;
	args += skip_words(line + args, word - 1);
	return line[args] ? (long)args : -1;
}
