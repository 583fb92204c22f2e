/*
 * absence.c - SET ABSENCE, the one setting that reads and writes the
 * absences (judge/absence.h keeps them): a player asks, the master
 * answers.
 *
 *   player:  SET ABSENCE <from> [TO <until>]   ask (a day alone: that day)
 *            SET ABSENCE                       the seat's absences
 *   master:  SET ABSENCE                       every absence of the game
 *            SET ABSENCE GRANT <n> | REFUSE <n>
 *
 * Times are read by when.h's grammar in the writer's zone.  A grant moves
 * the deadline now running if it falls in the absence, by the same rule
 * (absence_adjust) as phase_deadline moves every later one.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "judge/absence.h"
#include "judge/db.h"
#include "judge/game_mail.h"
#include "judge/outbox.h"
#include "judge/settings.h"
#include "judge/when.h"

#define DAY 86400LL

/* The list being written: the session, and how many lines so far. */
struct listing {
	struct session *s;
	int k;
};

/* One line of the list (absence_each's fn). */
static void list_one(const struct absence *a, void *arg)
{
	struct listing *l = arg;
	char from[64], until[64];

	format_time(a->start, from, sizeof from);
	format_time(a->until, until, sizeof until);
	reply(l->s, "%s  %lld  %s: %s\n      to %s (%s)\n", l->k++ ? "" : "Absences:\n",
	      a->id, seat_name(&l->s->game, a->seat), from, until, absence_state_name(a->state));
}

/* One line per absence of the game (of seat, or all if seat is
 * SEAT_MASTER). */
static void list(struct session *s, int seat)
{
	struct listing l = { s, 0 };

	if (!absence_each(s->db, &s->game, seat == SEAT_MASTER ? -1 : seat, list_one, &l))
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
	    (to && (until = when_parse_until(to, zone, s->now, why, sizeof why)) < 0)) {
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
	long long id = absence_ask(s->db, &s->game, s->seat, start, until, s->now);
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
	struct absence a;
	struct strbuf text = STRBUF_INIT;

	if (absence_waiting(s->db, &s->game, id, &a) == ABSENCE_NOT_WAITING) {
		reply(s, "%s has no absence %lld waiting for an answer (SET ABSENCE lists them).\n",
		      s->game.name, id);
		return;
	}
	int seat = a.seat;
	absence_move(s->db, &a, grant ? ABSENCE_GRANTED : ABSENCE_REFUSED);
	format_time(a.start, when1, sizeof when1);
	format_time(a.until, when2, sizeof when2);
	snprintf(what, sizeof what, "%s", seat_name(&s->game, seat));
	reply(s, "Absence %lld of %s %s.\n", id, what, absence_state_name(a.state));
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
	} else if (s->game.status == GS_PAUSED || s->game.status == GS_SUSPENDED) {
		strbuf_addstr(&text, "The game's clock is stopped; when it resumes, its deadline will "
		              "not fall in the absence.\n");
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
