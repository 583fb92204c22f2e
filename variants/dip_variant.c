/*
 * dip_variant.c - the Diplomacy family behind the variant interface: binds
 * a map file to the Diplomacy engine, the order grammar and the report.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parser/dip_orders.h"
#include "variants/dip_board.h"
#include "variants/dip_map_load.h"
#include "variants/variant.h"

static const struct dip_map *map_of(const struct variant *v)
{
	return &((const struct dip_board *)v->data)->map;
}

static int dv_load(struct variant *v, const char *dir, char *err, size_t errlen)
{
	char path[1200];
	struct dip_board *b = xcalloc(1, sizeof *b);

	snprintf(path, sizeof path, "%s/map.txt", dir);
	names_init(&b->names);
	if (dip_map_load(path, &b->map, &b->names, err, errlen)) {
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

/*
 * Read state, or fall back to an empty position: stored state was written
 * by this file, so a failure here means a damaged database.  One mail
 * asks several questions of the same state (its phase, who must order,
 * is everyone in), so the last state read is kept; the Judge is single
 * threaded, and the copy is compared in full, so it can never be stale.
 */
static void read_state(const struct variant *v, const char *state, struct dip_position *p)
{
	static const struct variant *last_v;
	static char *last_text;
	static struct dip_position last_pos;
	char err[200];

	if (last_v == v && last_text && strcmp(last_text, state) == 0) {
		*p = last_pos;
		return;
	}
	if (dip_state_read(map_of(v), state, p, err, sizeof err)) {
		fprintf(stderr, "judge: damaged game state: %s\n", err);
		memset(p, 0, sizeof *p);
		return;
	}
	free(last_text);
	last_text = xstrdup(state);
	last_v = v;
	last_pos = *p;
}

static void dv_initial(const struct variant *v, const struct variant_chance *chance,
                       struct strbuf *state)
{
	struct dip_position p;

	(void)chance;   /* Diplomacy has no chance in it */
	dip_initial_position(map_of(v), &p);
	dip_state_write(map_of(v), &p, state);
}

static void dv_phase_name(const struct variant *v, const char *state, struct strbuf *out)
{
	struct dip_position p;
	read_state(v, state, &p);
	dip_format_phase(map_of(v), &p, out);
}

static int dv_needs_orders(const struct variant *v, const char *state, int power)
{
	const struct dip_map *m = map_of(v);
	struct dip_position p;

	read_state(v, state, &p);
	switch (p.phase) {
	case DIP_PH_MOVEMENT:
		for (int i = 0; i < p.nunits; i++)
			if (p.unit[i].power == power)
				return 1;
		return 0;
	case DIP_PH_RETREAT:
		for (int i = 0; i < p.ndislodged; i++)
			if (p.dislodged[i].unit.power == power)
				return 1;
		return 0;
	default: {
		int d = dip_adjustment_count(m, &p, power);
		if (d > 0 && m->build_owned && !dip_home_owned(m, &p, power))
			return 0;
		if (d > 0 && !m->build_owned) {
			/* builds are due only where a home centre is free to build in */
			int room = 0;
			for (int l = 0; l < m->nprov; l++)
				room |= m->loc[l].home == power && p.owner[l] == power &&
				        dip_unit_at(m, &p, l) < 0;
			return room;
		}
		return d != 0;
	}
	}
}

/* The province an order is about, to notice a second order for one unit. */
static int order_key(const struct dip_map *m, const struct dip_order *o)
{
	return o->kind == DIP_WAIVE ? -1 : m->loc[o->loc].prov;
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
	int nunits = p->phase == DIP_PH_RETREAT ? p->ndislodged : p->nunits;
	for (int u = 0; u < nunits; u++) {
		const struct dip_unit *unit = p->phase == DIP_PH_RETREAT ? &p->dislodged[u].unit : &p->unit[u];
		int ordered = 0;
		if (unit->power != power)
			continue;
		for (int i = 0; i < n; i++)
			ordered |= m->loc[orders[i].loc].prov == m->loc[unit->loc].prov;
		if (!ordered)
			strbuf_addf(&list, "%s%c %s", count++ ? ", " : "", unit->type == DIP_ARMY ? 'A' : 'F',
			            m->loc[unit->loc].code);
	}
	if (count)
		strbuf_addf(echo, "  No order for %s: %s.\n", list.buf,
		            p->phase == DIP_PH_RETREAT ? (count == 1 ? "it will be disbanded" : "they will be disbanded")
		                                       : (count == 1 ? "it will hold" : "they will hold"));
	strbuf_release(&list);
}

