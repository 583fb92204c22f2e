/*
 * antike_economy.c - the peaceful actions of an Antike turn (RULES.md,
 * after RG-V, RG-VI, RG-VII and RG-SR): the coins of each round,
 * production, temples, arming, buying know-hows, and founding cities.
 *
 * Each order is checked against the position as it stands when its turn
 * comes (an order right when it arrived may have become impossible), and
 * is carried out whole or skipped whole with the reason told: a partial
 * ARM or FOUND would leave the player guessing which part happened.
 * Every ant_do_* returns 0 when the order was carried out, 1 when it was
 * skipped and told (an outcome, not a failure: error.h), as the
 * maneuver's do.  Prices are paid through ant_pay_bill, so resources,
 * coins and the 2-for-1 exchange follow one rule everywhere.  The round's
 * coins live here too, beside the other income, so that these tests link
 * without the maneuver that antike_turn.c calls.
 */
#include <assert.h>
#include <string.h>

#include "adjudicator/antike_engine.h"

#define TEMPLE_MARBLE 5        /* RG-VI: a temple costs five marble */
#define ARM_IRON 1             /* RG-VI: a unit costs one iron */
#define CITY_MADE 1            /* RG-VI: a city makes one, or three with a temple */
#define TEMPLE_MADE 3
#define ARM_PLAIN 1            /* RG-VI: new units per turn in a province */
#define ARM_TEMPLE 3

/* RG-VI / RG-SR: MARKET and CURRENCY add to each production action
 * (RULES.md: per action, not per city, and with no city of the kind). */
static const struct {
	int8_t know;
	int8_t bonus;
} market[] = {
	{ ANT_K_CURRENCY, 2 },     /* the secondary first: it replaces the basic */
	{ ANT_K_MARKET, 1 },
};

static int owns(const struct ant_pos *p, int nation, int k)
{
	return (p->nat[nation].know >> k) & 1;
}

static void tell_paid(struct ant_fact *f, int from, const int paid[ANT_NRES + 1])
{
	for (int r = 0; r <= ANT_NRES; r++)
		f->n[from + r] = paid[r];
}

void ant_produce(const struct ant_map *m, struct ant_pos *p, int nation, int res, ant_sink sink, void *arg)
{
	struct ant_fact f;
	int total = 0;

	assert(res >= 0 && res < ANT_NRES);
	for (int i = 0; i < m->nprov; i++) {
		int made;

		if (p->owner[i] != nation || m->prov[i].res != res)
			continue;
		made = p->temple[i] ? TEMPLE_MADE : CITY_MADE;
		total += made;
		ant_fact_init(&f, ANT_F_PRODUCE_CITY, nation);
		f.prov = (int16_t)i;
		f.n[0] = made;
		f.n[1] = res;
		f.n[2] = p->temple[i] != 0;
		ant_tell(sink, arg, &f);
	}
	for (size_t j = 0; j < sizeof market / sizeof market[0]; j++)
		if (owns(p, nation, market[j].know)) {
			total += market[j].bonus;
			ant_fact_init(&f, ANT_F_PRODUCE_BONUS, nation);
			f.n[0] = market[j].bonus;
			f.n[1] = market[j].know;
			f.n[2] = res;
			ant_tell(sink, arg, &f);
			break;
		}
	/* Resource chips are not counted: the bank never runs out of them
	 * (RULES.md, RESEARCH 9.12). */
	p->nat[nation].res[res] += total;
	ant_fact_init(&f, ANT_F_PRODUCE_TOTAL, nation);
	f.n[0] = total;
	f.n[1] = res;
	ant_tell(sink, arg, &f);
}

static int temples_on_board(const struct ant_map *m, const struct ant_pos *p)
{
	int n = 0;

	for (int i = 0; i < m->nprov; i++)
		n += p->owner[i] >= 0 && p->temple[i];
	return n;
}

/* Pay a bill for an order, or tell why not; 0 paid, 1 skipped. */
static int pay_or_skip(struct ant_pos *p, int nation, const int bill[ANT_NRES + 1],
                       int paid[ANT_NRES + 1], int index, int prov, ant_sink sink, void *arg)
{
	int short_of;

	if (ant_pay_bill(p, nation, bill, 0, paid, &short_of, sink, arg) == 0)
		return 0;
	ant_skip(sink, arg, nation, index, prov, ANT_SKIP_CANNOT_PAY, short_of, 0);
	return 1;
}

