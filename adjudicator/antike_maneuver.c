/*
 * antike_maneuver.c - the MANEUVER action (seed 001; RESEARCH 5): how many
 * actions a unit has, moves with the battles they meet, the active
 * nation's attacks on units it shares a province with, conquest against
 * the defence strength, and the standing battle orders that decide when a
 * passive nation fights.
 *
 * Units are counted, not named (antike.h), so the turn keeps, per
 * province and type, how many of the active nation's units have 0..3
 * actions left (struct ant_maneuver); that is all seed 001 tells units
 * apart by ("tipped" or "upright").  A MOVE takes its group from the top
 * of those counts and carries the counts with it, so a unit can move again
 * in a later MOVE with what it has left.  Where the seed is silent the
 * spec's house rules decide (variants/antike/RULES.md states each): a
 * MOVE short of units moves none; a battle goes on until one side has no
 * units of the type there; losses and units given up are taken from those
 * with the fewest actions left, which keeps the most useful units alive.
 *
 * Every ant_do_* returns 0 when the order was carried out, 1 when it was
 * skipped (and the skip told to the sink); none can fail.
 */
#include <assert.h>
#include <string.h>

#include "adjudicator/antike.h"

/* The movement know-hows of each unit type: the basic one gives 2
 * actions, its secondary 3; they do not add (seed 001). */
static const int8_t move_know[ANT_NUNIT][2] = {
	[ANT_LEGION] = { ANT_K_WHEEL, ANT_K_ROADS },
	[ANT_GALLEY] = { ANT_K_SAILING, ANT_K_NAVIGATION },
};

/* The defender's know-how bonus, strongest first: DEMOCRACY replaces
 * MONARCHY's bonus rather than adding to it (seed 001: "1 ... OR 2"). */
static const struct { int8_t know, bonus; } defence_know[] = {
	{ ANT_K_DEMOCRACY, 2 },
	{ ANT_K_MONARCHY, 1 },
};

static int owns(const struct ant_pos *p, int nation, int k)
{
	return (p->nat[nation].know >> k) & 1;
}

int ant_actions(const struct ant_pos *p, int nation, int u)
{
	assert(u >= 0 && u < ANT_NUNIT);
	if (owns(p, nation, move_know[u][1]))
		return 3;
	return owns(p, nation, move_know[u][0]) ? 2 : 1;
}

int ant_defence(const struct ant_map *m, const struct ant_pos *p, int prov,
                int *city, int *units, int *know)
{
	int owner = p->owner[prov], c = 0, u = 0, k = 0;

	(void)m;
	if (owner >= 0) {
		c = p->temple[prov] ? 3 : 1;
		u = p->units[prov][owner][ANT_LEGION] + p->units[prov][owner][ANT_GALLEY];
		for (size_t i = 0; i < sizeof defence_know / sizeof defence_know[0]; i++)
			if (owns(p, owner, defence_know[i].know)) {
				k = defence_know[i].bonus;
				break;
			}
	}
	if (city)
		*city = c;
	if (units)
		*units = u;
	if (know)
		*know = k;
	return c + u + k;
}

/* The know-how that gave the bonus, for the report (-1: none). */
static int defence_know_of(const struct ant_pos *p, int owner)
{
	for (size_t i = 0; i < sizeof defence_know / sizeof defence_know[0]; i++)
		if (owns(p, owner, defence_know[i].know))
			return defence_know[i].know;
	return -1;
}

void ant_maneuver_begin(const struct ant_map *m, const struct ant_pos *p, int nation,
                        struct ant_maneuver *mv)
{
	memset(mv, 0, sizeof *mv);
	for (int i = 0; i < ANT_TEMPLES; i++)
		mv->destroyed_at[i] = -1;
	for (int u = 0; u < ANT_NUNIT; u++) {
		int a = ant_actions(p, nation, u);
		for (int prov = 0; prov < m->nprov; prov++)
			mv->left[prov][u][a] = p->units[prov][nation][u];
	}
}

/* Units with at least from actions left. */
static int count_left(const int16_t left[ANT_MAX_STEPS + 1], int from)
{
	int n = 0;

	for (int a = from; a <= ANT_MAX_STEPS; a++)
		n += left[a];
	return n;
}

/* Take n units out of left[], the fewest actions left first among those
 * with at least from, into took[] (may be NULL).  n must be there. */
