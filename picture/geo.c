/*
 * geo.c - a variant's geography for pictures: the projection, the
 * coastline, and the regions built from the places' seeds (pic.h).
 *
 * Regions are not stored as polygons: each is the set of pixels of its
 * kind (land or sea, from the rasterised coastline) nearest to one of its
 * seeds, so a game master gives a position or two per province instead of
 * drawing borders, and a region never crosses the coast.  Built once per
 * process, on first use, and kept, with the raster's runs (the edges
 * between regions found once, not at every picture).  An inset is a second geography of
 * the same places on a smaller view, made from the map's by reprojecting
 * its points, and built the same way.  Building the regions draws with
 * cairo, so it is raster.c's, loaded only by a process that draws.
 */
#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "picture/pic.h"

void pic_geo_view(struct pic_geo *g, double lon0, double lon1, double lat0, double lat1)
{
	assert(lon0 < lon1 && lat0 < lat1);
	g->lon0 = lon0;
	g->lon1 = lon1;
	g->lat0 = lat0;
	g->lat1 = lat1;
	g->kx = cos((lat0 + lat1) / 2 * M_PI / 180);
	g->scale = PIC_WIDTH / ((lon1 - lon0) * g->kx);
	g->width = PIC_WIDTH;
	g->height = (int)lround((lat1 - lat0) * g->scale);
}

void pic_geo_project(const struct pic_geo *g, double lon, double lat, float *x, float *y)
{
	*x = (float)((lon - g->lon0) * g->kx * g->scale);
	*y = (float)((g->lat1 - lat) * g->scale);
}

int pic_geo_colour(const struct pic_geo *g, char letter, int n)
{
	for (int i = 0; i < g->ncolours; i++)
		if (g->letter[i] == letter)
			return g->colour[i];
	return n % pic_palette_size();
}

/* A scene asks this for every unit, order and centre, about 180 times a
 * Classical picture, so the scan tests the first letter in line and
 * calls strcmp only on a place that starts like code (a few of the 117):
 * the calls, not the comparisons, were the cost.  An index would need a
 * field in struct pic_geo, filled wherever places are added. */
int pic_geo_place(const struct pic_geo *g, const char *code)
{
	for (int i = 0; i < g->nplaces; i++)
		if (g->place[i].code[0] == code[0] && !strcmp(g->place[i].code, code))
			return i;
	return -1;
}

void pic_geo_ring(struct pic_geo *g)
{
	g->ring_start = xrealloc(g->ring_start, (size_t)(g->nrings + 2) * sizeof *g->ring_start);
	g->ring_start[g->nrings++] = g->npts;
	g->ring_start[g->nrings] = g->npts;
}

void pic_geo_point(struct pic_geo *g, double lon, double lat)
{
	if (!g->nrings)
		pic_geo_ring(g);
	if (g->npts == g->ptcap) {
		g->ptcap = g->ptcap ? 2 * g->ptcap : 1024;
		g->pt = xrealloc(g->pt, (size_t)g->ptcap * 2 * sizeof *g->pt);
	}
	pic_geo_project(g, lon, lat, &g->pt[2 * g->npts], &g->pt[2 * g->npts + 1]);
	g->ring_start[g->nrings] = ++g->npts;
}

/* The point x, y of the map from moved onto the view of to. */
static void reproject(const struct pic_geo *from, const struct pic_geo *to, float *x, float *y)
{
	double lon = from->lon0 + *x / (from->kx * from->scale), lat = from->lat1 - *y / from->scale;
	pic_geo_project(to, lon, lat, x, y);
}

