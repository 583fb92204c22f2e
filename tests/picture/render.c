/*
 * render.c - draws the map picture of a fixed phase of a variant, for the
 * picture tests and for looking at: the starting position, or the results
 * of the first phase adjudicated with orders read from a file.
 *
 *   render VARIANT OUT.png|OUT.svg [ORDERS-FILE [STATE-FILE]]
 *
 * The orders file has lines "Power: order", as players mail them; the
 * state file, a position in the text the Judge stores (default: the
 * variant's start).  The results are drawn again after the start, in the
 * same process, so that what the drawing keeps from one picture to the
 * next (the geography's raster runs) is seen to change nothing: the two
 * must be the same bytes.  Exit 1 if anything fails (the order rejected,
 * the picture not drawn, the second drawing different).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/error.h"
#include "picture/pic.h"
#include "variants/variant.h"

/* Check the orders of file path on state s into sets (one per power). */
static int read_orders(const struct vstate *s, const char *path, struct order_set *sets,
                       struct strbuf *accepted, int *nsets)
{
	const struct variant *v = s->v;
	struct strbuf text = STRBUF_INIT;
	int bad = 0;

	if (strbuf_read_file(&text, path) < 0)
		return fail("cannot read %s", path);
	for (int p = 0; p < v->npowers; p++) {
		struct strbuf mine = STRBUF_INIT, echo = STRBUF_INIT;
		struct power_set seat = { 0 }, given = { 0 };
		const char *t = text.buf, *line;
		size_t len, nlen = strlen(v->power[p].name);
		while (str_next_line(&t, &line, &len))
			if (len > nlen + 1 && !strncmp(line, v->power[p].name, nlen) && line[nlen] == ':')
				strbuf_addf(&mine, "%.*s\n", (int)(len - nlen - 1), line + nlen + 1);
		pset_add(&seat, p);
		if (mine.len) {
			bad += variant_check(s, &seat, p, 0, mine.buf, accepted, &given, &echo);
			if (accepted[p].len)
				sets[(*nsets)++] = (struct order_set){ p, accepted[p].buf };
		}
		if (bad)
			fprintf(stderr, "%s", echo.buf);
		strbuf_release(&mine);
		strbuf_release(&echo);
	}
	strbuf_release(&text);
	return bad ? fail("%d orders rejected", bad) : 0;
}

int main(int argc, char **argv)
{
	const struct variant *v;
	struct strbuf state = STRBUF_INIT, png = STRBUF_INIT;
	struct vstate before, after;
	unsigned char seed[VARIANT_SEED_BYTES] = { 0 };
	struct variant_chance chance = { seed, seed, NULL };
	int rc = 0;

	if (argc < 3 || argc > 5) {
		fprintf(stderr, "usage: render VARIANT OUT.png|OUT.svg [ORDERS [STATE]]\n");
		return 2;
	}
	if (!(v = variant_find(argv[1], NULL)))
		return fail_print(), 1;
	/* every power's game key zero: a fixed game */
	chance.keys = xcalloc((size_t)v->npowers, VARIANT_SEED_BYTES);
	if (argc == 5 ? strbuf_read_file(&state, argv[4]) < 0 : (variant_initial(v, v->max_players, &chance, &state), 0))
		return fprintf(stderr, "render: cannot read %s\n", argv[4]), 1;
	if (vstate_open(&before, v, state.buf))
		return fail_print(), 1;
	int svg = strlen(argv[2]) > 4 && !strcmp(argv[2] + strlen(argv[2]) - 4, ".svg");
	if (argc >= 4) {
		struct order_set sets[VARIANT_MAX_POWERS];
		struct strbuf *accepted = xcalloc((size_t)v->npowers, sizeof *accepted);
		struct strbuf next = STRBUF_INIT;
		struct variant_report *report = variant_report_new();
		struct game_end end = { 0 };
		int nsets = 0;
		for (int p = 0; p < v->npowers; p++)
			strbuf_init(&accepted[p]);
		rc = read_orders(&before, argv[3], sets, accepted, &nsets) ||
		     variant_adjudicate(&before, sets, nsets, NULL, 0, &chance, &next, report, &end) ||
		     vstate_open(&after, v, next.buf) ||
		     variant_picture(&before, sets, nsets, NULL, 0, &chance, &after, svg ? PIC_SVG : PIC_PNG, &png);
		if (!rc) {
			struct strbuf start = STRBUF_INIT, again = STRBUF_INIT;
			fputs(report->all.buf, stdout);
			rc = variant_picture(NULL, NULL, 0, NULL, 0, NULL, &before, svg ? PIC_SVG : PIC_PNG, &start) ||
			     variant_picture(&before, sets, nsets, NULL, 0, &chance, &after, svg ? PIC_SVG : PIC_PNG,
			                     &again);
			if (!rc && (again.len != png.len || memcmp(again.buf, png.buf, png.len)))
				rc = fail("the results drawn again after the start differ");
			strbuf_release(&start);
			strbuf_release(&again);
		}
	} else {
		rc = variant_picture(NULL, NULL, 0, NULL, 0, NULL, &before, svg ? PIC_SVG : PIC_PNG, &png);
	}
	if (rc)
		return fail_print(), 1;
	FILE *f = fopen(argv[2], "wb");
	if (!f || fwrite(png.buf, 1, png.len, f) != png.len || fclose(f))
		return fprintf(stderr, "render: cannot write %s\n", argv[2]), 1;
	return 0;
}
