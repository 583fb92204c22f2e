/*
 * lateness.h - powers late phase after phase: counting the phases each
 * seat is late in a row, declaring a seat abandoned when the count
 * reaches the game's limit, and copying reminders to the master.
 *
 * The limit is the game's abandon_after (SET ABANDON), else the config's;
 * 0 never abandons.  An abandoned seat's player leaves as one who
 * resigned does (the power follows the rules for missing orders and,
 * still in the game, shares a draw), and the seat waits for a new player
 * (takeover.h).
 */
#ifndef LATENESS_H
#define LATENESS_H

#include <sqlite3.h>

#include "judge/config.h"
#include "judge/store.h"

/* After g's phase was adjudicated at now, missing being the powers that
 * had to order and did not: a seat late for any of its powers counts one
 * more phase late in a row (only if the deadline had passed: a phase
 * processed early by the master made nobody late), one that ordered for
 * all starts again at 0, one with nothing to order keeps its count.
 * Seats that reach the limit are abandoned, and mail (the results) says
 * so.  What it changes is recorded under g->phase_no (lateness_record),
 * so it runs once a phase, before the phase number moves on. */
void lateness_count(sqlite3 *db, const struct config *c, const struct game *g,
                    const struct power_set *missing, long long now, struct strbuf *mail);

/* ROLLBACK of g's phase phase_no at now: undo what lateness_count did in
 * it.  Each player's count goes back to what it was before the phase,
 * and a seat the phase abandoned goes back to its player, unless
 * someone has taken it over since: then it stays with them.  Appends to
 * all (the mail to everyone) a paragraph for each player who is back, to
 * master one for each seat that stays with its new player; requests to
 * take over a seat given back are withdrawn (takeover_withdraw).  The records
 * stay, marked superseded at now. */
void lateness_undo(sqlite3 *db, const struct config *c, const struct game *g, int phase_no,
                   long long now, struct strbuf *all, struct strbuf *master);

/* If g's master asked for copies of reminders (SET MASTERCOPY), mail the
 * master copies, the reminders sent to each address. */
void lateness_copy(sqlite3 *db, const struct config *c, const struct game *g, long long now,
                   const char *copies);

#endif
