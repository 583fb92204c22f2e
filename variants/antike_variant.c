/*
 * antike_variant.c - Antike behind the variant interface: binds
 * variants/antike/map.txt to the pure engine (adjudicator/antike.h), the
 * order grammar (parser/antike_orders.c, checked by antike_check.c) and
 * the texts (antike_report.c, antike_status.c).
 *
 * Each nation's turn is one phase of kind "turn" with its own deadline.
 * Only the active nation must order, and the phase runs as soon as it has
 * (early), so a game moves as fast as its players answer: a set is whole
 * with its RONDEL line, which the check requires first in every set it
 * accepts (RULES.md 14.1), so there is no unordered op.  Every nation in
 * play may send orders at any time: a non-active nation's set is kept in
 * the next state as its held orders, played when its turn comes; a nation
 * with held orders is not waited for, so the next run plays it.  The
 * standing battle orders (FIGHT ...) decide the battles a nation fights
 * outside its own turn; the front layer keeps them per seat.
 *
 * Antike has no chance: nothing here reads the seeds or keys.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/wrap.h"
#include "parser/antike_orders.h"
#include "variants/antike_board.h"
#include "variants/antike_check.h"
#include "variants/antike_report.h"
#include "variants/variant.h"

static const struct ant_map *map_of(const struct variant *v)
{
	return &((const struct ant_board *)v->data)->map;
}

static int ant_op_load(struct variant *v, const char *dir)
{
	char path[1200];
	struct ant_board *b = xcalloc(1, sizeof *b);

	snprintf(path, sizeof path, "%s/map.txt", dir);
	if (ant_board_load(path, b)) {
		free(b);
		return -1;
	}
	/* the power index is the nation's index in the map, everywhere */
	for (int k = 0; k < b->map.nnations; k++)
		variant_add_power(v, b->map.nation[k].letter, b->map.nation[k].name);
	v->data = b;
	return 0;
}

static void *ant_op_read(const struct variant *v, const char *state)
{
	struct ant_state *s = xmalloc(sizeof *s);

	if (ant_state_read(map_of(v), state, s)) {
		free(s);
		return NULL;
	}
	return s;
}

static void ant_op_release(const struct variant *v, void *pos)
{
	(void)v;
	ant_state_free(pos);
	free(pos);
}

static void ant_op_initial(const struct variant *v, int players, const struct variant_chance *chance,
                           struct strbuf *state)
{
	struct ant_state *s = xcalloc(1, sizeof *s);

	(void)chance;            /* Antike has no chance */
	ant_initial(map_of(v), players, &s->pos);
	ant_state_write(map_of(v), s, state);
	free(s);
}

static void ant_op_phase(const struct variant *v, const void *pos, struct variant_phase *ph)
{
	const struct ant_state *s = pos;
	const struct ant_pos *p = &s->pos;
	struct strbuf name = STRBUF_INIT;
	int active = ant_active(p);

	ant_phase_name(map_of(v), p, &name);
	snprintf(ph->name, sizeof ph->name, "%s", name.buf);
	strbuf_release(&name);
	snprintf(ph->kind, sizeof ph->kind, "turn");
	if (p->over) {
		ph->over = 1;
		return;
	}
	for (int i = 0; i < p->norder; i++)
		pset_add(&ph->may, p->order[i]);
	/* held orders are the active nation's answer already */
	if (!s->held[active] || !*s->held[active])
		pset_add(&ph->must, active);
	ph->early = 1;
}

/* A sentence of the report, folded at a mail's 78 columns. */
__attribute__((format(printf, 2, 3)))
static void say(struct strbuf *out, const char *fmt, ...)
{
	struct strbuf line = STRBUF_INIT;
	va_list ap;

	va_start(ap, fmt);
	strbuf_vaddf(&line, fmt, ap);
	va_end(ap);
	wrap_add(out, line.buf, &WRAP_HANG(WRAP_WIDTH, 2));
	strbuf_release(&line);
}

/* The set of power's orders among sets, or NULL. */
static const char *set_of(const struct order_set *sets, int n, int power)
{
	for (int i = 0; i < n; i++)
		if (sets[i].power == power && sets[i].text && *sets[i].text)
			return sets[i].text;
	return NULL;
}

/* Every nation's standing battle orders; what does not read back is said
 * to its seat and left out (the default then holds). */
static void read_standing(const struct ant_map *m, const struct order_set *sets, int n,
                          struct ant_standing st[ANT_MAX_NATIONS], const char *text[ANT_MAX_NATIONS],
                          struct variant_report *report)
{
	memset(st, 0, ANT_MAX_NATIONS * sizeof *st);
	for (int i = 0; i < n; i++) {
		int k = sets[i].power;
		if (k < 0 || k >= m->nnations || !sets[i].text)
			continue;
		if (ant_standing_read(m, sets[i].text, &st[k])) {
			memset(&st[k], 0, sizeof st[k]);
			say(&report->power[k], "Your standing battle orders could not be read back (%s); "
			    "the default, FIGHT CITY, held this turn.\n", fail_text());
			continue;
		}
		text[k] = sets[i].text;
	}
}

/* The next state's held orders: the non-active nations' fresh sets
 * replace their older ones; the active nation's are used up. */
static void next_held(const struct ant_state *s, struct ant_state *ns, const struct order_set *sets,
                      int n, int active, struct variant_report *report)
{
	for (int k = 0; k < ANT_MAX_NATIONS; k++) {
		const char *fresh = k == active ? NULL : set_of(sets, n, k);
		ns->held[k] = NULL;
		if (k == active || !s->pos.nat[k].in_play)
			continue;
		if (fresh)
			strbuf_addstr(&report->power[k], "Your orders are held for your next turn.\n");
		fresh = fresh ? fresh : s->held[k];
		if (fresh && *fresh)
			ns->held[k] = xstrdup(fresh);
	}
}

