/*
 * pw_pos.c - the opening position of a Peloponnesian War game: the
 * scenario's data (pw_map.h, read once by variants/pw_map_load.c) copied
 * into the struct pw_pos the phases then change.  Kept apart from the
 * loader so that the engine's tests and the variant build positions the
 * same way.
 */
#include <string.h>

#include "adjudicator/pw.h"

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
}
