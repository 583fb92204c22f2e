/*
 * phase.h - a game's life between deadlines: starting it, deciding when a
 * phase is ready, adjudicating it, suspending a damaged game, and the mail
 * each of those sends.  Callers hold the transaction.
 *
 * What a phase is (its kind, who must order, whether it may run early)
 * comes from the variant's phase descriptor, g->vs.phase; who receives
 * which part of a report from struct variant_report.  Mail goes once to
 * each address: a seat commanding several powers gets one copy, with the
 * parts for each of its powers.
 */
#ifndef PHASE_H
#define PHASE_H

#include <sqlite3.h>

#include "base/error.h"
#include "judge/config.h"
#include "judge/store.h"

struct picture_draft;

/* 1 if g is active with a readable state, the phase may run early, every
 * power that must order has complete orders (every unit that must order
 * has one; after a ROLLBACK of the phase, given since it), and no player
 * still in has WAIT set. */
int phase_ready(sqlite3 *db, const struct game *g);

/* Powers that must order, are played by someone still in, and have not
 * (the late, the reminded; phase_ready asks for more: complete orders). */
struct power_set phase_missing(sqlite3 *db, const struct game *g);

/* Start forming game g with the players who have joined (at least the
 * variant's minimum): deal the seats by preference (ties at random), set
 * up the first phase, mail everyone.  Returns 0, or -1 after fail(). */
MUST_CHECK int game_start(sqlite3 *db, const struct config *c, struct game *g, long long now);

/* Adjudicate g's phase now: store the history, open the next phase (or
 * end the game), mail the results.  Returns 0, or -1 after fail() with
 * nothing changed (g not active, or a state the family cannot read). */
MUST_CHECK int phase_process(sqlite3 *db, const struct config *c, struct game *g, long long now);

/* The same, storing draft's picture if it was drawn from the inputs this
 * adjudication reads (picture.h), else drawing it. */
MUST_CHECK int phase_process_drafted(sqlite3 *db, const struct config *c, struct game *g, long long now,
                                     const struct picture_draft *draft);

/* Draw into d the results picture of g's phase as it would be processed
 * now, writing nothing: cron calls it before its write transaction.  A
 * game that is not active, or whose rules fail, leaves d undrawn. */
void phase_draft(sqlite3 *db, const struct game *g, struct picture_draft *d);

/* At a deadline that passed with orders missing: tell each late seat,
 * and the master who was late. */
void phase_late(sqlite3 *db, const struct config *c, const struct game *g, long long now);

/* Mail each seat that has not ordered for all its powers a reminder. */
void phase_remind(sqlite3 *db, const struct config *c, struct game *g, long long now);


/* If g's stored state is damaged and it is in play: suspend it (a
 * permanent fault of this one game), and tell its master and the admin.
 * Returns 1 if g is (now or already) suspended, else 0. */
int game_suspend_damaged(sqlite3 *db, const struct config *c, struct game *g, long long now);

/* The part of every phase-opening mail: the phase, its deadline and,
 * where the variant uses chance, the hash of its seed. */
void phase_next_text(const struct game *g, struct strbuf *out);

/* The deadline of the phase g is in, opened at now: its kind's period,
 * moved past any absence the master granted (absence.h). */
long long phase_deadline(sqlite3 *db, const struct game *g, long long now);

#endif
