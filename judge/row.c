/*
 * row.c - reading rows for the store files (see row.h).
 */
#include <assert.h>
#include <stdio.h>
#include <string.h>

#include "judge/db.h"
#include "judge/row.h"

int row_next(sqlite3 *db, sqlite3_stmt *st)
{
	int rc;

	assert(db != NULL && st != NULL);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW)
		return 1;
	if (rc != SQLITE_DONE)
		db_die(db, sqlite3_sql(st));
	return 0;
}

void row_text(sqlite3_stmt *st, int col, char *out, size_t len)
{
	const unsigned char *t = sqlite3_column_text(st, col);

	assert(out != NULL && len > 0);
	snprintf(out, len, "%s", t ? (const char *)t : "");
}

void row_blob(sqlite3_stmt *st, int col, unsigned char *out, size_t len)
{
	const void *b = sqlite3_column_blob(st, col);

	assert(out != NULL);
	memset(out, 0, len);
	if (b && (size_t)sqlite3_column_bytes(st, col) == len)
		memcpy(out, b, len);
}
