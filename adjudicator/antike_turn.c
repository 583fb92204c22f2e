/*
 * antike_turn.c - one nation's whole turn in Antike, in the order the
 * spec gives (RULES.md, "A turn"; RG-V): the round's coins, the rondel
 * move and its payment, the wedge's action, cities founded, personages,
 * and the next nation.
 *
 * This file only sequences: every rule lives in the part that owns it
 * (pay, rondel, economy with the round's coins, maneuver, personages),
 * so a turn here reads as the list of steps a player would follow.  Orders arrive checked; what
 * has become impossible by the time it runs is skipped by the part that
 * finds it so, and told.  A nation that sent nothing plays the default
 * move, which is always free, so a silent game can never stall.
 */
#include <assert.h>
#include <string.h>

#include "adjudicator/antike_engine.h"

#define DISORDER_TURNS 3       /* RULES.md: from the third silent turn in a row */
#define SILENT_MAX 99

/* The province an order names, for the report of a skipped one. */
static int order_prov(const struct ant_order *o)
{
	switch (o->kind) {
	case ANT_O_MOVE:
		return o->npath > 0 ? o->path[0] : -1;
	case ANT_O_RONDEL:
	case ANT_O_KNOW:
		return -1;
	default:
		return o->prov;
	}
}

/* The first RONDEL line, and its index in *at; NULL if none. */
static const struct ant_order *rondel_order(const struct ant_turn_orders *orders, int *at)
{
	for (int i = 0; orders && i < orders->n; i++)
		if (orders->o[i].kind == ANT_O_RONDEL) {
			*at = i;
			return &orders->o[i];
		}
	return NULL;
}

/* Pay the paid steps of a move to o's wedge as its PAY says; steps the
 * PAY leaves out (or a PAY not given) take the house default, and a PAY
 * for more than the steps is used only as far as they go. */
static int pay_move(struct ant_pos *p, int nation, const struct ant_order *o, int paid[ANT_NRES + 1],
                    int *short_of, ant_sink sink, void *arg)
{
	int left = ant_rondel_cost(p->nat[nation].wedge, o->wedge);
	int bill[ANT_NRES + 1] = { 0 };

	for (int r = 0; r <= ANT_NRES; r++) {
		bill[r] = o->pay[r] < left ? o->pay[r] : left;
		left -= bill[r];
	}
	return ant_pay_bill(p, nation, bill, left, paid, short_of, sink, arg);
}

/* Move nation's stone: to the ordered wedge, or (no orders, or a move it
 * cannot pay) to the free default.  Returns the wedge reached. */
static int rondel(struct ant_pos *p, int nation, const struct ant_turn_orders *orders,
                  ant_sink sink, void *arg)
{
	struct ant_nation_state *ns = &p->nat[nation];
	int from = ns->wedge, at = -1, to, short_of;
	int paid[ANT_NRES + 1] = { 0 };
	const struct ant_order *o = rondel_order(orders, &at);
	struct ant_fact f;

	if (o && pay_move(p, nation, o, paid, &short_of, sink, arg) < 0) {
		ant_skip(sink, arg, nation, at, -1, ANT_SKIP_CANNOT_PAY, short_of, 0);
		o = NULL;
	}
	to = o ? o->wedge : ant_default_wedge(from);
	ns->wedge = (int8_t)to;
	ant_fact_init(&f, ANT_F_RONDEL, nation);
	f.n[0] = from;
	f.n[1] = to;
	f.n[2] = ant_rondel_steps(from, to);
	f.n[3] = ant_rondel_cost(from, to);
	for (int r = 0; r <= ANT_NRES; r++)
		f.n[4 + r] = paid[r];
	ant_tell(sink, arg, &f);
	return to;
}

static void silent(struct ant_pos *p, int nation, ant_sink sink, void *arg)
{
	struct ant_nation_state *ns = &p->nat[nation];
	struct ant_fact f;

	/* counted up to a bound the stored state keeps (an int8_t): past it
	 * the count says nothing more than "long in civil disorder" */
	if (ns->silent < SILENT_MAX)
		ns->silent++;
	ant_fact_init(&f, ANT_F_DEFAULT, nation);
	f.n[0] = ns->silent;
	ant_tell(sink, arg, &f);
	if (ns->silent >= DISORDER_TURNS) {
		ant_fact_init(&f, ANT_F_CIVIL_DISORDER, nation);
		f.n[0] = ns->silent;
		ant_tell(sink, arg, &f);
	}
}

