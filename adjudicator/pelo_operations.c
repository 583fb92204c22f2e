/*
 * pelo_operations.c - the operations phase (chapter 3; RULES.md 3): rounds
 * of operations, each a march, a combat, a return home or a year-round
 * station, and the march itself with its interceptions (chapter 4).
 *
 * By mail every major sends its operations as a list in the order it
 * wants them, as it does its diplomatic actions; at the deadline the
 * rounds are played in the majors' alphabetical order, each major
 * carrying out the first operation of its list that is allowed at that
 * moment.  What another player would decide during one's operation
 * (intercept, avoid battle, retreat...) comes from standing instructions
 * (pelo_instructions.c), so the whole phase is one batch.  Which of an
 * operation's conditions the phase cannot change is judged here too,
 * when the order arrives (pelo_op_on_arrival), beside the conditions of
 * the moment (pelo_op_why_not), so the two cannot drift apart.
 */
#include <assert.h>
#include <stdio.h>
#include <string.h>

#include "adjudicator/pelo_ops.h"

/* 1 if c operates in this phase: an active major at the head of its side
 * (junior partners' forces are their leader's to use, 3). */
static int operates(const struct pelo_map *m, const struct pelo_pos *p, int c)
{
	return pelo_major_active(m, p, c) && pelo_side(m, p, c) == c;
}

/* 1 if force f has SPs away from where they belong, and that place is
 * friendly to them (so they can go back). */
static int away(const struct pelo_map *m, const struct pelo_pos *p, const struct pelo_force *f)
{
	for (int t = 0; t < PELO_SP_TYPES; t++) {
		int h = pelo_sp_home(m, f->city, t);
		if (f->sp[t] && h != PELO_NONE && h != f->space &&
		    pelo_space_relation(m, p, h, f->city) == PELO_FRIENDLY)
			return 1;
	}
	return 0;
}

/* The first space where c's operable SPs are away and not on station, or
 * PELO_NONE: while there is one, c may not pass (3.1.1). */
static int first_away(const struct pelo_map *m, const struct pelo_pos *p, int c)
{
	int best = PELO_NONE;

	for (int i = 0; i < p->nforces; i++) {
		const struct pelo_force *f = &p->force[i];
		if (pelo_operable(m, p, c, f->city) && !f->station && away(m, p, f) &&
		    (best == PELO_NONE || f->space < best))
			best = f->space;
	}
	return best;
}

/* What c may take from space s: avail[t] SPs of each type. */
static void available(const struct pelo_map *m, const struct pelo_pos *p, int c, int s,
                     int avail[PELO_SP_TYPES])
{
	for (int t = 0; t < PELO_SP_TYPES; t++)
		avail[t] = 0;
	for (int i = 0; i < p->nforces; i++)
		if (p->force[i].space == s && pelo_operable(m, p, c, p->force[i].city))
			for (int t = 0; t < PELO_SP_TYPES; t++)
				avail[t] += p->force[i].sp[t];
}

/* How many SPs of each type op takes, given what is there. */
static void wanted(const struct pelo_op *op, const int avail[PELO_SP_TYPES], int want[PELO_SP_TYPES])
{
	for (int t = 0; t < PELO_SP_TYPES; t++)
		want[t] = op->sp[t] < 0 ? avail[t] : op->sp[t];
}

/* The leader op would have: the one named, the one already with the SPs
 * at s, or the best free one, sparing those in kept (RULES.md 8.2);
 * PELO_NONE when none. */
static int op_leader(const struct pelo_map *m, const struct pelo_scenario *sc, const struct pelo_pos *p,
                     int c, const struct pelo_op *op, int s, uint64_t kept)
{
	int l = pelo_leader_at(m, sc, p, c, s);

	if (op->leader != PELO_NONE)
		return pelo_leader_free(sc, p, op->leader) || l == op->leader ? op->leader : PELO_NONE;
	return l != PELO_NONE ? l : pelo_leader_pick(sc, p, c, kept);
}

/* The leaders named by pl's orders not yet carried out other than the
 * i-th: an order without LEADER leaves them to the orders naming them. */
static uint64_t kept_for(const struct pelo_ops_plan *pl, const uint8_t *used, int i)
{
	uint64_t kept = 0;

	for (int j = 0; j < pl->n; j++)
		if (j != i && !used[j] && pl->op[j].kind != PELO_OP_PASS && pl->op[j].leader != PELO_NONE)
			kept |= UINT64_C(1) << pl->op[j].leader;
	return kept;
}

