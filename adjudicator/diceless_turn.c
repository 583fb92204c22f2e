/*
 * diceless_turn.c - adjudicating a phase: the set-up, each turn, and the
 * Delphi phase before a turn (RULES.md sections 3, 6 to 9).  A turn runs
 * in this order:
 *
 *   1. each side's orders are checked again and its placements taken;
 *   2. the chits a side did not place: one is kept (the one it named, else
 *      one drawn at random with its key), ordinary chits go back to the
 *      cup, its own special chits are retired unused, and special chits
 *      favouring the enemy are placed by the Judge in random areas;
 *   3. every area with chits in it has its struggle;
 *   4. special chits and the Star that were played leave the game;
 *   5. victory is checked;
 *   6. the hands for the next turn are drawn, each side's with its own
 *      game key, from the one cup (Athens first, Sparta from what is
 *      left).
 *
 * The set-up's results draw the hands of turn 1 the same way.  When a side
 * holds the oracle as hands are drawn, a Delphi phase follows before the
 * turn: its holder may throw back one chit of its hand, and draws a
 * replacement with its key (stream "delphi" of the turn) from the cup
 * without the chit thrown back, which returns to the cup afterwards.
 *
 * What the results show comes from the phase's seed; what must stay
 * secret (the hands, and so the chit each side keeps) from the keys.
 */
#include <string.h>

#include "adjudicator/diceless.h"

void dl_initial(const struct dl_map *m, struct dl_position *p)
{
	memset(p, 0, sizeof *p);
	p->phase = DL_PH_SETUP;
	p->winner = DL_NONE;
	for (int s = 0; s < 2; s++)
		p->track[m->side[s].city] = (int8_t)dl_sign(s);
}

/* Draw the hands of turn np->turn: side 0 first, then side 1 from what is
 * left, each m->draw chits (n of them at the first turn) with its own key
 * (stream "hand" of that turn).  Then the turn begins, or its Delphi phase
 * if a side holds the oracle. */
static void deal(const struct dl_map *m, struct dl_position *np, int n,
                 const struct dl_chance *chance, struct dl_outcome *out)
{
	uint8_t cup[DL_MAX_KINDS];

	dl_cup(m, np, cup);
	out->cupsize = dl_cup_size(m, cup);
	out->dealt = 1;
	for (int side = 0; side < 2; side++) {
		struct chance_stream s;
		chance_init_turn(&s, chance->key[side], "hand", np->turn);
		np->drawn[side].n = 0;
		for (int i = 0; i < n; i++) {
			int k = dl_draw_chit(m, cup, &s);
			if (k == DL_NONE)
				break;
			dl_hand_add(&np->hand[side], k);
			if (np->drawn[side].n < DL_MAX_HAND)
				np->drawn[side].chit[np->drawn[side].n++] = (uint8_t)k;
		}
		out->ndrawn[side] = np->drawn[side].n;
	}
	np->phase = dl_oracle_holder(m, np) == DL_NONE ? DL_PH_TURN : DL_PH_DELPHI;
}

static void adjudicate_setup(const struct dl_map *m, const struct dl_position *p,
                             const struct dl_orders orders[2], const struct dl_chance *chance,
                             struct dl_outcome *out, struct dl_position *np)
{
	for (int s = 0; s < 2; s++) {
		struct dl_orders sofar = { 1, 0, { { 0, 0, 0, 0 } } };
		char why[160];
		out->setup_choice[s] = DL_NONE;
		for (int i = 0; i < orders[s].n; i++)
			if (!dl_check_order(m, p, s, &sofar, &orders[s].o[i], why, sizeof why)) {
				sofar.o[sofar.n++] = orders[s].o[i];
				out->setup_choice[s] = orders[s].o[i].area;
			}
		/* a silent side reinforces its own city */
		out->setup_area[s] = out->setup_choice[s] != DL_NONE ? out->setup_choice[s]
		                                                     : m->side[s].city;
	}
	if (out->setup_area[0] == out->setup_area[1]) {
		/* both want the same area: the Gods' Support toss gives it to
		 * one, the other reinforces its own city */
		struct chance_stream st;
		chance_init(&st, chance->seed, "toss");
		out->toss = chance_below(&st, 2);
		out->setup_area[1 - out->toss] = m->side[1 - out->toss].city;
	}
	for (int s = 0; s < 2; s++)
		np->track[out->setup_area[s]] = (int8_t)(np->track[out->setup_area[s]] + dl_sign(s));
	np->turn = 1;
	deal(m, np, m->first_hand, chance, out);
}

