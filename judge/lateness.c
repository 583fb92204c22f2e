/*
 * lateness.c - counting late phases, abandoning seats and copying
 * reminders to the master (see lateness.h); the master's two settings
 * for them, SET ABANDON and SET MASTERCOPY, are mail commands
 * (judge/mailcmd/abandon.c, mastercopy.c) and only write the game's row.
 *
 * The count lives in players.late_run, one number a player, because a
 * seat's lateness belongs to the person playing it: a new player taking
 * an abandoned seat over starts at 0.  What each phase changed is kept
 * in lateness_record (the count before it, whether it abandoned the
 * seat), because ROLLBACK withdraws a phase and with it what the phase
 * did to its players (lateness_undo).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "judge/db.h"
#include "judge/lateness.h"
#include "judge/outbox.h"
#include "judge/takeover.h"

/* The number of phases late in a row that abandons a seat in g. */
static long abandon_limit(sqlite3 *db, const struct config *c, const struct game *g)
{
	return db_int(db, "SELECT abandon_after FROM games WHERE name = ?", "t", c->abandon_after, g->name);
}

/* Keep what g's phase now played does to the player at email in seat:
 * the count before it, and whether it abandons the seat (lateness_undo
 * reads it).  A second record for the phase would leave ROLLBACK the
 * wrong count, so a refused row is a fault, not skipped. */
static void record(sqlite3 *db, const struct game *g, const char *email, int seat, long before,
                   int abandoned)
{
	if (db_run(db, "INSERT INTO lateness_record (game, phase_no, email, seat, late_run, abandoned)"
	           " VALUES (?, ?, ?, ?, ?, ?)", "titiii", g->name, (long long)g->phase_no, email,
	           (long long)seat, (long long)before, (long long)abandoned) != SQLITE_DONE)
		db_die(db, "recording lateness");
}

void lateness_count(sqlite3 *db, const struct config *c, const struct game *g,
                    const struct power_set *missing, long long now, struct strbuf *mail)
{
	/* a phase the master processed before its deadline found nobody late */
	int passed = now >= g->deadline;

	struct player *p;
	int n = players_load(db, g->name, &p);
	long max = abandon_limit(db, c, g);

	for (int i = 0; i < n; i++) {
		if (p[i].seat == SEAT_NONE || p[i].resigned)
			continue;
		struct power_set mine = seat_powers(db, g->name, p[i].seat);
		int must = 0, late = 0;
		for (int w = 0; w < g->v->npowers; w++) {
			must |= pset_has(&mine, w) && pset_has(&g->vs.phase.must, w);
			late |= pset_has(&mine, w) && pset_has(missing, w);
		}
		if (!must || (late && !passed))
			continue;
		long before = db_int(db, "SELECT late_run FROM players WHERE game = ? AND email = ?",
		                     "tt", 0, g->name, p[i].email);
		long run = late ? before + 1 : 0;
		int abandon = max > 0 && run >= max;
		if (run == before)
			continue;
		record(db, g, p[i].email, p[i].seat, before, abandon);
		db_run(db, "UPDATE players SET late_run = ? WHERE game = ? AND email = ?", "itt",
		       (long long)run, g->name, p[i].email);
		if (!abandon)
			continue;
		db_run(db, "UPDATE players SET resigned = 1, wait = 0, left_how = 'abandoned', left_phase = ?"
		       " WHERE game = ? AND email = ?", "itt", (long long)g->phase_no, g->name, p[i].email);
		struct strbuf who = STRBUF_INIT;
		seat_text(g->v, &mine, p[i].seat, &who);
		if (run == 1)
			strbuf_addf(mail, "\n%s was late and is abandoned: it\n", who.buf);
		else
			strbuf_addf(mail, "\n%s has been late %ld phases in a row and is abandoned: it\n",
			            who.buf, run);
		strbuf_addf(mail, "follows the rules for missing orders. A new player may take it over:\n"
		            "SIGNON %c%s <password>, which its master approves.\n",
		            g->v->power[p[i].seat].letter, g->name);
		strbuf_release(&who);
	}
	free(p);
}

/* One player lateness_undo puts back: the record of what the phase did
 * to them, the seat they are in now, and who plays the recorded seat now
 * ("" if nobody). */
struct undone {
	char email[256], holder[256];
	long before;
	int abandoned, seat, seat_now;
};

