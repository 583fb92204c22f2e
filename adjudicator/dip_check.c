/*
 * dip_check.c - is an order legal in this position?  One place decides, so
 * the verdict a player gets by return mail is the verdict the adjudicator
 * uses at the deadline.
 */
#include <string.h>

#include "adjudicator/dip.h"
#include "adjudicator/dip_internal.h"

int dip_unit_at(const struct dip_map *m, const struct dip_position *p, int prov)
{
	for (int i = 0; i < p->nunits; i++)
		if (m->loc[p->unit[i].loc].prov == prov)
			return i;
	return -1;
}

/*
 * The sea provinces reachable from province 'from' by a chain of seas, each
 * allowed by 'allowed' (NULL: every sea).  Used both for "could a convoy
 * ever get there" and, with the convoying fleets as 'allowed', for real
 * routes.  A worklist over set bits: each sea reached is expanded once;
 * this runs several times per phase, so it is kept to word operations.
 */
void dip_sea_reach(const struct dip_map *m, int from, const dip_set *allowed, dip_set *out)
{
	dip_set todo;
	int w;

	for (w = 0; w < DIP_SETWORDS; w++)
		todo.w[w] = out->w[w] = m->loc[from].near_seas.w[w] & (allowed ? allowed->w[w] : ~(uint64_t)0);
	for (;;) {
		for (w = 0; w < DIP_SETWORDS && !todo.w[w]; w++)
			;
		if (w == DIP_SETWORDS)
			break;
		int s = w * 64 + __builtin_ctzll(todo.w[w]);
		todo.w[w] &= todo.w[w] - 1;
		for (int x = 0; x < DIP_SETWORDS; x++) {
			uint64_t add = m->loc[s].fleet_adj.w[x] & m->seas.w[x] & ~out->w[x] &
			               (allowed ? allowed->w[x] : ~(uint64_t)0);
			out->w[x] |= add;
			todo.w[x] |= add;
		}
	}
}

int dip_sea_route(const struct dip_map *m, int from, int to, const dip_set *allowed)
{
	dip_set reach;

	if (m->loc[from].kind != DIP_COAST || m->loc[to].kind != DIP_COAST)
		return 0;
	dip_sea_reach(m, from, allowed, &reach);
	for (int w = 0; w < DIP_SETWORDS; w++)
		if (reach.w[w] & m->loc[to].near_seas.w[w])
			return 1;
	return 0;
}

int dip_fleet_dest(const struct dip_map *m, int from, int dest)
{
	const struct dip_loc *d = &m->loc[dest];
	int found = DIP_NO_LOC, n = 0;

	if (dest >= m->nprov || d->ncoasts == 0)
		return dip_set_has(&m->loc[from].fleet_adj, dest) ? dest : DIP_NO_LOC;
	for (int c = 0; c < d->ncoasts; c++)
		if (dip_set_has(&m->loc[from].fleet_adj, d->coast[c])) {
			found = d->coast[c];
			n++;
		}
	return n == 1 ? found : DIP_NO_LOC;
}

/* Built from the last unit down, so that where a malformed position puts
 * two units in one province the first is found, as dip_unit_at finds it. */
void dip_tables_build(const struct dip_map *m, const struct dip_position *p,
                      struct dip_tables *t)
{
	for (int l = 0; l < m->nprov; l++)
		t->at[l] = -1;
	memset(&t->fleet_seas, 0, sizeof t->fleet_seas);
	for (int i = p->nunits - 1; i >= 0; i--) {
		int loc = p->unit[i].loc;
		t->at[m->loc[loc].prov] = (int16_t)i;
		/* seas where fleets stand now: the only places a convoy could pass */
		if (p->unit[i].type == DIP_FLEET && m->loc[loc].kind == DIP_SEA)
			dip_set_add(&t->fleet_seas, loc);
	}
}

/* The order's unit is unit i (-1: none): is it the one the order names? */
static int check_unit(const struct dip_position *p, int i, const struct dip_order *o,
                      const struct dip_unit **u)
{
	if (i < 0)
		return DIP_R_NO_UNIT;
	*u = &p->unit[i];
	if ((*u)->power != o->power)
		return DIP_R_NOT_YOURS;
	if (o->type != DIP_NO_UNIT && o->type != (*u)->type)
		return DIP_R_WRONG_TYPE;
	return DIP_OK;
}

