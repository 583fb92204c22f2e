/*
 * pelo_treasury.c - who pays for what in the operations phase: whose
 * forces a major operates, what it and its junior partners hold between
 * them, and the paying of a cost from those treasuries (RULES.md 3.1.3,
 * 7.1).
 *
 * Below both the operations (activation costs) and the sieges (siege
 * costs), so that neither depends on the other for money; where SPs
 * belong at home is here too, as returning home and the treasury's
 * partners both ask which forces are whose.
 */
#include <assert.h>

#include "adjudicator/pelo_ops.h"

int pelo_operable(const struct pelo_map *m, const struct pelo_pos *p, int c, int x)
{
	const struct pelo_status *st = &p->status[x];

	assert(c >= 0 && c < m->ncities && x >= 0 && x < m->ncities);
	if (x == c)
		return 1;
	if (m->city[x].class == PELO_MAJOR)
		return st->box == PELO_BOX_PARTNER && st->of == c;
	return st->sympathetic == c;
}

int pelo_sp_home(const struct pelo_map *m, int x, int t)
{
	assert(x >= 0 && x < m->ncities && t >= 0 && t < PELO_SP_TYPES);
	return t == PELO_NAVAL_SP && m->city[x].port != PELO_NONE ? m->city[x].port : m->city[x].home;
}

int pelo_purse(const struct pelo_map *m, const struct pelo_pos *p, int c)
{
	int n = 0;

	for (int x = 0; x < m->ncities; x++)
		if (m->city[x].class == PELO_MAJOR && pelo_operable(m, p, c, x))
			n += p->treasury[x];
	return n;
}

void pelo_pay(const struct pelo_map *m, struct pelo_pos *p, int c, int cost)
{
	assert(c >= 0 && c < m->ncities && cost >= 0);
	int from = p->treasury[c] < cost ? p->treasury[c] : cost;

	p->treasury[c] -= from;
	cost -= from;
	for (int k = 0; k < m->nmajors && cost; k++) {
		int x = m->major[k];
		if (x == c || !pelo_operable(m, p, c, x))
			continue;
		from = p->treasury[x] < cost ? p->treasury[x] : cost;
		p->treasury[x] -= from;
		cost -= from;
	}
}

