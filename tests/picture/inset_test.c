/*
 * inset_test.c - a geography's inset (geo.txt's `inset` record) on a
 * small made-up world, since no Diplomacy variant has one: the inset
 * made from the map keeps every place, in the same order, projected on
 * the inset's view (places outside it keep their positions; seeds
 * outside it still count); the inset's regions are right at its scale; and an
 * arrow from a place inside the inset to one outside is drawn in the
 * inset up to its edge and no further: the band above the inset keeps
 * its colour where the arrow would have crossed it.  On the map, two
 * routes the opposite ways along one edge (a -> c of one power, c -> a
 * of another) are both seen: each is drawn to its right, neither hides
 * the other.
 *
 * The drawn PNG is read back with cairo and looked at pixel by pixel, so
 * this test knows the layout (a dark band spans the picture above the
 * inset) but none of draw.c's constants.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cairo.h>

#include "base/error.h"
#include "tests/check.h"
#include "picture/pic.h"
#include "variants/pic_geo_load.h"


/* A square island from 2 to 8 degrees; place a in the corner the inset
 * enlarges, b just north of the inset, c far from it with a second seed. */
static const char geo[] =
	"view 0 10 0 10\n"
	"inset 2 4.5 2 4.5 the south-west corner\n"
	"reach 20\n"
	"colour R vermillion\n"
	"place a land 3 3\n"
	"place b land 5.5 2.5\n"
	"place c land 3 7\n"
	"seed c 6 6\n"
	"ring\n"
	"pt 2 2 8 2 8 8 2 8\n";

struct png_read {
	const struct strbuf *png;
	size_t at;
};

static cairo_status_t from_strbuf(void *closure, unsigned char *data, unsigned int len)
{
	struct png_read *r = closure;
	if (r->at + len > r->png->len)
		return CAIRO_STATUS_READ_ERROR;
	memcpy(data, r->png->buf + r->at, len);
	r->at += len;
	return CAIRO_STATUS_SUCCESS;
}

/* The colour of pixel x, y of img as 0xRRGGBB. */
static unsigned rgb_at(cairo_surface_t *img, int x, int y)
{
	const unsigned char *d = cairo_image_surface_get_data(img);
	int stride = cairo_image_surface_get_stride(img);
	return *(const uint32_t *)(d + (size_t)y * (size_t)stride + (size_t)x * 4) & 0xFFFFFF;
}

/* 1 if colour c is within tol of want in each channel. */
static int near(unsigned c, unsigned want, int tol)
{
	for (int sh = 0; sh <= 16; sh += 8)
		if (abs((int)((c >> sh) & 255) - (int)((want >> sh) & 255)) > tol)
			return 0;
	return 1;
}

