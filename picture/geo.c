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
 * its points, and built the same way.
 */
#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cairo.h>

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

int pic_geo_place(const struct pic_geo *g, const char *code)
{
	for (int i = 0; i < g->nplaces; i++)
		if (!strcmp(g->place[i].code, code))
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

/* The land as a mask: the rings filled even-odd (lakes are rings inside
 * rings), without antialiasing so that every pixel is land or sea. */
static void rasterise(struct pic_geo *g)
{
	cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_A8, g->width, g->height);
	cairo_t *cr = cairo_create(s);
	int stride = cairo_image_surface_get_stride(s);

	cairo_set_antialias(cr, CAIRO_ANTIALIAS_NONE);
	cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD);
	for (int r = 0; r < g->nrings; r++) {
		cairo_new_sub_path(cr);
		for (int i = g->ring_start[r]; i < g->ring_start[r + 1]; i++)
			cairo_line_to(cr, g->pt[2 * i], g->pt[2 * i + 1]);
		cairo_close_path(cr);
	}
	cairo_fill(cr);
	cairo_surface_flush(s);
	g->land = xmalloc((size_t)g->width * (size_t)g->height);
	const unsigned char *d = cairo_image_surface_get_data(s);
	for (int y = 0; y < g->height; y++)
		for (int x = 0; x < g->width; x++)
			g->land[y * g->width + x] = d[y * stride + x] >= 128;
	cairo_destroy(cr);
	cairo_surface_destroy(s);
}

/* The seeds of g that can own a pixel of its view: those within reach of
 * it (all of them for a whole map; an inset's view is a small part of a
 * large geography).  Returns how many were put in out. */
static int seeds_in_reach(const struct pic_geo *g, struct pic_seed *out)
{
	int n = 0;
	for (int i = 0; i < g->nseeds; i++) {
		const struct pic_seed *sd = &g->seed[i];
		double dx = sd->x < 0 ? -sd->x : sd->x >= g->width ? sd->x - g->width + 1 : 0;
		double dy = sd->y < 0 ? -sd->y : sd->y >= g->height ? sd->y - g->height + 1 : 0;
		if (dx * dx + dy * dy < g->reach * g->reach)
			out[n++] = *sd;
	}
	return n;
}

/* What pixel i (at x, y) of the raster is: an edge where its region
 * differs from the next one right or below of the same kind (land, sea),
 * else its region's inside.  Pixels of no region on land are never
 * edges: the void beyond the board's land has no lines. */
static int run_kind(const struct pic_geo *g, size_t i, int x, int y)
{
	size_t w = (size_t)g->width;
	int r = g->region[i];
	int edge = (x + 1 < g->width && g->region[i + 1] != r && g->land[i + 1] == g->land[i]) ||
	           (y + 1 < g->height && g->region[i + w] != r && g->land[i + w] == g->land[i]);
	if (!edge || (r < 0 && g->land[i]))
		return PIC_RUN_INSIDE;
	return g->land[i] ? PIC_RUN_LAND_EDGE : PIC_RUN_SEA_EDGE;
}

/* The raster's runs (pic.h): a new run wherever the kind, the region or
 * land and sea change along a row. */
static void find_runs(struct pic_geo *g)
{
	int cap = 4096;
	g->run = xmalloc((size_t)cap * sizeof *g->run);
	g->nruns = 0;
	for (int y = 0; y < g->height; y++) {
		struct pic_run *cur = NULL;
		for (int x = 0; x < g->width; x++) {
			size_t i = (size_t)y * (size_t)g->width + (size_t)x;
			int kind = run_kind(g, i, x, y), sea = !g->land[i];
			if (cur && cur->kind == kind && cur->region == g->region[i] && cur->sea == sea) {
				cur->len++;
				continue;
			}
			if (g->nruns == cap) {
				cap *= 2;
				g->run = xrealloc(g->run, (size_t)cap * sizeof *g->run);
			}
			cur = &g->run[g->nruns++];
			*cur = (struct pic_run){ (uint16_t)x, (uint16_t)y, 1, g->region[i], (uint8_t)kind,
			                         (uint8_t)sea };
		}
	}
}

void pic_geo_prepare(struct pic_geo *g)
{
	float reach2 = (float)(g->reach * g->reach);
	struct pic_seed *seed;
	int nseeds;

	if (g->region)
		return;
	rasterise(g);
	seed = xmalloc((size_t)(g->nseeds + 1) * sizeof *seed);
	nseeds = seeds_in_reach(g, seed);
	g->region = xmalloc((size_t)g->width * (size_t)g->height * sizeof *g->region);
	for (int y = 0; y < g->height; y++)
		for (int x = 0; x < g->width; x++) {
			int sea = !g->land[y * g->width + x], best = -1;
			float bestd = reach2;
			for (int i = 0; i < nseeds; i++) {
				const struct pic_seed *sd = &seed[i];
				if (sd->sea != sea)
					continue;
				float dx = sd->x - (float)x, dy = sd->y - (float)y;
				float d = dx * dx + dy * dy;
				if (d < bestd) {
					bestd = d;
					best = sd->place;
				}
			}
			g->region[y * g->width + x] = (int16_t)best;
		}
	free(seed);
	find_runs(g);
	if (g->inset)
		pic_geo_prepare(g->inset);
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
