/*
 * pic_geo_load.c - reading a variant's geo.txt, the geography its map
 * pictures are drawn on (variants/FORMAT.md, "Map pictures"), into a
 * struct pic_geo (picture/pic.h).
 *
 * Kept apart from the families' loaders: every family reads the same
 * file, and a variant without one simply has no pictures.  An inset is
 * derived from the map once the file is read (pic_geo_inset).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/records.h"
#include "picture/pic.h"
#include "variants/pic_geo_load.h"

struct geo_reader {
	struct record_file rf;
	struct pic_geo *g;
	int viewed;
	double inset[4];            /* the inset record's view */
	char inset_name[80];        /* what it shows, or "": no inset */
};

/* Read n numbers from rest into v.  Returns 0, or -1. */
static int numbers(char *rest, double *v, int n)
{
	for (int i = 0; i < n; i++) {
		char *end;
		v[i] = strtod(rest, &end);
		if (end == rest)
			return -1;
		rest = end;
	}
	return *rest && strspn(rest, " \t\r\n") != strlen(rest) ? -1 : 0;
}

/* view LON0 LON1 LAT0 LAT1 */
static int rec_view(void *ctx, const char *key, char *rest)
{
	struct geo_reader *r = ctx;
	double v[4];
	(void)key;
	if (numbers(rest, v, 4) || v[0] >= v[1] || v[2] >= v[3] || v[2] < -85 || v[3] > 85)
		return record_error(&r->rf, "view needs: west east south north (degrees)");
	pic_geo_view(r->g, v[0], v[1], v[2], v[3]);
	r->viewed = 1;
	return 0;
}

/* reach DEGREES */
static int rec_reach(void *ctx, const char *key, char *rest)
{
	struct geo_reader *r = ctx;
	double v;
	(void)key;
	if (!r->viewed)
		return record_error(&r->rf, "reach before view");
	if (numbers(rest, &v, 1) || v <= 0)
		return record_error(&r->rf, "reach needs: degrees");
	r->g->reach = v * r->g->scale;
	return 0;
}

/* colour LETTER PALETTE-ENTRY */
static int rec_colour(void *ctx, const char *key, char *rest)
{
	struct geo_reader *r = ctx;
	char letter[4], name[24];
	int c;
	(void)key;
	if (sscanf(rest, "%3s %23s", letter, name) != 2 || letter[1])
		return record_error(&r->rf, "colour needs: power-letter palette-colour");
	if ((c = pic_palette_find(name)) < 0)
		return record_error(&r->rf, "no colour '%s' in the palette", name);
	if (r->g->ncolours == PIC_MAX_POWERS)
		return record_error(&r->rf, "too many colours");
	r->g->letter[r->g->ncolours] = letter[0];
	r->g->colour[r->g->ncolours++] = (int8_t)c;
	return 0;
}

static int add_seed(struct geo_reader *r, int place, int sea, double lat, double lon)
{
	struct pic_geo *g = r->g;
	if (g->nseeds == PIC_MAX_SEEDS)
		return record_error(&r->rf, "too many seeds (at most %d)", PIC_MAX_SEEDS);
	struct pic_seed *s = &g->seed[g->nseeds++];
	s->place = (int16_t)place;
	s->sea = (int8_t)sea;
	pic_geo_project(g, lon, lat, &s->x, &s->y);
	if (s->x < 0 || s->y < 0 || s->x >= g->width || s->y >= g->height)
		return record_error(&r->rf, "%.2f %.2f is outside the view", lat, lon);
	return 0;
}

static const char *const kinds[] = { [PIC_LAND] = "land", [PIC_SEA] = "sea", [PIC_SPOT] = "spot" };

/* place CODE land|sea|spot LAT LON */
static int rec_place(void *ctx, const char *key, char *rest)
{
	struct geo_reader *r = ctx;
	struct pic_geo *g = r->g;
	char code[12], kind[8];
	int n = 0, k;
	double v[2];
	(void)key;
	if (!r->viewed)
		return record_error(&r->rf, "place before view");
	if (sscanf(rest, "%11s %7s %n", code, kind, &n) != 2 || numbers(rest + n, v, 2))
		return record_error(&r->rf, "place needs: code land|sea|spot latitude longitude");
	for (k = 0; k < 3 && strcmp(kinds[k], kind); k++)
		;
	if (k == 3)
		return record_error(&r->rf, "'%s' is not land, sea or spot", kind);
	if (pic_geo_place(g, code) >= 0)
		return record_error(&r->rf, "place '%s' given twice", code);
	if (g->nplaces == PIC_MAX_PLACES)
		return record_error(&r->rf, "too many places (at most %d)", PIC_MAX_PLACES);
	struct pic_place *p = &g->place[g->nplaces];
	snprintf(p->code, sizeof p->code, "%s", code);
	p->kind = (int8_t)k;
	p->region = (int16_t)g->nplaces;
	if (k == PIC_SPOT) {
		char prov[12];
		snprintf(prov, sizeof prov, "%.*s", (int)strcspn(code, "/"), code);
		int owner = pic_geo_place(g, prov);
		if (owner < 0 || g->place[owner].kind == PIC_SPOT)
			return record_error(&r->rf, "spot '%s' needs the place '%s' first", code, prov);
		p->region = (int16_t)owner;
	}
	pic_geo_project(g, v[1], v[0], &p->x, &p->y);
	g->nplaces++;
	if (p->x < 0 || p->y < 0 || p->x >= g->width || p->y >= g->height) {
		p->off = 1;         /* listed beside the map, not drawn on it */
		return 0;
	}
	return k == PIC_SPOT ? 0 : add_seed(r, g->nplaces - 1, k == PIC_SEA, v[0], v[1]);
}

