/*
 * antike_orders_test.c - Antike's order language and its checks on
 * arrival: every form players may write read to its canonical text, each
 * refusal's reason, the round trip and the strict readers, and
 * ant_check_line on positions built by hand for each thing it refuses.
 *
 * The map is a small one made here (eight provinces round the Tyrrhenian
 * and Ionian seas) so that each test's position can be read at a glance
 * and the test does not move when variants/antike/map.txt does.
 */
#include <string.h>

#include "tests/check.h"
#include "parser/antike_orders.h"
#include "variants/antike_board.h"
#include "variants/antike_check.h"
#include "variants/variant.h"

enum { ROM, NEA, TYM, ATH, ION, MED, CRT, PEL, NPROV };
enum { ROMANS, GREEKS, PHOENICIANS };

static struct ant_board board;
static struct variant variant;

static void province(int p, const char *code, const char *name, const char *alias, int sea,
                     int res)
{
	struct ant_province *pr = &board.map.prov[p];

	strcpy(pr->code, code);
	strcpy(pr->name, name);
	if (alias)
		strcpy(pr->alias[pr->naliases++], alias);
	pr->sea = (int8_t)sea;
	pr->res = (int8_t)res;
}

static void border(int a, int b, int kind)
{
	struct ant_province *pa = &board.map.prov[a], *pb = &board.map.prov[b];

	pa->nb[pa->nnb++] = (struct ant_border_to){ (int16_t)b, (int8_t)kind };
	pb->nb[pb->nnb++] = (struct ant_border_to){ (int16_t)a, (int8_t)kind };
	if (kind & ANT_B_SEA) {
		pa->coastal = !pa->sea;
		pb->coastal = !pb->sea;
	}
}

static void nation(int n, char letter, const char *name, const char *adjective)
{
	struct ant_nation *na = &board.map.nation[n];

	na->letter = letter;
	strcpy(na->name, name);
	strcpy(na->adjective, adjective);
}

static void make_map(void)
{
	struct ant_map *m = &board.map;

	m->nprov = NPROV;
	province(ROM, "ROM", "Roma", "Rome", 0, ANT_MARBLE);
	province(NEA, "NEA", "Neapolis", "Naples", 0, ANT_GOLD);
	province(TYM, "TYM", "Mare Tyrrhenum", "Tyrrhenian Sea", 1, -1);
	province(ATH, "ATH", "Athenae", "Athens", 0, ANT_GOLD);
	province(ION, "ION", "Mare Ionium", "Ionian Sea", 1, -1);
	province(MED, "MED", "Mediolanum", "Milan", 0, ANT_IRON);
	province(CRT, "CRT", "Knossos", "Crete", 0, ANT_IRON);
	province(PEL, "PEL", "Pella", NULL, 0, ANT_MARBLE);
	border(ROM, NEA, ANT_B_LAND);
	border(ROM, MED, ANT_B_LAND);
	border(ROM, TYM, ANT_B_SEA);
	border(NEA, TYM, ANT_B_SEA);
	border(NEA, ION, ANT_B_SEA);
	border(TYM, ION, ANT_B_SEA);
	border(ION, ATH, ANT_B_SEA);
	border(ION, CRT, ANT_B_SEA);
	border(ION, PEL, ANT_B_SEA);
	border(ATH, PEL, ANT_B_BOTH);
	m->nnations = 3;
	nation(ROMANS, 'R', "Romans", "Roman");
	nation(GREEKS, 'G', "Greeks", "Greek");
	nation(PHOENICIANS, 'P', "Phoenicians", "Phoenician");
	variant.data = &board;
}

/* ---- the grammar ---- */

static const struct { const char *in, *canon; } readings[] = {
	{ "rondel iron", "RONDEL IRON" },
	{ "  Rondel   Maneuver 1 pay iron iron", "RONDEL MANEUVER1 PAY 2 IRON" },
	{ "RONDEL MARBLE PAY 1 coin 2 marbles", "RONDEL MARBLE PAY 2 MARBLE 1 COIN" },
	{ "rondel marble pay 1 marble, 1 marble and gold", "RONDEL MARBLE PAY 2 MARBLE 1 GOLD" },
	{ "RONDEL KNOW HOW", "RONDEL KNOW-HOW" },
	{ "rondel knowhow", "RONDEL KNOW-HOW" },
	{ "rondel know-how", "RONDEL KNOW-HOW" },
	{ "rondel arms", "RONDEL ARMING" },
	{ "rondel arming", "RONDEL ARMING" },
	{ "rondel temple", "RONDEL TEMPLE" },
	{ "rondel gold", "RONDEL GOLD" },
	{ "rondel maneuver2", "RONDEL MANEUVER2" },
	{ "temple rome", "TEMPLE ROM" },
	{ "Temple Neapolis", "TEMPLE NEA" },
	{ "arm legions Roma", "ARM 1 LEGION ROM" },
	{ "arm 2 galleys in nea", "ARM 2 GALLEY NEA" },
	{ "ARM 3 LEGION ROM", "ARM 3 LEGION ROM" },
	{ "buy navigation", "KNOW NAVIGATION" },
	{ "know-how wheel", "KNOW WHEEL" },
	{ "learn roads", "KNOW ROADS" },
	{ "know democracy", "KNOW DEMOCRACY" },
	{ "move 2 galleys tym - ion - ath and fight", "MOVE 2 GALLEY TYM-ION-ATH FIGHT" },
	{ "move legion Rome -> Neapolis", "MOVE 1 LEGION ROM-NEA" },
	{ "MOVE 3 GALLEY Tyrrhenian Sea-Ionian sea-crete", "MOVE 3 GALLEY TYM-ION-CRT" },
	{ "move 1 legion rom-nea-rom-nea", "MOVE 1 LEGION ROM-NEA-ROM-NEA" },
	{ "attack galley ion greeks", "ATTACK GALLEY ION GREEKS" },
	{ "attack greeks galley in ion", "ATTACK GALLEY ION GREEKS" },
	{ "attack legion ath g", "ATTACK LEGION ATH GREEKS" },
	{ "attack galley ion Phoenician", "ATTACK GALLEY ION PHOENICIANS" },
	{ "conquer athens give legion galley", "CONQUER ATH GIVE 1 LEGION 1 GALLEY" },
	{ "conquer ath give 2 legions", "CONQUER ATH GIVE 2 LEGION" },
	{ "conquer ath", "CONQUER ATH" },
	{ "found knossos", "FOUND CRT" },
	{ "FOUND CRT", "FOUND CRT" },
};