/* How the army of op travels, from what it takes; -1 when its ships are
 * too few to carry its land SPs (4.3: one each). */
static int travel(const int want[PELO_SP_TYPES])
{
	int land = want[PELO_HOPLITE] + want[PELO_CAVALRY];

	if (!want[PELO_NAVAL_SP])
		return PELO_BY_LAND;
	return want[PELO_NAVAL_SP] >= land ? PELO_BY_SEA : -1;
}

static int activation(const struct pelo_scenario *sc, const int want[PELO_SP_TYPES])
{
	int cost = 0;

	for (int t = 0; t < PELO_SP_TYPES; t++)
		cost += want[t] * sc->activation[t];
	return cost;
}

/* Unfriendly SPs in s, or a fortress not friendly: something to attack. */
static int target_in(const struct pelo_map *m, const struct pelo_pos *p, int c, int s)
{
	const struct pelo_space *sp = &m->space[s];

	for (int i = 0; i < p->nforces; i++)
		if (p->force[i].space == s && pelo_relation(m, p, p->force[i].city, c) == PELO_UNFRIENDLY &&
		    (p->force[i].sp[PELO_HOPLITE] || p->force[i].sp[PELO_CAVALRY] || p->force[i].sp[PELO_NAVAL_SP] ||
		     p->force[i].garrison))
			return 1;
	return ((sp->kinds & PELO_FORTRESS) || sp->home_of != PELO_NONE) &&
	       pelo_space_relation(m, p, s, c) != PELO_FRIENDLY;
}

const char *pelo_op_why_not(const struct pelo_map *m, const struct pelo_scenario *sc,
                          const struct pelo_pos *p, int c, const struct pelo_op *op, uint64_t kept,
                          char why[PELO_WHY_MAX])
{
	int avail[PELO_SP_TYPES], want[PELO_SP_TYPES], n = 0, at;
	int8_t route[PELO_MAX_SPACES];

	if (!pelo_major_active(m, p, c))
		return "it has surrendered";
	if (!operates(m, p, c)) {
		snprintf(why, PELO_WHY_MAX, "%s is a junior partner: %s operates its forces", m->city[c].name,
		         pelo_city_name(m, pelo_side(m, p, c)));
		return why;
	}
	if (op->kind == PELO_OP_PASS)
		return NULL;
	at = op->kind == PELO_OP_MOVE || (op->kind == PELO_OP_ATTACK && op->from != PELO_NONE) ? op->from : op->to;
	available(m, p, c, at, avail);
	wanted(op, avail, want);
	for (int t = 0; t < PELO_SP_TYPES; t++) {
		if (want[t] > avail[t]) {
			snprintf(why, PELO_WHY_MAX, "%s has %d %s SP%s at %s", m->city[c].name, avail[t],
			         pelo_sp_word(t), avail[t] == 1 ? "" : "s", m->space[at].name);
			return why;
		}
		n += want[t];
	}
	if (!n) {
		snprintf(why, PELO_WHY_MAX, "%s has no SPs to operate at %s", m->city[c].name, m->space[at].name);
		return why;
	}
	if (op->kind == PELO_OP_RETURN || op->kind == PELO_OP_STATION) {
		for (int i = 0; i < p->nforces; i++) {
			const struct pelo_force *f = &p->force[i];
			if (f->space == at && pelo_operable(m, p, c, f->city) && away(m, p, f) &&
			    (op->kind == PELO_OP_RETURN || !f->station))
				return NULL;
		}
		return op->kind == PELO_OP_RETURN ? "nothing there is away from home"
		                                : "nothing there is away from home and off station";
	}
	if (op_leader(m, sc, p, c, op, at, kept) == PELO_NONE) {
		if (op->leader != PELO_NONE) {
			snprintf(why, PELO_WHY_MAX, "%s is not free to lead", pelo_leader_name(sc, op->leader));
			return why;
		}
		return "no leader is free";
	}
	if (op->leader != PELO_NONE && sc->leader[op->leader].city != c) {
		snprintf(why, PELO_WHY_MAX, "%s serves %s", pelo_leader_name(sc, op->leader),
		         m->city[sc->leader[op->leader].city].name);
		return why;
	}
	if (op->kind == PELO_OP_ATTACK && op->from == PELO_NONE)
		return target_in(m, p, c, op->to) ? NULL : "there is nothing to attack there";
	if (op->from == op->to)
		return "the army is there already";
	if (travel(want) < 0) {
		snprintf(why, PELO_WHY_MAX, "%d ships carry only %d land SPs (naval SPs never take land paths)",
		         want[PELO_NAVAL_SP], want[PELO_NAVAL_SP]);
		return why;
	}
	if (pelo_purse(m, p, c) < activation(sc, want)) {
		snprintf(why, PELO_WHY_MAX, "activating them costs %d talents and %s has %d",
		         activation(sc, want), m->city[c].name, pelo_purse(m, p, c));
		return why;
	}
	if (!pelo_route(m, p, c, travel(want), op->from, op->to, op->via, op->nvia, route, why))
		return why;
	return NULL;
}

