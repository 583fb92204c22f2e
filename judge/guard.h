/*
 * guard.h - what stands between a mail and a role in a game.
 *
 * Owns the policies against hostile mail that concern who may act, kept
 * together so that every command applies the same ones:
 *   - wrong passwords are counted per sender and game (the sender's
 *     counted address, address.h) and per seat (from every address but
 *     the seat's own); past the config's guess_limit within
 *     guess_window_hours, sign-ons by that sender to the game, or by
 *     other addresses than the seat's own to the seat, are refused
 *     without checking until the window ends (refusal, never a sleep).
 *     So one address guessing is stopped, many addresses together get
 *     guess_limit tries a window at a seat, and neither ever shuts out
 *     the seat's owner, whose own address is counted only as a sender.
 *     The owner is told at most once a day; the master may lift a lock
 *     (SET UNLOCK);
 *   - where the local MTA stamps Authentication-Results (the config's
 *     authserv_id), a mail that fails DMARC, or SPF without a valid DKIM
 *     signature of its From domain, may not take or change a role; every
 *     header with that id is read (the MTA's milters may write one each,
 *     and the MTA removes any that came with the mail), each by RFC
 *     8601's grammar (maildir/authres.h), and one that does not read
 *     refuses too;
 *   - the first time an address takes a role it is told so, with a code
 *     that undoes it (REFUSE <code>), so that nobody is made a player or a
 *     master by someone else's mail;
 *   - the per-address limits on games created and games joined.
 * Each function that refuses says why in the session's reply.
 */
#ifndef GUARD_H
#define GUARD_H

#include "judge/session.h"

/* The address who ("R", or "M") of the loaded s->game is registered to
 * (the seat's player, or the master), "" if the seat is vacant. */
void guard_owner(struct session *s, const char *who, char *out, size_t size);

/* 1 if this mail's sign-on as who ("R", or "M" for the master) in game
 * is refused unchecked (the sender told, the rest of the mail not read):
 * the sender's address is locked in game, or the sender is not owner
 * (the address the seat is registered to; NULL or "" if none) and the
 * seat is locked to others; else 0. */
int guard_locked(struct session *s, const char *game, const char *who, const char *owner);

/* A wrong password for who in game, from the sender: counted against the
 * sender's address and, unless it is owner's, against the seat; owner is
 * told when the seat's count locks it. */
void guard_failed(struct session *s, const char *game, const char *who, const char *owner);

/* A right password: the sender's count in game starts again.  Others'
 * count against the seat runs on to the end of its window: one right
 * password says nothing of them. */
void guard_passed(struct session *s, const char *game);

/* The master's SET UNLOCK: who opens to other addresses again, and to
 * owner's own, if its wrong passwords locked it. */
void guard_unlock(struct session *s, const char *game, const char *who, const char *owner);

/* 1 if the mail may take or change a role (the MTA's authentication
 * results, where the config names them, do not condemn it); else 0, the
 * sender told. */
int guard_authentic(struct session *s);

/* 1 if the sender's address has no role in any game yet: call before
 * giving it its first. */
int guard_new_address(struct session *s);

/* The sender's address was new and now has role ("master", "player",
 * "observer") in game: record a code that undoes it and tell the sender. */
void guard_bound(struct session *s, const char *game, const char *role);

/* 1 if the sender may create another game today and be in another game;
 * else 0, the sender told.  creating: CREATE rather than a join. */
int guard_may_join(struct session *s, int creating);

#endif