static const struct { const char *in, *why; } refusals[] = {
	{ "move 2 legions rom", "a path needs at least two provinces" },
	{ "move 2 legions rom-nea-rom-nea-rom", "a path has at most 4 provinces" },
	{ "arm 4 legions rom", "ARM takes 1 to 3 units" },
	{ "arm 0 legions rom", "ARM takes 1 to 3 units" },
	{ "TEMPLE Romx", "unknown province 'Romx' (did you mean ROM, Roma?)" },
	{ "move 2 galey tym-ion", "unknown word 'galey' (did you mean GALLEY?)" },
	{ "rondel marble pay 6 iron", "PAY names 1 to 5 paid steps" },
	{ "rondel marble pay 0 iron", "PAY names 1 to 5 paid steps" },
	{ "rondel", "RONDEL takes one wedge" },
	{ "rondel iron gold", "RONDEL takes one wedge" },
	{ "pay 2 iron", "PAY belongs on the RONDEL line" },
	{ "temple", "TEMPLE takes one province" },
	{ "know rom", "KNOW takes one know-how" },
	{ "attack galley ion", "ATTACK takes LEGION or GALLEY" },
	{ "conquer ath give", "CONQUER takes a province" },
	{ "found", "FOUND takes one province" },
	{ "move 20 legions rom-nea", "MOVE takes 1 to 17 units" },
	{ "hello", "unknown province 'hello' (did you mean PEL, Pella?)" },
	{ "xyzzy 2", "unknown word 'xyzzy'" },
	{ "rom nea", "not an order" },
};

static void test_grammar(void)
{
	struct strbuf why = STRBUF_INIT, out = STRBUF_INIT;
	struct ant_order o;

	for (size_t i = 0; i < sizeof readings / sizeof readings[0]; i++) {
		strbuf_reset(&why);
		strbuf_reset(&out);
		int rc = ant_parse_line(&board.map, readings[i].in, strlen(readings[i].in), &o, &why);
		CHECK(rc == 0, "'%s' refused: %s", readings[i].in, why.buf);
		if (rc)
			continue;
		ant_order_write(&board.map, &o, &out);
		CHECK_STR(readings[i].in, out.buf, readings[i].canon);
	}
	for (size_t i = 0; i < sizeof refusals / sizeof refusals[0]; i++) {
		strbuf_reset(&why);
		int rc = ant_parse_line(&board.map, refusals[i].in, strlen(refusals[i].in), &o, &why);
		CHECK(rc == 1, "'%s' was read", refusals[i].in);
		CHECK(why.len && strstr(why.buf, refusals[i].why), "'%s': '%s' lacks '%s'",
		      refusals[i].in, why.buf, refusals[i].why);
	}
	/* the bare MANEUVER is left to the check, which knows the wedge */
	EXPECT(ant_parse_line(&board.map, "rondel maneuver", 15, &o, &why) == 0);
	CHECK_EQ(o.wedge, ANT_W_MANEUVER_NEARER);
	EXPECT(ant_parse_line(&board.map, "move 2 galleys tym-ion", 22, &o, &why) == 0);
	CHECK_EQ(o.count, 2);
	CHECK_EQ(o.unit, ANT_GALLEY);
	CHECK_EQ(o.npath, 2);
	CHECK_EQ(o.path[1], ION);
	CHECK_EQ(o.fight, 0);
	EXPECT(ant_parse_line(&board.map, "conquer ath", 11, &o, &why) == 0);
	CHECK_EQ(o.give[ANT_LEGION], -1);
	CHECK_EQ(o.give[ANT_GALLEY], -1);
	EXPECT(ant_parse_line(&board.map, "rondel iron pay coin", 20, &o, &why) == 0);
	CHECK_EQ(o.pay[ANT_COIN], 1);
	strbuf_release(&why);
	strbuf_release(&out);
}

