/*
 * orders.c - orders and standing instructions in SQLite (see orders.h).
 *
 * The three readers differ only in their SQL, so they share load_sets.
 */
#include <assert.h>

#include "judge/db.h"
#include "judge/orders.h"
#include "judge/row.h"
#include "base/strbuf.h"

/* The rows of sql (power, text) for game (and phase_no, if >= 0). */
static int load_sets(sqlite3 *db, const char *sql, const char *game, int phase_no,
                     struct order_set sets[VARIANT_MAX_POWERS], char *texts[VARIANT_MAX_POWERS])
{
	sqlite3_stmt *st = db_stmt(db, sql);
	int n = 0;

	assert(game != NULL && sets != NULL && texts != NULL);
	sqlite3_bind_text(st, 1, game, -1, SQLITE_TRANSIENT);
	if (phase_no >= 0)
		sqlite3_bind_int(st, 2, phase_no);
	while (n < VARIANT_MAX_POWERS && row_next(db, st)) {
		sets[n].power = sqlite3_column_int(st, 0);
		texts[n] = xstrdup((const char *)sqlite3_column_text(st, 1));
		sets[n].text = texts[n];
		n++;
	}
	db_release(db, st);
	return n;
}

int orders_load(sqlite3 *db, const char *game, int phase_no,
                struct order_set sets[VARIANT_MAX_POWERS], char *texts[VARIANT_MAX_POWERS])
{
	return load_sets(db, "SELECT power, text FROM orders WHERE game = ? AND phase_no = ?"
	                 " ORDER BY power", game, phase_no, sets, texts);
}

int standing_load(sqlite3 *db, const char *game,
                  struct order_set sets[VARIANT_MAX_POWERS], char *texts[VARIANT_MAX_POWERS])
{
	return load_sets(db, "SELECT power, text FROM standing WHERE game = ? ORDER BY power",
	                 game, -1, sets, texts);
}

int standing_used_load(sqlite3 *db, const char *game, int phase_no,
                       struct order_set sets[VARIANT_MAX_POWERS], char *texts[VARIANT_MAX_POWERS])
{
	return load_sets(db, "SELECT power, text FROM standing_used WHERE game = ? AND phase_no = ?"
	                 " ORDER BY power", game, phase_no, sets, texts);
}

void standing_record(sqlite3 *db, const char *game, int phase_no,
                     const struct order_set *sets, int n)
{
	/* a row already there (the primary key's constraint) is the record of
	 * this phase made before, and stays; other faults die in db_run */
	for (int i = 0; i < n; i++)
		(void)db_run(db, "INSERT INTO standing_used (game, phase_no, power, text) VALUES (?, ?, ?, ?)",
		             "tiit", game, (long long)phase_no, (long long)sets[i].power, sets[i].text);
}
