/*
 * takeover.h - a vacant seat (its player resigned, was ejected, or
 * abandoned it) taken over by a new player: asked for with SIGNON for the
 * seat, approved by the master (TAKEOVER), or put in by the master.
 * The records are here (judge/takeover.c); the mail's halves, which
 * answer the sender, are judge/mailcmd/takeover.c, beside TAKEOVER.
 */
#ifndef TAKEOVER_H
#define TAKEOVER_H

#include <sqlite3.h>

#include "judge/config.h"
#include "judge/store.h"

/* 1 if seat of g has nobody playing it. */
int takeover_vacant(sqlite3 *db, const struct game *g, int seat);

/* Seat of g has its player back (a ROLLBACK undid its abandonment): drop
 * the requests to take it over, telling each who asked, so that a later
 * vacancy never approves a request made for this one. */
void takeover_withdraw(sqlite3 *db, const struct config *c, const struct game *g, int seat,
                       long long now);

#endif
