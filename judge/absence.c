/*
 * absence.c - announced absences (see absence.h) and SET ABSENCE, the one
 * setting that reads them: a player asks, the master answers.
 *
 *   player:  SET ABSENCE <from> [TO <until>]   ask (a day alone: that day)
 *            SET ABSENCE                       the seat's absences
 *   master:  SET ABSENCE                       every absence of the game
 *            SET ABSENCE GRANT <n> | REFUSE <n>
 *
 * Times are read by when.h's grammar in the writer's zone.  A grant moves
 * the deadline now running if it falls in the absence, and phase_deadline
 * moves every later one (absence_adjust), so the rule lives in one place.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "judge/absence.h"
#include "judge/db.h"
#include "judge/outbox.h"
#include "judge/game_mail.h"
#include "judge/settings.h"
#include "judge/when.h"

#define DAY 86400LL

long long absence_adjust(sqlite3 *db, const struct game *g, long long t)
{
	/* absences may follow one another: move until none holds t (a
	 * bounded number of times, as each move passes one absence) */
	for (int i = 0; i < 64; i++) {
		long long until = db_int(db, "SELECT max(a.until) FROM absences a WHERE a.game = ?"
		                         " AND a.status = 'granted' AND a.start <= ? AND a.until > ?",
		                         "tii", -1, g->name, t, t);
		if (until < 0)
			break;
		t = until + DAY;
	}
	return t;
}

/* One line per absence of g (of seat, or all if seat is SEAT_MASTER). */
static void list(struct session *s, int seat)
{
	sqlite3_stmt *st = db_prepare(s->db, "SELECT id, seat, start, until, status FROM absences"
	                                     " WHERE game = ? AND (? < 0 OR seat = ?) ORDER BY id");
	int k = 0;

	sqlite3_bind_text(st, 1, s->game.name, -1, SQLITE_TRANSIENT);
	sqlite3_bind_int(st, 2, seat == SEAT_MASTER ? -1 : seat);
	sqlite3_bind_int(st, 3, seat);
	while (sqlite3_step(st) == SQLITE_ROW) {
		char from[64], until[64];
		format_time(sqlite3_column_int64(st, 2), from, sizeof from);
		format_time(sqlite3_column_int64(st, 3), until, sizeof until);
		reply(s, "%s  %d  %s: %s\n      to %s (%s)\n", k++ ? "" : "Absences:\n",
		      sqlite3_column_int(st, 0), seat_name(&s->game, sqlite3_column_int(st, 1)),
		      from, until, sqlite3_column_text(st, 4));
	}
	sqlite3_finalize(st);
	if (!k)
		reply(s, "No absence has been asked for in %s.\n", s->game.name);
}

/* A player's request: "<from> [TO <until>]". */
static void ask(struct session *s, const char *v)
{
	char zone[ZONE_MAX], why[256], first[128], when1[64], when2[64], subject[128];
	const char *to = NULL;
	long long start, until;

	for (const char *p = v; *p; p++)
		if (!strncasecmp(p, " TO ", 4)) {
			to = p + 4;
			break;
		}
	snprintf(first, sizeof first, "%.*s", to ? (int)(to - 4 - v) : (int)strlen(v), v);
	address_zone(s->db, s->from, zone, sizeof zone);
	if ((start = when_parse(first, zone, s->now, why, sizeof why)) < 0 ||
	    (to && (until = when_parse(to, zone, s->now, why, sizeof why)) < 0)) {
		reply(s, "%s. Write SET ABSENCE 2026-12-24 TO 2026-12-27.\n", why);
		return;
	}
	if (!to)
		until = start + DAY;  /* a day alone: that day */
	if (until <= start || until <= s->now) {
		reply(s, "An absence must end after it starts, and in the future.\n");
		return;
	}
	if (until - start > ABSENCE_MAX_DAYS * DAY) {
		reply(s, "An absence may last at most %d days; ask the master for more.\n",
		      ABSENCE_MAX_DAYS);
		return;
	}
	long long id = db_int(s->db, "INSERT INTO absences (game, seat, start, until, asked)"
	                      " VALUES (?, ?, ?, ?, ?) RETURNING id", "tiiii", 0, s->game.name,
	                      (long long)s->seat, start, until, s->now);
	format_time(start, when1, sizeof when1);
	format_time(until, when2, sizeof when2);
	reply(s, "Absence %lld asked for, from %s\nto %s.\n"
	      "The master grants or refuses it; you will be told.\n", id, when1, when2);
	struct strbuf text = STRBUF_INIT;
	strbuf_addf(&text, "In game %s, %s asks for an absence (number %lld)\nfrom %s\nto %s.\n\n"
	            "Send SET ABSENCE GRANT %lld or SET ABSENCE REFUSE %lld after\nSIGNON M%s.\n",
	            s->game.name, seat_name(&s->game, s->seat), id, when1, when2, id, id,
	            s->game.name);
	snprintf(subject, sizeof subject, "Game %s: %s asks for an absence", s->game.name,
	         seat_name(&s->game, s->seat));
	outbox_queue(s->db, s->cfg, s->now, s->game.master_email, subject, text.buf, NULL);
	strbuf_release(&text);
}

