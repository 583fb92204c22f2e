/*
 * antike_bench.c - what an Antike turn costs the Judge, through the front
 * layer as `judge cron` pays it: the state read (vstate_open), the turn
 * adjudicated (variant_adjudicate) and the next state written, without the
 * picture (bench/picture_bench.c times pictures).
 *
 *   one turn      the six-nation start, the Persians' first turn with the
 *                 orders below (a rondel choice and nothing else: the
 *                 first turn cannot do more), again and again;
 *   silent game   six silent nations, each playing the default, for forty
 *                 rounds (240 turns: past the length RESEARCH.md 8.6
 *                 guesses for a whole game), state text in and out at
 *                 every turn as the Judge stores it.
 *
 * Usage: antike_bench [SECONDS]   (default 2; the silent game runs whole
 * games for at least that long).  Prints microseconds per turn (wall
 * clock and CPU) and per silent game.  Exits 1 if a turn fails, or two
 * runs of the silent game differ.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "base/error.h"
#include "variants/variant.h"

#define ROUNDS 40

static double clock_s(clockid_t id)
{
	struct timespec t;
	clock_gettime(id, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* One turn from state with sets: the next state in next.  0, or -1. */
static int turn(const struct variant *v, const char *state, const struct order_set *sets, int nsets,
                struct strbuf *next)
{
	struct vstate vs;
	struct game_end end;
	struct variant_chance chance = { NULL, NULL, NULL };
	struct variant_report *report = variant_report_new();
	int rc = -1;

	if (!vstate_open(&vs, v, state)) {
		strbuf_reset(next);
		rc = variant_adjudicate(&vs, sets, nsets, NULL, 0, &chance, next, report, &end);
		vstate_close(&vs);
	}
	variant_report_free(report);
	return rc;
}

/* A silent game of ROUNDS rounds from start: its last state in out. */
static int silent_game(const struct variant *v, const char *start, int nnations, struct strbuf *out)
{
	struct strbuf a = STRBUF_INIT, b = STRBUF_INIT;

	strbuf_addstr(&a, start);
	for (int t = 0; t < ROUNDS * nnations; t++) {
		if (turn(v, a.buf, NULL, 0, &b))
			return -1;
		struct strbuf swap = a;
		a = b;
		b = swap;
	}
	strbuf_reset(out);
	strbuf_add(out, a.buf, a.len);
	strbuf_release(&a);
	strbuf_release(&b);
	return 0;
}

int main(int argc, char **argv)
{
	double seconds = argc > 1 ? atof(argv[1]) : 2;
	const struct variant *v = variant_find("antike", NULL);
	struct strbuf start = STRBUF_INIT, next = STRBUF_INIT, last = STRBUF_INIT, again = STRBUF_INIT;
	struct variant_chance chance = { NULL, NULL, NULL };

	if (!v)
		return fail_print(), 1;
	variant_initial(v, 6, &chance, &start);
	int persians = variant_power_by_letter(v, 'S');
	struct order_set first = { persians, "RONDEL IRON\n" };

	/* one turn, repeated */
	long n = 0;
	double t0 = clock_s(CLOCK_MONOTONIC), c0 = clock_s(CLOCK_PROCESS_CPUTIME_ID), t1;
	do {
		if (turn(v, start.buf, &first, 1, &next))
			return fail_print(), 1;
		n++;
	} while ((t1 = clock_s(CLOCK_MONOTONIC)) - t0 < seconds);
	double c1 = clock_s(CLOCK_PROCESS_CPUTIME_ID);
	printf("one turn (six nations, read + adjudicate + write): %.1f us wall, %.1f us CPU (%ld turns)\n",
	       (t1 - t0) / (double)n * 1e6, (c1 - c0) / (double)n * 1e6, n);

	/* whole silent games */
	if (silent_game(v, start.buf, 6, &last) || silent_game(v, start.buf, 6, &again))
		return fail_print(), 1;
	if (strcmp(last.buf, again.buf)) {
		fprintf(stderr, "antike_bench: two runs of the silent game differ\n");
		return 1;
	}
	n = 0;
	t0 = clock_s(CLOCK_MONOTONIC);
	c0 = clock_s(CLOCK_PROCESS_CPUTIME_ID);
	do {
		if (silent_game(v, start.buf, 6, &again))
			return fail_print(), 1;
		n++;
	} while ((t1 = clock_s(CLOCK_MONOTONIC)) - t0 < seconds);
	c1 = clock_s(CLOCK_PROCESS_CPUTIME_ID);
	printf("silent game (six nations, %d rounds, %d turns): %.2f ms wall, %.2f ms CPU (%ld games)\n",
	       ROUNDS, ROUNDS * 6, (t1 - t0) / (double)n * 1e3, (c1 - c0) / (double)n * 1e3, n);
	strbuf_release(&start);
	strbuf_release(&next);
	strbuf_release(&last);
	strbuf_release(&again);
	return 0;
}
