/*
 * operations_bench.c - how long the Peloponnesian War's engine takes to
 * adjudicate an operations phase with every major operating, from the
 * 431 BC opening (bench/README.md has the figures and what they mean).
 *
 * The position is the scenario's opening moved to the operations phase,
 * with Corinth and Thebes made independent so that all four majors
 * operate, and every treasury at least 3000 talents; each sends the opening a player of the board game would: the
 * Spartan invasion of Attica, the Athenian fleet round the Peloponnese,
 * Corinth and Thebes against Athens' allies, then stations and returns.
 * Each run draws its dice from a different seed, so the phase takes
 * different paths (interceptions, battles, sieges, forced returns).  A
 * benchmark, not a test: `make check` does not run it.
 *
 *   make bench/operations_bench && ./bench/operations_bench [RUNS]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "parser/pelo_ops_orders.h"
#include "variants/pelo_map_load.h"
#include "variants/pelo_report.h"

/* Every major's operations, as a player mails them. */
static const char *const plans[][6] = {
	{ "ath", "sail 10 ships from Piraeus to Naupactus", "station Naupactus",
	  "march 4 hoplites from Athens to Eleusis", "attack Megara from Eleusis", "return Megara" },
	{ "cor", "attack Corcyra from Corinth with 3 ships, 2 hoplites", "return Corcyra", NULL },
	{ "spa", "attack Athens from Sparta with 7 hoplites, 1 cavalry", "station Athens",
	  "attack Athens", NULL },
	{ "thb", "attack Plataea from Thebes", "attack Plataea", "return Plataea", NULL },
};

static double now_ms(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

int main(int argc, char **argv)
{
	static struct pelo_board b;
	struct pelo_pos start, p;
	struct pelo_ops_plan plan[PELO_MAX_CITIES];
	struct pelo_instructions in;
	const char *top = getenv("top_srcdir") ? getenv("top_srcdir") : JUDGE_SRCDIR;
	char mapfile[1024], scenfile[1024];
	int runs = argc > 1 ? atoi(argv[1]) : 2000, ops = 0;
	double total = 0, worst = 0;
	size_t report = 0;

	snprintf(mapfile, sizeof mapfile, "%s/variants/peloponnesian/map.txt", top);
	snprintf(scenfile, sizeof scenfile, "%s/variants/peloponnesian/scenario.txt", top);
	if (pelo_map_load(mapfile, &b) || pelo_scenario_load(scenfile, &b))
		return fail_print();
	pelo_pos_initial(&b.map, &b.scen, &start);
	start.phase = PELO_PH_OPERATIONS;
	/* every major at the head of its side, with the money to march */
	for (int c = 0; c < b.map.ncities; c++) {
		if (!strcmp(b.map.city[c].code, "cor") || !strcmp(b.map.city[c].code, "thb"))
			pelo_set_box(&start, c, PELO_BOX_DOMINANT, PELO_NONE);
		if (b.map.city[c].class == PELO_MAJOR && start.treasury[c] < 3000)
			start.treasury[c] = 3000;
	}
	memset(plan, 0, sizeof plan);
	memset(&in, 0, sizeof in);
	const struct pelo_ops_names nm = { &b.spaces, &b.leaders };
	for (size_t k = 0; k < sizeof plans / sizeof plans[0]; k++) {
		int c = pelo_city_by_code(&b.map, plans[k][0]);
		for (int i = 1; i < 6 && plans[k][i]; i++) {
			char why[200];
			struct pelo_op op;
			if (pelo_parse_op(&b.map, &b.scen, &nm, plans[k][i], strlen(plans[k][i]), &op, why, sizeof why)) {
				fprintf(stderr, "operations_bench: %s: %s\n", plans[k][i], why);
				return 1;
			}
			plan[c].op[plan[c].n++] = op;
		}
	}
	for (int r = 0; r < runs; r++) {
		unsigned char seed[CHANCE_SEED_BYTES] = { 0 };
		struct chance_stream dice;
		struct strbuf out = STRBUF_INIT;
		struct pelo_report words;
		double t0;

		memcpy(seed, &r, sizeof r);
		chance_init(&dice, seed, "dice");
		p = start;
		t0 = now_ms();
		ops += pelo_operations(&b.map, &b.scen, &p, plan, &in, &dice, pelo_report_init(&words, &b.map, &b.scen, &out));
		t0 = now_ms() - t0;
		total += t0;
		worst = t0 > worst ? t0 : worst;
		report += out.len;
		if (r == 0 && getenv("BENCH_SHOW"))
			fputs(out.buf, stdout);
		strbuf_release(&out);
	}
	printf("operations phase, 431 BC opening, 4 majors operating: %d runs\n", runs);
	printf("  mean %.3f ms, worst %.3f ms per phase; %.1f operations and %zu bytes of report"
	       " per phase\n", total / runs, worst, (double)ops / runs, report / (size_t)runs);
	return 0;
}
