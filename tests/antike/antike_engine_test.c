/*
 * antike_engine_test.c - Antike's economy, rondel, payment and
 * personages, each rule with numbers (RESEARCH.md 4.1-4.10 and the
 * rulebook's own examples: three marble cities one with a temple make 5;
 * NAVIGATION where others own SAILING costs 3 + 10 = 13 gold and earns a
 * scholar; 10 -> 9 -> 10 cities earns no new king; a full round of the
 * rondel pays 5).
 *
 * Links without the maneuver (whole turns are antike_turn_test.c's), so
 * each part is called as antike.h offers it, on the small map of
 * antike_engine_test.h.
 */
#include "adjudicator/antike_engine.h"
#include "tests/antike/antike_engine_test.h"

static void rondel(void)
{
	/* RG-V: three steps free, each further one costs one. */
	static const struct {
		int from, to, steps, cost;
	} move[] = {
		{ ANT_W_IRON, ANT_W_TEMPLE, 1, 0 },
		{ ANT_W_IRON, ANT_W_MANEUVER1, 3, 0 },
		{ ANT_W_IRON, ANT_W_ARMING, 4, 1 },
		{ ANT_W_IRON, ANT_W_MANEUVER2, 7, 4 },
		{ ANT_W_IRON, ANT_W_IRON, 8, 5 },          /* a full round pays 5 */
		{ ANT_W_MANEUVER2, ANT_W_IRON, 1, 0 },
		{ ANT_W_KNOWHOW, ANT_W_GOLD, 4, 1 },
		{ ANT_W_NONE, ANT_W_KNOWHOW, 0, 0 },       /* the first turn is free */
	};

	for (size_t i = 0; i < sizeof move / sizeof move[0]; i++) {
		CHECK(ant_rondel_steps(move[i].from, move[i].to) == move[i].steps,
		      "move %zu: %d steps, expected %d", i, ant_rondel_steps(move[i].from, move[i].to),
		      move[i].steps);
		CHECK(ant_rondel_cost(move[i].from, move[i].to) == move[i].cost,
		      "move %zu: costs %d, expected %d", i, ant_rondel_cost(move[i].from, move[i].to),
		      move[i].cost);
	}
	for (int from = 0; from < ANT_NWEDGES; from++)
		for (int to = 0; to < ANT_NWEDGES; to++) {
			int s = ant_rondel_steps(from, to);
			CHECK(s >= 1 && s <= 8, "steps %d -> %d: %d, never 0", from, to, s);
		}
	CHECK_EQ(ant_maneuver_wedge(ANT_W_IRON), ANT_W_MANEUVER1);
	CHECK_EQ(ant_maneuver_wedge(ANT_W_MANEUVER1), ANT_W_MANEUVER2);
	CHECK_EQ(ant_maneuver_wedge(ANT_W_ARMING), ANT_W_MANEUVER2);
	CHECK_EQ(ant_maneuver_wedge(ANT_W_MANEUVER2), ANT_W_MANEUVER1);
	CHECK_EQ(ant_maneuver_wedge(ANT_W_NONE), ANT_W_MANEUVER1);

	/* The silent default: IRON at first, else the nearest production
	 * wedge ahead, always free. */
	static const int deflt[ANT_NWEDGES] = {
		[ANT_W_IRON] = ANT_W_GOLD, [ANT_W_TEMPLE] = ANT_W_GOLD, [ANT_W_GOLD] = ANT_W_MARBLE,
		[ANT_W_MANEUVER1] = ANT_W_MARBLE, [ANT_W_ARMING] = ANT_W_MARBLE, [ANT_W_MARBLE] = ANT_W_IRON,
		[ANT_W_KNOWHOW] = ANT_W_IRON, [ANT_W_MANEUVER2] = ANT_W_IRON,
	};
	CHECK_EQ(ant_default_wedge(ANT_W_NONE), ANT_W_IRON);
	for (int w = 0; w < ANT_NWEDGES; w++) {
		CHECK(ant_default_wedge(w) == deflt[w], "default from %d: %d, expected %d", w,
		      ant_default_wedge(w), deflt[w]);
		CHECK_EQ(ant_rondel_cost(w, ant_default_wedge(w)), 0);
	}

	CHECK_EQ(ant_order_wedge(ANT_O_TEMPLE), ANT_W_TEMPLE);
	CHECK_EQ(ant_order_wedge(ANT_O_ARM), ANT_W_ARMING);
	CHECK_EQ(ant_order_wedge(ANT_O_KNOW), ANT_W_KNOWHOW);
	CHECK_EQ(ant_order_wedge(ANT_O_MOVE), ANT_W_MANEUVER1);
	CHECK_EQ(ant_order_wedge(ANT_O_ATTACK), ANT_W_MANEUVER1);
	CHECK_EQ(ant_order_wedge(ANT_O_CONQUER), ANT_W_MANEUVER1);
	CHECK_EQ(ant_order_wedge(ANT_O_FOUND), -1);
	CHECK_EQ(ant_order_wedge(ANT_O_RONDEL), -1);
}

