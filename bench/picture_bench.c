/*
 * picture_bench.c - how long drawing a Classical results picture takes:
 * the Classical start with fifteen moves (the orders of
 * tests/picture/classical.orders, built in here), adjudicated once, then
 * drawn as PNG again and again for at least the given seconds (default
 * 2).  The first drawing, which also builds the geography's regions once
 * per process, is timed apart.  Prints milliseconds per picture (wall
 * clock, and the process's CPU time, which other load on the machine does
 * not inflate) and the PNG's size.
 *
 * Usage: picture_bench [SECONDS]
 * Exits 1 if the variant, its orders or the drawing fail, or two
 * drawings differ.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "base/error.h"
#include "picture/pic.h"
#include "variants/variant.h"

static const char *const orders[] = {
	"C", "F car - mgs\nF pan - min\nF lep - sma\n",
	"E", "A the - lib\nF ale - pts\nF mem - soa\n",
	"A", "A pel - epi\nF cas - eub\nF kal - ans\n",
	"R", "A bru - epi\nA rom - etr\nF cap - mio\n",
	"S", "A ant - phr\nA dam - ant\nF tyr - ses\n",
};

/* Seconds by the given clock. */
static double clock_s(clockid_t id)
{
	struct timespec t;
	clock_gettime(id, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static double now(void)
{
	return clock_s(CLOCK_MONOTONIC);
}

int main(int argc, char **argv)
{
	double seconds = argc > 1 ? atof(argv[1]) : 2;
	const struct variant *v = variant_find("classical", NULL);
	unsigned char seed[VARIANT_SEED_BYTES] = { 0 };
	struct variant_chance chance = { seed, seed, NULL };
	struct strbuf state = STRBUF_INIT, next = STRBUF_INIT, first = STRBUF_INIT, png = STRBUF_INIT;
	struct strbuf accepted[VARIANT_MAX_POWERS];
	struct order_set sets[8];
	struct vstate before, after;
	struct game_end end = { 0 };
	int nsets = 0;

	if (!v)
		return fail_print(), 1;
	variant_initial(v, v->max_players, &chance, &state);
	if (vstate_open(&before, v, state.buf))
		return fail_print(), 1;
	for (size_t i = 0; i < sizeof orders / sizeof orders[0]; i += 2) {
		int p = variant_power_by_letter(v, orders[i][0]);
		struct power_set seat = { { 0 } }, given = { { 0 } };
		struct strbuf echo = STRBUF_INIT;
		for (int k = 0; k < v->npowers; k++)
			strbuf_init(&accepted[k]);
		pset_add(&seat, p);
		if (variant_check(&before, &seat, p, 0, orders[i + 1], accepted, &given, &echo)) {
			fprintf(stderr, "picture_bench: orders rejected:\n%s", echo.buf);
			return 1;
		}
		sets[nsets++] = (struct order_set){ p, strbuf_detach(&accepted[p], NULL) };
		strbuf_release(&echo);
	}
	struct variant_report *report = variant_report_new();
	if (variant_adjudicate(&before, sets, nsets, NULL, 0, &chance, &next, report, &end) ||
	    vstate_open(&after, v, next.buf))
		return fail_print(), 1;

	double t0 = now();
	if (variant_picture(&before, sets, nsets, NULL, 0, &chance, &after, PIC_PNG, &first))
		return fail_print(), 1;
	double t1 = now(), c1 = clock_s(CLOCK_PROCESS_CPUTIME_ID);
	long n = 0;
	do {
		strbuf_reset(&png);
		if (variant_picture(&before, sets, nsets, NULL, 0, &chance, &after, PIC_PNG, &png))
			return fail_print(), 1;
		if (png.len != first.len || memcmp(png.buf, first.buf, png.len)) {
			fprintf(stderr, "picture_bench: two drawings of one phase differ\n");
			return 1;
		}
		n++;
	} while (now() - t1 < seconds);
	double t2 = now(), c2 = clock_s(CLOCK_PROCESS_CPUTIME_ID);
	printf("classical results picture: first %.1f ms (with the regions built), then %.1f ms"
	       " per picture (%.1f ms of CPU) over %ld, %zu bytes\n",
	       (t1 - t0) * 1e3, (t2 - t1) * 1e3 / (double)n, (c2 - c1) * 1e3 / (double)n, n, first.len);
	return 0;
}
