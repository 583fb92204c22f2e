/*
 * pelo_variant.c - the multi-player Peloponnesian War behind the variant
 * interface: binds variants/peloponnesian/{map,scenario}.txt to the pure
 * engine (adjudicator/pelo.h), the order grammar (parser/pelo_orders.c) and
 * the texts (pelo_status.c).
 *
 * The powers are the four majors, A C S T, in the alphabetical order the
 * rounds are played in; variant.txt deals them to 2, 3 or 4 seats.  A
 * turn is four phases (chapter 1), each its own phase kind with its own
 * period:
 *   diplomatic  every major sends its plan of actions (RULES.md 2.4);
 *   operations  every major at the head of its side sends its list of
 *               operations (RULES.md 3), played in rounds at the
 *               deadline;
 *   political   nothing to order (peace is accepted in advance, by a
 *               standing order): resolved at once;
 *   economic    every major orders its builds, knowing its revenue, which
 *               the report that opens the phase announces.
 * Standing orders are the permissions chapter 2 and 6.5 ask of another
 * player (ADMIT a major, PEACE with a city-state) and the instructions
 * the operations phase follows during others' operations (INTERCEPT,
 * AVOID, SPLIT...: RULES.md 3.6): kept by the seat until changed,
 * private until used.
 *
 * A plan is whole however short, down to one line or PASS: it lists what
 * the major wants, tried in rounds until it passes (RULES.md 2.4, 3.1,
 * 7.2), so there is no unordered op, and "all orders are in" waits only
 * for every major that must order (a seat of several plans for each).
 *
 * Chance: every die of a phase comes from that phase's seed, stream
 * "dice" (RULES.md gives the method), and is told in its results.
 */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/wrap.h"
#include "parser/pelo_ops_orders.h"
#include "parser/pelo_orders.h"
#include "variants/pelo_board.h"
#include "variants/pelo_reading.h"
#include "variants/pelo_report.h"
#include "variants/variant.h"

_Static_assert(CHANCE_SEED_BYTES == VARIANT_SEED_BYTES, "the engine's seeds are the Judge's");

static const struct pelo_board *board_of(const struct variant *v)
{
	return v->data;
}

/* The power of a major city-state. */
static int power_of(const struct pelo_map *m, int city)
{
	for (int k = 0; k < m->nmajors; k++)
		if (m->major[k] == city)
			return k;
	return -1;
}

static int pv_load(struct variant *v, const char *dir)
{
	char path[1200];
	struct pelo_board *b = xcalloc(1, sizeof *b);

	snprintf(path, sizeof path, "%s/map.txt", dir);
	if (pelo_map_load(path, b)) {
		free(b);
		return -1;
	}
	snprintf(path, sizeof path, "%s/scenario.txt", dir);
	if (pelo_scenario_load(path, b)) {
		pelo_board_free(b);
		free(b);
		return -1;
	}
	for (int k = 0; k < b->map.nmajors; k++) {
		const struct pelo_city *c = &b->map.city[b->map.major[k]];
		variant_add_power(v, c->letter, c->name);
	}
	if (!v->name[0])
		snprintf(v->name, sizeof v->name, "%s", b->map.variant);
	v->data = b;
	return 0;
}

static void *pv_read(const struct variant *v, const char *state)
{
	struct pelo_pos *p = xmalloc(sizeof *p);

	if (pelo_state_read(&board_of(v)->map, &board_of(v)->scen, state, p)) {
		free(p);
		return NULL;
	}
	return p;
}

static void pv_release(const struct variant *v, void *pos)
{
	(void)v;
	free(pos);
}

static void pv_initial(const struct variant *v, int players, const struct variant_chance *chance,
                       struct strbuf *state)
{
	(void)players;           /* every power plays whatever their number */
	struct pelo_pos p;

	(void)chance;     /* the scenario draws nothing at the start */
	pelo_pos_initial(&board_of(v)->map, &board_of(v)->scen, &p);
	pelo_state_write(&board_of(v)->map, &board_of(v)->scen, &p, state);
}

