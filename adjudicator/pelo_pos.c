/*
 * pelo_pos.c - the opening position of a Peloponnesian War game: the
 * scenario's data (pelo_map.h, read once by variants/pelo_map_load.c) copied
 * into the struct pelo_pos the phases then change.  Kept apart from the
 * loader so that the engine's tests and the variant build positions the
 * same way.
 */
#include <string.h>

#include "adjudicator/pelo_ops.h"

void pelo_pos_initial(const struct pelo_map *m, const struct pelo_scenario *sc, struct pelo_pos *p)
{
	memset(p, 0, sizeof *p);
	p->turn = 1;
	p->phase = PELO_PH_DIPLOMATIC;
	p->winner = PELO_NONE;
	for (int c = 0; c < PELO_MAX_CITIES; c++) {
		p->status[c] = sc->status[c];
		p->treasury[c] = sc->treasury[c];
		p->bellicosity[c] = sc->bellicosity[c];
		p->resentment[c] = sc->resentment[c];
		p->surrendered_to[c] = PELO_NONE;
		p->plague_done[c] = 0;           /* no plague yet (6.1) */
	}
	for (int s = 0; s < PELO_MAX_SPACES; s++) {
		p->control[s] = s < m->nspaces ? sc->control[s] : PELO_NONE;
		p->rebellion[s] = sc->rebellion[s];
	}
	p->nforces = sc->nforces;
	memcpy(p->force, sc->force, sizeof p->force);
	pelo_pos_clear_ops(p);
}

void pelo_pos_clear_ops(struct pelo_pos *p)
{
	for (int l = 0; l < PELO_MAX_LEADERS; l++)
		p->leader_at[l] = PELO_NONE, p->leader_dead[l] = 0;
	for (int s = 0; s < PELO_MAX_SPACES; s++)
		p->siege[s] = 0, p->siege_by[s] = PELO_NONE, p->entered[s] = 0;
}

struct pelo_force *pelo_force_at(struct pelo_pos *p, int c, int s)
{
	struct pelo_force *f;

	for (int i = 0; i < p->nforces; i++)
		if (p->force[i].city == c && p->force[i].space == s)
			return &p->force[i];
	if (p->nforces == PELO_MAX_FORCES)
		return NULL;
	f = &p->force[p->nforces++];
	memset(f, 0, sizeof *f);
	f->city = (int8_t)c;
	f->space = (int8_t)s;
	return f;
}

void pelo_drop_empty_forces(struct pelo_pos *p)
{
	int n = 0;

	for (int i = 0; i < p->nforces; i++) {
		const struct pelo_force *f = &p->force[i];
		if (f->sp[PELO_HOPLITE] || f->sp[PELO_CAVALRY] || f->sp[PELO_NAVAL_SP] || f->garrison)
			p->force[n++] = *f;
	}
	p->nforces = n;
}

int pelo_side_sp(const struct pelo_map *m, const struct pelo_pos *p, int h, int s, int t)
{
	int n = 0;

	for (int i = 0; i < p->nforces; i++)
		if (p->force[i].space == s && pelo_side(m, p, p->force[i].city) == h)
			n += p->force[i].sp[t];
	return n;
}
