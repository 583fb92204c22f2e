/*
 * absence.h - absences players announce (SET ABSENCE, as njudge's
 * data/absence): the player names the days, the master grants or
 * refuses, and while a granted absence lasts no deadline of the game
 * falls in it.
 *
 * An absence's states, as the game lifecycle's (lifecycle.h), are an
 * enum with one table of the moves allowed:
 *
 *               master: GRANT
 *     asked --------------------> granted
 *       |
 *       |       master: REFUSE
 *       +-----------------------> refused
 *
 * granted and refused are final.  Stored as text in absences.status.
 * This module keeps the records and answers questions about them; the
 * mail command that reads and writes them (judge/mailcmd/absence.c)
 * writes every reply.
 */
#ifndef ABSENCE_H
#define ABSENCE_H

#include <sqlite3.h>

#include "base/error.h"
#include "judge/store.h"

/* The longest absence one request may ask for, in days. */
#define ABSENCE_MAX_DAYS 14

enum absence_state {
	ABSENCE_ASKED,            /* waiting for the master's word */
	ABSENCE_GRANTED,          /* no deadline falls in it */
	ABSENCE_REFUSED,          /* the deadlines stand */
	ABSENCE_NSTATE
};

/* "asked", "granted", "refused": the text stored and shown. */
const char *absence_state_name(enum absence_state s);

/* One absence as stored. */
struct absence {
	long long id;
	int seat;
	long long start, until;
	enum absence_state state;
};

/* A deadline t of g moved past every absence granted in g that it falls
 * in: to a day after the absence ends. */
long long absence_adjust(sqlite3 *db, const struct game *g, long long t);

/* Store seat's request in g for [start, until), asked at now; returns
 * its number. */
long long absence_ask(sqlite3 *db, const struct game *g, int seat, long long start,
                      long long until, long long now);

/* Absence id of g, if it is asked (waiting for an answer), into *a:
 * returns 0, or ABSENCE_NOT_WAITING if g has no such absence waiting. */
#define ABSENCE_NOT_WAITING 1
MUST_CHECK int absence_waiting(sqlite3 *db, const struct game *g, long long id, struct absence *a);

/* Move absence a to state to and store it.  The move must be one the
 * diagram above has (asserted: the caller read a as asked). */
void absence_move(sqlite3 *db, struct absence *a, enum absence_state to);

/* Call fn for each absence of g (of seat, or every seat if seat < 0),
 * oldest first; returns how many. */
int absence_each(sqlite3 *db, const struct game *g, int seat,
                 void (*fn)(const struct absence *a, void *arg), void *arg);

#endif
