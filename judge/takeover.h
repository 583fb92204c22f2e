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

#endif