static void pv_phase(const struct variant *v, const void *pos, struct variant_phase *ph)
{
	const struct pelo_map *m = &board_of(v)->map;
	const struct pelo_pos *p = pos;
	struct strbuf name = STRBUF_INIT;
	struct power_set active = { { 0 } };

	pelo_phase_name(&board_of(v)->scen, p, &name);
	snprintf(ph->name, sizeof ph->name, "%s", name.buf);
	strbuf_release(&name);
	snprintf(ph->kind, sizeof ph->kind, "%s", pelo_phase_word(p->phase));
	for (int k = 0; k < m->nmajors; k++)
		if (pelo_major_active(m, p, m->major[k]))
			pset_add(&active, k);
	ph->early = 1;
	ph->can_pass = 1;
	switch (p->phase) {
	case PELO_PH_DIPLOMATIC:
	case PELO_PH_ECONOMIC:
		ph->must = ph->may = active;
		break;
	case PELO_PH_OPERATIONS:
		/* junior partners' forces are their leader's to operate (3) */
		for (int k = 0; k < m->nmajors; k++)
			if (pset_has(&active, k) && pelo_side(m, p, m->major[k]) == m->major[k])
				pset_add(&ph->must, k);
		ph->may = ph->must;
		break;
	case PELO_PH_POLITICAL:
		break;        /* nothing to order: resolved in the same run */
	default:
		ph->over = 1;
	}
}

/* The verbs each phase takes, and the standing orders. */
static int verb_fits(int phase, int standing, int verb)
{
	if (standing)
		return verb == PELO_V_ADMIT || verb == PELO_V_PEACE;
	if (phase == PELO_PH_DIPLOMATIC)
		return verb >= PELO_V_PASS && verb <= PELO_V_SPECIAL;
	if (phase == PELO_PH_ECONOMIC)
		return verb == PELO_V_BUILD || verb == PELO_V_PASS;
	return verb == PELO_V_PASS;
}

/* What can be known of an order when it arrives, beyond its form: the
 * kind of city-state it names, and whose a special action is (the
 * scenario never changes that).  Whether it is allowed when its turn
 * comes is the rounds' business.  NULL or why not, in why. */
static const char *static_check(const struct pelo_map *m, const struct pelo_scenario *sc, int c,
                                const struct pelo_order *o, char why[PELO_WHY_MAX])
{
	int t = o->target;

	switch (o->verb) {
	case PELO_V_SPECIAL:
		if (sc->action[t].major != c) {
			snprintf(why, PELO_WHY_MAX, "only %s may take %s", m->city[sc->action[t].major].name,
			         sc->action[t].name);
			return why;
		}
		break;
	case PELO_V_JOIN:
	case PELO_V_ADMIT:
		if (m->city[t].class != PELO_MAJOR || t == c)
			return "name another major city-state";
		break;
	case PELO_V_ALLY:
		if (m->city[t].class != PELO_MINOR)
			return "only a minor city-state is taken as an ally";
		break;
	case PELO_V_TRIBUTE:
		if (m->city[t].class != PELO_MINOR)
			return "only a minor city-state pays tribute";
		break;
	case PELO_V_WAR:
	case PELO_V_BREAK:
	case PELO_V_PEACE:
		if (t == c)
			return "name another city-state";
		if (o->verb == PELO_V_WAR && m->city[t].class == PELO_KINGDOM)
			return "the kingdoms follow their own rules: no war is declared on them";
		break;
	}
	return NULL;
}

/* One operation line: 0 with its canonical form in canon, its words in
 * why and what only the deadline can judge in later, or -1 with the
 * reason in why.  What can be known now (the spaces, the leader and his
 * turns, the SPs in all, the route's VIA, the objective's kind:
 * pelo_op_on_arrival) is judged now, so a player never loses a phase to
 * it; the rest depends on the rounds. */
static int ops_order(const struct pelo_map *m, const struct pelo_board *b,
                     const struct pelo_ops_names *onm, const struct pelo_pos *p, int c,
                     const char *line, size_t len, struct strbuf *canon, char why[PELO_WHY_MAX],
                     char later[PELO_WHY_MAX], struct strbuf *notes)
{
	struct pelo_op op;
	struct strbuf words = STRBUF_INIT;

	strbuf_reset(canon);
	if (pelo_parse_op(m, &b->scen, onm, line, len, &op, why, PELO_WHY_MAX))
		return -1;
	if (op.kind == PELO_OP_MOVE && op.from == op.to) {
		snprintf(why, PELO_WHY_MAX, "the army is at %s already", m->space[op.to].name);
		return -1;
	}
	if (c != PELO_NONE && pelo_op_on_arrival(m, &b->scen, p, c, &op, why, later))
		return -1;
	pelo_format_op(m, &b->scen, &op, canon);
	pelo_op_describe(m, &b->scen, &op, &words);
	snprintf(why, PELO_WHY_MAX, "%s", words.buf);
	strbuf_release(&words);
	pelo_op_notes(m, &op, notes);
	return 0;
}

