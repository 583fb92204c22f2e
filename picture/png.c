/*
 * png.c - writing a drawn picture as a palette PNG with libpng.
 *
 * cairo writes only true-colour PNGs, three bytes a pixel, and a map of
 * flat colours is then twice the size it need be for mail.  A map has a
 * few dozen colours plus the blends antialiasing makes at edges.  The
 * colours the drawing chose (the caller's list: bases, each power's) are
 * taken first, exactly, so that no unit or region ever takes another
 * power's colour; then a few of the most frequent blends that are not
 * too near one already taken (ties by colour value, so the output is
 * deterministic); every other colour is drawn in its nearest palette
 * colour, a change no reader sees at an edge pixel.  Fewer colours make
 * longer runs of one index, which is what makes the file small.  When
 * the drawing's own colours are at most SMALL_PALETTE, the indices are
 * packed two to a byte (4 bits), which halves what the deflater reads.
 * bench/README.md, "pic8", has the figures.
 *
 * libpng writes the chunks; the image data is deflated here with
 * libdeflate, which for the same bytes takes half zlib's time (libpng
 * would deflate with zlib, and its deflate was a third of a picture's
 * CPU: bench/README.md, "pic6").
 */
#include <assert.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif
#include <libdeflate.h>
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
/* A picture whose drawn colours fit 4-bit indices gets them: the blends
 * of the antialiasing then share the entries left over (bench/README.md,
 * "pic8": the diceless map 53 KB -> 46 KB, its text and coast looked at
 * enlarged). */
#define SMALL_PALETTE 16
/* Entries for blends beyond the drawing's own colours in an 8-bit
 * palette (the most frequent, kept apart).  Fewer make smaller files
 * (the Classical Fall picture: 0 54.7 KB, 2 55.4, 4 56.9, 8 58.4, all
 * 32 as before 60.1), but a blend then goes to its nearest entry, which
 * can be a third power's tint: with 0, 219 edge pixels more than with 8
 * took a power's colour from a colour far from it (pink specks along a
 * dark outline over the land, seen enlarged), with 4 62; with 8 none
 * more than with 32 (bench/README.md, "pic8"). */
#define BLENDS 8
/* A pixel's colour is the drawing's own colour when no channel is
 * farther from it than this: cairo rounds a colour it is given to 8 bits
 * another way than the region fill does (a tint 61A8CF in a region is
 * 61A8D0 in the legend). */
#define SAME_CHANNEL 2
/* A colour this near (weighted squared distance, as nearest() weighs)
 * to one already chosen waits for a second pass, so that a small but
 * distinct colour (a red cross, a unit's colour) gets its entry before a
 * tenth shade of antialiasing. */
#define APART 2000
/* libdeflate's level, measured on the Classical results picture's
 * indices (bench/README.md, "pic6"): 5 61,699 bytes in 2.7 ms, 6 59,932
 * in 3.5, 7 57,482 in 5.8, 9 55,070 in 22; zlib's level 6 as png4 tuned
 * it made 59,473 in 5.4. */
#define DEFLATE_LEVEL 6
/* The colour table's size: a map has up to about 12,000 colours (the
 * Peloponnesian War's battles; Classical 7,000-8,000, most of them
 * antialiased edges), so 32,768 slots keep it at most a third full, and
 * at 8 bytes a slot it is 256 KB, which stays in a core's cache while
 * the surface streams past (at 64K slots of 12 bytes, 768 KB, a colour
 * looked up was a cache miss: a sixth of the palette's time). */
#define HASH_BITS 15
#define HASH_SIZE (1u << HASH_BITS)
/* Never fuller than this: a picture of more colours is refused rather
 * than the table probed for ever. */
#define HASH_MAX_USED (HASH_SIZE * 3 / 4)

/* An open-addressing table of colours: the pixel count while the
 * picture is read, the palette index once the palette is chosen. */
#define IN_USE (1u << 24)
#define TAKEN (1u << 25)        /* an entry of the palette already */
struct colour_slot {
	uint32_t rgb;           /* 0xRRGGBB | IN_USE, and TAKEN */
	union {
		uint32_t count;
		uint32_t index;
	};
};

/* A run of one colour within a row: its slot in the colour table and
 * its length (a row is at most 65,535 pixels wide, asserted below). */
struct run {
	uint16_t slot;
	uint16_t len;
};

