/*
 * antike_personages.c - personages and the end of an Antike game
 * (RULES.md, after RG-IV and RG-VII): what the active nation has earned
 * by the end of its turn, and whether it has won.
 *
 * The three kinds won at thresholds (kings for cities, citizens for
 * temples, navigators for seas) are one table and one loop: a threshold
 * once paid stays paid (the position keeps how many), so a nation that
 * falls back below it and climbs again earns nothing new (RG-IV).  An
 * empty stack still marks the threshold paid, so that a card returned
 * later (none is, but the rule should not depend on it) is not owed.
 * Only the active nation is looked at: every threshold moves by its own
 * actions (RULES.md).
 */
#include <assert.h>
#include <stddef.h>

#include "adjudicator/antike_engine.h"

#define ALL_KNOW ((1u << ANT_NKNOW) - 1)
#define SUDDEN_DEATH_NATIONS 5     /* RG-IV: with 5 or 6 nations */

static int8_t *kings_paid(struct ant_nation_state *ns) { return &ns->kings_paid; }
static int8_t *citizens_paid(struct ant_nation_state *ns) { return &ns->citizens_paid; }
static int8_t *navigators_paid(struct ant_nation_state *ns) { return &ns->navigators_paid; }

static const struct {
	int8_t kind, why;
	int step;                                  /* one personage every step */
	int (*count)(const struct ant_map *, const struct ant_pos *, int);
	int8_t *(*paid)(struct ant_nation_state *);
} threshold[] = {
	{ ANT_P_KING, ANT_WHY_CITIES, 5, ant_cities, kings_paid },
	{ ANT_P_CITIZEN, ANT_WHY_TEMPLES, 3, ant_temples, citizens_paid },
	{ ANT_P_NAVIGATOR, ANT_WHY_SEAS, 7, ant_seas, navigators_paid },
};

/* Hand nation one personage of kind, or tell that none is left. */
static void give(struct ant_pos *p, int nation, int kind, int why, int figure, ant_sink sink, void *arg)
{
	struct ant_fact f;

	if (p->bank_person[kind] > 0) {
		p->bank_person[kind]--;
		p->nat[nation].person[kind]++;
		ant_fact_init(&f, ANT_F_PERSONAGE, nation);
	} else {
		ant_fact_init(&f, ANT_F_PERSONAGE_NONE, nation);
	}
	f.n[0] = kind;
	f.n[1] = why;
	f.n[2] = figure;
	ant_tell(sink, arg, &f);
}

/* RG-VII: the largest stack; ties in the order king, scholar, general,
 * citizen, navigator (RULES.md), which is enum ant_person's (all empty:
 * the king's, which give() then tells is out). */
static int largest_stack(const struct ant_pos *p)
{
	int best = 0;

	for (int k = 1; k < ANT_NPERSON; k++)
		if (p->bank_person[k] > p->bank_person[best])
			best = k;
	return best;
}

static int all_out(const struct ant_pos *p)
{
	return p->bank_person[largest_stack(p)] == 0;
}

static void win(struct ant_pos *p, int nation, int by_temple, ant_sink sink, void *arg)
{
	struct ant_fact f;

	p->over = 1;
	p->winner = (int8_t)nation;
	ant_fact_init(&f, ANT_F_VICTORY, nation);
	f.n[0] = ant_personages(p, nation);
	f.n[1] = p->target;
	f.n[2] = by_temple;
	ant_tell(sink, arg, &f);
}

void ant_award(const struct ant_map *m, struct ant_pos *p, int nation, unsigned first_know,
               const struct ant_maneuver *mv, ant_sink sink, void *arg)
{
	struct ant_nation_state *ns = &p->nat[nation];
	int sudden_before = p->sudden_death;
	int destroyed = mv ? mv->temples_destroyed : 0;

	assert(nation >= 0 && nation < ANT_MAX_NATIONS && ns->in_play);
	for (size_t t = 0; t < sizeof threshold / sizeof threshold[0]; t++) {
		int reached = threshold[t].count(m, p, nation) / threshold[t].step;
		int8_t *paid = threshold[t].paid(ns);

		while (*paid < reached) {
			++*paid;
			give(p, nation, threshold[t].kind, threshold[t].why,
			     *paid * threshold[t].step, sink, arg);
		}
	}
	for (int k = 0; k < ANT_NKNOW; k++)
		if (first_know & (1u << k))
			give(p, nation, ANT_P_SCHOLAR, ANT_WHY_FIRST_KNOW, k, sink, arg);
	for (int i = 0; i < destroyed; i++)
		give(p, nation, ANT_P_GENERAL, ANT_WHY_TEMPLE_DESTROYED, mv->destroyed_at[i], sink, arg);
	if (ns->know == ALL_KNOW && !ns->all_know_paid) {
		ns->all_know_paid = 1;
		give(p, nation, largest_stack(p), ANT_WHY_ALL_KNOW, ANT_NKNOW, sink, arg);
	}

	if (ant_personages(p, nation) >= p->target)
		win(p, nation, 0, sink, arg);
	else if (sudden_before && destroyed > 0)
		win(p, nation, 1, sink, arg);
	if (!p->over && !p->sudden_death && p->nnations >= SUDDEN_DEATH_NATIONS && all_out(p)) {
		struct ant_fact f;

		p->sudden_death = 1;
		ant_fact_init(&f, ANT_F_ALL_OUT, nation);   /* whose turn took the last */
		ant_tell(sink, arg, &f);
	}
}
