/*
 * lifecycle.c - the game's statuses and their transitions (lifecycle.h
 * has the diagram): a table of the moves allowed, and one function that
 * makes them.
 */
#include <string.h>

#include "judge/lifecycle.h"
#include "judge/store.h"

static const char *const names[GS_NSTATUS] = {
	[GS_FORMING] = "forming",
	[GS_ACTIVE] = "active",
	[GS_PAUSED] = "paused",
	[GS_SUSPENDED] = "suspended",
	[GS_FINISHED] = "finished",
	[GS_TERMINATED] = "terminated",
};

/* allowed[from] is the set of statuses a game may move to from there. */
#define TO(s) (1u << (s))
static const unsigned allowed[GS_NSTATUS] = {
	[GS_FORMING] = TO(GS_ACTIVE) | TO(GS_TERMINATED),
	[GS_ACTIVE] = TO(GS_PAUSED) | TO(GS_SUSPENDED) | TO(GS_FINISHED) | TO(GS_TERMINATED),
	[GS_PAUSED] = TO(GS_ACTIVE) | TO(GS_SUSPENDED) | TO(GS_TERMINATED),
	[GS_SUSPENDED] = TO(GS_ACTIVE) | TO(GS_TERMINATED),
	[GS_FINISHED] = TO(GS_ACTIVE),     /* ROLLBACK of the phase that ended it */
	[GS_TERMINATED] = 0,
};

const char *status_name(enum game_status s)
{
	return s < GS_NSTATUS ? names[s] : "?";
}

int status_by_name(const char *name)
{
	for (int s = 0; s < GS_NSTATUS; s++)
		if (!strcmp(names[s], name))
			return s;
	return -1;
}

int status_in_play(enum game_status s)
{
	return s == GS_ACTIVE || s == GS_PAUSED;
}

int game_transition(struct game *g, enum game_status to, long long now)
{
	enum game_status from = g->status;

	if (!(allowed[from] & TO(to)))
		return fail("game %s is %s and cannot become %s", g->name, names[from], names[to]);
	if (from == GS_ACTIVE && (to == GS_PAUSED || to == GS_SUSPENDED)) {
		/* the clock stops: keep what was left of it */
		g->paused_left = g->deadline > now ? g->deadline - now : 0;
	} else if ((from == GS_PAUSED || from == GS_SUSPENDED) && to == GS_ACTIVE) {
		g->deadline = now + (g->paused_left > 3600 ? g->paused_left : 3600);
		g->paused_left = 0;
		g->reminded = -1;
	}
	g->status = to;
	return 0;
}