static void initial(void)
{
	struct ant_pos p;

	ant_initial(m, 2, &p);
	CHECK_EQ(p.nnations, 4);             /* two players: four nations */
	CHECK_EQ(p.norder, 4);
	CHECK(p.order[0] == P && p.order[1] == T && p.order[2] == R && p.order[3] == G,
	      "the turn order is P T R G");
	CHECK_EQ(p.round, 1);
	CHECK_EQ(p.turn, 0);
	CHECK_EQ(p.active, 0);
	CHECK_EQ(ant_active(&p), P);
	CHECK_EQ(p.target, 9);
	CHECK_EQ(p.bank_coins, 30);
	CHECK_EQ(p.winner, -1);
	CHECK(!p.over && !p.sudden_death, "the game is on");
	CHECK(p.bank_person[ANT_P_KING] == 9 && p.bank_person[ANT_P_NAVIGATOR] == 5, "35 personages");
	for (int n = 0; n < ANT_MAX_NATIONS; n++) {
		int play = n == R || n == G || n == T || n == P;
		CHECK(p.nat[n].in_play == play, "nation %d in play: %d", n, p.nat[n].in_play);
		CHECK_EQ(p.nat[n].wedge, ANT_W_NONE);
		CHECK_EQ(p.nat[n].coins, 0);   /* round 1's coins come with the first turn */
		if (play) {
			CHECK(p.nat[n].res[ANT_MARBLE] == 2 && p.nat[n].res[ANT_IRON] == 1 &&
			      p.nat[n].res[ANT_GOLD] == 3, "nation %d starts with 2 marble, 1 iron, 3 gold", n);
			CHECK_EQ(ant_cities(m, &p, n), 3);
		}
	}
	CHECK(p.owner[MA1] == R && p.owner[IR1] == R && p.owner[GO1] == R, "the Romans' start cities");
	CHECK(p.owner[MA4] == P && p.owner[GO4] == P, "the Phoenicians' start cities");
	CHECK_EQ(p.owner[MA5], -1);
	CHECK_EQ(p.owner[SE1], -1);

	ant_initial(m, 3, &p);
	CHECK(p.nnations == 3 && p.order[0] == T && p.target == 10, "three nations: T first, target 10");
	CHECK(!p.nat[P].in_play && p.owner[MA4] == -1, "no Phoenicians with three");
}

static void counts(void)
{
	struct ant_pos p = start4();

	p.temple[MA1] = p.temple[IR1] = 1;
	p.temple[MA2] = 1;
	p.units[SE1][R][ANT_GALLEY] = 2;
	p.units[SE2][R][ANT_GALLEY] = 1;
	p.units[MA1][R][ANT_GALLEY] = 3;       /* coastal land: no sea */
	p.units[SE3][G][ANT_GALLEY] = 1;
	p.units[MA1][R][ANT_LEGION] = 4;
	p.units[MA2][R][ANT_LEGION] = 1;
	p.nat[R].person[ANT_P_KING] = 2;
	p.nat[R].person[ANT_P_SCHOLAR] = 1;
	CHECK_EQ(ant_cities(m, &p, R), 3);
	CHECK_EQ(ant_temples(m, &p, R), 2);
	CHECK_EQ(ant_temples(m, &p, G), 1);
	CHECK_EQ(ant_seas(m, &p, R), 2);
	CHECK_EQ(ant_seas(m, &p, G), 1);
	CHECK_EQ(ant_on_board(m, &p, R, ANT_GALLEY), 6);
	CHECK_EQ(ant_on_board(m, &p, R, ANT_LEGION), 5);
	CHECK_EQ(ant_personages(&p, R), 3);
	CHECK_EQ(ant_personages(&p, G), 0);
}

