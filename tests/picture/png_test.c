/*
 * png_test.c - picture/png.c's palette PNG read back pixel by pixel.
 *
 * The encoder finds runs of one colour four pixels at a time and keeps
 * its colour table and compressor from one picture to the next, so what
 * can go wrong is a run's end found a pixel off (at the edge of four, at
 * a row's end), or a picture's colours left behind in the table for the
 * next one.  Checked here on pictures made to hit those edges: every run
 * length from 1 to 19 at every offset, rows of widths that are not a
 * multiple of four, a row's last pixel alone, the alpha byte set at
 * random (cairo's RGB24 leaves it undefined); decoded with libpng's own
 * reader and compared with the colours drawn, which come through
 * exactly while a picture has at most the palette's colours.  Then a
 * picture of more colours than the table takes is refused with a
 * reason, and the first picture encodes to the same bytes after it as
 * before.
 */
#include <png.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/error.h"
#include "base/strbuf.h"
#include "picture/pic.h"
#include "tests/check.h"

/* Eight flat colours, the drawing's own (so kept exactly). */
static const uint32_t colours[] = {
	0xD6E6F2, 0xF2EBDC, 0x202020, 0xE69F00, 0x56B4E9, 0x009E73, 0xF0E442, 0xCC79A7,
};
#define NCOLOURS (int)(sizeof colours / sizeof colours[0])

/* A w x h picture of runs: row y's runs are 1, 2, ... 19 pixels long,
 * starting at an offset y % 7, in colours taken in turn; the alpha byte
 * is noise. */
static uint32_t *runs_picture(int w, int h)
{
	uint32_t *px = malloc((size_t)w * (size_t)h * sizeof *px);
	unsigned seed = 1;

	for (int y = 0; y < h; y++) {
		int x = 0, len = 1 + y % 7, c = y % NCOLOURS;
		while (x < w) {
			for (int i = 0; i < len && x < w; i++, x++) {
				seed = seed * 1103515245u + 12345u;
				px[(size_t)y * (size_t)w + (size_t)x] = colours[c] | (seed >> 8 & 0xFFu) << 24;
			}
			c = (c + 1) % NCOLOURS;
			len = len % 19 + 1;
		}
	}
	/* a row's last pixel alone in its colour */
	px[(size_t)w - 1] = colours[(NCOLOURS - 1)] ^ 0x010101;
	return px;
}

/* Decode png to RGB and compare with px (alpha ignored).  Returns the
 * number of pixels that differ, or -1 if it did not decode. */
static long differing(const struct strbuf *png, const uint32_t *px, int w, int h)
{
	png_image im;
	unsigned char *rgb;
	long bad = 0;

	memset(&im, 0, sizeof im);
	im.version = PNG_IMAGE_VERSION;
	if (!png_image_begin_read_from_memory(&im, png->buf, png->len))
		return -1;
	im.format = PNG_FORMAT_RGB;
	if ((int)im.width != w || (int)im.height != h) {
		png_image_free(&im);
		return -1;
	}
	rgb = malloc(PNG_IMAGE_SIZE(im));
	if (!png_image_finish_read(&im, NULL, rgb, 0, NULL)) {
		free(rgb);
		return -1;
	}
	for (size_t i = 0; i < (size_t)w * (size_t)h; i++) {
		uint32_t want = px[i] & 0xFFFFFF;
		uint32_t got = (uint32_t)rgb[3 * i] << 16 | (uint32_t)rgb[3 * i + 1] << 8 | rgb[3 * i + 2];
		bad += got != want;
	}
	free(rgb);
	return bad;
}

int main(void)
{
	static const int widths[] = { 1, 3, 4, 5, 7, 8, 61, 64, 203 };
	uint32_t keep[NCOLOURS + 1];
	struct strbuf first = STRBUF_INIT, again = STRBUF_INIT, many = STRBUF_INIT;

	memcpy(keep, colours, sizeof colours);
	keep[NCOLOURS] = colours[NCOLOURS - 1] ^ 0x010101;
	for (size_t k = 0; k < sizeof widths / sizeof widths[0]; k++) {
		int w = widths[k], h = 23;
		uint32_t *px = runs_picture(w, h);
		struct strbuf png = STRBUF_INIT;
		int rc = pic_png_write((const unsigned char *)px, w, h, w * 4, keep, NCOLOURS + 1, &png);
		CHECK(rc == 0, "width %d: not written: %s", w, fail_text());
		if (rc == 0) {
			long bad = differing(&png, px, w, h);
			CHECK(bad == 0, "width %d: %ld pixels differ (-1: did not decode)", w, bad);
		}
		strbuf_release(&png);
		free(px);
	}

	/* the same picture twice, and again after one that is refused */
	int w = 203, h = 23;
	uint32_t *px = runs_picture(w, h);
	EXPECT(pic_png_write((const unsigned char *)px, w, h, w * 4, keep, NCOLOURS + 1, &first) == 0);
	EXPECT(pic_png_write((const unsigned char *)px, w, h, w * 4, keep, NCOLOURS + 1, &again) == 0);
	CHECK(first.len == again.len && !memcmp(first.buf, again.buf, first.len),
	      "the same picture encoded twice differs (%zu, %zu bytes)", first.len, again.len);

	int mw = 256, mh = 160;   /* 40,960 colours */
	uint32_t *mpx = malloc((size_t)mw * (size_t)mh * sizeof *mpx);
	for (int i = 0; i < mw * mh; i++)
		mpx[i] = (uint32_t)i * 409u;
	CHECK(pic_png_write((const unsigned char *)mpx, mw, mh, mw * 4, keep, NCOLOURS, &many) != 0,
	      "a picture of %d colours was written", mw * mh);
	CHECK(strstr(fail_text(), "colours") != NULL, "refused, but with \"%s\"", fail_text());
	free(mpx);

	strbuf_reset(&again);
	EXPECT(pic_png_write((const unsigned char *)px, w, h, w * 4, keep, NCOLOURS + 1, &again) == 0);
	CHECK(first.len == again.len && !memcmp(first.buf, again.buf, first.len),
	      "after a refused picture, the first encodes to other bytes (%zu, %zu)", first.len, again.len);
	free(px);
	strbuf_release(&first);
	strbuf_release(&again);
	strbuf_release(&many);
	return check_done("png_test");
}
