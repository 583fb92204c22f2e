/*
 * pic.h - map pictures: a variant's geography (struct pic_geo), what one
 * picture shows (struct pic_scene), and the drawing of a scene on the
 * geography to PNG or SVG with cairo.
 *
 * Owns the picture's model, shared by every rules family: a family says
 * what is where (variants/<family>_picture.c fills a scene) and this
 * module alone decides how it looks, so that every variant's pictures
 * read alike.  Everything here is pure and deterministic: the same
 * geography and scene give the same bytes (with the same cairo and
 * fonts).  Reading geo.txt is the variants' business
 * (variants/pic_geo_load.c); this module does no I/O.
 */
#ifndef PIC_H
#define PIC_H

#include <stdint.h>

#include "base/error.h"
#include "base/strbuf.h"

#define PIC_MAX_PLACES 256
#define PIC_MAX_SEEDS 512
#define PIC_MAX_POWERS 16
#define PIC_MAX_UNITS 128
#define PIC_MAX_ARROWS 192
#define PIC_MAX_MARKS 64
#define PIC_WIDTH 1200          /* the picture's width in pixels */

/* What a place of the geography is. */
enum pic_kind {
	PIC_LAND,                   /* a region of land (a province, a space) */
	PIC_SEA,                    /* a region of sea */
	PIC_SPOT                    /* a position only (a coast of a province):
	                               no region of its own */
};

struct pic_place {
	char code[12];              /* the variant's code: "stp", "stp/nc" */
	int8_t kind;                /* enum pic_kind */
	int16_t region;             /* PIC_SPOT: the place whose region it is in
	                               (stp for stp/nc); else itself */
	float x, y;                 /* position in the map's pixels */
	int8_t off;                 /* 1: outside the view: no region, listed
	                               in a box in the map's corner instead */
};

/* A point drawing a place's region: the region is every pixel of the
 * place's kind (land or sea) nearer to one of its seeds than to any other
 * seed of that kind (place -1: a seed of no region, for land or sea the
 * board leaves out). */
struct pic_seed {
	int16_t place;
	int8_t sea;
	float x, y;
};

/* A run of pixels of one row of the region raster (pic_geo_prepare). */
enum pic_run_kind {
	PIC_RUN_INSIDE,             /* inside region (or -1: in none) */
	PIC_RUN_LAND_EDGE,          /* where two land regions meet */
	PIC_RUN_SEA_EDGE            /* where two sea regions meet */
};

struct pic_run {
	uint16_t x, y, len;
	int16_t region;             /* place index, or -1 */
	uint8_t kind;               /* enum pic_run_kind */
	uint8_t sea;                /* 1: sea pixels */
};

struct pic_geo {
	double lon0, lon1, lat0, lat1;  /* the view */
	double kx;                  /* cos of the view's middle latitude */
	double scale;               /* pixels per degree of latitude */
	int width, height;          /* the map's pixels */
	double reach;               /* pixels: land or sea farther than this
	                               from every seed is in no region */
	int nplaces;
	struct pic_place place[PIC_MAX_PLACES];
	int nseeds;
	struct pic_seed seed[PIC_MAX_SEEDS];
	int ncolours;               /* colour records: power letter[i] is */
	char letter[PIC_MAX_POWERS];        /* drawn in palette entry colour[i] */
	int8_t colour[PIC_MAX_POWERS];
	int nrings;
	int *ring_start;            /* ring i: points ring_start[i] ..
	                               ring_start[i + 1] - 1 */
	float *pt;                  /* x, y pairs in the map's pixels */
	int npts, ptcap;
	/* built by pic_geo_prepare */
	uint8_t *land;              /* width x height: 1 land, 0 sea */
	int16_t *region;            /* width x height: place index, or -1 */
	/* The raster again as runs along its rows, row by row, each run one
	 * region's inside or one edge between regions, so that a picture
	 * paints a run at a time instead of asking every pixel's
	 * neighbours each time: the same pixels, found once. */
	struct pic_run *run;
	int nruns;
	/* The coastline's stroke as coverage, one byte a pixel (cairo's A8
	 * layout, coast_stride bytes a row): the same in every picture, so
	 * it is stroked once and laid over each picture's regions in the
	 * coast's colour, which costs a fifth of stroking it anew. */
	uint8_t *coast;
	int coast_stride;
	/* An enlargement of a crowded corner, drawn below the map: the same
	 * places in the same order (so a scene's place indices serve both),
	 * projected on a smaller view, or NULL. */
	struct pic_geo *inset;
	char inset_name[80];        /* what it shows: "Attica and Boeotia" */
	int is_inset;               /* 1: this is one.  Places outside its view
	                               keep their positions (arrows to them are
	                               cut at the edge) and are never listed
	                               beside it */
};

/* Set the view (degrees; lon0 < lon1, lat0 < lat1) and so the projection:
 * equirectangular, PIC_WIDTH pixels wide, x shrunk by the cosine of the
 * middle latitude so that shapes keep their look. */
void pic_geo_view(struct pic_geo *g, double lon0, double lon1, double lat0, double lat1);