int main(void)
{
	char dir[] = "/tmp/inset_test.XXXXXX", path[64];
	struct pic_geo *g;
	FILE *f;

	if (!mkdtemp(dir))
		return perror("mkdtemp"), 1;
	snprintf(path, sizeof path, "%s/geo.txt", dir);
	if (!(f = fopen(path, "w")) || fputs(geo, f) == EOF || fclose(f))
		return perror(path), 1;
	int rc = pic_geo_load(dir, &g);
	unlink(path);
	rmdir(dir);
	if (rc || !g) {
		printf("FAIL: geo.txt not read: %s\n", fail_text());
		return 1;
	}
	pic_geo_prepare(g);
	const struct pic_geo *in = g->inset;
	CHECK(in && in->is_inset && !g->is_inset, "the geography has an inset");
	if (!in)
		return check_done("inset_test");
	CHECK(!strcmp(g->inset_name, "the south-west corner"), "the inset keeps its name");
	CHECK(in->nplaces == g->nplaces && !strcmp(in->place[1].code, "b"),
	      "the inset has the map's places in the map's order");
	CHECK(fabs(in->scale / g->scale - 4.0) < 0.01, "the inset is four times the map's scale");
	CHECK(in->place[1].y < 0 && !in->place[1].off,
	      "a place outside the inset keeps its position there (for arrows), unlisted");
	CHECK(pic_geo_region_at(in, (int)in->place[0].x, (int)in->place[0].y) == 0,
	      "the inset's region at a's position is a's");
	/* the inset's top left corner is nearer b, outside the inset, than a */
	CHECK(pic_geo_region_at(in, 20, 2) == 1,
	      "the inset's regions come from seeds outside it too");
	CHECK(pic_geo_region_at(g, (int)g->place[2].x, (int)g->place[2].y) == 2,
	      "the map's regions are as before");

	struct pic_scene *s = calloc(1, sizeof *s);
	struct strbuf png = STRBUF_INIT;
	pic_scene_init(s);
	snprintf(s->title, sizeof s->title, "inset test");
	s->npowers = 1;
	snprintf(s->power[0].name, sizeof s->power[0].name, "Rome");
	s->power[0].colour = (int8_t)pic_palette_find("vermillion");
	pic_scene_unit(s, 0, 0, PIC_ARMY, 0);
	pic_scene_arrow(s, PIC_MOVE, 0, 0, 0, 1, -1, -1);
	CHECK(pic_draw(g, s, PIC_PNG, &png) == 0, "the scene is drawn");

	struct png_read r = { &png, 0 };
	cairo_surface_t *img = cairo_image_surface_create_from_png_stream(from_strbuf, &r);
	CHECK(cairo_surface_status(img) == CAIRO_STATUS_SUCCESS, "the PNG reads back");
	cairo_surface_flush(img);
	int w = cairo_image_surface_get_width(img), h = cairo_image_surface_get_height(img);
	double vr[3];
	pic_palette_rgb(s->power[0].colour, vr);
	unsigned arrow = (unsigned)lround(vr[0] * 255) << 16 | (unsigned)lround(vr[1] * 255) << 8 |
	                 (unsigned)lround(vr[2] * 255);

	/* the band: the first run of the title's dark colour below the title,
	 * found down the left edge, where it carries no text */
	unsigned dark = rgb_at(img, 2, 2);
	int band = -1, below = -1;
	for (int y = 60; y < h && below < 0; y++)
		if (band < 0 && rgb_at(img, 2, y) == dark)
			band = y;
		else if (band >= 0 && rgb_at(img, 2, y) != dark)
			below = y;
	CHECK(band > 0 && below > band, "a band separates the map from the inset");
	if (band > 0 && below > band) {
		/* where the arrow leaves the inset: its line a -> b meets the
		 * inset's top edge at this x */
		double ax = in->place[0].x, ay = in->place[0].y, bx = in->place[1].x, by = in->place[1].y;
		int x = (int)lround(ax + (bx - ax) * ay / (ay - by));
		int drawn = 0, crossed = 0;
		for (int dx = -12; dx <= 12; dx++) {
			if (x + dx < 0 || x + dx >= w)
				continue;
			drawn += near(rgb_at(img, x + dx, below + 3), arrow, 40);
			for (int y = band; y < below; y++)
				crossed += rgb_at(img, x + dx, y) != dark &&
				           near(rgb_at(img, x + dx, y), arrow, 40);
		}
		CHECK(drawn > 0, "the arrow runs to the inset's edge");
		CHECK(crossed == 0, "and not into the band above it");
	}
	cairo_surface_destroy(img);

	/* two powers' routes along the edge a - c, the opposite ways */
	pic_scene_init(s);
	snprintf(s->title, sizeof s->title, "reverse routes");
	s->npowers = 2;
	snprintf(s->power[0].name, sizeof s->power[0].name, "Rome");
	s->power[0].colour = (int8_t)pic_palette_find("vermillion");
	snprintf(s->power[1].name, sizeof s->power[1].name, "Carthage");
	s->power[1].colour = (int8_t)pic_palette_find("blue");
	pic_scene_arrow(s, PIC_MOVE, 0, 0, 0, 2, -1, -1);
	pic_scene_arrow(s, PIC_MOVE, 1, 0, 2, 0, -1, -1);
	strbuf_reset(&png);
	CHECK(pic_draw(g, s, PIC_PNG, &png) == 0, "the two routes are drawn");
	r = (struct png_read){ &png, 0 };
	img = cairo_image_surface_create_from_png_stream(from_strbuf, &r);
	CHECK(cairo_surface_status(img) == CAIRO_STATUS_SUCCESS, "that PNG reads back");
	cairo_surface_flush(img);
	pic_palette_rgb(s->power[1].colour, vr);
	unsigned other = (unsigned)lround(vr[0] * 255) << 16 | (unsigned)lround(vr[1] * 255) << 8 |
	                 (unsigned)lround(vr[2] * 255);
	/* the edge runs west-east: down a column across its middle, from the
	 * places' own height (the map lies below the title band, whose
	 * height this test does not know) */
	int x = (int)lround((g->place[0].x + g->place[2].x) / 2), y0 = (int)lround(g->place[0].y);
	int first = 0, second = 0;
	for (int y = y0; y < y0 + 80 && y < cairo_image_surface_get_height(img); y++) {
		first += near(rgb_at(img, x, y), arrow, 40);
		second += near(rgb_at(img, x, y), other, 40);
	}
	int both = first > 0 && second > 0;
	CHECK(both > 0, "both routes along one edge are seen, neither hides the other");
	cairo_surface_destroy(img);
	strbuf_release(&png);
	free(s);
	pic_geo_free(g);
	free(g);
	return check_done("inset_test");
}
