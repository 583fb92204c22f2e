/*
 * dip_variant.c - the Diplomacy family behind the variant interface: binds
 * a map file to the Diplomacy engine, the order grammar and the report.
 *
 * Orders are checked with the players' grammar when they arrive and kept
 * in canonical form ("A rom - sam"); adjudication reads that back with the
 * strict reader dip_read_order.  Standing instructions are default orders:
 * in a movement phase, a standing order for a unit that has no order of
 * its own is used if it is legal then (RULES.md, "Standing orders").
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/json.h"
#include "base/wrap.h"
#include "parser/dip_orders.h"
#include "variants/dip_board.h"
#include "variants/dip_map_load.h"
#include "variants/dip_picture.h"
#include "variants/variant.h"

static const struct dip_map *map_of(const struct variant *v)
{
	return &((const struct dip_board *)v->data)->map;
}

static int dip_op_load(struct variant *v, const char *dir)
{
	char path[1200];
	struct dip_board *b = xcalloc(1, sizeof *b);

	snprintf(path, sizeof path, "%s/map.txt", dir);
	names_init(&b->names);
	if (dip_map_load(path, &b->map, &b->names)) {
		names_free(&b->names);
		free(b);
		return -1;
	}
	for (int i = 0; i < b->map.npowers; i++)
		variant_add_power(v, b->map.power[i].letter, b->map.power[i].name);
	if (!v->name[0])
		snprintf(v->name, sizeof v->name, "%s", b->map.variant);
	v->data = b;
	return 0;
}

static void *dip_op_read(const struct variant *v, const char *state)
{
	struct dip_position *p = xmalloc(sizeof *p);

	if (dip_state_read(map_of(v), state, p)) {
		free(p);
		return NULL;
	}
	return p;
}

static void dip_op_release(const struct variant *v, void *pos)
{
	(void)v;
	free(pos);
}

static void dip_op_initial(const struct variant *v, int players, const struct variant_chance *chance,
                       struct strbuf *state)
{
	(void)players;           /* every power plays whatever their number */
	struct dip_position p;

	(void)chance;   /* Diplomacy has no chance in it */
	dip_initial_position(map_of(v), &p);
	dip_state_write(map_of(v), &p, state);
}

/* 1 if power has anything to order in p's phase (units to move, retreats,
 * builds or removals due). */
static int needs_orders(const struct dip_map *m, const struct dip_position *p, int power)
{
	switch (p->phase) {
	case DIP_PH_MOVEMENT:
		for (int i = 0; i < p->nunits; i++)
			if (p->unit[i].power == power)
				return 1;
		return 0;
	case DIP_PH_RETREAT:
		for (int i = 0; i < p->ndislodged; i++)
			if (p->dislodged[i].unit.power == power)
				return 1;
		return 0;
	default: {
		int d = dip_adjustment_count(m, p, power);
		if (d > 0 && m->build_owned && !dip_home_owned(m, p, power))
			return 0;
		if (d > 0 && !m->build_owned) {
			/* builds are due only where a home centre is free to build in */
			int room = 0;
			for (int l = 0; l < m->nprov; l++)
				room |= m->loc[l].home == power && p->owner[l] == power &&
				        dip_unit_at(m, p, l) < 0;
			return room;
		}
		return d != 0;
	}
	}
}

static void dip_op_phase(const struct variant *v, const void *pos, struct variant_phase *ph)
{
	static const char *const kinds[] = { "movement", "retreat", "adjustment" };
	const struct dip_map *m = map_of(v);
	const struct dip_position *p = pos;
	struct strbuf name = STRBUF_INIT;

	dip_format_phase(m, p, &name);
	snprintf(ph->name, sizeof ph->name, "%s", name.buf);
	strbuf_release(&name);
	snprintf(ph->kind, sizeof ph->kind, "%s", kinds[p->phase]);
	for (int w = 0; w < m->npowers; w++)
		if (needs_orders(m, p, w))
			pset_add(&ph->must, w);
	ph->may = ph->must;
	/* a unit's new order replaces its old one (njudge); builds and
	 * removals come as one set, each mail's replacing the last */
	ph->per_unit = p->phase != DIP_PH_ADJUSTMENT;
	ph->early = 1;
}

/* The province an order is about, to notice a second order for one unit. */
static int order_key(const struct dip_map *m, const struct dip_order *o)
{
	return o->kind == DIP_WAIVE ? -1 : m->loc[o->loc].prov;
}