static void take_fewest(int16_t left[ANT_MAX_STEPS + 1], int from, int n, int took[ANT_MAX_STEPS + 1])
{
	for (int a = from; a <= ANT_MAX_STEPS && n > 0; a++) {
		int t = left[a] < n ? left[a] : n;
		left[a] = (int16_t)(left[a] - t);
		n -= t;
		if (took)
			took[a] += t;
	}
	assert(n == 0);
}

static int min_of(int a, int b)
{
	return a < b ? a : b;
}

/* The nation's place in the turn order, to find who comes after it. */
static int order_index(const struct ant_pos *p, int nation)
{
	for (int i = 0; i < p->norder; i++)
		if (p->order[i] == nation)
			return i;
	return 0;
}

/* A fact's common fields, the rest zero. */
static void fact_start(struct ant_fact *f, int kind, int nation, int other, int prov)
{
	memset(f, 0, sizeof *f);
	f->kind = (int8_t)kind;
	f->nation = (int8_t)nation;
	f->other = (int8_t)other;
	f->prov = (int16_t)prov;
}

static void tell_battle(ant_sink sink, void *arg, int nation, int other, int prov, int u,
                        int mine, int theirs, int demanded, int lost)
{
	struct ant_fact f;

	if (!sink)
		return;
	fact_start(&f, ANT_F_BATTLE, nation, other, prov);
	f.n[0] = u;
	f.n[1] = mine;
	f.n[2] = theirs;
	f.n[3] = demanded;
	f.n[4] = lost;
	sink(arg, &f);
}

static void tell_move(ant_sink sink, void *arg, int nation, const struct ant_order *o)
{
	struct ant_fact f;

	if (!sink)
		return;
	fact_start(&f, ANT_F_MOVE, nation, -1, o->path[0]);
	f.npath = o->npath;
	memcpy(f.path, o->path, sizeof f.path);
	f.n[0] = o->count;
	f.n[1] = o->unit;
	sink(arg, &f);
}

static void tell_stopped(ant_sink sink, void *arg, int nation, int prov, int u)
{
	struct ant_fact f;

	if (!sink)
		return;
	fact_start(&f, ANT_F_ENTER_STOPPED, nation, -1, prov);
	f.n[0] = 0;
	f.n[1] = u;
	sink(arg, &f);
}

/* The battles the moving group (group[a]: units with a actions left)
 * meets entering prov: each foreign nation with units of the type there,
 * in turn order after the mover, fights if either side wants it.  Returns
 * the units of the group left. */
static int enter(const struct ant_map *m, struct ant_pos *p, int nation, const struct ant_order *o,
                 int prov, int group[ANT_MAX_STEPS + 1], const struct ant_standing *standing,
                 ant_sink sink, void *arg)
{
	int u = o->unit, n = 0;
	int at = order_index(p, nation);

	for (int a = 0; a <= ANT_MAX_STEPS; a++)
		n += group[a];
	for (int j = 1; j < p->norder && n > 0; j++) {
		int other = p->order[(at + j) % p->norder];
		int theirs = p->units[prov][other][u];
		int demanded = (o->fight ? 1 : 0) |
		               (theirs > 0 && ant_wants_battle(m, p, &standing[other], other, nation, prov) ? 2 : 0);
		if (theirs == 0 || !demanded)
			continue;
		int lost = min_of(n, theirs), left = lost;
		for (int a = 0; a <= ANT_MAX_STEPS && left > 0; a++) {
			int t = min_of(group[a], left);
			group[a] -= t;
			left -= t;
		}
		p->units[prov][other][u] = (int16_t)(theirs - lost);
		tell_battle(sink, arg, nation, other, prov, u, n, theirs, demanded, lost);
		n -= lost;
	}
	return n;
}

