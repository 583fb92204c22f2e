/*
 * antike_maneuver_test.c - the maneuver (adjudicator/antike_maneuver.c)
 * against seed 001's and RESEARCH 5's examples, and the spec's house
 * rules where the seed is silent.
 *
 * A small map made here rather than variants/antike/map.txt: each example
 * needs a precise neighbourhood (a strait only galleys cross, an inland
 * province, a chain of three land borders), and a hand-made one keeps the
 * test about the rules, not about the board's data.
 */
#include <string.h>

#include "adjudicator/antike.h"
#include "tests/check.h"

enum { ATH, AEG, ION, PEL, ARC, ILL, DAL, ETR, ROM, TYR, LEV, SID, COR, NPROV };
enum { R, G, T, P };            /* nation indexes, as the map would give them */

static struct ant_map map;
static struct ant_pos pos;
static struct ant_standing standing[ANT_MAX_NATIONS];
static struct ant_maneuver mv;

#define MAX_FACTS 32
static struct ant_fact facts[MAX_FACTS];
static int nfacts;

static void collect(void *arg, const struct ant_fact *f)
{
	(void)arg;
	if (nfacts < MAX_FACTS)
		facts[nfacts++] = *f;
}

/* The first fact of this kind told since the last reset, or NULL. */
static const struct ant_fact *fact(int kind)
{
	for (int i = 0; i < nfacts; i++)
		if (facts[i].kind == kind)
			return &facts[i];
	return NULL;
}

/* The provinces: code, sea, coastal land. */
static const struct { const char *code; int8_t sea, coastal; } provs[NPROV] = {
	[ATH] = { "ATH", 0, 1 }, [AEG] = { "AEG", 1, 0 }, [ION] = { "ION", 1, 0 },
	[PEL] = { "PEL", 0, 1 }, [ARC] = { "ARC", 0, 0 }, [ILL] = { "ILL", 0, 0 },
	[DAL] = { "DAL", 0, 0 }, [ETR] = { "ETR", 0, 0 }, [ROM] = { "ROM", 0, 0 },
	[TYR] = { "TYR", 0, 1 }, [LEV] = { "LEV", 1, 0 }, [SID] = { "SID", 0, 0 },
	[COR] = { "COR", 0, 1 },
};

static void border(int a, int b, int kind)
{
	map.prov[a].nb[map.prov[a].nnb++] = (struct ant_border_to){ (int16_t)b, (int8_t)kind };
	map.prov[b].nb[map.prov[b].nnb++] = (struct ant_border_to){ (int16_t)a, (int8_t)kind };
}

static void make_map(void)
{
	memset(&map, 0, sizeof map);
	map.nprov = NPROV;
	for (int i = 0; i < NPROV; i++) {
		struct ant_province *pr = &map.prov[i];
		strcpy(pr->code, provs[i].code);
		strcpy(pr->name, provs[i].code);
		pr->sea = provs[i].sea;
		pr->coastal = provs[i].coastal;
		pr->res = provs[i].sea ? -1 : ANT_MARBLE;
	}
	border(ION, AEG, ANT_B_SEA);
	border(AEG, ATH, ANT_B_SEA);
	border(ATH, PEL, ANT_B_SEA);      /* a strait: galleys only */
	border(ION, PEL, ANT_B_SEA);
	border(PEL, ARC, ANT_B_LAND);
	border(ILL, DAL, ANT_B_LAND);
	border(DAL, ETR, ANT_B_LAND);
	border(ETR, ROM, ANT_B_LAND);
	border(AEG, LEV, ANT_B_SEA);
	border(LEV, TYR, ANT_B_SEA);
	border(TYR, SID, ANT_B_LAND);
	border(LEV, COR, ANT_B_SEA);
	border(COR, TYR, ANT_B_BOTH);
	map.nnations = 4;
}

/* Four nations, P T R G in turn order, the Romans to play; each has a
 * home city so that the city taken is never its last. */
static void reset(void)
{
	memset(&pos, 0, sizeof pos);
	memset(standing, 0, sizeof standing);
	pos.round = 1;
	pos.nnations = pos.norder = 4;
	memcpy(pos.order, (int8_t[]){ P, T, R, G }, 4);
	pos.active = 2;
	for (int i = 0; i < ANT_MAX_PROV; i++)
		pos.owner[i] = -1;
	for (int n = 0; n < 4; n++)
		pos.nat[n].in_play = 1;
	pos.owner[ROM] = R;
	pos.owner[ATH] = G;
	pos.owner[SID] = P;
	pos.owner[ARC] = T;
	nfacts = 0;
}