void lateness_undo(sqlite3 *db, const struct config *c, const struct game *g, int phase_no,
                   long long now, struct strbuf *all, struct strbuf *master)
{
	/* read first, then change: the players read are the ones changed.
	 * The seat is the one the phase counted, not the one its player may
	 * have taken over since. */
	sqlite3_stmt *st = db_prepare(db, "SELECT r.email, r.late_run, r.abandoned, r.seat, p.seat,"
	                              " (SELECT q.email FROM players q WHERE q.game = r.game"
	                              " AND q.seat = r.seat AND q.resigned = 0)"
	                              " FROM lateness_record r JOIN players p"
	                              " ON p.game = r.game AND p.email = r.email"
	                              " WHERE r.game = ? AND r.phase_no = ? AND r.superseded IS NULL"
	                              " ORDER BY r.seat, r.email");
	struct undone *u = NULL;
	int n = 0;

	sqlite3_bind_text(st, 1, g->name, -1, SQLITE_TRANSIENT);
	sqlite3_bind_int(st, 2, phase_no);
	while (sqlite3_step(st) == SQLITE_ROW) {
		u = xrealloc(u, (size_t)(n + 1) * sizeof *u);
		snprintf(u[n].email, sizeof u[n].email, "%s", (const char *)sqlite3_column_text(st, 0));
		u[n].before = (long)sqlite3_column_int64(st, 1);
		u[n].abandoned = sqlite3_column_int(st, 2);
		u[n].seat = sqlite3_column_int(st, 3);
		u[n].seat_now = sqlite3_column_int(st, 4);
		const unsigned char *h = sqlite3_column_text(st, 5);
		snprintf(u[n].holder, sizeof u[n].holder, "%s", h ? (const char *)h : "");
		n++;
	}
	sqlite3_finalize(st);

	for (int i = 0; i < n; i++) {
		if (!u[i].abandoned) {
			/* a count of a seat its player has left since is no one's */
			if (u[i].seat_now == u[i].seat)
				db_run(db, "UPDATE players SET late_run = ? WHERE game = ? AND email = ?",
				       "itt", (long long)u[i].before, g->name, u[i].email);
			continue;
		}
		struct strbuf who = STRBUF_INIT, theirs = STRBUF_INIT;
		struct power_set mine = seat_powers(db, g->name, u[i].seat);
		seat_text(g->v, &mine, u[i].seat, &who);
		if (!strcmp(u[i].holder, u[i].email)) {
			/* they took it over again themselves: in already */
		} else if (u[i].holder[0]) {
			/* taken over since (TAKEOVER, or an approved SIGNON): the
			 * new player keeps it, the one abandoned stays out */
			strbuf_addf(master, "\n%s, abandoned in that phase, has been taken over since.\n"
			            "It stays with %s, and %s stays out.\n", who.buf, u[i].holder,
			            u[i].email);
		} else if (u[i].seat_now != u[i].seat) {
			/* its player has taken another seat since and stays there */
			struct power_set now_plays = seat_powers(db, g->name, u[i].seat_now);
			seat_text(g->v, &now_plays, u[i].seat_now, &theirs);
			strbuf_addf(master, "\n%s, abandoned in that phase, stays without a player:\n"
			            "%s, who left it, plays %s now.\n", who.buf, u[i].email, theirs.buf);
		} else {
			db_run(db, "UPDATE players SET resigned = 0, left_how = NULL, left_phase = NULL, late_run = ?"
			       " WHERE game = ? AND email = ?", "itt", (long long)u[i].before, g->name,
			       u[i].email);
			strbuf_addf(all, "%s was abandoned in that phase; that is withdrawn with its results.\n"
			            "%s is back and plays %s again.\n", who.buf, u[i].email, who.buf);
			takeover_withdraw(db, c, g, u[i].seat, now);
		}
		strbuf_release(&who);
		strbuf_release(&theirs);
	}
	free(u);
	db_run(db, "UPDATE lateness_record SET superseded = ? WHERE game = ? AND phase_no = ?"
	       " AND superseded IS NULL", "iti", now, g->name, (long long)phase_no);
}

void lateness_copy(sqlite3 *db, const struct config *c, const struct game *g, long long now,
                   const char *copies)
{
	char subject[160];
	struct strbuf text = STRBUF_INIT;

	if (!db_int(db, "SELECT master_copy FROM games WHERE name = ?", "t", 0, g->name))
		return;
	snprintf(subject, sizeof subject, "Game %s: copies of the reminders", g->name);
	strbuf_addf(&text, "Game %s, %s: the reminders the Judge sent (SET MASTERCOPY).\n%s",
	            g->name, g->vs.phase.name, copies);
	outbox_queue(db, c, now, g->master_email, subject, text.buf, NULL);
	strbuf_release(&text);
}
