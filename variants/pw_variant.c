/*
 * pw_variant.c - the multi-player Peloponnesian War behind the variant
 * interface: binds variants/peloponnesian/{map,scenario}.txt to the pure
 * engine (adjudicator/pw.h), the order grammar (parser/pw_orders.c) and
 * the texts (pw_status.c).
 *
 * The powers are the four majors, A C S T, in the alphabetical order the
 * rounds are played in; variant.txt deals them to 2, 3 or 4 seats.  A
 * turn is four phases (chapter 1), each its own phase kind with its own
 * period:
 *   diplomatic  every major sends its plan of actions (RULES.md 2.4);
 *   operations  until the operations of part 2, nobody has anything to
 *               order, so it is resolved at once;
 *   political   nothing to order (peace is accepted in advance, by a
 *               standing order): resolved at once;
 *   economic    every major orders its builds, knowing its revenue, which
 *               the report that opens the phase announces.
 * Standing orders (ADMIT a major, PEACE with a city-state) are the
 * permissions chapter 2 and 6.5 ask of another player: kept by the seat
 * until changed, private until used.
 *
 * Chance: every die of a phase comes from that phase's seed, stream
 * "dice" (RULES.md gives the method), and is told in its results.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parser/pw_orders.h"
#include "variants/pw_board.h"
#include "variants/variant.h"

_Static_assert(CHANCE_SEED_BYTES == VARIANT_SEED_BYTES, "the engine's seeds are the Judge's");

static const struct pw_board *board_of(const struct variant *v)
{
	return v->data;
}

/* The city-state of power p, and the power of a major city-state. */
static int city_of(const struct pw_map *m, int power)
{
	return power >= 0 && power < m->nmajors ? m->major[power] : PW_NONE;
}

static int power_of(const struct pw_map *m, int city)
{
	for (int k = 0; k < m->nmajors; k++)
		if (m->major[k] == city)
			return k;
	return -1;
}

static int pv_load(struct variant *v, const char *dir)
{
	char path[1200];
	struct pw_board *b = xcalloc(1, sizeof *b);

	snprintf(path, sizeof path, "%s/map.txt", dir);
	if (pw_map_load(path, b)) {
		free(b);
		return -1;
	}
	snprintf(path, sizeof path, "%s/scenario.txt", dir);
	if (pw_scenario_load(path, b)) {
		pw_board_free(b);
		free(b);
		return -1;
	}
	for (int k = 0; k < b->map.nmajors; k++) {
		const struct pw_city *c = &b->map.city[b->map.major[k]];
		variant_add_power(v, c->letter, c->name);
	}
	if (!v->name[0])
		snprintf(v->name, sizeof v->name, "%s", b->map.variant);
	v->data = b;
	return 0;
}

