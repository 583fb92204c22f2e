/*
 * replay.c - `judge replay GAME`: adjudicate every stored phase of a game
 * again, from its stored position, orders, the standing instructions it
 * used and seeds, and check that each gives the position that was stored after it.
 * Adjudication is pure, so any difference means the history was altered
 * or the rules changed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "judge/cmd/commands.h"
#include "judge/datahash.h"
#include "judge/db.h"
#include "judge/store.h"

struct phase_row {
	int phase_no;
	char *name, *state;
	unsigned char seed[SEED_BYTES];
};

/* Adjudicate row again; 1 if it gives want. */
static int replay_one(sqlite3 *db, const struct game *g, const struct phase_row *row,
                      const unsigned char *next_seed, const unsigned char *keys, const char *want)
{
	struct order_set sets[VARIANT_MAX_POWERS], stand[VARIANT_MAX_POWERS];
	char *texts[VARIANT_MAX_POWERS], *stexts[VARIANT_MAX_POWERS];
	struct strbuf next = STRBUF_INIT;
	struct variant_report *rep = variant_report_new();
	struct game_end end;
	struct vstate vs;
	int same = 0;
	int k = orders_load(db, g->name, row->phase_no, sets, texts);
	/* the standing instructions this phase used, not today's (phases
	 * stored before they were recorded, schema 7, have none) */
	int ns = standing_used_load(db, g->name, row->phase_no, stand, stexts);

	if (vstate_open(&vs, g->v, row->state) == 0) {
		struct variant_chance chance = { row->seed, next_seed, keys };
		variant_adjudicate(&vs, sets, k, stand, ns, &chance, &next, rep, &end);
		same = strcmp(next.buf, want) == 0;
		vstate_close(&vs);
	} else {
		printf("     %s\n", fail_text());
	}
	for (int o = 0; o < k; o++)
		free(texts[o]);
	for (int o = 0; o < ns; o++)
		free(stexts[o]);
	strbuf_release(&next);
	variant_report_free(rep);
	return same;
}

int cmd_replay(struct judge *j, int argc, char **argv)
{
	sqlite3 *db = j->db;
	struct game *g = &j->game;
	struct phase_row *rows = NULL;
	unsigned char *keys;
	int n = 0, bad = 0;
	sqlite3_stmt *st;

	(void)argv;
	if (argc != 2) {
		fprintf(stderr, "usage: judge replay GAME\n");
		return 2;
	}
	st = db_prepare(db, "SELECT phase_no, phase_name, state, seed FROM history WHERE game = ? ORDER BY phase_no");
	sqlite3_bind_text(st, 1, g->name, -1, SQLITE_TRANSIENT);
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
	keys = xmalloc((size_t)g->v->npowers * SEED_BYTES);
	game_keys(db, g, keys);
	struct strbuf note = STRBUF_INIT;
	if (game_data_changed(db, g, &note))
		fputs(note.buf, stdout);   /* a difference may come from that */
	strbuf_release(&note);
	for (int i = 0; i < n; i++) {
		/* the next phase's seed: the next row's, or the game's own now */
		const unsigned char *next_seed = i + 1 < n ? rows[i + 1].seed : g->seed;
		const char *want = i + 1 < n ? rows[i + 1].state : g->state;
		int same = replay_one(db, g, &rows[i], next_seed, keys, want);
		printf("%3d  %-36s %s\n", rows[i].phase_no, rows[i].name, same ? "same" : "DIFFERENT");
		bad |= !same;
	}
	printf("%d phase%s replayed, %s\n", n, n == 1 ? "" : "s", bad ? "with differences" : "all the same");
	for (int i = 0; i < n; i++) {
		free(rows[i].name);
		free(rows[i].state);
	}
	free(rows);
	free(keys);
	return bad ? 1 : 0;
}
