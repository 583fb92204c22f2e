/*
 * lateness.c - counting late phases, abandoning seats, copying reminders
 * to the master, and the master's two settings for them (see lateness.h).
 *
 * The count lives in players.late_run, one number a player, because a
 * seat's lateness belongs to the person playing it: a new player taking
 * an abandoned seat over starts at 0.
 */
#include <stdio.h>
#include <stdlib.h>
#include <strings.h>

#include "judge/db.h"
#include "judge/lateness.h"
#include "judge/outbox.h"
#include "judge/settings.h"

/* The number of phases late in a row that abandons a seat in g. */
static long limit(sqlite3 *db, const struct config *c, const struct game *g)
{
	return db_int(db, "SELECT abandon_after FROM games WHERE name = ?", "t", c->abandon_after, g->name);
}

void lateness_count(sqlite3 *db, const struct config *c, const struct game *g,
                    const struct power_set *missing, long long now, struct strbuf *mail)
{
	/* a phase the master processed before its deadline found nobody late */
	int passed = now >= g->deadline;

	struct player *p;
	int n = players_load(db, g->name, &p);
	long max = limit(db, c, g);

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
		if (!late) {
			db_run(db, "UPDATE players SET late_run = 0 WHERE game = ? AND email = ?", "tt",
			       g->name, p[i].email);
			continue;
		}
		long run = db_int(db, "UPDATE players SET late_run = late_run + 1 WHERE game = ?"
		                  " AND email = ? RETURNING late_run", "tt", 0, g->name, p[i].email);
		if (max <= 0 || run < max)
			continue;
		db_run(db, "UPDATE players SET resigned = 1, wait = 0, left_how = 'abandoned'"
		       " WHERE game = ? AND email = ?", "tt", g->name, p[i].email);
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

void set_abandon(struct session *s, const char *v)
{
	char *end;
	long n = strtol(v, &end, 10);

	if (!*v || *end || n < 0 || n > 100) {
		reply(s, "SET ABANDON takes a number of phases late in a row, 0 to 100 (0: never).\n");
		return;
	}
	db_run(s->db, "UPDATE games SET abandon_after = ? WHERE name = ?", "it", (long long)n,
	       s->game.name);
	if (n)
		reply(s, "In %s a power late %ld phases in a row is abandoned.\n", s->game.name, n);
	else
		reply(s, "In %s no power is abandoned for being late.\n", s->game.name);
}

void set_mastercopy(struct session *s, const char *v)
{
	int on = !strcasecmp(v, "ON");

	if (!on && strcasecmp(v, "OFF")) {
		reply(s, "SET MASTERCOPY ON or OFF.\n");
		return;
	}
	db_run(s->db, "UPDATE games SET master_copy = ? WHERE name = ?", "it", (long long)on,
	       s->game.name);
	reply(s, "%s", on ? "You will receive a copy of every reminder the Judge sends.\n" :
	      "You will no longer receive copies of the reminders.\n");
}
