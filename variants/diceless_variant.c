/*
 * diceless_variant.c - the diceless Peloponnesian War behind the variant
 * interface: binds variants/diceless/map.txt to the diceless engine, the
 * order grammar and the texts.  Each turn is one phase, so both sides'
 * placements are taken at one deadline; the game opens with a set-up
 * phase for the second counters (RULES.md section 6); and a turn whose
 * hands were drawn while a side held the oracle opens with a short Delphi
 * phase of that side alone, which ends as soon as it has sent its choice
 * or PASS (section 8).
 *
 * Orders are checked with the players' grammar when they arrive and kept
 * in canonical form; adjudication reads them back with dl_read_order, and
 * so does the count of chits a turn's set leaves unplaced, which a turn
 * run before its deadline ("all orders are in") waits on.
 *
 * Chance (RULES.md section 10): each phase's seed for what its results
 * show, each side's game key for its hands and its chits kept at random,
 * which stay secret until the game ends; the next phase's seed is not
 * used.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "parser/diceless_orders.h"
#include "variants/diceless_board.h"
#include "variants/variant.h"

static const struct dl_board *board_of(const struct variant *v)
{
	return v->data;
}

static int diceless_op_load(struct variant *v, const char *dir)
{
	char path[1200];
	struct dl_board *b = xcalloc(1, sizeof *b);

	snprintf(path, sizeof path, "%s/map.txt", dir);
	if (dl_board_load(path, b)) {
		free(b);
		return -1;
	}
	for (int s = 0; s < 2; s++)
		variant_add_power(v, b->map.side[s].letter, b->map.side[s].name);
	if (!v->name[0])
		snprintf(v->name, sizeof v->name, "%s", b->map.variant);
	v->data = b;
	return 0;
}

static void *diceless_op_read(const struct variant *v, const char *state)
{
	struct dl_position *p = xmalloc(sizeof *p);

	if (dl_state_read(&board_of(v)->map, state, p)) {
		free(p);
		return NULL;
	}
	return p;
}

static void diceless_op_release(const struct variant *v, void *pos)
{
	(void)v;
	free(pos);
}

static void diceless_op_initial(const struct variant *v, int players, const struct variant_chance *chance,
                       struct strbuf *state)
{
	(void)players;           /* every power plays whatever their number */
	struct dl_position p;

	/* nothing is drawn before the set-up: its results deal the hands of
	 * turn 1, from the game keys */
	(void)chance;
	dl_initial(&board_of(v)->map, &p);
	dl_state_write(&board_of(v)->map, &p, state);
}

/* The phase kinds, for the periods of variant.txt. */
static const char *const kind_word[] = {
	[DL_PH_SETUP] = "setup", [DL_PH_TURN] = "turn", [DL_PH_OVER] = "over",
	[DL_PH_DELPHI] = "delphi",
};

static void diceless_op_phase(const struct variant *v, const void *pos, struct variant_phase *ph)
{
	const struct dl_position *p = pos;
	struct strbuf name = STRBUF_INIT;
	int holder = dl_oracle_holder(&board_of(v)->map, p);

	dl_format_phase(&board_of(v)->map, p, &name);
	snprintf(ph->name, sizeof ph->name, "%s", name.buf);
	strbuf_release(&name);
	snprintf(ph->kind, sizeof ph->kind, "%s", kind_word[p->phase]);
	for (int side = 0; side < 2; side++)
		if (p->phase == DL_PH_SETUP || (p->phase == DL_PH_TURN && p->hand[side].n > 0) ||
		    (p->phase == DL_PH_DELPHI && side == holder))
			pset_add(&ph->must, side);
	ph->may = ph->must;
	ph->can_pass = p->phase == DL_PH_DELPHI;
	ph->early = 1;
	ph->over = p->phase == DL_PH_OVER;
}

/*
 * Why a PASS line sent among other orders is refused, or NULL when the
 * line is not PASS.  PASS alone is the Judge's own word, taken before
 * the lines reach here (order_check.c); beside other orders it would
 * contradict them, so the set is refused with that said rather than as
 * an unknown word.
 */