int ant_do_move(const struct ant_map *m, struct ant_pos *p, int nation, const struct ant_order *o,
                int index, struct ant_maneuver *mv, const struct ant_standing *standing,
                ant_sink sink, void *arg)
{
	int u = o->unit, steps = o->npath - 1, from = o->path[0];
	int group[ANT_MAX_STEPS + 1] = { 0 };

	assert(o->kind == ANT_O_MOVE && u >= 0 && u < ANT_NUNIT && standing);
	assert(steps >= 1 && steps <= ANT_MAX_STEPS && o->count >= 1);
	for (int i = 1; i <= steps; i++)
		if (!ant_crosses(u, ant_border(m, o->path[i - 1], o->path[i])) ||
		    !ant_may_stand(m, u, o->path[i])) {
			ant_skip(sink, arg, nation, index, o->path[i], ANT_SKIP_BORDER, i, 0);
			return 1;
		}
	if (steps > ant_actions(p, nation, u)) {
		ant_skip(sink, arg, nation, index, from, ANT_SKIP_TOO_FAR, steps, ant_actions(p, nation, u));
		return 1;
	}
	int able = count_left(mv->left[from][u], steps);
	if (able < o->count) {
		/* house rule: all of the order or none of it */
		ant_skip(sink, arg, nation, index, from, ANT_SKIP_NO_UNITS, able, 0);
		return 1;
	}
	/* the units with the most actions left: take the rest from the
	 * bottom and keep it */
	int keep[ANT_MAX_STEPS + 1] = { 0 };
	take_fewest(mv->left[from][u], 0, count_left(mv->left[from][u], 0) - o->count, keep);
	for (int a = 0; a <= ANT_MAX_STEPS; a++) {
		group[a] = mv->left[from][u][a];
		mv->left[from][u][a] = (int16_t)keep[a];
	}
	p->units[from][nation][u] = (int16_t)(p->units[from][nation][u] - o->count);
	tell_move(sink, arg, nation, o);

	int n = o->count, at = from;
	for (int i = 1; i <= steps && n > 0; i++) {
		for (int a = 1; a <= ANT_MAX_STEPS; a++) {
			group[a - 1] = group[a];
			group[a] = 0;
		}
		at = o->path[i];
		n = enter(m, p, nation, o, at, group, standing, sink, arg);
		if (n == 0)
			tell_stopped(sink, arg, nation, at, u);
	}
	for (int a = 0; a <= ANT_MAX_STEPS; a++)
		mv->left[at][u][a] = (int16_t)(mv->left[at][u][a] + group[a]);
	p->units[at][nation][u] = (int16_t)(p->units[at][nation][u] + n);
	return 0;
}

int ant_do_attack(const struct ant_map *m, struct ant_pos *p, int nation, const struct ant_order *o,
                  int index, struct ant_maneuver *mv, ant_sink sink, void *arg)
{
	int u = o->unit, prov = o->prov, other = o->against;

	(void)m;
	assert(o->kind == ANT_O_ATTACK && u >= 0 && u < ANT_NUNIT);
	int mine = p->units[prov][nation][u];
	if (mine == 0) {
		ant_skip(sink, arg, nation, index, prov, ANT_SKIP_NO_UNITS, 0, 0);
		return 1;
	}
	int theirs = other >= 0 && other < ANT_MAX_NATIONS && other != nation ? p->units[prov][other][u] : 0;
	if (theirs == 0) {
		ant_skip(sink, arg, nation, index, prov, ANT_SKIP_NO_ENEMY, 0, 0);
		return 1;
	}
	int lost = min_of(mine, theirs);
	take_fewest(mv->left[prov][u], 0, lost, NULL);
	p->units[prov][nation][u] = (int16_t)(mine - lost);
	p->units[prov][other][u] = (int16_t)(theirs - lost);
	tell_battle(sink, arg, nation, other, prov, u, mine, theirs, 1, lost);
	return 0;
}

/* Which upright units the conqueror gives up: give[] as ordered (-1 on
 * both: the default).  Fills gave[u]; 0, or -1 when the order's units are
 * not there upright or do not add up to the strength. */
static int choose_given(struct ant_maneuver *mv, int prov, const int16_t give[ANT_NUNIT], int strength,
                        int gave[ANT_NUNIT])
{
	if (give[ANT_LEGION] < 0 && give[ANT_GALLEY] < 0) {
		/* fewest actions left first, legions before galleys */
		int need = strength;
		for (int a = 1; a <= ANT_MAX_STEPS; a++)
			for (int u = 0; u < ANT_NUNIT; u++) {
				int t = min_of(mv->left[prov][u][a], need);
				mv->left[prov][u][a] = (int16_t)(mv->left[prov][u][a] - t);
				gave[u] += t;
				need -= t;
			}
		assert(need == 0);
		return 0;
	}
	int want[ANT_NUNIT], sum = 0;
	for (int u = 0; u < ANT_NUNIT; u++) {
		want[u] = give[u] < 0 ? 0 : give[u];
		sum += want[u];
		if (count_left(mv->left[prov][u], 1) < want[u])
			return -1;
	}
	if (sum != strength)
		return -1;
	for (int u = 0; u < ANT_NUNIT; u++) {
		take_fewest(mv->left[prov][u], 1, want[u], NULL);
		gave[u] = want[u];
	}
	return 0;
}