/* How many of power's units that must order (all in a movement phase,
 * the dislodged in a retreat) have none in orders; their names go to
 * list, if given. */
static int units_unordered(const struct dip_map *m, const struct dip_position *p, int power,
                           const struct dip_order *orders, int n, struct strbuf *list)
{
	int nunits = p->phase == DIP_PH_RETREAT ? p->ndislodged : p->nunits, count = 0;

	for (int u = 0; u < nunits; u++) {
		const struct dip_unit *unit = p->phase == DIP_PH_RETREAT ? &p->dislodged[u].unit : &p->unit[u];
		int ordered = 0;
		if (unit->power != power)
			continue;
		for (int i = 0; i < n; i++)
			ordered |= m->loc[orders[i].loc].prov == m->loc[unit->loc].prov;
		if (!ordered && list)
			strbuf_addf(list, "%s%c %s", count ? ", " : "", unit->type == DIP_ARMY ? 'A' : 'F',
			            m->loc[unit->loc].code);
		count += !ordered;
	}
	return count;
}

/* Tell the player what the rules will do with what was left unordered. */
static void unordered(const struct dip_map *m, const struct dip_position *p, int power,
                      const struct dip_order *orders, int n, int due, struct strbuf *echo)
{
	struct strbuf list = STRBUF_INIT;
	int count = 0;

	if (p->phase == DIP_PH_ADJUSTMENT) {
		for (int i = 0; i < n; i++)
			due += orders[i].kind == DIP_REMOVE ? 1 : -1;
		if (due > 0)
			strbuf_addf(echo, "  %d build%s not used will be waived.\n", due, due == 1 ? "" : "s");
		else if (due < 0)
			strbuf_addf(echo, "  %d more removal%s will be chosen by the rules (farthest from home"
			            " first).\n", -due, due == -1 ? "" : "s");
		return;
	}
	count = units_unordered(m, p, power, orders, n, &list);
	if (count)
		strbuf_addf(echo, "  No order for %s: %s.\n", list.buf,
		            p->phase == DIP_PH_RETREAT ? (count == 1 ? "it will be disbanded" : "they will be disbanded")
		                                       : (count == 1 ? "it will hold" : "they will hold"));
	strbuf_release(&list);
}

/* Why a build cannot go where it was ordered, naming the place and what
 * it lacks: the bare reason ("occupied") leaves the player to find out
 * which rule it was. */
static void build_why(const struct dip_map *m, const struct dip_position *p, int power,
                      const struct dip_order *o, int rc, struct strbuf *why)
{
	int prov = m->loc[o->loc].prov, owner = p->owner[prov];

	dip_add_place(m, prov, why);
	if (rc == DIP_R_OCCUPIED)
		strbuf_addstr(why, " is occupied");
	else if (rc == DIP_R_NOT_CENTRE && !m->loc[prov].centre)
		strbuf_addstr(why, " is not a supply centre");
	else if (rc == DIP_R_NOT_CENTRE && owner == DIP_NO_POWER)
		strbuf_addstr(why, " is a supply centre nobody owns yet");
	else if (rc == DIP_R_NOT_CENTRE)
		strbuf_addf(why, " is not yours: %s owns it", m->power[owner].name);
	else if (m->build_owned)
		strbuf_addf(why, ": %s owns none of its home centres, and builds need one",
		            m->power[power].name);
	else
		strbuf_addf(why, " is not a home centre of %s", m->power[power].name);
}

/* The places where power could build a unit of o's type now. */
static void build_places(const struct dip_map *m, const struct dip_position *p,
                         const struct dip_order *o, dip_set *where)
{
	struct dip_order b = *o;

	memset(where, 0, sizeof *where);
	for (int l = 0; l < m->nloc; l++) {
		b.loc = (int16_t)l;
		if (m->loc[m->loc[l].prov].centre && !dip_check_order(m, p, &b))
			dip_set_add(where, l);
	}
}

static int set_empty(const struct dip_map *m, const dip_set *s)
{
	for (int l = 0; l < m->nloc; l++)
		if (dip_set_has(s, l))
			return 0;
	return 1;
}