static void begin(void)
{
	ant_maneuver_begin(&map, &pos, R, &mv);
}

static struct ant_order move(int count, int u, int fight, int npath, const int *path)
{
	struct ant_order o;

	memset(&o, 0, sizeof o);
	o.kind = ANT_O_MOVE;
	o.count = (int16_t)count;
	o.unit = (int8_t)u;
	o.fight = (int8_t)fight;
	o.npath = (int8_t)npath;
	for (int i = 0; i < npath; i++)
		o.path[i] = (int16_t)path[i];
	return o;
}

#define MOVE(count, u, fight, ...) \
	move(count, u, fight, (int)(sizeof((int[]){ __VA_ARGS__ }) / sizeof(int)), (int[]){ __VA_ARGS__ })

static struct ant_order conquer(int prov, int legions, int galleys)
{
	return (struct ant_order){ .kind = ANT_O_CONQUER, .prov = (int16_t)prov,
	                           .give = { (int16_t)legions, (int16_t)galleys } };
}

static int do_move(struct ant_order o)
{
	return ant_do_move(&map, &pos, R, &o, 0, &mv, standing, collect, NULL);
}

static int do_conquer(struct ant_order o)
{
	return ant_do_conquer(&map, &pos, R, &o, 0, &mv, collect, NULL);
}

static void stance(int nation, int st, int against, int prov)
{
	struct ant_standing *s = &standing[nation];

	s->r[s->n++] = (struct ant_stance_rule){ (int8_t)st, (int8_t)against, (int16_t)prov };
}

static void know(int nation, int k)
{
	pos.nat[nation].know |= (uint8_t)(1u << k);
}

static int skipped_why(void)
{
	const struct ant_fact *f = fact(ANT_F_SKIPPED);
	return f ? f->why : -1;
}

static void test_actions(void)
{
	static const struct { int know, legion, galley; } t[] = {
		{ -1, 1, 1 },
		{ ANT_K_WHEEL, 2, 1 },
		{ ANT_K_ROADS, 3, 1 },
		{ ANT_K_SAILING, 1, 2 },
		{ ANT_K_NAVIGATION, 1, 3 },
		{ ANT_K_MONARCHY, 1, 1 },
	};

	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
		reset();
		if (t[i].know >= 0)
			know(R, t[i].know);
		CHECK_EQ(ant_actions(&pos, R, ANT_LEGION), t[i].legion);
		CHECK_EQ(ant_actions(&pos, R, ANT_GALLEY), t[i].galley);
	}
	/* the effects do not add */
	reset();
	know(R, ANT_K_WHEEL);
	know(R, ANT_K_ROADS);
	CHECK_EQ(ant_actions(&pos, R, ANT_LEGION), 3);
}

static void test_begin(void)
{
	reset();
	know(R, ANT_K_SAILING);
	pos.units[ATH][R][ANT_LEGION] = 2;
	pos.units[AEG][R][ANT_GALLEY] = 3;
	pos.units[AEG][G][ANT_GALLEY] = 4;
	begin();
	CHECK_EQ(mv.left[ATH][ANT_LEGION][1], 2);
	CHECK_EQ(mv.left[AEG][ANT_GALLEY][2], 3);
	CHECK_EQ(mv.left[AEG][ANT_GALLEY][1], 0);
	CHECK_EQ(mv.temples_destroyed, 0);
}

/* Seed 001: three galleys enter Athens where the Greeks have one galley
 * and one legion; the Greeks demand a fight. */
