/*
 * antike_check.c - Antike's checks on arrival (variants/antike_check.h):
 * each line of a nation's set read by the grammar, then checked against
 * everything the position tells when the mail arrives, so that a player
 * learns at once what cannot work.  What only the turn can tell (a battle's
 * losses, a conquest's strength after the moves) is the engine's to skip
 * and report.
 *
 * Shaped around a copy of the position in the scratch: each accepted line
 * is played on the copy as far as it can be known (its cost paid with the
 * engine's own ant_pay, units armed, moved by actions left, temples
 * built), so that the next line is checked against what is left and the
 * prices and payment rules live in one place, the engine.
 *
 * c->power is the nation's index: antike_variant.c adds the map's nations
 * as the variant's powers, in the map's order.  A nation that is not
 * active sends the orders of its next turn; they are checked against its
 * position now, which is the position its turn starts from as far as it
 * can know (its wedge and purse change only in its own turn).
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "parser/antike_orders.h"
#include "variants/antike_board.h"
#include "variants/antike_check.h"

/* Prices the checks need besides ant_know_price (RULES.md: temple,
 * arming, founding). */
enum { TEMPLE_MARBLE = 5, ARM_IRON = 1 };

static const char *const wedge_word[ANT_NWEDGES] = {
	"IRON", "TEMPLE", "GOLD", "MANEUVER1", "ARMING", "MARBLE", "KNOW-HOW", "MANEUVER2",
};
static const char *const res_word[ANT_NRES + 1] = { "marble", "iron", "gold", "coins" };
static const char *const unit_word[ANT_NUNIT][2] = { { "legion", "legions" },
                                                     { "galley", "galleys" } };
static const char *const know_word[ANT_NKNOW] = {
	"WHEEL", "ROADS", "SAILING", "NAVIGATION", "MARKET", "CURRENCY", "MONARCHY", "DEMOCRACY",
};
/* what gives a unit type more actions, for the refusal of a long path */
static const char *const actions_from[ANT_NUNIT] = {
	"WHEEL gives a legion 2, ROADS 3", "SAILING gives a galley 2, NAVIGATION 3",
};

#define MANEUVERS ((1u << ANT_W_MANEUVER1) | (1u << ANT_W_MANEUVER2))
/* Which wedges' action an order is part of, and what its refusal calls
 * them; FOUND goes with any wedge (spec "Orders"). */
static const struct { unsigned wedges; const char *verb, *needs; } kinds[ANT_NORDER_KINDS] = {
	[ANT_O_RONDEL]  = { 0, "RONDEL", "" },
	[ANT_O_TEMPLE]  = { 1u << ANT_W_TEMPLE, "TEMPLE", "the TEMPLE wedge" },
	[ANT_O_ARM]     = { 1u << ANT_W_ARMING, "ARM", "the ARMING wedge" },
	[ANT_O_KNOW]    = { 1u << ANT_W_KNOWHOW, "KNOW", "the KNOW-HOW wedge" },
	[ANT_O_MOVE]    = { MANEUVERS, "MOVE", "a MANEUVER wedge" },
	[ANT_O_ATTACK]  = { MANEUVERS, "ATTACK", "a MANEUVER wedge" },
	[ANT_O_CONQUER] = { MANEUVERS, "CONQUER", "a MANEUVER wedge" },
	[ANT_O_FOUND]   = { (1u << ANT_NWEDGES) - 1, "FOUND", "" },
};

struct ctx {
	const struct ant_map *m;
	const struct ant_pos *pos;     /* as the mail found it */
	struct ant_check_scratch *sc;
	int n;                         /* the nation */
	struct order_line *out;
};

static const char *code(const struct ctx *x, int p)
{
	return x->m->prov[p].code;
}