static const char *pass_among_orders(const struct dl_position *p, const char *line, size_t len)
{
	while (len && isspace((unsigned char)line[len - 1]))
		len--;
	while (len && isspace((unsigned char)*line))
		line++, len--;
	if (len != 4 || strncasecmp(line, "PASS", 4) != 0)
		return NULL;
	if (p->phase == DL_PH_DELPHI)
		return "PASS keeps your hand as it is and DISCARD throws a chit back: "
		       "send one of them alone, PASS to keep the hand or DISCARD <chit> "
		       "to exchange one";
	return "nobody may pass in this phase";
}

/* One line for side: parsed, then checked against the set so far (a chit
 * in the hand, not used by a line above), which it joins if accepted. */
static enum order_verdict diceless_op_check_line(const struct order_check *c, const char *line,
                                                 size_t len, struct order_line *out)
{
	const struct dl_board *b = board_of(c->v);
	struct dl_orders *set = c->scratch;
	char why[300];
	struct dl_order o;
	const char *pass = pass_among_orders(c->pos, line, len);

	set->given = 1;
	if (set->n >= DL_MAX_ORDERS)
		snprintf(why, sizeof why, "too many orders for one phase");
	else if (pass)
		snprintf(why, sizeof why, "%s", pass);
	if (set->n >= DL_MAX_ORDERS || pass ||
	    dl_parse_order(&b->map, &b->areas, &b->chits, line, len, &o, why, sizeof why) ||
	    dl_check_order(&b->map, c->pos, c->power, set, &o, why, sizeof why)) {
		strbuf_addstr(&out->why, why);
		return ORDER_REJECTED;
	}
	set->o[set->n++] = o;
	dl_format_order(&b->map, &o, &out->canon);
	return ORDER_ACCEPTED;
}

/* The lines of set with verb. */
static int count_verb(const struct dl_orders *set, int verb)
{
	int n = 0;

	for (int i = 0; i < set->n; i++)
		n += set->o[i].verb == verb;
	return n;
}

/* The chits side still has to place in a turn after set: three a turn
 * (RULES.md section 8), or its whole hand if that holds fewer. */
static int places_left(const struct dl_position *p, int side, const struct dl_orders *set)
{
	int due = p->hand[side].n < DL_PLACES ? p->hand[side].n : DL_PLACES;
	int placed = count_verb(set, DL_PLACE);

	return placed < due ? due - placed : 0;
}

/* After a turn's orders: say what will become of chits left unplaced. */
static void completeness(const struct variant *v, const struct dl_position *p, int side,
                         const struct dl_orders *set, struct strbuf *echo)
{
	int left = places_left(p, side, set), placed = count_verb(set, DL_PLACE);

	if (!left)
		return;
	strbuf_addf(echo, "  Note: %d of %d chits placed.  Chits not placed are settled as a "
	            "silent player's (GET ", placed, placed + left);
	variant_file_name(echo, "rules", v->name);
	strbuf_addf(echo, ", section 9): %s; ordinary chits go back to the "
	            "cup, your own special chits are retired unused, and the enemy's are "
	            "placed by the Judge in random areas.\n",
	            count_verb(set, DL_KEEP) ? "the chit you named is kept" : "one is kept at random");
}

/* The set's closing note, and the diceless texts' width over the whole
 * echo of the set. */
static void diceless_op_check_done(const struct order_check *c, int rejected,
                                   const char *accepted, struct strbuf *echo, size_t from)
{
	const struct dl_position *p = c->pos;
	const struct dl_orders *set = c->scratch;

	(void)accepted;
	if (p->phase == DL_PH_TURN && set->n && !rejected)   /* only a set that is stored */
		completeness(c->v, p, c->power, set, echo);
	wrap_tail(echo, from, &DL_WRAP);
}

_Static_assert(DL_SEED_BYTES == VARIANT_SEED_BYTES, "the engine's seeds are the Judge's");

