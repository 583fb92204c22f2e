/*
 * antike_pos.c - an Antike position's start and the counts a nation
 * stands at (cities, temples, seas, units on the board, personages).
 *
 * Apart from the turn so that everything that only reads or sets up a
 * position links without the maneuver: the economy, the personages and
 * their tests need these, the whole turn needs all of the engine.  The
 * counts are recomputed from the board each time rather than kept in the
 * position, so that a position read from text can never disagree with
 * its own totals.
 */
#include <assert.h>
#include <string.h>

#include "adjudicator/antike_engine.h"

void ant_initial(const struct ant_map *m, int players, struct ant_pos *p)
{
	int nn = players == 2 ? m->two_player_nations : players;
	const struct ant_setup *s;

	assert(nn >= 1 && nn <= ANT_MAX_NATIONS);
	s = &m->setup[nn];
	assert(s->nnations == nn);
	memset(p, 0, sizeof *p);
	p->round = 1;
	p->nnations = nn;
	p->norder = nn;
	p->target = s->target;
	p->winner = -1;
	p->bank_coins = ANT_COINS;
	memcpy(p->bank_person, m->person_stack, sizeof p->bank_person);
	memset(p->owner, -1, sizeof p->owner);
	for (int n = 0; n < ANT_MAX_NATIONS; n++)
		p->nat[n].wedge = ANT_W_NONE;
	for (int i = 0; i < nn; i++) {
		int n = s->order[i];
		struct ant_nation_state *ns = &p->nat[n];

		p->order[i] = (int8_t)n;
		ns->in_play = 1;
		memcpy(ns->res, m->start_res, sizeof ns->res);
		for (int r = 0; r < ANT_NRES; r++)
			if (s->start[n][r] >= 0)
				p->owner[s->start[n][r]] = (int8_t)n;
	}
	/* No coins yet: round 1's are handed out as the first turn begins. */
}

int ant_cities(const struct ant_map *m, const struct ant_pos *p, int nation)
{
	int n = 0;

	for (int i = 0; i < m->nprov; i++)
		n += p->owner[i] == nation;
	return n;
}

int ant_temples(const struct ant_map *m, const struct ant_pos *p, int nation)
{
	int n = 0;

	for (int i = 0; i < m->nprov; i++)
		n += p->owner[i] == nation && p->temple[i];
	return n;
}

/* RULES.md (RESEARCH 4.9): a sea counts while one of the nation's
 * galleys is in it; coastal land does not count. */
int ant_seas(const struct ant_map *m, const struct ant_pos *p, int nation)
{
	int n = 0;

	for (int i = 0; i < m->nprov; i++)
		n += m->prov[i].sea && p->units[i][nation][ANT_GALLEY] > 0;
	return n;
}

int ant_on_board(const struct ant_map *m, const struct ant_pos *p, int nation, int unit)
{
	int n = 0;

	assert(unit >= 0 && unit < ANT_NUNIT);
	for (int i = 0; i < m->nprov; i++)
		n += p->units[i][nation][unit];
	return n;
}

int ant_personages(const struct ant_pos *p, int nation)
{
	int n = 0;

	for (int k = 0; k < ANT_NPERSON; k++)
		n += p->nat[nation].person[k];
	return n;
}