static void pay(void)
{
	struct ant_pos p = start4();
	int paid[ANT_NRES + 1];

	/* The resource first, then coins. */
	stock(&p, R, 0, 1, 0, 2);
	CHECK(ant_can_pay(&p, R, ANT_IRON, 3), "1 iron and 2 coins pay 3 iron");
	CHECK(!ant_can_pay(&p, R, ANT_IRON, 4), "but not 4");
	CHECK_EQ(ant_pay(&p, R, ANT_IRON, 4, paid), -1);
	CHECK(p.nat[R].res[ANT_IRON] == 1 && p.nat[R].coins == 2, "a failed payment takes nothing");
	int bank = p.bank_coins;
	CHECK_EQ(ant_pay(&p, R, ANT_IRON, 3, paid), 0);
	CHECK(paid[ANT_IRON] == 1 && paid[ANT_COIN] == 2 && paid[ANT_MARBLE] == 0, "1 iron, 2 coins");
	CHECK(p.nat[R].res[ANT_IRON] == 0 && p.nat[R].coins == 0, "all spent");
	CHECK_EQ(p.bank_coins, bank + 2);    /* coins go back to the bank */

	/* Without all eight know-hows no exchange. */
	stock(&p, R, 9, 0, 9, 0);
	CHECK(!ant_can_pay(&p, R, ANT_IRON, 1), "no iron, no coin, no exchange");
	/* With all eight: two of the resource held most for each missing. */
	p.nat[R].know = 0xff;
	stock(&p, R, 5, 0, 3, 0);
	CHECK(ant_can_pay(&p, R, ANT_IRON, 2), "2 iron by exchange");
	forget();
	int bill[ANT_NRES + 1] = { [ANT_IRON] = 2 }, short_of = -1;
	CHECK_EQ(ant_pay_bill(&p, R, bill, 0, paid, &short_of, record, NULL), 0);
	/* marble 5 -> 3 (gold 3: a tie, marble first) -> 1 */
	CHECK(paid[ANT_MARBLE] == 4 && paid[ANT_GOLD] == 0, "4 marble for 2 iron (paid %d M, %d G)",
	      paid[ANT_MARBLE], paid[ANT_GOLD]);
	CHECK_EQ(told_count(ANT_F_EXCHANGE), 1);
	struct ant_fact f = told_nth(ANT_F_EXCHANGE, 0);
	CHECK(f.n[0] == 4 && f.n[1] == ANT_MARBLE && f.n[2] == 2 && f.n[3] == ANT_IRON,
	      "the exchange: 4 marble for 2 iron");
	stock(&p, R, 1, 0, 1, 0);
	CHECK(!ant_can_pay(&p, R, ANT_IRON, 1), "one of each is not two of one");

	/* A rondel step's default: the resource held most, then coins. */
	p.nat[R].know = 0;
	stock(&p, R, 2, 1, 3, 1);
	CHECK_EQ(ant_pay(&p, R, ANT_COIN, 3, paid), 0);
	CHECK(paid[ANT_GOLD] == 2 && paid[ANT_MARBLE] == 1 && paid[ANT_IRON] == 0 && paid[ANT_COIN] == 0,
	      "3 steps: gold, then gold and marble tied at 2 (marble), then gold (paid %d %d %d %d)",
	      paid[0], paid[1], paid[2], paid[3]);
	stock(&p, R, 0, 0, 0, 2);
	CHECK_EQ(ant_pay(&p, R, ANT_COIN, 2, paid), 0);
	CHECK_EQ(paid[ANT_COIN], 2);
	CHECK(!ant_can_pay(&p, R, ANT_COIN, 1), "nothing left");

	/* A bill: coins named outright, then each resource. */
	stock(&p, R, 1, 0, 0, 1);
	int two[ANT_NRES + 1] = { [ANT_MARBLE] = 1, [ANT_COIN] = 1 };
	CHECK_EQ(ant_pay_bill(&p, R, two, 0, paid, &short_of, NULL, NULL), 0);
	stock(&p, R, 0, 0, 0, 1);
	CHECK_EQ(ant_pay_bill(&p, R, two, 0, paid, &short_of, NULL, NULL), -1);
	CHECK_EQ(short_of, ANT_MARBLE);
	CHECK_EQ(p.nat[R].coins, 1);
	stock(&p, R, 3, 0, 0, 0);
	CHECK_EQ(ant_pay_bill(&p, R, two, 0, paid, &short_of, NULL, NULL), -1);
	CHECK_EQ(short_of, ANT_COIN);

	/* Know-how prices (RG-VII). */
	p = start4();
	int is_new = -1;
	CHECK_EQ(ant_know_price(&p, R, ANT_K_WHEEL, &is_new), 7);
	CHECK_EQ(is_new, 1);
	CHECK_EQ(ant_know_price(&p, R, ANT_K_ROADS, NULL), 10);
	p.nat[G].know = 1u << ANT_K_WHEEL | 1u << ANT_K_ROADS;
	CHECK_EQ(ant_know_price(&p, R, ANT_K_WHEEL, &is_new), 3);
	CHECK_EQ(is_new, 0);
	CHECK_EQ(ant_know_price(&p, R, ANT_K_ROADS, NULL), 5);
	p.nat[C].know = 1u << ANT_K_MARKET;  /* not in play: does not count */
	CHECK_EQ(ant_know_price(&p, R, ANT_K_MARKET, NULL), 7);
	CHECK_EQ(ant_know_price(&p, G, ANT_K_WHEEL, &is_new), 7);   /* its own does not count */
}

static void produce(void)
{
	struct ant_pos p = start4();

	/* RG-VI: three marble cities, one with a temple: 1 + 1 + 3 = 5. */
	p.owner[MA2] = p.owner[MA3] = R;
	p.temple[MA3] = 1;
	stock(&p, R, 0, 0, 0, 0);
	forget();
	ant_produce(m, &p, R, ANT_MARBLE, record, NULL);
	CHECK_EQ(p.nat[R].res[ANT_MARBLE], 5);
	CHECK_EQ(p.nat[R].res[ANT_IRON], 0);
	CHECK_EQ(told_count(ANT_F_PRODUCE_CITY), 3);
	struct ant_fact f = told_nth(ANT_F_PRODUCE_CITY, 2);
	CHECK(f.prov == MA3 && f.n[0] == 3 && f.n[1] == ANT_MARBLE && f.n[2] == 1, "MA3 makes 3 with its temple");
	CHECK_EQ(told_count(ANT_F_PRODUCE_BONUS), 0);
	f = told_nth(ANT_F_PRODUCE_TOTAL, 0);
	CHECK(f.n[0] == 5 && f.n[1] == ANT_MARBLE && f.nation == R, "5 marble in all");

	/* MARKET +1 per action; CURRENCY +2 (not +3). */
	p.nat[R].know = 1u << ANT_K_MARKET;
	forget();
	ant_produce(m, &p, R, ANT_MARBLE, record, NULL);
	CHECK_EQ(p.nat[R].res[ANT_MARBLE], 11);
	f = told_nth(ANT_F_PRODUCE_BONUS, 0);
	CHECK(f.n[0] == 1 && f.n[1] == ANT_K_MARKET && f.n[2] == ANT_MARBLE, "MARKET adds 1");
	p.nat[R].know |= 1u << ANT_K_CURRENCY;
	forget();
	ant_produce(m, &p, R, ANT_IRON, record, NULL);
	CHECK_EQ(p.nat[R].res[ANT_IRON], 3);             /* IR1 1 + CURRENCY 2 */
	CHECK_EQ(told_count(ANT_F_PRODUCE_BONUS), 1);
	/* The bonus even with no city of the kind. */
	p.owner[GO1] = -1;
	forget();
	ant_produce(m, &p, R, ANT_GOLD, record, NULL);
	CHECK_EQ(p.nat[R].res[ANT_GOLD], 2);
	CHECK_EQ(told_count(ANT_F_PRODUCE_CITY), 0);
	/* Nobody else produces; foreign units do not hinder. */
	p.units[MA1][G][ANT_LEGION] = 5;
	int g = p.nat[G].res[ANT_MARBLE];
	ant_produce(m, &p, R, ANT_MARBLE, NULL, NULL);
	CHECK_EQ(p.nat[G].res[ANT_MARBLE], g);
	CHECK_EQ(p.nat[R].res[ANT_MARBLE], 18);   /* 11 + 1 + 1 + 3 + CURRENCY 2 */
}