static void test_athens(void)
{
	reset();
	pos.units[AEG][R][ANT_GALLEY] = 3;
	pos.units[ATH][G][ANT_GALLEY] = 1;
	pos.units[ATH][G][ANT_LEGION] = 1;
	stance(G, ANT_FIGHT_ALWAYS, -1, -1);
	begin();
	CHECK_EQ(do_move(MOVE(3, ANT_GALLEY, 0, AEG, ATH)), 0);
	CHECK_EQ(pos.units[ATH][R][ANT_GALLEY], 2);
	CHECK_EQ(pos.units[ATH][G][ANT_GALLEY], 0);
	CHECK_EQ(pos.units[ATH][G][ANT_LEGION], 1);
	CHECK_EQ(pos.units[AEG][R][ANT_GALLEY], 0);
	CHECK_EQ(mv.left[ATH][ANT_GALLEY][0], 2);
	const struct ant_fact *f = fact(ANT_F_BATTLE);
	if (CHECK(f != NULL, "no battle told")) {
		CHECK_EQ(f->nation, R);
		CHECK_EQ(f->other, G);
		CHECK_EQ(f->prov, ATH);
		CHECK_EQ(f->n[0], ANT_GALLEY);
		CHECK_EQ(f->n[1], 3);
		CHECK_EQ(f->n[2], 1);
		CHECK_EQ(f->n[3], 2);
		CHECK_EQ(f->n[4], 1);
	}
	f = fact(ANT_F_MOVE);
	if (CHECK(f != NULL, "no move told")) {
		CHECK_EQ(f->n[0], 3);
		CHECK_EQ(f->n[1], ANT_GALLEY);
		CHECK_EQ(f->npath, 2);
		CHECK_EQ(f->path[1], ATH);
	}
	CHECK(fact(ANT_F_MOVE) < fact(ANT_F_BATTLE), "the move is told before its battle");

	/* Athens is a Greek city: by default the Greeks fight there */
	reset();
	pos.units[AEG][R][ANT_GALLEY] = 3;
	pos.units[ATH][G][ANT_GALLEY] = 1;
	begin();
	do_move(MOVE(3, ANT_GALLEY, 0, AEG, ATH));
	CHECK_EQ(pos.units[ATH][R][ANT_GALLEY], 2);

	/* neither side wants it: no battle */
	reset();
	pos.units[AEG][R][ANT_GALLEY] = 3;
	pos.units[ATH][G][ANT_GALLEY] = 1;
	stance(G, ANT_FIGHT_NEVER, -1, -1);
	begin();
	do_move(MOVE(3, ANT_GALLEY, 0, AEG, ATH));
	CHECK_EQ(pos.units[ATH][R][ANT_GALLEY], 3);
	CHECK_EQ(pos.units[ATH][G][ANT_GALLEY], 1);
	CHECK(fact(ANT_F_BATTLE) == NULL, "a battle nobody wanted");

	/* a battle uses no action: with SAILING the survivors keep one */
	reset();
	know(R, ANT_K_SAILING);
	pos.units[AEG][R][ANT_GALLEY] = 3;
	pos.units[ATH][G][ANT_GALLEY] = 1;
	begin();
	do_move(MOVE(3, ANT_GALLEY, 0, AEG, ATH));
	CHECK_EQ(mv.left[ATH][ANT_GALLEY][1], 2);
	CHECK_EQ(mv.left[ATH][ANT_GALLEY][0], 0);

	/* the mover demands it: demanded by 1; both: 3 */
	for (int both = 0; both < 2; both++) {
		reset();
		pos.units[AEG][R][ANT_GALLEY] = 3;
		pos.units[ATH][G][ANT_GALLEY] = 1;
		stance(G, both ? ANT_FIGHT_ALWAYS : ANT_FIGHT_NEVER, -1, -1);
		begin();
		do_move(MOVE(3, ANT_GALLEY, 1, AEG, ATH));
		f = fact(ANT_F_BATTLE);
		if (CHECK(f != NULL, "no battle told"))
			CHECK_EQ(f->n[3], both ? 3 : 1);
	}
}

/* RESEARCH 5.2 (RG-X): five legions with ROADS march through a province
 * holding one enemy legion on their way to Rome. */
static void test_march(void)
{
	for (int demand = 0; demand < 2; demand++) {
		reset();
		know(R, ANT_K_ROADS);
		pos.units[ILL][R][ANT_LEGION] = 5;
		pos.units[DAL][T][ANT_LEGION] = 1;
		if (demand)
			stance(T, ANT_FIGHT_ALWAYS, R, -1);
		begin();
		CHECK_EQ(do_move(MOVE(5, ANT_LEGION, 0, ILL, DAL, ETR, ROM)), 0);
		CHECK_EQ(pos.units[ROM][R][ANT_LEGION], demand ? 4 : 5);
		CHECK_EQ(pos.units[DAL][T][ANT_LEGION], demand ? 0 : 1);
		CHECK_EQ(pos.units[DAL][R][ANT_LEGION], 0);
		CHECK_EQ(pos.units[ILL][R][ANT_LEGION], 0);
		CHECK_EQ(mv.left[ROM][ANT_LEGION][0], demand ? 4 : 5);
		CHECK_EQ(fact(ANT_F_BATTLE) != NULL, demand);
		CHECK(fact(ANT_F_ENTER_STOPPED) == NULL, "survivors go on");
	}

	/* one legion into two that fight: it is stopped */
	reset();
	know(R, ANT_K_ROADS);
	pos.units[ILL][R][ANT_LEGION] = 1;
	pos.units[DAL][T][ANT_LEGION] = 2;
	stance(T, ANT_FIGHT_ALWAYS, -1, -1);
	begin();
	do_move(MOVE(1, ANT_LEGION, 0, ILL, DAL, ETR));
	CHECK_EQ(pos.units[DAL][T][ANT_LEGION], 1);
	CHECK_EQ(pos.units[ETR][R][ANT_LEGION], 0);
	CHECK_EQ(pos.units[DAL][R][ANT_LEGION], 0);
	const struct ant_fact *f = fact(ANT_F_ENTER_STOPPED);
	if (CHECK(f != NULL, "no stop told"))
		CHECK_EQ(f->prov, DAL);
}

