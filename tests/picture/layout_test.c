/*
 * layout_test.c - labels and units that do not hide each other (issue
 * 26), on every variant's map and inset, with a unit on every place and
 * with and without a centre's mark beside every label (the most crowded
 * a map can be): the layout of picture/layout.c leaves no label over
 * another label anywhere; where places are far enough apart for it
 * (every map but Classical's Greece and the Peloponnesian corner its
 * inset enlarges) no label over another place's unit and no dislodged
 * unit over a label; and where they are not, fewer labels over units
 * than half of those that labels all set below their units would hide.
 * The boxes are measured here from the text as cairo sets it, apart from
 * layout.c's own reckoning, so a fault in either shows.
 */
#include <stdio.h>
#include <string.h>

#include <cairo.h>

#include "base/error.h"
#include "picture/pic.h"
#include "tests/check.h"
#include "variants/variant.h"

struct box {
	double x0, y0, x1, y1;
};

static int overlaps(struct box a, struct box b)
{
	return a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
}

/* A unit symbol at x, y: the army's disc or the fleet's hull and mast. */
static struct box unit_at(double x, double y)
{
	return (struct box){ x - 11, y - 9, x + 11, y + 8 };
}

/* The maps where every place is too close to its neighbours for all of
 * them to hold a unit and show their label beside it. */
static int crowded(const char *name, const struct pic_geo *g)
{
	return !g->is_inset && (!strcmp(name, "classical") || !strcmp(name, "peloponnesian"));
}

/* Labels over other places' units, the labels' baselines at x, y. */
static int over_units(const struct pic_geo *g, const struct box *text)
{
	int n = 0;
	for (int i = 0; i < g->nplaces; i++)
		for (int j = 0; j < g->nplaces; j++)
			n += !g->place[i].off && g->place[i].kind != PIC_SPOT && !g->place[j].off && j != i &&
			     overlaps(text[i], unit_at(g->place[j].x, g->place[j].y));
	return n;
}

/* Place i's label text, its baseline centred on x, y. */
static struct box text_at(cairo_t *cr, const struct pic_geo *g, const struct pic_scene *s, int i,
                          double x, double y)
{
	cairo_text_extents_t e;
	cairo_text_extents(cr, g->place[i].code, &e);
	x -= e.width / 2;
	return (struct box){ x - (s->centre[i] ? 10 : 0), y + e.y_bearing, x + e.width,
	                     y + e.y_bearing + e.height };
}

static void check_geo(const char *name, const struct pic_geo *g, cairo_t *cr, int marks)
{
	static struct pic_scene s;
	static struct pic_layout l;
	float w[PIC_MAX_PLACES], nw[PIC_MAX_PLACES];
	struct box text[PIC_MAX_PLACES], below[PIC_MAX_PLACES];
	int clashes = 0, hidden = 0, covered = 0, strict = !crowded(name, g);

	pic_scene_init(&s);
	cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
	cairo_set_font_size(cr, 10);
	for (int i = 0; i < g->nplaces; i++) {
		cairo_text_extents_t e;
		cairo_text_extents(cr, g->place[i].code, &e);
		w[i] = (float)e.x_advance;
		nw[i] = 0;
		s.centre[i] = marks && g->place[i].kind == PIC_LAND;
	}
	pic_layout(g, w, nw, &s, &l);
	for (int i = 0; i < g->nplaces; i++) {
		text[i] = text_at(cr, g, &s, i, l.lx[i], l.ly[i]);
		below[i] = text_at(cr, g, &s, i, g->place[i].x, g->place[i].y + PIC_LABEL_BELOW);
	}
	for (int i = 0; i < g->nplaces; i++) {
		if (g->place[i].off || g->place[i].kind == PIC_SPOT)
			continue;
		for (int j = 0; j < g->nplaces; j++) {
			if (j == i || g->place[j].off)
				continue;
			if (g->place[j].kind != PIC_SPOT && j > i && overlaps(text[i], text[j])) {
				CHECK(0, "%s%s: labels %s and %s overlap", name, g->is_inset ? " (inset)" : "",
				      g->place[i].code, g->place[j].code);
				clashes++;
			}
			if (overlaps(text[i], unit_at(g->place[j].x, g->place[j].y))) {
				CHECK(!strict, "%s%s: label %s over a unit in %s", name, g->is_inset ? " (inset)" : "",
				      g->place[i].code, g->place[j].code);
				hidden++;
			}
		}
	}
	for (int i = 0; i < g->nplaces; i++) {
		if (g->place[i].off)
			continue;
		/* a scene with a unit dislodged from place i, and none else */
		static struct pic_scene one;
		static struct pic_layout lone;
		one = s;
		pic_scene_unit(&one, i, 0, PIC_ARMY, 1);
		pic_layout(g, w, nw, &one, &lone);
		struct box d = unit_at(g->place[i].x + lone.dx[i], g->place[i].y + lone.dy[i]);
		for (int j = 0; j < g->nplaces; j++)
			if (!g->place[j].off && g->place[j].kind != PIC_SPOT && overlaps(d, text[j])) {
				CHECK(!strict, "%s%s: a dislodged unit of %s over the label %s", name,
				      g->is_inset ? " (inset)" : "", g->place[i].code, g->place[j].code);
				covered++;
			}
	}
	int naive = over_units(g, below);
	printf("%s%s%s: %d places, %d labels overlapping, %d over units (%d if all below), %d under"
	       " dislodged units\n", name, g->is_inset ? " (inset)" : "", marks ? ", every mark" : "",
	       g->nplaces, clashes, hidden, naive, covered);
	CHECK(hidden * 2 < naive || hidden == 0, "%s: %d labels over units, %d if all were below", name,
	      hidden, naive);
	if (g->inset)
		check_geo(name, g->inset, cr, marks);
}

int main(void)
{
	static const char *const names[] = { "classical", "standard", "diceless", "peloponnesian", "antike" };
	cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 4, 4);
	cairo_t *cr = cairo_create(surface);

	for (size_t k = 0; k < sizeof names / sizeof *names; k++) {
		const struct variant *v = variant_find(names[k], NULL);
		if (!v || variant_geo(v) || !v->geo) {
			CHECK(0, "%s: no variant or geography (%s)", names[k], fail_text());
			continue;
		}
		pic_geo_prepare(v->geo);
		check_geo(names[k], v->geo, cr, 0);
		check_geo(names[k], v->geo, cr, 1);
	}
	cairo_destroy(cr);
	cairo_surface_destroy(surface);
	return check_done("layout_test");
}
