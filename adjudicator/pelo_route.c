/*
 * pelo_route.c - where an army may go (chapter 4): the paths it may take,
 * the shortest route, and zones of influence.
 *
 * Routes are found by breadth-first search, counted in paths, since the
 * map's scale means nothing (chapter 1).  The rule book's tie-break is
 * applied as a walk: from each space the army goes to the first space in
 * the map's order that is one path nearer the goal, so a player can find
 * the route on the text map by hand, and VIA spaces choose another among
 * routes of the same length.
 */
#include <stdio.h>
#include <string.h>

#include "adjudicator/pelo_ops.h"

/* The paths each way of travelling may take, by enum pelo_path. */
static const uint8_t by_land[PELO_STORM + 1] = { [PELO_LAND] = 1, [PELO_COMBINED] = 1 };
static const uint8_t by_sea[PELO_STORM + 1] = { [PELO_NAVAL] = 1, [PELO_COMBINED] = 1, [PELO_STORM] = 1 };

int pelo_step_ok(const struct pelo_map *m, const struct pelo_pos *p, int c, int by, int a, int b)
{
	int k = m->path[a][b], h = m->space[b].home_of;
	const struct pelo_special *sp = pelo_special_between(m, a, b);

	if (k == PELO_NO_PATH)
		return 0;
	if (by == PELO_BY_LAND ? !by_land[k] : !by_sea[k]) {
		/* 4.1: ships cross the isthmus between two friendly ends */
		if (!(by == PELO_BY_SEA && sp && sp->kind == PELO_ISTHMUS &&
		      pelo_space_relation(m, p, a, c) == PELO_FRIENDLY &&
		      pelo_space_relation(m, p, b, c) == PELO_FRIENDLY))
			return 0;
	}
	/* armies go round neutral city-states (4) */
	return h == PELO_NONE || h == c || pelo_relation(m, p, h, c) != PELO_NEUTRAL;
}

int pelo_in_zoi(const struct pelo_map *m, int t, int f, int s)
{
	int k = m->path[f][s];

	if (f == s)
		return 1;
	/* the isthmus is a land path, the stormy crossing no path of either
	 * list: neither carries a zone of influence */
	return t == PELO_NAVAL_SP ? (k == PELO_NAVAL || k == PELO_COMBINED)
	                        : (k == PELO_LAND || k == PELO_COMBINED);
}

void pelo_distances(const struct pelo_map *m, const struct pelo_pos *p, int c, int by, int goal,
                      int dist[PELO_MAX_SPACES])
{
	int queue[PELO_MAX_SPACES], head = 0, tail = 0;

	for (int x = 0; x < m->nspaces; x++)
		dist[x] = -1;
	dist[goal] = 0;
	queue[tail++] = goal;
	while (head < tail) {
		int y = queue[head++];
		for (int x = 0; x < m->nspaces; x++)
			if (dist[x] < 0 && pelo_step_ok(m, p, c, by, x, y)) {
				dist[x] = dist[y] + 1;
				queue[tail++] = x;
			}
	}
}

/* Walk one leg from a to goal by the tie-break rule, appending the
 * spaces after a to route at *len.  Returns the leg's length, -1 if
 * goal cannot be reached. */
static int leg(const struct pelo_map *m, const struct pelo_pos *p, int c, int by, int a, int goal,
               int8_t *route, int *len)
{
	int dist[PELO_MAX_SPACES];

	pelo_distances(m, p, c, by, goal, dist);
	if (dist[a] < 0)
		return -1;
	for (int x = a; x != goal;) {
		int next = PELO_NONE;
		for (int y = 0; y < m->nspaces && next == PELO_NONE; y++)
			if (dist[y] == dist[x] - 1 && pelo_step_ok(m, p, c, by, x, y))
				next = y;
		route[(*len)++] = (int8_t)next;
		x = next;
	}
	return dist[a];
}

/* Why no route leads from a to goal: the goal being a neutral
 * city-state's home is the cause a player needs told (the search only
 * finds that no path leads there), and a peace the likeliest reason it
 * is neutral. */
static void no_route(const struct pelo_map *m, const struct pelo_pos *p, int c, int by, int a, int goal,
                     char why[PELO_WHY_MAX])
{
	int h = m->space[goal].home_of;

	if (h != PELO_NONE && h != c && pelo_relation(m, p, h, c) == PELO_NEUTRAL) {
		if (pelo_treaty_between(p, pelo_side(m, p, h), pelo_side(m, p, c)))
			snprintf(why, PELO_WHY_MAX, "%s is at peace with %s, and no army enters the home of a "
			         "city-state neutral to it (4)", m->city[c].name, m->city[h].name);
		else
			snprintf(why, PELO_WHY_MAX, "%s is neutral to %s, and no army enters the home of a "
			         "neutral city-state (4)", m->city[h].name, m->city[c].name);
		return;
	}
	snprintf(why, PELO_WHY_MAX, "no route %s leads from %s to %s", by == PELO_BY_SEA ? "by sea" : "by land",
	         m->space[a].name, m->space[goal].name);
}

int pelo_route(const struct pelo_map *m, const struct pelo_pos *p, int c, int by, int from, int to,
             const int8_t *via, int nvia, int8_t route[PELO_MAX_SPACES], char why[PELO_WHY_MAX])
{
	int len = 0, at = from, shortest, total = 0;
	int dist[PELO_MAX_SPACES];

	pelo_distances(m, p, c, by, to, dist);
	if (dist[from] < 0) {
		no_route(m, p, c, by, from, to, why);
		return 0;
	}
	shortest = dist[from];
	route[len++] = (int8_t)from;
	for (int i = 0; i <= nvia; i++) {
		int goal = i < nvia ? via[i] : to;
		int n = leg(m, p, c, by, at, goal, route, &len);
		if (n < 0) {
			no_route(m, p, c, by, at, goal, why);
			return 0;
		}
		total += n;
		at = goal;
	}
	if (total > shortest) {
		snprintf(why, PELO_WHY_MAX, "the route by way of %s is %d paths long, and an army must take the shortest (%d)",
		         m->space[via[0]].name, total, shortest);
		return 0;
	}
	return len;
}