/* Every canonical form reads back to itself, and the strict reader takes
 * nothing else. */
static void test_round_trip(void)
{
	struct ant_turn_orders t;
	struct strbuf all = STRBUF_INIT, back = STRBUF_INIT;

	for (size_t i = 0; i < sizeof readings / sizeof readings[0]; i++)
		strbuf_addf(&all, "%s\n", readings[i].canon);
	EXPECT(ant_orders_read(&board.map, all.buf, &t) == 0);
	CHECK_EQ(t.n, (int)(sizeof readings / sizeof readings[0]));
	for (int i = 0; i < t.n; i++) {
		ant_order_write(&board.map, &t.o[i], &back);
		strbuf_addch(&back, '\n');
	}
	CHECK_STR("round trip", back.buf, all.buf);

	static const char *const not_canonical[] = {
		"rondel iron", "RONDEL MANEUVER", "MOVE 1 LEGION ROM - NEA", "ARM LEGION ROM",
		"TEMPLE Roma", "RONDEL IRON PAY 1 COIN 1 MARBLE", "ATTACK GALLEY ION G",
		"CONQUER ATH GIVE 1 GALLEY 1 LEGION", "MOVE 1 LEGIONS ROM-NEA", "KNOW  WHEEL",
		"TEMPLE ROMX",
	};
	for (size_t i = 0; i < sizeof not_canonical / sizeof not_canonical[0]; i++) {
		strbuf_reset(&all);
		strbuf_addf(&all, "RONDEL TEMPLE\n%s\n", not_canonical[i]);
		CHECK(ant_orders_read(&board.map, all.buf, &t) == -1, "'%s' read as canonical",
		      not_canonical[i]);
		CHECK(strstr(fail_text(), "line 2") != NULL, "'%s': %s", not_canonical[i], fail_text());
	}
	strbuf_release(&all);
	strbuf_release(&back);
}

static void test_standing(void)
{
	static const struct { const char *in, *canon; } stances[] = {
		{ "fight if city", "FIGHT CITY" },
		{ "Fight always against Greeks in Athens", "FIGHT ALWAYS AGAINST GREEKS IN ATH" },
		{ "fight never in ion against g", "FIGHT NEVER AGAINST GREEKS IN ION" },
		{ "FIGHT NEVER AGAINST PHOENICIANS", "FIGHT NEVER AGAINST PHOENICIANS" },
		{ "fight always at rome", "FIGHT ALWAYS IN ROM" },
	};
	struct strbuf why = STRBUF_INIT, out = STRBUF_INIT, all = STRBUF_INIT;
	struct ant_stance_rule r;
	struct ant_standing s;

	for (size_t i = 0; i < sizeof stances / sizeof stances[0]; i++) {
		strbuf_reset(&out);
		int rc = ant_parse_stance(&board.map, stances[i].in, strlen(stances[i].in), &r, &why);
		CHECK(rc == 0, "'%s' refused: %s", stances[i].in, why.buf);
		ant_stance_write(&board.map, &r, &out);
		CHECK_STR(stances[i].in, out.buf, stances[i].canon);
		strbuf_addf(&all, "%s\n", stances[i].canon);
	}
	EXPECT(ant_parse_stance(&board.map, "fight always in ion against g", 29, &r, &why) == 0);
	CHECK_EQ(r.stance, ANT_FIGHT_ALWAYS);
	CHECK_EQ(r.prov, ION);
	CHECK_EQ(r.against, GREEKS);
	strbuf_reset(&why);
	EXPECT(ant_parse_stance(&board.map, "fight sometimes", 15, &r, &why) == 1);
	CHECK(strstr(why.buf, "unknown word 'sometimes'") != NULL, "%s", why.buf);
	strbuf_reset(&why);
	EXPECT(ant_parse_stance(&board.map, "fight in rom", 12, &r, &why) == 1);
	CHECK(strstr(why.buf, "FIGHT takes ALWAYS, NEVER or CITY") != NULL, "%s", why.buf);
	EXPECT(ant_standing_read(&board.map, all.buf, &s) == 0);
	CHECK_EQ(s.n, (int)(sizeof stances / sizeof stances[0]));
	CHECK_EQ(s.r[1].prov, ATH);
	EXPECT(ant_standing_read(&board.map, "FIGHT CITY\nfight never\n", &s) == -1);
	CHECK(strstr(fail_text(), "line 2") != NULL, "%s", fail_text());
	strbuf_release(&why);
	strbuf_release(&out);
	strbuf_release(&all);
}

/* ---- the checks on arrival ---- */

static struct ant_state state;
static struct ant_check_scratch scratch;

/* The Romans (active, second in turn order) at IRON: Roma with a temple, Neapolis, Mediolanum;
 * three legions in Roma, two galleys in the Tyrrhenian sea.  The Greeks:
 * Athenae and Pella, a legion in Athenae and a galley in the Ionian sea. */
