/*
 * places_test.c - the geography of every variant with pictures against
 * its map: every province (and coast) of the map has a place, every place
 * names a province of the map, and every place's position lies in its own
 * region, on the map and in its inset, so that its label and units are
 * drawn inside it.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "base/error.h"
#include "tests/check.h"
#include "picture/pic.h"
#include "variants/diceless_board.h"
#include "variants/dip_board.h"
#include "variants/pelo_board.h"
#include "variants/variant.h"


/* Every place of g is in its own region, and in g's inset every place
 * within the inset's view is in its own region there. */
static void in_regions(const char *name, const struct pic_geo *g)
{
	int n = 0;
	for (int i = 0; i < g->nplaces; i++) {
		const struct pic_place *p = &g->place[i];
		if (p->off || p->x < 0 || p->y < 0 || p->x >= g->width || p->y >= g->height)
			continue;   /* listed beside the map, or outside an inset */
		CHECK(pic_geo_region_at(g, (int)p->x, (int)p->y) == p->region, "%s: %s %s", name,
		      "position outside its own region:", p->code);
		n++;
	}
	printf("%s%s: %d places checked\n", name, g->is_inset ? " (inset)" : "", n);
	if (g->inset)
		in_regions(name, g->inset);
}

/* The variant called name and its prepared geography, or NULL after
 * counting a failure. */
static const struct variant *with_geo(const char *name)
{
	const struct variant *v = variant_find(name, NULL);

	if (!v || variant_geo(v) || !v->geo) {
		CHECK(0, "%s: no variant or geography (%s)", name, fail_text());
		return NULL;
	}
	pic_geo_prepare(v->geo);
	return v;
}

/* The diceless game's areas, all land, against its places. */
static void diceless_places(void)
{
	const struct variant *v = with_geo("diceless");
	if (!v)
		return;
	const struct pic_geo *g = v->geo;
	const struct dl_map *m = &((const struct dl_board *)v->data)->map;
	for (int a = 0; a < m->nareas; a++) {
		int pl = pic_geo_place(g, m->area[a].code);
		CHECK(pl >= 0 && g->place[pl].kind == PIC_LAND, "%s: %s %s", "diceless", "no land place for",
		      m->area[a].code);
	}
	CHECK(g->nplaces == m->nareas, "%s: %s %s", "diceless", "places beside the areas", "");
	in_regions("diceless", g);
}

/* The Peloponnesian War's spaces: each has a place, at the position its
 * space record gives (copied from map.txt; a coastal space may be moved
 * onto the drawn land, by less than 0.15 degrees). */
static void pelo_places(void)
{
	const struct variant *v = with_geo("peloponnesian");
	if (!v)
		return;
	const struct pic_geo *g = v->geo;
	const struct pelo_map *m = &((const struct pelo_board *)v->data)->map;
	for (int sp = 0; sp < m->nspaces; sp++) {
		int pl = pic_geo_place(g, m->space[sp].code);
		float x, y;
		CHECK(pl >= 0, "%s: %s %s", "peloponnesian", "no place for", m->space[sp].code);
		if (pl < 0)
			continue;
		pic_geo_project(g, m->space[sp].lon / 100.0, m->space[sp].lat / 100.0, &x, &y);
		CHECK(hypotf(x - g->place[pl].x, y - g->place[pl].y) < 0.15 * g->scale, "%s: %s %s",
		      "peloponnesian", "place not where map.txt puts the space:", m->space[sp].code);
	}
	CHECK(g->nplaces == m->nspaces, "%s: %s %s", "peloponnesian", "places beside the spaces", "");
	in_regions("peloponnesian", g);
}

/* A Diplomacy-family variant's provinces and coasts against its places. */
static void dip_places(const char *name)
{
	const struct variant *v = with_geo(name);
	if (!v)
		return;
	const struct pic_geo *g = v->geo;
	const struct dip_board *b = v->data;
	for (int loc = 0; loc < b->map.nloc; loc++) {
		int pl = pic_geo_place(g, b->map.loc[loc].code);
		/* a coast may go without a spot: its fleet stands on the province */
		if (pl < 0 && b->map.loc[loc].prov != loc)
			continue;
		CHECK(pl >= 0, "%s: %s %s", name, "no place for", b->map.loc[loc].code);
		if (pl < 0)
			continue;
		int sea = b->map.loc[loc].kind == DIP_SEA;
		if (g->place[pl].kind != PIC_SPOT)
			CHECK(g->place[pl].kind == (sea ? PIC_SEA : PIC_LAND), "%s: %s %s", name, "land or sea wrong for",
			      b->map.loc[loc].code);
	}
	for (int i = 0; i < g->nplaces; i++)
		CHECK(dip_loc_by_code(&b->map, g->place[i].code) != DIP_NO_LOC, "%s: %s %s", name, "a place the map lacks:",
		      g->place[i].code);
	in_regions(name, g);
}

int main(void)
{
	dip_places("classical");
	dip_places("standard");
	diceless_places();
	pelo_places();
	return check_done("places_test");
}
