/*
 * store.h - what the Judge stores, for the code that uses all of it.
 *
 * Owns nothing itself: each kind of record has its own file, named for
 * it, and this header only gathers them, so that a mail command, which
 * touches games, players, seats and passwords alike, includes one name.
 * A file that needs one kind includes that kind's header.
 *   games.h     a game's row and state, its periods and recipients
 *   players.h   a game's players
 *   seats.h     the powers of each seat, and their game keys
 *   orders.h    orders and standing instructions, as adjudicated
 *   password.h  password hashes
 *   seed.h      random seeds and their commitments
 *   zones.h     each address's time zone
 *   when.h      the one time parser and the one shape of a time
 */
#ifndef STORE_H
#define STORE_H

#include "judge/games.h"
#include "judge/orders.h"
#include "judge/password.h"
#include "judge/players.h"
#include "judge/seats.h"
#include "judge/seed.h"
#include "judge/when.h"
#include "judge/zones.h"

#endif
