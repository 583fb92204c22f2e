/*
 * row.h - reading the rows of a statement the store files share.
 *
 * Owns: stepping to the next row, where anything but a row or the end is
 * a fault of the database (db_die, as db_run does), never a silent end of
 * the rows; and copying a column into the fixed-size fields of the
 * store's structs.  Kept apart from db.c, which owns the connection and
 * the schema, so that games.c, players.c, seats.c and zones.c need not
 * each write these three again.
 */
#ifndef ROW_H
#define ROW_H

#include <sqlite3.h>
#include <stddef.h>

/* Step st: 1 if it gave a row, 0 at the end.  Any other result dies
 * (db_die): a read cut short by the database must not pass for a short
 * list. */
int row_next(sqlite3 *db, sqlite3_stmt *st);

/* Column col as text into out (len bytes), "" if NULL. */
void row_text(sqlite3_stmt *st, int col, char *out, size_t len);

/* Column col as a blob of exactly len bytes into out; zeros if it is
 * NULL or of another size. */
void row_blob(sqlite3_stmt *st, int col, unsigned char *out, size_t len);

#endif