int ant_do_temple(const struct ant_map *m, struct ant_pos *p, int nation, const struct ant_order *o,
                  int index, ant_sink sink, void *arg)
{
	int bill[ANT_NRES + 1] = { [ANT_MARBLE] = TEMPLE_MARBLE };
	int paid[ANT_NRES + 1], why = -1;
	struct ant_fact f;

	assert(o->kind == ANT_O_TEMPLE && o->prov >= 0 && o->prov < m->nprov);
	if (p->owner[o->prov] != nation)
		why = ANT_SKIP_NOT_OWNER;
	else if (p->temple[o->prov])
		why = ANT_SKIP_HAS_TEMPLE;
	else if (temples_on_board(m, p) >= ANT_TEMPLES)
		why = ANT_SKIP_NO_TEMPLES;
	if (why >= 0) {
		ant_skip(sink, arg, nation, index, o->prov, why, 0, 0);
		return 1;
	}
	if (pay_or_skip(p, nation, bill, paid, index, o->prov, sink, arg))
		return 1;
	p->temple[o->prov] = 1;
	ant_fact_init(&f, ANT_F_TEMPLE, nation);
	f.prov = o->prov;
	tell_paid(&f, 0, paid);
	ant_tell(sink, arg, &f);
	return 0;
}

int ant_do_arm(const struct ant_map *m, struct ant_pos *p, int nation, const struct ant_order *o,
               int index, int armed[ANT_MAX_PROV], ant_sink sink, void *arg)
{
	int bill[ANT_NRES + 1] = { [ANT_IRON] = ARM_IRON * o->count };
	int paid[ANT_NRES + 1], why = -1, n1 = 0;
	int pr = o->prov;
	struct ant_fact f;

	assert(o->kind == ANT_O_ARM && pr >= 0 && pr < m->nprov && o->count > 0);
	assert(o->unit >= 0 && o->unit < ANT_NUNIT);
	if (p->owner[pr] != nation) {
		why = ANT_SKIP_NOT_OWNER;
	} else if (!ant_may_stand(m, o->unit, pr)) {
		why = ANT_SKIP_INLAND;
	} else if (armed[pr] + o->count > (p->temple[pr] ? ARM_TEMPLE : ARM_PLAIN)) {
		/* The limit counts both types together (RULES.md). */
		why = ANT_SKIP_ARM_LIMIT;
		n1 = armed[pr];
	} else if (ant_on_board(m, p, nation, o->unit) + o->count > ANT_UNITS_EACH) {
		why = ANT_SKIP_NO_SUPPLY;
	}
	if (why >= 0) {
		ant_skip(sink, arg, nation, index, pr, why, n1, 0);
		return 1;
	}
	if (pay_or_skip(p, nation, bill, paid, index, pr, sink, arg))
		return 1;
	p->units[pr][nation][o->unit] += o->count;
	armed[pr] += o->count;
	ant_fact_init(&f, ANT_F_ARM, nation);
	f.prov = (int16_t)pr;
	f.n[0] = o->count;
	f.n[1] = o->unit;
	tell_paid(&f, 2, paid);
	ant_tell(sink, arg, &f);
	return 0;
}

/* Learn k, its price already checked: pay, tell, note a first owner. */
static void learn(struct ant_pos *p, int nation, int k, unsigned *first_know, ant_sink sink, void *arg)
{
	int is_new, price = ant_know_price(p, nation, k, &is_new);
	int bill[ANT_NRES + 1] = { [ANT_GOLD] = price };
	int paid[ANT_NRES + 1];
	struct ant_fact f;
	int ok = ant_pay_bill(p, nation, bill, 0, paid, NULL, sink, arg);

	assert(ok == 0);
	(void)ok;
	p->nat[nation].know |= (uint8_t)(1u << k);
	if (is_new && first_know)
		*first_know |= 1u << k;
	ant_fact_init(&f, ANT_F_KNOW, nation);
	f.n[0] = k;
	f.n[1] = price;
	f.n[2] = is_new;
	tell_paid(&f, 3, paid);
	ant_tell(sink, arg, &f);
}

