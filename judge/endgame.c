/*
 * endgame.c - the centre table and summary of a finished game (see
 * endgame.h).
 *
 * The centres are counted from each family's status_json ("centres":
 * {"Rome":["rom",...],...}), the one description every family gives of
 * who holds what, so the table needs no code per family.  A row is shown
 * where the counts changed, so a long game's table stays short.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "judge/db.h"
#include "judge/endgame.h"

#define MAX_COLUMNS 12     /* 30 + 4 x 12 = 78 columns */

/* Count each power's centres in a state's JSON into count. */
static void count_centres(const struct variant *v, const char *json, int *count)
{
	const char *p = strstr(json, "\"centres\":{");

	memset(count, 0, sizeof(int) * (size_t)v->npowers);
	if (!p)
		return;
	p += strlen("\"centres\":{");
	while (*p == '"') {
		const char *name = ++p, *end = strchr(p, '"');
		if (!end || end[1] != ':' || end[2] != '[')
			return;
		int w = variant_power_by_name(v, name, (size_t)(end - name)), k = 0;
		for (p = end + 3; *p && *p != ']'; p++)
			k += *p == '"';
		if (w >= 0)
			count[w] = k / 2;
		if (*p == ']')
			p++;
		if (*p == ',')
			p++;
	}
}

/* The counts of one state, or -1 if it does not read. */
static int state_counts(const struct variant *v, const char *state, int *count)
{
	struct vstate vs;
	struct strbuf json = STRBUF_INIT;

	if (vstate_open(&vs, v, state))
		return -1;
	variant_status_json(&vs, &json);
	count_centres(v, json.buf, count);
	strbuf_release(&json);
	vstate_close(&vs);
	return 0;
}

/* One row of the centre table: label, then count of each power in col. */
static void table_row(const char *label, const int *count,
                      const int *col, int ncol, struct strbuf *out)
{
	strbuf_addf(out, "  %-28.28s", label);
	for (int i = 0; i < ncol; i++)
		strbuf_addf(out, "%4d", count[col[i]]);
	strbuf_addch(out, '\n');
}

/* The centre table: a row for the first phase, each phase whose counts
 * differ from the row before, and the end. */
static void centre_table(sqlite3 *db, const struct game *g, struct strbuf *out)
{
	int n = g->v->npowers, col[MAX_COLUMNS], ncol = 0;
	int *now = xcalloc((size_t)n, sizeof *now), *last = xcalloc((size_t)n, sizeof *last);
	int rows = 0;
	sqlite3_stmt *st;

	for (int w = 0; w < n && ncol < MAX_COLUMNS; w++)
		col[ncol++] = w;
	strbuf_addstr(out, "\nSupply centres, at the start of each phase where they changed:\n");
	strbuf_addf(out, "  %-28s", "");
	for (int i = 0; i < ncol; i++)
		strbuf_addf(out, "%4c", g->v->power[col[i]].letter);
	strbuf_addch(out, '\n');
	st = db_prepare(db, "SELECT phase_name, state FROM history WHERE game = ? ORDER BY phase_no");
	sqlite3_bind_text(st, 1, g->name, -1, SQLITE_TRANSIENT);
	while (sqlite3_step(st) == SQLITE_ROW) {
		if (state_counts(g->v, (const char *)sqlite3_column_text(st, 1), now))
			continue;
		if (rows && !memcmp(now, last, sizeof *now * (size_t)n))
			continue;
		table_row((const char *)sqlite3_column_text(st, 0), now, col, ncol, out);
		memcpy(last, now, sizeof *now * (size_t)n);
		rows++;
	}
	sqlite3_finalize(st);
	if (g->vs.pos && !state_counts(g->v, g->state, now))
		table_row("At the end", now, col, ncol, out);
	if (ncol < n)
		strbuf_addf(out, "  (the first %d powers of %d are shown)\n", ncol, n);
	struct strbuf key = STRBUF_INIT;
	strbuf_addstr(&key, "  Letters:");
	for (int i = 0; i < ncol; i++)
		strbuf_addf(&key, "%s %c %s", i ? "," : "", g->v->power[col[i]].letter,
		            g->v->power[col[i]].name);
	strbuf_addch(&key, '.');
	variant_wrap(out, key.buf, 4);
	strbuf_release(&key);
	free(now);
	free(last);
}

/* Who played each seat, in the order they joined it, and how they left. */
static void players_text(sqlite3 *db, const struct game *g, struct strbuf *out)
{
	sqlite3_stmt *st = db_prepare(db, "SELECT seat, email, left_how FROM players WHERE game = ?"
	                                  " AND seat >= 0 ORDER BY seat, joined");
	struct strbuf who = STRBUF_INIT;
	int seat = -1;

	strbuf_addstr(out, "\nThe players:\n");
	sqlite3_bind_text(st, 1, g->name, -1, SQLITE_TRANSIENT);
	while (sqlite3_step(st) == SQLITE_ROW) {
		const char *how = (const char *)sqlite3_column_text(st, 2);
		if (sqlite3_column_int(st, 0) != seat) {
			seat = sqlite3_column_int(st, 0);
			struct power_set mine = seat_powers(db, g->name, seat);
			strbuf_reset(&who);
			seat_text(g->v, &mine, seat, &who);
			strbuf_addf(out, "  %s:\n", who.buf);
		}
		strbuf_addf(out, "    %s%s%s%s\n", sqlite3_column_text(st, 1), how ? " (" : "",
		            how ? how : "", how ? ")" : "");
	}
	sqlite3_finalize(st);
	strbuf_release(&who);
}

void endgame_summary(sqlite3 *db, const struct game *g, struct strbuf *out)
{
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
	centre_table(db, g, out);
	players_text(db, g, out);
}
