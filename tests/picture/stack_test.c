/*
 * stack_test.c - units that stand at one place are all seen (picture/
 * draw.c, pic.h's PIC_UNIT_STEP): three nations' legions in one Antike
 * province are drawn side by side, each disc in its own colour, where
 * before they were drawn on one another and only the last showed; a
 * place with one unit still has it on its point.  The picture is read
 * back from its PNG with libpng, so what is checked is what a player
 * sees.
 */
#include <math.h>
#include <png.h>
#include <stdlib.h>
#include <string.h>

#include "base/error.h"
#include "base/strbuf.h"
#include "picture/pic.h"
#include "tests/check.h"
#include "variants/variant.h"

/* The map panel starts under the title band (draw.c's TOP). */
enum { TOP = 46 };

struct image {
	int w, h;
	unsigned char *rgb;
};

static int decode(const struct strbuf *png, struct image *im)
{
	png_image p;

	memset(&p, 0, sizeof p);
	p.version = PNG_IMAGE_VERSION;
	if (!png_image_begin_read_from_memory(&p, png->buf, png->len))
		return -1;
	p.format = PNG_FORMAT_RGB;
	im->w = (int)p.width;
	im->h = (int)p.height;
	im->rgb = malloc(PNG_IMAGE_SIZE(p));
	if (!png_image_finish_read(&p, NULL, im->rgb, 0, NULL))
		return -1;
	return 0;
}

/* 1 if the pixel at x, y is palette colour c (to a rounding). */
static int is_colour(const struct image *im, double x, double y, int c)
{
	double want[3];
	int ix = (int)lround(x), iy = (int)lround(y);

	if (ix < 0 || iy < 0 || ix >= im->w || iy >= im->h)
		return 0;
	pic_palette_rgb(c, want);
	const unsigned char *px = im->rgb + 3 * ((size_t)iy * (size_t)im->w + (size_t)ix);
	for (int k = 0; k < 3; k++)
		if (abs(px[k] - (int)lround(want[k] * 255)) > 3)
			return 0;
	return 1;
}

int main(void)
{
	const struct variant *v = variant_find("antike", NULL);
	static struct pic_scene s;
	struct strbuf png = STRBUF_INIT;
	struct image im = { 0, 0, NULL };

	if (!v || variant_geo(v) || !v->geo) {
		CHECK(0, "antike: no variant or geography (%s)", fail_text());
		return check_done("stack_test");
	}
	pic_geo_prepare(v->geo);
	const struct pic_geo *g = v->geo;
	int sir = pic_geo_place(g, "SIR"), ath = pic_geo_place(g, "ATH");
	CHECK(sir >= 0 && ath >= 0, "antike's geography names SIR and ATH");
	pic_scene_init(&s);
	snprintf(s.title, sizeof s.title, "stack");
	/* three colours far apart: the first three of the palette */
	for (int p = 0; p < 3; p++) {
		s.power[p].colour = (int8_t)p;
		snprintf(s.power[p].name, sizeof s.power[p].name, "nation %d", p);
	}
	s.npowers = 3;
	for (int p = 0; p < 3; p++)
		pic_scene_unit(&s, sir, p, PIC_ARMY, 0);
	pic_scene_unit(&s, ath, 1, PIC_ARMY, 0);
	CHECK(pic_draw(g, &s, PIC_PNG, &png) == 0, "drawn (%s)", fail_text());
	CHECK(decode(&png, &im) == 0, "the PNG reads back");
	if (!im.rgb)
		return check_done("stack_test");
	/* a disc's upper part, above its letter */
	double x = g->place[sir].x, y = TOP + g->place[sir].y - 5;
	for (int p = 0; p < 3; p++)
		CHECK(is_colour(&im, x + (p - 1) * PIC_UNIT_STEP, y, p),
		      "SIR: nation %d's legion in its colour at %+g px", p, (p - 1) * PIC_UNIT_STEP);
	CHECK(is_colour(&im, g->place[ath].x, TOP + g->place[ath].y - 5, 1),
	      "ATH: its one legion on the place's point");
	free(im.rgb);
	strbuf_release(&png);
	return check_done("stack_test");
}