static struct colour_slot *slot_of(struct colour_slot *t, uint32_t rgb)
{
	uint32_t h = (rgb * 2654435761u) >> (32 - HASH_BITS);
	while (t[h].rgb && (t[h].rgb & ~TAKEN) != (rgb | IN_USE))
		h = (h + 1) & (HASH_SIZE - 1);
	return &t[h];
}

/* The colours in the palette's order of choice, most pixels first, ties
 * by colour value: each one's key is its pixel count's complement above
 * its colour, and the keys are sorted by their bytes from the lowest up
 * (a radix sort).  A map has thousands of colours, most of them one or
 * two antialiased pixels, and qsort's calls to a comparison were a tenth
 * of the palette's time (bench/README.md, "png4"). */
static void by_count(struct colour_slot *t, struct colour_slot **used, int n)
{
	uint64_t *key = xmalloc(2 * (size_t)n * sizeof *key), *from = key, *to = key + n;

	for (int i = 0; i < n; i++)
		key[i] = (uint64_t)(UINT32_MAX - used[i]->count) << 24 | (used[i]->rgb & 0xFFFFFF);
	for (int shift = 0; shift < 56; shift += 8) {
		size_t at[257] = { 0 };
		for (int i = 0; i < n; i++)
			at[(from[i] >> shift & 255) + 1]++;
		for (int b = 0; b < 256; b++)
			at[b + 1] += at[b];
		for (int i = 0; i < n; i++)
			to[at[from[i] >> shift & 255]++] = from[i];
		uint64_t *swap = from;
		from = to;
		to = swap;
	}
	for (int i = 0; i < n; i++)
		used[i] = slot_of(t, (uint32_t)(from[i] & 0xFFFFFF));
	free(key);
}

/* The weighted squared distance from rgb to the nearest of the first n
 * entries, and that entry's number in *at (the lowest of equals).  Each
 * entry's distance is packed above its number and the least taken, a
 * loop without branches that the compiler makes vector code of: every
 * colour of the map, thousands of them, is matched against the palette
 * (it was 4% of a picture's CPU as a loop with a branch, bench/README.md,
 * "pic7"); a distance is below 9 * 255 * 255 < 2^20, so it and a number
 * below 256 fit in 32 bits. */
static int distance(const png_color *pal, int n, uint32_t rgb, int *at)
{
	int r = (int)(rgb >> 16 & 255), g = (int)(rgb >> 8 & 255), b = (int)(rgb & 255);
	uint32_t best = UINT32_MAX;
	for (int i = 0; i < n; i++) {
		int dr = r - pal[i].red, dg = g - pal[i].green, db = b - pal[i].blue;
		uint32_t d = (uint32_t)(2 * dr * dr + 4 * dg * dg + 3 * db * db) << 8 | (uint32_t)i;
		best = d < best ? d : best;
	}
	if (at)
		*at = (int)(best & 255);
	return (int)(best >> 8);
}

static int nearest(const png_color *pal, int n, uint32_t rgb)
{
	int at;
	distance(pal, n, rgb, &at);
	return at;
}

/* The slot of the colour the picture has for the drawing's colour rgb:
 * of those no channel farther than SAME_CHANNEL from it, the one of most
 * pixels (ties: the lower colour value); NULL if none.  Looked up in t,
 * (2 SAME_CHANNEL + 1)^3 probes, rather than asking each of the picture's
 * thousands of colours whether it is one of the drawing's. */
static struct colour_slot *kept_slot(struct colour_slot *t, uint32_t rgb)
{
	struct colour_slot *best = NULL;
	int c[3] = { (int)(rgb >> 16 & 255), (int)(rgb >> 8 & 255), (int)(rgb & 255) };

	for (int dr = -SAME_CHANNEL; dr <= SAME_CHANNEL; dr++)
		for (int dg = -SAME_CHANNEL; dg <= SAME_CHANNEL; dg++)
			for (int db = -SAME_CHANNEL; db <= SAME_CHANNEL; db++) {
				int r = c[0] + dr, g = c[1] + dg, b = c[2] + db;
				if (r < 0 || r > 255 || g < 0 || g > 255 || b < 0 || b > 255)
					continue;
				struct colour_slot *s = slot_of(t, (uint32_t)(r << 16 | g << 8 | b));
				if (s->rgb && (!best || s->count > best->count ||
				               (s->count == best->count &&
				                (s->rgb & 0xFFFFFF) < (best->rgb & 0xFFFFFF))))
					best = s;
			}
	return best;
}

