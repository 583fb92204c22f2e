/*
 * orders.h - the orders and standing instructions the store keeps.
 *
 * Owns: reading a phase's orders, the standing instructions as they are
 * now and as a phase was adjudicated with them, and recording the
 * latter for replay.  Writing a power's orders is the mail session's.
 */
#ifndef ORDERS_H
#define ORDERS_H

#include <sqlite3.h>

#include "variants/variant.h"

/* The orders stored for one phase of game (standing: the standing
 * instructions instead, as they are now; standing_used: those phase_no
 * was adjudicated with), as the adjudicator takes them: fills sets (and
 * texts, which hold the strings and must be freed).  Returns how many
 * powers have some.  A database fault dies. */
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

#endif
