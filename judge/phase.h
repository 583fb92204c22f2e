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
#include "judge/picture.h"
#include "judge/store.h"


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

/*
 * A phase worked out before the write transaction that processes it
 * (cron adjudicates and draws from a read snapshot while other processes
 * write): what the family's rules gave and the results picture, with a
 * BLAKE2b key of everything the rules read (the variant, the state, the
 * orders, the standing instructions, the chance).  The transaction takes
 * them only if its own inputs give the same key: the rules are pure, so
 * the same inputs give the same results; a draft of a snapshot that has
 * since moved on is never used.
 */
struct phase_draft {
	int done;                       /* 1: the rest is of key's inputs */
	unsigned char key[32];
	struct strbuf next;             /* the state after the phase */
	struct variant_report *rep;
	struct game_end end;
	struct picture_draft picture;
};
#define PHASE_DRAFT_INIT { 0, { 0 }, STRBUF_INIT, NULL, { 0, 0, "" }, PICTURE_DRAFT_INIT }
void phase_draft_release(struct phase_draft *d);

/* The same as phase_process, taking draft's results and picture if they
 * were worked out from the inputs this adjudication reads, else working
 * them out. */
MUST_CHECK int phase_process_drafted(sqlite3 *db, const struct config *c, struct game *g, long long now,
                                     const struct phase_draft *draft);

/* Work out into d the results of g's phase as it would be processed now
 * and draw their picture, writing nothing: cron calls it before its
 * write transaction.  A game that is not active, or whose rules fail,
 * leaves d not done. */
void phase_draft(sqlite3 *db, const struct game *g, struct phase_draft *d);

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