/* The engine's chance from the Judge's: this phase's seed and the two
 * sides' game keys (the Judge gives them, uses_keys being set).  Returns
 * 0, or -1 after fail() without them: hands drawn from made-up keys could
 * never be checked by the players, so there is nothing to adjudicate. */
static int engine_chance(const struct variant_chance *chance, struct dl_chance *dc)
{
	if (!chance->keys)
		return fail("diceless adjudication without the sides' game keys");
	dc->seed = chance->seed;
	for (int s = 0; s < 2; s++)
		dc->key[s] = chance->keys + (size_t)s * VARIANT_SEED_BYTES;
	return 0;
}

/* Read a side's canonical orders back; what cannot be read (a damaged
 * row) is said in the report, if given. */
static void read_orders(const struct dl_map *m, const struct order_set *set,
                        struct dl_orders *out, struct strbuf *report)
{
	const char *t = set->text, *line;
	size_t len;

	out->given = 1;
	while (str_next_line(&t, &line, &len)) {
		if (out->n == DL_MAX_ORDERS || dl_read_order(m, line, len, &out->o[out->n])) {
			if (report)
				strbuf_addf(report, "Order not usable, ignored: %s: %.*s\n",
				            m->side[set->power].name, (int)len, line);
			continue;
		}
		out->n++;
	}
}

/*
 * The chits side's stored set leaves unplaced in a turn, so that "all
 * orders are in" waits for three placements: a partial set is settled as
 * a silent player's (RULES.md section 9), so played early it would take
 * from a player still writing his set the time to finish it.  The
 * set-up's COUNTER and Delphi's DISCARD or PASS are the phase's one
 * decision, whole once given (sections 7 and 8).
 */
static int diceless_op_unordered(const struct variant *v, const void *pos, int power,
                                 const char *stored)
{
	const struct dl_position *p = pos;
	const struct order_set set = { power, stored };
	struct dl_orders orders = { 0, 0, { { 0, 0, 0, 0 } } };

	if (p->phase != DL_PH_TURN || (power != 0 && power != 1))
		return 0;
	read_orders(&board_of(v)->map, &set, &orders, NULL);
	return places_left(p, power, &orders);
}

static int diceless_op_adjudicate(const struct variant *v, const void *pos,
                         const struct order_set *sets, int nsets,
                         const struct order_set *standing, int nstanding,
                         const struct variant_chance *chance,
                         struct strbuf *next, struct variant_report *report, struct game_end *end)
{
	const struct dl_map *m = &board_of(v)->map;
	const struct dl_position *p = pos;
	struct dl_position *np;
	struct dl_outcome *out;
	struct dl_orders orders[2];
	struct dl_chance dc;
	struct strbuf unusable = STRBUF_INIT;

	(void)standing, (void)nstanding;    /* the game has none */
	if (engine_chance(chance, &dc))
		return -1;
	np = xmalloc(sizeof *np);
	out = xmalloc(sizeof *out);
	memset(orders, 0, sizeof orders);
	for (int i = 0; i < nsets; i++)
		if (sets[i].power == 0 || sets[i].power == 1)
			read_orders(m, &sets[i], &orders[sets[i].power], &unusable);
	dl_adjudicate(m, p, orders, &dc, out, np);
	dl_report(m, p, out, np, &report->all);
	for (int s = 0; s < 2; s++)
		dl_report_private(m, out, s, &report->power[s]);
	strbuf_addstr(&report->all, unusable.buf);
	dl_state_write(m, np, next);
	if (np->phase == DL_PH_OVER) {
		end->over = 1;
		end->winner = np->winner;
		if (np->winner == DL_NONE)
			snprintf(end->how, sizeof end->how, "a draw after turn %d", np->turn);
		else
			snprintf(end->how, sizeof end->how, "%s wins with %d areas and %d counters "
			         "after turn %d", m->side[np->winner].name, out->areas[np->winner],
			         out->counters[np->winner], np->turn);
	}
	strbuf_release(&unusable);
	free(out);
	free(np);
	return 0;
}