static void *pv_read(const struct variant *v, const char *state)
{
	struct pw_pos *p = xmalloc(sizeof *p);

	if (pw_state_read(&board_of(v)->map, &board_of(v)->scen, state, p)) {
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

static void pv_initial(const struct variant *v, const struct variant_chance *chance,
                       struct strbuf *state)
{
	struct pw_pos p;

	(void)chance;     /* the scenario draws nothing at the start */
	pw_pos_initial(&board_of(v)->map, &board_of(v)->scen, &p);
	pw_state_write(&board_of(v)->map, &board_of(v)->scen, &p, state);
}

static void pv_phase(const struct variant *v, const void *pos, struct variant_phase *ph)
{
	const struct pw_map *m = &board_of(v)->map;
	const struct pw_pos *p = pos;
	struct strbuf name = STRBUF_INIT;
	struct power_set active = { { 0 } };

	pw_phase_name(&board_of(v)->scen, p, &name);
	snprintf(ph->name, sizeof ph->name, "%s", name.buf);
	strbuf_release(&name);
	snprintf(ph->kind, sizeof ph->kind, "%s", pw_phase_word(p->phase));
	for (int k = 0; k < m->nmajors; k++)
		if (pw_major_active(m, p, m->major[k]))
			pset_add(&active, k);
	ph->early = 1;
	ph->can_pass = 1;
	switch (p->phase) {
	case PW_PH_DIPLOMATIC:
	case PW_PH_ECONOMIC:
		ph->must = ph->may = active;
		break;
	case PW_PH_OPERATIONS:
	case PW_PH_POLITICAL:
		break;        /* nothing to order: resolved in the same run */
	default:
		ph->over = 1;
	}
}

/* The verbs each phase takes, and the standing orders. */
static int verb_fits(int phase, int standing, int verb)
{
	if (standing)
		return verb == PW_V_ADMIT || verb == PW_V_PEACE;
	if (phase == PW_PH_DIPLOMATIC)
		return verb >= PW_V_PASS && verb <= PW_V_SPECIAL;
	if (phase == PW_PH_ECONOMIC)
		return verb == PW_V_BUILD || verb == PW_V_PASS;
	return verb == PW_V_PASS;
}

/* What can be known of an order when it arrives, beyond its form: the
 * kind of city-state it names, and whose a special action is (the
 * scenario never changes that).  Whether it is allowed when its turn
 * comes is the rounds' business.  NULL or why not, in why. */
static const char *static_check(const struct pw_map *m, const struct pw_scenario *sc, int c,
                                const struct pw_order *o, char why[PW_WHY_MAX])
{
	int t = o->target;

	switch (o->verb) {
	case PW_V_SPECIAL:
		if (sc->action[t].major != c) {
			snprintf(why, PW_WHY_MAX, "only %s may take %s", m->city[sc->action[t].major].name,
			         sc->action[t].name);
			return why;
		}
		break;
	case PW_V_JOIN:
	case PW_V_ADMIT:
		if (m->city[t].class != PW_MAJOR || t == c)
			return "name another major city-state";
		break;
	case PW_V_ALLY:
		if (m->city[t].class != PW_MINOR)
			return "only a minor city-state is taken as an ally";
		break;
	case PW_V_WAR:
	case PW_V_BREAK:
	case PW_V_PEACE:
		if (t == c)
			return "name another city-state";
		if (o->verb == PW_V_WAR && m->city[t].class == PW_KINGDOM)
			return "the kingdoms follow their own rules: no war is declared on them";
		break;
	}
	return NULL;
}

static int check_lines(const struct variant *v, const void *pos, int power, int standing,
                       const char *text, struct strbuf *accepted, struct strbuf *echo)
{
	const struct pw_board *b = board_of(v);
	const struct pw_map *m = &b->map;
	const struct pw_pos *p = pos;
	const struct pw_order_names nm = { &b->cities, &b->spaces, &b->specials };
	int c = city_of(m, power), rejected = 0, n = 0, spent = 0;
	int revenue[PW_MAX_CITIES];
	struct strbuf words = STRBUF_INIT;
	const char *line;
	size_t len;

	if (p->phase == PW_PH_ECONOMIC)
		pw_revenue(m, &b->scen, p, revenue, NULL);
	while (str_next_line(&text, &line, &len)) {
		char why[PW_WHY_MAX];
		const char *no = NULL;
		struct pw_order o;

		strbuf_addf(echo, "  %.*s\n", (int)len, line);
		if (pw_parse_order(m, &b->scen, &nm, line, len, &o, why, sizeof why))
			no = why;
		else if (!verb_fits(p->phase, standing, o.verb))
			no = standing ? "a standing order is ADMIT <major> or PEACE <city-state>"
			     : p->phase == PW_PH_ECONOMIC ? "the economic phase takes BUILD or PASS"
			     : "not an order for the diplomatic phase (BUILD is for the economic phase; "
			       "ADMIT and PEACE are standing orders)";
		else if (++n > PW_MAX_PLAN)
			no = "too many orders for one phase";
		else if ((no = static_check(m, &b->scen, c, &o, why)) == NULL && o.verb == PW_V_BUILD) {
			struct pw_build bu = { o.type, o.n };
			if ((no = pw_build_why_not(m, p, c, revenue, &bu, spent, why)) == NULL)
				spent += pw_sp_cost(bu.type) * bu.n;
		}
		if (no) {
			strbuf_addf(echo, "    REJECTED: %s\n", no);
			rejected++;
			continue;
		}
		strbuf_reset(&words);
		pw_describe_order(m, &b->scen, &o, &words);
		strbuf_addf(echo, "    accepted: %s\n", words.buf);
		pw_format_order(m, &b->scen, &o, accepted);
		strbuf_addch(accepted, '\n');
	}
	strbuf_release(&words);
	return rejected;
}

static int pv_check_orders(const struct variant *v, const void *pos, int power,
                           const char *text, struct strbuf *accepted, struct strbuf *echo)
{
	return check_lines(v, pos, power, 0, text, accepted, echo);
}

static int pv_check_standing(const struct variant *v, const void *pos, int power,
                             const char *text, struct strbuf *accepted, struct strbuf *echo)
{
	return check_lines(v, pos, power, 1, text, accepted, echo);
}

/* Read one power's canonical lines back with fn; a line that does not
 * read is said in the report (to that power's seat for what is private). */
static void read_back(const struct pw_map *m, const struct pw_scenario *sc,
                      const struct order_set *set, const char *what, struct strbuf *report,
                      void (*fn)(const struct pw_map *, int, const struct pw_order *, void *),
                      void *arg)
{
	const char *t = set->text, *line;
	size_t len;
	int c = city_of(m, set->power);

	if (c == PW_NONE)
		return;
	while (str_next_line(&t, &line, &len)) {
		struct pw_order o;
		if (pw_read_order(m, sc, line, len, &o)) {
			strbuf_addf(report, "%s not usable, ignored: %s: %.*s\n", what, m->city[c].name,
			            (int)len, line);
			continue;
		}
		fn(m, c, &o, arg);
	}
}

static void add_to_plan(const struct pw_map *m, int c, const struct pw_order *o, void *arg)
{
	struct pw_plan *plan = arg;
	(void)m;
	if (o->verb <= PW_V_SPECIAL && plan[c].n < PW_MAX_PLAN)
		plan[c].act[plan[c].n++] = pw_order_action(o);
}

static void add_consent(const struct pw_map *m, int c, const struct pw_order *o, void *arg)
{
	struct pw_consent *k = arg;
	(void)m;
	if (o->verb == PW_V_ADMIT)
		k->admit[c][o->target] = 1;
	else if (o->verb == PW_V_PEACE)
		k->peace[c][o->target] = 1;
}

struct builds {
	struct pw_build b[PW_MAX_CITIES][PW_MAX_BUILDS];
	int n[PW_MAX_CITIES];
};

static void add_build(const struct pw_map *m, int c, const struct pw_order *o, void *arg)
{
	struct builds *bs = arg;
	(void)m;
	if (o->verb == PW_V_BUILD && bs->n[c] < PW_MAX_BUILDS)
		bs->b[c][bs->n[c]++] = (struct pw_build){ o->type, o->n };
}

static int pv_adjudicate(const struct variant *v, const void *pos,
                         const struct order_set *sets, int nsets,
                         const struct order_set *standing, int nstanding,
                         const struct variant_chance *chance,
                         struct strbuf *next, struct variant_report *report, struct game_end *end)
{
	const struct pw_board *b = board_of(v);
	const struct pw_map *m = &b->map;
	struct pw_pos *np = xmalloc(sizeof *np);
	struct pw_plan *plan = xcalloc(PW_MAX_CITIES, sizeof *plan);
	struct pw_consent *consent = xcalloc(1, sizeof *consent);
	struct builds *bs = xcalloc(1, sizeof *bs);
	struct strbuf *all = &report->all;
	struct chance_stream dice;

	memcpy(np, pos, sizeof *np);
	chance_init(&dice, chance->seed, "dice");
	for (int i = 0; i < nstanding; i++)
		read_back(m, &b->scen, &standing[i], "Standing order", &report->power[standing[i].power],
		          add_consent, consent);
	pw_phase_name(&b->scen, np, all);
	strbuf_addstr(all, ":\n");
	switch (np->phase) {
	case PW_PH_DIPLOMATIC:
		for (int i = 0; i < nsets; i++)
			read_back(m, &b->scen, &sets[i], "Order", all, add_to_plan, plan);
		pw_diplomacy(m, &b->scen, np, plan, consent, &dice, all);
		np->phase = PW_PH_OPERATIONS;
		break;
	case PW_PH_OPERATIONS:
		strbuf_addstr(all, "  Every major city-state passes: armies do not march until the\n"
		              "  operations of part 2 (GET ");
		variant_file_name(all, "rules", v->name);
		strbuf_addstr(all, ", section 3).\n");
		np->phase = PW_PH_POLITICAL;
		break;
	case PW_PH_POLITICAL:
		pw_political(m, &b->scen, np, consent, &dice, all);
		break;
	case PW_PH_ECONOMIC:
		for (int i = 0; i < nsets; i++)
			read_back(m, &b->scen, &sets[i], "Order", all, add_build, bs);
		pw_economic(m, &b->scen, np, bs->b, bs->n, &dice, all);
		break;
	}
	/* the economic phase opens with its revenue told, so that builds are
	 * ordered knowing the treasury */
	if (np->phase == PW_PH_ECONOMIC) {
		int revenue[PW_MAX_CITIES];
		strbuf_addstr(all, "\nRevenue this economic phase:\n");
		pw_revenue(m, &b->scen, np, revenue, all);
	}
	strbuf_addch(all, '\n');
	pw_status(m, &b->scen, np, all);
	pw_state_write(m, &b->scen, np, next);
	if (np->phase == PW_PH_OVER) {
		end->over = 1;
		end->winner = power_of(m, np->winner);
		if (np->winner == PW_NONE)
			snprintf(end->how, sizeof end->how, "the game ends after turn %d without a winner",
			         np->turn);
		else
			snprintf(end->how, sizeof end->how, "%s wins in turn %d", m->city[np->winner].name,
			         np->turn);
	}
	free(bs);
	free(consent);
	free(plan);
	free(np);
	return 0;
}

static int pv_in_game(const struct variant *v, const void *pos, int power)
{
	return pw_major_active(&board_of(v)->map, pos, city_of(&board_of(v)->map, power));
}

static void pv_status(const struct variant *v, const void *pos, struct strbuf *out)
{
	pw_status(&board_of(v)->map, &board_of(v)->scen, pos, out);
}

static void pv_status_json(const struct variant *v, const void *pos, struct strbuf *out)
{
	pw_status_json(&board_of(v)->map, &board_of(v)->scen, pos, out);
}

/* The kind of special path (enum pw_special_kind) between a and b, or -1. */
static int special_between(const struct pw_map *m, int a, int b)
{
	for (int i = 0; i < m->nspecial; i++)
		if ((m->special[i].a == a && m->special[i].b == b) ||
		    (m->special[i].a == b && m->special[i].b == a))
			return m->special[i].kind;
	return -1;
}

/* The spaces joined to a by a path of the kinds in want (indexed by enum
 * pw_path), or "none"; the two special paths of chapter 4 say so. */
static void path_list(const struct pw_map *m, int a, const int want[], struct strbuf *line)
{
	int n = 0;

	for (int b = 0; b < m->nspaces; b++) {
		int k = m->path[a][b];
		if (!want[k])
			continue;
		int sp = special_between(m, a, b);
		strbuf_addf(line, "%s%s (%s)%s", n++ ? ", " : "", m->space[b].name, m->space[b].code,
		            sp == PW_STORMY ? " stormy crossing" : sp == PW_ISTHMUS ? " isthmus" : "");
	}
	if (!n)
		strbuf_addstr(line, "none");
}

/* Every space with its code, area and what stands in it, then the spaces
 * its land paths and its sea paths lead to (a combined path is both). */
static void pv_map_text(const struct variant *v, struct strbuf *out)
{
	static const char *const terrain[] = { [PW_INLAND] = "inland", [PW_COASTAL] = "coastal",
	                                       [PW_ISLAND] = "island" };
	static const struct {
		int bit;
		const char *word;
	} kinds[] = { { PW_FORTRESS, "fortress" }, { PW_PORT, "port" }, { PW_CAPE, "cape" } };
	static const int land[] = { [PW_LAND] = 1, [PW_COMBINED] = 1, [PW_STORM] = 0 };
	static const int sea[] = { [PW_NAVAL] = 1, [PW_COMBINED] = 1, [PW_STORM] = 1 };
	const struct pw_map *m = &board_of(v)->map;
	struct strbuf line;

	strbuf_init(&line);
	strbuf_addf(out, "The map of %s: %d spaces in %d areas.\n", v->name, m->nspaces, m->nareas);
	strbuf_addstr(out, "Each space with its code, its area and what stands in it, then the\n"
	              "spaces a land path and a sea path lead to (armies march by land;\n"
	              "ships, and armies they carry, sail by sea).\n\n");
	for (int a = 0; a < m->nspaces; a++) {
		const struct pw_space *sp = &m->space[a];
		strbuf_addf(out, "%s (%s), %s, %s", sp->name, sp->code, m->area[sp->area].name,
		            terrain[sp->terrain]);
		if (sp->home_of != PW_NONE)
			strbuf_addf(out, ", home of %s", m->city[sp->home_of].name);
		for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++)
			if (sp->kinds & kinds[k].bit)
				strbuf_addf(out, ", %s", kinds[k].word);
		strbuf_addch(out, '\n');
		strbuf_reset(&line);
		strbuf_addstr(&line, "  land: ");
		path_list(m, a, land, &line);
		variant_wrap(out, line.buf, 8);
		strbuf_reset(&line);
		strbuf_addstr(&line, "  sea:  ");
		path_list(m, a, sea, &line);
		variant_wrap(out, line.buf, 8);
	}
	strbuf_release(&line);
}

const struct variant_ops pw_variant_ops = {
	.engine = "peloponnesian",
	.uses_keys = 0,
	.uses_seeds = 1,
	.load = pv_load,
	.read = pv_read,
	.release = pv_release,
	.initial = pv_initial,
	.phase = pv_phase,
	.check_orders = pv_check_orders,
	.check_standing = pv_check_standing,
	.adjudicate = pv_adjudicate,
	.picture = pw_picture,
	.status = pv_status,
	.status_json = pv_status_json,
	.in_game = pv_in_game,
	.map_text = pv_map_text,
	/* no private_info: nothing is secret but the standing orders, which
	 * the front layer keeps for their seat */
};
