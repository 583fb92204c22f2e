/*
 * pelo_ops.h - what the files of the operations phase share, inside the
 * engine: the army on the march, zones of influence and routes
 * (pelo_route.c), leaders (pelo_leaders.c), battles (pelo_battle.c), sieges
 * (pelo_siege.c), the treasury (pelo_treasury.c).  pelo_operations.c runs
 * the phase with them.  Not for the
 * variant: its interface is pelo.h.
 *
 * A march moves SPs space by space in the position itself (the army's
 * SPs are always in p->force, at the space the army has reached), and
 * struct pelo_army only remembers which of them march, so a battle on the
 * way sees the position exactly as it stands.
 */
#ifndef PELO_OPS_H
#define PELO_OPS_H

#include "adjudicator/pelo.h"

/* How an army travels (chapter 4): by land paths, or by sea, its ships
 * carrying its land SPs one each (4.3). */
enum pelo_by { PELO_BY_LAND, PELO_BY_SEA };

/* The SPs of one operation and their leader. */
struct pelo_army {
	int8_t major;                              /* the active major */
	int8_t leader;                             /* a scenario leader */
	int8_t space;                              /* where it is now */
	int8_t by;                                 /* enum pelo_by */
	int8_t sp[PELO_MAX_CITIES][PELO_SP_TYPES];     /* whose SPs march */
};

/* What a battle came to for one side. */
enum pelo_outcome { PELO_OUT_NONE, PELO_OUT_WON, PELO_OUT_LOST, PELO_OUT_DRAW, PELO_OUT_AVOIDED };

/* ---- pelo_treasury.c: whose forces, and who pays ---- */

/* 1 if c operates city x's forces: its own, its junior partners' (joint
 * operations), and a sympathetic minor's (3.1.3). */
int pelo_operable(const struct pelo_map *m, const struct pelo_pos *p, int c, int x);
/* Where SPs of type t of city x belong: ships in the port. */
int pelo_sp_home(const struct pelo_map *m, int x, int t);
/* What major c and its junior partners hold between them: coalition
 * members may pay their leader's costs (chapter 7.1). */
int pelo_purse(const struct pelo_map *m, const struct pelo_pos *p, int c);
/* Pay cost from c's treasury, then its partners' in the majors' order. */
void pelo_pay(const struct pelo_map *m, struct pelo_pos *p, int c, int cost);

/* ---- pelo_route.c: paths, zones of influence, routes ---- */

/* 1 if major c's army travelling by "by" may go from a to b now: a path
 * of its kind (the isthmus by sea only when both ends are friendly to c),
 * and b not the home of a city-state neutral to c (4). */
int pelo_step_ok(const struct pelo_map *m, const struct pelo_pos *p, int c, int by, int a, int b);

/* 1 if SPs of type t standing in space f have space s in their zone of
 * influence: s itself, or one path away by a path of their kind (land
 * SPs land paths, ships naval paths; never the isthmus nor the stormy
 * crossing). */
int pelo_in_zoi(const struct pelo_map *m, int t, int f, int s);

/* dist[x]: the paths from x to goal for major c's army travelling by
 * "by", or -1 where it cannot. */
void pelo_distances(const struct pelo_map *m, const struct pelo_pos *p, int c, int by, int goal,
                  int dist[PELO_MAX_SPACES]);

/*
 * The shortest route for major c's army travelling by "by" from "from" to
 * "to", through the via spaces in order: route[0] = from ..
 * route[len-1] = to.  Among routes equally short the via spaces choose,
 * and then at each step the first space in the map's order.  Returns
 * len, or 0 with the reason in why.
 */
MUST_CHECK int pelo_route(const struct pelo_map *m, const struct pelo_pos *p, int c, int by, int from, int to,
             const int8_t *via, int nvia, int8_t route[PELO_MAX_SPACES], char why[PELO_WHY_MAX]);

/* Mark space s entered this turn by the side headed by head (RULES.md
 * 6.2: a home area so entered earns no +1 bellicosity).  Inline: the
 * march and the battle both mark, and neither object may need the
 * other (tests/pelo/facts.test). */
static inline void pelo_entered(const struct pelo_map *m, struct pelo_pos *p, int head, int s)
{
	for (int k = 0; k < m->nmajors; k++)
		if (m->major[k] == head)
			p->entered[s] |= (uint8_t)(1u << k);
}

/* ---- pelo_leaders.c: chapter 8 ---- */

/* 1 if leader l may be given a new army in this turn: alive, his turns
 * come, and at home (not with another army). */