static int refuse(struct ctx *x, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int refuse(struct ctx *x, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	strbuf_vaddf(&x->out->why, fmt, ap);
	va_end(ap);
	return 1;
}

/* What the nation holds now (after the set's costs), for a refusal. */
static void purse(const struct ctx *x, struct strbuf *sb)
{
	const struct ant_nation_state *ns = &x->sc->pos.nat[x->n];

	strbuf_addf(sb, "%d marble, %d iron, %d gold and %d coin%s%s", ns->res[ANT_MARBLE],
	            ns->res[ANT_IRON], ns->res[ANT_GOLD], ns->coins, ns->coins == 1 ? "" : "s",
	            x->sc->round_coin ? " (with the coin of the round that begins first)" : "");
}

/* 1 if a round begins between now and the nation's turn: the start
 * player's turn (order[0]) comes first or is the nation's own. */
static int round_begins(const struct ant_pos *p, int nation)
{
	int at = 0;

	while (at < p->norder && p->order[at] != nation)
		at++;
	/* the round's coins: before the first turn of the game, and otherwise
	 * when the last nation's turn ends (the engine's next_nation), so a
	 * nation ahead of the active one in the order gets its coin first */
	return (p->turn == 0 && p->active == 0) || at < p->active;
}

/* Pay amount of r on the copy, or refuse saying what is held. */
static int pay(struct ctx *x, int r, int amount, const char *what)
{
	int paid[ANT_NRES + 1];

	if (amount <= 0 || ant_pay(&x->sc->pos, x->n, r, amount, paid) == 0)
		return 0;
	refuse(x, "%s costs %d %s and you %s only ", what, amount, res_word[r],
	       x->sc->lines > 1 ? "would have, after the orders before," : "have");
	purse(x, &x->out->why);
	return 1;
}

/* The set's first line: the copy of the position and the units by
 * actions left. */
static void scratch_start(struct ctx *x)
{
	struct ant_check_scratch *sc = x->sc;

	sc->ready = 1;
	sc->wedge = ANT_W_NONE;
	sc->pos = *x->pos;
	/* the round's coin is the nation's before its turn is played; when
	 * the bank has none it gets a resource instead (spec step 1), here
	 * the one it holds least of, so that nothing payable is refused */
	if (round_begins(x->pos, x->n)) {
		struct ant_nation_state *ns = &sc->pos.nat[x->n];
		int least = ANT_MARBLE;
		for (int r = ANT_IRON; r < ANT_NRES; r++)
			if (ns->res[r] < ns->res[least])
				least = r;
		if (x->pos->bank_coins > 0)
			ns->coins++;
		else
			ns->res[least]++;
		sc->round_coin = 1;
	}
	for (int p = 0; p < x->m->nprov; p++)
		for (int u = 0; u < ANT_NUNIT; u++)
			sc->left[p][u][ant_actions(x->pos, x->n, u)] = x->pos->units[p][x->n][u];
}

static int check_rondel(struct ctx *x, struct ant_order *o)
{
	struct ant_nation_state *ns = &x->sc->pos.nat[x->n];
	int from = ns->wedge, given = 0;

	if (o->wedge == ANT_W_MANEUVER_NEARER)
		o->wedge = (int8_t)(from == ANT_W_NONE ? ANT_W_MANEUVER1 : ant_maneuver_wedge(from));
	for (int r = 0; r <= ANT_NRES; r++)
		given += o->pay[r];
	if (from == ANT_W_NONE) {
		if (given)
			return refuse(x, "the first turn's wedge is free: no PAY");
		strbuf_reset(&x->out->shown);
		ant_order_write(x->m, o, &x->out->shown);
		strbuf_addstr(&x->out->shown, " (first turn: any wedge, free)");
		return 0;
	}
	int steps = ant_rondel_steps(from, o->wedge), cost = ant_rondel_cost(from, o->wedge);
	if (given && given != cost)
		return refuse(x, "from %s to %s is %d steps, %d of them paid, but PAY names %d",
		              wedge_word[from], wedge_word[o->wedge], steps, cost, given);
	if (!given && cost && !ant_can_pay(&x->sc->pos, x->n, ANT_COIN, cost)) {
		refuse(x, "from %s to %s is %d steps, %d of them paid, and you have only ",
		       wedge_word[from], wedge_word[o->wedge], steps, cost);
		purse(x, &x->out->why);
		return 1;
	}
	if (given && o->pay[ANT_COIN] > ns->coins)
		return refuse(x, "PAY names %d coin%s and you have %d", o->pay[ANT_COIN],
		              o->pay[ANT_COIN] == 1 ? "" : "s", ns->coins);
	/* coins named outright first, as the engine pays a bill: nothing
	 * else stands in for them, while a resource may fall back on a coin */
	struct ant_nation_state before = *ns;
	ns->coins -= o->pay[ANT_COIN];
	for (int r = 0; r < ANT_NRES; r++)
		if (pay(x, r, o->pay[r], "PAY")) {
			*ns = before;
			return 1;
		}
	if (!given && cost) {
		int paid[ANT_NRES + 1];
		if (ant_pay(&x->sc->pos, x->n, ANT_COIN, cost, paid))
			return refuse(x, "the %d paid steps cannot be paid", cost);
	}
	ant_order_write(x->m, o, &x->out->shown);
	if (cost)
		strbuf_addf(&x->out->shown, " (%d steps, %d paid%s)", steps, cost,
		            given ? "" : " with what you hold most of");
	else
		strbuf_addf(&x->out->shown, " (%d step%s, free)", steps, steps == 1 ? "" : "s");
	return 0;
}

static int check_temple(struct ctx *x, const struct ant_order *o)
{
	struct ant_pos *c = &x->sc->pos;
	int on_board = 0;

	if (c->owner[o->prov] != x->n)
		return refuse(x, "%s is not your city", code(x, o->prov));
	if (c->temple[o->prov])
		return refuse(x, "%s has a temple %s", code(x, o->prov),
		              x->pos->temple[o->prov] ? "already" : "ordered already");
	for (int p = 0; p < x->m->nprov; p++)
		on_board += c->temple[p] != 0;
	if (on_board >= ANT_TEMPLES)
		return refuse(x, "all %d temples are on the board", ANT_TEMPLES);
	if (pay(x, ANT_MARBLE, TEMPLE_MARBLE, "a temple"))
		return 1;
	c->temple[o->prov] = 1;
	strbuf_addf(&x->out->shown, "TEMPLE %s (%d marble)", code(x, o->prov), TEMPLE_MARBLE);
	return 0;
}

static int check_arm(struct ctx *x, const struct ant_order *o)
{
	struct ant_pos *c = &x->sc->pos;
	int limit = c->temple[o->prov] ? 3 : 1;
	int supply = ANT_UNITS_EACH - ant_on_board(x->m, c, x->n, o->unit);

	if (x->pos->owner[o->prov] != x->n)
		return refuse(x, "you have no city in %s", code(x, o->prov));
	if (!ant_may_stand(x->m, o->unit, o->prov))
		return refuse(x, "a %s cannot stand in %s: it has no sea border", unit_word[o->unit][0],
		              code(x, o->prov));
	if (x->sc->armed[o->prov] + o->count > limit)
		return refuse(x, "at most %d new unit%s a turn in %s (%s)%s", limit, limit > 1 ? "s" : "",
		              code(x, o->prov), limit > 1 ? "its city has a temple" :
		              "3 if its city has a temple", x->sc->armed[o->prov] ?
		              ", and earlier lines arm there already" : "");
	if (o->count > supply)
		return refuse(x, "only %d of your %d %s are left to arm", supply, ANT_UNITS_EACH,
		              unit_word[o->unit][1]);
	if (pay(x, ANT_IRON, ARM_IRON * o->count, "arming"))
		return 1;
	c->units[o->prov][x->n][o->unit] += o->count;
	x->sc->armed[o->prov] += o->count;
	ant_order_write(x->m, o, &x->out->shown);
	strbuf_addf(&x->out->shown, " (%d iron)", ARM_IRON * o->count);
	return 0;
}

static int check_know(struct ctx *x, const struct ant_order *o)
{
	struct ant_nation_state *ns = &x->sc->pos.nat[x->n];
	int k = o->know, basic = ANT_K_BASIC_OF(k);
	int with_basic = ANT_K_SECONDARY(k) && !(ns->know & (1u << basic));
	int price = ant_know_price(&x->sc->pos, x->n, k, NULL);
	int basic_price = with_basic ? ant_know_price(&x->sc->pos, x->n, basic, NULL) : 0;
	char what[64];

	if (ns->know & (1u << k))
		return refuse(x, "you know %s %s", know_word[k],
		              x->pos->nat[x->n].know & (1u << k) ? "already" : "from an earlier line");
	snprintf(what, sizeof what, "%s%s%s", with_basic ? know_word[basic] : "",
	         with_basic ? " with " : "", know_word[k]);
	if (pay(x, ANT_GOLD, price + basic_price, what))
		return 1;
	ns->know |= (uint8_t)(1u << k | (with_basic ? 1u << basic : 0));
	strbuf_addf(&x->out->shown, "KNOW %s (", know_word[k]);
	if (with_basic)
		strbuf_addf(&x->out->shown, "%s %d + %s %d = ", know_word[basic], basic_price,
		            know_word[k], price);
	strbuf_addf(&x->out->shown, "%d gold)", price + basic_price);
	return 0;
}

/* The nation's units of type u in prov able to cross steps more borders. */
static int able(const struct ctx *x, int prov, int u, int steps)
{
	int n = 0;

	for (int a = steps; a <= ANT_MAX_STEPS; a++)
		n += x->sc->left[prov][u][a];
	return n;
}

static int check_move(struct ctx *x, const struct ant_order *o)
{
	static const char *const kind_word[] = { "", "land", "sea", "land and sea" };
	int u = o->unit, from = o->path[0], steps = o->npath - 1;
	int actions = ant_actions(x->pos, x->n, u);

	for (int i = 1; i < o->npath; i++) {
		int a = o->path[i - 1], b = o->path[i], k = ant_border(x->m, a, b);
		if (!k)
			return refuse(x, "%s and %s do not border", code(x, a), code(x, b));
		if (!ant_crosses(u, k))
			return refuse(x, "a %s cannot cross the %s border from %s to %s",
			              unit_word[u][0], kind_word[k & 3], code(x, a), code(x, b));
		if (!ant_may_stand(x->m, u, b))
			return refuse(x, "a %s cannot enter %s", unit_word[u][0], code(x, b));
	}
	if (steps > actions)
		return refuse(x, "your %s have %d action%s (%s): the path crosses %d borders",
		              unit_word[u][1], actions, actions == 1 ? "" : "s", actions_from[u], steps);
	int can = able(x, from, u, steps);
	if (can < o->count) {
		if (!able(x, from, u, 0))
			return refuse(x, "you have no %s in %s", unit_word[u][0], code(x, from));
		return refuse(x, "only %d of your %s in %s can still cross %d border%s", can,
		              unit_word[u][1], code(x, from), steps, steps == 1 ? "" : "s");
	}
	/* the units with the most actions left go, as the maneuver takes them */
	for (int a = ANT_MAX_STEPS, need = o->count; need > 0 && a >= steps; a--) {
		int take = x->sc->left[from][u][a] < need ? x->sc->left[from][u][a] : need;
		x->sc->left[from][u][a] -= (int16_t)take;
		x->sc->left[o->path[steps]][u][a - steps] += (int16_t)take;
		need -= take;
	}
	x->sc->pos.units[from][x->n][u] -= o->count;
	x->sc->pos.units[o->path[steps]][x->n][u] += o->count;
	x->sc->ordered_to[o->path[steps]] = 1;
	return 0;
}

static int check_attack(struct ctx *x, const struct ant_order *o)
{
	int u = o->unit, p = o->prov, e = o->against;

	if (e == x->n)
		return refuse(x, "you cannot attack your own units");
	if (!x->pos->nat[e].in_play)
		return refuse(x, "the %s are not in play", x->m->nation[e].name);
	if (!able(x, p, u, 0))
		return refuse(x, "you have no %s in %s", unit_word[u][0], code(x, p));
	if (!x->pos->units[p][e][u])
		return refuse(x, "the %s have no %s in %s", x->m->nation[e].name, unit_word[u][0],
		              code(x, p));
	return 0;
}

static int check_conquer(struct ctx *x, const struct ant_order *o)
{
	int p = o->prov, owner = x->pos->owner[p], taking = 0;

	if (owner < 0)
		return refuse(x, "there is no city in %s", code(x, p));
	if (owner == x->n)
		return refuse(x, "%s is your own city", code(x, p));
	if (x->sc->pos.owner[p] == x->n)
		return refuse(x, "an earlier line conquers %s already", code(x, p));
	if (ant_cities(x->m, x->pos, owner) <= 1)
		return refuse(x, "%s is the last city of the %s: it cannot be taken", code(x, p),
		              x->m->nation[owner].name);
	for (int q = 0; q < x->m->nprov; q++)
		taking += x->sc->pos.owner[q] == x->n && x->pos->owner[q] != x->n;
	if (ant_cities(x->m, x->pos, x->n) + taking >= ANT_CITY_STONES)
		return refuse(x, "all %d of your city stones are in use", ANT_CITY_STONES);
	/* on the copy only to count stones and a second CONQUER: whether it
	 * succeeds is the turn's */
	x->sc->pos.owner[p] = (int8_t)x->n;
	return 0;
}

static int check_found(struct ctx *x, const struct ant_order *o)
{
	struct ant_pos *c = &x->sc->pos;
	struct ant_nation_state before = c->nat[x->n];
	int p = o->prov;

	if (x->m->prov[p].sea)
		return refuse(x, "%s is a sea: cities stand on land", code(x, p));
	if (c->owner[p] >= 0)
		return refuse(x, "%s has a city %s", code(x, p),
		              x->pos->owner[p] >= 0 ? "already" : "ordered by an earlier line");
	/* founding comes after the action, so a MOVE written below this line
	 * still counts: under a maneuver wedge the set's end decides */
	int waits = !x->pos->units[p][x->n][ANT_LEGION] && !x->pos->units[p][x->n][ANT_GALLEY] &&
	            !x->sc->ordered_to[p];
	if (waits && !(MANEUVERS & (1u << x->sc->wedge)))
		return refuse(x, "you have no unit in %s", code(x, p));
	if (ant_cities(x->m, c, x->n) >= ANT_CITY_STONES)
		return refuse(x, "all %d of your city stones are in use", ANT_CITY_STONES);
	for (int r = 0; r < ANT_NRES; r++)
		if (pay(x, r, 1, "a city")) {
			c->nat[x->n] = before;
			return 1;
		}
	c->owner[p] = (int8_t)x->n;
	x->sc->found_waits[p] = (int8_t)waits;
	strbuf_addf(&x->out->shown, "FOUND %s (1 marble, 1 iron, 1 gold%s)", code(x, p),
	            waits ? "; a MOVE of these orders must bring a unit there" : "");
	return 0;
}

typedef int (*check_fn)(struct ctx *x, struct ant_order *o);
static int check_temple_(struct ctx *x, struct ant_order *o) { return check_temple(x, o); }
static int check_arm_(struct ctx *x, struct ant_order *o) { return check_arm(x, o); }
static int check_know_(struct ctx *x, struct ant_order *o) { return check_know(x, o); }
static int check_move_(struct ctx *x, struct ant_order *o) { return check_move(x, o); }
static int check_attack_(struct ctx *x, struct ant_order *o) { return check_attack(x, o); }
static int check_conquer_(struct ctx *x, struct ant_order *o) { return check_conquer(x, o); }
static int check_found_(struct ctx *x, struct ant_order *o) { return check_found(x, o); }

static const check_fn checks[ANT_NORDER_KINDS] = {
	[ANT_O_RONDEL] = check_rondel, [ANT_O_TEMPLE] = check_temple_, [ANT_O_ARM] = check_arm_,
	[ANT_O_KNOW] = check_know_, [ANT_O_MOVE] = check_move_, [ANT_O_ATTACK] = check_attack_,
	[ANT_O_CONQUER] = check_conquer_, [ANT_O_FOUND] = check_found_,
};

/* The set's order: one RONDEL, first; then the lines of its wedge. */
static int check_place(struct ctx *x, const struct ant_order *o)
{
	const struct ant_check_scratch *sc = x->sc;

	if (sc->lines >= ANT_MAX_ORDERS)
		return refuse(x, "too many orders for one turn (at most %d)", ANT_MAX_ORDERS);
	if (o->kind == ANT_O_RONDEL)
		return sc->rondel ? refuse(x, "one RONDEL a turn") : 0;
	if (!sc->rondel && sc->rondel_refused)
		return refuse(x, "the RONDEL line was refused, so this line has no wedge: send the "
		              "turn again with a RONDEL that can be played");
	if (!sc->rondel)
		return refuse(x, "the first order of a turn is RONDEL and its wedge, e.g. "
		              "\"RONDEL MANEUVER\"");
	if (!(kinds[o->kind].wedges & (1u << sc->wedge)))
		return refuse(x, "%s orders need %s (yours is %s)", kinds[o->kind].verb,
		              kinds[o->kind].needs, wedge_word[sc->wedge]);
	return 0;
}

static enum order_verdict standing_line(const struct ctx *x, const char *line, size_t len)
{
	struct ant_stance_rule r;

	if (ant_parse_stance(x->m, line, len, &r, &x->out->why))
		return ORDER_REJECTED;
	ant_stance_write(x->m, &r, &x->out->canon);
	return ORDER_ACCEPTED;
}

enum order_verdict ant_check_line(const struct order_check *c, const char *line, size_t len,
                                  struct order_line *out)
{
	const struct ant_board *b = c->v->data;
	const struct ant_state *st = c->pos;
	struct ctx x = { &b->map, &st->pos, c->scratch, c->power, out };
	struct ant_order o;

	if (c->standing)
		return standing_line(&x, line, len);
	if (!x.sc->ready)
		scratch_start(&x);
	if (!x.pos->nat[x.n].in_play) {
		refuse(&x, "the %s are not in play", b->map.nation[x.n].name);
		return ORDER_REJECTED;
	}
	if (ant_parse_line(x.m, line, len, &o, &out->why) || check_place(&x, &o))
		return ORDER_REJECTED;
	x.sc->lines++;
	if (checks[o.kind](&x, &o)) {
		x.sc->lines--;
		x.sc->rondel_refused |= o.kind == ANT_O_RONDEL;
		strbuf_reset(&out->shown);
		return ORDER_REJECTED;
	}
	if (o.kind == ANT_O_RONDEL) {
		x.sc->rondel = 1;
		x.sc->wedge = o.wedge;
	}
	ant_order_write(x.m, &o, &out->canon);
	if (out->shown.len == out->canon.len && !memcmp(out->shown.buf, out->canon.buf, out->canon.len))
		strbuf_reset(&out->shown);
	return ORDER_ACCEPTED;
}

void ant_check_done(const struct order_check *c, int rejected, const char *accepted,
                    struct strbuf *echo, size_t from)
{
	const struct ant_state *st = c->pos;
	const struct ant_board *b = c->v->data;
	const struct ant_check_scratch *sc = c->scratch;

	(void)rejected;
	(void)from;
	if (c->standing)
		return;
	if (strncmp(accepted, "RONDEL ", 7))
		strbuf_addstr(echo, "  Note: no RONDEL order was accepted, so unless you send "
		              "corrected orders in time your turn will be played by default: the "
		              "nearest production wedge ahead, and no other action.\n");
	if (sc->ready)
		for (int p = 0; p < b->map.nprov; p++)
			if (sc->found_waits[p] && !sc->ordered_to[p])
				strbuf_addf(echo, "  Note: FOUND %s: no unit of yours is there and no MOVE "
				            "of these orders ends there, so the city will not be founded.\n",
				            b->map.prov[p].code);
	if (c->power != ant_active(&st->pos))
		strbuf_addstr(echo, "  These orders are held for your next turn.\n");
}
