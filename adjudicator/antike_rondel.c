/*
 * antike_rondel.c - the rondel's arithmetic (RULES.md, after RG-V): how
 * far a move goes, what it costs, which wedge "MANEUVER" and the silent
 * default mean, and which wedge's action each kind of order belongs to.
 *
 * The wedges are numbered clockwise (enum ant_wedge), so distance is
 * arithmetic modulo eight and needs no table; what each wedge does is a
 * table, so that the order checks, the turn and the report all read the
 * same one.
 */
#include <assert.h>

#include "adjudicator/antike_engine.h"

#define FREE_STEPS 3           /* RG-V: up to three wedges cost nothing */

/* What each wedge carries: the action (the second MANEUVER is the first's
 * twin) and, for the three production wedges, the resource made. */
static const struct {
	int8_t action;
	int8_t res;
} wedge[ANT_NWEDGES] = {
	[ANT_W_IRON]      = { ANT_W_IRON, ANT_IRON },
	[ANT_W_TEMPLE]    = { ANT_W_TEMPLE, -1 },
	[ANT_W_GOLD]      = { ANT_W_GOLD, ANT_GOLD },
	[ANT_W_MANEUVER1] = { ANT_W_MANEUVER1, -1 },
	[ANT_W_ARMING]    = { ANT_W_ARMING, -1 },
	[ANT_W_MARBLE]    = { ANT_W_MARBLE, ANT_MARBLE },
	[ANT_W_KNOWHOW]   = { ANT_W_KNOWHOW, -1 },
	[ANT_W_MANEUVER2] = { ANT_W_MANEUVER1, -1 },
};

/* The wedge whose action each kind of order is part of (-1: any). */
static const int8_t order_wedge[ANT_NORDER_KINDS] = {
	[ANT_O_RONDEL]  = -1,
	[ANT_O_TEMPLE]  = ANT_W_TEMPLE,
	[ANT_O_ARM]     = ANT_W_ARMING,
	[ANT_O_KNOW]    = ANT_W_KNOWHOW,
	[ANT_O_MOVE]    = ANT_W_MANEUVER1,
	[ANT_O_ATTACK]  = ANT_W_MANEUVER1,
	[ANT_O_CONQUER] = ANT_W_MANEUVER1,
	[ANT_O_FOUND]   = -1,
};

int ant_wedge_action(int w)
{
	assert(w >= 0 && w < ANT_NWEDGES);
	return wedge[w].action;
}

int ant_wedge_res(int w)
{
	assert(w >= 0 && w < ANT_NWEDGES);
	return wedge[w].res;
}

int ant_order_wedge(int kind)
{
	assert(kind >= 0 && kind < ANT_NORDER_KINDS);
	return order_wedge[kind];
}

int ant_rondel_steps(int from, int to)
{
	assert(to >= 0 && to < ANT_NWEDGES);
	assert(from == ANT_W_NONE || (from >= 0 && from < ANT_NWEDGES));
	if (from == ANT_W_NONE)
		return 0;
	/* A stone may not stay: its own wedge is a full round, eight steps. */
	return (to - from + ANT_NWEDGES - 1) % ANT_NWEDGES + 1;
}

int ant_rondel_cost(int from, int to)
{
	int steps = ant_rondel_steps(from, to);

	return steps > FREE_STEPS ? steps - FREE_STEPS : 0;
}

/* The wedge nearest ahead of from among those for which want() says yes. */
static int nearest(int from, int (*want)(int w))
{
	int best = -1;

	for (int w = 0; w < ANT_NWEDGES; w++)
		if (want(w) && (best < 0 || ant_rondel_steps(from, w) < ant_rondel_steps(from, best)))
			best = w;
	return best;
}

static int is_maneuver(int w)
{
	return wedge[w].action == ANT_W_MANEUVER1;
}

static int is_production(int w)
{
	return wedge[w].res >= 0;
}

int ant_maneuver_wedge(int from)
{
	/* On the first turn every wedge is free: the first MANEUVER, which
	 * lowest-numbered nearest() picks from a tie. */
	return nearest(from, is_maneuver);
}

int ant_default_wedge(int from)
{
	/* The first turn's default is IRON (RULES.md: every nation starts
	 * with one iron, and iron arms); nearest() gives it from the tie. */
	int w = nearest(from, is_production);

	assert(ant_rondel_cost(from, w) == 0);
	return w;
}
