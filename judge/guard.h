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
 *   - every time an address takes a role in a game (master, player,
 *     observer) it is told so, with a code that undoes it (REFUSE <code>),
 *     so that nobody is made a player, master or observer by someone
 *     else's mail, whether or not the address had roles before;
 *   - the per-address limits on games created, joined and observed,
 *     counted per person (address_counted, judge/address.h).
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
 * giving it a role, for guard_bound's first. */
int guard_new_address(struct session *s);

/* The size of a REFUSE code, its NUL included. */
#define GUARD_CODE_SIZE 11

/* Record that email now has role in game, with a new code into code that
 * undoes it (REFUSE): for a role given to another address than the
 * sender's (the master's TAKEOVER), whose owner the caller tells. */
void guard_bind(struct session *s, const char *email, const char *game, const char *role,
                char code[GUARD_CODE_SIZE]);

/* The sender's address now has role ("master", "player", "observer") in
 * game: record a code that undoes it and tell the sender (first: it had
 * no role before, as guard_new_address said). */
void guard_bound(struct session *s, const char *game, const char *role, int first);

/* 1 if the sender may create another game today and be in another game;
 * else 0, the sender told.  creating: CREATE rather than a join. */
int guard_may_join(struct session *s, int creating);

/* 1 if the sender may observe another game (max_observes_per_address);
 * else 0, the sender told. */
int guard_may_observe(struct session *s);

#endif