int pelo_leader_free(const struct pelo_scenario *sc, const struct pelo_pos *p, int l);

/* The leader major c would give a new army: the free one with the highest
 * battle rating, then the lowest bravery, then the first in the
 * scenario, one not in the set kept (bit l: another order names leader
 * l) if any is free; PELO_NONE when none is free (RULES.md 8.2). */
int pelo_leader_pick(const struct pelo_scenario *sc, const struct pelo_pos *p, int c, uint64_t kept);

/* The leader of c's side at space s with the highest battle rating, or
 * PELO_NONE. */
int pelo_leader_at(const struct pelo_map *m, const struct pelo_scenario *sc, const struct pelo_pos *p,
                 int head, int s);

/* Kill leader l, told to out. */
void pelo_leader_kill(struct pelo_pos *p, int l, struct pelo_facts *out);

/* Send home every leader whose space no longer holds an SP of his side. */
void pelo_leaders_home(const struct pelo_map *m, const struct pelo_scenario *sc, struct pelo_pos *p);

/* ---- pelo_battle.c: chapter 5's naval battles, hoplite battles and skirmishes ---- */

/* One battle in the making: side 0 is the active major's side (attacking,
 * or the army being intercepted), side 1 the other. */
struct pelo_battle {
	int space;
	int head[2];           /* the heads of the two sides */
	int interception;      /* 1: side 1 intercepts the army */
	const struct pelo_army *army;
	int leader[2];         /* set by the battle */
	int land_avoided[2];   /* land SPs of that side in the space avoided */
};

/*
 * The naval battle of b, then (land) its hoplite battle or skirmish:
 * who takes part (zones of influence, SUPPORT, AVOID, BURN), the dice and
 * their modifiers, losses and their allocation (SPLIT, LOSSES),
 * bellicosity, hostages, the death of leaders and the losers' retreat
 * (RETREAT).  Returns side 0's outcome.  Everything is told to out.
 */
int pelo_naval_battle(const struct pelo_map *m, const struct pelo_scenario *sc, struct pelo_pos *p,
                    struct pelo_battle *b, const struct pelo_instructions *in,
                    struct chance_stream *dice, struct pelo_facts *out);
int pelo_land_battle(const struct pelo_map *m, const struct pelo_scenario *sc, struct pelo_pos *p,
                   struct pelo_battle *b, const struct pelo_instructions *in,
                   struct chance_stream *dice, struct pelo_facts *out);

/* Who decides for city-state c's forces: c if a major, else the major it
 * is the ally or tributary of, else the major it is sympathetic to unless
 * they stand unfriendly, else PELO_NONE. */
int pelo_speaker(const struct pelo_map *m, const struct pelo_pos *p, int c);

/*
 * Whose standing instructions decide a choice of side head's SPs (avoid,
 * burn, skirmish, retreat, intercept), sps[c] being city c's SPs concerned:
 * the major speaking for most of them (RULES.md 3.6: a junior partner's
 * own instructions govern its own SPs, a minor's its major's), the head's
 * speaker on a tie; PELO_NONE when nobody speaks for them.
 */
int pelo_decider(const struct pelo_map *m, const struct pelo_pos *p, int head,
                 const int sps[PELO_MAX_CITIES]);

/* Ravage space s for major c's side, unless hostages forbid it (seed
 * 002: the major they were taken from, or an army it leads or has SPs
 * in); told to out. */
void pelo_ravage(const struct pelo_map *m, const struct pelo_scenario *sc, struct pelo_pos *p, int c,
               int s, const struct pelo_instructions *in, struct pelo_facts *out);

/* ---- pelo_siege.c ---- */

/*
 * A siege attempt by major c's army in space s after the battles of a
 * combat operation (fought: what they came to for c's side), if the
 * conditions hold (RULES.md 5.5); told to out either way.
 */
void pelo_siege(const struct pelo_map *m, const struct pelo_scenario *sc, struct pelo_pos *p, int c,
              int s, int fought, const struct pelo_instructions *in, struct chance_stream *dice,
              struct pelo_facts *out);

/* Lift every siege whose conditions no longer hold (besiegers gone or
 * outnumbered in ships or cavalry), told to out. */
void pelo_sieges_check(const struct pelo_map *m, struct pelo_pos *p, struct pelo_facts *out);

/* ---- pelo_kingdoms.c ---- */

/* The kingdoms' segment of the political phase (RULES.md 6.6): the
 * Judge plays the Odrysians, Macedon and Persia by their fixed rules. */
void pelo_kingdoms(const struct pelo_map *m, struct pelo_pos *p, struct pelo_facts *out);

#endif