void pic_geo_inset(struct pic_geo *g, const double box[4], const char *name)
{
	struct pic_geo *in = xcalloc(1, sizeof *in);

	pic_geo_view(in, box[0], box[1], box[2], box[3]);
	in->is_inset = 1;
	in->reach = g->reach / g->scale * in->scale;
	in->nplaces = g->nplaces;
	memcpy(in->place, g->place, sizeof g->place);
	for (int i = 0; i < in->nplaces; i++) {
		reproject(g, in, &in->place[i].x, &in->place[i].y);
		in->place[i].off = 0;
	}
	in->nseeds = g->nseeds;
	memcpy(in->seed, g->seed, sizeof g->seed);
	for (int i = 0; i < in->nseeds; i++)
		reproject(g, in, &in->seed[i].x, &in->seed[i].y);
	in->ncolours = g->ncolours;
	memcpy(in->letter, g->letter, sizeof g->letter);
	memcpy(in->colour, g->colour, sizeof g->colour);
	if (g->nrings) {
		in->nrings = g->nrings;
		in->npts = in->ptcap = g->npts;
		in->ring_start = xmalloc((size_t)(g->nrings + 1) * sizeof *in->ring_start);
		memcpy(in->ring_start, g->ring_start, (size_t)(g->nrings + 1) * sizeof *in->ring_start);
		in->pt = xmalloc((size_t)(g->npts ? g->npts : 1) * 2 * sizeof *in->pt);
		memcpy(in->pt, g->pt, (size_t)g->npts * 2 * sizeof *in->pt);
		for (int i = 0; i < g->npts; i++)
			reproject(g, in, &in->pt[2 * i], &in->pt[2 * i + 1]);
	}
	g->inset = in;
	snprintf(g->inset_name, sizeof g->inset_name, "%s", name);
}

int pic_geo_region_at(const struct pic_geo *g, int x, int y)
{
	assert(g->region != NULL);	/* pic_geo_prepare first */
	if (x < 0 || y < 0 || x >= g->width || y >= g->height)
		return -1;
	return g->region[y * g->width + x];
}

void pic_geo_free(struct pic_geo *g)
{
	free(g->ring_start);
	free(g->pt);
	free(g->land);
	free(g->region);
	free(g->run);
	free(g->coast);
	if (g->inset) {
		pic_geo_free(g->inset);
		free(g->inset);
		g->inset = NULL;
	}
}

void pic_scene_init(struct pic_scene *s)
{
	memset(s, 0, sizeof *s);
	memset(s->owner, -1, sizeof s->owner);
}

void pic_scene_unit(struct pic_scene *s, int place, int power, int glyph, int dislodged)
{
	if (place < 0 || s->nunits == PIC_MAX_UNITS)
		return;
	s->unit[s->nunits++] = (struct pic_unit){ (int16_t)place, (int8_t)power,
	                                          (int8_t)glyph, (int8_t)dislodged };
}

/* The places each kind of arrow needs (from, to, a) to be drawn. */
static const struct {
	int8_t from, to, a;
} needs[] = {
	[PIC_MOVE] = { 1, 1, 0 },
	[PIC_SUPPORT] = { 1, 0, 1 },
	[PIC_CONVOY] = { 1, 0, 1 },
	[PIC_RETREAT] = { 1, 1, 0 },
	[PIC_OPTION] = { 1, 1, 0 },
	[PIC_BUILD] = { 0, 1, 0 },
	[PIC_REMOVE] = { 1, 0, 0 },
};

void pic_scene_arrow(struct pic_scene *s, int kind, int power, int failed,
                     int from, int to, int a, int b)
{
	assert(kind >= 0 && kind < (int)(sizeof needs / sizeof needs[0]));
	if (s->narrows == PIC_MAX_ARROWS || power < 0 || power >= s->npowers ||
	    (needs[kind].from && from < 0) || (needs[kind].to && to < 0) || (needs[kind].a && a < 0))
		return;
	s->arrow[s->narrows++] = (struct pic_arrow){ (int8_t)kind, (int8_t)power, (int8_t)failed,
	                                             (int16_t)from, (int16_t)to,
	                                             (int16_t)a, (int16_t)b };
}

void pic_scene_mark(struct pic_scene *s, int place, int kind, int power, int failed,
                    const char *text)
{
	assert(kind >= 0 && kind < PIC_MARK_KINDS && power < s->npowers);
	if (place < 0 || s->nmarks == PIC_MAX_MARKS)
		return;
	struct pic_mark *k = &s->mark[s->nmarks++];
	*k = (struct pic_mark){ (int16_t)place, (int8_t)kind, (int8_t)power, (int8_t)failed, "" };
	snprintf(k->text, sizeof k->text, "%s", text);
}
