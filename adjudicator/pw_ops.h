/*
 * pw_ops.h - what the files of the operations phase share, inside the
 * engine: the army on the march, zones of influence and routes
 * (pw_route.c), leaders (pw_leaders.c), battles (pw_battle.c), sieges
 * (pw_siege.c).  pw_operations.c runs the phase with them.  Not for the
 * variant: its interface is pw.h.
 *
 * A march moves SPs space by space in the position itself (the army's
 * SPs are always in p->force, at the space the army has reached), and
 * struct pw_army only remembers which of them march, so a battle on the
 * way sees the position exactly as it stands.
 */
#ifndef PW_OPS_H
#define PW_OPS_H

#include "adjudicator/pw.h"

/* How an army travels (chapter 4): by land paths, or by sea, its ships
 * carrying its land SPs one each (4.3). */
enum pw_by { PW_BY_LAND, PW_BY_SEA };

/* The SPs of one operation and their leader. */
struct pw_army {
	int8_t major;                              /* the active major */
	int8_t leader;                             /* a scenario leader */
	int8_t space;                              /* where it is now */
	int8_t by;                                 /* enum pw_by */
	int8_t sp[PW_MAX_CITIES][PW_SP_TYPES];     /* whose SPs march */
};

/* What a battle came to for one side. */
enum pw_outcome { PW_OUT_NONE, PW_OUT_WON, PW_OUT_LOST, PW_OUT_DRAW, PW_OUT_AVOIDED };

/* ---- pw_operations.c: who pays ---- */

/* What major c and its junior partners hold between them: coalition
 * members may pay their leader's costs (chapter 7.1). */
int pw_purse(const struct pw_map *m, const struct pw_pos *p, int c);
/* Pay cost from c's treasury, then its partners' in the majors' order. */
void pw_pay(const struct pw_map *m, struct pw_pos *p, int c, int cost);

/* ---- pw_route.c: paths, zones of influence, routes ---- */

/* 1 if major c's army travelling by "by" may go from a to b now: a path
 * of its kind (the isthmus by sea only when both ends are friendly to c),
 * and b not the home of a city-state neutral to c (4). */
int pw_step_ok(const struct pw_map *m, const struct pw_pos *p, int c, int by, int a, int b);

/* 1 if SPs of type t standing in space f have space s in their zone of
 * influence: s itself, or one path away by a path of their kind (land
 * SPs land paths, ships naval paths; never the isthmus nor the stormy
 * crossing). */
int pw_in_zoi(const struct pw_map *m, int t, int f, int s);

/* dist[x]: the paths from x to goal for major c's army travelling by
 * "by", or -1 where it cannot. */
void pw_distances(const struct pw_map *m, const struct pw_pos *p, int c, int by, int goal,
                  int dist[PW_MAX_SPACES]);

/*
 * The shortest route for major c's army travelling by "by" from "from" to
 * "to", through the via spaces in order: route[0] = from ..
 * route[len-1] = to.  Among routes equally short the via spaces choose,
 * and then at each step the first space in the map's order.  Returns
 * len, or 0 with the reason in why.
 */
int pw_route(const struct pw_map *m, const struct pw_pos *p, int c, int by, int from, int to,
             const int8_t *via, int nvia, int8_t route[PW_MAX_SPACES], char why[PW_WHY_MAX]);

/* ---- pw_leaders.c: chapter 8 ---- */

/* 1 if leader l may be given a new army in this turn: alive, his turns
 * come, and at home (not with another army). */
int pw_leader_free(const struct pw_scenario *sc, const struct pw_pos *p, int l);

/* The leader major c would give a new army: the free one with the highest
 * battle rating, then the lowest bravery, then the first in the
 * scenario; PW_NONE when none is free (RULES.md 8.2). */
int pw_leader_pick(const struct pw_scenario *sc, const struct pw_pos *p, int c);

/* The leader of c's side at space s with the highest battle rating, or
 * PW_NONE. */
int pw_leader_at(const struct pw_map *m, const struct pw_scenario *sc, const struct pw_pos *p,
                 int head, int s);

/* Kill leader l, told to out. */
void pw_leader_kill(const struct pw_scenario *sc, struct pw_pos *p, int l, struct strbuf *out);

/* Send home every leader whose space no longer holds an SP of his side. */
void pw_leaders_home(const struct pw_map *m, const struct pw_scenario *sc, struct pw_pos *p);

/* ---- pw_battle.c: chapter 5's naval battles, hoplite battles and skirmishes ---- */

/* One battle in the making: side 0 is the active major's side (attacking,
 * or the army being intercepted), side 1 the other. */
struct pw_battle {
	int space;
	int head[2];           /* the heads of the two sides */
	int interception;      /* 1: side 1 intercepts the army */
	const struct pw_army *army;
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
int pw_naval_battle(const struct pw_map *m, const struct pw_scenario *sc, struct pw_pos *p,
                    struct pw_battle *b, const struct pw_instructions *in,
                    struct chance_stream *dice, struct strbuf *out);
int pw_land_battle(const struct pw_map *m, const struct pw_scenario *sc, struct pw_pos *p,
                   struct pw_battle *b, const struct pw_instructions *in,
                   struct chance_stream *dice, struct strbuf *out);

/* Who decides for city-state c's forces: c if a major, else the major it
 * is the ally, tributary or sympathetic minor of, else PW_NONE. */
int pw_speaker(const struct pw_map *m, const struct pw_pos *p, int c);

/* Ravage space s for major c's side, unless hostages forbid it (seed
 * 002); told to out. */
void pw_ravage(const struct pw_map *m, struct pw_pos *p, int c, int s,
               const struct pw_instructions *in, struct strbuf *out);

/* ---- pw_siege.c ---- */

/*
 * A siege attempt by major c's army in space s after the battles of a
 * combat operation (fought: what they came to for c's side), if the
 * conditions hold (RULES.md 5.5); told to out either way.
 */
void pw_siege(const struct pw_map *m, const struct pw_scenario *sc, struct pw_pos *p, int c,
              int s, int fought, const struct pw_instructions *in, struct chance_stream *dice,
              struct strbuf *out);

/* Lift every siege whose conditions no longer hold (besiegers gone or
 * outnumbered in ships or cavalry), told to out. */
void pw_sieges_check(const struct pw_map *m, struct pw_pos *p, struct strbuf *out);

#endif
