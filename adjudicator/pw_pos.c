/*
 * pw_pos.c - the opening position of a Peloponnesian War game: the
 * scenario's data (pw_map.h, read once by variants/pw_map_load.c) copied
 * into the struct pw_pos the phases then change.  Kept apart from the
 * loader so that the engine's tests and the variant build positions the
 * same way.
 */
#include <string.h>

#include "adjudicator/pw_ops.h"

void pw_pos_initial(const struct pw_map *m, const struct pw_scenario *sc, struct pw_pos *p)
{
	memset(p, 0, sizeof *p);
	p->turn = 1;
	p->phase = PW_PH_DIPLOMATIC;
	p->winner = PW_NONE;
	for (int c = 0; c < PW_MAX_CITIES; c++) {
		p->status[c] = sc->status[c];
		p->treasury[c] = sc->treasury[c];
		p->bellicosity[c] = sc->bellicosity[c];
		p->resentment[c] = sc->resentment[c];
		p->surrendered_to[c] = PW_NONE;
		p->plague_done[c] = 0;           /* no plague yet (6.1) */
	}
	for (int s = 0; s < PW_MAX_SPACES; s++) {
		p->control[s] = s < m->nspaces ? sc->control[s] : PW_NONE;
		p->rebellion[s] = sc->rebellion[s];
	}
	p->nforces = sc->nforces;
	memcpy(p->force, sc->force, sizeof p->force);
	pw_pos_clear_ops(p);
}

void pw_pos_clear_ops(struct pw_pos *p)
{
	for (int l = 0; l < PW_MAX_LEADERS; l++)
		p->leader_at[l] = PW_NONE, p->leader_dead[l] = 0;
	for (int s = 0; s < PW_MAX_SPACES; s++)
		p->siege[s] = 0, p->siege_by[s] = PW_NONE, p->entered[s] = 0;
}

struct pw_force *pw_force_at(struct pw_pos *p, int c, int s)
{
	struct pw_force *f;

	for (int i = 0; i < p->nforces; i++)
		if (p->force[i].city == c && p->force[i].space == s)
			return &p->force[i];
	if (p->nforces == PW_MAX_FORCES)
		return NULL;
	f = &p->force[p->nforces++];
	memset(f, 0, sizeof *f);
	f->city = (int8_t)c;
	f->space = (int8_t)s;
	return f;
}

void pw_drop_empty_forces(struct pw_pos *p)
{
	int n = 0;

	for (int i = 0; i < p->nforces; i++) {
		const struct pw_force *f = &p->force[i];
		if (f->sp[PW_HOPLITE] || f->sp[PW_CAVALRY] || f->sp[PW_NAVAL_SP] || f->garrison)
			p->force[n++] = *f;
	}
	p->nforces = n;
}

int pw_side_sp(const struct pw_map *m, const struct pw_pos *p, int h, int s, int t)
{
	int n = 0;

	for (int i = 0; i < p->nforces; i++)
		if (p->force[i].space == s && pw_side(m, p, p->force[i].city) == h)
			n += p->force[i].sp[t];
	return n;
}
