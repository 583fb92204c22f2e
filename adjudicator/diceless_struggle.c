/*
 * diceless_struggle.c - the struggle in one area (RULES.md section 5).
 *
 * Each side's ordinary chits stand in a line in the order the side wrote
 * them; the first of one line meets the first of the other, the second
 * the second, and so on, each pair settled by the grid below.  A chit
 * with no one left to meet is unopposed.  Every chit still standing then
 * acts for its side: one step of the area's track its side's way, two for
 * the Star, none for a Void.  Special chits never meet anyone: each is one
 * step for the side it favours, whoever placed it.  Steps of the two sides
 * cancel one for one and the rest move the track, which stops at two
 * counters either way.
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

/* Steps a standing chit is worth: the Star counts double, a Void nothing. */
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

void dl_struggle(struct dl_struggle *st)
{
	int paired = st->n[0] < st->n[1] ? st->n[0] : st->n[1];
	int net;

	st->actions[0] = st->actions[1] = 0;
	for (int i = 0; i < paired; i++) {
		struct dl_entry *a = &st->line[0][i], *b = &st->line[1][i];
		a->fate = (int8_t)dl_duel(a->as, a->chit == DL_STAR, b->as, b->chit == DL_STAR);
		b->fate = (int8_t)opposite(a->fate);
	}
	for (int s = 0; s < 2; s++)
		for (int i = 0; i < st->n[s]; i++) {
			struct dl_entry *e = &st->line[s][i];
			if (i >= paired)
				e->fate = DL_UNOPPOSED;
			e->actions = (int8_t)(e->fate == DL_WINS || e->fate == DL_UNOPPOSED ? worth(e) : 0);
			st->actions[s] += e->actions;
		}
	for (int i = 0; i < st->nspecial; i++) {
		struct dl_entry *e = &st->special[i];
		e->fate = DL_ACTS;
		e->actions = 1;
		st->actions[e->side]++;
	}
	net = st->before + st->actions[0] - st->actions[1];
	if (net > DL_MAX_COUNTERS)
		net = DL_MAX_COUNTERS;
	if (net < -DL_MAX_COUNTERS)
		net = -DL_MAX_COUNTERS;
	st->after = (int8_t)net;
}
