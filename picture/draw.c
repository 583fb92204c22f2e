/*
 * draw.c - drawing a scene on a geography with cairo (pic.h): the
 * regions shaded by owner, the coast, supply centres, orders as arrows,
 * units, marks of what happened (battles, sieges ...), labels, the phase
 * as the title and a legend.
 *
 * One look for every variant.  The regions are filled from the
 * geography's region raster, a run of one region or edge at a time (it
 * is faster than tracing outlines and exact by construction; the runs
 * are found once per geography, as only the owners' colours change from
 * one picture to the next); everything else is cairo paths.  Text is DejaVu
 * Sans (the Debian package fonts-dejavu-core), chosen by name through
 * cairo's fontconfig.  A geography with an inset gets a second panel, the
 * crowded corner enlarged, between the map and the legend: the same
 * scene drawn on the inset's projection, so that units, orders and
 * notes too close together on the map can be read there.
 */
#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <cairo.h>
#include <cairo-svg.h>

#include "base/error.h"
#include "picture/pic.h"

#define TOP 46                  /* the title band */
#define BAND 30                 /* the band naming the inset */
#define KEY_ROW 26              /* a legend row */
#define UNIT_R 8.0              /* a unit symbol's half size (PIC_UNIT_STEP) */
#define ARROW_SIDE 4.5          /* a route drawn beside its reverse: its shift
                                   right, the two shafts (3.2 px, outlined)
                                   clear of each other */
#define FONT PIC_FONT
#define TINT 0.62               /* a region held: this much of its power's colour, the rest white */
#define LIGHT 0.30              /* a region held lightly (PIC_SHADE_LIGHT) */

/* Base colours, 0xRRGGBB. */
enum {
	C_SEA = 0xCFE3EE, C_SEA_EDGE = 0xA3BFD2, C_LAND = 0xF3ECD8, C_VOID = 0xDCD6C8,
	C_LAND_EDGE = 0x8C806A, C_COAST = 0x4A5D6E, C_TEXT = PIC_TEXT_RGB
};

struct rgb {
	double r, g, b;
};

static struct rgb hex(unsigned v)
{
	return (struct rgb){ ((v >> 16) & 255) / 255.0, ((v >> 8) & 255) / 255.0, (v & 255) / 255.0 };
}

static struct rgb power_rgb(const struct pic_scene *s, int power)
{
	double c[3];
	pic_palette_rgb(s->power[power].colour, c);
	return (struct rgb){ c[0], c[1], c[2] };
}

/* a mixed with b: t of a. */
static struct rgb mix(struct rgb a, struct rgb b, double t)
{
	return (struct rgb){ a.r * t + b.r * (1 - t), a.g * t + b.g * (1 - t), a.b * t + b.b * (1 - t) };
}

static uint32_t pixel(struct rgb c)
{
	return 0xFF000000u | (uint32_t)lround(c.r * 255) << 16 | (uint32_t)lround(c.g * 255) << 8 |
	       (uint32_t)lround(c.b * 255);
}

static void set(cairo_t *cr, struct rgb c)
{
	cairo_set_source_rgb(cr, c.r, c.g, c.b);
}

/* The pixel colours of a scene: the bases, and each power's tints. */
struct shades {
	uint32_t sea, land, none, land_edge, sea_edge;
	uint32_t tint[PIC_MAX_POWERS], light[PIC_MAX_POWERS];
};

/* The colour of pixel x, y of region r (land or sea) in scene s. */
static uint32_t region_pixel(const struct pic_scene *s, const struct shades *c, int r, int sea,
                             int x, int y)
{
	if (r < 0)
		return sea ? c->sea : c->none;
	int o = s->owner[r];
	if (o < 0)
		return sea ? c->sea : c->land;
	switch (s->shade[r]) {
	case PIC_SHADE_LIGHT:
		return c->light[o];
	case PIC_SHADE_HATCH:
		return ((x + y) / 5) % 2 ? c->tint[o] : c->land;
	case PIC_SHADE_REBEL:
		return ((x + y) / 5) % 2 && ((x - y + 4000) / 5) % 2 ? c->tint[o] : c->land;
	default:
		return c->tint[o];
	}
}

/* The regions, a run of the geography's raster at a time (pic.h), with
 * a darker line where two meet, into the rows of surf from y0 down.  An
 * inside run of one colour is a fill; only hatching asks pixel by pixel. */
static void paint_regions(cairo_surface_t *surf, const struct pic_geo *g,
                          const struct pic_scene *s, int y0)
{
	struct shades c = {
		pixel(hex(C_SEA)), pixel(hex(C_LAND)), pixel(hex(C_VOID)),
		pixel(hex(C_LAND_EDGE)), pixel(hex(C_SEA_EDGE)), { 0 }, { 0 },
	};
	unsigned char *data = cairo_image_surface_get_data(surf);
	int stride = cairo_image_surface_get_stride(surf);

	for (int p = 0; p < s->npowers; p++) {
		c.tint[p] = pixel(mix(power_rgb(s, p), hex(0xFFFFFF), TINT));
		c.light[p] = pixel(mix(power_rgb(s, p), hex(0xFFFFFF), LIGHT));
	}
	cairo_surface_flush(surf);
	for (int k = 0; k < g->nruns; k++) {
		const struct pic_run *run = &g->run[k];
		uint32_t *px = (uint32_t *)(data + (size_t)(run->y + y0) * (size_t)stride) + run->x;
		int r = run->region, shade = r >= 0 && s->owner[r] >= 0 ? s->shade[r] : PIC_SHADE_NONE;
		if (run->kind != PIC_RUN_INSIDE) {
			uint32_t v = run->kind == PIC_RUN_SEA_EDGE ? c.sea_edge : c.land_edge;
			for (int i = 0; i < run->len; i++)
				px[i] = v;
		} else if (shade == PIC_SHADE_HATCH || shade == PIC_SHADE_REBEL) {
			for (int i = 0; i < run->len; i++)
				px[i] = region_pixel(s, &c, r, run->sea, run->x + i, run->y);
		} else {
			uint32_t v = region_pixel(s, &c, r, run->sea, run->x, run->y);
			for (int i = 0; i < run->len; i++)
				px[i] = v;
		}
	}
	cairo_surface_mark_dirty(surf);
}