/* ---- on arrival ---- */

/* c's operable SPs of type t anywhere: no operation can take more, since
 * nothing is built and no side changes before the economic phase. */
static int in_all(const struct pelo_map *m, const struct pelo_pos *p, int c, int t)
{
	int n = 0;

	for (int i = 0; i < p->nforces; i++)
		if (pelo_operable(m, p, c, p->force[i].city))
			n += p->force[i].sp[t];
	return n;
}

/* The leader named by op: dead, serving another, or out of his turns
 * stays so for the whole phase (RULES.md 8.1). */
static const char *leader_never(const struct pelo_map *m, const struct pelo_scenario *sc,
                                const struct pelo_pos *p, int c, int l, char why[PELO_WHY_MAX])
{
	const struct pelo_leader *L = &sc->leader[l];

	if (L->city != c)
		snprintf(why, PELO_WHY_MAX, "%s serves %s", L->name, m->city[L->city].name);
	else if (p->leader_dead[l])
		snprintf(why, PELO_WHY_MAX, "%s is dead", L->name);
	else if (p->turn < L->from || p->turn > L->to)
		snprintf(why, PELO_WHY_MAX, "%s leads in turn%s %d%s%.0d only, and this is turn %d (rules 8.1)",
		         L->name, L->from == L->to ? "" : "s", L->from, L->from == L->to ? "" : " to ",
		         L->from == L->to ? 0 : L->to, p->turn);
	else
		return NULL;
	return why;
}

/* 1 if some path an army without ships may take leads into s: the map,
 * not the moment, decides it. */
static int by_land_at_all(const struct pelo_map *m, int s)
{
	for (int y = 0; y < m->nspaces; y++)
		if (m->path[y][s] == PELO_LAND || m->path[y][s] == PELO_COMBINED)
			return 1;
	return 0;
}

/* 0 with why when op's VIA is off every shortest route by each way it
 * may travel (by sea when it names ships, by land when it names none,
 * either when it takes all there): the paths and the sides do not change
 * during the phase, so it stays off them. */
static int via_on_route(const struct pelo_map *m, const struct pelo_pos *p, int c,
                        const struct pelo_op *op, char why[PELO_WHY_MAX])
{
	static const int ways[] = { PELO_BY_LAND, PELO_BY_SEA };
	int8_t route[PELO_MAX_SPACES];
	int dist[PELO_MAX_SPACES], judged = 0;
	char inner[PELO_WHY_MAX];

	for (int i = 0; i < 2; i++) {
		int by = ways[i];
		if ((by == PELO_BY_SEA && !op->sp[PELO_NAVAL_SP]) || (by == PELO_BY_LAND && op->sp[PELO_NAVAL_SP] > 0))
			continue;
		pelo_distances(m, p, c, by, op->to, dist);
		if (dist[op->from] < 0)
			continue;     /* no route this way at all: the deadline says so */
		if (pelo_route(m, p, c, by, op->from, op->to, op->via, op->nvia, route, inner))
			return 1;
		snprintf(why, PELO_WHY_MAX, "VIA %s: %.120s", m->space[op->via[0]].name, inner);
		judged = 1;
	}
	return !judged;
}

/* What only the deadline can judge of op, for the reply: the SPs at the
 * start, the leader, the purse and the route depend on the operations
 * carried out before it. */
