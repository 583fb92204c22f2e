/*
 * dip_movement.c - the movement phase.
 *
 * The method is the decision-based one of L. B. Kruijswijk's "The Math of
 * Adjudication": each unit's order carries one yes/no decision (a move
 * succeeds, a support is given, a convoying fleet stays in place), and
 * each decision is computed from the strengths defined by the 2000 rules.
 * Decisions that depend on each other in a cycle are settled by guessing:
 * if both guesses agree the answer stands; if not, the cycle is either
 * circular movement (all moves succeed) or a convoy paradox, settled by
 * the Szykman rule (the convoyed army's move fails and it cuts nothing),
 * which is what the DATC prefers.
 *
 * Other DATC choices, all the DATC's preferred ones: an army convoys to an
 * adjacent province only when it says "via convoy" or its own power orders
 * a fleet that could carry it (4.A.3); a convoyed attack from the province a
 * support is aimed at does not cut it (4.A.4); a unit dislodged by a
 * convoyed army may retreat to where that army came from (4.A.5); a move
 * succeeds if any of several convoy routes holds (4.A.1, 2000 rules).
 *
 * Once the orders are linked, each decision reads only the units that bear
 * on it: the supports of a unit, the moves into a province and the convoys
 * of an army are chained once per phase (link_lists), in ascending unit
 * order, so the decisions are taken in the same order as by a scan over
 * all units, and each costs what it reads rather than the number of units.
 */
#include <string.h>

#include "adjudicator/dip.h"
#include "adjudicator/dip_internal.h"

enum { UNRESOLVED, GUESSING, RESOLVED };
enum { FAILS = 0, SUCCEEDS = 1 };

struct mv {
	const struct dip_map *m;
	const struct dip_position *p;
	int n;                        /* units */
	int at[DIP_MAX_LOC];          /* province -> unit, or -1 */
	int8_t kind[DIP_MAX_UNITS];   /* effective order: HOLD MOVE SUPPORT CONVOY */
	int16_t src[DIP_MAX_UNITS];   /* the unit's province */
	int16_t dest[DIP_MAX_UNITS];  /* MOVE: target province; SUPPORT/CONVOY: the
	                                 target's destination province, or -1 */
	int16_t dest_loc[DIP_MAX_UNITS]; /* MOVE: exact location arrived at */
	int16_t target[DIP_MAX_UNITS];   /* SUPPORT/CONVOY: target unit */
	int8_t convoyed[DIP_MAX_UNITS];  /* MOVE goes by convoy */
	int8_t paradox[DIP_MAX_UNITS];   /* convoyed MOVE failed by the Szykman rule */
	int8_t valid[DIP_MAX_UNITS];     /* SUPPORT/CONVOY matches its target's order */
	int16_t h2h[DIP_MAX_UNITS];      /* head-to-head opponent, or -1 */
	int16_t order[DIP_MAX_UNITS];    /* index into the given orders, or -1 */
	int8_t state[DIP_MAX_UNITS];
	int8_t res[DIP_MAX_UNITS];
	int ndeps;
	int16_t deps[DIP_MAX_UNITS * 4];
	unsigned guesses_seen;           /* times a guess was read: a result that
	                                    read none does not depend on any */
	int8_t ordered_move[DIP_MAX_UNITS]; /* was ordered to move, even if it cannot */
	int16_t sup_loc[DIP_MAX_UNITS];  /* SUPPORT: destination as written (a coast
	                                    if one was named) */
	/* chains, -1 ended, in ascending unit order (link_lists) */
	int16_t first_sup[DIP_MAX_UNITS], next_sup[DIP_MAX_UNITS]; /* valid supports of a unit */
	int16_t first_cv[DIP_MAX_UNITS], next_cv[DIP_MAX_UNITS];   /* valid convoys of an army */
	int16_t first_in[DIP_MAX_LOC], next_in[DIP_MAX_UNITS];     /* moves into a province */
};

static int resolve(struct mv *v, int u);

/* Fleets ordered to convoy army a to its destination (ignoring outcome). */
static void convoy_fleets(const struct mv *v, int a, dip_set *fleets)
{
	memset(fleets, 0, sizeof *fleets);
	for (int f = 0; f < v->n; f++)
		if (v->kind[f] == DIP_CONVOY && v->target[f] == a && v->dest[f] == v->dest[a])
			dip_set_add(fleets, v->src[f]);
}

