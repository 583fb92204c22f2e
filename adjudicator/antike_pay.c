/*
 * antike_pay.c - what things cost in Antike and how a nation pays
 * (RULES.md: the know-how prices of RG-VII; payment by RG-V and RG-XII).
 *
 * Every price in the game goes through one function, spend(), that takes
 * one unit at a time in the order the rules give: the resource itself,
 * then a coin (which stands for any resource), then, for a nation with
 * all eight know-hows, two of the resource it holds most (the bank's
 * 2-for-1 exchange).  Working unit by unit on a copy of the nation's
 * stock makes "all or nothing" free: the copy is kept only if the whole
 * bill was paid.  Which resource a default payment or an exchange takes
 * is a fixed rule (the one held most, ties marble, iron, gold) so that a
 * replayed game pays the same.
 */
#include <assert.h>
#include <string.h>

#include "adjudicator/antike_engine.h"

#define ALL_KNOW ((1u << ANT_NKNOW) - 1)

/* Know-how prices (RG-VII): [secondary][new to every nation]. */
static const int know_price[2][2] = {
	{ 3, 7 },              /* basic: known elsewhere, new */
	{ 5, 10 },             /* secondary */
};

int ant_know_price(const struct ant_pos *p, int nation, int k, int *is_new)
{
	int fresh = 1;

	assert(k >= 0 && k < ANT_NKNOW);
	for (int n = 0; n < ANT_MAX_NATIONS; n++)
		if (n != nation && p->nat[n].in_play && (p->nat[n].know & (1u << k)))
			fresh = 0;
	if (is_new)
		*is_new = fresh;
	return know_price[ANT_K_SECONDARY(k)][fresh];
}

/* The resource ns holds most, other than but (ties: marble, iron, gold). */
static int most_held(const struct ant_nation_state *ns, int but)
{
	int best = -1;

	for (int r = 0; r < ANT_NRES; r++)
		if (r != but && (best < 0 || ns->res[r] > ns->res[best]))
			best = r;
	return best;
}

/* Exchanges made while paying: swapped[to][from] units of "to" bought
 * with twice as many of "from". */
struct swaps {
	int swapped[ANT_NRES][ANT_NRES];
};

/* Take amount of r (ANT_COIN: anything) from ns unit by unit; -1 when
 * short (ns is then half spent: callers work on a copy). */
static int spend(struct ant_nation_state *ns, int r, int amount, int paid[ANT_NRES + 1],
                 struct swaps *sw)
{
	for (int i = 0; i < amount; i++) {
		int x = most_held(ns, r == ANT_COIN ? -1 : r);

		if (r == ANT_COIN && ns->res[x] > 0) {
			ns->res[x]--;
			paid[x]++;
		} else if (r != ANT_COIN && ns->res[r] > 0) {
			ns->res[r]--;
			paid[r]++;
		} else if (ns->coins > 0) {
			ns->coins--;
			paid[ANT_COIN]++;
		} else if (r != ANT_COIN && ns->know == ALL_KNOW && ns->res[x] >= 2) {
			ns->res[x] -= 2;
			paid[x] += 2;
			sw->swapped[r][x]++;
		} else {
			return -1;
		}
	}
	return 0;
}

/* The whole bill on a copy of ns; 0, or -1 with *short_of. */
static int spend_bill(struct ant_nation_state *ns, const int bill[ANT_NRES + 1], int any,
                      int paid[ANT_NRES + 1], int *short_of, struct swaps *sw)
{
	memset(paid, 0, sizeof(int) * (ANT_NRES + 1));
	memset(sw, 0, sizeof *sw);
	/* Coins named outright first: nothing else can stand in for them,
	 * while a resource short of its own kind may still take a coin. */
	if (bill[ANT_COIN] > ns->coins) {
		*short_of = ANT_COIN;
		return -1;
	}
	ns->coins -= bill[ANT_COIN];
	paid[ANT_COIN] += bill[ANT_COIN];
	for (int r = 0; r < ANT_NRES; r++)
		if (spend(ns, r, bill[r], paid, sw) < 0) {
			*short_of = r;
			return -1;
		}
	if (spend(ns, ANT_COIN, any, paid, sw) < 0) {
		*short_of = ANT_COIN;
		return -1;
	}
	return 0;
}

static void tell_swaps(const struct swaps *sw, int nation, ant_sink sink, void *arg)
{
	for (int to = 0; to < ANT_NRES; to++)
		for (int from = 0; from < ANT_NRES; from++) {
			struct ant_fact f;
			int n = sw->swapped[to][from];

			if (n == 0)
				continue;
			ant_fact_init(&f, ANT_F_EXCHANGE, nation);
			f.n[0] = 2 * n;
			f.n[1] = from;
			f.n[2] = n;
			f.n[3] = to;
			ant_tell(sink, arg, &f);
		}
}

int ant_pay_bill(struct ant_pos *p, int nation, const int bill[ANT_NRES + 1], int any,
                 int paid[ANT_NRES + 1], int *short_of, ant_sink sink, void *arg)
{
	struct ant_nation_state ns = p->nat[nation];
	struct swaps sw;
	int dummy;

	assert(nation >= 0 && nation < ANT_MAX_NATIONS && any >= 0);
	if (spend_bill(&ns, bill, any, paid, short_of ? short_of : &dummy, &sw) < 0) {
		memset(paid, 0, sizeof(int) * (ANT_NRES + 1));
		return -1;
	}
	p->nat[nation] = ns;
	p->bank_coins += paid[ANT_COIN];
	tell_swaps(&sw, nation, sink, arg);
	return 0;
}

/* ant_pay's one price as a bill. */
static void one_price(int r, int amount, int bill[ANT_NRES + 1], int *any)
{
	memset(bill, 0, sizeof(int) * (ANT_NRES + 1));
	*any = 0;
	if (r == ANT_COIN)
		*any = amount;
	else
		bill[r] = amount;
}

int ant_pay(struct ant_pos *p, int nation, int r, int amount, int paid[ANT_NRES + 1])
{
	int bill[ANT_NRES + 1], any;

	assert(r >= 0 && r <= ANT_COIN && amount >= 0);
	one_price(r, amount, bill, &any);
	return ant_pay_bill(p, nation, bill, any, paid, NULL, NULL, NULL);
}

int ant_can_pay(const struct ant_pos *p, int nation, int r, int amount)
{
	struct ant_nation_state ns = p->nat[nation];
	int bill[ANT_NRES + 1], any, paid[ANT_NRES + 1], short_of;
	struct swaps sw;

	assert(r >= 0 && r <= ANT_COIN && amount >= 0);
	one_price(r, amount, bill, &any);
	return spend_bill(&ns, bill, any, paid, &short_of, &sw) == 0;
}