/* The skip told last, for a test to compare. */
static int skipped_why(void)
{
	int n = told_count(ANT_F_SKIPPED);
	return n ? told_nth(ANT_F_SKIPPED, n - 1).why : -1;
}

/* An order the call refuses (returns 1) for reason, told alone. */
#define REFUSED(call, reason) do { \
		forget(); \
		CHECK_EQ((call), 1); \
		CHECK_EQ(skipped_why(), (reason)); \
		CHECK_EQ(told_count(ANT_F_SKIPPED), 1); \
	} while (0)

/* The small map with 28 more inland marble provinces, for the limits of
 * twenty temples and twenty-five cities; its start position. */
static struct ant_pos widen(struct ant_map *big)
{
	struct ant_pos q;

	*big = test_map;
	big->nprov = 50;
	for (int i = NPROV; i < big->nprov; i++)
		big->prov[i] = test_map.prov[MA2];
	ant_initial(big, 4, &q);
	return q;
}

static void temple(void)
{
	struct ant_pos p = start4();
	struct ant_order o = order_at(ANT_O_TEMPLE, MA1);

	stock(&p, R, 4, 0, 0, 0);
	REFUSED(ant_do_temple(m, &p, R, &o, 2, record, NULL), ANT_SKIP_CANNOT_PAY);
	CHECK_EQ(told_nth(ANT_F_SKIPPED, 0).n[0], 2);   /* the order's index */
	CHECK_EQ(told_nth(ANT_F_SKIPPED, 0).n[1], ANT_MARBLE);
	CHECK_EQ(p.temple[MA1], 0);
	CHECK_EQ(p.nat[R].res[ANT_MARBLE], 4);
	stock(&p, R, 4, 0, 0, 1);                        /* a coin for the fifth */
	forget();
	CHECK_EQ(ant_do_temple(m, &p, R, &o, 0, record, NULL), 0);
	CHECK_EQ(p.temple[MA1], 1);
	CHECK(p.nat[R].res[ANT_MARBLE] == 0 && p.nat[R].coins == 0, "5 marble: 4 and a coin");
	struct ant_fact f = told_nth(ANT_F_TEMPLE, 0);
	CHECK(f.prov == MA1 && f.n[0] == 4 && f.n[3] == 1, "told: MA1 for 4 marble, 1 coin");

	stock(&p, R, 20, 0, 0, 0);
	REFUSED(ant_do_temple(m, &p, R, &o, 0, record, NULL), ANT_SKIP_HAS_TEMPLE);
	o.prov = MA2;                                    /* the Greeks' */
	REFUSED(ant_do_temple(m, &p, R, &o, 0, record, NULL), ANT_SKIP_NOT_OWNER);
	o.prov = MA5;                                    /* nobody's */
	REFUSED(ant_do_temple(m, &p, R, &o, 0, record, NULL), ANT_SKIP_NOT_OWNER);
	CHECK_EQ(p.nat[R].res[ANT_MARBLE], 20);

	/* Twenty on the board: none left in the bank. */
	struct ant_map big;
	struct ant_pos q = widen(&big);

	for (int i = NPROV; i < NPROV + 20; i++) {
		q.owner[i] = G;
		q.temple[i] = 1;
	}
	stock(&q, R, 20, 0, 0, 0);
	o.prov = IR1;
	REFUSED(ant_do_temple(&big, &q, R, &o, 0, record, NULL), ANT_SKIP_NO_TEMPLES);
	q.owner[NPROV] = -1;                             /* one destroyed: back in the bank */
	q.temple[NPROV] = 0;
	CHECK_EQ(ant_do_temple(&big, &q, R, &o, 0, record, NULL), 0);
	CHECK_EQ(q.nat[R].res[ANT_MARBLE], 15);
}