/* One standing line: 1 when it is no instruction (ADMIT, PEACE), else as
 * ops_order. */
static int ops_standing(const struct pelo_map *m, const struct pelo_board *b, const char *line,
                        size_t len, struct strbuf *canon, char why[PELO_WHY_MAX])
{
	struct pelo_standing st;
	struct strbuf words = STRBUF_INIT;
	int r = pelo_parse_standing(m, &b->cities, line, len, &st, why, PELO_WHY_MAX);

	if (r)
		return r;
	strbuf_reset(canon);
	pelo_format_standing(m, &st, canon);
	pelo_describe_standing(m, &st, &words);
	snprintf(why, PELO_WHY_MAX, "%s", words.buf);
	strbuf_release(&words);
	return 0;
}

/* What pv_check_line keeps across the lines of one major's set: how
 * many orders it gave, and in the economic phase its revenue and what
 * its builds so far cost. */
struct pelo_scratch {
	int started, n, spent;
	int revenue[PELO_MAX_CITIES];
};

/* An operation or standing line: -1 rejected, 0 accepted, 1 when it is
 * an order of the plain grammar after all (ADMIT and PEACE standing). */
static int ops_line(const struct order_check *c, struct pelo_scratch *k, const char *line,
                    size_t len, struct order_line *out)
{
	const struct pelo_board *b = board_of(c->v);
	const struct pelo_ops_names onm = { &b->spaces, &b->leaders };
	char why[PELO_WHY_MAX], later[PELO_WHY_MAX] = "";
	struct strbuf notes = STRBUF_INIT;
	int r = c->standing ? ops_standing(&b->map, b, line, len, &out->canon, why)
	                    : ops_order(&b->map, b, &onm, c->pos, pelo_city_of(&b->map, c->power), line, len,
	                                &out->canon, why, later, &notes);

	if (r == 0 && ++k->n > PELO_MAX_PLAN)
		r = -1, snprintf(why, sizeof why, "too many orders for one phase");
	if (r <= 0)
		strbuf_addstr(r < 0 ? &out->why : &out->shown, why);
	if (r == 0 && *later)
		strbuf_addf(&out->shown, "; %s", later);
	if (r == 0)
		strbuf_addstr(&out->shown, notes.buf);
	strbuf_release(&notes);
	return r;
}

static enum order_verdict pv_check_line(const struct order_check *c, const char *line,
                                        size_t len, struct order_line *out)
{
	const struct pelo_board *b = board_of(c->v);
	const struct pelo_map *m = &b->map;
	const struct pelo_pos *p = c->pos;
	const struct pelo_order_names nm = { &b->cities, &b->spaces, &b->specials };
	struct pelo_scratch *k = c->scratch;
	int city = pelo_city_of(m, c->power);
	char why[PELO_WHY_MAX];
	const char *no = NULL;
	struct pelo_order o;

	if (!k->started) {
		k->started = 1;
		if (p->phase == PELO_PH_ECONOMIC)
			pelo_revenue(m, &b->scen, p, k->revenue, NULL);
	}
	if (c->standing || p->phase == PELO_PH_OPERATIONS) {
		int r = ops_line(c, k, line, len, out);
		if (r <= 0)
			return r < 0 ? ORDER_REJECTED : ORDER_ACCEPTED;
		strbuf_reset(&out->canon);       /* ADMIT or PEACE */
	}
	if (pelo_parse_order(m, &b->scen, &nm, line, len, &o, why, sizeof why))
		no = why;
	else if (!verb_fits(p->phase, c->standing, o.verb))
		no = c->standing ? "a standing order is ADMIT <major>, PEACE <city-state> or an instruction (GET rules)"
		     : p->phase == PELO_PH_ECONOMIC ? "the economic phase takes BUILD or PASS"
		     : "not an order for the diplomatic phase (BUILD is for the economic phase; "
		       "ADMIT and PEACE are standing orders)";
	else if (++k->n > PELO_MAX_PLAN)
		no = "too many orders for one phase";
	else if ((no = static_check(m, &b->scen, city, &o, why)) == NULL && o.verb == PELO_V_BUILD) {
		struct pelo_build bu = { o.type, o.n };
		if ((no = pelo_build_why_not(m, p, city, k->revenue, &bu, k->spent, why)) == NULL)
			k->spent += pelo_sp_cost(bu.type) * bu.n;
	}
	if (no) {
		strbuf_addstr(&out->why, no);
		return ORDER_REJECTED;
	}
	pelo_describe_order(m, &b->scen, &o, &out->shown);
	/* what the earlier rounds may change is for the deadline to judge,
	 * and the reply says so rather than let "accepted" promise it */
	if (!c->standing && p->phase == PELO_PH_DIPLOMATIC && o.verb != PELO_V_PASS)
		strbuf_addstr(&out->shown, "; whether it is allowed when its round comes can only be "
		              "judged at the deadline");
	pelo_format_order(m, &b->scen, &o, &out->canon);
	return ORDER_ACCEPTED;
}

