/*
 * replay.c - `judge replay GAME`: adjudicate every stored phase of a game
 * again, from its stored position, orders and seeds, and check that each
 * gives the position that was stored after it.  Adjudication is pure, so
 * any difference means the history was altered or the rules changed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "judge/commands.h"
#include "judge/db.h"
#include "judge/store.h"

struct phase_row {
	int phase_no;
	char *name, *state;
	unsigned char seed[SEED_BYTES];
};

int cmd_replay(struct judge *j, int argc, char **argv)
{
	struct config c;
	sqlite3 *db;
	struct game g;
	struct phase_row *rows = NULL;
	int n = 0, bad = 0;
	sqlite3_stmt *st;

	if (argc != 2) {
		fprintf(stderr, "usage: judge replay GAME\n");
		return 2;
	}
	if (judge_open_game(j, argv[1], &c, &db, &g))
		return 1;
	st = db_prepare(db, "SELECT phase_no, phase_name, state, seed FROM history WHERE game = ? ORDER BY phase_no");
	sqlite3_bind_text(st, 1, g.name, -1, SQLITE_TRANSIENT);
	while (sqlite3_step(st) == SQLITE_ROW) {
		rows = xrealloc(rows, (size_t)(n + 1) * sizeof *rows);
		rows[n].phase_no = sqlite3_column_int(st, 0);
		rows[n].name = xstrdup((const char *)sqlite3_column_text(st, 1));
		rows[n].state = xstrdup((const char *)sqlite3_column_text(st, 2));
		memset(rows[n].seed, 0, SEED_BYTES);
		if (sqlite3_column_bytes(st, 3) == SEED_BYTES)
			memcpy(rows[n].seed, sqlite3_column_blob(st, 3), SEED_BYTES);
		n++;
	}
	sqlite3_finalize(st);
	for (int i = 0; i < n; i++) {
		struct order_set sets[VARIANT_MAX_POWERS];
		char *texts[VARIANT_MAX_POWERS];
		struct strbuf next = STRBUF_INIT, report = STRBUF_INIT;
		struct game_end end;
		/* the next phase's seed: the next row's, or the game's own now */
		const unsigned char *next_seed = i + 1 < n ? rows[i + 1].seed : g.seed;
		const char *want = i + 1 < n ? rows[i + 1].state : g.state;
		int k = orders_load(db, g.name, rows[i].phase_no, sets, texts);

		unsigned char keys[VARIANT_MAX_POWERS * SEED_BYTES];
		game_keys(db, &g, keys);
		struct variant_chance chance = { rows[i].seed, next_seed, keys };
		g.v->ops->adjudicate(g.v, rows[i].state, sets, k, &chance, &next, &report, &end);
		int same = strcmp(next.buf, want) == 0;
		printf("%3d  %-36s %s\n", rows[i].phase_no, rows[i].name, same ? "same" : "DIFFERENT");
		bad |= !same;
		for (int o = 0; o < k; o++)
			free(texts[o]);
		strbuf_release(&next);
		strbuf_release(&report);
	}
	printf("%d phase%s replayed, %s\n", n, n == 1 ? "" : "s", bad ? "with differences" : "all the same");
	for (int i = 0; i < n; i++) {
		free(rows[i].name);
		free(rows[i].state);
	}
	free(rows);
	game_free(&g);
	db_close(db);
	return bad ? 1 : 0;
}
