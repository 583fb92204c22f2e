/*
 * diceless_map.c - looking things up on the diceless board, and the
 * distances between its areas.  Ranges are counted in steps along any
 * connection, land or sea alike (RULES.md section 2), so one
 * breadth-first search per area, done once at load, answers every range
 * question afterwards by a table look-up.
 */
#include <string.h>

#include "adjudicator/diceless.h"

int dl_area_by_code(const struct dl_map *m, const char *code)
{
	for (int a = 0; a < m->nareas; a++)
		if (strcmp(m->area[a].code, code) == 0)
			return a;
	return DL_NONE;
}

int dl_kind_by_code(const struct dl_map *m, const char *code)
{
	for (int k = 0; k < m->nkinds; k++)
		if (strcmp(m->kind[k].code, code) == 0)
			return k;
	return DL_NONE;
}

int dl_side_by_letter(const struct dl_map *m, char c)
{
	for (int s = 0; s < 2; s++)
		if (m->side[s].letter == c)
			return s;
	return DL_NONE;
}

int dl_map_finish(struct dl_map *m)
{
	int queue[DL_MAX_AREAS];

	memset(m->dist, 0xff, sizeof m->dist);
	for (int from = 0; from < m->nareas; from++) {
		int head = 0, tail = 0;
		m->dist[from][from] = 0;
		queue[tail++] = from;
		while (head < tail) {
			int a = queue[head++];
			for (int b = 0; b < m->nareas; b++)
				if (m->link[a][b] && m->dist[from][b] == 0xff) {
					m->dist[from][b] = (uint8_t)(m->dist[from][a] + 1);
					queue[tail++] = b;
				}
		}
		if (tail != m->nareas)
			return -1;
	}
	return 0;
}

const char *dl_article(const char *word)
{
	return word[0] && strchr("AEIOUaeiou", word[0]) ? "an" : "a";
}