/*
 * After a rejection, what the player could have written instead, as
 * njudge players expect, every place by name and code: the power's units
 * when the unit is not there or not theirs, the places a unit can move to
 * when it cannot reach the one named, where a dislodged unit may retreat,
 * where the power may build.  Wrapped under its first line: these lists
 * run long.
 */
static void options(const struct dip_map *m, const struct dip_position *p, int power,
                    const struct dip_order *o, int rc, struct strbuf *echo)
{
	size_t from = echo->len;
	dip_set where = { 0 };

	if (rc == DIP_R_NO_UNIT || rc == DIP_R_NOT_YOURS) {
		int n = 0;
		const struct dip_unit *u = p->phase == DIP_PH_RETREAT ? NULL : p->unit;
		for (int i = 0; u && i < p->nunits; i++)
			if (u[i].power == power) {
				strbuf_addf(echo, "%s%c ", n++ ? ", " : "      your units: ",
				            u[i].type == DIP_ARMY ? 'A' : 'F');
				dip_add_place(m, u[i].loc, echo);
			}
		for (int i = 0; !u && i < p->ndislodged; i++)
			if (p->dislodged[i].unit.power == power) {
				strbuf_addf(echo, "%s%c ", n++ ? ", " : "      your dislodged units: ",
				            p->dislodged[i].unit.type == DIP_ARMY ? 'A' : 'F');
				dip_add_place(m, p->dislodged[i].unit.loc, echo);
			}
	} else if (p->phase == DIP_PH_RETREAT && (o->kind == DIP_RETREAT || o->kind == DIP_MOVE)) {
		for (int i = 0; i < p->ndislodged; i++)
			if (m->loc[p->dislodged[i].unit.loc].prov == m->loc[o->loc].prov) {
				strbuf_addstr(echo, "      it may retreat to: ");
				dip_add_retreats(m, p, &p->dislodged[i], echo);
			}
	} else if (rc == DIP_R_NOT_ADJACENT && o->kind == DIP_MOVE) {
		int u = dip_unit_at(m, p, m->loc[o->loc].prov);
		if (u < 0)
			return;
		for (int l = 0; l < m->nloc; l++)
			if (dip_can_move(m, p->unit[u].type, p->unit[u].loc, l))
				dip_set_add(&where, l);
		strbuf_addstr(echo, "      it can move to: ");
		dip_add_places(m, &where, echo);
	} else if (o->kind == DIP_BUILD &&
	           (rc == DIP_R_OCCUPIED || rc == DIP_R_NOT_CENTRE || rc == DIP_R_NOT_HOME)) {
		build_places(m, p, o, &where);
		strbuf_addf(echo, "      %s may build %s in: ", m->power[power].name,
		            o->type == DIP_FLEET ? "a fleet" : "an army");
		if (set_empty(m, &where))
			strbuf_addstr(echo, "nowhere now");
		else
			dip_add_places(m, &where, echo);
	}
	if (echo->len > from) {
		strbuf_addch(echo, '\n');
		wrap_tail(echo, from, &WRAP_LIST(8));
	}
}

/* What dip_op_check_line keeps across the lines of one power's set: the
 * orders accepted so far, in step with the front layer's list of them,
 * to notice a unit's second order and count builds. */
struct dip_scratch {
	int started, due, n;
	struct dip_order orders[DIP_MAX_ORDERS];
};

/* A standing order: movement orders in the players' grammar, checked for
 * their form now; whether one can be used is known only in the phase
 * that uses it (the unit must be there and without an order). */
static enum order_verdict standing_line(const struct dip_board *b, int power, const char *line,
                                        size_t len, struct order_line *out)
{
	char err[256];
	struct dip_order o;

	if (dip_parse_order(&b->map, &b->names, line, len, power, &o, err, sizeof err)) {
		strbuf_addstr(&out->why, err);
		return ORDER_REJECTED;
	}
	if (o.kind > DIP_CONVOY) {
		strbuf_addstr(&out->why, "a standing order must be a movement order"
		              " (hold, move, support or convoy)");
		return ORDER_REJECTED;
	}
	dip_format_order(&b->map, &o, &out->canon);
	dip_format_order_named(&b->map, &o, &out->shown);
	return ORDER_ACCEPTED;
}