/* The map pixel of a longitude and latitude. */
void pic_geo_project(const struct pic_geo *g, double lon, double lat, float *x, float *y);

/* The palette entry of the power with this letter: its colour record,
 * else entry n of the palette (n: the power's index). */
int pic_geo_colour(const struct pic_geo *g, char letter, int n);

/* The place whose code is code, or -1. */
int pic_geo_place(const struct pic_geo *g, const char *code);

/* Append a point to the coastline ring being built (pic_geo_ring starts
 * one). */
void pic_geo_ring(struct pic_geo *g);
void pic_geo_point(struct pic_geo *g, double lon, double lat);

/* Give g an inset: the same places, seeds, colours and coast (in the
 * same order, so a scene's place indices serve both) on the view
 * box = west, east, south, north, inside g's; name says what it shows.
 * Places outside the box keep their positions there (arrows to them are
 * cut at its edge); seeds outside it still shape its regions. */
void pic_geo_inset(struct pic_geo *g, const double box[4], const char *name);

/* Rasterise the land and build the regions, the inset's too (once;
 * later calls do nothing).  Pure: the same data gives the same regions. */
void pic_geo_prepare(struct pic_geo *g);

/* The region (place index) at pixel x, y, or -1.  Needs pic_geo_prepare. */
int pic_geo_region_at(const struct pic_geo *g, int x, int y);

/* Free what g holds, its inset included (not g itself). */
void pic_geo_free(struct pic_geo *g);

/* ---- What a picture shows ---- */

/* Unit symbols. */
enum pic_glyph { PIC_ARMY, PIC_FLEET };

/* How a region is shaded in a power's colour. */
enum pic_shade {
	PIC_SHADE_NONE,
	PIC_SHADE_FULL,             /* owned, controlled */
	PIC_SHADE_LIGHT,            /* allied */
	PIC_SHADE_HATCH,            /* tributary */
	PIC_SHADE_REBEL             /* rebel: the owner's colour crossed */
};

enum pic_arrow_kind {
	PIC_MOVE,                   /* from -> to */
	PIC_SUPPORT,                /* from supports the move a -> b, or (b -1)
	                               the unit at a to hold */
	PIC_CONVOY,                 /* from carries the army a -> b */
	PIC_RETREAT,                /* from -> to, a retreat */
	PIC_OPTION,                 /* from may retreat to to */
	PIC_BUILD,                  /* a unit built at to */
	PIC_REMOVE                  /* the unit at from removed or disbanded */
};

struct pic_unit {
	int16_t place;
	int8_t power;               /* the scene's power index */
	int8_t glyph;               /* enum pic_glyph */
	int8_t dislodged;           /* 1: dislodged, must retreat */
};

struct pic_arrow {
	int8_t kind;                /* enum pic_arrow_kind */
	int8_t power;
	int8_t failed;              /* 1: the order failed */
	int16_t from, to, a, b;     /* places, -1 where unused */
};

/* What happened at a place during the phase, beside its units: a mark
 * of the event in the colour of the power it went for, with a few words
 * of its result.  For games whose phases have events that are not an
 * order's arrow (a battle that was won, a siege, land laid waste). */
enum pic_mark_kind {
	PIC_MARK_BATTLE,            /* a battle: power the winner, -1 drawn */
	PIC_MARK_SIEGE,             /* a siege: power the besieger */
	PIC_MARK_RAVAGE,            /* land laid waste: power who did it */
	PIC_MARK_INTERCEPT,         /* a force stopped on its way: power the
	                               interceptor */
	PIC_MARK_KINDS
};

struct pic_mark {
	int16_t place;
	int8_t kind;                /* enum pic_mark_kind */
	int8_t power;               /* the scene's power index, or -1 */
	int8_t failed;              /* 1: it came to nothing (a siege lifted,
	                               an interception missed): crossed */
	char text[24];              /* its result in a few words, beside it
	                               where the place's note is written:
	                               "spa won; ath -1" */
};

struct pic_power {
	char name[24];
	int8_t colour;              /* palette entry (pic_palette) */
	char note[40];              /* legend text after the name: "5 centres" */
};

struct pic_scene {
	char title[96];             /* the phase: "Spring 273 BC, Movement" */
	char subtitle[96];          /* "Results" or "Position" */
	int npowers;
	struct pic_power power[PIC_MAX_POWERS];
	int8_t owner[PIC_MAX_PLACES];   /* shading power by place, -1 none */
	int8_t shade[PIC_MAX_PLACES];   /* enum pic_shade */
	uint8_t centre[PIC_MAX_PLACES]; /* 1: a supply centre (or city) there */
	char note[PIC_MAX_PLACES][28];  /* text under the label ("7H 1C"), or "" */
	int nunits;
	struct pic_unit unit[PIC_MAX_UNITS];
	int narrows;
	struct pic_arrow arrow[PIC_MAX_ARROWS];
	int nmarks;
	struct pic_mark mark[PIC_MAX_MARKS];
	int no_units;               /* 1: the game has no units or orders to
	                               draw, so the legend has no key to them */
	int own_key;                /* enum pic_key_row: which symbols the
	                               legend's row keys; beyond them the key
	                               lines are the whole key to the map */
	int nkeys;                  /* extra legend lines (shading's meaning) */
	char key[4][96];
};