/* slot's colour as a palette entry, the slot marked taken. */
static png_color take(struct colour_slot *slot)
{
	uint32_t rgb = slot->rgb;
	slot->rgb |= TAKEN;
	return (png_color){ (png_byte)(rgb >> 16), (png_byte)(rgb >> 8), (png_byte)rgb };
}

/* The palette: first each of keep's colours the picture has (kept_slot),
 * in keep's order; then blends (used[] is most frequent first) up to
 * SMALL_PALETTE entries if the drawing's colours fit it, else BLENDS
 * more, at most PALETTE_SIZE in all: those not too near one already
 * taken, then any.  Marks each taken slot TAKEN.  Returns the number
 * of entries. */
static int choose_palette(struct colour_slot *t, struct colour_slot **used, int nused,
                          const uint32_t *keep, int nkeep, png_color *pal)
{
	int npal = 0, size = PALETTE_SIZE;

	for (int k = 0; k < nkeep && npal < PALETTE_SIZE; k++) {
		struct colour_slot *s = kept_slot(t, keep[k]);
		if (s && !(s->rgb & TAKEN))
			pal[npal++] = take(s);
	}
	if (npal <= SMALL_PALETTE)
		size = SMALL_PALETTE;
	else if (npal + BLENDS < size)
		size = npal + BLENDS;
	for (int pass = 0; pass < 2; pass++)
		for (int i = 0; i < nused && npal < size; i++)
			if (!(used[i]->rgb & TAKEN) && (pass || !npal || distance(pal, npal, used[i]->rgb, NULL) >= APART))
				pal[npal++] = take(used[i]);
	return npal;
}

/* The rows of 8-bit indices at raw (each a filter byte, then w
 * indices) packed in place to 4 bits a pixel, the first pixel in the
 * high half, an odd row's last half zero.  Returns the new row length. */
static size_t pack_nibbles(unsigned char *raw, int w, int h)
{
	size_t from = (size_t)w + 1, to = (size_t)(w + 1) / 2 + 1;

	for (size_t y = 0; y < (size_t)h; y++) {
		const unsigned char *in = raw + y * from + 1;
		unsigned char *out = raw + y * to;
		out[0] = raw[y * from];
		int x = 0;
		for (; x + 1 < w; x += 2)
			out[1 + x / 2] = (unsigned char)(in[x] << 4 | in[x + 1]);
		if (x < w)
			out[1 + x / 2] = (unsigned char)(in[x] << 4);
	}
	return to;
}

static void to_strbuf(png_structp png, png_bytep data, png_size_t len)
{
	strbuf_add(png_get_io_ptr(png), data, len);
}

static void flush_none(png_structp png)
{
	(void)png;
}

/* Deflate the filtered rows (each a filter byte, 0, then its indices)
 * into one zlib stream.  Returns its length, or 0 if it failed.  The
 * compressor is made once a process and kept, as libdeflate allows: at
 * level 6 it is about half a megabyte of match-finder tables, which a new
 * one each picture took from the system and faulted in page by page
 * (bench/README.md, "pic9"). */
static size_t deflate_rows(const unsigned char *raw, size_t n, unsigned char **z)
{
	static struct libdeflate_compressor *c;
	size_t len = 0;

	if (!c)
		c = libdeflate_alloc_compressor(DEFLATE_LEVEL);
	if (c) {
		size_t cap = libdeflate_zlib_compress_bound(c, n);
		*z = xmalloc(cap);
		len = libdeflate_zlib_compress(c, raw, n, *z, cap);
	}
	return len;
}

/* The length of the run of pixels of colour rgb (alpha ignored) that
 * begins at row[x], which is one of them: a map's run is a dozen pixels
 * on average (Classical: 82,000 runs in 991,200 pixels), and asking four
 * pixels at a time was the palette's dearest loop, pixel by pixel. */
static int run_length(const uint32_t *row, int x, int w, uint32_t rgb)
{
	int run = 1;
#ifdef __SSE2__
	const __m128i want = _mm_set1_epi32((int)rgb), colour = _mm_set1_epi32(0xFFFFFF);
	while (x + run + 4 <= w) {
		__m128i px = _mm_and_si128(_mm_loadu_si128((const __m128i *)(row + x + run)), colour);
		int same = _mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(px, want)));
		if (same != 0xF)
			return run + __builtin_ctz((unsigned)~same);
		run += 4;
	}
#endif
	while (x + run < w && (row[x + run] & 0xFFFFFF) == rgb)
		run++;
	return run;
}

