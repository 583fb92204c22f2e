/*
 * diceless_struggle.c - the struggle in one area (RULES.md section 5).
 *
 * Each side's chits stand in a line in the order the side wrote them; the
 * first of one line meets the first of the other, the second the second,
 * and so on.  Two ordinary chits are settled by the grid below; a special
 * chit always wins, for the side it favours, whoever placed it (two
 * special chits that meet both win, each for its own side).  A chit with
 * no one left to meet is unopposed.  Every chit still standing then acts
 * for the side it wins for: one step of the area's track that side's way,
 * two for the Star, none for a Void.  Steps of the two sides cancel one
 * for one and the rest move the track, which stops at two counters either
 * way.
 */
#include "adjudicator/diceless.h"

/* grid[a][b]: the duel of a chit of type a against one of type b, for a. */
static const int8_t grid[4][4] = {
	/*              Military     Influence    Coup         Void      */
	[DL_MILITARY]  = { DL_DRAWS, DL_LOSES,    DL_WINS,     DL_WINS  },
	[DL_INFLUENCE] = { DL_WINS,  DL_DRAWS,    DL_LOSES,    DL_WINS  },
	[DL_COUP]      = { DL_LOSES, DL_WINS,     DL_DRAWS,    DL_WINS  },
	[DL_VOID]      = { DL_LOSES, DL_LOSES,    DL_LOSES,    DL_DRAWS },
};

/* Steps a standing chit is worth: the Star counts double, a Void nothing,
 * a special chit one (its type is DL_SPECIAL). */
static int worth(const struct dl_entry *e)
{
	int base = e->as == DL_VOID ? 0 : 1;
	return e->chit == DL_STAR ? 2 * base : base;
}

int dl_duel(int a, int a_star, int b, int b_star)
{
	int r = grid[a][b];

	/* the Star's double value breaks a tie with its own type */
	if (r == DL_DRAWS && a_star != b_star)
		r = a_star ? DL_WINS : DL_LOSES;
	return r;
}

static int opposite(int fate)
{
	return fate == DL_WINS ? DL_LOSES : fate == DL_LOSES ? DL_WINS : fate;
}

/* Settle the meeting of a (side 0's) and b (side 1's). */
static void meet(struct dl_entry *a, struct dl_entry *b)
{
	int sa = a->as == DL_SPECIAL, sb = b->as == DL_SPECIAL;

	if (sa || sb) {
		/* a special chit wins whatever it meets; two both win */
		a->fate = (int8_t)(sa ? DL_WINS : DL_LOSES);
		b->fate = (int8_t)(sb ? DL_WINS : DL_LOSES);
		return;
	}
	a->fate = (int8_t)dl_duel(a->as, a->chit == DL_STAR, b->as, b->chit == DL_STAR);
	b->fate = (int8_t)opposite(a->fate);
}

void dl_struggle(struct dl_struggle *st)
{
	int paired = st->n[0] < st->n[1] ? st->n[0] : st->n[1];
	int net;

	st->actions[0] = st->actions[1] = 0;
	for (int i = 0; i < paired; i++)
		meet(&st->line[0][i], &st->line[1][i]);
	for (int s = 0; s < 2; s++)
		for (int i = 0; i < st->n[s]; i++) {
			struct dl_entry *e = &st->line[s][i];
			if (i >= paired)
				e->fate = DL_UNOPPOSED;
			e->actions = (int8_t)(e->fate == DL_WINS || e->fate == DL_UNOPPOSED ? worth(e) : 0);
			st->actions[e->side] += e->actions;
		}
	net = st->before + st->actions[0] - st->actions[1];
	if (net > DL_MAX_COUNTERS)
		net = DL_MAX_COUNTERS;
	if (net < -DL_MAX_COUNTERS)
		net = -DL_MAX_COUNTERS;
	st->after = (int8_t)net;
}