static void deadline_part(const struct pelo_map *m, const struct pelo_op *op, char later[PELO_WHY_MAX])
{
	int at = op->kind == PELO_OP_MOVE || (op->kind == PELO_OP_ATTACK && op->from != PELO_NONE) ? op->from
	                                                                                          : op->to;

	if (op->kind == PELO_OP_RETURN || op->kind == PELO_OP_STATION)
		snprintf(later, PELO_WHY_MAX, "whether forces at %s are away from home then can only be judged "
		         "at the deadline", m->space[at].name);
	else if (op->from == PELO_NONE)
		snprintf(later, PELO_WHY_MAX, "whether the SPs and a leader are at %s, the treasuries pay and "
		         "there is something to attack can only be judged at the deadline", m->space[at].name);
	else
		snprintf(later, PELO_WHY_MAX, "whether the SPs are at %s, a leader is free, the treasuries pay "
		         "and the route is open can only be judged at the deadline", m->space[at].name);
}

const char *pelo_op_on_arrival(const struct pelo_map *m, const struct pelo_scenario *sc,
                               const struct pelo_pos *p, int c, const struct pelo_op *op,
                               char why[PELO_WHY_MAX], char later[PELO_WHY_MAX])
{
	int to = op->to, home;

	assert(c >= 0 && c < m->ncities);
	later[0] = 0;
	if (op->kind == PELO_OP_PASS)
		return NULL;
	if (op->leader != PELO_NONE && leader_never(m, sc, p, c, op->leader, why))
		return why;
	for (int t = 0; t < PELO_SP_TYPES; t++)
		if (op->sp[t] > 0 && op->sp[t] > in_all(m, p, c, t)) {
			snprintf(why, PELO_WHY_MAX, "%s has %d %s SP%s in all", m->city[c].name, in_all(m, p, c, t),
			         pelo_sp_word(t), in_all(m, p, c, t) == 1 ? "" : "s");
			return why;
		}
	home = m->space[to].home_of;
	if (op->kind == PELO_OP_ATTACK && home != PELO_NONE && !p->rebellion[to] &&
	    pelo_side(m, p, home) == pelo_side(m, p, c)) {
		if (home == c)
			snprintf(why, PELO_WHY_MAX, "%s is the home of %s itself: there is nothing to attack",
			         m->space[to].name, m->city[c].name);
		else
			snprintf(why, PELO_WHY_MAX, "%s is the home of %s, on the same side: there is nothing "
			         "to attack", m->space[to].name, m->city[home].name);
		return why;
	}
	/* a treaty is made and broken in the diplomatic and political phases
	 * only, so the peace that keeps the army out of a neutral home now
	 * keeps it out at the deadline (4): said now, not "the route is open
	 * can only be judged at the deadline" */
	if ((op->kind == PELO_OP_MOVE || op->kind == PELO_OP_ATTACK) && op->from != PELO_NONE &&
	    home != PELO_NONE && home != c && pelo_relation(m, p, home, c) == PELO_NEUTRAL &&
	    pelo_treaty_between(p, pelo_side(m, p, home), pelo_side(m, p, c))) {
		snprintf(why, PELO_WHY_MAX, "%s is at peace with %s, and no army enters the home of a "
		         "city-state neutral to it (4)", m->city[c].name, m->city[home].name);
		return why;
	}
	if ((op->kind == PELO_OP_MOVE || op->kind == PELO_OP_ATTACK) && op->from != PELO_NONE) {
		int ships = op->sp[PELO_NAVAL_SP], avail[PELO_SP_TYPES];
		/* "all" takes the ships there too: judged on the ships there now,
		 * since one that would leave first is rarer than a player who
		 * forgot them, and naming the land SPs says what is meant */
		if (ships < 0) {
			available(m, p, c, op->from, avail);
			ships = avail[PELO_NAVAL_SP];
		}
		if (ships > 0 && m->space[to].terrain == PELO_INLAND) {
			if (op->sp[PELO_NAVAL_SP] < 0)
				snprintf(why, PELO_WHY_MAX, "%s is inland, and all SPs at %s takes the %d naval "
				         "SP%s of %s there: ships reach only coasts and islands (name the land SPs)",
				         m->space[to].name, m->space[op->from].name, ships, ships == 1 ? "" : "s",
				         m->city[c].name);
			else
				snprintf(why, PELO_WHY_MAX, "%s is inland: ships reach only coasts and islands "
				         "(march the land SPs without ships)", m->space[to].name);
			return why;
		}
		if (!op->sp[PELO_NAVAL_SP] && !by_land_at_all(m, to)) {
			snprintf(why, PELO_WHY_MAX, "%s is reached only by sea: land SPs need ships to carry them",
			         m->space[to].name);
			return why;
		}
		if (op->nvia && !via_on_route(m, p, c, op, why))
			return why;
	}
	deadline_part(m, op, later);
	return NULL;
}