/* Two foreign nations in one province fight in turn order after the
 * mover: with the Romans moving, the Greeks before the Phoenicians. */
static void test_two_nations(void)
{
	reset();
	pos.units[AEG][R][ANT_GALLEY] = 3;
	pos.units[ATH][P][ANT_GALLEY] = 2;
	pos.units[ATH][G][ANT_GALLEY] = 2;
	stance(P, ANT_FIGHT_ALWAYS, -1, -1);
	stance(G, ANT_FIGHT_ALWAYS, -1, -1);
	begin();
	do_move(MOVE(3, ANT_GALLEY, 0, AEG, ATH));
	CHECK_EQ(pos.units[ATH][G][ANT_GALLEY], 0);
	CHECK_EQ(pos.units[ATH][P][ANT_GALLEY], 1);
	CHECK_EQ(pos.units[ATH][R][ANT_GALLEY], 0);
	CHECK_EQ(nfacts > 1 ? facts[1].other : -1, G);
	CHECK_EQ(nfacts > 2 ? facts[2].other : -1, P);
	CHECK_EQ(nfacts > 2 ? facts[2].n[1] : -1, 1);
	CHECK(fact(ANT_F_ENTER_STOPPED) != NULL, "none left");
}

static void test_borders(void)
{
	reset();
	pos.units[ATH][R][ANT_LEGION] = 1;
	begin();
	CHECK_EQ(do_move(MOVE(1, ANT_LEGION, 0, ATH, PEL)), 1);
	CHECK_EQ(skipped_why(), ANT_SKIP_BORDER);
	CHECK_EQ(pos.units[ATH][R][ANT_LEGION], 1);
	CHECK_EQ(mv.left[ATH][ANT_LEGION][1], 1);
	nfacts = 0;
	CHECK_EQ(do_move(MOVE(1, ANT_LEGION, 0, ATH, AEG)), 1);
	CHECK_EQ(skipped_why(), ANT_SKIP_BORDER);

	reset();
	pos.units[PEL][R][ANT_GALLEY] = 1;
	begin();
	CHECK_EQ(do_move(MOVE(1, ANT_GALLEY, 0, PEL, ARC)), 1);
	CHECK_EQ(skipped_why(), ANT_SKIP_BORDER);
	CHECK_EQ(pos.units[PEL][R][ANT_GALLEY], 1);
	nfacts = 0;
	CHECK_EQ(do_move(MOVE(1, ANT_GALLEY, 0, PEL, ATH)), 0);
	CHECK_EQ(pos.units[ATH][R][ANT_GALLEY], 1);

	/* a red-blue border: both cross */
	reset();
	know(R, ANT_K_WHEEL);
	pos.units[COR][R][ANT_LEGION] = 1;
	pos.units[COR][R][ANT_GALLEY] = 1;
	begin();
	CHECK_EQ(do_move(MOVE(1, ANT_LEGION, 0, COR, TYR)), 0);
	CHECK_EQ(do_move(MOVE(1, ANT_GALLEY, 0, COR, TYR)), 0);
	CHECK_EQ(pos.units[TYR][R][ANT_LEGION], 1);
	CHECK_EQ(pos.units[TYR][R][ANT_GALLEY], 1);
}

