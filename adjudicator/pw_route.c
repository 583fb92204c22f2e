/*
 * pw_route.c - where an army may go (chapter 4): the paths it may take,
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

#include "adjudicator/pw_ops.h"

/* The paths each way of travelling may take, by enum pw_path. */
static const uint8_t by_land[PW_STORM + 1] = { [PW_LAND] = 1, [PW_COMBINED] = 1 };
static const uint8_t by_sea[PW_STORM + 1] = { [PW_NAVAL] = 1, [PW_COMBINED] = 1, [PW_STORM] = 1 };

int pw_step_ok(const struct pw_map *m, const struct pw_pos *p, int c, int by, int a, int b)
{
	int k = m->path[a][b], h = m->space[b].home_of;
	const struct pw_special *sp = pw_special_between(m, a, b);

	if (k == PW_NO_PATH)
		return 0;
	if (by == PW_BY_LAND ? !by_land[k] : !by_sea[k]) {
		/* 4.1: ships cross the isthmus between two friendly ends */
		if (!(by == PW_BY_SEA && sp && sp->kind == PW_ISTHMUS &&
		      pw_space_relation(m, p, a, c) == PW_FRIENDLY &&
		      pw_space_relation(m, p, b, c) == PW_FRIENDLY))
			return 0;
	}
	/* armies go round neutral city-states (4) */
	return h == PW_NONE || h == c || pw_relation(m, p, h, c) != PW_NEUTRAL;
}

int pw_in_zoi(const struct pw_map *m, int t, int f, int s)
{
	int k = m->path[f][s];

	if (f == s)
		return 1;
	/* the isthmus is a land path, the stormy crossing no path of either
	 * list: neither carries a zone of influence */
	return t == PW_NAVAL_SP ? (k == PW_NAVAL || k == PW_COMBINED)
	                        : (k == PW_LAND || k == PW_COMBINED);
}

void pw_distances(const struct pw_map *m, const struct pw_pos *p, int c, int by, int goal,
                      int dist[PW_MAX_SPACES])
{
	int queue[PW_MAX_SPACES], head = 0, tail = 0;

	for (int x = 0; x < m->nspaces; x++)
		dist[x] = -1;
	dist[goal] = 0;
	queue[tail++] = goal;
	while (head < tail) {
		int y = queue[head++];
		for (int x = 0; x < m->nspaces; x++)
			if (dist[x] < 0 && pw_step_ok(m, p, c, by, x, y)) {
				dist[x] = dist[y] + 1;
				queue[tail++] = x;
			}
	}
}

/* Walk one leg from a to goal by the tie-break rule, appending the
 * spaces after a to route at *len.  Returns the leg's length, -1 if
 * goal cannot be reached. */
static int leg(const struct pw_map *m, const struct pw_pos *p, int c, int by, int a, int goal,
               int8_t *route, int *len)
{
	int dist[PW_MAX_SPACES];

	pw_distances(m, p, c, by, goal, dist);
	if (dist[a] < 0)
		return -1;
	for (int x = a; x != goal;) {
		int next = PW_NONE;
		for (int y = 0; y < m->nspaces && next == PW_NONE; y++)
			if (dist[y] == dist[x] - 1 && pw_step_ok(m, p, c, by, x, y))
				next = y;
		route[(*len)++] = (int8_t)next;
		x = next;
	}
	return dist[a];
}

int pw_route(const struct pw_map *m, const struct pw_pos *p, int c, int by, int from, int to,
             const int8_t *via, int nvia, int8_t route[PW_MAX_SPACES], char why[PW_WHY_MAX])
{
	int len = 0, at = from, shortest, total = 0;
	int dist[PW_MAX_SPACES];

	pw_distances(m, p, c, by, to, dist);
	if (dist[from] < 0) {
		snprintf(why, PW_WHY_MAX, "no route %s leads from %s to %s", by == PW_BY_SEA ? "by sea" : "by land",
		         m->space[from].name, m->space[to].name);
		return 0;
	}
	shortest = dist[from];
	route[len++] = (int8_t)from;
	for (int i = 0; i <= nvia; i++) {
		int goal = i < nvia ? via[i] : to;
		int n = leg(m, p, c, by, at, goal, route, &len);
		if (n < 0) {
			snprintf(why, PW_WHY_MAX, "no route %s leads from %s to %s",
			         by == PW_BY_SEA ? "by sea" : "by land", m->space[at].name, m->space[goal].name);
			return 0;
		}
		total += n;
		at = goal;
	}
	if (total > shortest) {
		snprintf(why, PW_WHY_MAX, "the route by way of %s is %d paths long, and an army must take the shortest (%d)",
		         m->space[via[0]].name, total, shortest);
		return 0;
	}
	return len;
}
