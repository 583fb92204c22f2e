/*
 * dip_phase.c - the year's order of phases, centre ownership and the solo
 * win; the one entry point dip_adjudicate that hands a phase to its file.
 */
#include <string.h>

#include "adjudicator/dip.h"
#include "adjudicator/dip_internal.h"

static const char *reason_text[DIP_R_NREASONS] = {
	[DIP_OK] = "ok",
	[DIP_R_NO_UNIT] = "no such unit",
	[DIP_R_NOT_YOURS] = "the unit is not yours",
	[DIP_R_WRONG_TYPE] = "wrong unit type",
	[DIP_R_NOT_ADJACENT] = "cannot get there",
	[DIP_R_BAD_COAST] = "coast missing or unreachable",
	[DIP_R_CANT_SUPPORT] = "cannot support there",
	[DIP_R_CANT_CONVOY] = "cannot convoy that",
	[DIP_R_SELF] = "a unit cannot move or support into its own province",
	[DIP_R_WRONG_PHASE] = "not an order for this phase",
	[DIP_R_DUPLICATE] = "replaced by a later order",
	[DIP_R_BOUNCED] = "bounced",
	[DIP_R_CUT] = "cut",
	[DIP_R_DISLODGED] = "dislodged",
	[DIP_R_NO_CONVOY] = "no convoy",
	[DIP_R_VOID] = "void: does not match the other unit's order",
	[DIP_R_NOT_RETREAT_DEST] = "cannot retreat there",
	[DIP_R_RETREAT_CLASH] = "retreats clashed: both disbanded",
	[DIP_R_NOT_CENTRE] = "not a supply centre you own",
	[DIP_R_NOT_HOME] = "not a centre you may build in",
	[DIP_R_OCCUPIED] = "occupied",
	[DIP_R_NO_BUILDS] = "no adjustment of that kind due",
	[DIP_R_DISRUPTED] = "convoy disrupted",
	[DIP_R_PARADOX] = "convoy paradox (Szykman rule)",
};

const char *dip_reason_text(int reason)
{
	if (reason < 0 || reason >= DIP_R_NREASONS || !reason_text[reason])
		return "unknown";
	return reason_text[reason];
}

void dip_initial_position(const struct dip_map *m, struct dip_position *p)
{
	memset(p, 0, sizeof *p);
	p->year = m->start_year;
	p->season = DIP_SPRING;
	p->phase = DIP_PH_MOVEMENT;
	for (int l = 0; l < DIP_MAX_LOC; l++)
		p->owner[l] = l < m->nprov ? m->loc[l].home : DIP_NO_POWER;
	for (int i = 0; i < m->nstart && i < DIP_MAX_UNITS; i++) {
		p->unit[i].type = m->start[i].type;
		p->unit[i].power = m->start[i].power;
		p->unit[i].loc = m->start[i].loc;
		p->nunits++;
	}
}

static void next_year(struct dip_position *p)
{
	p->year++;
	if (p->year == 0)          /* there is no year 0: 1 BC is followed by AD 1 */
		p->year = 1;
	p->season = DIP_SPRING;
	p->phase = DIP_PH_MOVEMENT;
}

/* Every power's centres in one pass over the map, not one pass per power:
 * this runs after every Fall. */
static void count_centres(const struct dip_map *m, const struct dip_position *p,
                          int centres[DIP_MAX_POWERS])
{
	memset(centres, 0, DIP_MAX_POWERS * sizeof centres[0]);
	for (int l = 0; l < m->nprov; l++)
		if (m->loc[l].centre && p->owner[l] >= 0 && p->owner[l] < DIP_MAX_POWERS)
			centres[p->owner[l]]++;
}

static int winner(const struct dip_map *m, const int centres[DIP_MAX_POWERS])
{
	for (int w = 0; w < m->npowers; w++)
		if (centres[w] >= m->win_centres)
			return w;
	return DIP_NO_POWER;
}

/* End of the year's fighting: centres change hands, then an adjustment
 * phase if anyone has builds or removals. */
static void end_of_fall(const struct dip_map *m, struct dip_position *p,
                        int centres[DIP_MAX_POWERS])
{
	int adjust = 0, units[DIP_MAX_POWERS] = { 0 };

	for (int i = 0; i < p->nunits; i++) {
		int prov = m->loc[p->unit[i].loc].prov;
		if (m->loc[prov].centre)
			p->owner[prov] = p->unit[i].power;
		if (p->unit[i].power >= 0 && p->unit[i].power < DIP_MAX_POWERS)
			units[p->unit[i].power]++;
	}
	count_centres(m, p, centres);
	for (int w = 0; w < m->npowers; w++)
		adjust |= centres[w] != units[w];   /* dip_adjustment_count != 0 */
	if (adjust) {
		p->season = DIP_WINTER;
		p->phase = DIP_PH_ADJUSTMENT;
	} else {
		next_year(p);
	}
}

int dip_adjudicate(const struct dip_map *m, const struct dip_position *p,
                   const struct dip_order *orders, int norders,
                   struct dip_outcome *out, struct dip_position *next)
{
	int centres[DIP_MAX_POWERS];

	out->norders = 0;
	out->winner = DIP_NO_POWER;
	switch (p->phase) {
	case DIP_PH_MOVEMENT:
		dip_movement(m, p, orders, norders, out, next);
		if (next->ndislodged) {
			next->phase = DIP_PH_RETREAT;
			return 0;
		}
		break;
	case DIP_PH_RETREAT:
		dip_retreat(m, p, orders, norders, out, next);
		break;
	default:
		dip_adjustment(m, p, orders, norders, out, next);
		count_centres(m, next, centres);
		out->winner = winner(m, centres);
		next_year(next);
		return 0;
	}
	memset(&next->contested, 0, sizeof next->contested);
	if (p->season == DIP_SPRING) {
		next->season = DIP_FALL;
		next->phase = DIP_PH_MOVEMENT;
	} else {
		end_of_fall(m, next, centres);
		out->winner = winner(m, centres);
	}
	return 0;
}