static void test_actions_left(void)
{
	/* too far for the type, whatever the units */
	reset();
	pos.units[ILL][R][ANT_LEGION] = 2;
	begin();
	CHECK_EQ(do_move(MOVE(1, ANT_LEGION, 0, ILL, DAL, ETR)), 1);
	CHECK_EQ(skipped_why(), ANT_SKIP_TOO_FAR);

	/* too few units: none moves (house rule) */
	nfacts = 0;
	CHECK_EQ(do_move(MOVE(3, ANT_LEGION, 0, ILL, DAL)), 1);
	const struct ant_fact *f = fact(ANT_F_SKIPPED);
	if (CHECK(f != NULL, "no skip told")) {
		CHECK_EQ(f->why, ANT_SKIP_NO_UNITS);
		CHECK_EQ(f->n[1], 2);
	}
	CHECK_EQ(pos.units[ILL][R][ANT_LEGION], 2);

	/* a unit moves again with the actions it has left, then no more */
	reset();
	know(R, ANT_K_ROADS);
	pos.units[ILL][R][ANT_LEGION] = 1;
	begin();
	CHECK_EQ(do_move(MOVE(1, ANT_LEGION, 0, ILL, DAL)), 0);
	CHECK_EQ(mv.left[DAL][ANT_LEGION][2], 1);
	CHECK_EQ(do_move(MOVE(1, ANT_LEGION, 0, DAL, ETR, ROM)), 0);
	CHECK_EQ(mv.left[ROM][ANT_LEGION][0], 1);
	nfacts = 0;
	CHECK_EQ(do_move(MOVE(1, ANT_LEGION, 0, ROM, ETR)), 1);
	CHECK_EQ(skipped_why(), ANT_SKIP_NO_UNITS);

	/* the units with the most actions left go: a fresh legion joins one
	 * that has moved, and a two-step move takes the fresh one */
	reset();
	know(R, ANT_K_WHEEL);
	pos.units[ILL][R][ANT_LEGION] = 1;
	pos.units[DAL][R][ANT_LEGION] = 1;
	begin();
	do_move(MOVE(1, ANT_LEGION, 0, ILL, DAL));
	CHECK_EQ(mv.left[DAL][ANT_LEGION][1], 1);
	CHECK_EQ(mv.left[DAL][ANT_LEGION][2], 1);
	CHECK_EQ(do_move(MOVE(1, ANT_LEGION, 0, DAL, ETR, ROM)), 0);
	CHECK_EQ(mv.left[DAL][ANT_LEGION][1], 1);
	CHECK_EQ(mv.left[DAL][ANT_LEGION][2], 0);
	CHECK_EQ(pos.units[ROM][R][ANT_LEGION], 1);
}

/* Seed 001: a galley with NAVIGATION that moved twice stays upright and
 * can conquer; a unit that moved without WHEEL cannot. */
static void test_upright(void)
{
	reset();
	know(R, ANT_K_NAVIGATION);
	pos.owner[TYR] = P;
	pos.units[AEG][R][ANT_GALLEY] = 1;
	begin();
	CHECK_EQ(do_move(MOVE(1, ANT_GALLEY, 0, AEG, LEV, TYR)), 0);
	CHECK_EQ(mv.left[TYR][ANT_GALLEY][1], 1);
	CHECK_EQ(do_conquer(conquer(TYR, -1, -1)), 0);
	CHECK_EQ(pos.owner[TYR], R);
	CHECK_EQ(pos.units[TYR][R][ANT_GALLEY], 0);

	for (int wheel = 0; wheel < 2; wheel++) {
		reset();
		if (wheel)
			know(R, ANT_K_WHEEL);
		pos.owner[TYR] = P;
		pos.units[SID][R][ANT_LEGION] = 1;
		begin();
		CHECK_EQ(do_move(MOVE(1, ANT_LEGION, 0, SID, TYR)), 0);
		CHECK_EQ(do_conquer(conquer(TYR, -1, -1)), wheel ? 0 : 1);
		CHECK_EQ(pos.owner[TYR], wheel ? R : P);
		if (!wheel) {
			const struct ant_fact *f = fact(ANT_F_SKIPPED);
			if (CHECK(f != NULL, "no skip told")) {
				CHECK_EQ(f->why, ANT_SKIP_TOO_WEAK);
				CHECK_EQ(f->n[1], 0);
				CHECK_EQ(f->n[2], 1);
			}
		}
	}
}

/* RESEARCH 5.4 (RG-IX): Tyros defended by one legion, strength 2, taken
 * with two galleys or with a legion and a galley. */