static void position(void)
{
	struct ant_pos *p = &state.pos;

	memset(&state, 0, sizeof state);
	p->round = 2;
	p->turn = 3;
	p->nnations = p->norder = 3;
	/* the Phoenicians start: no round begins before the Romans' or the
	 * Greeks' turn */
	p->order[0] = PHOENICIANS, p->order[1] = ROMANS, p->order[2] = GREEKS;
	p->active = 1;
	p->target = 10;
	memset(p->owner, -1, sizeof p->owner);
	p->owner[ROM] = p->owner[NEA] = p->owner[MED] = ROMANS;
	p->temple[ROM] = 1;
	p->owner[ATH] = p->owner[PEL] = GREEKS;
	p->units[ROM][ROMANS][ANT_LEGION] = 3;
	p->units[TYM][ROMANS][ANT_GALLEY] = 2;
	p->units[ATH][GREEKS][ANT_LEGION] = 1;
	p->units[ION][GREEKS][ANT_GALLEY] = 1;
	for (int n = 0; n < 3; n++) {
		p->nat[n].in_play = 1;
		p->nat[n].wedge = ANT_W_IRON;
	}
	p->nat[ROMANS].res[ANT_MARBLE] = 6;
	p->nat[ROMANS].res[ANT_IRON] = 2;
	p->nat[ROMANS].res[ANT_GOLD] = 3;
	p->nat[ROMANS].coins = 1;
	p->nat[GREEKS].know = 1u << ANT_K_SAILING;
	p->nat[GREEKS].wedge = ANT_W_GOLD;
	p->bank_coins = ANT_COINS - 1;
}

static struct order_line out;
static int power = ROMANS;

/* Begin a set of power's orders. */
static void begin(int p)
{
	memset(&scratch, 0, sizeof scratch);
	power = p;
}

/* One line of the set: ORDER_ACCEPTED or ORDER_REJECTED, out filled. */
static int line(const char *text, int standing)
{
	struct order_check c = { &variant, &state, power, standing, &scratch };

	strbuf_reset(&out.canon);
	strbuf_reset(&out.shown);
	strbuf_reset(&out.why);
	strbuf_reset(&out.hint);
	out.replaces = -1;
	return ant_check_line(&c, text, strlen(text), &out);
}

#define ACCEPT(text, canon_)                                                            \
	do {                                                                            \
		int v_ = line(text, 0);                                                 \
		CHECK(v_ == ORDER_ACCEPTED, "'%s' refused: %s", text, out.why.buf);     \
		CHECK_STR(text, out.canon.buf, canon_);                                 \
	} while (0)

#define REFUSE(text, why_)                                                              \
	do {                                                                            \
		int v_ = line(text, 0);                                                 \
		CHECK(v_ == ORDER_REJECTED, "'%s' accepted as %s", text, out.canon.buf); \
		CHECK(strstr(out.why.buf, why_) != NULL, "'%s': '%s' lacks '%s'", text,  \
		      out.why.buf, why_);                                               \
	} while (0)