/*
 * An army may be ordered to a province it cannot walk to only if fleets
 * stand on some chain of seas between them (DATC 6.D.32); seas (those
 * holding fleets) NULL skips that test (a retreat never convoys).
 */
static int check_move(const struct dip_map *m, const dip_set *seas,
                      const struct dip_unit *u, int dest)
{
	int from = u->loc, dprov = m->loc[dest].prov;

	if (dprov == m->loc[from].prov)
		return DIP_R_SELF;
	if (u->type == DIP_ARMY) {
		if (m->loc[dprov].kind == DIP_SEA)
			return DIP_R_NOT_ADJACENT;
		if (dip_can_move(m, DIP_ARMY, from, dprov))
			return DIP_OK;
		return seas && dip_sea_route(m, m->loc[from].prov, dprov, seas) ? DIP_OK
		                                                                 : DIP_R_NOT_ADJACENT;
	}
	if (!dip_can_reach_prov(m, DIP_FLEET, from, dprov))
		return DIP_R_NOT_ADJACENT;
	if (dest == dprov)
		return dip_fleet_dest(m, from, dest) == DIP_NO_LOC ? DIP_R_BAD_COAST : DIP_OK;
	return dip_set_has(&m->loc[from].fleet_adj, dest) ? DIP_OK : DIP_R_BAD_COAST;
}

static int check_movement(const struct dip_map *m, const struct dip_position *p,
                          const struct dip_tables *tb, const struct dip_order *o)
{
	const struct dip_unit *u = NULL, *t;
	int rc, ti, prov;

	if (o->kind > DIP_CONVOY)
		return DIP_R_WRONG_PHASE;
	if ((rc = check_unit(p, tb->at[m->loc[o->loc].prov], o, &u)))
		return rc;
	prov = m->loc[u->loc].prov;
	switch (o->kind) {
	case DIP_HOLD:
		return DIP_OK;
	case DIP_MOVE:
		return check_move(m, &tb->fleet_seas, u, o->dest);
	case DIP_SUPPORT:
		ti = tb->at[m->loc[o->target].prov];
		if (ti < 0)
			return DIP_R_NO_UNIT;
		if (m->loc[o->target].prov == prov)
			return DIP_R_SELF;
		t = &p->unit[ti];
		if (o->target_type != DIP_NO_UNIT && o->target_type != t->type)
			return DIP_R_WRONG_TYPE;
		if (o->target_dest == DIP_NO_LOC)
			return dip_can_reach_prov(m, u->type, u->loc, m->loc[o->target].prov)
			       ? DIP_OK : DIP_R_CANT_SUPPORT;
		if (m->loc[o->target_dest].prov == prov)
			return DIP_R_SELF;
		if (!dip_can_reach_prov(m, u->type, u->loc, m->loc[o->target_dest].prov))
			return DIP_R_CANT_SUPPORT;
		/* the supported move must itself be possible, at least by convoy */
		return check_move(m, &tb->fleet_seas, t, m->loc[o->target_dest].prov) == DIP_R_NOT_ADJACENT
		       ? DIP_R_CANT_SUPPORT : DIP_OK;
	case DIP_CONVOY:
		if (u->type != DIP_FLEET || m->loc[prov].kind != DIP_SEA)
			return DIP_R_CANT_CONVOY;
		ti = tb->at[m->loc[o->target].prov];
		if (ti < 0)
			return DIP_R_NO_UNIT;
		t = &p->unit[ti];
		if (t->type != DIP_ARMY || o->target_dest == DIP_NO_LOC ||
		    m->loc[o->target_dest].kind != DIP_COAST ||
		    m->loc[o->target_dest].prov == m->loc[o->target].prov)
			return DIP_R_CANT_CONVOY;
		return DIP_OK;
	}
	return DIP_R_WRONG_PHASE;
}