/* Does army a's convoy route hold, given the convoy decisions? */
static int path(struct mv *v, int a)
{
	dip_set fleets;

	if (!v->convoyed[a])
		return 1;
	if (v->paradox[a])
		return 0;
	memset(&fleets, 0, sizeof fleets);
	for (int f = v->first_cv[a]; f >= 0; f = v->next_cv[f])
		if (resolve(v, f) == SUCCEEDS)
			dip_set_add(&fleets, v->src[f]);
	return dip_sea_route(v->m, v->src[a], v->dest[a], &fleets);
}

static int supports(struct mv *v, int u, int not_power)
{
	int s = 0;
	for (int i = v->first_sup[u]; i >= 0; i = v->next_sup[i])
		if (v->p->unit[i].power != not_power && resolve(v, i) == SUCCEEDS)
			s++;
	return s;
}

static int attack_strength(struct mv *v, int u)
{
	int d;

	if (!path(v, u))
		return 0;
	d = v->at[v->dest[u]];
	if (d < 0 || (v->kind[d] == DIP_MOVE && v->h2h[u] != d && resolve(v, d) == SUCCEEDS))
		return 1 + supports(v, u, DIP_NO_POWER);
	if (v->p->unit[d].power == v->p->unit[u].power)
		return 0;
	return 1 + supports(v, u, v->p->unit[d].power);
}

static int hold_strength(struct mv *v, int prov)
{
	int d = v->at[prov];

	if (d < 0)
		return 0;
	if (v->kind[d] == DIP_MOVE)
		return resolve(v, d) == SUCCEEDS ? 0 : 1;
	return 1 + supports(v, d, DIP_NO_POWER);
}

static int prevent_strength(struct mv *v, int u)
{
	if (!path(v, u))
		return 0;
	if (v->h2h[u] >= 0 && resolve(v, v->h2h[u]) == SUCCEEDS)
		return 0;
	return 1 + supports(v, u, DIP_NO_POWER);
}

static int adjudicate_move(struct mv *v, int u)
{
	int atk = attack_strength(v, u);

	if (atk == 0)
		return FAILS;
	if (v->h2h[u] >= 0) {
		if (atk <= 1 + supports(v, v->h2h[u], DIP_NO_POWER))
			return FAILS;
	} else if (atk <= hold_strength(v, v->dest[u])) {
		return FAILS;
	}
	for (int i = v->first_in[v->dest[u]]; i >= 0; i = v->next_in[i])
		if (i != u && atk <= prevent_strength(v, i))
			return FAILS;
	return SUCCEEDS;
}

static int adjudicate_support(struct mv *v, int s)
{
	int power = v->p->unit[s].power;
	int aim = v->dest[s] >= 0 ? v->dest[s] : v->src[v->target[s]];

	if (!v->valid[s])
		return FAILS;
	for (int i = v->first_in[v->src[s]]; i >= 0; i = v->next_in[i]) {
		if (v->p->unit[i].power == power)
			continue;
		if (v->src[i] == aim) {
			/* attacked from where the support is aimed: only a
			 * dislodgement cuts it */
			if (resolve(v, i) == SUCCEEDS)
				return FAILS;
		} else if (path(v, i)) {
			return FAILS;
		}
	}
	return SUCCEEDS;
}

static int adjudicate_convoy(struct mv *v, int f)
{
	for (int i = v->first_in[v->src[f]]; i >= 0; i = v->next_in[i])
		if (resolve(v, i) == SUCCEEDS)
			return FAILS;
	return SUCCEEDS;
}

static int adjudicate(struct mv *v, int u)
{
	switch (v->kind[u]) {
	case DIP_MOVE:
		return adjudicate_move(v, u);
	case DIP_SUPPORT:
		return adjudicate_support(v, u);
	case DIP_CONVOY:
		return adjudicate_convoy(v, u);
	}
	return SUCCEEDS;
}

/*
 * A cycle the guesses could not settle.  With a convoy in it, it is a
 * paradox: the armies those fleets carry fail (Szykman).  Without one, it
 * is units moving in a ring, and they all move.
 */
static void backup_rule(struct mv *v, int from)
{
	int convoy = 0;

	for (int i = from; i < v->ndeps; i++)
		if (v->kind[v->deps[i]] == DIP_CONVOY)
			convoy = 1;
	for (int i = from; i < v->ndeps; i++) {
		int u = v->deps[i];
		if (convoy && v->kind[u] == DIP_CONVOY && v->valid[u]) {
			int a = v->target[u];
			v->paradox[a] = 1;
			v->state[a] = RESOLVED;
			v->res[a] = FAILS;
		}
	}
	for (int i = from; i < v->ndeps; i++) {
		int u = v->deps[i];
		if (!convoy && v->kind[u] == DIP_MOVE) {
			v->state[u] = RESOLVED;
			v->res[u] = SUCCEEDS;
		} else if (!(v->kind[u] == DIP_MOVE && v->paradox[u])) {
			v->state[u] = UNRESOLVED;
		}
	}
	v->ndeps = from;
}