int ant_do_know(const struct ant_map *m, struct ant_pos *p, int nation, const struct ant_order *o,
                int index, unsigned *first_know, ant_sink sink, void *arg)
{
	int k = o->know, basic = ANT_K_BASIC_OF(k);
	int need_basic, price;

	(void)m;
	assert(o->kind == ANT_O_KNOW && k >= 0 && k < ANT_NKNOW);
	if (owns(p, nation, k)) {
		ant_skip(sink, arg, nation, index, -1, ANT_SKIP_KNOWN, 0, 0);
		return 1;
	}
	/* RG-VII: a secondary know-how without its basic one buys both, the
	 * basic first, each at its own price. */
	need_basic = ANT_K_SECONDARY(k) && !owns(p, nation, basic);
	price = ant_know_price(p, nation, k, NULL);
	if (need_basic)
		price += ant_know_price(p, nation, basic, NULL);
	if (!ant_can_pay(p, nation, ANT_GOLD, price)) {
		ant_skip(sink, arg, nation, index, -1, ANT_SKIP_CANNOT_PAY, ANT_GOLD, 0);
		return 1;
	}
	/* Paying the two in turn takes what one payment of the sum would:
	 * spend() goes unit by unit in the same order either way. */
	if (need_basic)
		learn(p, nation, basic, first_know, sink, arg);
	learn(p, nation, k, first_know, sink, arg);
	return 0;
}

int ant_do_found(const struct ant_map *m, struct ant_pos *p, int nation, const struct ant_order *o,
                 int index, ant_sink sink, void *arg)
{
	int bill[ANT_NRES + 1] = { 1, 1, 1, 0 };   /* RG-SR: one of each resource */
	int paid[ANT_NRES + 1], why = -1;
	int pr = o->prov;
	struct ant_fact f;

	assert(o->kind == ANT_O_FOUND && pr >= 0 && pr < m->nprov);
	if (m->prov[pr].sea)
		why = ANT_SKIP_SEA;
	else if (p->owner[pr] >= 0)
		why = ANT_SKIP_NO_CITY;
	else if (p->units[pr][nation][ANT_LEGION] + p->units[pr][nation][ANT_GALLEY] == 0)
		why = ANT_SKIP_NO_UNIT_THERE;
	else if (ant_cities(m, p, nation) >= ANT_CITY_STONES)
		why = ANT_SKIP_NO_STONES;
	if (why >= 0) {
		ant_skip(sink, arg, nation, index, pr, why, 0, 0);
		return 1;
	}
	if (pay_or_skip(p, nation, bill, paid, index, pr, sink, arg))
		return 1;
	p->owner[pr] = (int8_t)nation;
	p->temple[pr] = 0;
	ant_fact_init(&f, ANT_F_FOUND, nation);
	f.prov = (int16_t)pr;
	f.n[0] = m->prov[pr].res;
	tell_paid(&f, 1, paid);
	ant_tell(sink, arg, &f);
	return 0;
}

/* The resource nation holds least (ties: marble, iron, gold). */
static int least_held(const struct ant_nation_state *ns)
{
	int best = 0;

	for (int r = 1; r < ANT_NRES; r++)
		if (ns->res[r] < ns->res[best])
			best = r;
	return best;
}

void ant_round_coins(const struct ant_map *m, struct ant_pos *p, ant_sink sink, void *arg)
{
	int chip[ANT_MAX_NATIONS], coins = 0, chips = 0;
	struct ant_fact f;

	(void)m;
	for (int i = 0; i < p->norder; i++) {
		struct ant_nation_state *ns = &p->nat[p->order[i]];

		chip[i] = -1;
		if (p->bank_coins > 0) {
			p->bank_coins--;
			ns->coins++;
			coins++;
		} else {
			/* RG-V: no coin left, a resource chip instead (RULES.md:
			 * the one the nation holds least of). */
			chip[i] = least_held(ns);
			ns->res[chip[i]]++;
			chips++;
		}
	}
	ant_fact_init(&f, ANT_F_COINS, -1);
	f.n[0] = p->round;
	f.n[1] = coins;
	f.n[2] = chips;
	ant_tell(sink, arg, &f);
	for (int i = 0; i < p->norder; i++)
		if (chip[i] >= 0) {
			ant_fact_init(&f, ANT_F_COIN_CHIP, p->order[i]);
			f.n[0] = chip[i];
			ant_tell(sink, arg, &f);
		}
}
