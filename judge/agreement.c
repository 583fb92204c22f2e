/*
 * agreement.c - draws and concessions by agreement (see agreement.h).
 *
 * The votes are read once into a small table of voters (one row a seat
 * still played), and each kind of agreement is a question asked of that
 * table, so DIAS, NODIAS and concession share one reading of the store.
 */
#include <stdio.h>
#include <string.h>

#include "judge/db.h"
#include "judge/agreement.h"
#include "judge/powerlist.h"

struct voter {
	struct power_set powers;  /* the seat's */
	int draw;                 /* voted SET DRAW */
	char with[VARIANT_MAX_POWERS + 1];  /* the powers a NODIAS vote names */
	int concede;              /* the power conceded to, or -1 */
};

/* The seats still played in g with a power still in the game, with their
 * votes; returns how many.  A seat abandoned for lateness by phase played
 * (-1: none) was played while its votes were open: its player is still a
 * voter of that phase, so that a draw cannot pass in the very phase that
 * takes out a player who never voted. */
static int voters_load(sqlite3 *db, const struct game *g, int played, struct voter *out)
{
	sqlite3_stmt *st = db_stmt(db, "SELECT seat, draw, draw_with, concede FROM players p"
	                              " WHERE game = ?1 AND seat >= 0 AND (resigned = 0"
	                              " OR (left_how = 'abandoned' AND EXISTS (SELECT 1 FROM lateness_record r"
	                              " WHERE r.game = ?1 AND r.phase_no = ?2 AND r.seat = p.seat"
	                              " AND r.email = p.email AND r.abandoned = 1)))");
	int n = 0;

	sqlite3_bind_text(st, 1, g->name, -1, SQLITE_TRANSIENT);
	sqlite3_bind_int(st, 2, played);
	while (n < VARIANT_MAX_POWERS && sqlite3_step(st) == SQLITE_ROW) {
		struct voter *v = &out[n];
		int alive = 0;
		v->powers = seat_powers(db, g->name, sqlite3_column_int(st, 0));
		for (int w = 0; w < g->v->npowers; w++)
			alive |= pset_has(&v->powers, w) && variant_in_game(&g->vs, w);
		if (!alive)       /* knocked out: no longer a party to the end */
			continue;
		n++;
		v->draw = sqlite3_column_int(st, 1);
		snprintf(v->with, sizeof v->with, "%s", (const char *)sqlite3_column_text(st, 2));
		v->concede = sqlite3_column_int(st, 3);
	}
	db_release(db, st);
	return n;
}

int draw_nodias(sqlite3 *db, const struct game *g)
{
	return (int)db_int(db, "SELECT nodias FROM games WHERE name = ?", "t", 0, g->name);
}

/* The power every voter but its own conceded to, or -1. */
static int conceded(const struct game *g, const struct voter *v, int n)
{
	for (int c = 0; c < g->v->npowers; c++) {
		int others = 0, all = 1;
		for (int i = 0; i < n && all; i++) {
			if (pset_has(&v[i].powers, c))
				continue;
			others++;
			all = v[i].concede == c;
		}
		if (all && others && variant_in_game(&g->vs, c))
			return c;
	}
	return -1;
}

/* The powers of the draw every voter voted for, as letters, or "" if
 * they did not all vote for one. */
static void drawn(sqlite3 *db, const struct game *g, const struct voter *v, int n,
                  char *letters)
{
	int nodias = draw_nodias(db, g), k = 0;

	letters[0] = '\0';
	for (int i = 0; i < n; i++)
		if (!v[i].draw || (nodias && strcmp(v[i].with, v[0].with)))
			return;
	/* a power named but knocked out in the phase is no longer in it */
	for (int w = 0; w < g->v->npowers; w++) {
		int named = !nodias || strchr(v[0].with, g->v->power[w].letter);
		if (named && variant_in_game(&g->vs, w))
			letters[k++] = g->v->power[w].letter;
	}
	letters[k] = '\0';
}

enum agreement draw_agreement(sqlite3 *db, const struct game *g, int played, struct strbuf *result)
{
	struct voter v[VARIANT_MAX_POWERS];
	char letters[VARIANT_MAX_POWERS + 1];
	int n, c;

	if (!g->vs.pos || !(n = voters_load(db, g, played, v)))
		return AGREE_NONE;
	if ((c = conceded(g, v, n)) >= 0) {
		strbuf_addf(result, "%s wins by concession", g->v->power[c].name);
		return AGREE_CONCEDE;
	}
	drawn(db, g, v, n, letters);
	if (!letters[0])
		return AGREE_NONE;
	if (!letters[1]) {        /* a "draw" of one power is its win */
		strbuf_addf(result, "%s wins by concession",
		            g->v->power[variant_power_by_letter(g->v, letters[0])].name);
		return AGREE_CONCEDE;
	}
	strbuf_addstr(result, "draw between ");
	powerlist_names(g->v, letters, result);
	return AGREE_DRAW;
}