static void arming(void)
{
	struct ant_pos p = start4();
	int armed[ANT_MAX_PROV] = { 0 };
	struct ant_order o;

	stock(&p, R, 0, 9, 0, 0);
	/* One new unit per turn where the city has no temple, both types. */
	o = arm(1, ANT_LEGION, MA1);
	forget();
	CHECK_EQ(ant_do_arm(m, &p, R, &o, 0, armed, record, NULL), 0);
	CHECK_EQ(p.units[MA1][R][ANT_LEGION], 1);
	CHECK_EQ(armed[MA1], 1);
	CHECK_EQ(p.nat[R].res[ANT_IRON], 8);
	struct ant_fact f = told_nth(ANT_F_ARM, 0);
	CHECK(f.prov == MA1 && f.n[0] == 1 && f.n[1] == ANT_LEGION && f.n[3] == 1, "told: 1 legion for 1 iron");
	o = arm(1, ANT_GALLEY, MA1);
	REFUSED(ant_do_arm(m, &p, R, &o, 1, armed, record, NULL), ANT_SKIP_ARM_LIMIT);
	CHECK_EQ(told_nth(ANT_F_SKIPPED, 0).n[1], 1);
	CHECK_EQ(p.units[MA1][R][ANT_GALLEY], 0);
	/* Three with a temple; the order is all or nothing. */
	p.temple[IR1] = 1;
	o = arm(2, ANT_GALLEY, IR1);
	CHECK_EQ(ant_do_arm(m, &p, R, &o, 2, armed, NULL, NULL), 0);
	o = arm(2, ANT_LEGION, IR1);
	REFUSED(ant_do_arm(m, &p, R, &o, 3, armed, record, NULL), ANT_SKIP_ARM_LIMIT);
	o = arm(1, ANT_LEGION, IR1);
	CHECK_EQ(ant_do_arm(m, &p, R, &o, 4, armed, NULL, NULL), 0);
	CHECK(p.units[IR1][R][ANT_GALLEY] == 2 && p.units[IR1][R][ANT_LEGION] == 1, "IR1: 2 galleys, 1 legion");
	CHECK_EQ(p.nat[R].res[ANT_IRON], 5);
	/* Galleys only where galleys may stand. */
	p.owner[MA2] = R;
	o = arm(1, ANT_GALLEY, MA2);
	REFUSED(ant_do_arm(m, &p, R, &o, 0, armed, record, NULL), ANT_SKIP_INLAND);
	/* Only in the nation's own city. */
	o = arm(1, ANT_LEGION, GO2);
	REFUSED(ant_do_arm(m, &p, R, &o, 0, armed, record, NULL), ANT_SKIP_NOT_OWNER);
	/* 1 iron each: a coin stands in, then nothing. */
	stock(&p, R, 5, 0, 5, 1);
	o = arm(1, ANT_LEGION, MA2);
	CHECK_EQ(ant_do_arm(m, &p, R, &o, 0, armed, NULL, NULL), 0);
	CHECK_EQ(p.nat[R].coins, 0);
	o = arm(1, ANT_LEGION, GO1);
	REFUSED(ant_do_arm(m, &p, R, &o, 0, armed, record, NULL), ANT_SKIP_CANNOT_PAY);
	/* Seventeen of each type, counting those on the board. */
	int fresh[ANT_MAX_PROV] = { 0 };
	stock(&p, R, 0, 9, 0, 0);
	p.units[MA3][R][ANT_LEGION] = (int16_t)(17 - ant_on_board(m, &p, R, ANT_LEGION));
	CHECK_EQ(ant_on_board(m, &p, R, ANT_LEGION), 17);
	o = arm(1, ANT_LEGION, GO1);
	REFUSED(ant_do_arm(m, &p, R, &o, 0, fresh, record, NULL), ANT_SKIP_NO_SUPPLY);
	p.units[MA3][R][ANT_LEGION]--;
	CHECK_EQ(ant_do_arm(m, &p, R, &o, 0, fresh, NULL, NULL), 0);
}

static void knowhow(void)
{
	struct ant_pos p = start4();
	unsigned first = 0;
	struct ant_order o = know(ANT_K_NAVIGATION);

	/* RG-VII: NAVIGATION without SAILING, others owning SAILING: 3 + 10. */
	p.nat[G].know = 1u << ANT_K_SAILING;
	stock(&p, R, 0, 0, 13, 0);
	forget();
	CHECK_EQ(ant_do_know(m, &p, R, &o, 0, &first, record, NULL), 0);
	CHECK_EQ(p.nat[R].res[ANT_GOLD], 0);
	CHECK_EQ(p.nat[R].know, 1u << ANT_K_SAILING | 1u << ANT_K_NAVIGATION);
	CHECK_EQ(told_count(ANT_F_KNOW), 2);
	struct ant_fact a = told_nth(ANT_F_KNOW, 0), b = told_nth(ANT_F_KNOW, 1);
	CHECK(a.n[0] == ANT_K_SAILING && a.n[1] == 3 && a.n[2] == 0 && a.n[5] == 3, "SAILING first, 3 gold");
	CHECK(b.n[0] == ANT_K_NAVIGATION && b.n[1] == 10 && b.n[2] == 1 && b.n[5] == 10,
	      "then NAVIGATION, new: 10 gold");
	CHECK_EQ(first, 1u << ANT_K_NAVIGATION);         /* a scholar for NAVIGATION only */

	/* Known already; and what cannot be paid takes nothing. */
	REFUSED(ant_do_know(m, &p, R, &o, 1, &first, record, NULL), ANT_SKIP_KNOWN);
	o = know(ANT_K_ROADS);
	stock(&p, R, 0, 0, 16, 0);
	forget();
	CHECK_EQ(ant_do_know(m, &p, R, &o, 0, &first, record, NULL), 1);   /* 7 + 10 = 17 */
	CHECK_EQ(skipped_why(), ANT_SKIP_CANNOT_PAY);
	CHECK_EQ(p.nat[R].res[ANT_GOLD], 16);
	CHECK(!(p.nat[R].know & 1u << ANT_K_WHEEL), "not even WHEEL is bought");
	stock(&p, R, 0, 0, 16, 1);                        /* a coin makes 17 */
	CHECK_EQ(ant_do_know(m, &p, R, &o, 0, &first, NULL, NULL), 0);
	CHECK_EQ(first, 1u << ANT_K_NAVIGATION | 1u << ANT_K_WHEEL | 1u << ANT_K_ROADS);
	CHECK(p.nat[R].res[ANT_GOLD] == 0 && p.nat[R].coins == 0, "17 paid");
	/* The secondary alone, the basic owned. */
	o = know(ANT_K_CURRENCY);
	p.nat[R].know |= 1u << ANT_K_MARKET;
	p.nat[T].know = 1u << ANT_K_MARKET | 1u << ANT_K_CURRENCY;
	stock(&p, R, 0, 0, 5, 0);
	first = 0;
	CHECK_EQ(ant_do_know(m, &p, R, &o, 0, &first, NULL, NULL), 0);
	CHECK_EQ(first, 0u);
	CHECK_EQ(p.nat[R].res[ANT_GOLD], 0);
}