static int resolve(struct mv *v, int u)
{
	int first, second, old;
	unsigned old_seen = v->guesses_seen;

	if (v->state[u] == RESOLVED)
		return v->res[u];
	if (v->state[u] == GUESSING) {
		int seen = 0;
		v->guesses_seen++;
		for (int i = 0; i < v->ndeps; i++)
			seen |= v->deps[i] == u;
		if (!seen && v->ndeps < (int)(sizeof v->deps / sizeof v->deps[0]))
			v->deps[v->ndeps++] = (int16_t)u;
		return v->res[u];
	}
	old = v->ndeps;
	v->res[u] = FAILS;
	v->state[u] = GUESSING;
	first = adjudicate(v, u);
	if (v->ndeps == old && v->guesses_seen == old_seen) {
		if (v->state[u] != RESOLVED) {
			v->state[u] = RESOLVED;
			v->res[u] = (int8_t)first;
		}
		return v->res[u];
	}
	if (v->ndeps == old || v->deps[old] != u) {
		/* part of a cycle started further up: let that level settle it */
		if (v->ndeps < (int)(sizeof v->deps / sizeof v->deps[0]))
			v->deps[v->ndeps++] = (int16_t)u;
		v->res[u] = (int8_t)first;
		return first;
	}
	while (v->ndeps > old)
		v->state[v->deps[--v->ndeps]] = UNRESOLVED;
	v->res[u] = SUCCEEDS;
	v->state[u] = GUESSING;
	second = adjudicate(v, u);
	if (first == second) {
		while (v->ndeps > old)
			v->state[v->deps[--v->ndeps]] = UNRESOLVED;
		v->state[u] = RESOLVED;
		v->res[u] = (int8_t)first;
		return first;
	}
	backup_rule(v, old);
	return resolve(v, u);
}

/* Would army a go by convoy?  See 4.A.3 in the header comment. */
static int goes_by_convoy(const struct mv *v, int a, int via_convoy)
{
	const struct dip_map *m = v->m;
	dip_set fleets, from_src, from_dst;

	convoy_fleets(v, a, &fleets);
	if (!dip_sea_route(m, v->src[a], v->dest[a], &fleets))
		return 0;
	if (!dip_can_move(m, DIP_ARMY, v->src[a], v->dest[a]) || via_convoy)
		return 1;
	dip_sea_reach(m, v->src[a], NULL, &from_src);
	dip_sea_reach(m, v->dest[a], NULL, &from_dst);
	for (int f = 0; f < v->n; f++)
		if (dip_set_has(&fleets, v->src[f]) && v->kind[f] == DIP_CONVOY &&
		    v->target[f] == a && v->p->unit[f].power == v->p->unit[a].power &&
		    dip_set_has(&from_src, v->src[f]) && dip_set_has(&from_dst, v->src[f]))
			return 1;
	return 0;
}

static void set_result(struct dip_outcome *out, int idx, int success, int reason)
{
	out->result[idx].success = (int8_t)success;
	out->result[idx].reason = (int8_t)reason;
}

/* Turn the given orders into one effective order per unit. */
static void assign_orders(struct mv *v, const struct dip_order *orders, int norders,
                          struct dip_outcome *out, int8_t *via)
{
	const struct dip_map *m = v->m;
	struct dip_tables tb;

	dip_tables_build(m, v->p, &tb);
	for (int i = 0; i < norders; i++) {
		const struct dip_order *o = &orders[i];
		int rc = dip_check_movement(m, v->p, &tb, o), u;
		out->order[i] = *o;
		memset(&out->result[i], 0, sizeof out->result[i]);
		if (rc) {
			set_result(out, i, 0, rc);
			continue;
		}
		u = v->at[m->loc[o->loc].prov];
		if (v->order[u] >= 0)
			set_result(out, v->order[u], 0, DIP_R_DUPLICATE);
		v->order[u] = (int16_t)i;
		v->kind[u] = o->kind;
		v->ordered_move[u] = o->kind == DIP_MOVE;
		via[u] = o->via_convoy;
		switch (o->kind) {
		case DIP_MOVE:
			v->dest[u] = m->loc[o->dest].prov;
			v->dest_loc[u] = (int16_t)(v->p->unit[u].type == DIP_FLEET
				? (o->dest == v->dest[u] ? dip_fleet_dest(m, v->p->unit[u].loc, o->dest)
				                         : o->dest)
				: v->dest[u]);
			break;
		case DIP_SUPPORT:
		case DIP_CONVOY:
			v->target[u] = (int16_t)v->at[m->loc[o->target].prov];
			v->dest[u] = o->target_dest == DIP_NO_LOC ? -1 : m->loc[o->target_dest].prov;
			v->sup_loc[u] = o->target_dest;
			break;
		}
	}
}

