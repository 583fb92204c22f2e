/*
 * records.c - reading a data file of one-line records (see records.h).
 *
 * One reader for the rules data files (the three families' maps, the
 * Peloponnesian scenario), so that comments, blank lines and "file:line:
 * what is wrong" behave the same in all of them and each format only
 * lists its record handlers.
 */
#include <assert.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "base/records.h"
#include "base/strbuf.h"

int record_error(struct record_file *rf, const char *fmt, ...)
{
	va_list ap;
	char msg[900];

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	return fail("%s:%d: %s", rf->path, rf->line, msg);
}

int records_read(struct record_file *rf, const struct record_kind *kinds, size_t nkinds,
                 void *ctx)
{
	struct strbuf text = STRBUF_INIT;
	const char *l;
	size_t len;
	int rc = 0;

	if (strbuf_read_file(&text, rf->path))
		return -1;
	struct lines r = LINES_INIT(text.buf);
	while (rc == 0 && lines_next(&r, &l, &len)) {
		char buf[2048], *hash, *key, *rest;
		const struct record_kind *k = NULL;
		rf->line = r.lineno;
		if (len >= sizeof buf) {
			rc = record_error(rf, "line too long");
			break;
		}
		memcpy(buf, l, len);
		buf[len] = '\0';
		hash = strchr(buf, '#');
		if (hash)
			*hash = '\0';
		key = str_trim(buf);
		if (!*key)
			continue;
		rest = key + strcspn(key, " \t");
		if (*rest)
			*rest++ = '\0';
		for (size_t i = 0; i < nkinds && !k; i++)
			if (!strcmp(kinds[i].key, key))
				k = &kinds[i];
		rc = k ? k->fn(ctx, key, rest) : record_error(rf, "unknown record '%s'", key);
	}
	if (rc == 0)
		rf->line = r.lineno;   /* the last line, for errors about the whole file */
	strbuf_release(&text);
	return rc;
}

/* What separates the words of a record, as isspace() says. */
#define BLANKS " \t\r\v\f"

int record_neighbours(struct record_file *rf, const char *key, char *rest, char **head,
                      char **w, int max)
{
	int n = 0;
	size_t len;

	assert(max > 0);
	*head = strtok_r(rest, BLANKS, &rest);
	if (!*head)
		return record_error(rf, "%s needs: place: neighbour neighbour ...", key);
	len = strlen(*head);
	if (len > 1 && (*head)[len - 1] == ':')
		(*head)[len - 1] = '\0';
	for (char *word; (word = strtok_r(NULL, BLANKS, &rest)) != NULL; w[n++] = word)
		if (n == max)
			return record_error(rf, "%s %s: too many neighbours (at most %d)", key, *head, max);
	return n;
}

char *record_take_item(char **list)
{
	char *item = *list, *comma = strchr(item, ',');

	if (comma)
		*comma++ = '\0';
	*list = comma;
	return str_trim(item);
}