/* ---- the march ---- */

/* Move the army's SPs (and its leader) from its space to space y. */
static void step(const struct pelo_map *m, struct pelo_pos *p, struct pelo_army *a, int y)
{
	for (int x = 0; x < m->ncities; x++)
		for (int t = 0; t < PELO_SP_TYPES; t++) {
			struct pelo_force *from, *to;
			if (!a->sp[x][t] || !(from = pelo_force_at(p, x, a->space)) || !(to = pelo_force_at(p, x, y)))
				continue;
			from->sp[t] = (int8_t)(from->sp[t] - a->sp[x][t]);
			to->sp[t] = (int8_t)(to->sp[t] + a->sp[x][t]);
			from->station = to->station = 0;
		}
	a->space = (int8_t)y;
	if (a->leader != PELO_NONE)
		p->leader_at[a->leader] = (int8_t)y;
	pelo_entered(m, p, pelo_side(m, p, a->major), y);
}

/* What is left of the army after a battle: no more than stands there. */
static int army_left(const struct pelo_map *m, struct pelo_pos *p, struct pelo_army *a)
{
	int n = 0;

	for (int x = 0; x < m->ncities; x++)
		for (int t = 0; t < PELO_SP_TYPES; t++) {
			struct pelo_force *f;
			if (!a->sp[x][t])
				continue;
			f = pelo_force_at(p, x, a->space);
			if (f && f->sp[t] < a->sp[x][t])
				a->sp[x][t] = f->sp[t];
			n += a->sp[x][t];
		}
	return n;
}

static int army_sp(const struct pelo_map *m, const struct pelo_army *a, int t)
{
	int n = 0;

	for (int x = 0; x < m->ncities; x++)
		n += a->sp[x][t];
	return n;
}

/* The storm of the stormy crossing (4.2): 1 if the army is lost. */
static int storm(const struct pelo_map *m, struct pelo_pos *p,
                 struct pelo_army *a, int y, struct chance_stream *dice, struct pelo_facts *out)
{
	const struct pelo_special *sp = pelo_special_between(m, a->space, y);
	int die;

	if (!sp || sp->kind != PELO_STORMY)
		return 0;
	die = pelo_die(dice);
	pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_CROSSING, .space = a->space, .to = y,
	                                    .n = { die, die >= sp->storm_roll } });
	if (die < sp->storm_roll)
		return 0;
	for (int x = 0; x < m->ncities; x++)
		for (int t = 0; t < PELO_SP_TYPES; t++) {
			struct pelo_force *f = pelo_force_at(p, x, a->space);
			if (a->sp[x][t] && f)
				f->sp[t] = (int8_t)(f->sp[t] - a->sp[x][t]);
		}
	memset(a->sp, 0, sizeof a->sp);
	pelo_leader_kill(p, a->leader, out);
	return 1;
}

/* The sides whose SPs of type class t (naval, or land) unfriendly to c
 * could intercept at s: eligible[h] their SPs there, by head; own[x]
 * city x's among them (whose instructions decide: pelo_decider). */
static void interceptors(const struct pelo_map *m, const struct pelo_pos *p, int c, int s, int naval,
                         int eligible[PELO_MAX_CITIES], int cavalry[PELO_MAX_CITIES],
                         int own[PELO_MAX_CITIES])
{
	memset(eligible, 0, sizeof(int) * PELO_MAX_CITIES);
	memset(cavalry, 0, sizeof(int) * PELO_MAX_CITIES);
	memset(own, 0, sizeof(int) * PELO_MAX_CITIES);
	for (int i = 0; i < p->nforces; i++) {
		const struct pelo_force *f = &p->force[i];
		int h = pelo_side(m, p, f->city);
		if (pelo_relation(m, p, f->city, c) != PELO_UNFRIENDLY)
			continue;
		for (int t = 0; t < PELO_SP_TYPES; t++)
			if ((t == PELO_NAVAL_SP) == naval && f->sp[t] && pelo_in_zoi(m, t, f->space, s)) {
				eligible[h] += f->sp[t];
				own[f->city] += f->sp[t];
				if (t == PELO_CAVALRY)
					cavalry[h] += f->sp[t];
			}
	}
}

/* Interception of the army at its space (4.6): each unfriendly side, in
 * turn, ships first, then land SPs.  Returns side 0's worst outcome:
 * PELO_OUT_LOST or PELO_OUT_DRAW stop the march. */