void pic_coast_path(cairo_t *cr, const struct pic_geo *g)
{
	for (int r = 0; r < g->nrings; r++) {
		cairo_new_sub_path(cr);
		for (int i = g->ring_start[r]; i < g->ring_start[r + 1]; i++)
			cairo_line_to(cr, g->pt[2 * i], g->pt[2 * i + 1]);
		cairo_close_path(cr);
	}
	cairo_set_line_width(cr, 1.1);
}

/* The coast: on an image, the stroke made once (pic_geo_prepare) laid
 * over the regions through its coverage; in SVG, a path, as a reader's
 * program scales it. */
static void coast(cairo_t *cr, const struct pic_geo *g)
{
	cairo_save(cr);
	set(cr, hex(C_COAST));
	if (cairo_surface_get_type(cairo_get_target(cr)) == CAIRO_SURFACE_TYPE_IMAGE) {
		cairo_surface_t *m = cairo_image_surface_create_for_data(g->coast, CAIRO_FORMAT_A8, g->width,
		                                                         g->height, g->coast_stride);
		cairo_mask_surface(cr, m, 0, 0);
		cairo_surface_destroy(m);
	} else {
		pic_coast_path(cr, g);
		cairo_stroke(cr);
	}
	cairo_restore(cr);
}

/* Where a place's unit stands, and its label below it (in the panel's
 * own pixels: each map panel is drawn with its top left at 0, 0). */
static void place_xy(const struct pic_geo *g, int place, double *x, double *y)
{
	*x = g->place[place].x;
	*y = g->place[place].y;
}

static void centre_mark(cairo_t *cr, const struct pic_scene *s, int owner, double x, double y)
{
	cairo_arc(cr, x, y, 3.8, 0, 2 * M_PI);
	if (owner >= 0)
		set(cr, power_rgb(s, owner));
	else
		cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_fill_preserve(cr);
	set(cr, hex(C_TEXT));
	cairo_set_line_width(cr, 1.3);
	cairo_stroke(cr);
	cairo_arc(cr, x, y, 1.3, 0, 2 * M_PI);
	cairo_fill(cr);
}

/* A unit symbol centred on x, y: an army a disc, a fleet a hull with a
 * mast, each marked with its letter so that colour is never the only
 * clue. */
