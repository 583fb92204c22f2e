/*
 * antike_engine_test.h - what the tests of Antike's turn engine share: a
 * small hand-made map whose every number a test can see at a glance, and
 * a sink that keeps the facts a call told so that a test can look for
 * them by kind.
 *
 * A map of its own rather than variants/antike/map.txt: the rules are
 * checked with the numbers RESEARCH.md's examples use (three marble
 * cities, seven seas, ten cities), which are easier to lay out by hand
 * than to find on the real board, and the tests do not break when the
 * real map's data is changed.  A header of static functions, included by
 * one .c per test program.
 */
#ifndef ANTIKE_ENGINE_TEST_H
#define ANTIKE_ENGINE_TEST_H

#include <stdio.h>
#include <string.h>

#include "adjudicator/antike.h"
#include "tests/check.h"

/* Nations, as the map lists them. */
enum { R, G, T, P, C, S };

/* Provinces: fourteen land, eight seas.  Land i borders land i+1; the
 * coastal ones border SE1; the seas form a chain. */
enum {
	MA1, MA2, MA3, IR1, IR2, GO1, GO2, MA4, IR3, GO3, MA5, IR4, GO4, MA6,
	SE1, SE2, SE3, SE4, SE5, SE6, SE7, SE8, NPROV
};

static const struct {
	const char *code;
	int sea, res, coastal;
} test_prov[NPROV] = {
	{ "MA1", 0, ANT_MARBLE, 1 }, { "MA2", 0, ANT_MARBLE, 0 }, { "MA3", 0, ANT_MARBLE, 0 },
	{ "IR1", 0, ANT_IRON, 1 },   { "IR2", 0, ANT_IRON, 0 },   { "GO1", 0, ANT_GOLD, 1 },
	{ "GO2", 0, ANT_GOLD, 0 },   { "MA4", 0, ANT_MARBLE, 0 }, { "IR3", 0, ANT_IRON, 0 },
	{ "GO3", 0, ANT_GOLD, 0 },   { "MA5", 0, ANT_MARBLE, 0 }, { "IR4", 0, ANT_IRON, 0 },
	{ "GO4", 0, ANT_GOLD, 0 },   { "MA6", 0, ANT_MARBLE, 0 },
	{ "SE1", 1, -1, 0 }, { "SE2", 1, -1, 0 }, { "SE3", 1, -1, 0 }, { "SE4", 1, -1, 0 },
	{ "SE5", 1, -1, 0 }, { "SE6", 1, -1, 0 }, { "SE7", 1, -1, 0 }, { "SE8", 1, -1, 0 },
};

static const char *const test_nation[ANT_MAX_NATIONS][3] = {
	{ "R", "Romans", "Roman" }, { "G", "Greeks", "Greek" },
	{ "T", "Germanic tribes", "Germanic" }, { "P", "Phoenicians", "Phoenician" },
	{ "C", "Carthaginians", "Carthaginian" }, { "S", "Persians", "Persian" },
};

static struct ant_map test_map;
static const struct ant_map *m = &test_map;

static void link_prov(struct ant_map *map, int a, int b, int kind)
{
	struct ant_province *pa = &map->prov[a], *pb = &map->prov[b];

	pa->nb[pa->nnb++] = (struct ant_border_to){ (int16_t)b, (int8_t)kind };
	pb->nb[pb->nnb++] = (struct ant_border_to){ (int16_t)a, (int8_t)kind };
}