static void test_tyros(void)
{
	static const struct { int legions, galleys, give_l, give_g, skip; } t[] = {
		{ 0, 2, -1, -1, 0 },
		{ 1, 1, 1, 1, 0 },
		{ 1, 1, -1, -1, 0 },
		{ 1, 2, 0, 2, 0 },
		{ 1, 1, 2, 0, ANT_SKIP_GIVE },     /* one legion only */
		{ 2, 2, 1, 0, ANT_SKIP_GIVE },     /* not the strength */
		{ 0, 1, -1, -1, ANT_SKIP_TOO_WEAK },
	};

	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
		reset();
		pos.owner[TYR] = P;
		pos.units[TYR][P][ANT_LEGION] = 1;
		pos.units[TYR][R][ANT_LEGION] = (int16_t)t[i].legions;
		pos.units[TYR][R][ANT_GALLEY] = (int16_t)t[i].galleys;
		begin();
		int city, units, kn;
		CHECK_EQ(ant_defence(&map, &pos, TYR, &city, &units, &kn), 2);
		CHECK_EQ(city, 1);
		CHECK_EQ(units, 1);
		CHECK_EQ(kn, 0);
		int r = do_conquer(conquer(TYR, t[i].give_l, t[i].give_g));
		if (t[i].skip) {
			CHECK_EQ(r, 1);
			CHECK_EQ(skipped_why(), t[i].skip);
			CHECK_EQ(pos.owner[TYR], P);
			CHECK_EQ(pos.units[TYR][P][ANT_LEGION], 1);
			CHECK_EQ(pos.units[TYR][R][ANT_LEGION] + pos.units[TYR][R][ANT_GALLEY],
			         t[i].legions + t[i].galleys);
			continue;
		}
		CHECK_EQ(r, 0);
		CHECK_EQ(pos.owner[TYR], R);
		CHECK_EQ(pos.units[TYR][P][ANT_LEGION], 0);
		CHECK_EQ(pos.units[TYR][R][ANT_LEGION] + pos.units[TYR][R][ANT_GALLEY],
		         t[i].legions + t[i].galleys - 2);
		const struct ant_fact *f = fact(ANT_F_CONQUER);
		if (CHECK(f != NULL, "no conquest told")) {
			CHECK_EQ(f->other, P);
			CHECK_EQ(f->n[0], 2);
			CHECK_EQ(f->n[5] + f->n[6], 2);
			CHECK_EQ(f->n[7], 1);
			CHECK_EQ(f->n[8], 0);
			CHECK_EQ(f->n[9], 0);
			if (t[i].give_l >= 0)
				CHECK_EQ(f->n[5], t[i].give_l);
		}
	}
}

/* RESEARCH 5.4 (RG-X): Corniclanum with a temple, a galley and a legion,
 * its owner with MONARCHY: 3 + 2 + 1 = 6. */
static void test_corniclanum(void)
{
	for (int attackers = 5; attackers <= 6; attackers++) {
		reset();
		pos.owner[COR] = G;
		pos.temple[COR] = 1;
		pos.units[COR][G][ANT_LEGION] = 1;
		pos.units[COR][G][ANT_GALLEY] = 1;
		know(G, ANT_K_MONARCHY);
		pos.units[COR][R][ANT_GALLEY] = 4;
		pos.units[COR][R][ANT_LEGION] = (int16_t)(attackers - 4);
		begin();
		int city, units, kn;
		CHECK_EQ(ant_defence(&map, &pos, COR, &city, &units, &kn), 6);
		CHECK_EQ(city, 3);
		CHECK_EQ(units, 2);
		CHECK_EQ(kn, 1);
		int r = do_conquer(conquer(COR, -1, -1));
		if (attackers == 5) {
			CHECK_EQ(r, 1);
			const struct ant_fact *f = fact(ANT_F_SKIPPED);
			if (CHECK(f != NULL, "no skip told")) {
				CHECK_EQ(f->why, ANT_SKIP_TOO_WEAK);
				CHECK_EQ(f->n[1], 5);
				CHECK_EQ(f->n[2], 6);
			}
			CHECK_EQ(mv.temples_destroyed, 0);
			CHECK_EQ(pos.temple[COR], 1);
			continue;
		}
		CHECK_EQ(r, 0);
		CHECK_EQ(pos.owner[COR], R);
		CHECK_EQ(pos.temple[COR], 0);
		CHECK_EQ(mv.temples_destroyed, 1);
		CHECK_EQ(mv.destroyed_at[0], COR);
		CHECK_EQ(pos.units[COR][G][ANT_LEGION] + pos.units[COR][G][ANT_GALLEY], 0);
		CHECK_EQ(pos.units[COR][R][ANT_LEGION] + pos.units[COR][R][ANT_GALLEY], 0);
		const struct ant_fact *f = fact(ANT_F_CONQUER);
		if (CHECK(f != NULL, "no conquest told")) {
			CHECK_EQ(f->n[0], 6);
			CHECK_EQ(f->n[1], 3);
			CHECK_EQ(f->n[2], 2);
			CHECK_EQ(f->n[3], 1);
			CHECK_EQ(f->n[4], ANT_K_MONARCHY);
			CHECK_EQ(f->n[5], 2);
			CHECK_EQ(f->n[6], 4);
			CHECK_EQ(f->n[7], 1);
			CHECK_EQ(f->n[8], 1);
			CHECK_EQ(f->n[9], 1);
		}
	}

	/* DEMOCRACY's 2 replaces MONARCHY's 1 */
	reset();
	pos.owner[COR] = G;
	know(G, ANT_K_MONARCHY);
	know(G, ANT_K_DEMOCRACY);
	int kn;
	CHECK_EQ(ant_defence(&map, &pos, COR, NULL, NULL, &kn), 3);
	CHECK_EQ(kn, 2);
}