/* seed CODE LAT LON, or seed - land|sea LAT LON */
static int rec_seed(void *ctx, const char *key, char *rest)
{
	struct geo_reader *r = ctx;
	char code[12], kind[8] = "";
	int n = 0, place = -1, sea;
	double v[2];
	(void)key;
	if (sscanf(rest, "%11s %n", code, &n) != 1)
		return record_error(&r->rf, "seed needs: code latitude longitude");
	if (!strcmp(code, "-")) {
		int m = 0;
		if (sscanf(rest + n, "%7s %n", kind, &m) != 1 || (strcmp(kind, "land") && strcmp(kind, "sea")))
			return record_error(&r->rf, "seed - needs: land|sea latitude longitude");
		n += m;
		sea = !strcmp(kind, "sea");
	} else {
		if ((place = pic_geo_place(r->g, code)) < 0 || r->g->place[place].kind == PIC_SPOT)
			return record_error(&r->rf, "seed of '%s', which is no land or sea place", code);
		sea = r->g->place[place].kind == PIC_SEA;
	}
	if (numbers(rest + n, v, 2))
		return record_error(&r->rf, "seed needs: code latitude longitude");
	return add_seed(r, place, sea, v[0], v[1]);
}

/* inset WEST EAST SOUTH NORTH NAME...: an enlargement of part of the
 * view, drawn below it (made from the map once the file is read) */
static int rec_inset(void *ctx, const char *key, char *rest)
{
	struct geo_reader *r = ctx;
	double *v = r->inset;
	int n = 0;
	(void)key;
	if (!r->viewed)
		return record_error(&r->rf, "inset before view");
	if (sscanf(rest, "%lf %lf %lf %lf %n", &v[0], &v[1], &v[2], &v[3], &n) != 4 || !rest[n] ||
	    v[0] >= v[1] || v[2] >= v[3] || v[0] < r->g->lon0 || v[1] > r->g->lon1 ||
	    v[2] < r->g->lat0 || v[3] > r->g->lat1)
		return record_error(&r->rf, "inset needs: west east south north (degrees, inside "
		                    "the view) and what it shows");
	snprintf(r->inset_name, sizeof r->inset_name, "%.*s", (int)strcspn(rest + n, "\r\n"), rest + n);
	return 0;
}

/* ring: a new coastline ring */
static int rec_ring(void *ctx, const char *key, char *rest)
{
	struct geo_reader *r = ctx;
	(void)key;
	if (!r->viewed)
		return record_error(&r->rf, "ring before view");
	if (*rest && strspn(rest, " \t\r\n") != strlen(rest))
		return record_error(&r->rf, "ring takes nothing after it");
	pic_geo_ring(r->g);
	return 0;
}

/* pt LAT LON [LAT LON ...]: points of the current ring */
static int rec_pt(void *ctx, const char *key, char *rest)
{
	struct geo_reader *r = ctx;
	(void)key;
	if (!r->g->nrings)
		return record_error(&r->rf, "pt before ring");
	for (;;) {
		char *end;
		double lat = strtod(rest, &end), lon;
		if (end == rest)
			break;
		rest = end;
		lon = strtod(rest, &end);
		if (end == rest)
			return record_error(&r->rf, "pt needs pairs: latitude longitude");
		rest = end;
		pic_geo_point(r->g, lon, lat);
	}
	if (strspn(rest, " \t\r\n") != strlen(rest))
		return record_error(&r->rf, "pt needs pairs: latitude longitude");
	return 0;
}

static const struct record_kind geo_kinds[] = {
	{ "view", rec_view },
	{ "reach", rec_reach },
	{ "colour", rec_colour },
	{ "place", rec_place },
	{ "seed", rec_seed },
	{ "inset", rec_inset },
	{ "ring", rec_ring },
	{ "pt", rec_pt },
};

int pic_geo_load(const char *dir, struct pic_geo **out)
{
	char path[4096];
	struct geo_reader r = { .g = xcalloc(1, sizeof *r.g) };

	*out = NULL;
	snprintf(path, sizeof path, "%s/geo.txt", dir);
	if (access(path, F_OK) != 0 && errno == ENOENT) {
		free(r.g);
		return 0;
	}
	r.rf.path = path;
	r.g->reach = 1e9;
	int rc = records_read(&r.rf, geo_kinds, sizeof geo_kinds / sizeof geo_kinds[0], &r);
	if (!rc && !r.viewed)
		rc = record_error(&r.rf, "no view record");
	if (!rc) {
		if (r.inset_name[0])
			pic_geo_inset(r.g, r.inset, r.inset_name);
		*out = r.g;
		return 0;
	}
	pic_geo_free(r.g);
	free(r.g);
	return -1;
}