static enum order_verdict dip_op_check_line(const struct order_check *c, const char *line,
                                            size_t len, struct order_line *out)
{
	const struct dip_board *b = c->v->data;
	const struct dip_map *m = &b->map;
	const struct dip_position *p = c->pos;
	struct dip_scratch *k = c->scratch;
	char err[256];
	struct dip_order o;
	int rc;

	if (c->standing)
		return standing_line(b, c->power, line, len, out);
	if (!k->started) {
		k->started = 1;
		k->due = p->phase == DIP_PH_ADJUSTMENT ? dip_adjustment_count(m, p, c->power) : 0;
	}
	if (dip_parse_order(m, &b->names, line, len, c->power, &o, err, sizeof err)) {
		strbuf_addstr(&out->why, err);
		return ORDER_REJECTED;
	}
	if (p->phase == DIP_PH_RETREAT && o.kind == DIP_MOVE)
		o.kind = DIP_RETREAT;
	if (p->phase == DIP_PH_ADJUSTMENT && o.kind == DIP_DISBAND)
		o.kind = DIP_REMOVE;
	rc = dip_check_order(m, p, &o);
	if (!rc && p->phase == DIP_PH_ADJUSTMENT) {
		int builds = 0, removes = 0;
		for (int i = 0; i < k->n; i++) {
			builds += k->orders[i].kind == DIP_BUILD || k->orders[i].kind == DIP_WAIVE;
			removes += k->orders[i].kind == DIP_REMOVE;
		}
		if ((o.kind == DIP_BUILD || o.kind == DIP_WAIVE) && builds >= k->due)
			rc = DIP_R_NO_BUILDS;
		if (o.kind == DIP_REMOVE && removes >= -k->due)
			rc = DIP_R_NO_BUILDS;
	}
	if (rc) {
		if (rc == DIP_R_OCCUPIED || rc == DIP_R_NOT_CENTRE || rc == DIP_R_NOT_HOME)
			build_why(m, p, c->power, &o, rc, &out->why);
		else
			strbuf_addstr(&out->why, dip_reason_text(rc));
		options(m, p, c->power, &o, rc, &out->hint);
		return ORDER_REJECTED;
	}
	for (int i = 0; i < k->n; i++)
		if (order_key(m, &k->orders[i]) >= 0 && order_key(m, &k->orders[i]) == order_key(m, &o) &&
		    o.kind != DIP_BUILD)
			out->replaces = i;
	if (out->replaces < 0 && k->n == DIP_MAX_ORDERS) {
		strbuf_addstr(&out->why, "too many orders for one phase");
		return ORDER_REJECTED;
	}
	k->orders[out->replaces >= 0 ? out->replaces : k->n++] = o;
	dip_format_order(m, &o, &out->canon);
	/* the echo names places as the results do; the codes stay what is
	 * stored */
	dip_format_order_named(m, &o, &out->shown);
	return ORDER_ACCEPTED;
}

/* A stored order with names beside its codes; a line that does not read
 * back (a damaged row) is shown as stored. */
static void dip_op_order_named(const struct variant *v, int power, const char *order, size_t len,
                               struct strbuf *out)
{
	struct dip_order o;

	if (dip_read_order(map_of(v), order, len, power, &o))
		strbuf_add(out, order, len);
	else
		dip_format_order_named(map_of(v), &o, out);
}

/* A set of orders with no line rejected: what becomes of the rest. */
static void dip_op_check_done(const struct order_check *c, int rejected, const char *accepted,
                              struct strbuf *echo, size_t from)
{
	const struct dip_scratch *k = c->scratch;
	const struct dip_map *m = map_of(c->v);
	const struct dip_position *p = c->pos;

	(void)accepted;
	(void)from;
	if (!rejected && !c->standing)
		unordered(m, p, c->power, k->orders, k->n,
		          p->phase == DIP_PH_ADJUSTMENT ? dip_adjustment_count(m, p, c->power) : 0, echo);
}

/* 1 if a stored set's power is one of m's.  The number comes from a row
 * of the database, which a damaged row may hold anything in, and indexes
 * the map's powers and the engine's tables: it is checked first, as every
 * family does (antike_variant.c). */
static int power_ok(const struct dip_map *m, int power)
{
	return power >= 0 && power < m->npowers;
}

/* A set of a power not in the game, every line of it said in out as
 * left out (what: "order" or "standing order"). */
static void say_damaged(const char *what, const struct order_set *set, struct strbuf *out)
{
	const char *t = set->text, *line;
	size_t len;

	while (str_next_line(&t, &line, &len))
		strbuf_addf(out, "Damaged %s row (no power %d in the game), ignored: %.*s\n",
		            what, set->power, (int)len, line);
}

