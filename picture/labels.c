/*
 * labels.c - text on a pale halo (pic_label), and the places' codes of a
 * geography drawn once and reused (pic_labels_cached).
 *
 * A code's label costs nine runs of its glyphs (eight for the halo), and
 * a map has some eighty of them: a fifth of a picture's time.  Where the
 * layout puts them depends on the geography, the centres and the notes
 * (layout.c), which on most maps never change, so the codes are drawn
 * once into a transparent layer, and each picture whose layout puts every
 * code where the layer has it copies the layer's boxes around the codes
 * over its own pixels.  A layout that differs draws the layer anew.  Only
 * an image is served this way; an SVG gets its text as text.
 */
#include <math.h>
#include <string.h>

#include <cairo.h>

#include "picture/pic.h"

void pic_label(cairo_t *cr, const char *text, double x, double y, double size, int bold)
{
	static const double off[8][2] = {
		{ -1, -1 }, { 0, -1 }, { 1, -1 }, { -1, 0 }, { 1, 0 }, { -1, 1 }, { 0, 1 }, { 1, 1 },
	};
	cairo_text_extents_t e;

	cairo_select_font_face(cr, PIC_FONT, CAIRO_FONT_SLANT_NORMAL,
	                       bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
	cairo_set_font_size(cr, size);
	cairo_text_extents(cr, text, &e);
	x -= e.width / 2 + e.x_bearing;
	cairo_set_source_rgba(cr, 1, 1, 1, 0.8);
	for (int i = 0; i < 8; i++) {
		cairo_move_to(cr, x + off[i][0], y + off[i][1]);
		cairo_show_text(cr, text);
	}
	cairo_set_source_rgb(cr, (PIC_TEXT_RGB >> 16) / 255.0, (PIC_TEXT_RGB >> 8 & 255) / 255.0,
	                     (PIC_TEXT_RGB & 255) / 255.0);
	cairo_move_to(cr, x, y);
	cairo_show_text(cr, text);
	cairo_new_path(cr);
}

/* Whether place i's code is drawn on the map (not a coast's position,
 * not off the view). */
static int has_label(const struct pic_geo *g, int i)
{
	return g->place[i].kind != PIC_SPOT && !g->place[i].off;
}

/* A geography's codes drawn once: where they were put, the layer, and
 * the box of each code's ink with its halo, in whole pixels. */
struct layer {
	const struct pic_geo *g;
	float lx[PIC_MAX_PLACES], ly[PIC_MAX_PLACES];
	cairo_surface_t *surface;
	int box[PIC_MAX_PLACES][4];         /* x, y, width, height */
};

/* A map and its inset, and a second variant's in a cron that meets
 * games of several: a slot is taken over when all are in use.  A layer
 * is known by its geography's address, which is safe because a
 * variant's geography lives as long as the process once drawn from
 * (variants/variant_picture.c); the layout is compared all the same. */
#define LAYERS 4
static struct layer layers[LAYERS];
static int next_slot;

static int same_layout(const struct layer *c, const struct pic_geo *g, const struct pic_layout *l)
{
	if (c->g != g || !c->surface)
		return 0;
	for (int i = 0; i < g->nplaces; i++)
		if (has_label(g, i) && (c->lx[i] != l->lx[i] || c->ly[i] != l->ly[i]))
			return 0;
	return 1;
}

/* Draw g's codes where l puts them into c, anew. */
static void draw_layer(struct layer *c, const struct pic_geo *g, const struct pic_layout *l)
{
	if (c->surface)
		cairo_surface_destroy(c->surface);
	c->g = g;
	c->surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, g->width, g->height);
	cairo_t *cr = cairo_create(c->surface);
	for (int i = 0; i < g->nplaces; i++) {
		c->lx[i] = l->lx[i];
		c->ly[i] = l->ly[i];
		if (!has_label(g, i))
			continue;
		cairo_text_extents_t e;
		cairo_select_font_face(cr, PIC_FONT, CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
		cairo_set_font_size(cr, 10);
		cairo_text_extents(cr, g->place[i].code, &e);
		pic_label(cr, g->place[i].code, l->lx[i], l->ly[i], 10, 1);
		/* the ink as pic_label placed it, one pixel of halo and one
		 * of antialiasing around it */
		double x0 = l->lx[i] - e.width / 2 - 2, y0 = l->ly[i] + e.y_bearing - 2;
		c->box[i][0] = (int)floor(x0);
		c->box[i][1] = (int)floor(y0);
		c->box[i][2] = (int)ceil(x0 + e.width + 4) - c->box[i][0];
		c->box[i][3] = (int)ceil(y0 + e.height + 4) - c->box[i][1];
	}
	cairo_destroy(cr);
	cairo_surface_flush(c->surface);
}

int pic_labels_cached(cairo_t *cr, const struct pic_geo *g, const struct pic_layout *l)
{
	struct layer *c = NULL;

	if (cairo_surface_get_type(cairo_get_target(cr)) != CAIRO_SURFACE_TYPE_IMAGE)
		return 0;
	for (int k = 0; k < LAYERS && !c; k++)
		if (layers[k].g == g)
			c = &layers[k];
	if (!c) {
		c = &layers[next_slot];
		next_slot = (next_slot + 1) % LAYERS;
		c->g = NULL;
	}
	if (!same_layout(c, g, l))
		draw_layer(c, g, l);
	if (cairo_surface_status(c->surface) != CAIRO_STATUS_SUCCESS)
		return 0;
	cairo_save(cr);
	cairo_set_source_surface(cr, c->surface, 0, 0);
	for (int i = 0; i < g->nplaces; i++)
		if (has_label(g, i))
			cairo_rectangle(cr, c->box[i][0], c->box[i][1], c->box[i][2], c->box[i][3]);
	cairo_fill(cr);
	cairo_restore(cr);
	return 1;
}
