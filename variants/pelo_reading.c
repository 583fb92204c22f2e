/*
 * pelo_reading.c - the Peloponnesian War's stored orders and standing
 * instructions read back into the engine's plans (pelo_reading.h), and an
 * operations phase replayed from them for its picture.  The canonical
 * lines are read with the strict readers of parser/, never the players'
 * grammar: what was stored is what the check accepted.
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "adjudicator/pelo_facts.h"
#include "parser/pelo_ops_orders.h"
#include "parser/pelo_orders.h"
#include "variants/pelo_board.h"
#include "variants/pelo_reading.h"
#include "variants/variant.h"

int pelo_city_of(const struct pelo_map *m, int power)
{
	return power >= 0 && power < m->nmajors ? m->major[power] : PELO_NONE;
}

void pelo_each_line(struct pelo_reading *r, const struct order_set *set, const char *what,
                    struct strbuf *report, pelo_line_fn *fn)
{
	const char *t = set->text, *line;
	size_t len;
	int c = pelo_city_of(r->m, set->power);

	if (c == PELO_NONE)
		return;
	while (str_next_line(&t, &line, &len))
		if (fn(r, c, line, len))
			strbuf_addf(report, "%s not usable, ignored: %s: %.*s\n", what, r->m->city[c].name,
			            (int)len, line);
}

int pelo_read_action(struct pelo_reading *r, int c, const char *line, size_t len)
{
	struct pelo_order o;

	if (pelo_read_order(r->m, r->sc, line, len, &o))
		return -1;
	if (o.verb <= PELO_V_SPECIAL && r->plan[c].n < PELO_MAX_PLAN)
		r->plan[c].act[r->plan[c].n++] = pelo_order_action(&o);
	return 0;
}

static int read_op(struct pelo_reading *r, int c, const char *line, size_t len)
{
	struct pelo_op op;

	if (pelo_read_op(r->m, r->sc, line, len, &op))
		return -1;
	if (r->ops[c].n < PELO_MAX_PLAN)
		r->ops[c].op[r->ops[c].n++] = op;
	return 0;
}

int pelo_read_build(struct pelo_reading *r, int c, const char *line, size_t len)
{
	struct pelo_order o;

	if (pelo_read_order(r->m, r->sc, line, len, &o))
		return -1;
	if (o.verb == PELO_V_BUILD && r->bs->n[c] < PELO_MAX_BUILDS)
		r->bs->b[c][r->bs->n[c]++] = (struct pelo_build){ o.type, o.n };
	return 0;
}

/* Standing lines: the instructions of 3.6, then ADMIT and PEACE. */
static int read_standing(struct pelo_reading *r, int c, const char *line, size_t len)
{
	struct pelo_standing st;
	struct pelo_order o;

	if (!pelo_read_standing(r->m, line, len, &st)) {
		if (st.instr == PELO_I_KINDS)
			memcpy(r->in->split[c], st.split, sizeof r->in->split[c]);
		else
			r->in->given[c][st.instr] = 1, r->in->value[c][st.instr] = st.value;
		return 0;
	}
	if (pelo_read_order(r->m, r->sc, line, len, &o))
		return -1;
	if (o.verb == PELO_V_ADMIT)
		r->consent->admit[c][o.target] = 1;
	else if (o.verb == PELO_V_PEACE)
		r->consent->peace[c][o.target] = 1;
	else
		return -1;
	return 0;
}

void pelo_read_operations(struct pelo_reading *r, const struct order_set *sets, int nsets,
                          const struct order_set *standing, int nstanding,
                          struct variant_report *report)
{
	for (int i = 0; i < nstanding; i++)
		pelo_each_line(r, &standing[i], "Standing order", &report->power[standing[i].power],
		          read_standing);
	for (int i = 0; i < nsets; i++)
		pelo_each_line(r, &sets[i], "Order", &report->all, read_op);
}

void pelo_replay_operations(const struct variant *v, const struct pelo_pos *pos,
                            const struct order_set *sets, int nsets,
                            const struct order_set *standing, int nstanding,
                            const struct variant_chance *chance, struct pelo_facts *out)
{
	const struct pelo_board *b = v->data;
	struct pelo_pos *np = xmalloc(sizeof *np);
	struct pelo_consent *consent = xcalloc(1, sizeof *consent);
	struct pelo_instructions *in = xcalloc(1, sizeof *in);
	struct pelo_ops_plan *ops = xcalloc(PELO_MAX_CITIES, sizeof *ops);
	struct pelo_reading rd = { &b->map, &b->scen, NULL, ops, NULL, in, consent };
	struct variant_report *scratch = variant_report_new();
	struct chance_stream dice;

	assert(pos->phase == PELO_PH_OPERATIONS && chance && chance->seed);
	memcpy(np, pos, sizeof *np);
	chance_init(&dice, chance->seed, "dice");
	pelo_read_operations(&rd, sets, nsets, standing, nstanding, scratch);
	pelo_operations(&b->map, &b->scen, np, ops, in, &dice, out);
	variant_report_free(scratch);
	free(ops);
	free(in);
	free(consent);
	free(np);
}