static void diceless_op_status(const struct variant *v, const void *pos, struct strbuf *out)
{
	dl_status(&board_of(v)->map, pos, out);
}

static void diceless_op_status_json(const struct variant *v, const void *pos, struct json *j)
{
	dl_status_json(&board_of(v)->map, pos, j);
}

static void diceless_op_private_info(const struct variant *v, const void *pos, int power,
                            struct strbuf *out)
{
	if (power == 0 || power == 1)
		dl_private(&board_of(v)->map, pos, power, out);
}

/* The areas linked to a by way (a bit of enum dl_link), or "none". */
static void area_list(const struct dl_map *m, int a, int way, struct strbuf *line)
{
	int n = 0;

	for (int b = 0; b < m->nareas; b++)
		if (m->link[a][b] & way)
			strbuf_addf(line, "%s%s (%s)", n++ ? ", " : "", m->area[b].name, m->area[b].code);
	if (!n)
		strbuf_addstr(line, "none");
}

/* Every area with its code and what it is, then its land and its sea
 * connections: a chit's range counts both alike. */
static void diceless_op_map_text(const struct variant *v, struct strbuf *out)
{
	static const struct {
		int way;
		const char *label;
	} ways[] = { { DL_LAND, "  land: " }, { DL_SEA, "  sea:  " } };
	const struct dl_map *m = &board_of(v)->map;
	struct strbuf line;

	strbuf_init(&line);
	strbuf_addf(out, "The map of %s: %d areas.\n", v->name, m->nareas);
	strbuf_addstr(out, "Each area with its code, then the areas connected to it by land and by\n"
	              "sea.  A chit's range counts both kinds of connection alike.\n\n");
	for (int a = 0; a < m->nareas; a++) {
		strbuf_addf(out, "%s (%s)", m->area[a].name, m->area[a].code);
		for (int s = 0; s < 2; s++)
			if (m->side[s].city == a)
				strbuf_addf(out, ", the city of %s", m->side[s].name);
		if (m->oracle == a)
			strbuf_addstr(out, ", the oracle");
		strbuf_addch(out, '\n');
		for (size_t w = 0; w < sizeof ways / sizeof ways[0]; w++) {
			strbuf_reset(&line);
			strbuf_addstr(&line, ways[w].label);
			area_list(m, a, ways[w].way, &line);
			strbuf_addch(&line, '\n');
			wrap_add(out, line.buf, &WRAP_LIST(8));
		}
	}
	strbuf_release(&line);
}

/* RULES.md 11: areas held decide, counters on the map break a tie. */
static void diceless_op_score(const struct variant *v, const void *pos, struct variant_score *sc)
{
	int areas[2], counters[2], need[2];

	dl_score(&board_of(v)->map, pos, areas, counters, need);
	sc->nmeasures = 2;
	snprintf(sc->measure[0].label, sizeof sc->measure[0].label, "Areas held");
	snprintf(sc->measure[1].label, sizeof sc->measure[1].label, "Counters on the map");
	for (int s = 0; s < 2; s++) {
		sc->measure[0].of[s] = areas[s];
		sc->measure[1].of[s] = counters[s];
	}
}

const struct variant_ops diceless_variant_ops = {
	.engine = "diceless",
	.uses_keys = 1,
	.uses_seeds = 1,
	.load = diceless_op_load,
	.read = diceless_op_read,
	.release = diceless_op_release,
	.initial = diceless_op_initial,
	.phase = diceless_op_phase,
	.check_scratch = sizeof(struct dl_orders),
	.check_line = diceless_op_check_line,
	.check_done = diceless_op_check_done,
	.unordered = diceless_op_unordered,
	.adjudicate = diceless_op_adjudicate,
	.picture = diceless_picture,
	.status = diceless_op_status,
	.status_json = diceless_op_status_json,
	.score = diceless_op_score,
	.map_text = diceless_op_map_text,
	.private_info = diceless_op_private_info,
};
