/*
 * adjudicate_bench.c - how many movement phases per second the engine
 * adjudicates on Classical positions.
 *
 * For each position (the Classical start, and a crowded mid-game position
 * of 35 units) the program draws NSETS random order sets of legal orders
 * with a fixed-seed PRNG, checks that adjudicating the same set twice gives
 * byte-identical results, then adjudicates the sets round-robin for at
 * least the given number of seconds (default 2) and prints phases per
 * second.  Order generation and checks stay outside the timed loop.
 *
 * Usage: adjudicate_bench [SECONDS]
 * Exits 1 if the board cannot be loaded, a position is malformed, or an
 * adjudication is not deterministic.
 */
#include <stdio.h>
#include <sys/resource.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "adjudicator/dip.h"
#include "variants/dip_board.h"

#define NSETS    1000          /* order sets per position */
#define MAXCAND  512           /* candidate orders per unit and kind */
#define SEED     0x5eed2024d1b1u

/* ------------------------------------------------------------------ PRNG */

/* splitmix64: a small, fast, well-mixed generator; same seed, same stream. */
static uint64_t rng_state;

static uint64_t rng_next(void)
{
	uint64_t z = (rng_state += 0x9e3779b97f4a7c15u);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
	return z ^ (z >> 31);
}

/* A number in 0 .. n-1 (n > 0); the modulo bias is irrelevant here. */
static int rng_below(int n)
{
	return (int)(rng_next() % (uint64_t)n);
}

/* ------------------------------------------------------------- positions */

/* The crowded position: seven units for each power, in contact with each
 * other around Sicily, the Adriatic, the Aegean and the Levant. */
static const struct { char power, type; const char *code; } crowded[] = {
	/* Carthage */
	{ 'C', 'F', "min" }, { 'C', 'F', "mgs" }, { 'C', 'F', "sma" },
	{ 'C', 'F', "lep" }, { 'C', 'A', "pan" }, { 'C', 'A', "hal" },
	{ 'C', 'A', "car" },
	/* Rome */
	{ 'R', 'A', "mam" }, { 'R', 'A', "cap" }, { 'R', 'A', "bru" },
	{ 'R', 'A', "sam" }, { 'R', 'F', "mio" }, { 'R', 'F', "lip" },
	{ 'R', 'F', "mad" },
	/* Macedon */
	{ 'A', 'A', "epi" }, { 'A', 'A', "del" }, { 'A', 'A', "ath" },
	{ 'A', 'A', "pel" }, { 'A', 'F', "its" }, { 'A', 'F', "myr" },
	{ 'A', 'F', "aeg" },
	/* Egypt */
	{ 'E', 'A', "cyr" }, { 'E', 'A', "ale" }, { 'E', 'A', "jer" },
	{ 'E', 'A', "sin" }, { 'E', 'F', "pts" }, { 'E', 'F', "crs" },
	{ 'E', 'F', "bop" },
	/* Syria */
	{ 'S', 'A', "coe" }, { 'S', 'A', "dam" }, { 'S', 'A', "pis" },
	{ 'S', 'A', "ant" }, { 'S', 'F', "ses" }, { 'S', 'F', "lys" },
	{ 'S', 'F', "rho" },
};

/* Fill p with the crowded position (Spring movement, the start's centre
 * owners).  Exits 1 if a code or power letter is unknown. */
static void crowded_position(const struct dip_map *m, struct dip_position *p)
{
	dip_initial_position(m, p);
	p->nunits = 0;
	for (size_t i = 0; i < sizeof crowded / sizeof crowded[0]; i++) {
		struct dip_unit *u = &p->unit[p->nunits++];
		int loc = dip_loc_by_code(m, crowded[i].code);
		int power = dip_power_by_letter(m, crowded[i].power);
		if (loc == DIP_NO_LOC || power == DIP_NO_POWER) {
			fprintf(stderr, "bench: bad unit %c %c %s\n", crowded[i].power,
			        crowded[i].type, crowded[i].code);
			exit(1);
		}
		u->type = crowded[i].type == 'A' ? DIP_ARMY : DIP_FLEET;
		u->power = (int8_t)power;
		u->loc = (int16_t)loc;
	}
}

