/*
 * datahash.c - the variant data a game started with (see datahash.h).
 * Kept apart from the store because it is a check on the installation,
 * not on the game: the note goes to the master and the admin, never
 * changes a result, and a game from before schema 9 is simply not judged.
 */
#include <string.h>

#include "judge/datahash.h"
#include "judge/db.h"

void game_record_data_hash(sqlite3 *db, const struct game *g)
{
	const char *hash = variant_data_hash(g->v);

	/* none rather than a wrong one: a game without is simply not checked */
	if (hash[0])
		db_run(db, "UPDATE games SET data_hash = ? WHERE name = ?", "tt", hash, g->name);
}

int game_data_changed(sqlite3 *db, const struct game *g, struct strbuf *note)
{
	sqlite3_stmt *st = db_prepare(db, "SELECT data_hash FROM games WHERE name = ?");
	int changed = 0;

	sqlite3_bind_text(st, 1, g->name, -1, SQLITE_TRANSIENT);
	if (sqlite3_step(st) == SQLITE_ROW && sqlite3_column_text(st, 0)) {
		const char *then = (const char *)sqlite3_column_text(st, 0);
		const char *now = variant_data_hash(g->v);
		if (now[0] && strcmp(then, now)) {
			if (variant_data_hash_then(g->v, then)) {
				/* the same data, hashed as an older Judge did:
				 * record it as today's, so the check goes on */
				db_run(db, "UPDATE games SET data_hash = ? WHERE name = ?", "tt", now, g->name);
			} else {
				changed = 1;
				strbuf_addf(note, "Note: the data of the variant %s has changed since game %s started\n"
				            "(its hash was %.16s..., it is %.16s... now): the rules it is judged by\n"
				            "may not be the ones it began with.\n", g->v->name, g->name, then,
				            now);
			}
		}
	}
	sqlite3_finalize(st);
	return changed;
}