/* Convoy routes, head-to-head pairs, and whether supports and convoys
 * match what their targets were really ordered to do. */
static void link_orders(struct mv *v, const int8_t *via, struct dip_outcome *out)
{
	for (int u = 0; u < v->n; u++) {
		if (v->kind[u] != DIP_MOVE || v->p->unit[u].type != DIP_ARMY)
			continue;
		v->convoyed[u] = (int8_t)goes_by_convoy(v, u, via[u]);
		if (!v->convoyed[u] && !dip_can_move(v->m, DIP_ARMY, v->src[u], v->dest[u])) {
			set_result(out, v->order[u], 0, DIP_R_NO_CONVOY);
			v->kind[u] = DIP_HOLD;     /* no route at all: it stays put */
		}
	}
	for (int u = 0; u < v->n; u++) {
		int t = v->target[u];
		/* a support names the order it backs: a unit ordered to move gets
		 * no hold support even when its move is impossible (DATC 6.D.8),
		 * and a coast named in a support must be the one moved to (6.B.9) */
		if (v->kind[u] == DIP_SUPPORT)
			v->valid[u] = (int8_t)(v->dest[u] < 0 ? !v->ordered_move[t]
			                                      : v->kind[t] == DIP_MOVE &&
			                                        v->dest[t] == v->dest[u] &&
			                                        (v->sup_loc[u] < v->m->nprov ||
			                                         v->sup_loc[u] == v->dest_loc[t]));
		else if (v->kind[u] == DIP_CONVOY)
			v->valid[u] = (int8_t)(v->kind[t] == DIP_MOVE && v->convoyed[t] &&
			                       v->dest[t] == v->dest[u]);
		if (v->kind[u] == DIP_MOVE && !v->convoyed[u]) {
			int d = v->at[v->dest[u]];
			if (d >= 0 && v->kind[d] == DIP_MOVE && !v->convoyed[d] && v->dest[d] == v->src[u])
				v->h2h[u] = (int16_t)d;
		}
	}
}

/* The chains the decisions read (see the header comment); built from the
 * last unit down, so each chain runs in ascending unit order. */
static void link_lists(struct mv *v)
{
	for (int l = 0; l < v->m->nprov; l++)
		v->first_in[l] = -1;
	for (int u = 0; u < v->n; u++)
		v->first_sup[u] = v->first_cv[u] = -1;
	for (int u = v->n - 1; u >= 0; u--) {
		int t = v->target[u];
		if (v->kind[u] == DIP_MOVE) {
			v->next_in[u] = v->first_in[v->dest[u]];
			v->first_in[v->dest[u]] = (int16_t)u;
		} else if (v->kind[u] == DIP_SUPPORT && v->valid[u]) {
			v->next_sup[u] = v->first_sup[t];
			v->first_sup[t] = (int16_t)u;
		} else if (v->kind[u] == DIP_CONVOY && v->valid[u]) {
			v->next_cv[u] = v->first_cv[t];
			v->first_cv[t] = (int16_t)u;
		}
	}
}

int dip_movement(const struct dip_map *m, const struct dip_position *p,
                 const struct dip_order *orders, int norders,
                 struct dip_outcome *out, struct dip_position *next)
{
	struct mv v;
	int8_t via[DIP_MAX_UNITS] = { 0 };
	int8_t dislodged[DIP_MAX_UNITS] = { 0 };
	int16_t by[DIP_MAX_UNITS];

	memset(&v, 0, sizeof v);
	v.m = m;
	v.p = p;
	v.n = p->nunits;
	for (int i = 0; i < m->nloc; i++)
		v.at[i] = -1;
	for (int u = 0; u < v.n; u++) {
		v.src[u] = m->loc[p->unit[u].loc].prov;
		v.at[v.src[u]] = u;
		v.kind[u] = DIP_HOLD;
		v.order[u] = v.h2h[u] = v.target[u] = v.dest[u] = -1;
	}
	if (norders > DIP_MAX_ORDERS)
		norders = DIP_MAX_ORDERS;
	assign_orders(&v, orders, norders, out, via);
	link_orders(&v, via, out);
	link_lists(&v);

