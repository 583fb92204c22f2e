/*
 * takeover.h - a vacant seat (its player resigned, was ejected, or
 * abandoned it) taken over by a new player: asked for with SIGNON for the
 * seat, approved by the master (TAKEOVER), or put in by the master.
 * Both halves are in judge/mailcmd/takeover.c, beside TAKEOVER.
 */
#ifndef TAKEOVER_H
#define TAKEOVER_H

#include "judge/session.h"

/* 1 if seat of s->game has nobody playing it. */
int takeover_vacant(struct session *s, int seat);

/* SIGNON for vacant seat of s->game with password pw: keep the request
 * (the password hashed) and ask the master; tell the sender. */
void takeover_ask(struct session *s, int seat, const char *pw);

/* Seat of g has its player back (a ROLLBACK undid its abandonment): drop
 * the requests to take it over, telling each who asked, so that a later
 * vacancy never approves a request made for this one. */
void takeover_withdraw(sqlite3 *db, const struct config *c, const struct game *g, int seat,
                       long long now);

#endif
