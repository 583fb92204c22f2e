/*
 * godip_bench.c - our side of the side-by-side benchmark against godip
 * (bench/godip.sh): reads a file of Standard movement phases in the jDip
 * case format with the Judge's own case reader (dip_each_case), checks that
 * adjudicating each phase twice gives byte-identical results, then times
 * dip_adjudicate over all the phases, round after round, for at least the
 * given number of seconds of CPU time.
 *
 * CPU time of the process, not wall time: the machine is shared, and godip's
 * side (bench/godip/main.go) measures the same way, so the two figures of
 * one run can be divided.
 *
 * It also prints a digest (FNV-1a) of every outcome and next position, so
 * that two builds of the engine can be shown to give byte-identical
 * results on the whole file, not just the same pass count.
 *
 * Usage: godip_bench FILE [SECONDS]
 * Exits 1 if the file cannot be read, a case is malformed, or an
 * adjudication is not deterministic.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "adjudicator/dip.h"
#include "base/strbuf.h"
#include "variants/dip_board.h"

struct phase {
	struct dip_position pos;
	int norders;
	struct dip_order orders[DIP_MAX_ORDERS];
};

struct phases {
	int n, cap;
	struct phase *p;
	int bad;                /* no memory for one */
};

static void keep(void *ctx, const struct dip_position *p,
                 const struct dip_order *orders, int norders)
{
	struct phases *ps = ctx;
	if (ps->n == ps->cap) {
		int cap = ps->cap ? 2 * ps->cap : 256;
		struct phase *np = realloc(ps->p, (size_t)cap * sizeof *np);
		if (!np) {
			ps->bad = 1;
			return;
		}
		ps->p = np;
		ps->cap = cap;
	}
	struct phase *ph = &ps->p[ps->n++];
	ph->pos = *p;
	ph->norders = norders;
	memcpy(ph->orders, orders, (size_t)norders * sizeof orders[0]);
}

static uint64_t fnv1a(uint64_t h, const void *data, size_t n)
{
	const unsigned char *c = data;
	while (n--)
		h = (h ^ *c++) * 0x100000001b3u;
	return h;
}

static double cpu_seconds(void)
{
	struct timespec t;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
	static struct dip_outcome out1, out2;
	static struct dip_position next1, next2;
	struct phases ps = { 0 };
	struct strbuf text = STRBUF_INIT;
	const struct dip_board *b;
	double seconds = 2.0, spent = 0;
	long done = 0;
	uint64_t digest = 0xcbf29ce484222325u;

	if (argc < 2 || argc > 3 || (argc == 3 && (seconds = atof(argv[2])) <= 0)) {
		fprintf(stderr, "usage: %s FILE [SECONDS]\n", argv[0]);
		return 2;
	}
	if (!(b = dip_board_find("Standard")) || strbuf_read_file(&text, argv[1]) ||
	    dip_each_case(b, argv[1], text.buf, keep, &ps) || ps.bad || !ps.n) {
		fprintf(stderr, "godip_bench: %s\n", ps.bad ? "out of memory"
		        : ps.n ? fail_text() : "no phases");
		return 1;
	}
	strbuf_release(&text);

	for (int i = 0; i < ps.n; i++) {
		struct phase *ph = &ps.p[i];
		memset(&out1, 0, sizeof out1);
		memset(&out2, 0, sizeof out2);
		memset(&next1, 0, sizeof next1);
		memset(&next2, 0, sizeof next2);
		dip_adjudicate(&b->map, &ph->pos, ph->orders, ph->norders, &out1, &next1);
		dip_adjudicate(&b->map, &ph->pos, ph->orders, ph->norders, &out2, &next2);
		if (memcmp(&out1, &out2, sizeof out1) || memcmp(&next1, &next2, sizeof next1)) {
			fprintf(stderr, "godip_bench: phase %d: two adjudications differ\n", i + 1);
			return 1;
		}
		digest = fnv1a(digest, &out1, sizeof out1);
		digest = fnv1a(digest, &next1, sizeof next1);
	}
	printf("judge: %d phases, results digest %016llx\n", ps.n, (unsigned long long)digest);

	while (spent < seconds) {
		double t0 = cpu_seconds();
		for (int i = 0; i < ps.n; i++)
			dip_adjudicate(&b->map, &ps.p[i].pos, ps.p[i].orders, ps.p[i].norders,
			               &out1, &next1);
		spent += cpu_seconds() - t0;
		done += ps.n;
	}
	printf("judge: %ld phases in %.3f s CPU: %.0f phases/s\n", done, spent,
	       (double)done / spent);
	free(ps.p);
	return 0;
}