/* Once a standing set is accepted, the echo ends with every instruction
 * of RULES.md 3.6 as it now stands for the major, its own or the
 * default, since the set replaces the old one as a whole. */
static void pv_check_done(const struct order_check *c, int rejected, const char *accepted,
                          struct strbuf *echo, size_t from)
{
	const struct pelo_map *m = &board_of(c->v)->map;
	int city = pelo_city_of(m, c->power);
	struct pelo_instructions *in;
	const char *t = accepted, *line;
	size_t len;
	struct strbuf all = STRBUF_INIT;

	(void)from;
	if (!c->standing || rejected || city == PELO_NONE)
		return;
	in = xcalloc(1, sizeof *in);
	while (str_next_line(&t, &line, &len)) {
		struct pelo_standing st;
		if (!pelo_read_standing(m, line, len, &st) && st.instr < PELO_I_KINDS)
			in->given[city][st.instr] = 1, in->value[city][st.instr] = st.value;
	}
	strbuf_addf(&all, "  Now in force for %s (GET ", m->city[city].name);
	variant_file_name(&all, "rules", c->v->name);
	strbuf_addstr(&all, ", 3.6):");
	for (int i = 0; i < PELO_I_KINDS; i++) {
		int v = pelo_instr(m, in, city, i, NULL);
		strbuf_addf(&all, "%s %s %s%s", i ? "," : "", pelo_instr_word(i), pelo_choice_word(i, v),
		            in->given[city][i] ? "" : " (default)");
	}
	strbuf_addstr(&all, ".\n");
	wrap_add(echo, all.buf, &WRAP_LIST(4));
	/* a partner must not believe its instructions idle, nor all-powerful */
	if (pelo_side(m, c->pos, city) != city) {
		strbuf_reset(&all);
		strbuf_addf(&all, "  As a junior partner of %s, %s decides with these where its own SPs "
		            "(and its minors') are most of its side's in a battle or an interception; "
		            "elsewhere %s's decide (rules 3.6).\n",
		            m->city[pelo_side(m, c->pos, city)].name, m->city[city].name,
		            m->city[pelo_side(m, c->pos, city)].name);
		wrap_add(echo, all.buf, &WRAP_HANG(WRAP_WIDTH, 2));
	}
	strbuf_release(&all);
	free(in);
}

/* Fold the lines of out from offset "from" that are wider than a mail's
 * 78 columns, continuing each two columns deeper than it began: the
 * engine tells routes and battles at their natural length. */
static void fold(struct strbuf *out, size_t from)
{
	wrap_tail(out, from, &WRAP_HANG(WRAP_WIDTH, 2));
}

static int pv_adjudicate(const struct variant *v, const void *pos,
                         const struct order_set *sets, int nsets,
                         const struct order_set *standing, int nstanding,
                         const struct variant_chance *chance,
                         struct strbuf *next, struct variant_report *report, struct game_end *end)
{
	const struct pelo_board *b = board_of(v);
	const struct pelo_map *m = &b->map;
	struct pelo_pos *np = xmalloc(sizeof *np);
	struct pelo_plan *plan = xcalloc(PELO_MAX_CITIES, sizeof *plan);
	struct pelo_consent *consent = xcalloc(1, sizeof *consent);
	struct pelo_instructions *in = xcalloc(1, sizeof *in);
	struct pelo_ops_plan *ops = xcalloc(PELO_MAX_CITIES, sizeof *ops);
	struct pelo_builds *bs = xcalloc(1, sizeof *bs);
	struct pelo_reading rd = { m, &b->scen, plan, ops, bs, in, consent };
	struct strbuf *all = &report->all;
	struct pelo_report words;
	struct pelo_facts *facts = pelo_report_init(&words, m, &b->scen, all);
	struct chance_stream dice;