static void build_map(void)
{
	struct ant_map *map = &test_map;
	/* Four nations: P T R G (the spec's order), three start cities each. */
	static const int8_t order4[4] = { P, T, R, G };
	static const int start4[4][4] = {
		{ R, MA1, IR1, GO1 }, { G, MA2, IR2, GO2 }, { T, MA3, IR3, GO3 }, { P, MA4, IR4, GO4 },
	};
	static const int person[ANT_NPERSON] = { 9, 8, 7, 6, 5 };

	memset(map, 0, sizeof *map);
	map->nprov = NPROV;
	for (int i = 0; i < NPROV; i++) {
		struct ant_province *pr = &map->prov[i];

		snprintf(pr->code, sizeof pr->code, "%s", test_prov[i].code);
		snprintf(pr->name, sizeof pr->name, "Province %s", test_prov[i].code);
		pr->sea = (int8_t)test_prov[i].sea;
		pr->res = (int8_t)test_prov[i].res;
		pr->coastal = (int8_t)test_prov[i].coastal;
	}
	for (int i = MA1; i < MA6; i++)
		link_prov(map, i, i + 1, ANT_B_LAND);
	for (int i = SE1; i < SE8; i++)
		link_prov(map, i, i + 1, ANT_B_SEA);
	for (int i = MA1; i <= MA6; i++)
		if (test_prov[i].coastal)
			link_prov(map, i, SE1, ANT_B_SEA);
	map->nnations = ANT_MAX_NATIONS;
	for (int n = 0; n < ANT_MAX_NATIONS; n++) {
		map->nation[n].letter = test_nation[n][0][0];
		snprintf(map->nation[n].name, sizeof map->nation[n].name, "%s", test_nation[n][1]);
		snprintf(map->nation[n].adjective, sizeof map->nation[n].adjective, "%s", test_nation[n][2]);
	}
	for (int k = 0; k <= ANT_MAX_NATIONS; k++)
		for (int n = 0; n < ANT_MAX_NATIONS; n++)
			for (int r = 0; r < ANT_NRES; r++)
				map->setup[k].start[n][r] = -1;
	map->setup[4].nnations = 4;
	map->setup[4].target = 9;
	memcpy(map->setup[4].order, order4, sizeof order4);
	for (int i = 0; i < 4; i++)
		for (int r = 0; r < ANT_NRES; r++)
			map->setup[4].start[start4[i][0]][r] = (int16_t)start4[i][1 + r];
	/* Three nations: T R G, the same cities. */
	map->setup[3].nnations = 3;
	map->setup[3].target = 10;
	map->setup[3].order[0] = T;
	map->setup[3].order[1] = R;
	map->setup[3].order[2] = G;
	for (int i = 0; i < 3; i++)
		for (int r = 0; r < ANT_NRES; r++)
			map->setup[3].start[start4[i][0]][r] = (int16_t)start4[i][1 + r];
	map->two_player_nations = 4;
	map->start_res[ANT_MARBLE] = 2;
	map->start_res[ANT_IRON] = 1;
	map->start_res[ANT_GOLD] = 3;
	memcpy(map->person_stack, person, sizeof person);
}

/* ---- the facts a call told ---- */

#define MAX_FACTS 256
static struct {
	int n;
	struct ant_fact f[MAX_FACTS];
} told;

static void record(void *arg, const struct ant_fact *f)
{
	(void)arg;
	if (told.n == MAX_FACTS)
		check_abort("test bug: more than %d facts", MAX_FACTS);
	told.f[told.n++] = *f;
}

static void forget(void)
{
	told.n = 0;
}

/* How many facts of kind were told. */
static int told_count(int kind)
{
	int n = 0;

	for (int i = 0; i < told.n; i++)
		n += told.f[i].kind == kind;
	return n;
}

/* The nth (0..) fact of kind told, or a fact of kind -1 if none. */
static struct ant_fact told_nth(int kind, int nth)
{
	static const struct ant_fact none = { .kind = -1, .why = -1 };

	for (int i = 0; i < told.n; i++)
		if (told.f[i].kind == kind && nth-- == 0)
			return told.f[i];
	return none;
}

/* ---- positions and orders ---- */

/* A four-nation position at its start, the round's coins not yet given. */
static struct ant_pos start4(void)
{
	struct ant_pos p;

	ant_initial(m, 4, &p);
	return p;
}

/* Empty a nation's stock, then give it what a test says. */
static void stock(struct ant_pos *p, int n, int marble, int iron, int gold, int coins)
{
	int held = p->nat[n].coins;

	p->nat[n].res[ANT_MARBLE] = marble;
	p->nat[n].res[ANT_IRON] = iron;
	p->nat[n].res[ANT_GOLD] = gold;
	p->nat[n].coins = coins;
	p->bank_coins += held - coins;
}

static struct ant_order order_at(int kind, int prov)
{
	struct ant_order o;

	memset(&o, 0, sizeof o);
	o.kind = (int8_t)kind;
	o.prov = (int16_t)prov;
	o.give[ANT_LEGION] = o.give[ANT_GALLEY] = -1;
	return o;
}

static struct ant_order arm(int count, int unit, int prov)
{
	struct ant_order o = order_at(ANT_O_ARM, prov);

	o.count = (int16_t)count;
	o.unit = (int8_t)unit;
	return o;
}

static struct ant_order know(int k)
{
	struct ant_order o = order_at(ANT_O_KNOW, -1);

	o.know = (int8_t)k;
	return o;
}

#endif