static void test_rondel(void)
{
	position();
	begin(ROMANS);
	REFUSE("temple nea", "the first order of a turn is RONDEL");
	ACCEPT("rondel temple", "RONDEL TEMPLE");
	CHECK_STR("shown", out.shown.buf, "RONDEL TEMPLE (1 step, free)");
	REFUSE("rondel gold", "one RONDEL a turn");
	REFUSE("arm legion rom", "ARM orders need the ARMING wedge (yours is TEMPLE)");
	REFUSE("move legion rom-nea", "MOVE orders need a MANEUVER wedge");
	REFUSE("know wheel", "KNOW orders need the KNOW-HOW wedge");

	/* paid steps: IRON to MARBLE is 5, 2 of them paid */
	begin(ROMANS);
	REFUSE("rondel marble pay 1 iron", "5 steps, 2 of them paid, but PAY names 1");
	begin(ROMANS);
	ACCEPT("rondel marble pay iron gold", "RONDEL MARBLE PAY 1 IRON 1 GOLD");
	CHECK_STR("shown", out.shown.buf, "RONDEL MARBLE PAY 1 IRON 1 GOLD (5 steps, 2 paid)");
	CHECK_EQ(scratch.pos.nat[ROMANS].res[ANT_IRON], 1);
	CHECK_EQ(scratch.pos.nat[ROMANS].res[ANT_GOLD], 2);
	begin(ROMANS);
	ACCEPT("rondel marble", "RONDEL MARBLE");
	CHECK_STR("shown", out.shown.buf, "RONDEL MARBLE (5 steps, 2 paid with what you hold most of)");
	begin(ROMANS);
	REFUSE("rondel marble pay 2 coins", "PAY names 2 coins and you have 1");
	/* the coin named is not there to stand in for the marble */
	state.pos.nat[ROMANS].res[ANT_MARBLE] = 0;
	begin(ROMANS);
	REFUSE("rondel marble pay 1 marble 1 coin", "PAY costs 1 marble and you have only 0 marble");
	state.pos.nat[ROMANS].coins = 2;
	begin(ROMANS);
	ACCEPT("rondel marble pay 1 marble 1 coin", "RONDEL MARBLE PAY 1 MARBLE 1 COIN");
	CHECK_EQ(scratch.pos.nat[ROMANS].coins, 0);

	/* nothing to pay with */
	position();
	memset(state.pos.nat[ROMANS].res, 0, sizeof state.pos.nat[ROMANS].res);
	state.pos.nat[ROMANS].coins = 0;
	begin(ROMANS);
	REFUSE("rondel arming", "4 steps, 1 of them paid, and you have only 0 marble");
	begin(ROMANS);
	ACCEPT("rondel maneuver", "RONDEL MANEUVER1");
	CHECK_STR("shown", out.shown.buf, "RONDEL MANEUVER1 (3 steps, free)");

	/* the game's first turn: round 1's coins come before it, so its
	 * coin pays (later rounds' coins are handed out when the last
	 * nation's turn ends: the start player holds its coin already) */
	state.pos.order[0] = ROMANS, state.pos.order[1] = PHOENICIANS;
	state.pos.active = 0;
	state.pos.turn = 0;
	begin(ROMANS);
	ACCEPT("rondel arming", "RONDEL ARMING");
	CHECK_EQ(scratch.pos.nat[ROMANS].coins, 0);
	begin(ROMANS);
	REFUSE("rondel marble", "2 of them paid, and you have only 0 marble, 0 iron, 0 gold and "
	       "1 coin (with the coin of the round that begins first)");
	/* the Phoenicians are active: the round begins before the Greeks'
	 * next turn */
	state.pos.order[1] = GREEKS, state.pos.order[2] = PHOENICIANS;
	state.pos.active = 2;
	memset(state.pos.nat[GREEKS].res, 0, sizeof state.pos.nat[GREEKS].res);
	begin(GREEKS);
	ACCEPT("rondel marble", "RONDEL MARBLE");    /* GOLD to MARBLE: 3 steps, free */
	begin(GREEKS);
	ACCEPT("rondel know-how", "RONDEL KNOW-HOW");
	CHECK_EQ(scratch.pos.nat[GREEKS].coins, 0);
	/* no coin in the bank: a resource instead */
	state.pos.bank_coins = 0;
	begin(GREEKS);
	ACCEPT("rondel know-how", "RONDEL KNOW-HOW");
	CHECK_EQ(scratch.pos.nat[GREEKS].res[ANT_MARBLE], 0);
	begin(GREEKS);
	REFUSE("rondel know-how pay 1 coin", "PAY names 1 coin and you have 0");
	REFUSE("move galley ion-tym", "the RONDEL line was refused, so this line has no wedge");

	/* the first turn: any wedge, free */
	position();
	position();
	state.pos.nat[ROMANS].wedge = ANT_W_NONE;
	begin(ROMANS);
	REFUSE("rondel marble pay 1 iron", "the first turn's wedge is free");
	begin(ROMANS);
	ACCEPT("rondel marble", "RONDEL MARBLE");
	CHECK_STR("shown", out.shown.buf, "RONDEL MARBLE (first turn: any wedge, free)");
}

static void test_temple(void)
{
	position();
	begin(ROMANS);
	ACCEPT("rondel temple", "RONDEL TEMPLE");
	REFUSE("temple rom", "ROM has a temple already");
	REFUSE("temple ath", "ATH is not your city");
	ACCEPT("temple nea", "TEMPLE NEA");
	CHECK_STR("shown", out.shown.buf, "TEMPLE NEA (5 marble)");
	REFUSE("temple nea", "NEA has a temple ordered already");
	/* 1 marble and 1 coin are left */
	REFUSE("temple med", "a temple costs 5 marble and you would have");
	CHECK_EQ(scratch.pos.nat[ROMANS].res[ANT_MARBLE], 1);

	/* twenty temples on the board: twenty more provinces, just for this */
	position();
	board.map.nprov = NPROV + ANT_TEMPLES;
	for (int p = NPROV; p < NPROV + ANT_TEMPLES - 2; p++)
		state.pos.temple[p] = 1;
	begin(ROMANS);
	ACCEPT("rondel temple", "RONDEL TEMPLE");
	ACCEPT("temple nea", "TEMPLE NEA");
	REFUSE("temple med", "all 20 temples are on the board");
	board.map.nprov = NPROV;
}

static void test_arm(void)
{
	position();
	state.pos.nat[ROMANS].wedge = ANT_W_GOLD;
	begin(ROMANS);
	ACCEPT("rondel arms", "RONDEL ARMING");
	REFUSE("arm legion ath", "you have no city in ATH");
	REFUSE("arm galley med", "a galley cannot stand in MED");
	REFUSE("arm 2 legions nea", "at most 1 new unit a turn in NEA");
	ACCEPT("arm legion rom", "ARM 1 LEGION ROM");
	CHECK_STR("shown", out.shown.buf, "ARM 1 LEGION ROM (1 iron)");
	REFUSE("arm 3 galleys rom", "at most 3 new units a turn in ROM");
	ACCEPT("arm galley nea", "ARM 1 GALLEY NEA");
	/* the iron is gone; the coin pays one more */
	ACCEPT("arm 1 galley rom", "ARM 1 GALLEY ROM");
	REFUSE("arm legion med", "arming costs 1 iron and you would have");

	position();
	state.pos.nat[ROMANS].wedge = ANT_W_GOLD;
	state.pos.units[MED][ROMANS][ANT_LEGION] = 13;    /* 16 on the board */
	begin(ROMANS);
	ACCEPT("rondel arming", "RONDEL ARMING");
	REFUSE("arm 2 legions rom", "only 1 of your 17 legions are left to arm");
	ACCEPT("arm 1 legion rom", "ARM 1 LEGION ROM");
	REFUSE("arm 1 legion med", "only 0 of your 17 legions are left to arm");
}