	for (int u = 0; u < v.n; u++)
		resolve(&v, u);

	/* who was dislodged, and by whom */
	for (int u = 0; u < v.n; u++) {
		by[u] = -1;
		for (int i = v.first_in[v.src[u]]; i >= 0; i = v.next_in[i])
			if (v.res[i] == SUCCEEDS && !(v.kind[u] == DIP_MOVE && v.res[u] == SUCCEEDS)) {
				dislodged[u] = 1;
				by[u] = (int16_t)i;
			}
	}

	/* results: every given order, then holds for units with none */
	out->norders = norders;
	for (int u = 0; u < v.n; u++) {
		int idx = v.order[u];
		if (idx < 0) {
			idx = out->norders++;
			memset(&out->order[idx], 0, sizeof out->order[idx]);
			out->order[idx].power = p->unit[u].power;
			out->order[idx].kind = DIP_HOLD;
			out->order[idx].type = p->unit[u].type;
			out->order[idx].loc = p->unit[u].loc;
			out->order[idx].dest = out->order[idx].target = out->order[idx].target_dest = DIP_NO_LOC;
			out->result[idx].defaulted = 1;
			set_result(out, idx, 1, DIP_OK);
			v.order[u] = (int16_t)idx;
		} else if (out->result[idx].reason == DIP_OK) {
			int ok = v.kind[u] == DIP_HOLD || v.res[u] == SUCCEEDS;
			int why = DIP_OK;
			if (!ok && v.kind[u] == DIP_MOVE)
				why = v.convoyed[u] && !path(&v, u) ? DIP_R_NO_CONVOY : DIP_R_BOUNCED;
			else if (!ok && v.kind[u] == DIP_SUPPORT)
				why = v.valid[u] ? DIP_R_CUT : DIP_R_VOID;
			else if (v.kind[u] == DIP_CONVOY && !v.valid[u])
				ok = 0, why = DIP_R_VOID;
			else if (!ok && v.kind[u] == DIP_CONVOY)
				why = DIP_R_DISRUPTED;
			if (v.kind[u] == DIP_MOVE && v.paradox[u])
				why = DIP_R_PARADOX;
			set_result(out, idx, ok, why);
		}
		out->result[idx].dislodged = dislodged[u];
	}

	/* the position after the moves */
	*next = *p;
	next->nunits = 0;
	next->ndislodged = 0;
	memset(&next->contested, 0, sizeof next->contested);
	for (int u = 0; u < v.n; u++) {
		struct dip_unit nu = p->unit[u];
		if (dislodged[u]) {
			struct dip_dislodged *d = &next->dislodged[next->ndislodged++];
			d->unit = nu;
			d->attacker_from = v.convoyed[by[u]] ? DIP_NO_LOC : v.src[by[u]];
			continue;
		}
		if (v.kind[u] == DIP_MOVE && v.res[u] == SUCCEEDS)
			nu.loc = v.dest_loc[u];
		next->unit[next->nunits++] = nu;
	}
	/* a standoff leaves its province closed to retreats */
	for (int u = 0; u < v.n; u++) {
		if (v.kind[u] != DIP_MOVE || v.res[u] == SUCCEEDS || !path(&v, u))
			continue;
		if (v.h2h[u] >= 0 && v.res[v.h2h[u]] == SUCCEEDS)
			continue;
		int taken = 0;
		for (int i = v.first_in[v.dest[u]]; i >= 0; i = v.next_in[i])
			taken |= v.res[i] == SUCCEEDS;
		if (!taken)
			dip_set_add(&next->contested, v.dest[u]);
	}
	/* a dislodged unit with nowhere to go is disbanded now, not asked */
	int keep = 0;
	for (int d = 0; d < next->ndislodged; d++) {
		dip_set opts;
		if (dip_retreat_options(m, next, &next->dislodged[d], &opts)) {
			next->dislodged[keep++] = next->dislodged[d];
			continue;
		}
		for (int u = 0; u < v.n; u++)
			if (dislodged[u] && p->unit[u].loc == next->dislodged[d].unit.loc)
				out->result[v.order[u]].destroyed = 1;
	}
	next->ndislodged = keep;
	return 0;
}