/* The legend's row of symbols (pic_scene.own_key): Diplomacy's whole
 * row (army, fleet, supply centre, move, failed, support, convoy,
 * dislodged); army, fleet and a route, with the marks the picture has
 * (the Peloponnesian War); or army, fleet, a city and a move, for a game
 * of cities and moves that has no supports, convoys or retreats (Antike). */
enum pic_key_row { PIC_KEY_DIPLOMACY, PIC_KEY_ROUTES, PIC_KEY_CITIES };

/* A scene of g with nothing in it: no owner, no unit, no arrow. */
void pic_scene_init(struct pic_scene *s);

/* Add a unit or an arrow: ignored beyond the maximum, and when a place
 * the kind of arrow needs is missing (-1: the geography lacks it).  Units
 * that stand at one place (not dislodged) are drawn side by side in the
 * order added, PIC_UNIT_STEP pixels apart and centred on its point. */
#define PIC_UNIT_STEP 19.0
void pic_scene_unit(struct pic_scene *s, int place, int power, int glyph, int dislodged);
void pic_scene_arrow(struct pic_scene *s, int kind, int power, int failed,
                     int from, int to, int a, int b);

/* Add a mark of what happened at place (enum pic_mark_kind), text its
 * result (truncated to fit): ignored beyond the maximum and where the
 * geography lacks the place. */
void pic_scene_mark(struct pic_scene *s, int place, int kind, int power, int failed,
                    const char *text);

/* ---- The palette (palette.c) ---- */

/* Okabe and Ito's colour-blind-safe palette ("Color Universal Design",
 * 2008): its entries by name ("orange", "skyblue", "green", "yellow",
 * "blue", "vermillion", "purple", "black"), or -1. */
int pic_palette_find(const char *name);
int pic_palette_size(void);
const char *pic_palette_name(int i);

/* Entry i as red, green, blue in 0..1. */
void pic_palette_rgb(int i, double rgb[3]);

/* ---- Where labels and dislodged units go (layout.c) ---- */

/* A label's baseline below its place, where it goes unless that hides
 * something. */
#define PIC_LABEL_BELOW 18.0f

/* For each place of a geography: its label's baseline centre, its
 * note's baseline from the label's, and a dislodged unit's offset from
 * the place. */
struct pic_layout {
	float lx[PIC_MAX_PLACES], ly[PIC_MAX_PLACES], note_dy[PIC_MAX_PLACES];
	float dx[PIC_MAX_PLACES], dy[PIC_MAX_PLACES];
};

/* Lay out g's labels (label_w[i]: place i's label width in pixels,
 * note_w[i] its note's, 0 for none; a centre's mark left of it where s
 * has a centre) and scene s's dislodged units so that labels and units
 * hide each other as little as they can.  The labels' places depend on
 * g, the centres and the notes only. */
void pic_layout(const struct pic_geo *g, const float *label_w, const float *note_w,
                const struct pic_scene *s, struct pic_layout *l);

/* ---- Drawing (draw.c) ---- */

enum pic_format { PIC_PNG, PIC_SVG };

/* Draw scene s on geography g (prepared by pic_geo_prepare) and append
 * the PNG or SVG to out.  Returns 0, or -1 after fail() if cairo could
 * not. */
MUST_CHECK int pic_draw(const struct pic_geo *g, const struct pic_scene *s, int format,
             struct strbuf *out);

/* The coastline's path on cr, with the line width it is stroked with:
 * shared by the stroke made once (pic_geo_prepare) and an SVG's.  cr is
 * a cairo_t; declared here as a pointer to its struct so that pic.h
 * needs no cairo header. */
struct _cairo;
void pic_coast_path(struct _cairo *cr, const struct pic_geo *g);
/* The face of all text, and its colour (0xRRGGBB). */
#define PIC_FONT "DejaVu Sans"
#define PIC_TEXT_RGB 0x1A1A1A
/* Text centred on x, y's baseline, dark on a pale halo so that it reads
 * over any shading (labels.c).  The halo is the text drawn eight times a
 * pixel away in white: cairo keeps the glyphs, which is faster than
 * stroking their outlines. */
void pic_label(struct _cairo *cr, const char *text, double x, double y, double size, int bold);
/* Draw g's places' codes where l puts them on cr from the layer made
 * once for that layout (labels.c says why).  Returns 1, or 0 if cr is
 * not an image or the layer could not be made: the caller draws them. */
int pic_labels_cached(struct _cairo *cr, const struct pic_geo *g, const struct pic_layout *l);
/* Write the RGB24 pixels data (w x h, stride bytes a row; cairo's
 * layout) as a palette PNG appended to out (png.c): 4 bits a pixel when
 * the nkeep colours of keep (0xRRGGBB, what the drawing used) that the
 * picture has fit 16 entries, else 8.  Returns 0, or -1 after fail(). */
MUST_CHECK int pic_png_write(const unsigned char *data, int w, int h, int stride, const uint32_t *keep,
                             int nkeep, struct strbuf *out);

#endif