static void founding(void)
{
	struct ant_pos p = start4();
	struct ant_order o = order_at(ANT_O_FOUND, MA5);

	stock(&p, R, 1, 1, 1, 0);
	REFUSED(ant_do_found(m, &p, R, &o, 0, record, NULL), ANT_SKIP_NO_UNIT_THERE);
	p.units[MA5][G][ANT_LEGION] = 3;                 /* foreign units: not the nation's */
	REFUSED(ant_do_found(m, &p, R, &o, 0, record, NULL), ANT_SKIP_NO_UNIT_THERE);
	p.units[MA5][R][ANT_LEGION] = 1;                 /* ... nor do they prevent it */
	forget();
	CHECK_EQ(ant_do_found(m, &p, R, &o, 0, record, NULL), 0);
	CHECK_EQ(p.owner[MA5], R);
	CHECK(p.nat[R].res[ANT_MARBLE] == 0 && p.nat[R].res[ANT_IRON] == 0 && p.nat[R].res[ANT_GOLD] == 0,
	      "1 marble, 1 iron, 1 gold");
	struct ant_fact f = told_nth(ANT_F_FOUND, 0);
	CHECK(f.prov == MA5 && f.n[0] == ANT_MARBLE && f.n[1] == 1 && f.n[2] == 1 && f.n[3] == 1,
	      "told: a marble city for one of each");
	CHECK_EQ(ant_cities(m, &p, R), 4);

	REFUSED(ant_do_found(m, &p, R, &o, 0, record, NULL), ANT_SKIP_NO_CITY);
	o.prov = SE2;
	p.units[SE2][R][ANT_GALLEY] = 1;
	REFUSED(ant_do_found(m, &p, R, &o, 0, record, NULL), ANT_SKIP_SEA);
	/* A galley in a coastal province founds; coins stand in. */
	o.prov = MA6;
	p.units[MA6][R][ANT_GALLEY] = 1;
	stock(&p, R, 1, 0, 0, 1);
	REFUSED(ant_do_found(m, &p, R, &o, 0, record, NULL), ANT_SKIP_CANNOT_PAY);
	CHECK_EQ(told_nth(ANT_F_SKIPPED, told_count(ANT_F_SKIPPED) - 1).n[1], ANT_GOLD);
	CHECK(p.nat[R].res[ANT_MARBLE] == 1 && p.nat[R].coins == 1, "nothing taken");
	stock(&p, R, 1, 0, 0, 2);
	CHECK_EQ(ant_do_found(m, &p, R, &o, 0, NULL, NULL), 0);
	CHECK_EQ(p.owner[MA6], R);

	/* Twenty-five city stones. */
	struct ant_map big;
	struct ant_pos q = widen(&big);

	for (int i = NPROV; i < NPROV + 22; i++)
		q.owner[i] = R;                          /* 3 + 22 = 25 */
	q.units[MA5][R][ANT_LEGION] = 1;
	stock(&q, R, 1, 1, 1, 0);
	o.prov = MA5;
	REFUSED(ant_do_found(&big, &q, R, &o, 0, record, NULL), ANT_SKIP_NO_STONES);
}