/* Exit 1 unless every unit stands where its type can stand (armies on
 * land or coast provinces, fleets at sea or on a coast, on a coast
 * location where the province has several) and no province holds two. */
static void check_position(const struct dip_map *m, const struct dip_position *p,
                           const char *name)
{
	dip_set seen = { { 0 } };

	for (int i = 0; i < p->nunits; i++) {
		const struct dip_unit *u = &p->unit[i];
		const struct dip_loc *l = &m->loc[u->loc];
		int prov = l->prov, ok;

		if (u->type == DIP_ARMY)
			ok = u->loc == prov && l->kind != DIP_SEA;
		else
			ok = l->kind != DIP_LAND && (m->loc[prov].ncoasts == 0 || u->loc != prov);
		if (!ok || dip_set_has(&seen, prov)) {
			fprintf(stderr, "bench: %s: unit %d at %s cannot stand there\n",
			        name, i, l->code);
			exit(1);
		}
		dip_set_add(&seen, prov);
	}
}

/* ---------------------------------------------------------------- orders */

/* Candidate legal orders for one unit, by kind. */
struct cands {
	int n[4];                       /* HOLD MOVE SUPPORT CONVOY */
	struct dip_order o[4][MAXCAND];
};

/* A blank order for unit u: a hold, every location field DIP_NO_LOC. */
static struct dip_order blank_order(const struct dip_unit *u)
{
	struct dip_order o;

	memset(&o, 0, sizeof o);
	o.power = u->power;
	o.kind = DIP_HOLD;
	o.type = u->type;
	o.loc = u->loc;
	o.dest = o.target = o.target_dest = DIP_NO_LOC;
	o.target_type = DIP_NO_UNIT;
	return o;
}

/* Add o to c under its kind if the engine finds it legal in p.  Exits 1
 * if MAXCAND is too small, rather than skew the draw. */
static void add_if_legal(const struct dip_map *m, const struct dip_position *p,
                         struct cands *c, const struct dip_order *o)
{
	if (dip_check_order(m, p, o) != DIP_OK)
		return;
	if (c->n[o->kind] == MAXCAND) {
		fprintf(stderr, "bench: more than %d candidate orders\n", MAXCAND);
		exit(1);
	}
	c->o[o->kind][c->n[o->kind]++] = *o;
}

/*
 * Every legal order for unit ui of p: hold; moves to every location the
 * engine accepts (for armies, convoyed moves over fleets now at sea too);
 * supports of other units' holds and of their legal moves; for a fleet at
 * sea, convoys of an army on a neighbouring coast to a coastal province
 * that army may legally be ordered to.
 */
static void unit_candidates(const struct dip_map *m, const struct dip_position *p,
                            int ui, struct cands *c)
{
	const struct dip_unit *u = &p->unit[ui];
	struct dip_order o = blank_order(u);
	int at_sea = u->type == DIP_FLEET && m->loc[u->loc].kind == DIP_SEA;

	memset(c->n, 0, sizeof c->n);
	add_if_legal(m, p, c, &o);

	for (int d = 0; d < m->nloc; d++) {
		/* a province with coasts is reached at a coast, not as a whole */
		if (d < m->nprov && m->loc[d].ncoasts && u->type == DIP_FLEET)
			continue;
		o = blank_order(u);
		o.kind = DIP_MOVE;
		o.dest = (int16_t)d;
		add_if_legal(m, p, c, &o);
	}

	for (int ti = 0; ti < p->nunits; ti++) {
		const struct dip_unit *t = &p->unit[ti];
		if (ti == ui)
			continue;
		o = blank_order(u);
		o.kind = DIP_SUPPORT;
		o.target_type = t->type;
		o.target = t->loc;
		add_if_legal(m, p, c, &o);
		for (int d = 0; d < m->nprov; d++) {
			o.target_dest = (int16_t)d;
			add_if_legal(m, p, c, &o);
		}

		if (!at_sea || t->type != DIP_ARMY || m->loc[t->loc].kind != DIP_COAST ||
		    !dip_can_reach_prov(m, DIP_FLEET, u->loc, t->loc))
			continue;
		for (int d = 0; d < m->nprov; d++) {
			struct dip_order mv = blank_order(t);
			if (m->loc[d].kind != DIP_COAST)
				continue;
			mv.kind = DIP_MOVE;
			mv.dest = (int16_t)d;
			if (dip_check_order(m, p, &mv) != DIP_OK)
				continue;
			o = blank_order(u);
			o.kind = DIP_CONVOY;
			o.target_type = DIP_ARMY;
			o.target = t->loc;
			o.target_dest = (int16_t)d;
			add_if_legal(m, p, c, &o);
		}
	}
}

