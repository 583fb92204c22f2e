/*
 * games.h - a game's row in the games table, as every command sees it.
 *
 * Owns: loading and saving a game's row, its state read once (struct
 * vstate) so that no command parses it twice, the phase lengths it
 * keeps per kind, the addresses that receive its results, and what a
 * game's name may be.  Its players, seats, orders and the rest live in
 * files of their own (store.h lists them).
 */
#ifndef GAMES_H
#define GAMES_H

#include <sqlite3.h>

#include "judge/lifecycle.h"
#include "base/error.h"
#include "base/strbuf.h"
#include "variants/variant.h"

#define GAME_NAME_MAX 24
#define SEED_BYTES VARIANT_SEED_BYTES

struct game {
	char name[GAME_NAME_MAX + 1];
	char variant_name[32];
	const struct variant *v;
	enum game_status status;
	char master_email[256];
	char master_pw[160];
	int phase_no;
	char *state;                /* variant text, owned */
	unsigned char seed[SEED_BYTES];
	unsigned char next_seed[SEED_BYTES];
	long long deadline;         /* while active */
	long long paused_left;      /* paused or suspended: seconds that were left */
	long long period;           /* seconds, for kinds without their own */
	long long grace;            /* seconds */
	char press[8];              /* white, grey, any, none (SET PRESS) */
	int reminded;               /* phase_no a reminder went out for */
	char *result;               /* how it ended, owned, may be NULL */
	char *fault;                /* why it is suspended, owned, may be NULL */
	struct vstate vs;           /* the state, read once; vs.pos is NULL if the
	                               game has none yet or it is damaged */
	int damaged;                /* the stored state does not read back:
	                               fault says why */
};

/* game_load's outcome when there is no such game (error.h: a named
 * positive outcome, not a failure). */
enum { GAME_MISSING = 1 };

/*
 * Load game name into *g, its variant resolved and its state read.
 * Returns 0, GAME_MISSING if there is no such game, -1 after fail() if
 * its variant cannot be loaded: a fault of the installation, not of the
 * game, so the caller must not change anything (receive defers the
 * mail).  A state that does not read back is no failure here: g->damaged
 * says so (see game_suspend_damaged).
 */
MUST_CHECK int game_load(sqlite3 *db, const char *name, struct game *g);
void game_free(struct game *g);

/* Replace g's state by text (taken over), reading it at once.  Returns 0,
 * or -1 after fail() if it does not read back (g->damaged is then set). */
MUST_CHECK int game_set_state(struct game *g, char *text);

/* Write back the fields a phase changes: status, phase_no, state, seeds,
 * deadline, paused_left, grace, period, press, reminded, result, fault.
 * A database fault dies (db_run). */
void game_save(sqlite3 *db, const struct game *g);

/* How long a phase of kind lasts in g, in seconds: the game's own period
 * for that kind, else its period for every kind. */
long long game_period(sqlite3 *db, const struct game *g, const char *kind);

/* Every address that receives g's results: players, observers and the
 * master, without duplicates, each on its own line.  A player who chose
 * to leave or was put out (resigned, ejected, refused) receives nothing
 * more of the game, as in njudge; OBSERVE brings it back.  One abandoned
 * for lateness still does: it did not ask to go and may take its power
 * back (TAKEOVER). */
void game_recipients(sqlite3 *db, const struct game *g, struct strbuf *out);

/* 1 if s is a valid game name, 1..24 letters and digits, then lower-cased
 * into out (GAME_NAME_MAX + 1 bytes); else 0. */
int game_name_ok(const char *s, char *out);

#endif
