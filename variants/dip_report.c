/*
 * dip_report.c - the Diplomacy results report and position summary that
 * players read by mail: every order with its outcome, dislodged units with
 * where they may go, centres and counts, what is due next.  Every place
 * a player reads here has its name beside its code ("Sinai (sin)"), as
 * njudge players read names: codes alone need the map at hand.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/wrap.h"
#include "parser/dip_orders.h"
#include "variants/dip_board.h"

/* "bounced", "cut", ... or the empty string for plain success. */
static void outcome_text(const struct dip_order *o, const struct dip_result *r, struct strbuf *sb)
{
	int n = 0;
	const char *parts[4];
	char why[96];

	if (r->defaulted)
		parts[n++] = o->kind == DIP_HOLD ? "no order: holds" : "no order: by default";
	if (!r->success && r->reason) {
		snprintf(why, sizeof why, "fails: %s", dip_reason_text(r->reason));
		parts[n++] = why;
	}
	if (r->dislodged)
		parts[n++] = r->destroyed ? "dislodged, nowhere to retreat: destroyed" : "dislodged";
	for (int i = 0; i < n; i++)
		strbuf_addf(sb, "%s%s", i ? "; " : "(", parts[i]);
	if (n)
		strbuf_addch(sb, ')');
}

static void centre_lines(const struct dip_map *m, const struct dip_position *p, struct strbuf *sb)
{
	int unowned = 0;

	strbuf_addstr(sb, "Supply centres:\n");
	for (int w = 0; w < m->npowers; w++) {
		int n = 0, units = 0;
		size_t line = sb->len;
		strbuf_addf(sb, "  %-12s %2d  ", m->power[w].name, dip_centre_count(m, p, w));
		dip_set owned = { 0 };
		for (int l = 0; l < m->nprov; l++)
			if (m->loc[l].centre && p->owner[l] == w) {
				dip_set_add(&owned, l);
				n++;
			}
		dip_add_places(m, &owned, sb);
		for (int i = 0; i < p->nunits; i++)
			units += p->unit[i].power == w;
		strbuf_addf(sb, "%s(%d unit%s)\n", n ? "  " : "", units, units == 1 ? "" : "s");
		wrap_tail(sb, line, &WRAP_LIST(19));
	}
	for (int l = 0; l < m->nprov; l++)
		unowned += m->loc[l].centre && p->owner[l] == DIP_NO_POWER;
	strbuf_addf(sb, "  %-12s %2d\n", "Unowned", unowned);
}

struct named { const char *name; int loc; };

static int by_name(const void *a, const void *b)
{
	return strcmp(((const struct named *)a)->name, ((const struct named *)b)->name);
}

void dip_add_places(const struct dip_map *m, const dip_set *set, struct strbuf *sb)
{
	struct named *all = xmalloc((size_t)m->nloc * sizeof *all);
	int n = 0;

	for (int l = 0; l < m->nloc; l++)
		if (dip_set_has(set, l))
			all[n++] = (struct named){ m->loc[l].name, l };
	qsort(all, (size_t)n, sizeof all[0], by_name);
	for (int k = 0; k < n; k++) {
		if (k)
			strbuf_addstr(sb, ", ");
		dip_add_place(m, all[k].loc, sb);
	}
	free(all);
}

void dip_add_retreats(const struct dip_map *m, const struct dip_position *p,
                      const struct dip_dislodged *d, struct strbuf *sb)
{
	dip_set opts;
	int n = 0;

	dip_retreat_options(m, p, d, &opts);
	for (int l = 0; l < m->nloc; l++)
		n += dip_set_has(&opts, l);
	if (n)
		dip_add_places(m, &opts, sb);
	else
		strbuf_addstr(sb, "none: it will be disbanded");
}

static void dislodged_lines(const struct dip_map *m, const struct dip_position *p, struct strbuf *sb)
{
	if (!p->ndislodged)
		return;
	strbuf_addstr(sb, "Dislodged units and where they may retreat:\n");
	for (int i = 0; i < p->ndislodged; i++) {
		const struct dip_unit *u = &p->dislodged[i].unit;
		size_t line = sb->len;
		strbuf_addf(sb, "  %s %c ", m->power[u->power].name, u->type == DIP_ARMY ? 'A' : 'F');
		dip_add_place(m, u->loc, sb);
		strbuf_addstr(sb, ": ");
		dip_add_retreats(m, p, &p->dislodged[i], sb);
		strbuf_addch(sb, '\n');
		wrap_tail(sb, line, &WRAP_LIST(4));
	}
}