/* How many orders of each kind were drawn, for the report. */
static long drawn[4];

/* Does support or convoy o back the order its target unit was given in
 * set (one order per unit of p, in unit order)? */
static int backs(const struct dip_map *m, const struct dip_position *p,
                 const struct dip_order *set, const struct dip_order *o)
{
	for (int t = 0; t < p->nunits; t++) {
		if (p->unit[t].loc != o->target)
			continue;
		if (o->target_dest == DIP_NO_LOC)
			return set[t].kind != DIP_MOVE;
		return set[t].kind == DIP_MOVE && m->loc[set[t].dest].prov == o->target_dest;
	}
	return 0;
}

/* Pick one of unit u's candidates of kind k into set[u]: for a support or
 * convoy, one backing its target's order in set when there is one. */
static void pick(const struct dip_map *m, const struct dip_position *p,
                 const struct cands *c, int k, struct dip_order *set, int u)
{
	const struct dip_order *o = c->o[k];
	int match[MAXCAND], nmatch = 0;

	if (k == DIP_SUPPORT || k == DIP_CONVOY)
		for (int i = 0; i < c->n[k]; i++)
			if (backs(m, p, set, &o[i]))
				match[nmatch++] = i;
	set[u] = nmatch ? o[match[rng_below(nmatch)]] : o[rng_below(c->n[k])];
}

/*
 * Fill sets[NSETS][p->nunits] with random order sets.  Each unit draws an
 * order kind uniformly among the kinds it has a legal order of; holds and
 * moves are drawn first (uniformly among the legal ones), then supports and
 * convoys, each uniformly among its legal orders that back what the target
 * unit was really ordered to do, or among all its legal ones if none does.
 * Unmatched supports are void and cheap: matching makes the phases look
 * like play, with cut supports and dislodgements.
 */
static void make_order_sets(const struct dip_map *m, const struct dip_position *p,
                            struct dip_order *sets)
{
	struct cands *c = calloc((size_t)p->nunits, sizeof *c);
	int kind[DIP_MAX_UNITS], kinds[4], nk;

	if (!c) {
		perror("bench");
		exit(1);
	}
	for (int u = 0; u < p->nunits; u++)
		unit_candidates(m, p, u, &c[u]);
	memset(drawn, 0, sizeof drawn);
	for (int s = 0; s < NSETS; s++) {
		struct dip_order *set = &sets[s * p->nunits];
		for (int u = 0; u < p->nunits; u++) {
			nk = 0;
			for (int k = 0; k < 4; k++)
				if (c[u].n[k])
					kinds[nk++] = k;
			kind[u] = kinds[rng_below(nk)];
			drawn[kind[u]]++;
			/* a placeholder, so backs() sees the unit as not moving */
			set[u] = c[u].o[DIP_HOLD][0];
		}
		for (int u = 0; u < p->nunits; u++)
			if (kind[u] == DIP_HOLD || kind[u] == DIP_MOVE)
				pick(m, p, &c[u], kind[u], set, u);
		for (int u = 0; u < p->nunits; u++)
			if (kind[u] == DIP_SUPPORT || kind[u] == DIP_CONVOY)
				pick(m, p, &c[u], kind[u], set, u);
	}
	free(c);
}

/* ----------------------------------------------------------------- timing */

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Scratch space: big, so kept out of the stack. */
static struct dip_outcome out1, out2;
static struct dip_position next1, next2;

/* What the sets' adjudications did, summed over the sets. */
struct tally {
	long moved, supported, cut, dislodged;
};

/* Exit 1 unless adjudicating every set twice gives byte-identical
 * outcomes and next positions, or the engine rejects an order the
 * generator drew.  Sums what happened into *t. */
