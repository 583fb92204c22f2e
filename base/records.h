/*
 * records.h - the data files' common shape: one record per line, '#'
 * starts a comment, the first word names the record.  Owns reading such a
 * file, handing each record to the handler its table names, and the
 * "file:line: what is wrong" errors every data reader reports.
 */
#ifndef RECORDS_H
#define RECORDS_H

#include <stddef.h>

#include "base/error.h"

struct record_file {
	const char *path;
	int line;                 /* the record being read (1-based) */
};

/* One kind of record: its first word, and what reads the rest of the
 * line (ctx is the reader's own state).  Returns 0, or -1 after
 * record_error. */
struct record_kind {
	const char *key;
	int (*fn)(void *ctx, const char *key, char *rest);
};

/* fail() with "path:line: " before the message.  Returns -1. */
int record_error(struct record_file *rf, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/*
 * Read rf->path record by record, calling the handler of each record's
 * first word with the rest of the line (comment removed).  Stops at the
 * first error.  Returns 0, or -1 after fail(): an unknown
 * record, a file that cannot be opened, or whatever a handler said.
 */
int records_read(struct record_file *rf, const struct record_kind *kinds, size_t nkinds,
                 void *ctx);

/*
 * A neighbour record's rest, "A: B C ...", as every map writes where a
 * place leads (army and fleet adjacencies, land and sea connections,
 * paths): its head, the colon after it cut off, in *head, and its
 * neighbours, split at blanks, in w.  Returns how many neighbours (0 or
 * more: whether none is allowed is the map's business), or -1 after
 * record_error when there is no head or more than max neighbours.
 */
MUST_CHECK int record_neighbours(struct record_file *rf, const char *key, char *rest,
                                 char **head, char **w, int max);

/* The next item of the comma-separated list at *list (an alias list, a
 * set of kinds), cut off with a NUL and trimmed; *list moves past its
 * comma, or becomes NULL after the last item.  Reentrant, unlike strtok:
 * readers may nest. */
char *record_take_item(char **list);

#endif
