/*
 * raster.c - the regions of a geography (pic_geo_prepare, pic.h): the
 * coastline rasterised into a land mask, then each pixel given to the
 * nearest seed of its kind, and the runs a picture fills row by row
 * (pic.h), found once per geography; and the coast stroked once.  Kept apart from geo.c because the mask is
 * drawn with cairo: this file goes into the drawing module
 * (picture/module.c) with draw.c and png.c, so that a process that never
 * draws never loads cairo, while geo.c's model stays in the executable.
 */
#include <stdlib.h>

#include <cairo.h>

#include "picture/pic.h"

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

/* The coastline stroked once into g->coast (pic.h), as draw.c's
 * pic_coast_path strokes it; a picture only lays it over its regions. */
static void stroke_coast(struct pic_geo *g)
{
	g->coast_stride = cairo_format_stride_for_width(CAIRO_FORMAT_A8, g->width);
	g->coast = xcalloc((size_t)g->coast_stride * (size_t)g->height, 1);
	cairo_surface_t *s = cairo_image_surface_create_for_data(g->coast, CAIRO_FORMAT_A8, g->width,
	                                                         g->height, g->coast_stride);
	cairo_t *cr = cairo_create(s);
	pic_coast_path(cr, g);
	cairo_stroke(cr);
	cairo_destroy(cr);
	cairo_surface_finish(s);
	cairo_surface_destroy(s);
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
	stroke_coast(g);
	if (g->inset)
		pic_geo_prepare(g->inset);
}
