/*
 * endgame.c - the score table and summary of a finished game (see
 * endgame.h).
 *
 * The figures come from the family's score op (struct variant_score),
 * typed, so the table needs no code per family and shows what each
 * family is won by: a table per measure (Diplomacy's centres; the
 * Diceless game's areas and counters; the Peloponnesian War's
 * bellicosity and treasuries).  A row is shown where the figures
 * changed, so a long game's table stays short.
 */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/wrap.h"
#include "judge/db.h"
#include "judge/endgame.h"

#define WIDTH 78           /* every line the Judge writes keeps to it */
#define LABEL 30           /* "  " and the phase's name, at least 28 wide:
                              longer where the columns leave room */
#define MIN_CELL 4         /* 30 + 4 x 12 = 78 columns */

static int larger(int a, int b)
{
	return a > b ? a : b;
}

/* The score of one state into *sc.  Returns 0, or -1 after fail() when it
 * does not read (a damaged history row: its row is left out). */
MUST_CHECK static int state_score(const struct variant *v, const char *state,
                                  struct variant_score *sc)
{
	struct vstate vs;

	if (vstate_open(&vs, v, state))
		return -1;
	variant_score(&vs, sc);
	vstate_close(&vs);
	return 0;
}

/* The columns one figure takes: at least MIN_CELL, and one blank more
 * than its digits, so that a treasury of 6000 does not run into the next. */
static int cell_width(int figure)
{
	char digits[16];

	return larger(MIN_CELL, snprintf(digits, sizeof digits, "%d", figure) + 1);
}

/* The powers in play, in order: those the deal gave a seat (a variant
 * may leave some out with fewer players: Antike's nations). */
struct columns {
	int n;
	int power[VARIANT_MAX_POWERS];
};

static void columns_in_play(sqlite3 *db, const struct game *g, struct columns *c)
{
	c->n = 0;
	for (int w = 0; w < g->v->npowers; w++)
		if (seat_of_power(db, g->name, w) != SEAT_NONE)
			c->power[c->n++] = w;
	if (!c->n)                /* no seats recorded: every power */
		for (int w = 0; w < g->v->npowers; w++)
			c->power[c->n++] = w;
}

/* One row: label, then the figure of each power shown. */
static void table_row(const char *label, int lw, const int *of, const struct columns *c, int ncol,
                      int cell, struct strbuf *out)
{
	strbuf_addf(out, "  %-*.*s", lw, lw, label);
	for (int i = 0; i < ncol; i++)
		strbuf_addf(out, "%*d", cell, of[c->power[i]]);
	strbuf_addch(out, '\n');
}

/*
 * Every state of the game in order (the history in force, then the state
 * now, labelled "At the end"), read once: labels and scores, n of them.
 */
struct game_scores {
	int n;
	char (*label)[96];
	struct variant_score *score;
};

static void read_scores(sqlite3 *db, const struct game *g, struct game_scores *gs)
{
	int rows = (int)db_int(db, "SELECT count(*) FROM history WHERE game = ?", "t", 0, g->name) + 1;
	sqlite3_stmt *st = db_prepare(db, "SELECT phase_name, state FROM history WHERE game = ?"
	                                  " ORDER BY phase_no");
	int rc;

	gs->n = 0;
	gs->label = xcalloc((size_t)rows, sizeof *gs->label);
	gs->score = xcalloc((size_t)rows, sizeof *gs->score);
	sqlite3_bind_text(st, 1, g->name, -1, SQLITE_TRANSIENT);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW && gs->n < rows - 1)
		if (!state_score(g->v, (const char *)sqlite3_column_text(st, 1), &gs->score[gs->n]))
			snprintf(gs->label[gs->n++], sizeof gs->label[0], "%s", sqlite3_column_text(st, 0));
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		db_die(db, "the game's history");
	sqlite3_finalize(st);
	if (g->vs.pos) {
		variant_score(&g->vs, &gs->score[gs->n]);
		snprintf(gs->label[gs->n++], sizeof gs->label[0], "At the end");
	}
}

/* The table of measure k: a row for the first phase, each phase whose
 * figures differ from the row before, and the end.  Returns how many
 * powers it shows (the first ones, as many as fit in WIDTH). */
static int measure_table(const struct game *g, const struct game_scores *gs, const struct columns *c,
                         int k, struct strbuf *out)
{
	int n = c->n, cell = MIN_CELL, ncol, last = -1;

	for (int r = 0; r < gs->n; r++)
		for (int i = 0; i < n; i++)
			cell = larger(cell, cell_width(gs->score[r].measure[k].of[c->power[i]]));
	ncol = n < (WIDTH - LABEL) / cell ? n : (WIDTH - LABEL) / cell;
	strbuf_addf(out, "\n%s, at the start of each phase where they changed:\n",
	            gs->score[0].measure[k].label);
	/* the phases' names whole where the columns leave room ("Round 29:
	 * the Germanic tribes' turn" with four nations), else cut */
	int lw = LABEL - 2;
	for (int r = 0; r < gs->n; r++)
		lw = larger(lw, (int)strlen(gs->label[r]));
	if (lw > WIDTH - 2 - ncol * cell)
		lw = WIDTH - 2 - ncol * cell;
	strbuf_addf(out, "  %-*s", lw, "");
	for (int i = 0; i < ncol; i++)
		strbuf_addf(out, "%*c", cell, g->v->power[c->power[i]].letter);
	strbuf_addch(out, '\n');
	for (int r = 0; r < gs->n; r++) {
		const int *of = gs->score[r].measure[k].of;
		int at_end = g->vs.pos && r == gs->n - 1;
		if (!at_end && last >= 0 &&
		    !memcmp(of, gs->score[last].measure[k].of, sizeof *of * (size_t)g->v->npowers))
			continue;
		table_row(gs->label[r], lw, of, c, ncol, cell, out);
		last = r;
	}
	if (ncol < n)
		strbuf_addf(out, "  (the first %d powers of %d are shown)\n", ncol, n);
	return ncol;
}

