/*
 * png.c - writing a drawn picture as an 8-bit palette PNG with libpng.
 *
 * cairo writes only true-colour PNGs, three bytes a pixel, and a map of
 * flat colours is then twice the size it need be for mail.  A map has a
 * few dozen colours plus the blends antialiasing makes at edges: the most
 * frequent colours that are not too near one already taken become the
 * palette, PALETTE_SIZE of them (ties by colour value, so the output is
 * deterministic), and every other colour is drawn in its nearest palette
 * colour, a change no reader sees at an edge pixel.  Fewer colours make
 * longer runs of one index, which is what makes the file small.
 */
#include <png.h>
#include <stdlib.h>
#include <string.h>

#include "base/error.h"
#include "picture/pic.h"

/* Measured on the Classical results picture (bench/README.md, "Map
 * pictures"): 256 colours 82 KB, 64 66 KB, 32 by count alone 61 KB but
 * the failed-order cross turned vermillion; 32 kept apart 59 KB, and
 * 35 of its million pixels more than a quarter off; 16 52 KB with
 * thousands off (text and unit edges ragged).  zlib level 9 saves 9%
 * for four times the time, RLE and the PNG filters only add bytes. */
#define PALETTE_SIZE 32
/* A colour this near (weighted squared distance, as nearest() weighs)
 * to one already chosen waits for a second pass, so that a small but
 * distinct colour (a red cross, a unit's colour) gets its entry before a
 * tenth shade of antialiasing. */
#define APART 2000
#define HASH_BITS 16
#define HASH_SIZE (1u << HASH_BITS)

/* An open-addressing table of colours: count, then palette index. */
struct colour_slot {
	uint32_t rgb;           /* 0xRRGGBB | 1 << 24 when in use */
	uint32_t count;
	int index;
};

static struct colour_slot *slot_of(struct colour_slot *t, uint32_t rgb)
{
	uint32_t h = (rgb * 2654435761u) >> (32 - HASH_BITS);
	while (t[h].rgb && t[h].rgb != (rgb | 1u << 24))
		h = (h + 1) & (HASH_SIZE - 1);
	return &t[h];
}

static int by_count(const void *a, const void *b)
{
	const struct colour_slot *x = *(struct colour_slot *const *)a, *y = *(struct colour_slot *const *)b;
	if (x->count != y->count)
		return x->count > y->count ? -1 : 1;
	return x->rgb < y->rgb ? -1 : x->rgb > y->rgb;
}

static int distance(const png_color *pal, int n, uint32_t rgb, int *at)
{
	int best = 0, bestd = 1 << 30;
	int r = (int)(rgb >> 16 & 255), g = (int)(rgb >> 8 & 255), b = (int)(rgb & 255);
	for (int i = 0; i < n; i++) {
		int dr = r - pal[i].red, dg = g - pal[i].green, db = b - pal[i].blue;
		int d = 2 * dr * dr + 4 * dg * dg + 3 * db * db;
		if (d < bestd) {
			bestd = d;
			best = i;
		}
	}
	if (at)
		*at = best;
	return bestd;
}

static int nearest(const png_color *pal, int n, uint32_t rgb)
{
	int at;
	distance(pal, n, rgb, &at);
	return at;
}

static void to_strbuf(png_structp png, png_bytep data, png_size_t len)
{
	strbuf_add(png_get_io_ptr(png), data, len);
}

static void flush_none(png_structp png)
{
	(void)png;
}

int pic_png_write(const unsigned char *data, int w, int h, int stride, struct strbuf *out)
{
	struct colour_slot *t = xcalloc(HASH_SIZE, sizeof *t), **used;
	png_color pal[256];
	int nused = 0, npal;
	unsigned char *idx = xmalloc((size_t)w * (size_t)h);

	/* a map is runs of one colour: a run is looked up once */
	for (int y = 0; y < h; y++) {
		const uint32_t *row = (const uint32_t *)(data + (size_t)y * (size_t)stride);
		for (int x = 0; x < w;) {
			uint32_t rgb = row[x] & 0xFFFFFF;
			int run = 1;
			while (x + run < w && (row[x + run] & 0xFFFFFF) == rgb)
				run++;
			struct colour_slot *s = slot_of(t, rgb);
			if (!s->rgb) {
				s->rgb = rgb | 1u << 24;
				nused++;
			}
			s->count += (uint32_t)run;
			x += run;
		}
	}
	used = xmalloc((size_t)nused * sizeof *used);
	nused = 0;
	for (uint32_t i = 0; i < HASH_SIZE; i++)
		if (t[i].rgb)
			used[nused++] = &t[i];
	qsort(used, (size_t)nused, sizeof *used, by_count);
	npal = 0;
	for (int pass = 0; pass < 2; pass++)
		for (int i = 0; i < nused && npal < PALETTE_SIZE; i++) {
			if (used[i]->index == 1)
				continue;
			uint32_t rgb = used[i]->rgb;
			if (!pass && npal && distance(pal, npal, rgb, NULL) < APART)
				continue;
			used[i]->index = 1;
			pal[npal++] = (png_color){ (png_byte)(rgb >> 16), (png_byte)(rgb >> 8), (png_byte)rgb };
		}
	for (int i = 0; i < nused; i++)
		used[i]->index = nearest(pal, npal, used[i]->rgb);
	for (int y = 0; y < h; y++) {
		const uint32_t *row = (const uint32_t *)(data + (size_t)y * (size_t)stride);
		uint32_t last = 0xFFFFFFFF;
		unsigned char index = 0;
		for (int x = 0; x < w; x++) {
			if ((row[x] & 0xFFFFFF) != last) {
				last = row[x] & 0xFFFFFF;
				index = (unsigned char)slot_of(t, last)->index;
			}
			idx[(size_t)y * (size_t)w + (size_t)x] = index;
		}
	}
	free(used);
	free(t);

	png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
	png_infop info = png ? png_create_info_struct(png) : NULL;
	if (!info || setjmp(png_jmpbuf(png))) {
		png_destroy_write_struct(&png, info ? &info : NULL);
		free(idx);
		return fail("cannot write the map as PNG");
	}
	png_set_write_fn(png, out, to_strbuf, flush_none);
	png_set_compression_level(png, 6);
	png_set_IHDR(png, info, (png_uint_32)w, (png_uint_32)h, 8, PNG_COLOR_TYPE_PALETTE,
	             PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
	png_set_PLTE(png, info, pal, npal);
	png_write_info(png, info);
	for (int y = 0; y < h; y++)
		png_write_row(png, idx + (size_t)y * (size_t)w);
	png_write_end(png, info);
	png_destroy_write_struct(&png, &info);
	free(idx);
	return 0;
}