/* Take side's valid orders into out: its placements, and the chit it
 * keeps (out->kept).  Returns the chits of its hand it neither placed nor
 * kept. */
static struct dl_hand take_orders(const struct dl_map *m, const struct dl_position *p, int side,
                                  const struct dl_orders *orders, struct dl_outcome *out)
{
	struct dl_orders sofar = { 1, 0, { { 0, 0, 0, 0 } } };
	struct dl_hand left = p->hand[side];
	char why[160];

	for (int i = 0; i < orders->n && sofar.n < DL_MAX_ORDERS; i++) {
		const struct dl_order *o = &orders->o[i];
		if (dl_check_order(m, p, side, &sofar, o, why, sizeof why))
			continue;
		sofar.o[sofar.n++] = *o;
		dl_hand_remove(&left, o->chit);
		if (o->verb == DL_PLACE)
			out->play[side][out->nplay[side]++] = *o;
		else if (o->verb == DL_KEEP)
			out->kept[side] = o->chit;
	}
	return left;
}

/* Settle the chits side left in its hand (step 2): a chit kept at random
 * is chosen with the side's own key (stream "keep" of the turn), since
 * the results do not say which it is; the areas of the Judge's
 * placements, which they show, with the phase's seed (place). */
static void leftovers(const struct dl_map *m, int side, struct dl_hand left, int turn,
                      const struct dl_chance *chance, struct chance_stream *place,
                      struct dl_outcome *out, struct dl_position *np)
{
	if (out->kept[side] == DL_NONE && left.n) {
		struct chance_stream keep;
		int i = 0;
		if (left.n > 1) {
			chance_init_turn(&keep, chance->key[side], "keep", turn);
			i = chance_below(&keep, left.n);
		}
		out->kept[side] = left.chit[i];
		out->kept_at_random[side] = left.n > 1;
		dl_hand_remove(&left, left.chit[i]);
	}
	np->hand[side].n = 0;
	if (out->kept[side] != DL_NONE)
		dl_hand_add(&np->hand[side], out->kept[side]);
	for (int i = 0; i < left.n; i++) {
		const struct dl_kind *k = &m->kind[left.chit[i]];
		if (k->type != DL_SPECIAL) {
			dl_hand_add(&out->returned[side], left.chit[i]);
		} else if (k->favours == side) {
			dl_hand_add(&out->wasted[side], left.chit[i]);
		} else if (out->njudge < 2 * DL_MAX_HAND) {
			struct dl_entry *e = &out->judge[out->njudge];
			memset(e, 0, sizeof *e);
			e->chit = (int8_t)left.chit[i];
			e->as = DL_SPECIAL;
			e->placer = (int8_t)side;
			e->side = k->favours;
			e->judge = 1;
			out->judge_area[out->njudge++] = (int8_t)chance_below(place, m->nareas);
		}
	}
}

/* Append e to the line of its placer in st, if there is room. */
static void line_up(struct dl_struggle *st, const struct dl_entry *e)
{
	if (st->n[e->placer] < DL_MAX_LINE)
		st->line[e->placer][st->n[e->placer]++] = *e;
}

/* Gather the chits in area a into st: each side's in the order written,
 * then those the Judge placed for it.  Returns the number of chits. */
static int gather(const struct dl_map *m, int a, const struct dl_outcome *out,
                  const struct dl_position *p, struct dl_struggle *st)
{
	memset(st, 0, sizeof *st);
	st->area = (int8_t)a;
	st->before = p->track[a];
	for (int s = 0; s < 2; s++)
		for (int i = 0; i < out->nplay[s]; i++) {
			const struct dl_order *o = &out->play[s][i];
			const struct dl_kind *k = &m->kind[o->chit];
			struct dl_entry e = { o->chit, o->as, (int8_t)s, (int8_t)s, 0, 0, 0 };
			if (o->area != a)
				continue;
			if (k->type == DL_SPECIAL)
				e.side = k->favours;
			line_up(st, &e);
		}
	for (int j = 0; j < out->njudge; j++)
		if (out->judge_area[j] == a)
			line_up(st, &out->judge[j]);
	return st->n[0] + st->n[1];
}

/* The seed's Special chits, the Star among them ("This Chit is a Special
 * chit"), are "retired after the use"; the others go back to the cup. */
static void retire(const struct dl_map *m, int kind, struct dl_outcome *out, struct dl_position *np)
{
	if (m->kind[kind].type != DL_SPECIAL && m->kind[kind].type != DL_STAR)
		return;
	np->retired[kind]++;
	dl_hand_add(&out->retired, kind);
}