static void test_know(void)
{
	/* RG-VII's example: no know-hows, the Greeks own SAILING */
	position();
	state.pos.nat[ROMANS].wedge = ANT_W_MARBLE;
	state.pos.nat[ROMANS].res[ANT_GOLD] = 13;
	state.pos.nat[ROMANS].coins = 0;
	begin(ROMANS);
	ACCEPT("rondel know-how", "RONDEL KNOW-HOW");
	ACCEPT("buy navigation", "KNOW NAVIGATION");
	CHECK_STR("shown", out.shown.buf, "KNOW NAVIGATION (SAILING 3 + NAVIGATION 10 = 13 gold)");
	CHECK_EQ(scratch.pos.nat[ROMANS].res[ANT_GOLD], 0);
	REFUSE("know sailing", "you know SAILING from an earlier line");
	REFUSE("know wheel", "WHEEL costs 7 gold");

	position();
	state.pos.nat[ROMANS].wedge = ANT_W_MARBLE;
	state.pos.nat[ROMANS].know = 1u << ANT_K_WHEEL;
	begin(ROMANS);
	ACCEPT("rondel knowhow", "RONDEL KNOW-HOW");
	REFUSE("know wheel", "you know WHEEL already");
}

static void test_maneuver(void)
{
	position();
	begin(ROMANS);
	ACCEPT("rondel maneuver", "RONDEL MANEUVER1");
	REFUSE("move legion rom-tym", "a legion cannot cross the sea border from ROM to TYM");
	REFUSE("move legion rom-ath", "ROM and ATH do not border");
	REFUSE("move galley tym-rom-nea", "a galley cannot cross the land border from ROM to NEA");
	REFUSE("move legion rom-med-rom", "your legions have 1 action (WHEEL gives a legion 2");
	REFUSE("move 4 legions rom-nea", "only 3 of your legions in ROM can still cross 1 border");
	REFUSE("move galley ion-ath", "you have no galley in ION");
	ACCEPT("move 2 legions rom-nea", "MOVE 2 LEGION ROM-NEA");
	REFUSE("move 2 legions rom-nea", "only 1 of your legions in ROM");
	/* those that moved are tipped over */
	REFUSE("move 1 legion nea-rom", "only 0 of your legions in NEA can still cross 1 border");
	ACCEPT("move 2 galleys tym-ion fight", "MOVE 2 GALLEY TYM-ION FIGHT");
	ACCEPT("attack galley ion greeks", "ATTACK GALLEY ION GREEKS");
	REFUSE("attack galley ion romans", "you cannot attack your own units");
	REFUSE("attack legion ath greeks", "you have no legion in ATH");
	REFUSE("attack legion nea greeks", "the Greeks have no legion in NEA");
	REFUSE("attack legion nea phoenicians", "the Phoenicians have no legion in NEA");
	ACCEPT("conquer ath", "CONQUER ATH");
	REFUSE("conquer ath", "an earlier line conquers ATH already");
	REFUSE("conquer nea", "NEA is your own city");
	REFUSE("conquer tym", "there is no city in TYM");
	REFUSE("conquer crt", "there is no city in CRT");
	REFUSE("temple nea", "TEMPLE orders need the TEMPLE wedge (yours is MANEUVER1)");

	/* the last city; more actions with know-hows */
	position();
	state.pos.owner[PEL] = -1;
	state.pos.nat[ROMANS].know = 1u << ANT_K_SAILING | 1u << ANT_K_WHEEL;
	state.pos.nat[ROMANS].wedge = ANT_W_KNOWHOW;
	begin(ROMANS);
	ACCEPT("rondel maneuver", "RONDEL MANEUVER2");
	REFUSE("conquer athens", "ATH is the last city of the Greeks: it cannot be taken");
	ACCEPT("move 1 legion rom-med-rom", "MOVE 1 LEGION ROM-MED-ROM");
	ACCEPT("move galley tym-ion-crt", "MOVE 1 GALLEY TYM-ION-CRT");
	REFUSE("move galley tym-ion-crt-ion", "your galleys have 2 actions");
	ACCEPT("found crt", "FOUND CRT");
	CHECK_STR("shown", out.shown.buf, "FOUND CRT (1 marble, 1 iron, 1 gold)");
	REFUSE("found crete", "CRT has a city ordered by an earlier line");

	/* founding follows the action: a MOVE below the FOUND counts, and the
	 * end of the set says when none came */
	struct strbuf echo = STRBUF_INIT;
	struct order_check c = { &variant, &state, ROMANS, 0, &scratch };
	position();
	state.pos.owner[MED] = -1;
	begin(ROMANS);
	ACCEPT("rondel maneuver", "RONDEL MANEUVER1");
	ACCEPT("found med", "FOUND MED");
	CHECK_STR("shown", out.shown.buf, "FOUND MED (1 marble, 1 iron, 1 gold; a MOVE of these "
	          "orders must bring a unit there)");
	ant_check_done(&c, 0, "RONDEL MANEUVER1\nFOUND MED\n", &echo, 0);
	CHECK(strstr(echo.buf, "FOUND MED: no unit of yours is there") != NULL, "%s", echo.buf);
	ACCEPT("move legion rom-med", "MOVE 1 LEGION ROM-MED");
	strbuf_reset(&echo);
	ant_check_done(&c, 0, "RONDEL MANEUVER1\nFOUND MED\nMOVE 1 LEGION ROM-MED\n", &echo, 0);
	CHECK_EQ((int)echo.len, 0);
	strbuf_release(&echo);
}

