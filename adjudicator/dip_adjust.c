/*
 * dip_adjust.c - the adjustment phase: builds up to the number due, in
 * legal centres, one per province; removals down to the number due, with
 * civil disorder choosing the rest: the unit farthest from its owner's home
 * centres goes first, fleets before armies at equal distance, then by
 * province name in alphabetical order (2000 rules; DATC 6.J).
 */
#include <string.h>

#include "adjudicator/dip.h"
#include "adjudicator/dip_internal.h"

int dip_centre_count(const struct dip_map *m, const struct dip_position *p, int power)
{
	int n = 0;
	for (int l = 0; l < m->nprov; l++)
		n += m->loc[l].centre && p->owner[l] == power;
	return n;
}

int dip_adjustment_count(const struct dip_map *m, const struct dip_position *p, int power)
{
	int units = 0;
	for (int i = 0; i < p->nunits; i++)
		units += p->unit[i].power == power;
	return dip_centre_count(m, p, power) - units;
}

static void add_default(struct dip_outcome *out, int power, int kind,
                        const struct dip_unit *u)
{
	int idx = out->norders++;
	memset(&out->order[idx], 0, sizeof out->order[idx]);
	/* the result too: what a slot held before (a movement's "dislodged,
	 * destroyed") must not show in a winter report */
	memset(&out->result[idx], 0, sizeof out->result[idx]);
	out->order[idx].power = (int8_t)power;
	out->order[idx].kind = (int8_t)kind;
	out->order[idx].type = u ? u->type : DIP_NO_UNIT;
	out->order[idx].loc = u ? u->loc : DIP_NO_LOC;
	out->order[idx].dest = out->order[idx].target = out->order[idx].target_dest = DIP_NO_LOC;
	out->result[idx].success = 1;
	out->result[idx].reason = DIP_OK;
	out->result[idx].defaulted = 1;
}

/* 1 if unit a should be removed before unit b under civil disorder. */
static int remove_first(const struct dip_map *m, const struct dip_unit *a,
                        const struct dip_unit *b)
{
	int da = dip_home_distance(m, a->type, a->loc, a->power);
	int db = dip_home_distance(m, b->type, b->loc, b->power);
	if (da != db)
		return da > db;
	if (a->type != b->type)
		return a->type == DIP_FLEET;
	return strcmp(m->loc[m->loc[a->loc].prov].name, m->loc[m->loc[b->loc].prov].name) < 0;
}

int dip_adjustment(const struct dip_map *m, const struct dip_position *p,
                   const struct dip_order *orders, int norders,
                   struct dip_outcome *out, struct dip_position *next)
{
	int due[DIP_MAX_POWERS];
	int8_t removed[DIP_MAX_UNITS] = { 0 };
	dip_set built;

	memset(&built, 0, sizeof built);
	*next = *p;
	for (int w = 0; w < m->npowers; w++)
		due[w] = dip_adjustment_count(m, p, w);
	if (norders > DIP_MAX_ORDERS)
		norders = DIP_MAX_ORDERS;
	out->norders = norders;
	for (int i = 0; i < norders; i++) {
		const struct dip_order *o = &orders[i];
		int rc = dip_check_order(m, p, o);
		out->order[i] = *o;
		if (out->order[i].kind == DIP_DISBAND)
			out->order[i].kind = DIP_REMOVE;
		memset(&out->result[i], 0, sizeof out->result[i]);
		if (!rc && o->kind == DIP_BUILD) {
			int prov = m->loc[o->loc].prov;
			if (due[o->power] <= 0)
				rc = DIP_R_NO_BUILDS;
			else if (dip_set_has(&built, prov))
				rc = DIP_R_OCCUPIED;
		} else if (!rc && o->kind == DIP_WAIVE) {
			if (due[o->power] <= 0)
				rc = DIP_R_NO_BUILDS;
		} else if (!rc) {            /* removal */
			int u = dip_unit_at(m, p, m->loc[o->loc].prov);
			if (due[o->power] >= 0)
				rc = DIP_R_NO_BUILDS;
			else if (removed[u])
				rc = DIP_R_DUPLICATE;
			else
				removed[u] = 1;
		}
		out->result[i].reason = (int8_t)rc;
		if (rc)
			continue;
		out->result[i].success = 1;
		if (o->kind == DIP_BUILD) {
			struct dip_unit *nu = &next->unit[next->nunits++];
			dip_set_add(&built, m->loc[o->loc].prov);
			nu->type = o->type;
			nu->power = o->power;
			nu->loc = o->loc;
			due[o->power]--;
		} else if (o->kind == DIP_WAIVE) {
			due[o->power]--;
		} else {
			due[o->power]++;
		}
	}
	/* builds not used are waived; removals not ordered follow civil disorder */
	for (int w = 0; w < m->npowers; w++) {
		while (due[w] > 0) {
			add_default(out, w, DIP_WAIVE, NULL);
			due[w]--;
		}
		while (due[w] < 0) {
			int pick = -1;
			for (int u = 0; u < p->nunits; u++)
				if (p->unit[u].power == w && !removed[u] &&
				    (pick < 0 || remove_first(m, &p->unit[u], &p->unit[pick])))
					pick = u;
			if (pick < 0)
				break;
			removed[pick] = 1;
			add_default(out, w, DIP_REMOVE, &p->unit[pick]);
			due[w]++;
		}
	}
	/* the survivors, in their old order, then the new builds */
	int k = 0;
	for (int u = 0; u < p->nunits; u++)
		if (!removed[u])
			next->unit[k++] = p->unit[u];
	for (int u = p->nunits; u < next->nunits; u++)
		next->unit[k++] = next->unit[u];
	next->nunits = k;
	return 0;
}
