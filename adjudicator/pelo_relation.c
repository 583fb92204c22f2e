/*
 * pelo_relation.c - who is friendly, neutral or unfriendly to whom.
 *
 * Chapter 2 derives the three relations from the status boxes, but its
 * table is lost; RULES.md 2.3 gives the Judge's, built on one idea: every
 * city-state stands on a side, headed by a dominant city-state or by an
 * independent one, and a relation between two city-states is the relation
 * between their sides.  Computed every time from the boxes rather than
 * stored, so that no action can leave a stale relation behind.  Whose
 * word a city-state's forces follow (pelo_speaker, pelo_decider) is
 * derived here from the same boxes, for the same reason.
 */
#include "adjudicator/pelo_ops.h"

int pelo_side(const struct pelo_map *m, const struct pelo_pos *p, int c)
{
	const struct pelo_status *st = &p->status[c];

	if (m->city[c].class == PELO_MAJOR)
		return st->box == PELO_BOX_PARTNER && st->of != PELO_NONE &&
		       p->status[st->of].box == PELO_BOX_DOMINANT ? st->of : c;
	if ((st->box == PELO_BOX_ALLY || st->box == PELO_BOX_TRIBUTARY) && st->of != PELO_NONE)
		return pelo_side(m, p, st->of);
	return c;
}

const struct pelo_treaty *pelo_treaty_between(const struct pelo_pos *p, int a, int b)
{
	for (int i = 0; i < p->ntreaties; i++) {
		const struct pelo_treaty *t = &p->treaty[i];
		if ((t->a == a && t->b == b) || (t->a == b && t->b == a))
			return t;
	}
	return NULL;
}

/* 1 if side head h stands in an Enemies box of side head k's side. */
static int at_war_with(const struct pelo_map *m, const struct pelo_pos *p, int h, int k)
{
	const struct pelo_status *st = &p->status[h];

	return (st->box == PELO_BOX_AT_WAR || st->box == PELO_BOX_ENEMY) && st->of != PELO_NONE &&
	       pelo_side(m, p, st->of) == k;
}

enum pelo_relation pelo_relation(const struct pelo_map *m, const struct pelo_pos *p, int a, int b)
{
	int sa = pelo_side(m, p, a), sb = pelo_side(m, p, b);

	if (sa == sb)
		return PELO_FRIENDLY;
	if (pelo_treaty_between(p, sa, sb))
		return PELO_NEUTRAL;
	/* two coalitions: the war of 431 is theirs, and the boxes have no
	 * marker for it */
	if (p->status[sa].box == PELO_BOX_DOMINANT && p->status[sb].box == PELO_BOX_DOMINANT)
		return PELO_UNFRIENDLY;
	if (at_war_with(m, p, sa, sb) || at_war_with(m, p, sb, sa))
		return PELO_UNFRIENDLY;
	return PELO_NEUTRAL;
}

enum pelo_relation pelo_space_relation(const struct pelo_map *m, const struct pelo_pos *p, int s, int c)
{
	int holder = p->control[s];
	enum pelo_relation r;

	if (holder == PELO_NONE)
		return PELO_NEUTRAL;
	r = pelo_relation(m, p, holder, c);
	if (!p->rebellion[s])
		return r;
	/* rebels turn against their master and its friends, and towards
	 * its enemies (seed 000) */
	return r == PELO_FRIENDLY ? PELO_UNFRIENDLY : r == PELO_UNFRIENDLY ? PELO_FRIENDLY : PELO_NEUTRAL;
}

int pelo_major_active(const struct pelo_map *m, const struct pelo_pos *p, int c)
{
	return c >= 0 && c < m->ncities && m->city[c].class == PELO_MAJOR &&
	       p->surrendered_to[c] == PELO_NONE;
}

void pelo_set_box(struct pelo_pos *p, int c, int box, int of)
{
	p->status[c].box = (int8_t)box;
	p->status[c].of = (int8_t)of;
}

int pelo_speaker(const struct pelo_map *m, const struct pelo_pos *p, int c)
{
	const struct pelo_status *st = &p->status[c];

	if (m->city[c].class == PELO_MAJOR)
		return c;
	if ((st->box == PELO_BOX_ALLY || st->box == PELO_BOX_TRIBUTARY) && st->of != PELO_NONE)
		return st->of;
	/* a major does not command the minor its own side attacks: Corinth
	 * does not decide Syracuse's defence against Corinth's coalition */
	if (st->sympathetic == PELO_NONE || pelo_relation(m, p, c, st->sympathetic) == PELO_UNFRIENDLY)
		return PELO_NONE;
	return st->sympathetic;
}

int pelo_decider(const struct pelo_map *m, const struct pelo_pos *p, int head,
                 const int sps[PELO_MAX_CITIES])
{
	int by[PELO_MAX_CITIES] = { 0 }, best = pelo_speaker(m, p, head);

	for (int c = 0; c < m->ncities; c++) {
		int spk;
		if (sps[c] && pelo_side(m, p, c) == head && (spk = pelo_speaker(m, p, c)) != PELO_NONE)
			by[spk] += sps[c];
	}
	/* the head's speaker keeps ties: it leads the side */
	for (int c = 0; c < m->ncities; c++)
		if (by[c] > (best == PELO_NONE ? 0 : by[best]))
			best = c;
	return best;
}