int ant_do_conquer(const struct ant_map *m, struct ant_pos *p, int nation, const struct ant_order *o,
                   int index, struct ant_maneuver *mv, ant_sink sink, void *arg)
{
	int prov = o->prov, owner = p->owner[prov];
	int city, units, know, gave[ANT_NUNIT] = { 0 };

	assert(o->kind == ANT_O_CONQUER);
	if (owner < 0 || owner == nation) {
		ant_skip(sink, arg, nation, index, prov, ANT_SKIP_NO_CITY, 0, 0);
		return 1;
	}
	if (ant_cities(m, p, owner) <= 1) {
		ant_skip(sink, arg, nation, index, prov, ANT_SKIP_LAST_CITY, 0, 0);
		return 1;
	}
	if (ant_cities(m, p, nation) >= ANT_CITY_STONES) {
		ant_skip(sink, arg, nation, index, prov, ANT_SKIP_NO_STONES, 0, 0);
		return 1;
	}
	int strength = ant_defence(m, p, prov, &city, &units, &know);
	int upright = count_left(mv->left[prov][ANT_LEGION], 1) + count_left(mv->left[prov][ANT_GALLEY], 1);
	if (upright < strength) {
		ant_skip(sink, arg, nation, index, prov, ANT_SKIP_TOO_WEAK, upright, strength);
		return 1;
	}
	if (choose_given(mv, prov, o->give, strength, gave) < 0) {
		ant_skip(sink, arg, nation, index, prov, ANT_SKIP_GIVE, o->give[ANT_LEGION], o->give[ANT_GALLEY]);
		return 1;
	}

	struct ant_fact f;
	fact_start(&f, ANT_F_CONQUER, nation, owner, prov);
	f.n[0] = strength;
	f.n[1] = city;
	f.n[2] = units;
	f.n[3] = know;
	f.n[4] = know ? defence_know_of(p, owner) : -1;
	f.n[5] = gave[ANT_LEGION];
	f.n[6] = gave[ANT_GALLEY];
	f.n[7] = p->units[prov][owner][ANT_LEGION];
	f.n[8] = p->units[prov][owner][ANT_GALLEY];
	f.n[9] = p->temple[prov] ? 1 : 0;

	for (int u = 0; u < ANT_NUNIT; u++) {
		p->units[prov][nation][u] = (int16_t)(p->units[prov][nation][u] - gave[u]);
		p->units[prov][owner][u] = 0;
	}
	if (p->temple[prov]) {
		/* back to the bank; the general it earns is ant_award's */
		p->temple[prov] = 0;
		if (mv->temples_destroyed < ANT_TEMPLES)
			mv->destroyed_at[mv->temples_destroyed++] = (int16_t)prov;
	}
	p->owner[prov] = (int8_t)nation;
	if (sink)
		sink(arg, &f);
	return 0;
}

int ant_wants_battle(const struct ant_map *m, const struct ant_pos *p, const struct ant_standing *s,
                     int nation, int other, int prov)
{
	int stance = ANT_FIGHT_CITY, best = -1;

	(void)m;
	for (int i = 0; s && i < s->n; i++) {
		const struct ant_stance_rule *r = &s->r[i];
		if ((r->prov >= 0 && r->prov != prov) || (r->against >= 0 && r->against != other))
			continue;
		/* a province is more specific than a nation; ">=" lets a
		 * later rule beat an earlier one of the same rank */
		int rank = (r->prov >= 0 ? 2 : 0) + (r->against >= 0 ? 1 : 0);
		if (rank >= best) {
			best = rank;
			stance = r->stance;
		}
	}
	switch (stance) {
	case ANT_FIGHT_ALWAYS:
		return 1;
	case ANT_FIGHT_NEVER:
		return 0;
	default:
		return p->owner[prov] == nation;
	}
}
