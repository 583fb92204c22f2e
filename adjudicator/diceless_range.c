/*
 * diceless_range.c - where a chit may be placed (RULES.md section 4).
 * Ranges are measured from the areas a side holds when the turn begins:
 * placements are simultaneous, so nothing placed in the same turn can
 * extend them.
 */
#include "adjudicator/diceless.h"

/* How far a chit of each type may go from a held area; -1 anywhere.  The
 * Star takes the range of the type it is played as, so it has none here. */
static const int range_of[] = {
	[DL_MILITARY] = 2, [DL_INFLUENCE] = 1, [DL_COUP] = -1,
	[DL_VOID] = -1, [DL_STAR] = -1, [DL_SPECIAL] = -1,
};

int dl_range(int type)
{
	return type >= 0 && type <= DL_SPECIAL ? range_of[type] : -1;
}

int dl_distance_to_side(const struct dl_map *m, const struct dl_position *p, int side, int area)
{
	int best = -1;

	for (int a = 0; a < m->nareas; a++)
		if (dl_holder(p->track[a]) == side && (best < 0 || m->dist[a][area] < best))
			best = m->dist[a][area];
	return best;
}

int dl_in_range(const struct dl_map *m, const struct dl_position *p, int side, int type, int area)
{
	int r = dl_range(type), d;

	if (area < 0 || area >= m->nareas)
		return 0;
	if (r < 0)
		return 1;
	d = dl_distance_to_side(m, p, side, area);
	return d >= 0 && d <= r;
}