static void coins(void)
{
	struct ant_pos p = start4();

	forget();
	ant_round_coins(m, &p, record, NULL);
	for (int n = 0; n < ANT_MAX_NATIONS; n++)
		CHECK_EQ(p.nat[n].coins, p.nat[n].in_play ? 1 : 0);
	CHECK_EQ(p.bank_coins, 26);
	struct ant_fact f = told_nth(ANT_F_COINS, 0);
	CHECK(f.n[0] == 1 && f.n[1] == 4 && f.n[2] == 0, "round 1: 4 coins");

	/* Two coins left: the first two in turn order take them, the rest a
	 * resource chip of what they hold least. */
	p.bank_coins = 2;
	p.round = 7;
	stock(&p, R, 3, 2, 2, 1);                        /* iron and gold tied: iron */
	stock(&p, G, 0, 4, 1, 1);
	p.bank_coins = 2;
	forget();
	ant_round_coins(m, &p, record, NULL);
	CHECK_EQ(p.bank_coins, 0);
	CHECK(p.nat[P].coins == 2 && p.nat[T].coins == 2, "P and T take the last coins");
	CHECK(p.nat[R].coins == 1 && p.nat[R].res[ANT_IRON] == 3, "R takes an iron");
	CHECK(p.nat[G].coins == 1 && p.nat[G].res[ANT_MARBLE] == 1, "G takes a marble");
	f = told_nth(ANT_F_COINS, 0);
	CHECK(f.n[0] == 7 && f.n[1] == 2 && f.n[2] == 2, "round 7: 2 coins, 2 chips");
	CHECK_EQ(told_count(ANT_F_COIN_CHIP), 2);
	f = told_nth(ANT_F_COIN_CHIP, 0);
	CHECK(f.nation == R && f.n[0] == ANT_IRON, "the Romans' chip is iron");
}

/* The personage told of kind k, the nth such. */
static int won(int kind, int nth)
{
	for (int i = 0, seen = 0; i < told.n; i++)
		if (told.f[i].kind == ANT_F_PERSONAGE && told.f[i].n[0] == kind && seen++ == nth)
			return 1;
	return 0;
}

static void personages(void)
{
	struct ant_pos p = start4();
	struct ant_maneuver mv;

	/* Kings at 5, 10 ... cities; 10 -> 9 -> 10 gives no new king. */
	p.owner[MA5] = p.owner[MA6] = R;                 /* 5 */
	forget();
	ant_award(m, &p, R, 0, NULL, record, NULL);
	CHECK(won(ANT_P_KING, 0), "a king at 5 cities");
	CHECK_EQ(told_nth(ANT_F_PERSONAGE, 0).n[2], 5);
	CHECK_EQ(told_nth(ANT_F_PERSONAGE, 0).n[1], ANT_WHY_CITIES);
	CHECK_EQ(p.nat[R].person[ANT_P_KING], 1);
	CHECK_EQ(p.bank_person[ANT_P_KING], 8);
	forget();
	ant_award(m, &p, R, 0, NULL, record, NULL);
	CHECK_EQ(told_count(ANT_F_PERSONAGE), 0);        /* paid once */
	p.owner[MA2] = p.owner[MA3] = p.owner[IR2] = p.owner[GO2] = p.owner[MA4] = R;   /* 10 */
	forget();
	ant_award(m, &p, R, 0, NULL, record, NULL);
	CHECK(won(ANT_P_KING, 0) && told_nth(ANT_F_PERSONAGE, 0).n[2] == 10, "a second king at 10");
	CHECK_EQ(p.nat[R].kings_paid, 2);
	p.owner[MA4] = P;                                /* 9 */
	ant_award(m, &p, R, 0, NULL, NULL, NULL);
	p.owner[MA4] = R;                                /* 10 again */
	forget();
	ant_award(m, &p, R, 0, NULL, record, NULL);
	CHECK_EQ(told_count(ANT_F_PERSONAGE), 0);
	CHECK_EQ(p.nat[R].person[ANT_P_KING], 2);

	/* Citizens at 3, 6 ... temples; navigators at 7 seas held. */
	p = start4();
	p.temple[MA1] = p.temple[IR1] = 1;
	forget();
	ant_award(m, &p, R, 0, NULL, record, NULL);
	CHECK_EQ(told_count(ANT_F_PERSONAGE), 0);
	p.temple[GO1] = 1;
	forget();
	ant_award(m, &p, R, 0, NULL, record, NULL);
	CHECK(won(ANT_P_CITIZEN, 0) && told_nth(ANT_F_PERSONAGE, 0).n[2] == 3, "a citizen at 3 temples");
	for (int s = SE1; s < SE7; s++)
		p.units[s][R][ANT_GALLEY] = 1;               /* 6 seas */
	p.units[MA1][R][ANT_GALLEY] = 4;                 /* coastal land does not count */
	p.units[SE7][G][ANT_GALLEY] = 1;                 /* nor another's galley */
	forget();
	ant_award(m, &p, R, 0, NULL, record, NULL);
	CHECK_EQ(told_count(ANT_F_PERSONAGE), 0);
	p.units[SE7][R][ANT_GALLEY] = 1;
	forget();
	ant_award(m, &p, R, 0, NULL, record, NULL);
	CHECK(won(ANT_P_NAVIGATOR, 0), "a navigator at 7 seas");
	CHECK_EQ(told_nth(ANT_F_PERSONAGE, 0).n[1], ANT_WHY_SEAS);
	CHECK_EQ(told_nth(ANT_F_PERSONAGE, 0).n[2], 7);

	/* Scholars for first know-hows; generals for temples destroyed. */
	memset(&mv, 0, sizeof mv);
	mv.temples_destroyed = 2;
	mv.destroyed_at[0] = GO2;
	mv.destroyed_at[1] = IR2;
	forget();
	ant_award(m, &p, R, 1u << ANT_K_WHEEL | 1u << ANT_K_DEMOCRACY, &mv, record, NULL);
	CHECK(won(ANT_P_SCHOLAR, 1) && !won(ANT_P_SCHOLAR, 2), "two scholars");
	CHECK_EQ(told_nth(ANT_F_PERSONAGE, 1).n[2], ANT_K_DEMOCRACY);
	CHECK(won(ANT_P_GENERAL, 1), "two generals");
	CHECK_EQ(told_nth(ANT_F_PERSONAGE, 2).n[2], GO2);
	CHECK_EQ(told_nth(ANT_F_PERSONAGE, 2).n[1], ANT_WHY_TEMPLE_DESTROYED);
	CHECK_EQ(ant_personages(&p, R), 6);

	/* All eight: one from the largest stack, once. */
	p = start4();
	p.nat[R].know = 0xff;
	p.bank_person[ANT_P_KING] = 6;
	p.bank_person[ANT_P_SCHOLAR] = 7;
	p.bank_person[ANT_P_GENERAL] = 7;
	forget();
	ant_award(m, &p, R, 0, NULL, record, NULL);
	CHECK(won(ANT_P_SCHOLAR, 0) && told_nth(ANT_F_PERSONAGE, 0).n[1] == ANT_WHY_ALL_KNOW,
	      "scholar and general tie at 7: the scholar");
	CHECK_EQ(p.bank_person[ANT_P_SCHOLAR], 6);
	forget();
	ant_award(m, &p, R, 0, NULL, record, NULL);
	CHECK_EQ(told_count(ANT_F_PERSONAGE), 0);

	/* An empty stack: nothing given, the threshold paid all the same. */
	p = start4();
	p.bank_person[ANT_P_CITIZEN] = 0;
	p.temple[MA1] = p.temple[IR1] = p.temple[GO1] = 1;
	forget();
	ant_award(m, &p, R, 0, NULL, record, NULL);
	CHECK_EQ(told_count(ANT_F_PERSONAGE), 0);
	CHECK_EQ(told_count(ANT_F_PERSONAGE_NONE), 1);
	CHECK_EQ(told_nth(ANT_F_PERSONAGE_NONE, 0).n[0], ANT_P_CITIZEN);
	CHECK_EQ(p.nat[R].citizens_paid, 1);
	p.bank_person[ANT_P_CITIZEN] = 1;
	forget();
	ant_award(m, &p, R, 0, NULL, record, NULL);
	CHECK_EQ(told_count(ANT_F_PERSONAGE), 0);

	/* Victory at the target. */
	p = start4();
	p.nat[R].person[ANT_P_SCHOLAR] = 8;
	p.bank_person[ANT_P_SCHOLAR] = 0;
	forget();
	ant_award(m, &p, R, 0, NULL, record, NULL);
	CHECK(!p.over, "8 of 9: not yet");
	p.owner[MA5] = p.owner[MA6] = R;
	forget();
	ant_award(m, &p, R, 0, NULL, record, NULL);
	CHECK(p.over && p.winner == R, "a king makes 9: the Romans win");
	struct ant_fact f = told_nth(ANT_F_VICTORY, 0);
	CHECK(f.nation == R && f.n[0] == 9 && f.n[1] == 9 && f.n[2] == 0, "told: 9 of 9");
}