static int dv_check_orders(const struct variant *v, const char *state, int power,
                           const char *text, struct strbuf *accepted, struct strbuf *echo)
{
	const struct dip_board *b = v->data;
	const struct dip_map *m = &b->map;
	struct dip_position p;
	struct dip_order *orders = xmalloc(DIP_MAX_ORDERS * sizeof *orders);
	int n = 0, rejected = 0, due;
	struct strbuf canon = STRBUF_INIT;

	read_state(v, state, &p);
	due = p.phase == DIP_PH_ADJUSTMENT ? dip_adjustment_count(m, &p, power) : 0;
	const char *line;
	size_t len;
	while (str_next_line(&text, &line, &len)) {
		char err[256];
		struct dip_order o;
		strbuf_addf(echo, "  %.*s\n", (int)len, line);
		if (dip_parse_order(m, &b->names, line, len, power, &o, err, sizeof err)) {
			strbuf_addf(echo, "    REJECTED: %s\n", err);
			rejected++;
			continue;
		}
		if (p.phase == DIP_PH_RETREAT && o.kind == DIP_MOVE)
			o.kind = DIP_RETREAT;
		if (p.phase == DIP_PH_ADJUSTMENT && o.kind == DIP_DISBAND)
			o.kind = DIP_REMOVE;
		int rc = dip_check_order(m, &p, &o);
		if (!rc && p.phase == DIP_PH_ADJUSTMENT) {
			int builds = 0, removes = 0;
			for (int i = 0; i < n; i++) {
				builds += orders[i].kind == DIP_BUILD || orders[i].kind == DIP_WAIVE;
				removes += orders[i].kind == DIP_REMOVE;
			}
			if ((o.kind == DIP_BUILD || o.kind == DIP_WAIVE) && builds >= due)
				rc = DIP_R_NO_BUILDS;
			if (o.kind == DIP_REMOVE && removes >= -due)
				rc = DIP_R_NO_BUILDS;
		}
		if (rc) {
			strbuf_addf(echo, "    REJECTED: %s\n", dip_reason_text(rc));
			rejected++;
			continue;
		}
		strbuf_reset(&canon);
		dip_format_order(m, &o, &canon);
		int replaced = -1;
		for (int i = 0; i < n; i++)
			if (order_key(m, &orders[i]) >= 0 && order_key(m, &orders[i]) == order_key(m, &o) &&
			    o.kind != DIP_BUILD)
				replaced = i;
		if (replaced >= 0) {
			orders[replaced] = o;
			strbuf_addf(echo, "    accepted as: %s (replaces the earlier order for this unit)\n", canon.buf);
		} else if (n < DIP_MAX_ORDERS) {
			orders[n++] = o;
			strbuf_addf(echo, "    accepted as: %s\n", canon.buf);
		}
	}
	for (int i = 0; i < n; i++) {
		dip_format_order(m, &orders[i], accepted);
		strbuf_addch(accepted, '\n');
	}
	if (!rejected)
		unordered(m, &p, power, orders, n, due, echo);
	strbuf_release(&canon);
	free(orders);
	return rejected;
}

static int dv_adjudicate(const struct variant *v, const char *state,
                         const struct order_set *sets, int nsets,
                         const struct variant_chance *chance,
                         struct strbuf *next, struct strbuf *report, struct game_end *end)
{
	const struct dip_board *b = v->data;
	const struct dip_map *m = &b->map;
	struct dip_position *p = xmalloc(sizeof *p), *np = xmalloc(sizeof *np);
	struct dip_outcome *out = xmalloc(sizeof *out);
	struct dip_order *orders = xmalloc(DIP_MAX_ORDERS * sizeof *orders);
	int n = 0;