int pic_png_write(const unsigned char *data, int w, int h, int stride, const uint32_t *keep, int nkeep,
                  struct strbuf *out)
{
	/* kept from one picture to the next, and left empty by each (only
	 * the slots it used, listed in used[] as they are taken, are
	 * cleared): no 256 KB to fault in, clear or scan */
	static struct colour_slot *t;
	struct colour_slot **used = xmalloc(HASH_MAX_USED * sizeof *used);
	png_color pal[256];
	int nused = 0, npal;
	size_t row_bytes = (size_t)w + 1, nruns = 0, cap = (size_t)h * 64;
	struct run *runs = xmalloc(cap * sizeof *runs);
	/* the rows as the PNG holds them: filter byte 0 (none), indices */
	unsigned char *raw = xmalloc(row_bytes * (size_t)h), *z = NULL;

	assert(w > 0 && w <= UINT16_MAX && HASH_SIZE <= UINT16_MAX + 1u);
	if (!t)
		t = xcalloc(HASH_SIZE, sizeof *t);

	/* a map is runs of one colour: a run is looked up once, and kept
	 * (its slot and length) so that the indices are written from the runs
	 * without reading the surface a second time */
	for (int y = 0; y < h; y++) {
		const uint32_t *row = (const uint32_t *)(data + (size_t)y * (size_t)stride);
		for (int x = 0; x < w;) {
			uint32_t rgb = row[x] & 0xFFFFFF;
			int run = run_length(row, x, w, rgb);
			struct colour_slot *s = slot_of(t, rgb);
			if (!s->rgb) {
				if (nused == HASH_MAX_USED) {
					for (int i = 0; i < nused; i++)
						*used[i] = (struct colour_slot){ 0 };
					free(used);
					free(runs);
					free(raw);
					return fail("the map has more than %u colours", HASH_MAX_USED);
				}
				s->rgb = rgb | IN_USE;
				used[nused++] = s;
			}
			s->count += (uint32_t)run;
			if (nruns == cap)
				runs = xrealloc(runs, (cap *= 2) * sizeof *runs);
			runs[nruns++] = (struct run){ (uint16_t)(s - t), (uint16_t)run };
			x += run;
		}
	}
	by_count(t, used, nused);
	npal = choose_palette(t, used, nused, keep, nkeep, pal);
	for (int i = 0; i < nused; i++)
		used[i]->index = nearest(pal, npal, used[i]->rgb);
	/* the runs cover the rows in order, each within its row: the rows'
	 * filter bytes are put in between */
	unsigned char *idx = raw;
	for (size_t r = 0, x = (size_t)w; r < nruns; r++) {
		if (x == (size_t)w) {
			*idx++ = 0;
			x = 0;
		}
		unsigned char index = (unsigned char)t[runs[r].slot].index;
		int len = runs[r].len;
		/* most runs are an antialiased pixel or two: memset's call
		 * only pays for a long one */
		if (len < 16)
			for (int i = 0; i < len; i++)
				idx[i] = index;
		else
			memset(idx, index, (size_t)len);
		idx += len;
		x += (size_t)len;
	}
	free(runs);
	for (int i = 0; i < nused; i++)
		*used[i] = (struct colour_slot){ 0 };
	free(used);
	int depth = npal <= SMALL_PALETTE ? 4 : 8;
	if (depth == 4)
		row_bytes = pack_nibbles(raw, w, h);
	size_t zlen = deflate_rows(raw, row_bytes * (size_t)h, &z);
	free(raw);
	if (!zlen) {
		free(z);
		return fail("cannot compress the map's PNG");
	}

	png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
	png_infop info = png ? png_create_info_struct(png) : NULL;
	if (!info || setjmp(png_jmpbuf(png))) {
		png_destroy_write_struct(&png, info ? &info : NULL);
		free(z);
		return fail("cannot write the map as PNG");
	}
	png_set_write_fn(png, out, to_strbuf, flush_none);
	png_set_IHDR(png, info, (png_uint_32)w, (png_uint_32)h, depth, PNG_COLOR_TYPE_PALETTE,
	             PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
	png_set_PLTE(png, info, pal, npal);
	png_write_info(png, info);
	/* the image data as one IDAT chunk, then the end: what
	 * png_write_row and png_write_end would write, deflated above */
	png_write_chunk(png, (png_const_bytep)"IDAT", z, zlen);
	png_write_chunk(png, (png_const_bytep)"IEND", NULL, 0);
	png_destroy_write_struct(&png, &info);
	free(z);
	return 0;
}