static void test_found(void)
{
	position();
	state.pos.units[CRT][ROMANS][ANT_GALLEY] = 1;
	state.pos.units[PEL][ROMANS][ANT_LEGION] = 1;
	begin(ROMANS);
	ACCEPT("rondel gold", "RONDEL GOLD");
	REFUSE("found tym", "TYM is a sea: cities stand on land");
	REFUSE("found pel", "PEL has a city already");
	REFUSE("found med", "MED has a city already");

	position();
	state.pos.owner[MED] = -1;
	begin(ROMANS);
	ACCEPT("rondel gold", "RONDEL GOLD");
	REFUSE("found med", "you have no unit in MED");
	state.pos.units[CRT][ROMANS][ANT_GALLEY] = 1;
	ACCEPT("found crt", "FOUND CRT");
	CHECK_EQ(scratch.pos.nat[ROMANS].res[ANT_IRON], 1);

	/* no iron, no coins: the city cannot be paid */
	position();
	state.pos.units[CRT][ROMANS][ANT_GALLEY] = 1;
	state.pos.nat[ROMANS].res[ANT_IRON] = 0;
	state.pos.nat[ROMANS].coins = 0;
	begin(ROMANS);
	ACCEPT("rondel gold", "RONDEL GOLD");
	REFUSE("found crt", "a city costs 1 iron");
	CHECK_EQ(scratch.pos.nat[ROMANS].res[ANT_MARBLE], 6);    /* nothing taken */
}

static void test_other_nation(void)
{
	struct strbuf echo = STRBUF_INIT;
	struct order_check c = { &variant, &state, GREEKS, 0, &scratch };

	/* the Greeks' orders for their next turn, from GOLD where they stand */
	position();
	begin(GREEKS);
	ACCEPT("rondel maneuver", "RONDEL MANEUVER1");
	CHECK_STR("shown", out.shown.buf, "RONDEL MANEUVER1 (1 step, free)");
	ACCEPT("move galley ion-tym fight", "MOVE 1 GALLEY ION-TYM FIGHT");
	ACCEPT("attack galley tym romans", "ATTACK GALLEY TYM ROMANS");
	REFUSE("move galley ion-tym", "you have no galley in ION");
	ant_check_done(&c, 1, "RONDEL MANEUVER1\nMOVE 1 GALLEY ION-TYM FIGHT\n", &echo, 0);
	CHECK(strstr(echo.buf, "held for your next turn") != NULL, "%s", echo.buf);
	CHECK(strstr(echo.buf, "by default") == NULL, "%s", echo.buf);

	/* a set whose RONDEL was refused is played by default */
	strbuf_reset(&echo);
	c.power = ROMANS;
	ant_check_done(&c, 2, "", &echo, 0);
	CHECK(strstr(echo.buf, "played by default") != NULL, "%s", echo.buf);
	CHECK(strstr(echo.buf, "held for your next turn") == NULL, "%s", echo.buf);

	/* a nation out of play orders nothing */
	state.pos.nat[PHOENICIANS].in_play = 0;
	begin(PHOENICIANS);
	REFUSE("rondel iron", "the Phoenicians are not in play");

	/* standing battle orders */
	begin(ROMANS);
	EXPECT(line("fight always against greeks in athens", 1) == ORDER_ACCEPTED);
	CHECK_STR("standing", out.canon.buf, "FIGHT ALWAYS AGAINST GREEKS IN ATH");
	EXPECT(line("fight in rom", 1) == ORDER_REJECTED);
	strbuf_reset(&echo);
	c.standing = 1;
	ant_check_done(&c, 0, "", &echo, 0);
	CHECK_EQ((int)echo.len, 0);
	strbuf_release(&echo);
}

/* ---- the real map (variants/antike/map.txt) ---- */

static struct ant_board real;

static int real_nation(char letter)
{
	for (int n = 0; n < real.map.nnations; n++)
		if (real.map.nation[n].letter == letter)
			return n;
	check_abort("no nation %c on the map", letter);
	return -1;
}

/* Every name of every province and nation reads as what it names: none
 * is taken by a word of the grammar, nor by another's name. */