	memcpy(np, pos, sizeof *np);
	chance_init(&dice, chance->seed, "dice");
	pelo_read_operations(&rd, NULL, 0, standing, nstanding, report);
	pelo_phase_name(&b->scen, np, all);
	strbuf_addstr(all, ":\n");
	switch (np->phase) {
	case PELO_PH_DIPLOMATIC:
		for (int i = 0; i < nsets; i++)
			pelo_each_line(&rd, &sets[i], "Order", all, pelo_read_action);
		pelo_diplomacy(m, &b->scen, np, plan, consent, &dice, facts);
		np->phase = PELO_PH_OPERATIONS;
		break;
	case PELO_PH_OPERATIONS:
		pelo_read_operations(&rd, sets, nsets, NULL, 0, report);
		{
			size_t from = all->len;
			pelo_operations(m, &b->scen, np, ops, in, &dice, facts);
			fold(all, from);
		}
		break;
	case PELO_PH_POLITICAL:
		pelo_political(m, &b->scen, np, consent, &dice, facts);
		break;
	case PELO_PH_ECONOMIC:
		for (int i = 0; i < nsets; i++)
			pelo_each_line(&rd, &sets[i], "Order", all, pelo_read_build);
		pelo_economic(m, &b->scen, np, bs->b, bs->n, &dice, facts);
		break;
	}
	/* the economic phase opens with its revenue told, so that builds are
	 * ordered knowing the treasury */
	if (np->phase == PELO_PH_ECONOMIC) {
		int revenue[PELO_MAX_CITIES];
		strbuf_addstr(all, "\nRevenue this economic phase:\n");
		pelo_revenue(m, &b->scen, np, revenue, facts);
	}
	/* the front layer ends a finished game's mail with the whole position:
	 * once is enough */
	if (np->phase != PELO_PH_OVER) {
		strbuf_addch(all, '\n');
		pelo_status_brief(m, &b->scen, np, all);
	}
	pelo_state_write(m, &b->scen, np, next);
	if (np->phase == PELO_PH_OVER) {
		end->over = 1;
		end->winner = power_of(m, np->winner);
		if (np->winner == PELO_NONE)
			snprintf(end->how, sizeof end->how, "the game ends after turn %d without a winner",
			         np->turn);
		else
			snprintf(end->how, sizeof end->how, "%s wins in turn %d", m->city[np->winner].name,
			         np->turn);
	}
	free(bs);
	free(ops);
	free(in);
	free(consent);
	free(plan);
	free(np);
	return 0;
}

static int pv_in_game(const struct variant *v, const void *pos, int power)
{
	return pelo_major_active(&board_of(v)->map, pos, pelo_city_of(&board_of(v)->map, power));
}

static void pv_status(const struct variant *v, const void *pos, struct strbuf *out)
{
	pelo_status(&board_of(v)->map, &board_of(v)->scen, pos, out);
}

static void pv_status_json(const struct variant *v, const void *pos, struct json *j)
{
	pelo_status_json(&board_of(v)->map, &board_of(v)->scen, pos, j);
}

/* The kind of special path (enum pelo_special_kind) between a and b, or -1. */
static int special_between(const struct pelo_map *m, int a, int b)
{
	for (int i = 0; i < m->nspecial; i++)
		if ((m->special[i].a == a && m->special[i].b == b) ||
		    (m->special[i].a == b && m->special[i].b == a))
			return m->special[i].kind;
	return -1;
}

/* The spaces joined to a by a path of the kinds in want (indexed by enum
 * pelo_path), or "none"; the two special paths of chapter 4 say so. */
