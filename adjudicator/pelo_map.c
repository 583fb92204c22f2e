/*
 * pelo_map.c - looking things up on the Peloponnesian War board.  The board
 * holds about a hundred spaces and thirty city-states, so a linear scan by
 * code is simpler than an index and fast enough for anything the Judge
 * does with it; the engine works with indexes once orders are parsed.
 */
#include <ctype.h>
#include <string.h>

#include "adjudicator/pelo_map.h"

int pelo_space_by_code(const struct pelo_map *m, const char *code)
{
	for (int s = 0; s < m->nspaces; s++)
		if (!strcmp(m->space[s].code, code))
			return s;
	return PELO_NONE;
}

int pelo_area_by_code(const struct pelo_map *m, const char *code)
{
	for (int a = 0; a < m->nareas; a++)
		if (!strcmp(m->area[a].code, code))
			return a;
	return PELO_NONE;
}

int pelo_city_by_code(const struct pelo_map *m, const char *code)
{
	for (int c = 0; c < m->ncities; c++)
		if (!strcmp(m->city[c].code, code))
			return c;
	return PELO_NONE;
}

int pelo_major_by_letter(const struct pelo_map *m, char c)
{
	for (int i = 0; i < m->nmajors; i++)
		if (m->city[m->major[i]].letter == toupper((unsigned char)c))
			return m->major[i];
	return PELO_NONE;
}

const struct pelo_special *pelo_special_between(const struct pelo_map *m, int a, int b)
{
	for (int i = 0; i < m->nspecial; i++) {
		const struct pelo_special *p = &m->special[i];
		if ((p->a == a && p->b == b) || (p->a == b && p->b == a))
			return p;
	}
	return NULL;
}

int pelo_map_unreached(const struct pelo_map *m)
{
	int queue[PELO_MAX_SPACES], seen[PELO_MAX_SPACES] = { 0 };
	int head = 0, tail = 0;

	if (m->nspaces == 0)
		return PELO_NONE;
	queue[tail++] = 0;
	seen[0] = 1;
	while (head < tail) {
		int s = queue[head++];
		for (int t = 0; t < m->nspaces; t++)
			if (m->path[s][t] != PELO_NO_PATH && !seen[t]) {
				seen[t] = 1;
				queue[tail++] = t;
			}
	}
	for (int s = 0; s < m->nspaces; s++)
		if (!seen[s])
			return s;
	return PELO_NONE;
}

const char *pelo_city_name(const struct pelo_map *m, int c)
{
	return c >= 0 && c < m->ncities ? m->city[c].name : "?";
}

int pelo_next_code(const char **s, char code[8])
{
	size_t n = 0;

	while (**s == ' ')
		(*s)++;
	while (**s && **s != ' ' && **s != '|' && n < 7)
		code[n++] = *(*s)++;
	code[n] = '\0';
	return n > 0;
}