static void unit_glyph(cairo_t *cr, struct rgb colour, int glyph, double x, double y,
                       int dislodged)
{
	cairo_save(cr);
	if (glyph == PIC_FLEET) {
		cairo_move_to(cr, x - UNIT_R - 3, y - 4);
		cairo_line_to(cr, x + UNIT_R + 3, y - 4);
		cairo_line_to(cr, x + UNIT_R - 2, y + UNIT_R - 1);
		cairo_line_to(cr, x - UNIT_R + 2, y + UNIT_R - 1);
		cairo_close_path(cr);
		cairo_move_to(cr, x - 1.2, y - 4);
		cairo_line_to(cr, x - 1.2, y - UNIT_R - 4);
		cairo_line_to(cr, x + 6, y - 6);
		cairo_line_to(cr, x + 1.2, y - 6);
		cairo_line_to(cr, x + 1.2, y - 4);
	} else {
		cairo_arc(cr, x, y, UNIT_R, 0, 2 * M_PI);
	}
	set(cr, colour);
	cairo_fill_preserve(cr);
	cairo_set_line_width(cr, dislodged ? 2.5 : 1.4);
	if (dislodged)
		cairo_set_source_rgb(cr, 0.8, 0, 0);
	else
		set(cr, hex(C_TEXT));
	cairo_stroke(cr);
	/* the letter, dark or light as the colour needs */
	double lum = 0.299 * colour.r + 0.587 * colour.g + 0.114 * colour.b;
	cairo_text_extents_t e;
	const char *letter = glyph == PIC_FLEET ? "F" : "A";
	cairo_select_font_face(cr, FONT, CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
	cairo_set_font_size(cr, 11);
	cairo_text_extents(cr, letter, &e);
	cairo_move_to(cr, x - e.width / 2 - e.x_bearing, y + (glyph == PIC_FLEET ? 6.5 : 4));
	if (lum > 0.5)
		cairo_set_source_rgb(cr, 0, 0, 0);
	else
		cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_show_text(cr, letter);
	cairo_new_path(cr);
	cairo_restore(cr);
}

/* Where a dislodged unit is drawn: beside the unit that took its place,
 * on the side the layout found free (layout.c). */
static void dislodged_xy(const struct pic_layout *l, int place, double *x, double *y)
{
	*x += l->dx[place];
	*y += l->dy[place];
}

/* Units that stand at one place side by side, centred on its point: a
 * game that stacks several nations' units in a province (Antike) would
 * otherwise draw them on one another, and only the last would show.
 * Unit i's offset is its rank among the place's standing units; a
 * dislodged unit is drawn beside them (dislodged_xy) and not counted.
 * The scene lists a few dozen units, so a count over it for each is
 * cheaper than any index. */
static double beside(const struct pic_scene *s, int i)
{
	int rank = 0, count = 0;

	for (int k = 0; k < s->nunits; k++)
		if (s->unit[k].place == s->unit[i].place && !s->unit[k].dislodged) {
			rank += k < i;
			count++;
		}
	return count > 1 ? (rank - (count - 1) / 2.0) * PIC_UNIT_STEP : 0;
}

/* Shorten the segment x0,y0 -> x1,y1 by a at the start and b at the end. */
static void trim(double *x0, double *y0, double *x1, double *y1, double a, double b)
{
	double dx = *x1 - *x0, dy = *y1 - *y0, len = hypot(dx, dy);
	if (len < a + b + 1)
		return;
	*x0 += dx / len * a;
	*y0 += dy / len * a;
	*x1 -= dx / len * b;
	*y1 -= dy / len * b;
}

static void head(cairo_t *cr, double x0, double y0, double x1, double y1, double size)
{
	double ang = atan2(y1 - y0, x1 - x0);
	cairo_move_to(cr, x1, y1);
	cairo_line_to(cr, x1 - size * cos(ang - 0.45), y1 - size * sin(ang - 0.45));
	cairo_line_to(cr, x1 - size * cos(ang + 0.45), y1 - size * sin(ang + 0.45));
	cairo_close_path(cr);
}

/* A cross on x, y: what failed. */
static void cross(cairo_t *cr, double x, double y)
{
	for (int pass = 0; pass < 2; pass++) {
		cairo_move_to(cr, x - 5, y - 5);
		cairo_line_to(cr, x + 5, y + 5);
		cairo_move_to(cr, x + 5, y - 5);
		cairo_line_to(cr, x - 5, y + 5);
		if (pass)
			cairo_set_source_rgb(cr, 0.8, 0, 0);
		else
			cairo_set_source_rgb(cr, 1, 1, 1);
		cairo_set_line_width(cr, pass ? 2.2 : 4.5);
		cairo_stroke(cr);
	}
}

/* The mark of an event centred on x, y (enum pic_mark_kind), each a
 * shape no unit has, so that a mark is never read as a force: a battle a
 * star, a siege a tower, ravaging a flame, an interception a shield; in
 * colour, grey for no power; crossed as a failed order is when it came
 * to nothing. */
static void mark_glyph(cairo_t *cr, struct rgb colour, int kind, int failed, double x, double y)
{
	static const double tower[][2] = {
		{ -6, 7 }, { -6, -8 }, { -3, -8 }, { -3, -5 }, { -1, -5 }, { -1, -8 }, { 1, -8 },
		{ 1, -5 }, { 3, -5 }, { 3, -8 }, { 6, -8 }, { 6, 7 },
	};
	/* a flame's outline: curves from its tip round its foot, x y each */
	static const double flame[][6] = {
		{ 3, -5, 7, -3, 6.5, 3 }, { 6, 7, 2.5, 8.5, 0, 8.5 }, { -2.5, 8.5, -6.5, 7, -6.5, 2 },
		{ -6.5, -1.5, -5.5, -4, -5, -7.5 }, { -3.5, -5, -2.5, -3.5, -1.5, -3 },
		{ -1, -6, 0, -8, 2, -10.5 },
	};
	cairo_save(cr);
	switch (kind) {
	case PIC_MARK_BATTLE:
		for (int k = 0; k < 16; k++) {
			double r = k % 2 ? 4.2 : 9.5, a = M_PI * k / 8 - M_PI / 2;
			cairo_line_to(cr, x + r * cos(a), y + r * sin(a));
		}
		break;
	case PIC_MARK_SIEGE:
		for (size_t k = 0; k < sizeof tower / sizeof tower[0]; k++)
			cairo_line_to(cr, x + tower[k][0], y + tower[k][1]);
		break;
	case PIC_MARK_RAVAGE:
		cairo_move_to(cr, x + 2, y - 10.5);
		for (size_t k = 0; k < sizeof flame / sizeof flame[0]; k++)
			cairo_curve_to(cr, x + flame[k][0], y + flame[k][1], x + flame[k][2], y + flame[k][3],
			               x + flame[k][4], y + flame[k][5]);
		break;
	default:
		cairo_move_to(cr, x - 6.5, y - 7);
		cairo_line_to(cr, x + 6.5, y - 7);
		cairo_line_to(cr, x + 6.5, y);
		cairo_curve_to(cr, x + 6.5, y + 4, x + 3, y + 7, x, y + 8.5);
		cairo_curve_to(cr, x - 3, y + 7, x - 6.5, y + 4, x - 6.5, y);
		break;
	}
	cairo_close_path(cr);
	set(cr, colour);
	cairo_fill_preserve(cr);
	set(cr, hex(C_TEXT));
	cairo_set_line_width(cr, 1.3);
	cairo_stroke(cr);
	cairo_restore(cr);
	/* beside its lower right, so that the mark stays recognisable */
	if (failed)
		cross(cr, x + 5, y + 5);
}

/* A line x0,y0 -> x1,y1 in colour with a dark outline: solid, or dashed
 * when dash > 0; with an arrowhead when arrow. */
static void line(cairo_t *cr, struct rgb colour, double w, double dash, int arrow,
                 double x0, double y0, double x1, double y1)
{
	double d[2] = { dash, dash * 0.7 };
	double ex = x1, ey = y1;
	if (arrow)
		trim(&x0, &y0, &ex, &ey, 0, w * 2.5);
	for (int pass = 0; pass < 2; pass++) {
		cairo_set_dash(cr, d, dash > 0 ? 2 : 0, 0);
		cairo_move_to(cr, x0, y0);
		cairo_line_to(cr, ex, ey);
		cairo_set_line_width(cr, pass ? w : w + 2);
		cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
		if (pass)
			set(cr, colour);
		else
			cairo_set_source_rgba(cr, 0.1, 0.1, 0.1, 0.8);
		cairo_stroke(cr);
		cairo_set_dash(cr, d, 0, 0);
		if (arrow) {
			head(cr, x0, y0, x1, y1, w * 3.6);
			if (pass)
				set(cr, colour);
			else
				cairo_set_source_rgba(cr, 0.1, 0.1, 0.1, 0.8);
			if (pass)
				cairo_fill(cr);
			else {
				cairo_set_line_width(cr, 2);
				cairo_stroke(cr);
			}
		}
	}
}

/* Whether a route the other way along a's edge is drawn too (a march
 * from Megara to Athens and one from Athens to Megara): then each keeps
 * to its right, or the later would hide the earlier. */
static int reverse_drawn(const struct pic_scene *s, const struct pic_arrow *a)
{
	for (int i = 0; i < s->narrows; i++) {
		const struct pic_arrow *o = &s->arrow[i];
		if ((o->kind == PIC_MOVE || o->kind == PIC_RETREAT) && o->from == a->to && o->to == a->from)
			return 1;
	}
	return 0;
}

/* Move the line x0,y0 -> x1,y1 by side pixels to its right (on the
 * screen, y down), both ends alike. */
static void shift_right(double side, double *x0, double *y0, double *x1, double *y1)
{
	double dx = *x1 - *x0, dy = *y1 - *y0, len = hypot(dx, dy);

	if (len <= 0)
		return;
	*x0 -= dy / len * side, *x1 -= dy / len * side;
	*y0 += dx / len * side, *y1 += dx / len * side;
}

/* The arrow a; side: how far to its right (pixels) a move or retreat is
 * drawn, when the reverse route is drawn too (0: on the line between the
 * places). */
static void arrow(cairo_t *cr, const struct pic_geo *g, const struct pic_layout *l,
                  const struct pic_scene *s, const struct pic_arrow *a, double side)
{
	struct rgb c = power_rgb(s, a->power);
	double x0, y0, x1, y1, mx, my;
	double dash = a->failed ? 7 : 0;

	for (int k = 0; k < 4; k++) {
		int pl = k == 0 ? a->from : k == 1 ? a->to : k == 2 ? a->a : a->b;
		if (pl >= 0 && g->place[pl].off)
			return;     /* an end off the map */
	}

	if (a->from >= 0)
		place_xy(g, a->from, &x0, &y0);
	switch (a->kind) {
	case PIC_MOVE:
	case PIC_RETREAT:
	case PIC_OPTION:
		place_xy(g, a->to, &x1, &y1);
		/* an option starts at the dislodged unit, drawn beside the
		 * province; a retreat made starts at the province it left */
		if (a->kind == PIC_OPTION)
			dislodged_xy(l, a->from, &x0, &y0);
		trim(&x0, &y0, &x1, &y1, UNIT_R + 2, UNIT_R - 2);
		if (a->kind != PIC_OPTION && reverse_drawn(s, a))
			shift_right(side, &x0, &y0, &x1, &y1);
		if (a->kind == PIC_OPTION)
			line(cr, c, 1.6, 3, 1, x0, y0, x1, y1);
		else
			line(cr, c, 3.2, dash, 1, x0, y0, x1, y1);
		if (a->failed)
			cross(cr, (x0 + x1) / 2, (y0 + y1) / 2);
		break;
	case PIC_SUPPORT:
	case PIC_CONVOY:
		place_xy(g, a->a, &x1, &y1);
		if (a->b >= 0) {
			place_xy(g, a->b, &mx, &my);
			x1 = (x1 + mx) / 2;
			y1 = (y1 + my) / 2;
		}
		trim(&x0, &y0, &x1, &y1, UNIT_R + 2, a->b >= 0 ? 2 : UNIT_R + 3);
		line(cr, c, 1.8, a->kind == PIC_CONVOY ? 2.5 : 6, 0, x0, y0, x1, y1);
		if (a->kind == PIC_CONVOY) {
			cairo_move_to(cr, x1, y1 - 5);
			cairo_line_to(cr, x1 + 5, y1);
			cairo_line_to(cr, x1, y1 + 5);
			cairo_line_to(cr, x1 - 5, y1);
			cairo_close_path(cr);
		} else {
			cairo_arc(cr, x1, y1, 4, 0, 2 * M_PI);
		}
		set(cr, c);
		cairo_fill_preserve(cr);
		set(cr, hex(C_TEXT));
		cairo_set_line_width(cr, 1);
		cairo_stroke(cr);
		if (a->failed)
			cross(cr, (x0 + x1) / 2, (y0 + y1) / 2);
		break;
	case PIC_BUILD:
		place_xy(g, a->to, &x1, &y1);
		cairo_arc(cr, x1, y1, UNIT_R + 5, 0, 2 * M_PI);
		set(cr, c);
		cairo_set_line_width(cr, 3);
		cairo_stroke(cr);
		break;
	case PIC_REMOVE:
		cross(cr, x0, y0);
		break;
	}
}

static void title(cairo_t *cr, const struct pic_scene *s, int width)
{
	cairo_text_extents_t e;

	cairo_set_source_rgb(cr, 0.16, 0.2, 0.26);
	cairo_rectangle(cr, 0, 0, width, TOP);
	cairo_fill(cr);
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_select_font_face(cr, FONT, CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
	cairo_set_font_size(cr, 22);
	cairo_move_to(cr, 14, 31);
	cairo_show_text(cr, s->title);
	cairo_select_font_face(cr, FONT, CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
	cairo_set_font_size(cr, 16);
	cairo_text_extents(cr, s->subtitle, &e);
	cairo_move_to(cr, width - 14 - e.x_advance, 30);
	cairo_show_text(cr, s->subtitle);
	cairo_new_path(cr);
}

static void key_text(cairo_t *cr, double x, double y, const char *text)
{
	set(cr, hex(C_TEXT));
	cairo_select_font_face(cr, FONT, CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
	cairo_set_font_size(cr, 13);
	cairo_move_to(cr, x, y + 5);
	cairo_show_text(cr, text);
	cairo_new_path(cr);
}

/* The names of the marks in the legend. */
static const char *const mark_name[PIC_MARK_KINDS] = {
	[PIC_MARK_BATTLE] = "battle (the winner's colour)",
	[PIC_MARK_SIEGE] = "siege",
	[PIC_MARK_RAVAGE] = "ravaged",
	[PIC_MARK_INTERCEPT] = "interception",
};

/* The kinds of mark s has (bit per kind), and 1 << PIC_MARK_KINDS if one
 * came to nothing: the legend keys only these, so that a picture without
 * events reads as it did. */
static unsigned marks_used(const struct pic_scene *s)
{
	unsigned used = 0;
	for (int i = 0; i < s->nmarks; i++)
		used |= 1u << s->mark[i].kind | (unsigned)(s->mark[i].failed != 0) << PIC_MARK_KINDS;
	return used;
}

/* 1 if the marks' key needs a row of its own: the symbols' row of a
 * game with Diplomacy's orders is full. */
static int marks_row(const struct pic_scene *s)
{
	return marks_used(s) && s->own_key == PIC_KEY_DIPLOMACY && !s->no_units;
}

/* The legend's height for s. */
static int legend_height(const struct pic_scene *s)
{
	return KEY_ROW * ((s->npowers + 3) / 4 + 1 + marks_row(s) + s->nkeys) + 12;
}

/* The key to the marks s has, from x on the row at y. */
static void marks_key(cairo_t *cr, const struct pic_scene *s, double x, double y, struct rgb grey)
{
	cairo_text_extents_t e;
	unsigned used = marks_used(s);

	cairo_select_font_face(cr, FONT, CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
	cairo_set_font_size(cr, 13);
	for (int k = 0; k <= PIC_MARK_KINDS; k++) {
		const char *name = k < PIC_MARK_KINDS ? mark_name[k] : "came to nothing";
		if (!(used >> k & 1))
			continue;
		if (k < PIC_MARK_KINDS)
			mark_glyph(cr, grey, k, 0, x + 9, y);
		else
			cross(cr, x + 9, y);
		key_text(cr, x + 22, y, name);
		cairo_text_extents(cr, name, &e);
		x += 22 + e.x_advance + 18;
	}
}

/* The start of every legend's row of symbols: army and fleet, then, if
 * centre names it, the centre's mark ("supply centre", "city"). */
static void forces_key(cairo_t *cr, const struct pic_scene *s, double x, double y, struct rgb grey,
                       const char *centre)
{
	unit_glyph(cr, grey, PIC_ARMY, x + 10, y, 0);
	key_text(cr, x + 24, y, "army");
	unit_glyph(cr, grey, PIC_FLEET, x + 84, y, 0);
	key_text(cr, x + 100, y, "fleet");
	if (centre) {
		centre_mark(cr, s, -1, x + 160, y);
		key_text(cr, x + 172, y, centre);
	}
}

static void units_key(cairo_t *cr, const struct pic_scene *s, double x, double y, struct rgb grey);

/* The powers with their colours, four to a row, then the symbols. */
static void legend(cairo_t *cr, const struct pic_scene *s, int y0, int width)
{
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_rectangle(cr, 0, y0, width, legend_height(s));
	cairo_fill(cr);
	for (int p = 0; p < s->npowers; p++) {
		double x = 14 + (p % 4) * 296, y = y0 + 18 + (p / 4) * KEY_ROW;
		char text[80];
		cairo_rectangle(cr, x, y - 8, 26, 16);
		set(cr, mix(power_rgb(s, p), hex(0xFFFFFF), TINT));
		cairo_fill(cr);
		if (!s->no_units)
			unit_glyph(cr, power_rgb(s, p), PIC_ARMY, x + 13, y, 0);
		snprintf(text, sizeof text, "%s%s%s", s->power[p].name, s->power[p].note[0] ? ": " : "",
		         s->power[p].note);
		key_text(cr, x + 34, y, text);
	}
	double y = y0 + 18 + ((s->npowers + 3) / 4) * KEY_ROW, x = 14;
	struct rgb grey = hex(0x9A9A9A);
	if (s->no_units) {
		centre_mark(cr, s, -1, x + 6, y);
		key_text(cr, x + 18, y, "a city or an oracle");
	} else if (s->own_key == PIC_KEY_ROUTES) {
		forces_key(cr, s, x, y, grey, NULL);
		line(cr, grey, 3.2, 0, 1, x + 160, y, x + 200, y);
		key_text(cr, x + 208, y, "route");
		marks_key(cr, s, x + 268, y, grey);
	} else if (s->own_key == PIC_KEY_CITIES) {
		forces_key(cr, s, x, y, grey, "city");
		line(cr, grey, 3.2, 0, 1, x + 220, y, x + 260, y);
		key_text(cr, x + 268, y, "move");
	} else {
		units_key(cr, s, x, y, grey);
		if (marks_row(s))
			marks_key(cr, s, x, y += KEY_ROW, grey);
	}
	for (int k = 0; k < s->nkeys; k++)
		key_text(cr, 14, y + KEY_ROW * (k + 1), s->key[k]);
}

/* The key to the symbols of units and orders, on the row at y. */
static void units_key(cairo_t *cr, const struct pic_scene *s, double x, double y, struct rgb grey)
{
	forces_key(cr, s, x, y, grey, "supply centre");
	line(cr, grey, 3.2, 0, 1, x + 290, y, x + 330, y);
	key_text(cr, x + 338, y, "move");
	line(cr, grey, 3.2, 7, 1, x + 390, y, x + 440, y);
	cross(cr, x + 415, y);
	key_text(cr, x + 448, y, "failed");
	line(cr, grey, 1.8, 6, 0, x + 505, y, x + 545, y);
	key_text(cr, x + 553, y, "support");
	line(cr, grey, 1.8, 2.5, 0, x + 620, y, x + 660, y);
	key_text(cr, x + 668, y, "convoy");
	unit_glyph(cr, grey, PIC_ARMY, x + 740, y, 1);
	line(cr, grey, 1.6, 3, 1, x + 752, y, x + 790, y);
	key_text(cr, x + 798, y, "dislodged, may retreat");
}

/* Whether place i of the whole map g is enlarged in its inset: its note
 * is written there only, where it has room. */
static int in_inset(const struct pic_geo *g, int i)
{
	const struct pic_place *p = g->inset ? &g->inset->place[i] : NULL;
	return p && p->x >= 0 && p->y >= 0 && p->x < g->inset->width && p->y < g->inset->height;
}

/* Lay out g's labels (layout.c): each label's width, as the labels
 * below write it, goes in. */
static void lay_out(cairo_t *cr, const struct pic_geo *g, const struct pic_scene *s,
                    struct pic_layout *l)
{
	float w[PIC_MAX_PLACES], nw[PIC_MAX_PLACES];
	cairo_text_extents_t e;

	cairo_select_font_face(cr, FONT, CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
	cairo_set_font_size(cr, 10);
	for (int i = 0; i < g->nplaces; i++) {
		cairo_text_extents(cr, g->place[i].code, &e);
		w[i] = (float)e.x_advance;
	}
	cairo_select_font_face(cr, FONT, CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
	cairo_set_font_size(cr, 9.5);
	for (int i = 0; i < g->nplaces; i++) {
		nw[i] = 0;
		if (s->note[i][0] && !in_inset(g, i)) {
			cairo_text_extents(cr, s->note[i], &e);
			nw[i] = (float)e.x_advance;
		}
	}
	pic_layout(g, w, nw, s, l);
}

/* The labels, centres and notes of every region, where the layout put
 * them: the note under its label. */
static void labels(cairo_t *cr, const struct pic_geo *g, const struct pic_layout *l,
                   const struct pic_scene *s)
{
	int codes_drawn = pic_labels_cached(cr, g, l);

	for (int i = 0; i < g->nplaces; i++) {
		const struct pic_place *pl = &g->place[i];
		double x = l->lx[i], y = l->ly[i];
		if (pl->kind == PIC_SPOT || pl->off)
			continue;
		cairo_text_extents_t e;
		cairo_select_font_face(cr, FONT, CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
		cairo_set_font_size(cr, 10);
		cairo_text_extents(cr, pl->code, &e);
		if (!codes_drawn)
			pic_label(cr, pl->code, x, y, 10, 1);
		if (s->centre[i])
			centre_mark(cr, s, pl->kind == PIC_LAND ? s->owner[i] : -1,
			            x - e.x_advance / 2 - 6, y - 3.5);
		if (s->note[i][0] && !in_inset(g, i))
			pic_label(cr, s->note[i], x, y + l->note_dy[i], 9.5, 0);
	}
}

/* The places outside the view, in a box in the map's lower left corner:
 * each with its owner's colour, its code and its note. */
static void off_map(cairo_t *cr, const struct pic_geo *g, const struct pic_scene *s)
{
	int n = 0;
	for (int i = 0; i < g->nplaces; i++)
		n += g->place[i].off && g->place[i].kind != PIC_SPOT;
	if (!n)
		return;
	double h = 22 + 16.0 * n, y = g->height - h - 8, x = 8;
	cairo_rectangle(cr, x, y, 190, h);
	cairo_set_source_rgba(cr, 1, 1, 1, 0.9);
	cairo_fill_preserve(cr);
	set(cr, hex(C_COAST));
	cairo_set_line_width(cr, 1);
	cairo_stroke(cr);
	key_text(cr, x + 8, y + 10, "Off this map:");
	for (int i = 0, k = 0; i < g->nplaces; i++) {
		const struct pic_place *pl = &g->place[i];
		char text[48];
		if (!pl->off || pl->kind == PIC_SPOT)
			continue;
		double ry = y + 26 + 16.0 * k++;
		cairo_rectangle(cr, x + 8, ry - 5, 14, 10);
		if (s->owner[i] >= 0)
			set(cr, mix(power_rgb(s, s->owner[i]), hex(0xFFFFFF), s->shade[i] == PIC_SHADE_FULL ? TINT : LIGHT));
		else
			set(cr, hex(C_LAND));
		cairo_fill_preserve(cr);
		set(cr, hex(C_TEXT));
		cairo_stroke(cr);
		snprintf(text, sizeof text, "%s%s %s", pl->code, s->centre[i] ? "*" : "", s->note[i]);
		key_text(cr, x + 28, ry, text);
	}
}

/* A box: x0, y0, x1, y1. */
struct box {
	double x0, y0, x1, y1;
};

static double overlap(struct box a, struct box b)
{
	double w = fmin(a.x1, b.x1) - fmax(a.x0, b.x0), h = fmin(a.y1, b.y1) - fmax(a.y0, b.y0);
	return w > 0 && h > 0 ? w * h : 0;
}

/* The ways a place's column of marks can go from its unit: right or
 * left of it (the caption on the far side), rising or falling; the
 * first that hides the least of the labels, notes and units is used. */
static const struct {
	double dx, dy, step;        /* the first mark from the unit; the next */
	int left;                   /* captions left of the marks */
} mark_ways[] = {
	{ UNIT_R + 8, -UNIT_R - 4, -17, 0 },
	{ -UNIT_R - 8, -UNIT_R - 4, -17, 1 },
	{ UNIT_R + 22, 0, 17, 0 },
	{ -UNIT_R - 22, 0, 17, 1 },
};

/* Mark k's glyph centre and its caption's box, taking way w from x, y
 * as the row-th of the n of its place's column: the first on top, so
 * that a column reads in the order things happened. */
static void mark_at(cairo_t *cr, const struct pic_mark *k, int w, int row, int n, int caption,
                    double x, double y, double *gx, double *gy, struct box *text)
{
	cairo_text_extents_t e = { 0 };

	*gx = x + mark_ways[w].dx;
	*gy = y + mark_ways[w].dy + mark_ways[w].step * (mark_ways[w].step < 0 ? n - 1 - row : row);
	if (caption) {
		cairo_select_font_face(cr, FONT, CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
		cairo_set_font_size(cr, 9.5);
		cairo_text_extents(cr, k->text, &e);
	}
	double x0 = mark_ways[w].left ? *gx - 12 - e.x_advance : *gx + 12;
	*text = (struct box){ x0, *gy - 6, x0 + e.x_advance, *gy + 4 };
}

/* What of the labels, notes and units a column of n marks of place p
 * would hide, taking way w. */
static double mark_cost(cairo_t *cr, const struct pic_geo *g, const struct pic_scene *s, const struct box *labels, int p, int w)
{
	double x, y, cost = 0;
	int row = 0, n = 0;

	place_xy(g, p, &x, &y);
	for (int i = 0; i < s->nmarks; i++)
		n += s->mark[i].place == p;
	for (int i = 0; i < s->nmarks; i++) {
		double gx, gy;
		struct box text;
		if (s->mark[i].place != p)
			continue;
		mark_at(cr, &s->mark[i], w, row++, n, s->mark[i].text[0] != 0, x, y, &gx, &gy, &text);
		struct box glyph = { gx - 10, gy - 10, gx + 10, gy + 10 };
		if (glyph.x0 < 0 || glyph.y0 < 0 || text.x0 < 0 || text.x1 > g->width)
			cost += 1e6;     /* off the panel */
		for (int j = 0; j < g->nplaces; j++)
			cost += 4 * overlap(glyph, labels[j]) + 4 * overlap(text, labels[j]);
		for (int u = 0; u < s->nunits; u++) {
			double ux, uy;
			place_xy(g, s->unit[u].place, &ux, &uy);
			struct box ub = { ux - UNIT_R, uy - UNIT_R, ux + UNIT_R, uy + UNIT_R };
			cost += overlap(glyph, ub) + overlap(text, ub);
		}
	}
	return cost;
}

/* The marks of what happened, each place's in a column beside its unit,
 * on the side where it hides the least of the labels, notes and units,
 * each with its result beside it; a place the inset enlarges has them
 * there only. */
static void marks(cairo_t *cr, const struct pic_geo *g, const struct pic_layout *l,
                  const struct pic_scene *s)
{
	struct box labels[PIC_MAX_PLACES];
	int way[PIC_MAX_PLACES], row[PIC_MAX_PLACES] = { 0 }, n[PIC_MAX_PLACES];

	if (!s->nmarks)
		return;
	/* each label and note as labels() writes it */
	for (int i = 0; i < g->nplaces; i++) {
		cairo_text_extents_t e, n = { 0 };
		const struct pic_place *pl = &g->place[i];
		labels[i] = (struct box){ 0, 0, 0, 0 };
		if (pl->kind == PIC_SPOT || pl->off)
			continue;
		cairo_select_font_face(cr, FONT, CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
		cairo_set_font_size(cr, 10);
		cairo_text_extents(cr, pl->code, &e);
		if (s->note[i][0] && !in_inset(g, i)) {
			cairo_select_font_face(cr, FONT, CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
			cairo_set_font_size(cr, 9.5);
			cairo_text_extents(cr, s->note[i], &n);
		}
		double w = fmax(e.x_advance + (s->centre[i] ? 16 : 0), n.x_advance) / 2;
		double y1 = l->ly[i] + (n.x_advance > 0 ? l->note_dy[i] : 0) + 3;
		labels[i] = (struct box){ l->lx[i] - w, l->ly[i] - 10, l->lx[i] + w, y1 };
	}
	for (int i = 0; i < s->nmarks; i++) {
		int p = s->mark[i].place;
		if (row[p]++)
			continue;
		n[p] = 0;
		for (int j = i; j < s->nmarks; j++)
			n[p] += s->mark[j].place == p;
		way[p] = 0;
		for (int w = 1; w < (int)(sizeof mark_ways / sizeof mark_ways[0]); w++)
			if (mark_cost(cr, g, s, labels, p, w) < mark_cost(cr, g, s, labels, p, way[p]))
				way[p] = w;
	}
	memset(row, 0, sizeof row);
	for (int i = 0; i < s->nmarks; i++) {
		const struct pic_mark *k = &s->mark[i];
		int caption = k->text[0] != 0;
		double x, y, gx, gy;
		struct box text;
		/* an enlarged place's marks are drawn on the inset only, where
		 * there is room for them and their results */
		if (g->place[k->place].off || in_inset(g, k->place))
			continue;
		place_xy(g, k->place, &x, &y);
		mark_at(cr, k, way[k->place], row[k->place]++, n[k->place], caption, x, y, &gx, &gy, &text);
		mark_glyph(cr, k->power >= 0 ? power_rgb(s, k->power) : hex(0x9A9A9A), k->kind,
		           k->failed, gx, gy);
		if (caption)
			pic_label(cr, k->text, (text.x0 + text.x1) / 2, gy + 3.5, 9.5, 1);
	}
}

/* One map panel, its top left at 0, 0 and nothing drawn outside it: the
 * coast, the orders, the units and the labels (and, on the whole map, the
 * places off it). */
static void panel(cairo_t *cr, const struct pic_geo *g, const struct pic_scene *s)
{
	struct pic_layout lay;

	lay_out(cr, g, s, &lay);
	cairo_save(cr);
	cairo_rectangle(cr, 0, 0, g->width, g->height);
	cairo_clip(cr);
	coast(cr, g);
	for (int i = 0; i < s->narrows; i++)
		if (s->arrow[i].kind != PIC_SUPPORT && s->arrow[i].kind != PIC_CONVOY)
			arrow(cr, g, &lay, s, &s->arrow[i], ARROW_SIDE);
	for (int i = 0; i < s->nunits; i++) {
		const struct pic_unit *u = &s->unit[i];
		double x, y;
		if (g->place[u->place].off)
			continue;
		place_xy(g, u->place, &x, &y);
		if (u->dislodged) {
			/* tied by a red line to the province it must leave */
			double x1 = x, y1 = y;
			dislodged_xy(&lay, u->place, &x1, &y1);
			cairo_move_to(cr, x, y);
			cairo_line_to(cr, x1, y1);
			cairo_set_source_rgb(cr, 0.8, 0, 0);
			cairo_set_line_width(cr, 2);
			cairo_stroke(cr);
			x = x1;
			y = y1;
		} else {
			x += beside(s, i);
		}
		unit_glyph(cr, power_rgb(s, u->power), u->glyph, x, y, u->dislodged);
	}
	marks(cr, g, &lay, s);
	/* supports and convoys over the units they point at */
	for (int i = 0; i < s->narrows; i++)
		if (s->arrow[i].kind == PIC_SUPPORT || s->arrow[i].kind == PIC_CONVOY)
			arrow(cr, g, &lay, s, &s->arrow[i], ARROW_SIDE);
	/* the labels last, so that no arrow hides one */
	labels(cr, g, &lay, s);
	if (!g->is_inset)
		off_map(cr, g, s);
	cairo_restore(cr);
}

/* On the whole map g, the frame of the part its inset enlarges. */
static void inset_frame(cairo_t *cr, const struct pic_geo *g)
{
	const struct pic_geo *in = g->inset;
	static const double dash[2] = { 6, 4 };
	float x0, y0, x1, y1;

	pic_geo_project(g, in->lon0, in->lat1, &x0, &y0);
	pic_geo_project(g, in->lon1, in->lat0, &x1, &y1);
	cairo_save(cr);
	cairo_rectangle(cr, x0, y0, x1 - x0, y1 - y0);
	cairo_set_dash(cr, dash, 2, 0);
	cairo_set_line_width(cr, 1.6);
	set(cr, hex(C_TEXT));
	cairo_stroke(cr);
	cairo_restore(cr);
	/* beside the frame's lower right corner, where it hides no label */
	cairo_text_extents_t e;
	cairo_select_font_face(cr, FONT, CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
	cairo_set_font_size(cr, 10);
	cairo_text_extents(cr, "enlarged below", &e);
	pic_label(cr, "enlarged below", x1 + 6 + e.x_advance / 2, y1 - 4, 10, 1);
}

/* The band above the inset, at y: what it shows. */
static void inset_band(cairo_t *cr, const struct pic_geo *g, double y)
{
	char text[120];

	cairo_set_source_rgb(cr, 0.16, 0.2, 0.26);
	cairo_rectangle(cr, 0, y, g->width, BAND);
	cairo_fill(cr);
	snprintf(text, sizeof text, "Enlarged: %s", g->inset_name);
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_select_font_face(cr, FONT, CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
	cairo_set_font_size(cr, 15);
	cairo_move_to(cr, 14, y + BAND - 9);
	cairo_show_text(cr, text);
	cairo_new_path(cr);
}

/* The inset's height below the map, its band included (0: none). */
static int inset_height(const struct pic_geo *g)
{
	return g->inset ? BAND + g->inset->height : 0;
}

/* The colours the drawing sets besides the bases and the powers': white
 * (halos, the legend), the title bands (0.16, 0.2, 0.26 as cairo rounds
 * it), the failed order's and the dislodged unit's red, the letter on a
 * light unit, the grey of no power. */
static const uint32_t drawn_rgb[] = {
	C_SEA, C_SEA_EDGE, C_LAND, C_VOID, C_LAND_EDGE, C_COAST, C_TEXT,
	0xFFFFFF, 0x283342, 0xCC0000, 0x000000, 0x9A9A9A,
};

/* Every colour scene s is drawn with on g, into keep: the PNG's palette
 * holds these exactly (png.c).  A power's light shade only if a place of
 * its is shaded other than fully (lightly, or off the map): else a blend
 * that happens to come near it would take an entry.  Returns how many. */
static int kept_colours(const struct pic_geo *g, const struct pic_scene *s, uint32_t *keep)
{
	int n = 0, light[PIC_MAX_POWERS] = { 0 };

	for (size_t i = 0; i < sizeof drawn_rgb / sizeof drawn_rgb[0]; i++)
		keep[n++] = drawn_rgb[i];
	for (int i = 0; i < g->nplaces; i++)
		if (s->owner[i] >= 0 && s->shade[i] != PIC_SHADE_FULL)
			light[s->owner[i]] = 1;
	for (int p = 0; p < s->npowers; p++) {
		keep[n++] = pixel(power_rgb(s, p)) & 0xFFFFFF;
		keep[n++] = pixel(mix(power_rgb(s, p), hex(0xFFFFFF), TINT)) & 0xFFFFFF;
		if (light[p])
			keep[n++] = pixel(mix(power_rgb(s, p), hex(0xFFFFFF), LIGHT)) & 0xFFFFFF;
	}
	return n;
}

static void draw(cairo_t *cr, const struct pic_geo *g, const struct pic_scene *s)
{
	cairo_save(cr);
	cairo_translate(cr, 0, TOP);
	panel(cr, g, s);
	if (g->inset)
		inset_frame(cr, g);
	cairo_restore(cr);
	if (g->inset) {
		inset_band(cr, g, TOP + g->height);
		cairo_save(cr);
		cairo_translate(cr, 0, TOP + g->height + BAND);
		panel(cr, g->inset, s);
		cairo_restore(cr);
	}
	title(cr, s, g->width);
	legend(cr, s, TOP + g->height + inset_height(g), g->width);
}

static cairo_status_t to_strbuf(void *closure, const unsigned char *data, unsigned int len)
{
	strbuf_add(closure, (const char *)data, len);
	return CAIRO_STATUS_SUCCESS;
}

int pic_draw(const struct pic_geo *g, const struct pic_scene *s, int format, struct strbuf *out)
{
	int h = TOP + g->height + inset_height(g) + legend_height(s);
	cairo_surface_t *img = cairo_image_surface_create(CAIRO_FORMAT_RGB24, g->width, h);
	cairo_status_t st;
	cairo_t *cr;

	assert(g->region != NULL && (format == PIC_PNG || format == PIC_SVG));
	/* an image cairo cannot make (no memory) comes back as an error
	 * surface without pixels, which paint_regions would write through */
	if ((st = cairo_surface_status(img)) != CAIRO_STATUS_SUCCESS) {
		cairo_surface_destroy(img);
		return fail("cannot draw the map: %s", cairo_status_to_string(st));
	}
	paint_regions(img, g, s, TOP);
	if (g->inset)
		paint_regions(img, g->inset, s, TOP + g->height + BAND);
	if (format == PIC_SVG) {
		cairo_surface_t *svg = cairo_svg_surface_create_for_stream(to_strbuf, out, g->width, h);
		cr = cairo_create(svg);
		cairo_set_source_surface(cr, img, 0, 0);
		cairo_rectangle(cr, 0, TOP, g->width, g->height + inset_height(g));
		cairo_fill(cr);
		draw(cr, g, s);
		st = cairo_status(cr);
		cairo_destroy(cr);
		cairo_surface_finish(svg);
		cairo_surface_destroy(svg);
	} else {
		cr = cairo_create(img);
		draw(cr, g, s);
		st = cairo_status(cr);
		cairo_destroy(cr);
		cairo_surface_flush(img);
	}
	int rc = st == CAIRO_STATUS_SUCCESS ? 0 : fail("cannot draw the map: %s", cairo_status_to_string(st));
	if (!rc && format == PIC_PNG) {
		uint32_t keep[sizeof drawn_rgb / sizeof drawn_rgb[0] + 3 * PIC_MAX_POWERS];
		int nkeep = kept_colours(g, s, keep);
		rc = pic_png_write(cairo_image_surface_get_data(img), g->width, h,
		                   cairo_image_surface_get_stride(img), keep, nkeep, out);
	}
	cairo_surface_destroy(img);
	return rc;
}