static int intercept(const struct pelo_map *m, const struct pelo_scenario *sc, struct pelo_pos *p,
                     struct pelo_army *a, const struct pelo_instructions *in,
                     struct chance_stream *dice, struct pelo_facts *out)
{
	for (int naval = 1; naval >= 0; naval--) {
		int eligible[PELO_MAX_CITIES], cav[PELO_MAX_CITIES], own[PELO_MAX_CITIES];
		int mine = naval ? army_sp(m, a, PELO_NAVAL_SP)
		                 : army_sp(m, a, PELO_HOPLITE) + army_sp(m, a, PELO_CAVALRY);
		if (!mine)
			continue;
		interceptors(m, p, a->major, a->space, naval, eligible, cav, own);
		for (int h = 0; h < m->ncities; h++) {
			struct pelo_source src;
			int spk, v, die, sup, outcome;
			if (!eligible[h])
				continue;
			spk = pelo_decider(m, p, h, own);
			mine = naval ? army_sp(m, a, PELO_NAVAL_SP)
			             : army_sp(m, a, PELO_HOPLITE) + army_sp(m, a, PELO_CAVALRY);
			if (!mine)
				break;
			if (spk == PELO_NONE) {
				pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_NO_INTERCEPTOR,
				                                    .city = h });
				continue;
			}
			v = pelo_instr(m, in, spk, PELO_I_INTERCEPT, &src);
			if (v == PELO_C_NEVER || (v == PELO_C_STRONGER && eligible[h] < mine)) {
				pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_NO_INTERCEPT, .city = h,
				                                    .space = a->space, .src = src, .n = { naval } });
				continue;
			}
			die = pelo_die(dice);
			sup = naval ? eligible[h] > mine : cav[h] > army_sp(m, a, PELO_CAVALRY);
			pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_INTERCEPT, .city = h,
			                                    .space = a->space, .src = src,
			                                    .n = { naval, die, sup, die + sup >= 4 } });
			if (die + sup < 4)
				continue;
			struct pelo_battle b = { .space = a->space, .head = { pelo_side(m, p, a->major), h },
			                       .interception = 1, .army = a };
			outcome = naval ? pelo_naval_battle(m, sc, p, &b, in, dice, out)
			                : pelo_land_battle(m, sc, p, &b, in, dice, out);
			if (outcome == PELO_OUT_LOST || outcome == PELO_OUT_DRAW)
				return outcome;
		}
	}
	return PELO_OUT_NONE;
}

/* Take the army of op out of the SPs at its space (own first, then the
 * partners', then the sympathetic minors'). */
static void muster(const struct pelo_map *m, const struct pelo_pos *p, int c, int s,
                   const int want[PELO_SP_TYPES], struct pelo_army *a)
{
	int left[PELO_SP_TYPES];

	memcpy(left, want, sizeof left);
	for (int pass = 0; pass < 3; pass++)
		for (int i = 0; i < p->nforces; i++) {
			const struct pelo_force *f = &p->force[i];
			int x = f->city;
			int which = x == c ? 0 : m->city[x].class == PELO_MAJOR ? 1 : 2;
			if (f->space != s || which != pass || !pelo_operable(m, p, c, x))
				continue;
			for (int t = 0; t < PELO_SP_TYPES; t++) {
				int n = f->sp[t] < left[t] ? f->sp[t] : left[t];
				a->sp[x][t] = (int8_t)(a->sp[x][t] + n);
				left[t] -= n;
			}
		}
}

/* The battles of a combat operation at s, then its siege. */
static void combat(const struct pelo_map *m, const struct pelo_scenario *sc, struct pelo_pos *p, int c,
                   int s, int siege, const struct pelo_instructions *in, struct chance_stream *dice,
                   struct pelo_facts *out)
{
	int enemy = PELO_NONE, worst = PELO_OUT_NONE, r;

