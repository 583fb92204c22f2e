/*
 * pelo_leaders.c - leaders (chapter 8; RULES.md 8): who is free to lead, who
 * is chosen, who leads a side in battle, death, and going home.
 *
 * A leader is either at home, free, or with an army in a space
 * (pelo_pos.leader_at); an army keeps its leader until no SP of its side is
 * left in that space, so the position alone says who leads what.  The
 * choice rules of 3.2.1 are lost; RULES.md 8.2 gives the Judge's, and
 * every function here is one of them.
 */
#include <assert.h>

#include "adjudicator/pelo_ops.h"

const char *pelo_leader_name(const struct pelo_scenario *sc, int l)
{
	return l >= 0 && l < sc->nleaders ? sc->leader[l].name : "no leader";
}

int pelo_leader_free(const struct pelo_scenario *sc, const struct pelo_pos *p, int l)
{
	const struct pelo_leader *L = &sc->leader[l];

	return !p->leader_dead[l] && p->leader_at[l] == PELO_NONE && p->turn >= L->from &&
	       p->turn <= L->to;
}

/* 1 if leader a is the better choice than b (PELO_NONE): battle rating,
 * then the lower bravery (he is less likely to fall), then the
 * scenario's order. */
static int better(const struct pelo_scenario *sc, int a, int b)
{
	const struct pelo_leader *A = &sc->leader[a], *B;

	if (b == PELO_NONE)
		return 1;
	B = &sc->leader[b];
	if (A->battle != B->battle)
		return A->battle > B->battle;
	if (A->bravery != B->bravery)
		return A->bravery < B->bravery;
	return a < b;
}

static_assert(PELO_MAX_LEADERS <= 64, "a leader set is one uint64_t");

int pelo_leader_pick(const struct pelo_scenario *sc, const struct pelo_pos *p, int c, uint64_t kept)
{
	int best = PELO_NONE, spare = PELO_NONE;

	for (int l = 0; l < sc->nleaders; l++) {
		if (sc->leader[l].city != c || !pelo_leader_free(sc, p, l))
			continue;
		if (better(sc, l, best))
			best = l;
		if (!(kept >> l & 1) && better(sc, l, spare))
			spare = l;
	}
	/* a kept leader only when no other is free: the army marches
	 * rather than wait for an order that may never be carried out */
	return spare != PELO_NONE ? spare : best;
}

int pelo_leader_at(const struct pelo_map *m, const struct pelo_scenario *sc, const struct pelo_pos *p,
                 int head, int s)
{
	int best = PELO_NONE;

	for (int l = 0; l < sc->nleaders; l++)
		if (p->leader_at[l] == s && !p->leader_dead[l] &&
		    pelo_side(m, p, sc->leader[l].city) == head && better(sc, l, best))
			best = l;
	return best;
}

void pelo_leader_kill(struct pelo_pos *p, int l, struct pelo_facts *out)
{
	if (l == PELO_NONE)
		return;
	p->leader_dead[l] = 1;
	p->leader_at[l] = PELO_NONE;
	pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_LEADER_KILLED, .leader = l });
}

void pelo_leaders_home(const struct pelo_map *m, const struct pelo_scenario *sc, struct pelo_pos *p)
{
	for (int l = 0; l < sc->nleaders; l++) {
		int s = p->leader_at[l], h;
		if (s == PELO_NONE)
			continue;
		h = pelo_side(m, p, sc->leader[l].city);
		/* home again: free to lead another army */
		if (s == m->city[sc->leader[l].city].home ||
		    (!pelo_side_sp(m, p, h, s, PELO_HOPLITE) && !pelo_side_sp(m, p, h, s, PELO_CAVALRY) &&
		     !pelo_side_sp(m, p, h, s, PELO_NAVAL_SP)))
			p->leader_at[l] = PELO_NONE;
	}
}
