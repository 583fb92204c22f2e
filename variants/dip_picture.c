/*
 * dip_picture.c - what a Diplomacy-family map picture shows (picture/pic.h):
 * units, dislodged units with their retreat options, centres shaded by
 * owner, and a phase's orders with their results as arrows.
 *
 * Pure: reads the map, positions and an outcome the engine wrote, and
 * fills a scene; how it looks is picture/draw.c's business.
 */
#include <stdio.h>

#include "picture/pic.h"
#include "variants/dip_board.h"
#include "variants/dip_picture.h"

/* The geography's place for location loc: the coast's own spot where the
 * geography has one, else its province's. */
static int place_of(const struct pic_geo *g, const struct dip_map *m, int loc)
{
	int pl;
	if (loc < 0 || loc >= m->nloc)
		return -1;
	pl = pic_geo_place(g, m->loc[loc].code);
	if (pl < 0 && m->loc[loc].prov != loc)
		pl = pic_geo_place(g, m->loc[m->loc[loc].prov].code);
	return pl;
}

static int glyph(int type)
{
	return type == DIP_FLEET ? PIC_FLEET : PIC_ARMY;
}

/* The powers, with their colours and counts; the centres and their owners. */
static void powers_and_centres(const struct dip_map *m, const struct pic_geo *g,
                               const struct dip_position *p, struct pic_scene *s)
{
	s->npowers = m->npowers < PIC_MAX_POWERS ? m->npowers : PIC_MAX_POWERS;
	for (int i = 0; i < s->npowers; i++) {
		int units = 0;
		for (int u = 0; u < p->nunits; u++)
			units += p->unit[u].power == i;
		snprintf(s->power[i].name, sizeof s->power[i].name, "%s", m->power[i].name);
		s->power[i].colour = (int8_t)pic_geo_colour(g, m->power[i].letter, i);
		snprintf(s->power[i].note, sizeof s->power[i].note, "%d centres, %d units",
		         dip_centre_count(m, p, i), units);
	}
	for (int prov = 0; prov < m->nprov; prov++) {
		int pl = place_of(g, m, prov);
		if (pl < 0 || !m->loc[prov].centre)
			continue;
		s->centre[pl] = 1;
		if (p->owner[prov] != DIP_NO_POWER && p->owner[prov] < s->npowers) {
			s->owner[pl] = p->owner[prov];
			s->shade[pl] = PIC_SHADE_FULL;
		}
	}
}

/* The units of p, dislodged ones with arrows to where they may retreat. */
static void units(const struct dip_map *m, const struct pic_geo *g,
                  const struct dip_position *p, struct pic_scene *s)
{
	for (int u = 0; u < p->nunits; u++)
		pic_scene_unit(s, place_of(g, m, p->unit[u].loc), p->unit[u].power,
		               glyph(p->unit[u].type), 0);
	for (int d = 0; d < p->ndislodged; d++) {
		const struct dip_dislodged *dl = &p->dislodged[d];
		int from = place_of(g, m, dl->unit.loc);
		dip_set opts;
		pic_scene_unit(s, from, dl->unit.power, glyph(dl->unit.type), 1);
		if (from < 0 || !dip_retreat_options(m, p, dl, &opts))
			continue;
		for (int loc = 0; loc < m->nloc; loc++) {
			int to = place_of(g, m, loc);
			if (dip_set_has(&opts, loc) && to >= 0)
				pic_scene_arrow(s, PIC_OPTION, dl->unit.power, 0, from, to, -1, -1);
		}
	}
}

/* One arrow per order that moves, supports, convoys, builds or removes;
 * holds draw nothing. */
static void orders(const struct dip_map *m, const struct pic_geo *g,
                   const struct dip_outcome *out, struct pic_scene *s)
{
	for (int i = 0; i < out->norders; i++) {
		const struct dip_order *o = &out->order[i];
		const struct dip_result *r = &out->result[i];
		int from = place_of(g, m, o->loc), failed = !r->success;
		if (o->power < 0 || o->power >= s->npowers)
			continue;
		switch (o->kind) {
		case DIP_MOVE:
		case DIP_RETREAT:
			if (from >= 0 && place_of(g, m, o->dest) >= 0)
				pic_scene_arrow(s, o->kind == DIP_MOVE ? PIC_MOVE : PIC_RETREAT, o->power,
				                failed, from, place_of(g, m, o->dest), -1, -1);
			break;
		case DIP_SUPPORT:
		case DIP_CONVOY:
			if (from >= 0 && place_of(g, m, o->target) >= 0)
				pic_scene_arrow(s, o->kind == DIP_SUPPORT ? PIC_SUPPORT : PIC_CONVOY,
				                o->power, failed, from, -1, place_of(g, m, o->target),
				                place_of(g, m, o->target_dest));
			break;
		case DIP_BUILD:
			if (r->success)
				pic_scene_arrow(s, PIC_BUILD, o->power, 0, -1,
				                place_of(g, m, o->dest != DIP_NO_LOC ? o->dest : o->loc), -1, -1);
			break;
		case DIP_REMOVE:
		case DIP_DISBAND:
			if (r->success && from >= 0)
				pic_scene_arrow(s, PIC_REMOVE, o->power, 0, from, -1, -1, -1);
			break;
		default:
			break;
		}
	}
}

void dip_picture_scene(const struct dip_map *m, const struct pic_geo *g,
                       const struct dip_outcome *out, const struct dip_position *after,
                       struct pic_scene *s)
{
	powers_and_centres(m, g, after, s);
	units(m, g, after, s);
	if (out)
		orders(m, g, out, s);
}
