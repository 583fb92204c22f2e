/*
 * store.h - games and players as the mail commands see them.
 *
 * Owns: loading and saving a game's row and its players, password
 * hashing, and the queries every command needs ("who plays this power",
 * "who receives this game's results").  A loaded game carries its state
 * read once (struct vstate), so that no command parses it twice.
 */
#ifndef STORE_H
#define STORE_H

#include <sqlite3.h>
#include <time.h>

#include "judge/lifecycle.h"
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
	char press[8];              /* white, grey, none */
	int reminded;               /* phase_no a reminder went out for */
	char *result;               /* how it ended, owned, may be NULL */
	char *fault;                /* why it is suspended, owned, may be NULL */
	struct vstate vs;           /* the state, read once; vs.pos is NULL if the
	                               game has none yet or it is damaged */
	int damaged;                /* the stored state does not read back:
	                               fault says why */
};

/* SEAT_NONE: a player not yet dealt a seat. */
#define SEAT_NONE (-1)

struct player {
	char email[256];
	int seat;                   /* the seat's first power; SEAT_NONE until
	                               the game starts */
	char pw[160];
	char prefs[64];
	int wait, draw, resigned;
	char left[16];              /* how a player who left did: resigned,
	                               abandoned, ejected, refused; or "" */
};

/*
 * Load game name into *g, its variant resolved and its state read.
 * Returns 0, 1 if there is no such game, -1 after fail() if its variant
 * cannot be loaded: a fault of the installation, not of the game, so the
 * caller must not change anything (receive defers the mail).  A state that
 * does not read back is no failure here: g->damaged says so (see
 * game_suspend_damaged).
 */
int game_load(sqlite3 *db, const char *name, struct game *g);
void game_free(struct game *g);

/* Replace g's state by text (taken over), reading it at once.  Returns 0,
 * or -1 after fail() if it does not read back. */
int game_set_state(struct game *g, char *text);

/* Write back the fields a phase changes: status, phase_no, state, seeds,
 * deadline, paused_left, grace, period, press, reminded, result, fault. */
void game_save(sqlite3 *db, const struct game *g);

/* The players of g, in seat order (undealt last).  Returns the count;
 * *out is malloc'd. */
int players_load(sqlite3 *db, const char *game, struct player **out);

/* The powers seat commands in game. */
struct power_set seat_powers(sqlite3 *db, const char *game, int seat);

/* "Sparta, Corinth and Thebes": the powers of a seat, its own first. */
void seat_text(const struct variant *v, const struct power_set *powers, int seat,
               struct strbuf *out);

/* The seat commanding power in game, or SEAT_NONE. */
int seat_of_power(sqlite3 *db, const char *game, int power);

/* The orders stored for one phase of game (standing: the standing
 * instructions instead, as they are now; standing_used: those phase_no
 * was adjudicated with), as the adjudicator takes them: fills sets (and
 * texts, which hold the strings and must be freed).  Returns how many
 * powers have some. */
int orders_load(sqlite3 *db, const char *game, int phase_no,
                struct order_set sets[VARIANT_MAX_POWERS], char *texts[VARIANT_MAX_POWERS]);
int standing_load(sqlite3 *db, const char *game,
                  struct order_set sets[VARIANT_MAX_POWERS], char *texts[VARIANT_MAX_POWERS]);
int standing_used_load(sqlite3 *db, const char *game, int phase_no,
                       struct order_set sets[VARIANT_MAX_POWERS], char *texts[VARIANT_MAX_POWERS]);

/* Record the n standing instructions sets that phase_no of game is
 * adjudicated with, for replay (the seat may change them later). */
void standing_record(sqlite3 *db, const char *game, int phase_no,
                     const struct order_set *sets, int n);

/* How long a phase of kind lasts in g, in seconds: the game's own period
 * for that kind, else its period for every kind. */
long long game_period(sqlite3 *db, const struct game *g, const char *kind);

/* The game keys of g's powers, by power index, into keys (npowers x
 * SEED_BYTES; a power without one gets zeros). */
void game_keys(sqlite3 *db, const struct game *g, unsigned char *keys);

/* Hash a password for storing (Argon2id, crypto_pwhash_str). */
void password_hash(const char *pw, char *out, size_t outlen);

/* 1 if pw matches the stored hash (Argon2id, or the older salted
 * BLAKE2b). */
int password_check(const char *pw, const char *stored);

/* 1 if a stored hash should be made again with today's method, which the
 * caller does after a successful check. */
int password_needs_upgrade(const char *stored);

/* 1 if pw may be set as a password (min to 63 printable characters, no
 * blanks); else 0 with the reason in why. */
int password_ok(const char *pw, long min, char *why, size_t whylen);

/* Every address that receives g's results: players (also resigned ones,
 * who may still watch), observers and the master, without duplicates,
 * each on its own line. */
void game_recipients(sqlite3 *db, const struct game *g, struct strbuf *out);

/* Fresh random seed bytes. */
void seed_new(unsigned char *seed);

/* Hex of the BLAKE2b-256 hash of a seed: what players are shown before
 * the seed itself is revealed. */
void seed_commitment(const unsigned char *seed, char hex[65]);

/* "2026-11-23 18:00 UTC (Mon)": the one shape of a time in the Judge's
 * mail, which the outbox shows also in each reader's zone (when.h). */
void format_time(long long t, char *out, size_t len);

/* The times the Judge takes from its command line, environment or
 * clock: 2000-01-01T00:00Z to 9999-12-31T23:59:59Z.  Within them a
 * deadline (now plus at most a year of hours) cannot overflow. */
#define TIME_MIN 946684800LL
#define TIME_MAX 253402300799LL
#define TIME_FORMS "ISO 8601 (2026-11-23T18:00Z) or epoch seconds, from 2000 to 9999"

/* Parse a time for --now and JUDGE_NOW: epoch seconds, or ISO 8601
 * "2026-11-23T18:00[:00][Z]" / "2026-11-23 18:00" (UTC).  Returns -1 if
 * it is not a time or lies outside TIME_MIN..TIME_MAX.  SET DEADLINE
 * reads what players write (when.h). */
long long parse_time(const char *s);

/* The time zone of address (SET TIMEZONE, an IANA name) into out, or ""
 * (UTC) if it has none. */
void address_zone(sqlite3 *db, const char *address, char *out, size_t len);

/* Set address's time zone to zone (an IANA name; "" forgets it: UTC). */
void address_set_zone(sqlite3 *db, const char *address, const char *zone);

/* A valid game name: 1..24 letters and digits, lower-cased into out. */
int game_name_ok(const char *s, char *out);

#endif
