/*
 * seats.c - seats and their powers in SQLite (see seats.h).
 */
#include <assert.h>
#include <string.h>

#include "judge/db.h"
#include "judge/row.h"
#include "judge/seats.h"

struct power_set seat_powers(sqlite3 *db, const char *game, int seat)
{
	sqlite3_stmt *st = db_stmt(db, "SELECT power FROM seat_powers WHERE game = ? AND seat = ?");
	struct power_set s = { { 0 } };

	sqlite3_bind_text(st, 1, game, -1, SQLITE_TRANSIENT);
	sqlite3_bind_int(st, 2, seat);
	while (row_next(db, st))
		if (sqlite3_column_int(st, 0) < VARIANT_MAX_POWERS)
			pset_add(&s, sqlite3_column_int(st, 0));
	db_release(db, st);
	return s;
}

void seat_text(const struct variant *v, const struct power_set *powers, int seat,
               struct strbuf *out)
{
	int count = 0, k = 1;

	assert(seat >= 0 && seat < v->npowers);
	for (int w = 0; w < v->npowers; w++)
		count += pset_has(powers, w);
	strbuf_addstr(out, v->power[seat].name);
	for (int w = 0; w < v->npowers; w++)
		if (pset_has(powers, w) && w != seat)
			strbuf_addf(out, "%s%s", ++k == count ? " and " : ", ", v->power[w].name);
}

int seat_of_power(sqlite3 *db, const char *game, int power)
{
	return (int)db_int(db, "SELECT seat FROM seat_powers WHERE game = ? AND power = ?", "ti",
	                   SEAT_NONE, game, (long long)power);
}

void game_keys(sqlite3 *db, const struct game *g, unsigned char *keys)
{
	sqlite3_stmt *st = db_stmt(db, "SELECT power, key FROM seat_powers WHERE game = ?");

	memset(keys, 0, (size_t)g->v->npowers * SEED_BYTES);
	sqlite3_bind_text(st, 1, g->name, -1, SQLITE_TRANSIENT);
	while (row_next(db, st)) {
		int p = sqlite3_column_int(st, 0);
		if (p < g->v->npowers && sqlite3_column_bytes(st, 1) == SEED_BYTES)
			memcpy(keys + (size_t)p * SEED_BYTES, sqlite3_column_blob(st, 1), SEED_BYTES);
	}
	db_release(db, st);
}