	(void)chance;   /* no chance in Diplomacy */
	read_state(v, state, p);
	/* stored orders were accepted by dv_check_orders, so they parse */
	for (int s = 0; s < nsets; s++) {
		const char *t = sets[s].text;
		while (*t && n < DIP_MAX_ORDERS) {
			size_t len = strcspn(t, "\n");
			char err[200];
			if (len && !dip_parse_order(m, &b->names, t, len, sets[s].power, &orders[n], err, sizeof err)) {
				if (p->phase == DIP_PH_RETREAT && orders[n].kind == DIP_MOVE)
					orders[n].kind = DIP_RETREAT;
				n++;
			}
			t += len + (t[len] == '\n');
		}
	}
	dip_adjudicate(m, p, orders, n, out, np);
	dip_report(m, p, out, np, report);
	dip_state_write(m, np, next);
	memset(end, 0, sizeof *end);
	end->winner = out->winner;
	if (out->winner != DIP_NO_POWER) {
		end->over = 1;
		snprintf(end->how, sizeof end->how, "%s wins with %d supply centres",
		         m->power[out->winner].name, dip_centre_count(m, np, out->winner));
	}
	free(orders);
	free(out);
	free(np);
	free(p);
	return 0;
}

static void dv_status(const struct variant *v, const char *state, struct strbuf *out)
{
	struct dip_position p;
	read_state(v, state, &p);
	dip_status(map_of(v), &p, out);
}

static void dv_status_json(const struct variant *v, const char *state, struct strbuf *out)
{
	const struct dip_map *m = map_of(v);
	struct dip_position p;
	int first = 1;

	read_state(v, state, &p);
	strbuf_addstr(out, "\"units\":[");
	for (int i = 0; i < p.nunits; i++)
		strbuf_addf(out, "%s{\"power\":\"%s\",\"type\":\"%c\",\"province\":\"%s\"}",
		            i ? "," : "", m->power[p.unit[i].power].name,
		            p.unit[i].type == DIP_ARMY ? 'A' : 'F', m->loc[p.unit[i].loc].code);
	strbuf_addstr(out, "],\"dislodged\":[");
	for (int i = 0; i < p.ndislodged; i++)
		strbuf_addf(out, "%s{\"power\":\"%s\",\"type\":\"%c\",\"province\":\"%s\"}",
		            i ? "," : "", m->power[p.dislodged[i].unit.power].name,
		            p.dislodged[i].unit.type == DIP_ARMY ? 'A' : 'F',
		            m->loc[p.dislodged[i].unit.loc].code);
	strbuf_addstr(out, "],\"centres\":{");
	for (int w = 0; w < m->npowers; w++) {
		int n = 0;
		strbuf_addf(out, "%s\"%s\":[", first ? "" : ",", m->power[w].name);
		first = 0;
		for (int l = 0; l < m->nprov; l++)
			if (m->loc[l].centre && p.owner[l] == w)
				strbuf_addf(out, "%s\"%s\"", n++ ? "," : "", m->loc[l].code);
		strbuf_addch(out, ']');
	}
	strbuf_addch(out, '}');
}

static void dv_private_info(const struct variant *v, const char *state, int power,
                            struct strbuf *out)
{
	(void)v, (void)state, (void)power, (void)out;   /* nothing is secret */
}

const struct variant_ops dip_variant_ops = {
	.engine = "diplomacy",
	.load = dv_load,
	.initial = dv_initial,
	.phase_name = dv_phase_name,
	.needs_orders = dv_needs_orders,
	.check_orders = dv_check_orders,
	.adjudicate = dv_adjudicate,
	.status = dv_status,
	.status_json = dv_status_json,
	.private_info = dv_private_info,
};
