/*
 * diceless_victory.c - the score and the end of the game (RULES.md
 * section 8).  A side holds an area when at least one of its counters is
 * there; it needs m->win areas at the end of a turn, or m->win_lost while
 * its own city is oriented to the enemy.
 */
#include <stdlib.h>

#include "adjudicator/diceless.h"

void dl_score(const struct dl_map *m, const struct dl_position *p,
              int areas[2], int counters[2], int need[2])
{
	for (int s = 0; s < 2; s++) {
		areas[s] = counters[s] = 0;
		need[s] = dl_holder(p->track[m->side[s].city]) == 1 - s ? m->win_lost : m->win;
	}
	for (int a = 0; a < m->nareas; a++) {
		int h = dl_holder(p->track[a]);
		if (h != DL_NONE) {
			areas[h]++;
			counters[h] += abs(p->track[a]);
		}
	}
}

/* The side ahead on areas, then on counters; DL_NONE if level.  *on_counters
 * says which count decided. */
static int ahead(const int areas[2], const int counters[2], int *on_counters)
{
	*on_counters = 0;
	if (areas[0] != areas[1])
		return areas[0] > areas[1] ? 0 : 1;
	*on_counters = 1;
	if (counters[0] != counters[1])
		return counters[0] > counters[1] ? 0 : 1;
	return DL_NONE;
}

int dl_victory(const struct dl_map *m, const struct dl_position *p, int *winner)
{
	int areas[2], counters[2], need[2], reached[2], on_counters;
	int best;

	dl_score(m, p, areas, counters, need);
	for (int s = 0; s < 2; s++)
		reached[s] = areas[s] >= need[s];
	best = ahead(areas, counters, &on_counters);
	*winner = DL_NONE;
	if (reached[0] != reached[1]) {
		*winner = reached[0] ? 0 : 1;
		return DL_END_TARGET;
	}
	if (reached[0] && best != DL_NONE) {
		*winner = best;
		return on_counters ? DL_END_TARGET_COUNTERS : DL_END_TARGET_AREAS;
	}
	if (p->turn < m->turns)
		return DL_GOES_ON;
	*winner = best;
	if (best == DL_NONE)
		return DL_END_DRAW;
	return on_counters ? DL_END_COUNTERS : DL_END_AREAS;
}