	for (int i = 0; i < p->nforces && enemy == PELO_NONE; i++)
		if (p->force[i].space == s && pelo_relation(m, p, p->force[i].city, c) == PELO_UNFRIENDLY &&
		    (p->force[i].sp[PELO_HOPLITE] || p->force[i].sp[PELO_CAVALRY] || p->force[i].sp[PELO_NAVAL_SP]))
			enemy = pelo_side(m, p, p->force[i].city);
	if (enemy == PELO_NONE && p->control[s] != PELO_NONE &&
	    pelo_space_relation(m, p, s, c) == PELO_UNFRIENDLY)
		enemy = p->rebellion[s] ? p->control[s] : pelo_side(m, p, p->control[s]);
	if (enemy != PELO_NONE) {
		struct pelo_army none = { .major = (int8_t)c, .leader = PELO_NONE, .by = PELO_BY_LAND };
		struct pelo_battle b = { .space = s, .head = { pelo_side(m, p, c), enemy }, .army = &none };
		r = pelo_naval_battle(m, sc, p, &b, in, dice, out);
		worst = r;
		if (r != PELO_OUT_LOST) {
			r = pelo_land_battle(m, sc, p, &b, in, dice, out);
			if (r == PELO_OUT_LOST || r == PELO_OUT_AVOIDED || worst == PELO_OUT_NONE)
				worst = r;
		}
		if (worst == PELO_OUT_NONE && r == PELO_OUT_NONE && !b.land_avoided[1])
			pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_NO_BATTLE, .space = s });
	}
	if (siege)
		pelo_siege(m, sc, p, c, s, worst, in, dice, out);
}

/* Carry out op for c (allowed by pelo_op_why_not), told to out. */
static void take(const struct pelo_map *m, const struct pelo_scenario *sc, struct pelo_pos *p, int c,
                 const struct pelo_op *op, uint64_t kept, const struct pelo_instructions *in,
                 struct chance_stream *dice, struct pelo_facts *out)
{
	int avail[PELO_SP_TYPES], want[PELO_SP_TYPES], len, at, reached = 1;
	int8_t route[PELO_MAX_SPACES];
	char why[PELO_WHY_MAX];
	struct pelo_army a = { .major = (int8_t)c };

	at = op->kind == PELO_OP_MOVE || (op->kind == PELO_OP_ATTACK && op->from != PELO_NONE) ? op->from : op->to;
	if (op->kind == PELO_OP_RETURN || op->kind == PELO_OP_STATION) {
		for (int i = 0; i < p->nforces; i++) {
			struct pelo_force *f = &p->force[i];
			if (f->space != at || !pelo_operable(m, p, c, f->city) || !away(m, p, f))
				continue;
			if (op->kind == PELO_OP_STATION) {
				f->station = 1;
				continue;
			}
			for (int t = 0; t < PELO_SP_TYPES; t++) {
				int h = pelo_sp_home(m, f->city, t);
				struct pelo_force *to;
				if (!f->sp[t] || h == PELO_NONE || h == at ||
				    pelo_space_relation(m, p, h, f->city) != PELO_FRIENDLY || !(to = pelo_force_at(p, f->city, h)))
					continue;
				f = &p->force[i];   /* the table may have grown, not moved */
				pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_RETURNS, .city = f->city,
				                                    .space = h, .n = { f->sp[t], t } });
				to->sp[t] = (int8_t)(to->sp[t] + f->sp[t]);
				f->sp[t] = 0;
			}
			f->station = 0;
		}
		return;
	}
	available(m, p, c, at, avail);
	wanted(op, avail, want);
	muster(m, p, c, at, want, &a);
	a.space = (int8_t)at;
	a.leader = (int8_t)op_leader(m, sc, p, c, op, at, kept);
	p->leader_at[a.leader] = (int8_t)at;
	if (op->kind == PELO_OP_ATTACK && op->from == PELO_NONE) {
		pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_LED, .leader = a.leader });
		combat(m, sc, p, c, op->to, !op->nosiege, in, dice, out);
		return;
	}
	a.by = (int8_t)travel(want);
	len = pelo_route(m, p, c, a.by, op->from, op->to, op->via, op->nvia, route, why);
	pelo_pay(m, p, c, activation(sc, want));
	pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_MARCH, .leader = a.leader, .route = route,
	                                    .n = { activation(sc, want), a.by == PELO_BY_SEA, len } });
	for (int i = 1; i < len; i++) {
		int prev = a.space, r;
		if (storm(m, p, &a, route[i], dice, out)) {
			reached = 0;
			break;
		}
		step(m, p, &a, route[i]);
		/* where a combat operation ends, its own battle is fought */
		r = op->kind == PELO_OP_ATTACK && i == len - 1 ? PELO_OUT_NONE
		    : intercept(m, sc, p, &a, in, dice, out);
		if (!army_left(m, p, &a)) {
			pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_DESTROYED });
			reached = 0;
			break;
		}
		if (r == PELO_OUT_LOST) {
			struct pelo_source src;
			if (pelo_instr(m, in, c, PELO_I_RETREAT, &src) == PELO_C_YES) {
				pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_FALLS_BACK, .space = prev,
				                                    .src = src });
				step(m, p, &a, prev);
			} else
				pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_HOLDS, .space = a.space,
				                                    .src = src });
			reached = 0;
			break;
		}
		if (r == PELO_OUT_DRAW) {
			pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_HALTS, .space = a.space });
			reached = 0;
			break;
		}
	}
	if (reached && op->kind == PELO_OP_ATTACK)
		combat(m, sc, p, c, op->to, !op->nosiege, in, dice, out);
	else if (!reached && op->kind == PELO_OP_ATTACK)
		pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_NEVER_REACHES, .space = op->to });
}