static void test_real_names(void)
{
	const struct ant_map *m = &real.map;
	struct strbuf in = STRBUF_INIT, want = STRBUF_INIT, got = STRBUF_INIT, why = STRBUF_INIT;
	struct ant_order o;

	for (int p = 0; p < m->nprov; p++) {
		const struct ant_province *pr = &m->prov[p];
		const char *names[2 + ANT_MAX_ALIASES] = { pr->code, pr->name };
		for (int a = 0; a < pr->naliases; a++)
			names[2 + a] = pr->alias[a];
		for (int i = 0; i < 2 + pr->naliases; i++) {
			strbuf_reset(&in), strbuf_reset(&want), strbuf_reset(&got), strbuf_reset(&why);
			strbuf_addf(&in, "temple %s", names[i]);
			strbuf_addf(&want, "TEMPLE %s", pr->code);
			if (ant_parse_line(m, in.buf, in.len, &o, &why) == 0)
				ant_order_write(m, &o, &got);
			CHECK_STR(in.buf, got.buf, want.buf);
		}
	}
	for (int n = 0; n < m->nnations; n++) {
		char letter[2] = { m->nation[n].letter, 0 };
		const char *names[3] = { m->nation[n].name, m->nation[n].adjective, letter };
		for (int i = 0; i < 3; i++) {
			strbuf_reset(&in), strbuf_reset(&got), strbuf_reset(&why);
			strbuf_addf(&in, "attack galley ion %s", names[i]);
			if (ant_parse_line(m, in.buf, in.len, &o, &why) == 0)
				ant_order_write(m, &o, &got);
			CHECK(o.against == n, "'%s' read as %s (%s)", in.buf, got.buf, why.buf);
		}
	}
	static const struct { const char *in, *canon; } lines[] = {
		{ "move 3 galleys pella - mare aegaeum - athens fight", "MOVE 3 GALLEY PEL-AEG-ATH FIGHT" },
		{ "conquer tyre give 2 galleys", "CONQUER TYR GIVE 2 GALLEY" },
		{ "conquer dyr give legion galley", "CONQUER DYR GIVE 1 LEGION 1 GALLEY" },
		{ "found knossos", "FOUND CRT" },
		{ "attack phoenician galleys mare ionium", "ATTACK GALLEY ION PHOENICIANS" },
	};
	for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++) {
		strbuf_reset(&got), strbuf_reset(&why);
		if (ant_parse_line(m, lines[i].in, strlen(lines[i].in), &o, &why) == 0)
			ant_order_write(m, &o, &got);
		CHECK_STR(lines[i].in, got.buf, lines[i].canon);
	}
	strbuf_reset(&why);
	EXPECT(ant_parse_line(m, "TEMPLE Romx", 11, &o, &why) == 1);
	CHECK_STR("suggestion", why.buf, "unknown province 'Romx' (did you mean ROM, Roma?)");
	strbuf_release(&in);
	strbuf_release(&want);
	strbuf_release(&got);
	strbuf_release(&why);
}

/* The Romans' first turn in a game of four: the wedge free, arming at
 * their start cities, the round's coin paying the second unit. */
static void test_real_first_turn(void)
{
	struct variant v = { 0 };
	struct ant_state st;
	struct ant_check_scratch sc;
	int romans = real_nation('R');
	struct order_check c = { &v, &st, romans, 0, &sc };
	static const struct { const char *line; int verdict; const char *text; } turn[] = {
		{ "rondel arming", ORDER_ACCEPTED, "RONDEL ARMING (first turn: any wedge, free)" },
		{ "arm legion rome", ORDER_ACCEPTED, "ARM 1 LEGION ROM (1 iron)" },
		{ "arm legion rom", ORDER_REJECTED, "at most 1 new unit a turn in ROM" },
		{ "arm galley aquileia", ORDER_ACCEPTED, "ARM 1 GALLEY AQU (1 iron)" },
		{ "arm legion med", ORDER_REJECTED, "arming costs 1 iron and you would have" },
		{ "arm legion athens", ORDER_REJECTED, "you have no city in ATH" },
	};

	v.data = &real;
	memset(&st, 0, sizeof st);
	memset(&sc, 0, sizeof sc);
	ant_initial(&real.map, 4, &st.pos);
	CHECK(st.pos.nat[romans].in_play, "the Romans play in a game of four");
	for (size_t i = 0; i < sizeof turn / sizeof turn[0]; i++) {
		strbuf_reset(&out.canon), strbuf_reset(&out.shown), strbuf_reset(&out.why);
		int got = ant_check_line(&c, turn[i].line, strlen(turn[i].line), &out);
		const char *said = got == ORDER_REJECTED ? out.why.buf :
		                   out.shown.len ? out.shown.buf : out.canon.buf;
		CHECK(got == turn[i].verdict && strstr(said, turn[i].text), "'%s': %s (want '%s')",
		      turn[i].line, said, turn[i].text);
	}
}

int main(void)
{
	strbuf_init(&out.canon);
	strbuf_init(&out.shown);
	strbuf_init(&out.why);
	strbuf_init(&out.hint);
	make_map();
	test_grammar();
	test_round_trip();
	test_standing();
	test_rondel();
	test_temple();
	test_arm();
	test_know();
	test_maneuver();
	test_found();
	test_other_nation();
	if (ant_board_load(JUDGE_SRCDIR "/variants/antike/map.txt", &real)) {
		CHECK(0, "the real map does not load: %s", fail_text());
	} else {
		test_real_names();
		test_real_first_turn();
	}
	strbuf_release(&out.canon);
	strbuf_release(&out.shown);
	strbuf_release(&out.why);
	strbuf_release(&out.hint);
	return check_done("antike_orders_test");
}
