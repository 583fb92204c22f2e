/*
 * pw_relation.c - who is friendly, neutral or unfriendly to whom.
 *
 * Chapter 2 derives the three relations from the status boxes, but its
 * table is lost; RULES.md 2.3 gives the Judge's, built on one idea: every
 * city-state stands on a side, headed by a dominant city-state or by an
 * independent one, and a relation between two city-states is the relation
 * between their sides.  Computed every time from the boxes rather than
 * stored, so that no action can leave a stale relation behind.
 */
#include "adjudicator/pw_ops.h"

int pw_side(const struct pw_map *m, const struct pw_pos *p, int c)
{
	const struct pw_status *st = &p->status[c];

	if (m->city[c].class == PW_MAJOR)
		return st->box == PW_BOX_PARTNER && st->of != PW_NONE &&
		       p->status[st->of].box == PW_BOX_DOMINANT ? st->of : c;
	if ((st->box == PW_BOX_ALLY || st->box == PW_BOX_TRIBUTARY) && st->of != PW_NONE)
		return pw_side(m, p, st->of);
	return c;
}

const struct pw_treaty *pw_treaty_between(const struct pw_pos *p, int a, int b)
{
	for (int i = 0; i < p->ntreaties; i++) {
		const struct pw_treaty *t = &p->treaty[i];
		if ((t->a == a && t->b == b) || (t->a == b && t->b == a))
			return t;
	}
	return NULL;
}

/* 1 if side head h stands in an Enemies box of side head k's side. */
static int at_war_with(const struct pw_map *m, const struct pw_pos *p, int h, int k)
{
	const struct pw_status *st = &p->status[h];

	return (st->box == PW_BOX_AT_WAR || st->box == PW_BOX_ENEMY) && st->of != PW_NONE &&
	       pw_side(m, p, st->of) == k;
}

enum pw_relation pw_relation(const struct pw_map *m, const struct pw_pos *p, int a, int b)
{
	int sa = pw_side(m, p, a), sb = pw_side(m, p, b);

	if (sa == sb)
		return PW_FRIENDLY;
	if (pw_treaty_between(p, sa, sb))
		return PW_NEUTRAL;
	/* two coalitions: the war of 431 is theirs, and the boxes have no
	 * marker for it */
	if (p->status[sa].box == PW_BOX_DOMINANT && p->status[sb].box == PW_BOX_DOMINANT)
		return PW_UNFRIENDLY;
	if (at_war_with(m, p, sa, sb) || at_war_with(m, p, sb, sa))
		return PW_UNFRIENDLY;
	return PW_NEUTRAL;
}

enum pw_relation pw_space_relation(const struct pw_map *m, const struct pw_pos *p, int s, int c)
{
	int holder = p->control[s];
	enum pw_relation r;

	if (holder == PW_NONE)
		return PW_NEUTRAL;
	r = pw_relation(m, p, holder, c);
	if (!p->rebellion[s])
		return r;
	/* rebels turn against their master and its friends, and towards
	 * its enemies (seed 000) */
	return r == PW_FRIENDLY ? PW_UNFRIENDLY : r == PW_UNFRIENDLY ? PW_FRIENDLY : PW_NEUTRAL;
}

int pw_major_active(const struct pw_map *m, const struct pw_pos *p, int c)
{
	return c >= 0 && c < m->ncities && m->city[c].class == PW_MAJOR &&
	       p->surrendered_to[c] == PW_NONE;
}

void pw_set_box(struct pw_pos *p, int c, int box, int of)
{
	p->status[c].box = (int8_t)box;
	p->status[c].of = (int8_t)of;
}

int pw_speaker(const struct pw_map *m, const struct pw_pos *p, int c)
{
	const struct pw_status *st = &p->status[c];

	if (m->city[c].class == PW_MAJOR)
		return c;
	if ((st->box == PW_BOX_ALLY || st->box == PW_BOX_TRIBUTARY) && st->of != PW_NONE)
		return st->of;
	return st->sympathetic;
}