static void test_refusals(void)
{
	/* the last city */
	reset();
	pos.owner[SID] = -1;
	pos.owner[TYR] = P;
	pos.units[TYR][R][ANT_GALLEY] = 3;
	begin();
	CHECK_EQ(do_conquer(conquer(TYR, -1, -1)), 1);
	CHECK_EQ(skipped_why(), ANT_SKIP_LAST_CITY);
	CHECK_EQ(pos.owner[TYR], P);
	CHECK_EQ(pos.units[TYR][R][ANT_GALLEY], 3);

	/* no city, or one's own */
	reset();
	pos.units[TYR][R][ANT_GALLEY] = 3;
	pos.units[ROM][R][ANT_LEGION] = 3;
	begin();
	CHECK_EQ(do_conquer(conquer(TYR, -1, -1)), 1);
	CHECK_EQ(skipped_why(), ANT_SKIP_NO_CITY);
	nfacts = 0;
	CHECK_EQ(do_conquer(conquer(ROM, -1, -1)), 1);
	CHECK_EQ(skipped_why(), ANT_SKIP_NO_CITY);

	/* every city stone in use: the Romans' other cities on provinces
	 * added past the map's own */
	reset();
	map.nprov = NPROV + ANT_CITY_STONES;
	for (int i = 0; i < ANT_CITY_STONES; i++)
		pos.owner[NPROV + i] = R;
	pos.owner[TYR] = P;
	pos.units[TYR][R][ANT_GALLEY] = 3;
	begin();
	CHECK_EQ(do_conquer(conquer(TYR, -1, -1)), 1);
	CHECK_EQ(skipped_why(), ANT_SKIP_NO_STONES);
	map.nprov = NPROV;
}

/* The default units given up: fewest actions left first, legions before
 * galleys; units with none left do not count. */
static void test_default_give(void)
{
	reset();
	know(R, ANT_K_ROADS);
	know(R, ANT_K_SAILING);
	pos.owner[TYR] = P;
	pos.units[TYR][P][ANT_LEGION] = 1;
	pos.units[TYR][P][ANT_GALLEY] = 1;
	pos.units[SID][R][ANT_LEGION] = 1;
	pos.units[TYR][R][ANT_LEGION] = 1;
	pos.units[TYR][R][ANT_GALLEY] = 2;
	stance(P, ANT_FIGHT_NEVER, -1, -1);
	begin();
	do_move(MOVE(1, ANT_LEGION, 0, SID, TYR));   /* now 2 actions left */
	CHECK(fact(ANT_F_BATTLE) == NULL, "the Phoenicians let it in");
	CHECK_EQ(do_conquer(conquer(TYR, -1, -1)), 0);
	/* strength 3: the two galleys (2 left) go before the fresh legion
	 * (3 left), the moved legion (2 left) before the galleys */
	CHECK_EQ(pos.units[TYR][R][ANT_LEGION], 1);
	CHECK_EQ(pos.units[TYR][R][ANT_GALLEY], 0);
	CHECK_EQ(mv.left[TYR][ANT_LEGION][3], 1);
	const struct ant_fact *f = fact(ANT_F_CONQUER);
	if (CHECK(f != NULL, "no conquest told")) {
		CHECK_EQ(f->n[5], 1);
		CHECK_EQ(f->n[6], 2);
	}

	/* tipped units do not count toward the strength */
	reset();
	pos.owner[TYR] = P;
	pos.units[SID][R][ANT_LEGION] = 1;
	pos.units[TYR][R][ANT_GALLEY] = 1;
	begin();
	do_move(MOVE(1, ANT_LEGION, 0, SID, TYR));
	CHECK_EQ(do_conquer(conquer(TYR, 1, 0)), 1);
	CHECK_EQ(skipped_why(), ANT_SKIP_GIVE);
	nfacts = 0;
	CHECK_EQ(do_conquer(conquer(TYR, 0, 1)), 0);
	CHECK_EQ(pos.units[TYR][R][ANT_LEGION], 1);
}

