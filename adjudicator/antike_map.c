/*
 * antike_map.c - the engine's questions about the map: which province or
 * nation a word names, what border joins two provinces, and which unit
 * may cross it or stand where.
 *
 * Pure lookups over struct ant_map, which variants/antike_map_load.c has
 * checked: the names are unique in any case, so the first match is the
 * only one.  Loops rather than indexes: 55 provinces of at most a dozen
 * borders are read faster than a table is built, and the map stays plain
 * data.
 */
#include <assert.h>
#include <ctype.h>
#include <stddef.h>
#include <string.h>
#include <strings.h>

#include "adjudicator/antike.h"

/* 1 if s (len bytes, any case) is the whole of name. */
static int same(const char *name, const char *s, size_t len)
{
	return strlen(name) == len && !strncasecmp(name, s, len);
}

int ant_prov_find(const struct ant_map *m, const char *s, size_t len)
{
	for (int p = 0; p < m->nprov; p++) {
		const struct ant_province *pv = &m->prov[p];
		if (same(pv->code, s, len) || same(pv->name, s, len))
			return p;
		for (int a = 0; a < pv->naliases; a++)
			if (same(pv->alias[a], s, len))
				return p;
	}
	return -1;
}

int ant_border(const struct ant_map *m, int a, int b)
{
	assert(a >= 0 && a < m->nprov && b >= 0 && b < m->nprov);
	for (int i = 0; i < m->prov[a].nnb; i++)
		if (m->prov[a].nb[i].to == b)
			return m->prov[a].nb[i].kind;
	return 0;
}

int ant_crosses(int u, int k)
{
	/* the border kinds are bits: the one each unit type needs */
	static const int needs[ANT_NUNIT] = { [ANT_LEGION] = ANT_B_LAND, [ANT_GALLEY] = ANT_B_SEA };

	assert(u >= 0 && u < ANT_NUNIT);
	return (k & needs[u]) != 0;
}

int ant_may_stand(const struct ant_map *m, int u, int p)
{
	assert(u >= 0 && u < ANT_NUNIT && p >= 0 && p < m->nprov);
	if (u == ANT_LEGION)
		return !m->prov[p].sea;
	return m->prov[p].sea || m->prov[p].coastal;
}

int ant_nation_find(const struct ant_map *m, const char *s, size_t len)
{
	for (int n = 0; n < m->nnations; n++) {
		const struct ant_nation *na = &m->nation[n];
		if ((len == 1 && toupper((unsigned char)s[0]) == na->letter) || same(na->name, s, len) ||
		    same(na->adjective, s, len))
			return n;
	}
	return -1;
}