/* Read the canonical orders of sets into orders[*n...]; what cannot be read
 * back (a damaged row) is said in the report. */
static void read_orders(const struct dip_map *m, const struct dip_position *p,
                        const struct order_set *sets, int nsets, struct dip_order *orders,
                        int *n, struct strbuf *report)
{
	for (int s = 0; s < nsets; s++) {
		const char *t = sets[s].text, *line;
		size_t len;
		if (!power_ok(m, sets[s].power)) {
			say_damaged("order", &sets[s], report);
			continue;
		}
		while (str_next_line(&t, &line, &len)) {
			if (*n == DIP_MAX_ORDERS || dip_read_order(m, line, len, sets[s].power, &orders[*n])) {
				strbuf_addf(report, "Order not usable, ignored: %s: %.*s\n",
				            m->power[sets[s].power].name, (int)len, line);
				continue;
			}
			if (p->phase == DIP_PH_RETREAT && orders[*n].kind == DIP_MOVE)
				orders[*n].kind = DIP_RETREAT;
			(*n)++;
		}
	}
}

/* The units of power left without an order by its stored set: in an
 * adjustment the set is whole once given (what is not used is waived,
 * what is not removed the rules remove), as njudge takes it. */
static int dip_op_unordered(const struct variant *v, const void *pos, int power, const char *stored)
{
	const struct dip_map *m = map_of(v);
	const struct dip_position *p = pos;
	struct dip_order *orders;
	const char *line;
	size_t len;
	int n = 0, count;

	if (p->phase == DIP_PH_ADJUSTMENT)
		return 0;
	orders = xcalloc(DIP_MAX_ORDERS, sizeof *orders);
	while (n < DIP_MAX_ORDERS && str_next_line(&stored, &line, &len))
		n += !dip_read_order(m, line, len, power, &orders[n]);
	count = units_unordered(m, p, power, orders, n, NULL);
	free(orders);
	return count;
}

/* Add the standing orders that apply: movement phase, the unit is there
 * and has no order, and the order is legal now.  The power's seat is told
 * which were used and why others were not, and of any it cannot read
 * back (a damaged row): standing orders are private, so not everyone; a
 * row of no power of the game has no seat, and is told to the master. */
static void add_standing(const struct dip_map *m, const struct dip_position *p,
                         const struct order_set *standing, int nstanding,
                         struct dip_order *orders, int *n, struct variant_report *report)
{
	if (p->phase != DIP_PH_MOVEMENT)
		return;
	for (int s = 0; s < nstanding; s++) {
		const char *t = standing[s].text, *line;
		size_t len;
		int power = standing[s].power;
		if (!power_ok(m, power)) {
			say_damaged("standing order", &standing[s], &report->master);
			continue;
		}
		while (str_next_line(&t, &line, &len)) {
			struct dip_order o;
			int unit, ordered = 0;
			if (*n == DIP_MAX_ORDERS || dip_read_order(m, line, len, power, &o)) {
				strbuf_addf(&report->power[power], "Standing order not usable, ignored: %.*s\n",
				            (int)len, line);
				continue;
			}
			unit = dip_unit_at(m, p, m->loc[o.loc].prov);
			if (unit < 0 || p->unit[unit].power != power)
				continue;      /* not there this phase: nothing to say */
			for (int i = 0; i < *n; i++)
				ordered |= orders[i].power == power &&
				           m->loc[orders[i].loc].prov == m->loc[o.loc].prov;
			if (ordered)
				continue;
			int rc = dip_check_order(m, p, &o);
			if (rc) {
				strbuf_addf(&report->power[power], "Standing order not used: %.*s (%s).\n",
				            (int)len, line, dip_reason_text(rc));
				continue;
			}
			orders[(*n)++] = o;
			strbuf_addf(&report->power[power], "Standing order used: %.*s\n", (int)len, line);
		}
	}
}

static int dip_op_adjudicate(const struct variant *v, const void *pos,
                         const struct order_set *sets, int nsets,
                         const struct order_set *standing, int nstanding,
                         const struct variant_chance *chance,
                         struct strbuf *next, struct variant_report *report, struct game_end *end)
{
	const struct dip_map *m = map_of(v);
	const struct dip_position *p = pos;
	struct dip_position *np = xmalloc(sizeof *np);
	struct dip_outcome *out = xmalloc(sizeof *out);
	struct dip_order *orders = xmalloc(DIP_MAX_ORDERS * sizeof *orders);
	struct strbuf unusable = STRBUF_INIT;
	int n = 0;