int pelo_operations(const struct pelo_map *m, const struct pelo_scenario *sc, struct pelo_pos *p,
                  const struct pelo_ops_plan *plan, const struct pelo_instructions *in,
                  struct chance_stream *dice, struct pelo_facts *out)
{
	uint8_t used[PELO_MAX_CITIES][PELO_MAX_PLAN];
	/* why each operation was first refused when its major's turn came
	 * (later refusals often follow from it), for the list of those never
	 * carried out */
	char last_why[PELO_MAX_MAJORS][PELO_MAX_PLAN][PELO_WHY_MAX];
	char why[PELO_WHY_MAX];
	int active = 0, passes = 0, taken = 0, round;

	assert(m && sc && p && plan);
	memset(used, 0, sizeof used);
	memset(last_why, 0, sizeof last_why);
	for (int k = 0; k < m->nmajors; k++)
		active += operates(m, p, m->major[k]);
	/* each turn uses up an item of a plan, brings SPs home, or is a
	 * pass; a full round of passes ends the phase */
	for (round = 1; active && passes < active; round++) {
		pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_ROUND, .n = { round } });
		for (int k = 0; k < m->nmajors && passes < active; k++) {
			int c = m->major[k], pick = -1, back;
			const struct pelo_ops_plan *pl = &plan[c];
			struct pelo_op forced;

			if (!operates(m, p, c))
				continue;
			for (int i = 0; i < pl->n && pick < 0; i++) {
				const char *no;
				if (used[c][i])
					continue;
				if (pl->op[i].kind == PELO_OP_PASS || !(no = pelo_op_why_not(m, sc, p, c, &pl->op[i], kept_for(pl, used[c], i), why)))
					pick = i;
				else if (!last_why[k][i][0])
					snprintf(last_why[k][i], PELO_WHY_MAX, "%s", no);
			}
			if (pick >= 0)
				used[c][pick] = 1;
			if (pick < 0 || pl->op[pick].kind == PELO_OP_PASS) {
				if ((back = first_away(m, p, c)) == PELO_NONE) {
					pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_PASSES,
					                                    .city = c });
					passes++;
					continue;
				}
				/* 3.1.1: it may not pass with SPs away and off station */
				forced = (struct pelo_op){ .kind = PELO_OP_RETURN, .from = PELO_NONE, .to = (int8_t)back,
				                         .sp = { -1, -1, -1 }, .leader = PELO_NONE };
				pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_OP_FORCED, .city = c,
				                                    .op = &forced });
				take(m, sc, p, c, &forced, 0, in, dice, out);
			} else {
				pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_OP, .city = c,
				                                    .op = &pl->op[pick] });
				take(m, sc, p, c, &pl->op[pick], kept_for(pl, used[c], pick), in, dice, out);
				taken++;
			}
			passes = 0;
			pelo_drop_empty_forces(p);
			pelo_leaders_home(m, sc, p);
			pelo_sieges_check(m, p, out);
		}
	}
	pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_ALL_PASSED });
	for (int k = 0; k < m->nmajors; k++) {
		int c = m->major[k];
		for (int i = 0; i < plan[c].n; i++) {
			const char *no = last_why[k][i][0] ? last_why[k][i] : NULL;
			if (used[c][i] || plan[c].op[i].kind == PELO_OP_PASS)
				continue;
			if (!no)
				no = pelo_op_why_not(m, sc, p, c, &plan[c].op[i], kept_for(&plan[c], used[c], i), why);
			pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_OP_NOT_DONE, .city = c,
			                                    .op = &plan[c].op[i], .text = no });
		}
	}
	p->phase = PELO_PH_POLITICAL;
	return taken;
}