/* What one turn keeps between its steps. */
struct turn {
	const struct ant_map *m;
	struct ant_pos *p;
	int nation;
	const struct ant_standing *standing;
	ant_sink sink;
	void *arg;
	unsigned first_know;
	int armed[ANT_MAX_PROV];
	struct ant_maneuver mv;
};

/* Carry out line i, which belongs to the wedge reached.  CONQUER waits
 * for the second pass (SEED: conquest after all movement). */
static void run_line(struct turn *t, const struct ant_order *o, int i)
{
	switch (o->kind) {
	case ANT_O_TEMPLE:
		(void)ant_do_temple(t->m, t->p, t->nation, o, i, t->sink, t->arg);
		break;
	case ANT_O_ARM:
		(void)ant_do_arm(t->m, t->p, t->nation, o, i, t->armed, t->sink, t->arg);
		break;
	case ANT_O_KNOW:
		(void)ant_do_know(t->m, t->p, t->nation, o, i, &t->first_know, t->sink, t->arg);
		break;
	case ANT_O_MOVE:
		(void)ant_do_move(t->m, t->p, t->nation, o, i, &t->mv, t->standing, t->sink, t->arg);
		break;
	case ANT_O_ATTACK:
		(void)ant_do_attack(t->m, t->p, t->nation, o, i, &t->mv, t->sink, t->arg);
		break;
	default:
		break;
	}
}

/* The wedge's action: production, or its lines in order (lines of
 * another wedge skipped and told), conquests last. */
static void act(struct turn *t, int w, const struct ant_turn_orders *orders)
{
	int action = ant_wedge_action(w), res = ant_wedge_res(w);

	if (res >= 0)
		ant_produce(t->m, t->p, t->nation, res, t->sink, t->arg);
	if (action == ANT_W_MANEUVER1)
		ant_maneuver_begin(t->m, t->p, t->nation, &t->mv);
	if (!orders)
		return;
	for (int i = 0; i < orders->n; i++) {
		const struct ant_order *o = &orders->o[i];
		int ow = ant_order_wedge(o->kind);

		if (ow < 0)
			continue;
		if (ow != action)
			ant_skip(t->sink, t->arg, t->nation, i, order_prov(o), ANT_SKIP_WRONG_WEDGE, 0, 0);
		else
			run_line(t, o, i);
	}
	for (int i = 0; action == ANT_W_MANEUVER1 && i < orders->n; i++)
		if (orders->o[i].kind == ANT_O_CONQUER)
			(void)ant_do_conquer(t->m, t->p, t->nation, &orders->o[i], i, &t->mv,
			                     t->sink, t->arg);
}

static void next_nation(const struct ant_map *m, struct ant_pos *p, ant_sink sink, void *arg)
{
	p->turn++;
	/* The game is over: the winner's turn is the last one played. */
	if (p->over)
		return;
	p->active = (p->active + 1) % p->norder;
	if (p->active == 0) {
		p->round++;
		ant_round_coins(m, p, sink, arg);
	}
}

void ant_play_turn(const struct ant_map *m, struct ant_pos *p, const struct ant_turn_orders *orders,
                   const struct ant_standing *standing, ant_sink sink, void *arg)
{
	struct turn t;
	int w;

	assert(!p->over && p->norder > 0 && standing);
	memset(&t, 0, sizeof t);
	t.m = m;
	t.p = p;
	t.nation = ant_active(p);
	t.standing = standing;
	t.sink = sink;
	t.arg = arg;
	assert(p->nat[t.nation].in_play);
	/* Round 1's coins come as the game's first turn begins; every later
	 * round's as the turn before it ends (next_nation). */
	if (p->turn == 0 && p->active == 0)
		ant_round_coins(m, p, sink, arg);
	if (orders)
		p->nat[t.nation].silent = 0;
	else
		silent(p, t.nation, sink, arg);
	w = rondel(p, t.nation, orders, sink, arg);
	act(&t, w, orders);
	for (int i = 0; orders && i < orders->n; i++)
		if (orders->o[i].kind == ANT_O_FOUND)
			(void)ant_do_found(m, p, t.nation, &orders->o[i], i, sink, arg);
	ant_award(m, p, t.nation, t.first_know,
	          ant_wedge_action(w) == ANT_W_MANEUVER1 ? &t.mv : NULL, sink, arg);
	next_nation(m, p, sink, arg);
}