	(void)chance;   /* no chance in Diplomacy */
	read_orders(m, p, sets, nsets, orders, &n, &unusable);
	add_standing(m, p, standing, nstanding, orders, &n, report);
	dip_adjudicate(m, p, orders, n, out, np);
	dip_report(m, p, out, np, &report->all);
	strbuf_addstr(&report->all, unusable.buf);
	dip_state_write(m, np, next);
	end->winner = out->winner;
	if (out->winner != DIP_NO_POWER) {
		end->over = 1;
		snprintf(end->how, sizeof end->how, "%s wins with %d supply centres",
		         m->power[out->winner].name, dip_centre_count(m, np, out->winner));
	}
	strbuf_release(&unusable);
	free(orders);
	free(out);
	free(np);
	return 0;
}

/* The picture: the phase adjudicated again, as dip_op_adjudicate did, for
 * the orders' results (the engine is pure, so they are the same). */
static void dip_op_picture(const struct variant *v, const void *before,
                       const struct order_set *sets, int nsets,
                       const struct order_set *standing, int nstanding,
                       const struct variant_chance *chance,
                       const void *after, struct pic_scene *scene)
{
	const struct dip_map *m = map_of(v);
	struct dip_outcome *out = NULL;

	(void)chance;     /* Diplomacy has no chance */
	if (before) {
		struct dip_position *np = xmalloc(sizeof *np);
		struct dip_order *orders = xmalloc(DIP_MAX_ORDERS * sizeof *orders);
		struct variant_report *scratch = variant_report_new();
		int n = 0;
		out = xmalloc(sizeof *out);
		read_orders(m, before, sets, nsets, orders, &n, &scratch->all);
		add_standing(m, before, standing, nstanding, orders, &n, scratch);
		dip_adjudicate(m, before, orders, n, out, np);
		variant_report_free(scratch);
		free(orders);
		free(np);
	}
	dip_picture_scene(m, v->geo, out, after, scene);
	free(out);
}

static int dip_op_in_game(const struct variant *v, const void *pos, int power)
{
	const struct dip_position *p = pos;

	if (dip_centre_count(map_of(v), p, power) > 0)
		return 1;
	for (int i = 0; i < p->nunits; i++)
		if (p->unit[i].power == power)
			return 1;
	return 0;
}

static void dip_op_status(const struct variant *v, const void *pos, struct strbuf *out)
{
	dip_status(map_of(v), pos, out);
}

/* A unit as JSON: its power, 'A' or 'F', and its location's code. */
static void unit_json(const struct dip_map *m, const struct dip_unit *u, struct json *j)
{
	json_object(j);
	json_kstring(j, "power", m->power[u->power].name);
	json_kstring(j, "type", u->type == DIP_ARMY ? "A" : "F");
	json_kstring(j, "province", m->loc[u->loc].code);
	json_object_end(j);
}

static void dip_op_status_json(const struct variant *v, const void *pos, struct json *j)
{
	const struct dip_map *m = map_of(v);
	const struct dip_position *p = pos;

	json_key(j, "units");
	json_array(j);
	for (int i = 0; i < p->nunits; i++)
		unit_json(m, &p->unit[i], j);
	json_array_end(j);
	json_key(j, "dislodged");
	json_array(j);
	for (int i = 0; i < p->ndislodged; i++)
		unit_json(m, &p->dislodged[i].unit, j);
	json_array_end(j);
	json_key(j, "centres");
	json_object(j);
	for (int w = 0; w < m->npowers; w++) {
		json_key(j, m->power[w].name);
		json_array(j);
		for (int l = 0; l < m->nprov; l++)
			if (m->loc[l].centre && p->owner[l] == w)
				json_string(j, m->loc[l].code);
		json_array_end(j);
	}
	json_object_end(j);
}

/* Diplomacy is won on supply centres alone (a solo at the variant's
 * count), so they are its one measure. */
static void dip_op_score(const struct variant *v, const void *pos, struct variant_score *sc)
{
	const struct dip_map *m = map_of(v);

	sc->nmeasures = 1;
	snprintf(sc->measure[0].label, sizeof sc->measure[0].label, "Supply centres");
	for (int w = 0; w < m->npowers; w++)
		sc->measure[0].of[w] = dip_centre_count(m, pos, w);
}