static void adjustment_lines(const struct dip_map *m, const struct dip_position *p, struct strbuf *sb)
{
	if (p->phase != DIP_PH_ADJUSTMENT)
		return;
	strbuf_addstr(sb, "Adjustments due:\n");
	for (int w = 0; w < m->npowers; w++) {
		int d = dip_adjustment_count(m, p, w);
		if (d > 0 && m->build_owned && !dip_home_owned(m, p, w))
			strbuf_addf(sb, "  %-12s no home centre owned: no builds\n", m->power[w].name);
		else if (d > 0)
			strbuf_addf(sb, "  %-12s builds %d\n", m->power[w].name, d);
		else if (d < 0)
			strbuf_addf(sb, "  %-12s removes %d\n", m->power[w].name, -d);
	}
}

/* The units after the phase, power by power, with full province names
 * and codes in brackets: a player reads the position without a map.
 * Wrapped within 78 columns, continuation lines under the first unit. */
static void unit_lines(const struct dip_map *m, const struct dip_position *p, struct strbuf *sb)
{
	struct strbuf item = STRBUF_INIT;

	strbuf_addstr(sb, "Units:\n");
	for (int w = 0; w < m->npowers; w++) {
		size_t start = sb->len;
		int n = 0;
		for (int i = 0; i < p->nunits; i++) {
			const struct dip_unit *u = &p->unit[i];
			if (u->power != w)
				continue;
			if (!n)
				strbuf_addf(sb, "  %-12s ", m->power[w].name);
			strbuf_reset(&item);
			strbuf_addf(&item, "%c %s (%s)", u->type == DIP_ARMY ? 'A' : 'F', m->loc[u->loc].name,
			            m->loc[u->loc].code);
			if (n++) {
				strbuf_addch(sb, ',');
				if (sb->len - start + 1 + item.len > 76) {
					strbuf_addf(sb, "\n%15s", "");
					start = sb->len - 15;
				} else {
					strbuf_addch(sb, ' ');
				}
			}
			strbuf_addstr(sb, item.buf);
		}
		if (n)
			strbuf_addch(sb, '\n');
	}
	strbuf_addch(sb, '\n');
	strbuf_release(&item);
}

void dip_report(const struct dip_map *m, const struct dip_position *before,
                const struct dip_outcome *out, const struct dip_position *after,
                struct strbuf *sb)
{
	struct strbuf t = STRBUF_INIT;

	strbuf_addstr(sb, "Results of ");
	dip_format_phase(m, before, sb);
	strbuf_addstr(sb, ":\n\n");
	for (int w = 0; w < m->npowers; w++) {
		int any = 0;
		for (int i = 0; i < out->norders; i++) {
			const struct dip_order *o = &out->order[i];
			if (o->power != w || out->result[i].reason == DIP_R_DUPLICATE)
				continue;
			if (!any++)
				strbuf_addf(sb, "%s:\n", m->power[w].name);
			size_t line = sb->len;
			strbuf_addstr(sb, "  ");
			dip_format_order_named(m, o, sb);
			strbuf_reset(&t);
			outcome_text(o, &out->result[i], &t);
			/* the outcome stays whole, two blanks after the order or
			 * on a line of its own under it: a reader (and `judge
			 * demo`) finds it there, apart from the names' codes */
			if (t.len && sb->len - line + 2 + t.len > WRAP_WIDTH)
				strbuf_addf(sb, "\n      %s", t.buf);
			else if (t.len)
				strbuf_addf(sb, "  %s", t.buf);
			strbuf_addch(sb, '\n');
			wrap_tail(sb, line, &WRAP_HANG(WRAP_WIDTH, 4));
		}
		if (any)
			strbuf_addch(sb, '\n');
	}
	strbuf_release(&t);
	dislodged_lines(m, after, sb);
	if (after->ndislodged)
		strbuf_addch(sb, '\n');
	unit_lines(m, after, sb);
	centre_lines(m, after, sb);
	adjustment_lines(m, after, sb);
	if (out->winner != DIP_NO_POWER)
		strbuf_addf(sb, "\n%s has %d supply centres and wins the game.\n",
		            m->power[out->winner].name, dip_centre_count(m, after, out->winner));
}

void dip_status(const struct dip_map *m, const struct dip_position *p, struct strbuf *sb)
{
	strbuf_addstr(sb, "Phase: ");
	/* real BC years only: the old judges' "year 50" is explained once, in
	 * the rule book (RULES.md section 5), not shown beside every date */
	dip_format_phase(m, p, sb);
	/* the units named as in the results (LIST, the start mail, show) */
	strbuf_addch(sb, '\n');
	unit_lines(m, p, sb);
	dislodged_lines(m, p, sb);
	centre_lines(m, p, sb);
	adjustment_lines(m, p, sb);
}