static int ant_op_adjudicate(const struct variant *v, const void *pos,
                             const struct order_set *sets, int nsets,
                             const struct order_set *standing, int nstanding,
                             const struct variant_chance *chance,
                             struct strbuf *next, struct variant_report *report, struct game_end *end)
{
	const struct ant_map *m = map_of(v);
	const struct ant_state *s = pos;
	struct ant_state *ns = xcalloc(1, sizeof *ns);
	struct ant_turn_orders *orders = xcalloc(1, sizeof *orders);
	struct ant_standing *st = xcalloc(ANT_MAX_NATIONS, sizeof *st);
	const char *stext[ANT_MAX_NATIONS] = { 0 };
	int active = ant_active(&s->pos);
	const char *text = set_of(sets, nsets, active);
	struct strbuf *all = &report->all;
	struct ant_words words = { m, all, orders, NULL };
	size_t from;

	(void)chance;            /* Antike has no chance */
	if (!text)
		text = s->held[active];
	if (text && ant_orders_read(m, text, orders)) {
		say(all, "The %s' orders could not be read back (%s): they play the default move.\n",
		    m->nation[active].name, fail_text());
		text = NULL;
	}
	words.lines = text;
	read_standing(m, standing, nstanding, st, stext, report);
	ns->pos = s->pos;
	ant_phase_name(m, &s->pos, all);
	strbuf_addstr(all, ":\n");
	from = all->len;
	ant_play_turn(m, &ns->pos, text ? orders : NULL, st, ant_report_sink, &words);
	wrap_tail(all, from, &WRAP_HANG(WRAP_WIDTH, 2));
	strbuf_addch(all, '\n');
	next_held(s, ns, sets, nsets, active, report);
	if (ns->pos.nat[active].silent >= 3)
		say(&report->master, "The %s have played %d turns in a row by default (civil "
		    "disorder): their seat needs a player.\n", m->nation[active].name,
		    ns->pos.nat[active].silent);
	/* the next nation and its deadline are the front layer's to add */
	ant_position(m, &ns->pos, stext, all);
	ant_state_write(m, ns, next);
	if (ns->pos.over) {
		end->over = 1;
		end->winner = ns->pos.winner;
		if (ns->pos.winner >= 0)
			snprintf(end->how, sizeof end->how, "the %s win with %d personages in round %d",
			         m->nation[ns->pos.winner].name, ant_personages(&ns->pos, ns->pos.winner),
			         ns->pos.round);
		else
			snprintf(end->how, sizeof end->how, "the game ends without a winner in round %d",
			         ns->pos.round);
	}
	ant_state_free(ns);
	free(ns);
	free(orders);
	free(st);
	return 0;
}

static void ant_op_status(const struct variant *v, const void *pos, struct strbuf *out)
{
	ant_position(map_of(v), &((const struct ant_state *)pos)->pos, NULL, out);
}

static void ant_op_status_json(const struct variant *v, const void *pos, struct json *j)
{
	ant_position_json(map_of(v), &((const struct ant_state *)pos)->pos, j);
}

/* Personages decide (the target, or the most when every one is out);
 * cities are what a table reader compares next. */
static void ant_op_score(const struct variant *v, const void *pos, struct variant_score *sc)
{
	const struct ant_map *m = map_of(v);
	const struct ant_pos *p = &((const struct ant_state *)pos)->pos;

	sc->nmeasures = 2;
	snprintf(sc->measure[0].label, sizeof sc->measure[0].label, "Personages");
	snprintf(sc->measure[1].label, sizeof sc->measure[1].label, "Cities");
	for (int k = 0; k < m->nnations; k++) {
		sc->measure[0].of[k] = ant_personages(p, k);
		sc->measure[1].of[k] = ant_cities(m, p, k);
	}
}

static int ant_op_in_game(const struct variant *v, const void *pos, int power)
{
	const struct ant_pos *p = &((const struct ant_state *)pos)->pos;

	return power >= 0 && power < map_of(v)->nnations && p->nat[power].in_play;
}

static void ant_op_map_text(const struct variant *v, struct strbuf *out)
{
	ant_map_text(map_of(v), out);
}

/* A nation's held orders are its own until played. */
static void ant_op_private_info(const struct variant *v, const void *pos, int power, struct strbuf *out)
{
	const struct ant_state *s = pos;

	(void)v;
	if (power < 0 || power >= ANT_MAX_NATIONS || !s->held[power] || !*s->held[power])
		return;
	strbuf_addstr(out, "Your orders held for your next turn:\n");
	for (const char *t = s->held[power], *line; ;) {
		size_t len;
		if (!str_next_line(&t, &line, &len))
			break;
		strbuf_addf(out, "  %.*s\n", (int)len, line);
	}
}

const struct variant_ops antike_variant_ops = {
	.engine = "antike",
	.uses_keys = 0,
	.uses_seeds = 0,
	.load = ant_op_load,
	.read = ant_op_read,
	.release = ant_op_release,
	.initial = ant_op_initial,
	.phase = ant_op_phase,
	.takes_standing = 1,
	.separators = ";",
	.check_scratch = sizeof(struct ant_check_scratch),
	.check_line = ant_check_line,
	.check_done = ant_check_done,
	.adjudicate = ant_op_adjudicate,
	.status = ant_op_status,
	.status_json = ant_op_status_json,
	.score = ant_op_score,
	.in_game = ant_op_in_game,
	.map_text = ant_op_map_text,
	.picture = ant_picture,
	.private_info = ant_op_private_info,
};
