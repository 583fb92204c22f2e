/*
 * diceless_range.c - where a chit may be placed (RULES.md section 4).
 * Ranges are measured from the areas a side holds when the turn begins:
 * placements are simultaneous, so nothing placed in the same turn can
 * extend them.  Influence goes next to an area of one's own side, as the
 * seed says, so one's own area counts only through another held area
 * next to it.
 */
#include "adjudicator/diceless.h"

/* The reach of each type.  The Star takes the reach of the type it is
 * played as, so it has none of its own here. */
static const int8_t reach_of[] = {
	[DL_MILITARY] = DL_WITHIN_TWO, [DL_INFLUENCE] = DL_NEXT_TO, [DL_COUP] = DL_ANYWHERE,
	[DL_VOID] = DL_ANYWHERE, [DL_STAR] = DL_ANYWHERE, [DL_SPECIAL] = DL_ANYWHERE,
};

int dl_reach(int type)
{
	return type >= 0 && type <= DL_SPECIAL ? reach_of[type] : DL_ANYWHERE;
}

int dl_distance_to_side(const struct dl_map *m, const struct dl_position *p, int side, int area,
                        int other)
{
	int best = -1;

	for (int a = 0; a < m->nareas; a++)
		if (dl_holder(p->track[a]) == side && !(other && a == area) &&
		    (best < 0 || m->dist[a][area] < best))
			best = m->dist[a][area];
	return best;
}

int dl_in_range(const struct dl_map *m, const struct dl_position *p, int side, int type, int area)
{
	int d;

	if (area < 0 || area >= m->nareas)
		return 0;
	switch (dl_reach(type)) {
	case DL_WITHIN_TWO:
		d = dl_distance_to_side(m, p, side, area, 0);
		return d >= 0 && d <= 2;
	case DL_NEXT_TO:
		return dl_distance_to_side(m, p, side, area, 1) == 1;
	default:
		return 1;
	}
}