static void adjudicate_turn(const struct dl_map *m, const struct dl_position *p,
                            const struct dl_orders orders[2], const struct dl_chance *chance,
                            struct dl_outcome *out, struct dl_position *np)
{
	struct chance_stream place;
	struct dl_hand left[2];

	chance_init(&place, chance->seed, "place");
	for (int s = 0; s < 2; s++)
		left[s] = take_orders(m, p, s, &orders[s], out);
	for (int s = 0; s < 2; s++)
		leftovers(m, s, left[s], p->turn, chance, &place, out, np);

	for (int a = 0; a < m->nareas; a++) {
		struct dl_struggle *st = &out->struggle[out->nstruggle];
		if (!gather(m, a, out, p, st))
			continue;
		dl_struggle(st);
		np->track[a] = st->after;
		out->nstruggle++;
	}
	for (int s = 0; s < 2; s++) {
		for (int i = 0; i < out->nplay[s]; i++)
			retire(m, out->play[s][i].chit, out, np);
		for (int i = 0; i < out->wasted[s].n; i++)
			retire(m, out->wasted[s].chit[i], out, np);
	}
	for (int j = 0; j < out->njudge; j++)
		retire(m, out->judge[j].chit, out, np);

	np->drawn[0].n = np->drawn[1].n = 0;
	dl_score(m, np, out->areas, out->counters, out->need);
	out->end = dl_victory(m, np, &out->winner);
	if (out->end != DL_GOES_ON) {
		np->phase = DL_PH_OVER;
		np->winner = (int8_t)out->winner;
		return;
	}
	np->turn = (int8_t)(p->turn + 1);
	deal(m, np, m->draw, chance, out);
}

/* The Delphi phase: the holder's DISCARD, if it sent one, throws that chit
 * back; the replacement is drawn with the holder's key from the cup as it
 * stands, the chit thrown back still out of it (so the oracle never hands
 * back the same chit), and is part of the hand for this turn. */
static void adjudicate_delphi(const struct dl_map *m, const struct dl_position *p,
                              const struct dl_orders orders[2], const struct dl_chance *chance,
                              struct dl_outcome *out, struct dl_position *np)
{
	int h = dl_oracle_holder(m, p);
	struct dl_orders sofar = { 1, 0, { { 0, 0, 0, 0 } } };
	uint8_t cup[DL_MAX_KINDS];
	struct chance_stream s;
	char why[160];

	np->phase = DL_PH_TURN;
	out->oracle_holder = h;
	if (h == DL_NONE)
		return;
	for (int i = 0; i < orders[h].n && out->discarded[h] == DL_NONE; i++)
		if (!dl_check_order(m, p, h, &sofar, &orders[h].o[i], why, sizeof why))
			out->discarded[h] = orders[h].o[i].chit;
	if (out->discarded[h] == DL_NONE)
		return;
	dl_cup(m, p, cup);              /* the chit thrown back is still in the hand */
	out->delphi_cup = dl_cup_size(m, cup);
	chance_init_turn(&s, chance->key[h], "delphi", p->turn);
	out->replacement = dl_draw_chit(m, cup, &s);
	dl_hand_remove(&np->hand[h], out->discarded[h]);
	dl_hand_remove(&np->drawn[h], out->discarded[h]);
	if (out->replacement == DL_NONE)
		return;
	dl_hand_add(&np->hand[h], out->replacement);
	if (np->drawn[h].n < DL_MAX_HAND)
		np->drawn[h].chit[np->drawn[h].n++] = (uint8_t)out->replacement;
}

void dl_adjudicate(const struct dl_map *m, const struct dl_position *p,
                   const struct dl_orders orders[2], const struct dl_chance *chance,
                   struct dl_outcome *out, struct dl_position *np)
{
	memset(out, 0, sizeof *out);
	*np = *p;
	out->phase = p->phase;
	out->turn = p->turn;
	out->toss = out->winner = out->oracle_holder = out->replacement = DL_NONE;
	for (int s = 0; s < 2; s++) {
		out->given[s] = orders[s].given;
		out->kept[s] = out->discarded[s] = DL_NONE;
	}
	if (p->phase == DL_PH_SETUP)
		adjudicate_setup(m, p, orders, chance, out, np);
	else if (p->phase == DL_PH_TURN)
		adjudicate_turn(m, p, orders, chance, out, np);
	else if (p->phase == DL_PH_DELPHI)
		adjudicate_delphi(m, p, orders, chance, out, np);
}
