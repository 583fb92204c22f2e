/*
 * diceless_picture.c - what a map picture of the diceless game shows
 * (picture/pic.h): each area shaded by the side its counters orient it
 * to, darker with two counters than with one, the counters written under
 * its name, and the two cities and the oracle marked.  Chits stay secret:
 * a picture shows only what the results show.  Pure.
 */
#include <stdio.h>
#include <stdlib.h>

#include "picture/pic.h"
#include "variants/diceless_board.h"
#include "variants/variant.h"

void diceless_picture(const struct variant *v, const void *before,
                      const struct order_set *orders, int norders,
                      const struct order_set *standing, int nstanding,
                      const struct variant_chance *chance,
                      const void *after, struct pic_scene *s)
{
	const struct dl_map *m = &((const struct dl_board *)v->data)->map;
	const struct dl_position *p = after;
	int held[2] = { 0, 0 };

	(void)before, (void)orders, (void)norders, (void)standing, (void)nstanding, (void)chance;
	s->npowers = 2;
	for (int a = 0; a < m->nareas; a++) {
		int pl = pic_geo_place(v->geo, m->area[a].code), h = dl_holder(p->track[a]);
		if (h != DL_NONE)
			held[h]++;
		if (pl < 0)
			continue;
		s->centre[pl] = a == m->oracle || a == m->side[0].city || a == m->side[1].city;
		if (h == DL_NONE)
			continue;
		int n = abs(p->track[a]);
		s->owner[pl] = (int8_t)h;
		s->shade[pl] = n >= 2 ? PIC_SHADE_FULL : PIC_SHADE_LIGHT;
		snprintf(s->note[pl], sizeof s->note[pl], "%d counter%s", n, n == 1 ? "" : "s");
	}
	for (int side = 0; side < 2; side++) {
		snprintf(s->power[side].name, sizeof s->power[side].name, "%s", m->side[side].name);
		s->power[side].colour = (int8_t)pic_geo_colour(v->geo, m->side[side].letter, side);
		snprintf(s->power[side].note, sizeof s->power[side].note, "%d areas (%d to win)",
		         held[side], m->win);
	}
	s->no_units = 1;
	s->nkeys = 1;
	snprintf(s->key[0], sizeof s->key[0],
	         "Shading: the side an area is oriented to, dark with two counters, light with one.");
}