/* A table per measure the family scores by, then the letters' key. */
static void score_tables(sqlite3 *db, const struct game *g, struct strbuf *out)
{
	struct game_scores gs;
	struct strbuf key = STRBUF_INIT;
	struct columns c;
	int ncol = 0;

	columns_in_play(db, g, &c);
	read_scores(db, g, &gs);
	for (int k = 0; gs.n && k < gs.score[0].nmeasures; k++)
		ncol = larger(ncol, measure_table(g, &gs, &c, k, out));
	if (!ncol) {              /* no state reads: nothing to tabulate */
		free(gs.label);
		free(gs.score);
		return;
	}
	strbuf_addstr(&key, "  Letters:");
	for (int i = 0; i < ncol; i++)
		strbuf_addf(&key, "%s %c %s", i ? "," : "", g->v->power[c.power[i]].letter,
		            g->v->power[c.power[i]].name);
	strbuf_addstr(&key, ".\n");
	wrap_add(out, key.buf, &WRAP_LIST(4));
	strbuf_release(&key);
	free(gs.label);
	free(gs.score);
}

/* Who played each seat, in the order they joined it, from which phase
 * (the first one processed after they joined: the first they played
 * first), and how they left; a player followed in the seat played it
 * until the next one's first phase.  One who left played until the
 * phase they left in (an abandonment is the phase it missed), or the
 * phase now if that is still being played; that phase is kept since
 * schema 21, so one who left before it and had no successor has only
 * how they left. */
static void players_text(sqlite3 *db, const struct game *g, struct strbuf *out)
{
	sqlite3_stmt *st = db_prepare(db, "SELECT seat, email, left_how, (SELECT phase_name FROM history h"
	                                  " WHERE h.game = p.game AND h.adjudicated > p.joined"
	                                  " ORDER BY h.phase_no LIMIT 1), left_phase IS NOT NULL,"
	                                  " (SELECT phase_name FROM history h WHERE h.game = p.game"
	                                  " AND h.phase_no = p.left_phase)"
	                                  " FROM players p WHERE game = ? AND seat >= 0 ORDER BY seat, joined");
	struct strbuf who = STRBUF_INIT, line = STRBUF_INIT;
	const char *now = g->vs.pos ? g->vs.phase.name : "the start";
	int seat = -1, said_until = 0;

	strbuf_addstr(out, "\nThe players:\n");
	int rc;

	sqlite3_bind_text(st, 1, g->name, -1, SQLITE_TRANSIENT);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		const char *how = (const char *)sqlite3_column_text(st, 2);
		const char *from = (const char *)sqlite3_column_text(st, 3);
		if (sqlite3_column_int(st, 0) != seat) {
			seat = sqlite3_column_int(st, 0);
			struct power_set mine = seat_powers(db, g->name, seat);
			strbuf_reset(&who);
			seat_text(g->v, &mine, seat, &who);
			wrap_add(out, line.buf, &WRAP_HANG(WRAP_WIDTH, 6));
			strbuf_addf(out, "  %s:\n", who.buf);
		} else if (line.len) {   /* the one before was followed */
			if (!said_until) {
				strbuf_setlen(&line, line.len - 1);
				strbuf_addf(&line, ", until %s\n", from ? from : now);
			}
			wrap_add(out, line.buf, &WRAP_HANG(WRAP_WIDTH, 6));
		}
		/* printed once the next row says whether someone followed */
		strbuf_reset(&line);
		strbuf_addf(&line, "    %s, from %s%s%s%s", sqlite3_column_text(st, 1),
		            from ? from : now, how ? " (" : "", how ? how : "", how ? ")" : "");
		said_until = sqlite3_column_int(st, 4);
		if (said_until) {
			const char *until = (const char *)sqlite3_column_text(st, 5);
			strbuf_addf(&line, ", until %s", until ? until : now);
		}
		strbuf_addch(&line, '\n');
	}
	if (rc != SQLITE_DONE)
		db_die(db, "the game's players");
	wrap_add(out, line.buf, &WRAP_HANG(WRAP_WIDTH, 6));
	sqlite3_finalize(st);
	strbuf_release(&who);
	strbuf_release(&line);
}

void endgame_record(sqlite3 *db, const struct game *g, struct strbuf *out)
{
	assert(db && g && g->v && out);
	score_tables(db, g, out);
	players_text(db, g, out);
}

void endgame_summary(sqlite3 *db, const struct game *g, struct strbuf *out)
{
	assert(db && g && g->v && out);
	int phases = (int)db_int(db, "SELECT count(*) FROM history WHERE game = ?", "t", 0, g->name);
	char first[64], last[64];

	format_time(db_int(db, "SELECT min(adjudicated) FROM history WHERE game = ?", "t", 0, g->name),
	            first, sizeof first);
	format_time(db_int(db, "SELECT max(adjudicated) FROM history WHERE game = ?", "t", 0, g->name),
	            last, sizeof last);
	/* each time on a line of its own: the outbox adds the reader's zone */
	strbuf_addf(out, "\nThe game in brief: %s, %d phase%s played.\n"
	            "  First processed: %s\n  Last processed:  %s\n", g->v->name, phases,
	            phases == 1 ? "" : "s", first, last);
	endgame_record(db, g, out);
}
