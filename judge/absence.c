/*
 * absence.c - the records of announced absences and their states (see
 * absence.h for the diagram).
 *
 * The rule an absence makes lives here once: phase_deadline moves every
 * deadline past the absences granted (absence_adjust), and SET ABSENCE
 * GRANT moves the one running with the same call.  Replies and mail are
 * the mail command's (judge/mailcmd/absence.c), so the deadline path
 * that reads absences never depends on the mail session.
 */
#include <assert.h>
#include <string.h>

#include "judge/absence.h"
#include "judge/db.h"

#define DAY 86400LL

static const char *const names[ABSENCE_NSTATE] = {
	[ABSENCE_ASKED] = "asked",
	[ABSENCE_GRANTED] = "granted",
	[ABSENCE_REFUSED] = "refused",
};

/* allowed[from] is the set of states an absence may move to from there. */
#define TO(s) (1u << (s))
static const unsigned allowed[ABSENCE_NSTATE] = {
	[ABSENCE_ASKED] = TO(ABSENCE_GRANTED) | TO(ABSENCE_REFUSED),
	[ABSENCE_GRANTED] = 0,
	[ABSENCE_REFUSED] = 0,
};

const char *absence_state_name(enum absence_state s)
{
	return s < ABSENCE_NSTATE ? names[s] : "?";
}

/* The state stored as name; the schema's CHECK admits no other. */
static enum absence_state state_by_name(const char *name)
{
	for (int s = 0; s < ABSENCE_NSTATE; s++)
		if (name && !strcmp(names[s], name))
			return (enum absence_state)s;
	assert(!"absences.status outside its CHECK");
	return ABSENCE_ASKED;
}

long long absence_adjust(sqlite3 *db, const struct game *g, long long t)
{
	/* absences may follow one another: move until none holds t (a
	 * bounded number of times, as each move passes one absence) */
	for (int i = 0; i < 64; i++) {
		long long until = db_int(db, "SELECT max(a.until) FROM absences a WHERE a.game = ?"
		                         " AND a.status = ? AND a.start <= ? AND a.until > ?",
		                         "ttii", -1, g->name, names[ABSENCE_GRANTED], t, t);
		if (until < 0)
			break;
		t = until + DAY;
	}
	return t;
}

long long absence_ask(sqlite3 *db, const struct game *g, int seat, long long start,
                      long long until, long long now)
{
	assert(start < until);
	return db_int(db, "INSERT INTO absences (game, seat, start, until, asked, status)"
	              " VALUES (?, ?, ?, ?, ?, ?) RETURNING id", "tiiiit", 0, g->name,
	              (long long)seat, start, until, now, names[ABSENCE_ASKED]);
}

/* The row st stands on (id, seat, start, until, status) into *a. */
static void read_row(sqlite3_stmt *st, struct absence *a)
{
	a->id = sqlite3_column_int64(st, 0);
	a->seat = sqlite3_column_int(st, 1);
	a->start = sqlite3_column_int64(st, 2);
	a->until = sqlite3_column_int64(st, 3);
	a->state = state_by_name((const char *)sqlite3_column_text(st, 4));
}

int absence_waiting(sqlite3 *db, const struct game *g, long long id, struct absence *a)
{
	sqlite3_stmt *st = db_prepare(db, "SELECT id, seat, start, until, status FROM absences"
	                              " WHERE game = ? AND id = ? AND status = ?");
	int found;

	sqlite3_bind_text(st, 1, g->name, -1, SQLITE_TRANSIENT);
	sqlite3_bind_int64(st, 2, id);
	sqlite3_bind_text(st, 3, names[ABSENCE_ASKED], -1, SQLITE_STATIC);
	if ((found = sqlite3_step(st) == SQLITE_ROW))
		read_row(st, a);
	sqlite3_finalize(st);
	return found ? 0 : ABSENCE_NOT_WAITING;
}

void absence_move(sqlite3 *db, struct absence *a, enum absence_state to)
{
	assert(to < ABSENCE_NSTATE && (allowed[a->state] & TO(to)));
	db_run(db, "UPDATE absences SET status = ? WHERE id = ?", "ti", names[to], a->id);
	a->state = to;
}

int absence_each(sqlite3 *db, const struct game *g, int seat,
                 void (*fn)(const struct absence *a, void *arg), void *arg)
{
	sqlite3_stmt *st = db_prepare(db, "SELECT id, seat, start, until, status FROM absences"
	                              " WHERE game = ? AND (? < 0 OR seat = ?) ORDER BY id");
	int k = 0;

	sqlite3_bind_text(st, 1, g->name, -1, SQLITE_TRANSIENT);
	sqlite3_bind_int(st, 2, seat);
	sqlite3_bind_int(st, 3, seat);
	while (sqlite3_step(st) == SQLITE_ROW) {
		struct absence a;
		read_row(st, &a);
		fn(&a, arg);
		k++;
	}
	sqlite3_finalize(st);
	return k;
}