static void test_attack(void)
{
	reset();
	pos.units[ION][R][ANT_GALLEY] = 2;
	pos.units[ION][P][ANT_GALLEY] = 3;
	pos.units[AEG][R][ANT_GALLEY] = 1;
	begin();
	do_move(MOVE(1, ANT_GALLEY, 0, AEG, ION));    /* tipped: may still fight */
	nfacts = 0;
	struct ant_order o = { .kind = ANT_O_ATTACK, .unit = ANT_GALLEY, .prov = ION, .against = P };
	CHECK_EQ(ant_do_attack(&map, &pos, R, &o, 0, &mv, collect, NULL), 0);
	CHECK_EQ(pos.units[ION][R][ANT_GALLEY], 0);
	CHECK_EQ(pos.units[ION][P][ANT_GALLEY], 0);
	CHECK_EQ(mv.left[ION][ANT_GALLEY][0] + mv.left[ION][ANT_GALLEY][1], 0);
	const struct ant_fact *f = fact(ANT_F_BATTLE);
	if (CHECK(f != NULL, "no battle told")) {
		CHECK_EQ(f->other, P);
		CHECK_EQ(f->n[1], 3);
		CHECK_EQ(f->n[2], 3);
		CHECK_EQ(f->n[3], 1);
		CHECK_EQ(f->n[4], 3);
	}

	/* losses: the tipped units first */
	reset();
	pos.units[ION][R][ANT_GALLEY] = 1;
	pos.units[AEG][R][ANT_GALLEY] = 1;
	pos.units[ION][P][ANT_GALLEY] = 1;
	begin();
	do_move(MOVE(1, ANT_GALLEY, 0, AEG, ION));
	CHECK_EQ(ant_do_attack(&map, &pos, R, &o, 0, &mv, collect, NULL), 0);
	CHECK_EQ(mv.left[ION][ANT_GALLEY][1], 1);
	CHECK_EQ(mv.left[ION][ANT_GALLEY][0], 0);

	/* nobody to fight, or nothing to fight with */
	nfacts = 0;
	CHECK_EQ(ant_do_attack(&map, &pos, R, &o, 0, &mv, collect, NULL), 1);
	CHECK_EQ(skipped_why(), ANT_SKIP_NO_ENEMY);
	nfacts = 0;
	o.unit = ANT_LEGION;
	CHECK_EQ(ant_do_attack(&map, &pos, R, &o, 0, &mv, collect, NULL), 1);
	CHECK_EQ(skipped_why(), ANT_SKIP_NO_UNITS);
}

static void test_standing(void)
{
	struct ant_standing *s = &standing[G];

	reset();
	/* no rules: fight for one's own cities only */
	CHECK_EQ(ant_wants_battle(&map, &pos, s, G, R, ATH), 1);
	CHECK_EQ(ant_wants_battle(&map, &pos, s, G, R, AEG), 0);
	CHECK_EQ(ant_wants_battle(&map, &pos, NULL, G, R, ATH), 1);

	stance(G, ANT_FIGHT_NEVER, -1, -1);
	CHECK_EQ(ant_wants_battle(&map, &pos, s, G, R, ATH), 0);
	stance(G, ANT_FIGHT_ALWAYS, R, -1);
	CHECK_EQ(ant_wants_battle(&map, &pos, s, G, R, AEG), 1);
	CHECK_EQ(ant_wants_battle(&map, &pos, s, G, P, AEG), 0);
	stance(G, ANT_FIGHT_NEVER, -1, AEG);             /* a province beats a nation */
	CHECK_EQ(ant_wants_battle(&map, &pos, s, G, R, AEG), 0);
	CHECK_EQ(ant_wants_battle(&map, &pos, s, G, R, ION), 1);
	stance(G, ANT_FIGHT_ALWAYS, R, AEG);             /* both beat a province */
	CHECK_EQ(ant_wants_battle(&map, &pos, s, G, R, AEG), 1);
	CHECK_EQ(ant_wants_battle(&map, &pos, s, G, P, AEG), 0);
	stance(G, ANT_FIGHT_CITY, R, AEG);               /* later beats earlier */
	CHECK_EQ(ant_wants_battle(&map, &pos, s, G, R, AEG), 0);
	stance(G, ANT_FIGHT_CITY, -1, -1);               /* but not a more specific rule */
	CHECK_EQ(ant_wants_battle(&map, &pos, s, G, R, AEG), 0);
	CHECK_EQ(ant_wants_battle(&map, &pos, s, G, P, ATH), 1);
	CHECK_EQ(ant_wants_battle(&map, &pos, s, G, P, ION), 0);
}

int main(void)
{
	make_map();
	test_actions();
	test_begin();
	test_athens();
	test_march();
	test_two_nations();
	test_borders();
	test_actions_left();
	test_upright();
	test_tyros();
	test_corniclanum();
	test_refusals();
	test_default_give();
	test_attack();
	test_standing();
	return check_done("antike_maneuver");
}