/* The master's word on absence id: grant (1) or refuse (0). */
static void answer(struct session *s, long long id, int grant)
{
	char subject[192], when1[64], when2[64], what[96];
	int seat = (int)db_int(s->db, "SELECT seat FROM absences WHERE game = ? AND id = ?"
	                       " AND status = 'asked'", "ti", -1, s->game.name, id);
	struct strbuf text = STRBUF_INIT;

	if (seat < 0) {
		reply(s, "%s has no absence %lld waiting for an answer (SET ABSENCE lists them).\n",
		      s->game.name, id);
		return;
	}
	db_run(s->db, "UPDATE absences SET status = ? WHERE id = ?", "ti",
	       grant ? "granted" : "refused", id);
	format_time(db_int(s->db, "SELECT start FROM absences WHERE id = ?", "i", 0, id), when1, sizeof when1);
	format_time(db_int(s->db, "SELECT until FROM absences WHERE id = ?", "i", 0, id), when2, sizeof when2);
	snprintf(what, sizeof what, "%s", seat_name(&s->game, seat));
	reply(s, "Absence %lld of %s %s.\n", id, what, grant ? "granted" : "refused");
	if (!grant) {
		strbuf_addf(&text, "In game %s the master has refused your absence from\n%s\nto %s.\n"
		            "The deadlines stand.\n", s->game.name, when1, when2);
		snprintf(subject, sizeof subject, "Game %s: absence refused", s->game.name);
		struct player *p;
		int n = players_load(s->db, s->game.name, &p);
		for (int i = 0; i < n; i++)
			if (p[i].seat == seat && !p[i].resigned)
				outbox_queue(s->db, s->cfg, s->now, p[i].email, subject, text.buf, NULL);
		free(p);
		strbuf_release(&text);
		return;
	}
	strbuf_addf(&text, "In game %s the master has granted %s an absence from\n%s\nto %s: "
	                   "no deadline falls in it.\n", s->game.name, what, when1, when2);
	if (s->game.status == GS_ACTIVE) {
		long long t = absence_adjust(s->db, &s->game, s->game.deadline);
		if (t != s->game.deadline) {
			char when[64];
			s->game.deadline = t;
			s->game.reminded = -1;
			game_save(s->db, &s->game);
			format_time(t, when, sizeof when);
			strbuf_addf(&text, "The deadline of %s moves to %s.\n", s->game.vs.phase.name, when);
			reply(s, "The deadline moves to %s.\n", when);
		}
	}
	snprintf(subject, sizeof subject, "Game %s: absence granted to %s", s->game.name, what);
	game_mail_all(s->db, s->cfg, &s->game, s->now, subject, text.buf, NULL, 0);
	strbuf_release(&text);
}

void set_absence(struct session *s, const char *v)
{
	char word[16] = "";
	long long id;
	int used = 0;

	sscanf(v, "%15s %n", word, &used);
	if (!*v) {
		list(s, s->seat);
		return;
	}
	if (s->seat != SEAT_MASTER) {
		if (!strcasecmp(word, "GRANT") || !strcasecmp(word, "REFUSE"))
			reply(s, "Only the master grants or refuses absences.\n");
		else
			ask(s, v);
		return;
	}
	int grant = !strcasecmp(word, "GRANT");
	if ((!grant && strcasecmp(word, "REFUSE")) || sscanf(v + used, "%lld", &id) != 1) {
		reply(s, "The master answers with SET ABSENCE GRANT <n> or SET ABSENCE REFUSE <n>;\n"
		      "SET ABSENCE alone lists them.\n");
		return;
	}
	answer(s, id, grant);
}
