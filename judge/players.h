/*
 * players.h - a game's players, as the players table holds them.
 *
 * Owns: struct player and loading a game's players in seat order.  Who
 * commands which power is the seats' (seats.h); a player's password is
 * checked by password.h.
 */
#ifndef PLAYERS_H
#define PLAYERS_H

#include <sqlite3.h>

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

/* The players of game, in seat order (undealt last).  Returns the count;
 * *out is malloc'd (also when the count is 0).  A database fault dies. */
int players_load(sqlite3 *db, const char *game, struct player **out);

#endif
