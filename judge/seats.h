/*
 * seats.h - which powers a seat commands, as seat_powers holds them.
 *
 * Owns: the powers of a seat and the seat of a power, the seat's name as
 * the mail writes it, and the per-power game keys kept on the same rows.
 */
#ifndef SEATS_H
#define SEATS_H

#include <sqlite3.h>

#include "judge/games.h"
#include "judge/players.h"
#include "base/strbuf.h"
#include "variants/variant.h"

/* The powers seat commands in game. */
struct power_set seat_powers(sqlite3 *db, const char *game, int seat);

/* "Sparta, Corinth and Thebes": the powers of a seat, its own first. */
void seat_text(const struct variant *v, const struct power_set *powers, int seat,
               struct strbuf *out);

/* The seat commanding power in game, or SEAT_NONE. */
int seat_of_power(sqlite3 *db, const char *game, int power);

/* The game keys of g's powers, by power index, into keys (npowers x
 * SEED_BYTES; a power without one gets zeros). */
void game_keys(sqlite3 *db, const struct game *g, unsigned char *keys);

#endif