/* "Samnium (sam), Bruttium (bru)": the locations of set, or "none". */
static void loc_list(const struct dip_map *m, const dip_set *set, struct strbuf *line)
{
	int n = 0;

	for (int l = 0; l < m->nloc; l++)
		if (dip_set_has(set, l))
			strbuf_addf(line, "%s%s (%s)", n++ ? ", " : "", m->loc[l].name, m->loc[l].code);
	if (!n)
		strbuf_addstr(line, "none");
}

/* One province: its name, code, kind and centre, then a line of army
 * moves and a line of fleet moves per place a fleet can stand in it (one
 * per coast where it has several). */
static void map_province(const struct dip_map *m, int prov, struct strbuf *out)
{
	static const char *const kind[] = { [DIP_LAND] = "inland", [DIP_COAST] = "coastal",
	                                    [DIP_SEA] = "sea" };
	const struct dip_loc *l = &m->loc[prov];
	struct strbuf line;

	strbuf_init(&line);
	strbuf_addf(out, "%s (%s), %s", l->name, l->code, kind[l->kind]);
	if (l->centre && l->home != DIP_NO_POWER)
		strbuf_addf(out, ", home centre of %s", m->power[l->home].name);
	else if (l->centre)
		strbuf_addstr(out, ", supply centre");
	strbuf_addch(out, '\n');
	strbuf_addstr(&line, "  army:  ");
	if (l->kind == DIP_SEA)
		strbuf_addstr(&line, "none (armies cross seas only by convoy)");
	else
		loc_list(m, &l->army_adj, &line);
	strbuf_addch(&line, '\n');
	wrap_add(out, line.buf, &WRAP_LIST(9));
	if (l->ncoasts == 0) {
		strbuf_reset(&line);
		strbuf_addstr(&line, "  fleet: ");
		loc_list(m, &l->fleet_adj, &line);
		strbuf_addch(&line, '\n');
		wrap_add(out, line.buf, &WRAP_LIST(9));
	}
	for (int c = 0; c < l->ncoasts; c++) {
		const struct dip_loc *coast = &m->loc[l->coast[c]];
		strbuf_reset(&line);
		strbuf_addf(&line, "  fleet (%s): ", coast->code);
		loc_list(m, &coast->fleet_adj, &line);
		strbuf_addch(&line, '\n');
		wrap_add(out, line.buf, &WRAP_LIST(9));
	}
	strbuf_release(&line);
}

static void dip_op_map_text(const struct variant *v, struct strbuf *out)
{
	const struct dip_map *m = map_of(v);
	int centres = 0;

	for (int p = 0; p < m->nprov; p++)
		centres += m->loc[p].centre;
	strbuf_addf(out, "The map of %s: %d provinces, %d supply centres.\n", v->name,
	            m->nprov, centres);
	strbuf_addstr(out,
	              "Each province with its code, then where a unit in it can move: an army\n"
	              "by land (by convoy it may go further), a fleet by water; a province\n"
	              "with several coasts has a line for a fleet on each coast.  Codes\n"
	              "and full names may both be used in orders.\n\n");
	for (int p = 0; p < m->nprov; p++)
		map_province(m, p, out);
}

/* In dip_cases.c: the jDip case format. */
int dip_run_cases(const struct variant *v, const char *path, const char *text,
                  struct case_tally *t);

const struct variant_ops dip_variant_ops = {
	.engine = "diplomacy",
	.load = dip_op_load,
	.read = dip_op_read,
	.release = dip_op_release,
	.initial = dip_op_initial,
	.phase = dip_op_phase,
	.takes_standing = 1,
	.separators = ",;",       /* no province name has either */
	.check_scratch = sizeof(struct dip_scratch),
	.check_line = dip_op_check_line,
	.order_named = dip_op_order_named,
	.check_done = dip_op_check_done,
	.unordered = dip_op_unordered,
	.adjudicate = dip_op_adjudicate,
	.picture = dip_op_picture,
	.status = dip_op_status,
	.status_json = dip_op_status_json,
	.score = dip_op_score,
	.in_game = dip_op_in_game,
	.map_text = dip_op_map_text,
	.cases = dip_run_cases,
};