static int check_retreat(const struct dip_map *m, const struct dip_position *p,
                         const struct dip_order *o)
{
	const struct dip_dislodged *d = NULL;
	int dprov;

	if (o->kind != DIP_RETREAT && o->kind != DIP_DISBAND && o->kind != DIP_MOVE)
		return DIP_R_WRONG_PHASE;
	for (int i = 0; i < p->ndislodged; i++)
		if (m->loc[p->dislodged[i].unit.loc].prov == m->loc[o->loc].prov)
			d = &p->dislodged[i];
	if (!d)
		return DIP_R_NO_UNIT;
	if (d->unit.power != o->power)
		return DIP_R_NOT_YOURS;
	if (o->type != DIP_NO_UNIT && o->type != d->unit.type)
		return DIP_R_WRONG_TYPE;
	if (o->kind == DIP_DISBAND)
		return DIP_OK;
	dprov = m->loc[o->dest].prov;
	if (d->unit.type == DIP_ARMY ? !dip_can_move(m, DIP_ARMY, d->unit.loc, dprov)
	                             : !dip_can_reach_prov(m, DIP_FLEET, d->unit.loc, dprov))
		return DIP_R_NOT_ADJACENT;
	if (d->unit.type == DIP_FLEET) {
		int rc = check_move(m, NULL, &d->unit, o->dest);
		if (rc)
			return rc;
	}
	if (dip_unit_at(m, p, dprov) >= 0 || dip_set_has(&p->contested, dprov) ||
	    dprov == d->attacker_from)
		return DIP_R_NOT_RETREAT_DEST;
	return DIP_OK;
}

int dip_home_owned(const struct dip_map *m, const struct dip_position *p, int power)
{
	for (int l = 0; l < m->nprov; l++)
		if (m->loc[l].home == power && p->owner[l] == power)
			return 1;
	return 0;
}

static int check_adjustment(const struct dip_map *m, const struct dip_position *p,
                            const struct dip_order *o)
{
	const struct dip_unit *u;
	int prov, rc;

	switch (o->kind) {
	case DIP_WAIVE:
		return DIP_OK;
	case DIP_REMOVE:
	case DIP_DISBAND:
		return check_unit(p, dip_unit_at(m, p, m->loc[o->loc].prov), o, &u);
	case DIP_BUILD:
		prov = m->loc[o->loc].prov;
		if (!m->loc[prov].centre || p->owner[prov] != o->power)
			return DIP_R_NOT_CENTRE;
		if (m->build_owned ? !dip_home_owned(m, p, o->power)
		                   : m->loc[prov].home != o->power)
			return DIP_R_NOT_HOME;
		if (dip_unit_at(m, p, prov) >= 0)
			return DIP_R_OCCUPIED;
		if (o->type == DIP_FLEET) {
			if (m->loc[prov].kind != DIP_COAST)
				return DIP_R_BAD_COAST;
			if (m->loc[prov].ncoasts && o->loc == prov)
				return DIP_R_BAD_COAST;
		} else if (o->type != DIP_ARMY) {
			return DIP_R_WRONG_TYPE;
		}
		return DIP_OK;
	}
	rc = DIP_R_WRONG_PHASE;
	return rc;
}

/* The checks every phase's order passes first. */
static int check_any(const struct dip_map *m, const struct dip_order *o)
{
	if (o->power < 0 || o->power >= m->npowers)
		return DIP_R_NOT_YOURS;
	if (o->kind != DIP_WAIVE && (o->loc < 0 || o->loc >= m->nloc))
		return DIP_R_NO_UNIT;
	return DIP_OK;
}

int dip_check_movement(const struct dip_map *m, const struct dip_position *p,
                       const struct dip_tables *tb, const struct dip_order *o)
{
	int rc = check_any(m, o);
	return rc ? rc : check_movement(m, p, tb, o);
}

int dip_check_order(const struct dip_map *m, const struct dip_position *p,
                    const struct dip_order *o)
{
	struct dip_tables tb;
	int rc = check_any(m, o);

	if (rc)
		return rc;
	switch (p->phase) {
	case DIP_PH_MOVEMENT:
		dip_tables_build(m, p, &tb);
		return check_movement(m, p, &tb, o);
	case DIP_PH_RETREAT:
		return check_retreat(m, p, o);
	default:
		return check_adjustment(m, p, o);
	}
}