static void sudden_death(void)
{
	struct ant_pos p = start4();
	struct ant_maneuver mv;

	/* Five nations (set by hand on the four-nation board): the last
	 * personage goes out without a winner. */
	p.nnations = 5;
	p.target = 8;
	for (int k = 0; k < ANT_NPERSON; k++)
		p.bank_person[k] = 0;
	p.bank_person[ANT_P_KING] = 1;
	p.nat[R].person[ANT_P_SCHOLAR] = 3;
	p.owner[MA5] = p.owner[MA6] = R;
	forget();
	ant_award(m, &p, R, 0, NULL, record, NULL);
	CHECK(!p.over && p.sudden_death, "all out, no winner: sudden death");
	CHECK_EQ(told_count(ANT_F_ALL_OUT), 1);
	forget();
	ant_award(m, &p, G, 0, NULL, record, NULL);
	CHECK_EQ(told_count(ANT_F_ALL_OUT), 0);          /* told once */
	CHECK(!p.over, "no temple destroyed yet");
	memset(&mv, 0, sizeof mv);
	mv.temples_destroyed = 1;
	mv.destroyed_at[0] = GO1;
	forget();
	ant_award(m, &p, G, 0, &mv, record, NULL);
	CHECK(p.over && p.winner == G, "the first temple destroyed afterwards wins");
	CHECK_EQ(told_count(ANT_F_PERSONAGE_NONE), 1);   /* the general is not there */
	CHECK_EQ(told_nth(ANT_F_VICTORY, 0).n[2], 1);

	/* Four nations: no sudden death. */
	p = start4();
	for (int k = 0; k < ANT_NPERSON; k++)
		p.bank_person[k] = 0;
	forget();
	ant_award(m, &p, R, 0, NULL, record, NULL);
	CHECK(!p.sudden_death && told_count(ANT_F_ALL_OUT) == 0, "not with four nations");
}

int main(void)
{
	build_map();
	rondel();
	initial();
	counts();
	pay();
	produce();
	temple();
	arming();
	knowhow();
	founding();
	coins();
	personages();
	sudden_death();
	return check_done("antike_engine_test");
}
