/*
 * players.c - a game's players in SQLite (see players.h).
 */
#include <assert.h>

#include "judge/db.h"
#include "judge/players.h"
#include "judge/row.h"
#include "base/strbuf.h"

int players_load(sqlite3 *db, const char *game, struct player **out)
{
	sqlite3_stmt *st = db_stmt(db,
		"SELECT email, seat, pw, prefs, wait, draw, resigned, left_how FROM players"
		" WHERE game = ? ORDER BY seat < 0, seat, joined");
	int n = 0, cap = 8;
	struct player *p = xmalloc((size_t)cap * sizeof *p);

	assert(game != NULL && out != NULL);
	sqlite3_bind_text(st, 1, game, -1, SQLITE_TRANSIENT);
	while (row_next(db, st)) {
		if (n == cap)
			p = xrealloc(p, (size_t)(cap *= 2) * sizeof *p);
		row_text(st, 0, p[n].email, sizeof p[n].email);
		p[n].seat = sqlite3_column_int(st, 1);
		row_text(st, 2, p[n].pw, sizeof p[n].pw);
		row_text(st, 3, p[n].prefs, sizeof p[n].prefs);
		p[n].wait = sqlite3_column_int(st, 4);
		p[n].draw = sqlite3_column_int(st, 5);
		p[n].resigned = sqlite3_column_int(st, 6);
		row_text(st, 7, p[n].left, sizeof p[n].left);
		n++;
	}
	db_release(db, st);
	*out = p;
	return n;
}
