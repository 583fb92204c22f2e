/*
 * guard.h - what stands between a mail and a role in a game.
 *
 * Owns the policies against hostile mail that concern who may act, kept
 * together so that every command applies the same ones:
 *   - failed passwords for a power or a master are counted; past the
 *     config's guess_limit within guess_window_hours the sign-on is
 *     refused without checking until the window ends (refusal, never a
 *     sleep), the owner is told at most once a day, the master may lift
 *     it (SET UNLOCK);
 *   - where the local MTA stamps Authentication-Results (the config's
 *     authserv_id), a mail that fails DMARC, or SPF without a valid DKIM
 *     signature, may not take or change a role; only the topmost header
 *     with that id is read, the one the MTA prepended;
 *   - every time an address takes a role in a game (master, player,
 *     observer) it is told so, with a code that undoes it (REFUSE <code>),
 *     so that nobody is made a player, master or observer by someone
 *     else's mail, whether or not the address had roles before;
 *   - the per-address limits on games created, joined and observed,
 *     counted per person (address_key, judge/address.h).
 * Each function that refuses says why in the session's reply.
 */
#ifndef GUARD_H
#define GUARD_H

#include "judge/session.h"

/* 1 if sign-ons as who ("R", or "M" for the master) in game are locked
 * now (the sender told, and the rest of the mail not read); else 0. */
int guard_locked(struct session *s, const char *game, const char *who);

/* A wrong password for who in game; owner is the address told when the
 * lock closes. */
void guard_failed(struct session *s, const char *game, const char *who, const char *owner);

/* A right one, or the master's SET UNLOCK: the count starts again and
 * any lock is lifted. */
void guard_passed(struct session *s, const char *game, const char *who);

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
