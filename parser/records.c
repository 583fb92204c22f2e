/*
 * records.c - reading a data file of one-line records.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "parser/records.h"
#include "parser/strbuf.h"

int record_error(struct record_file *rf, const char *fmt, ...)
{
	va_list ap;
	int n = snprintf(rf->err, rf->errlen, "%s:%d: ", rf->path, rf->line);

	va_start(ap, fmt);
	if (n >= 0 && (size_t)n < rf->errlen)
		vsnprintf(rf->err + n, rf->errlen - (size_t)n, fmt, ap);
	va_end(ap);
	return -1;
}

int records_read(struct record_file *rf, const struct record_kind *kinds, size_t nkinds,
                 void *ctx)
{
	char buf[2048];
	FILE *f = fopen(rf->path, "r");
	int rc = 0;

	if (!f) {
		snprintf(rf->err, rf->errlen, "%s: cannot open", rf->path);
		return -1;
	}
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
