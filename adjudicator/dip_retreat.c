/*
 * dip_retreat.c - the retreat phase: each dislodged unit retreats to a
 * legal empty province or disbands; two retreats to one province both
 * disband; a unit without an order disbands.
 */
#include <string.h>

#include "adjudicator/dip.h"
#include "adjudicator/dip_internal.h"

int dip_retreat_options(const struct dip_map *m, const struct dip_position *p,
                        const struct dip_dislodged *d, dip_set *opts)
{
	int n = 0;

	memset(opts, 0, sizeof *opts);
	for (int l = 0; l < m->nloc; l++) {
		int prov = m->loc[l].prov;
		if (!dip_can_move(m, d->unit.type, d->unit.loc, l) ||
		    dip_unit_at(m, p, prov) >= 0 || dip_set_has(&p->contested, prov) ||
		    prov == d->attacker_from)
			continue;
		dip_set_add(opts, l);
		n++;
	}
	return n;
}

int dip_retreat(const struct dip_map *m, const struct dip_position *p,
                const struct dip_order *orders, int norders,
                struct dip_outcome *out, struct dip_position *next)
{
	int chosen[DIP_MAX_UNITS];       /* dislodged unit -> order index */
	int16_t dest[DIP_MAX_UNITS];

	for (int d = 0; d < p->ndislodged; d++)
		chosen[d] = -1;
	if (norders > DIP_MAX_ORDERS)
		norders = DIP_MAX_ORDERS;
	out->norders = norders;
	for (int i = 0; i < norders; i++) {
		int rc = dip_check_order(m, p, &orders[i]);
		out->order[i] = orders[i];
		if (out->order[i].kind == DIP_MOVE)
			out->order[i].kind = DIP_RETREAT;
		memset(&out->result[i], 0, sizeof out->result[i]);
		out->result[i].reason = (int8_t)rc;
		if (rc)
			continue;
		for (int d = 0; d < p->ndislodged; d++)
			if (m->loc[p->dislodged[d].unit.loc].prov == m->loc[orders[i].loc].prov) {
				if (chosen[d] >= 0)
					out->result[chosen[d]].reason = DIP_R_DUPLICATE;
				chosen[d] = i;
			}
	}
	for (int d = 0; d < p->ndislodged; d++) {
		const struct dip_dislodged *dl = &p->dislodged[d];
		dest[d] = -1;
		if (chosen[d] < 0) {
			int idx = out->norders++;
			memset(&out->order[idx], 0, sizeof out->order[idx]);
			memset(&out->result[idx], 0, sizeof out->result[idx]);
			out->order[idx].power = dl->unit.power;
			out->order[idx].kind = DIP_DISBAND;
			out->order[idx].type = dl->unit.type;
			out->order[idx].loc = dl->unit.loc;
			out->order[idx].dest = out->order[idx].target = out->order[idx].target_dest = DIP_NO_LOC;
			out->result[idx].defaulted = 1;
			out->result[idx].success = 1;
			chosen[d] = idx;
		} else if (out->order[chosen[d]].kind == DIP_RETREAT) {
			const struct dip_order *o = &out->order[chosen[d]];
			dest[d] = dl->unit.type == DIP_FLEET && o->dest < m->nprov
			          ? (int16_t)dip_fleet_dest(m, dl->unit.loc, o->dest) : o->dest;
		} else {
			out->result[chosen[d]].success = 1;
		}
	}
	*next = *p;
	next->ndislodged = 0;
	memset(&next->contested, 0, sizeof next->contested);
	for (int d = 0; d < p->ndislodged; d++) {
		int clash = 0;
		if (dest[d] < 0)
			continue;
		for (int e = 0; e < p->ndislodged; e++)
			clash |= e != d && dest[e] >= 0 && m->loc[dest[e]].prov == m->loc[dest[d]].prov;
		if (clash) {
			out->result[chosen[d]].reason = DIP_R_RETREAT_CLASH;
			continue;
		}
		out->result[chosen[d]].success = 1;
		next->unit[next->nunits].type = p->dislodged[d].unit.type;
		next->unit[next->nunits].power = p->dislodged[d].unit.power;
		next->unit[next->nunits].loc = dest[d];
		next->nunits++;
	}
	return 0;
}
