/*
 * dip_map.c - questions about the board that every phase asks: who is
 * which letter, which code is which location, who can move where, and how
 * far a unit is from home.
 */
#include <ctype.h>
#include <string.h>

#include "adjudicator/dip.h"

int dip_power_by_letter(const struct dip_map *m, char c)
{
	c = (char)toupper((unsigned char)c);
	for (int i = 0; i < m->npowers; i++)
		if (m->power[i].letter == c)
			return i;
	return DIP_NO_POWER;
}

#define NBUCKETS ((int)(sizeof ((struct dip_map *)0)->bycode / sizeof(int16_t)))

/* FNV-1a: codes are short, and this only spreads them over the buckets. */
static unsigned code_hash(const char *code)
{
	unsigned h = 2166136261u;
	for (; *code; code++)
		h = (h ^ (unsigned char)*code) * 16777619u;
	return h;
}

void dip_index_code(struct dip_map *m, int loc)
{
	unsigned b = code_hash(m->loc[loc].code) % NBUCKETS;
	while (m->bycode[b])
		b = (b + 1) % NBUCKETS;
	m->bycode[b] = (int16_t)(loc + 1);
}

/* Reading a map and every stored position looks codes up thousands of
 * times, so they are hashed (open addressing; the table is at most
 * DIP_MAX_LOC / 512 full). */
int dip_loc_by_code(const struct dip_map *m, const char *code)
{
	for (unsigned b = code_hash(code) % NBUCKETS; m->bycode[b]; b = (b + 1) % NBUCKETS)
		if (strcmp(m->loc[m->bycode[b] - 1].code, code) == 0)
			return m->bycode[b] - 1;
	return DIP_NO_LOC;
}

int dip_can_move(const struct dip_map *m, int type, int from, int to)
{
	if (type == DIP_ARMY)
		return dip_set_has(&m->loc[m->loc[from].prov].army_adj, m->loc[to].prov)
		    && to == m->loc[to].prov;
	return dip_set_has(&m->loc[from].fleet_adj, to);
}

int dip_can_reach_prov(const struct dip_map *m, int type, int from, int prov)
{
	if (type == DIP_ARMY)
		return dip_set_has(&m->loc[m->loc[from].prov].army_adj, prov);
	const struct dip_loc *p = &m->loc[prov];
	if (p->ncoasts == 0)
		return dip_set_has(&m->loc[from].fleet_adj, prov);
	for (int c = 0; c < p->ncoasts; c++)
		if (dip_set_has(&m->loc[from].fleet_adj, p->coast[c]))
			return 1;
	return 0;
}

/* Provinces a and b touch by land or by water (for army distances). */
static int touches(const struct dip_map *m, int a, int b)
{
	const struct dip_loc *p = &m->loc[a];
	if (dip_set_has(&p->army_adj, b) || dip_can_reach_prov(m, DIP_FLEET, a, b))
		return 1;
	for (int c = 0; c < p->ncoasts; c++)
		if (dip_can_reach_prov(m, DIP_FLEET, p->coast[c], b))
			return 1;
	return 0;
}

/*
 * Breadth-first search over locations.  Armies count moves through any
 * province, land or sea, as the 2000 rulebook's civil disorder rule says;
 * fleets count only moves a fleet could make, from every coast of the
 * target (DATC 6.J.9).
 */
int dip_home_distance(const struct dip_map *m, int type, int loc, int power)
{
	int dist[DIP_MAX_LOC], queue[DIP_MAX_LOC], head = 0, tail = 0;

	for (int i = 0; i < m->nloc; i++)
		dist[i] = -1;
	if (type == DIP_ARMY)
		loc = m->loc[loc].prov;
	dist[loc] = 0;
	queue[tail++] = loc;
	while (head < tail) {
		int here = queue[head++];
		int prov = m->loc[here].prov;
		if (m->loc[prov].home == power)
			return dist[here];
		for (int next = 0; next < m->nloc; next++) {
			int step;
			if (dist[next] >= 0)
				continue;
			if (type == DIP_ARMY)
				step = next < m->nprov && touches(m, here, next);
			else
				step = dip_set_has(&m->loc[here].fleet_adj, next);
			if (step) {
				dist[next] = dist[here] + 1;
				queue[tail++] = next;
			}
		}
	}
	return 1000;
}
