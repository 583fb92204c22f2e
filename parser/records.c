/*
 * records.c - reading a data file of one-line records (see records.h).
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "parser/records.h"
#include "parser/strbuf.h"

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
	char buf[2048];
	FILE *f = fopen(rf->path, "r");
	int rc = 0;

	if (!f)
		return fail("%s: cannot open", rf->path);
	rf->line = 0;
	while (rc == 0 && fgets(buf, sizeof buf, f)) {
		char *hash = strchr(buf, '#'), *key, *rest;
		const struct record_kind *k = NULL;
		rf->line++;
		if (hash)
			*hash = '\0';
		key = str_trim(buf);
		if (!*key)
			continue;
		rest = key + strcspn(key, " \t");
		if (*rest)
			*rest++ = '\0';
		for (size_t i = 0; i < nkinds; i++)
			if (!strcmp(kinds[i].key, key))
				k = &kinds[i];
		rc = k ? k->fn(ctx, key, rest) : record_error(rf, "unknown record '%s'", key);
	}
	fclose(f);
	return rc;
}