static void check_determinism(const struct dip_map *m, const struct dip_position *p,
                              const struct dip_order *sets, const char *name,
                              struct tally *t)
{
	memset(t, 0, sizeof *t);
	for (int s = 0; s < NSETS; s++) {
		const struct dip_order *o = &sets[s * p->nunits];
		memset(&out1, 0, sizeof out1);
		memset(&out2, 0, sizeof out2);
		memset(&next1, 0, sizeof next1);
		memset(&next2, 0, sizeof next2);
		dip_adjudicate(m, p, o, p->nunits, &out1, &next1);
		dip_adjudicate(m, p, o, p->nunits, &out2, &next2);
		if (memcmp(&out1, &out2, sizeof out1) || memcmp(&next1, &next2, sizeof next1)) {
			fprintf(stderr, "bench: %s: order set %d: two adjudications differ\n",
			        name, s);
			exit(1);
		}
		for (int i = 0; i < out1.norders; i++) {
			const struct dip_result *r = &out1.result[i];
			if (r->reason > DIP_OK && r->reason < DIP_R_DUPLICATE) {
				fprintf(stderr, "bench: %s: order set %d: order %d rejected (%s)\n",
				        name, s, i, dip_reason_text(r->reason));
				exit(1);
			}
			t->moved += out1.order[i].kind == DIP_MOVE && r->success;
			t->supported += out1.order[i].kind == DIP_SUPPORT && r->success;
			t->cut += r->reason == DIP_R_CUT;
			t->dislodged += r->dislodged;
		}
	}
}

/* Adjudicate the sets round-robin for at least 'seconds'; print the rate. */
static void run(const struct dip_map *m, const struct dip_position *p,
                const char *name, double seconds)
{
	struct dip_order *sets = calloc((size_t)NSETS * (size_t)p->nunits, sizeof *sets);
	struct tally t;
	long phases = 0;
	double start, elapsed;

	if (!sets) {
		perror("bench");
		exit(1);
	}
	check_position(m, p, name);
	rng_state = SEED;          /* each position's sets alone decide its figure */
	make_order_sets(m, p, sets);
	check_determinism(m, p, sets, name, &t);

	start = now();
	do {
		for (int s = 0; s < NSETS; s++)
			dip_adjudicate(m, p, &sets[s * p->nunits], p->nunits, &out1, &next1);
		phases += NSETS;
		elapsed = now() - start;
	} while (elapsed < seconds);

	printf("%s: %d units, %.0f phases/s\n", name, p->nunits, (double)phases / elapsed);
	printf("  %ld phases in %.2f s; %d order sets of %ld hold, %ld move, %ld support,"
	       " %ld convoy orders\n", phases, elapsed, NSETS,
	       drawn[DIP_HOLD], drawn[DIP_MOVE], drawn[DIP_SUPPORT], drawn[DIP_CONVOY]);
	printf("  per phase: %.1f moves succeed, %.1f supports given, %.1f cut,"
	       " %.2f units dislodged\n", (double)t.moved / NSETS,
	       (double)t.supported / NSETS, (double)t.cut / NSETS,
	       (double)t.dislodged / NSETS);
	free(sets);
}

int main(int argc, char **argv)
{
	const struct dip_board *b;
	static struct dip_position start, mid;
	double seconds = 2.0;
	if (argc > 2 || (argc == 2 && (seconds = atof(argv[1])) <= 0)) {
		fprintf(stderr, "usage: %s [SECONDS]\n", argv[0]);
		return 2;
	}
	b = dip_board_find("Classical");
	if (!b) {
		fprintf(stderr, "bench: %s\n", fail_text());
		return 1;
	}
	dip_initial_position(&b->map, &start);
	run(&b->map, &start, "classical-start", seconds);
	crowded_position(&b->map, &mid);
	run(&b->map, &mid, "classical-crowded", seconds);
	/* the engine allocates nothing: this is the map, the order sets and
	 * the program itself */
	struct rusage ru;
	getrusage(RUSAGE_SELF, &ru);
	printf("peak memory: %ld KiB resident; one adjudication's working set is a "
	       "struct dip_outcome (%zu bytes) and a position (%zu bytes)\n",
	       ru.ru_maxrss, sizeof(struct dip_outcome), sizeof(struct dip_position));
	return 0;
}
