/*
 * raster.c - the regions of a geography (pic_geo_prepare, pic.h): the
 * coastline rasterised into a land mask, then each pixel given to the
 * nearest seed of its kind, and the runs a picture fills row by row
 * (pic.h), found once per geography; and the coast stroked once.  Kept
 * apart from geo.c because the mask is drawn with cairo: this file goes
 * into the drawing module
 * (picture/module.c) with draw.c and png.c, so that a process that never
 * draws never loads cairo, while geo.c's model stays in the executable.
 */
#include <math.h>
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

/* For each square cell of the raster and each kind (land, sea), the
 * seeds that can be nearest to one of its pixels: those no farther from
 * the cell than the farthest corner of the cell is from the seed that
 * has it nearest.  A pixel then looks at its cell's few seeds instead of
 * every seed of the map (a million pixels times up to a hundred seeds was
 * most of a process's first picture).  The few are searched in seed order
 * with the comparison a search of all would make, and every seed that
 * could tie is among them, so each pixel gets the same seed as before;
 * the bound is widened a little so that rounding cannot leave one out. */
enum { CELL = 16 };

struct cells {
	int cols;
	int *start;                 /* cell c of kind k: idx[start[2c + k] .. start[2c + k + 1] - 1] */
	int *idx;                   /* indices into the seeds, in order */
};

/* Squared distances from (x, y) to the nearest and farthest points of
 * the pixels x0..x1, y0..y1. */
static double near2(double x, double y, int x0, int x1, int y0, int y1)
{
	double dx = x < x0 ? x0 - x : x > x1 ? x - x1 : 0;
	double dy = y < y0 ? y0 - y : y > y1 ? y - y1 : 0;
	return dx * dx + dy * dy;
}

static double far2(double x, double y, int x0, int x1, int y0, int y1)
{
	double dx = fmax(fabs(x - x0), fabs(x - x1)), dy = fmax(fabs(y - y0), fabs(y - y1));
	return dx * dx + dy * dy;
}

static void find_cells(struct cells *cs, const struct pic_geo *g, const struct pic_seed *seed, int nseeds,
                       double reach2)
{
	int rows = (g->height + CELL - 1) / CELL, n = 0, cap = 1024;

	cs->cols = (g->width + CELL - 1) / CELL;
	cs->start = xmalloc(((size_t)cs->cols * (size_t)rows * 2 + 1) * sizeof *cs->start);
	cs->idx = xmalloc((size_t)cap * sizeof *cs->idx);
	for (int c = 0; c < cs->cols * rows; c++) {
		int x0 = c % cs->cols * CELL, y0 = c / cs->cols * CELL;
		int x1 = (x0 + CELL < g->width ? x0 + CELL : g->width) - 1;
		int y1 = (y0 + CELL < g->height ? y0 + CELL : g->height) - 1;
		for (int sea = 0; sea < 2; sea++) {
			double bound = reach2;
			for (int i = 0; i < nseeds; i++)
				if (seed[i].sea == sea)
					bound = fmin(bound, far2(seed[i].x, seed[i].y, x0, x1, y0, y1));
			bound += 1 + bound * 1e-5;
			cs->start[2 * c + sea] = n;
			for (int i = 0; i < nseeds; i++) {
				if (seed[i].sea != sea || near2(seed[i].x, seed[i].y, x0, x1, y0, y1) > bound)
					continue;
				if (n == cap) {
					cap *= 2;
					cs->idx = xrealloc(cs->idx, (size_t)cap * sizeof *cs->idx);
				}
				cs->idx[n++] = i;
			}
		}
	}
	cs->start[cs->cols * rows * 2] = n;
}

void pic_geo_prepare(struct pic_geo *g)
{
	float reach2 = (float)(g->reach * g->reach);
	struct pic_seed *seed;
	struct cells cs;
	int nseeds;

	if (g->region)
		return;
	rasterise(g);
	seed = xmalloc((size_t)(g->nseeds + 1) * sizeof *seed);
	nseeds = seeds_in_reach(g, seed);
	find_cells(&cs, g, seed, nseeds, reach2);
	g->region = xmalloc((size_t)g->width * (size_t)g->height * sizeof *g->region);
	for (int y = 0; y < g->height; y++)
		for (int x = 0; x < g->width; x++) {
			int sea = !g->land[y * g->width + x], best = -1;
			int c = 2 * ((y / CELL) * cs.cols + x / CELL) + sea;
			float bestd = reach2;
			for (int k = cs.start[c]; k < cs.start[c + 1]; k++) {
				const struct pic_seed *sd = &seed[cs.idx[k]];
				float dx = sd->x - (float)x, dy = sd->y - (float)y;
				float d = dx * dx + dy * dy;
				if (d < bestd) {
					bestd = d;
					best = sd->place;
				}
			}
			g->region[y * g->width + x] = (int16_t)best;
		}
	free(cs.start);
	free(cs.idx);
	free(seed);
	find_runs(g);
	stroke_coast(g);
	if (g->inset)
		pic_geo_prepare(g->inset);
}