static void path_list(const struct pelo_map *m, int a, const int want[], struct strbuf *line)
{
	int n = 0;

	for (int b = 0; b < m->nspaces; b++) {
		int k = m->path[a][b];
		if (!want[k])
			continue;
		int sp = special_between(m, a, b);
		strbuf_addf(line, "%s%s (%s)%s", n++ ? ", " : "", m->space[b].name, m->space[b].code,
		            sp == PELO_STORMY ? " stormy crossing" : sp == PELO_ISTHMUS ? " isthmus" : "");
	}
	if (!n)
		strbuf_addstr(line, "none");
}

/* Every space with its code, area and what stands in it, then the spaces
 * its land paths and its sea paths lead to (a combined path is both). */
static void pv_map_text(const struct variant *v, struct strbuf *out)
{
	static const char *const terrain[] = { [PELO_INLAND] = "inland", [PELO_COASTAL] = "coastal",
	                                       [PELO_ISLAND] = "island" };
	static const struct {
		int bit;
		const char *word;
	} kinds[] = { { PELO_FORTRESS, "fortress" }, { PELO_PORT, "port" }, { PELO_CAPE, "cape" } };
	static const int land[] = { [PELO_LAND] = 1, [PELO_COMBINED] = 1, [PELO_STORM] = 0 };
	static const int sea[] = { [PELO_NAVAL] = 1, [PELO_COMBINED] = 1, [PELO_STORM] = 1 };
	const struct pelo_map *m = &board_of(v)->map;
	struct strbuf line;

	strbuf_init(&line);
	strbuf_addf(out, "The map of %s: %d spaces in %d areas.\n", v->name, m->nspaces, m->nareas);
	strbuf_addstr(out, "Each space with its code, its area and what stands in it, then the\n"
	              "spaces a land path and a sea path lead to (armies march by land;\n"
	              "ships, and armies they carry, sail by sea).\n\n");
	for (int a = 0; a < m->nspaces; a++) {
		const struct pelo_space *sp = &m->space[a];
		strbuf_addf(out, "%s (%s), %s, %s", sp->name, sp->code, m->area[sp->area].name,
		            terrain[sp->terrain]);
		if (sp->home_of != PELO_NONE)
			strbuf_addf(out, ", home of %s", m->city[sp->home_of].name);
		for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++)
			if (sp->kinds & kinds[k].bit)
				strbuf_addf(out, ", %s", kinds[k].word);
		strbuf_addch(out, '\n');
		strbuf_reset(&line);
		strbuf_addstr(&line, "  land: ");
		path_list(m, a, land, &line);
		strbuf_addch(&line, '\n');
		wrap_add(out, line.buf, &WRAP_LIST(8));
		strbuf_reset(&line);
		strbuf_addstr(&line, "  sea:  ");
		path_list(m, a, sea, &line);
		strbuf_addch(&line, '\n');
		wrap_add(out, line.buf, &WRAP_LIST(8));
	}
	strbuf_release(&line);
}

/* RULES.md 9: after the last turn the highest bellicosity wins, then the
 * largest treasury; a power is a major, v's power k its k-th. */
static void pv_score(const struct variant *v, const void *pos, struct variant_score *sc)
{
	const struct pelo_map *m = &board_of(v)->map;
	const struct pelo_pos *p = pos;

	sc->nmeasures = 2;
	snprintf(sc->measure[0].label, sizeof sc->measure[0].label, "Bellicosity");
	snprintf(sc->measure[1].label, sizeof sc->measure[1].label, "Treasuries in talents");
	for (int k = 0; k < m->nmajors; k++) {
		sc->measure[0].of[k] = p->bellicosity[m->major[k]];
		sc->measure[1].of[k] = p->treasury[m->major[k]];
	}
}

const struct variant_ops pelo_variant_ops = {
	.engine = "peloponnesian",
	.uses_keys = 0,
	.uses_seeds = 1,
	.load = pv_load,
	.read = pv_read,
	.release = pv_release,
	.initial = pv_initial,
	.phase = pv_phase,
	.takes_standing = 1,
	.check_scratch = sizeof(struct pelo_scratch),
	.check_line = pv_check_line,
	.check_done = pv_check_done,
	.adjudicate = pv_adjudicate,
	.picture = pelo_picture,
	.status = pv_status,
	.status_json = pv_status_json,
	.score = pv_score,
	.in_game = pv_in_game,
	.map_text = pv_map_text,
	/* no private_info: nothing is secret but the standing orders, which
	 * the front layer keeps for their seat */
};
