/*
 * antike_turn_test.c - whole turns of Antike through ant_play_turn: the
 * round's coins (round 1 as the first turn begins, each later round as
 * the turn before it ends), the silent default and civil disorder, the
 * rondel paid as PAY says or by the house default, a move that cannot be
 * paid replaced by the default, lines of another wedge skipped, the
 * maneuver's conquests after all its moves, founding after the action,
 * personages at the end of the turn, the next nation, and the end.
 *
 * Then forty random games (a fixed generator, orders of every kind, some
 * impossible) checked after every turn for what no turn may break: coins,
 * personages and units neither made nor lost, no temple without a city,
 * units only where they may stand, no nation without a city.
 *
 * A program apart from antike_engine_test.c because it needs the whole
 * engine, the maneuver included.
 */
#include "tests/antike/antike_engine_test.h"

static const struct ant_standing standing[ANT_MAX_NATIONS];

static struct ant_order rondel_to(int wedge)
{
	struct ant_order o = order_at(ANT_O_RONDEL, -1);

	o.wedge = (int8_t)wedge;
	return o;
}

static struct ant_order move2(int count, int unit, int from, int to)
{
	struct ant_order o = order_at(ANT_O_MOVE, -1);

	o.count = (int16_t)count;
	o.unit = (int8_t)unit;
	o.npath = 2;
	o.path[0] = (int16_t)from;
	o.path[1] = (int16_t)to;
	return o;
}

static void add(struct ant_turn_orders *t, struct ant_order o)
{
	if (t->n == ANT_MAX_ORDERS)
		check_abort("test bug: too many orders");
	t->o[t->n++] = o;
}

/* Play the active nation's turn, the facts kept. */
static void play(struct ant_pos *p, const struct ant_turn_orders *t)
{
	forget();
	ant_play_turn(m, p, t, standing, record, NULL);
}

/* The index in told of the first fact of kind, or -1. */
static int told_at(int kind)
{
	for (int i = 0; i < told.n; i++)
		if (told.f[i].kind == kind)
			return i;
	return -1;
}

static void silent_game(void)
{
	struct ant_pos p = start4();

	/* The first turn: round 1's coins, then the Phoenicians' default. */
	play(&p, NULL);
	CHECK_EQ(told_at(ANT_F_COINS), 0);
	CHECK_EQ(p.bank_coins, 26);
	struct ant_fact f = told_nth(ANT_F_RONDEL, 0);
	CHECK(f.nation == P && f.n[0] == ANT_W_NONE && f.n[1] == ANT_W_IRON && f.n[3] == 0,
	      "a silent first turn: IRON");
	CHECK_EQ(told_nth(ANT_F_DEFAULT, 0).n[0], 1);
	CHECK_EQ(p.nat[P].res[ANT_IRON], 2);             /* IR4 makes one */
	CHECK_EQ(p.nat[P].silent, 1);
	CHECK(p.active == 1 && p.turn == 1 && p.round == 1, "the Germanic tribes are next, round 1");
	CHECK_EQ(ant_active(&p), T);

	/* The round's last turn hands out the next round's coins. */
	play(&p, NULL);
	play(&p, NULL);
	CHECK_EQ(told_count(ANT_F_COINS), 0);
	play(&p, NULL);
	CHECK(p.active == 0 && p.round == 2 && p.turn == 4, "round 2, the Phoenicians again");
	CHECK_EQ(told_count(ANT_F_COINS), 1);
	CHECK_EQ(told_nth(ANT_F_COINS, 0).n[0], 2);
	CHECK_EQ(p.bank_coins, 22);
	CHECK_EQ(p.nat[G].coins, 2);

	/* From IRON the default is GOLD; civil disorder from the third. */
	play(&p, NULL);
	f = told_nth(ANT_F_RONDEL, 0);
	CHECK(f.n[0] == ANT_W_IRON && f.n[1] == ANT_W_GOLD && f.n[2] == 2 && f.n[3] == 0, "IRON -> GOLD, free");
	CHECK_EQ(p.nat[P].res[ANT_GOLD], 4);
	CHECK_EQ(told_count(ANT_F_CIVIL_DISORDER), 0);
	for (int i = 0; i < 4; i++)
		play(&p, NULL);
	CHECK_EQ(p.nat[P].silent, 3);
	CHECK_EQ(told_count(ANT_F_CIVIL_DISORDER), 1);
	CHECK_EQ(told_nth(ANT_F_CIVIL_DISORDER, 0).n[0], 3);
	CHECK_EQ(p.nat[P].wedge, ANT_W_MARBLE);

	/* Orders end the silence. */
	struct ant_turn_orders t = { 0 };
	add(&t, rondel_to(ANT_W_IRON));
	play(&p, &t);
	CHECK_EQ(p.nat[T].silent, 0);
	CHECK_EQ(told_count(ANT_F_DEFAULT), 0);
}

static void rondel_payment(void)
{
	struct ant_pos p = start4();
	struct ant_turn_orders t = { 0 };
	struct ant_order o;

	p.turn = 8;                                      /* not the first turn: no coins */
	p.round = 3;
	p.nat[P].wedge = ANT_W_IRON;

	/* Four steps: one paid, as PAY says. */
	o = rondel_to(ANT_W_ARMING);
	o.pay[ANT_GOLD] = 1;
	add(&t, o);
	add(&t, arm(1, ANT_LEGION, MA4));
	stock(&p, P, 2, 1, 3, 0);
	play(&p, &t);
	struct ant_fact f = told_nth(ANT_F_RONDEL, 0);
	CHECK(f.n[1] == ANT_W_ARMING && f.n[2] == 4 && f.n[3] == 1 && f.n[6] == 1, "1 step paid with gold");
	CHECK(p.nat[P].res[ANT_GOLD] == 2 && p.nat[P].res[ANT_IRON] == 0, "1 gold for the step, 1 iron to arm");
	CHECK_EQ(p.units[MA4][P][ANT_LEGION], 1);
	CHECK_EQ(told_at(ANT_F_RONDEL) < told_at(ANT_F_ARM), 1);

	/* The house default: the resource held most, one step at a time. */
	p.active = 0;
	t.n = 0;
	add(&t, rondel_to(ANT_W_TEMPLE));                /* ARMING -> TEMPLE: 5 steps, 2 paid */
	stock(&p, P, 1, 3, 2, 0);
	play(&p, &t);
	f = told_nth(ANT_F_RONDEL, 0);
	CHECK(f.n[2] == 5 && f.n[3] == 2 && f.n[5] == 2 && f.n[6] == 0,
	      "iron (3), then iron and gold tied at 2: iron again (paid %d M %d I %d G)", f.n[4], f.n[5], f.n[6]);

	/* A move that cannot be paid: the default instead, and the action's
	 * lines skipped. */
	p.active = 0;
	t.n = 0;
	add(&t, rondel_to(ANT_W_KNOWHOW));               /* TEMPLE -> KNOW-HOW: 5 steps, 2 paid */
	add(&t, know(ANT_K_WHEEL));
	stock(&p, P, 1, 0, 0, 0);
	play(&p, &t);
	CHECK_EQ(told_count(ANT_F_SKIPPED), 2);
	f = told_nth(ANT_F_SKIPPED, 0);
	CHECK(f.why == ANT_SKIP_CANNOT_PAY && f.n[0] == 0 && f.n[1] == ANT_COIN, "the move is not paid");
	f = told_nth(ANT_F_RONDEL, 0);
	CHECK(f.n[1] == ANT_W_GOLD && f.n[3] == 0, "the default: GOLD");
	f = told_nth(ANT_F_SKIPPED, 1);
	CHECK(f.why == ANT_SKIP_WRONG_WEDGE && f.n[0] == 1, "KNOW is not GOLD's");
	CHECK_EQ(p.nat[P].res[ANT_MARBLE], 1);
	CHECK_EQ(p.nat[P].know, 0);
}

static void maneuver_turn(void)
{
	struct ant_pos p = start4();
	struct ant_turn_orders t = { 0 };
	struct ant_order o;

	p.turn = 6;
	p.round = 2;
	p.active = 2;                                    /* the Romans */
	p.nat[R].wedge = ANT_W_IRON;
	p.nat[R].know = 1u << ANT_K_WHEEL;               /* two actions */
	p.units[MA1][R][ANT_LEGION] = 4;
	p.units[MA5][R][ANT_LEGION] = 1;
	p.temple[MA2] = 1;                               /* the Greeks': defence 3 */
	stock(&p, R, 1, 1, 1, 0);

	/* The conquest is written first and runs after every move. */
	o = order_at(ANT_O_CONQUER, MA2);
	add(&t, rondel_to(ANT_W_MANEUVER1));
	add(&t, o);
	add(&t, order_at(ANT_O_FOUND, MA5));
	add(&t, move2(3, ANT_LEGION, MA1, MA2));
	add(&t, order_at(ANT_O_TEMPLE, MA1));            /* TEMPLE's, not MANEUVER's */
	play(&p, &t);
	CHECK_EQ(p.owner[MA2], R);
	CHECK_EQ(p.temple[MA2], 0);
	CHECK_EQ(p.units[MA2][R][ANT_LEGION], 0);        /* 3 given up for defence 3 */
	CHECK_EQ(p.owner[MA5], R);
	CHECK(told_at(ANT_F_MOVE) < told_at(ANT_F_CONQUER), "the move before the conquest");
	CHECK(told_at(ANT_F_CONQUER) < told_at(ANT_F_FOUND), "founding after the action");
	CHECK(told_at(ANT_F_FOUND) < told_at(ANT_F_PERSONAGE), "personages last");
	CHECK_EQ(told_count(ANT_F_SKIPPED), 1);
	CHECK_EQ(told_nth(ANT_F_SKIPPED, 0).n[0], 4);
	CHECK_EQ(told_nth(ANT_F_SKIPPED, 0).why, ANT_SKIP_WRONG_WEDGE);
	/* MA1 IR1 GO1 MA2 MA5: a king; the temple: a general. */
	CHECK_EQ(p.nat[R].person[ANT_P_KING], 1);
	CHECK_EQ(p.nat[R].person[ANT_P_GENERAL], 1);
	struct ant_fact f = told_nth(ANT_F_PERSONAGE, 1);
	CHECK(f.n[0] == ANT_P_GENERAL && f.n[2] == MA2, "the general for MA2's temple");
	CHECK(p.active == 3 && p.turn == 7 && p.round == 2, "the Greeks are next");
}

static void scholar_and_end(void)
{
	struct ant_pos p = start4();
	struct ant_turn_orders t = { 0 };

	/* A know-how first bought: the scholar comes at the end of the turn,
	 * and it makes the target: the game ends on that turn. */
	p.turn = 3;
	p.active = 3;                                    /* the Greeks, the round's last */
	p.nat[G].wedge = ANT_W_MARBLE;
	p.nat[G].person[ANT_P_KING] = 8;
	p.bank_person[ANT_P_KING] = 1;
	stock(&p, G, 0, 0, 7, 0);
	add(&t, rondel_to(ANT_W_KNOWHOW));
	add(&t, know(ANT_K_MONARCHY));
	play(&p, &t);
	CHECK_EQ(p.nat[G].person[ANT_P_SCHOLAR], 1);
	CHECK(p.over && p.winner == G, "9 personages: the Greeks win");
	CHECK_EQ(told_count(ANT_F_VICTORY), 1);
	CHECK(p.active == 3 && p.turn == 4 && p.round == 1, "the game stops on the winner's turn");
	CHECK_EQ(told_count(ANT_F_COINS), 0);
}

/* ---- random games: what no turn may break ---- */

/* A small fixed generator: the same games on every machine. */
static unsigned lcg_next(unsigned *seed)
{
	*seed = *seed * 1103515245u + 12345u;
	return (*seed >> 16) & 0x7fff;
}

static int pick(unsigned *seed, int n)
{
	return (int)(lcg_next(seed) % (unsigned)n);
}

/* A walk of 1..3 borders from a province where nation has units. */
static struct ant_order random_move(unsigned *seed, const struct ant_pos *p, int nation)
{
	struct ant_order o = move2(1 + pick(seed, 3), pick(seed, ANT_NUNIT), MA1, MA2);
	int at = pick(seed, m->nprov);

	for (int i = 0; i < m->nprov; i++, at = (at + 1) % m->nprov)
		if (p->units[at][nation][o.unit] > 0)
			break;
	o.path[0] = (int16_t)at;
	o.npath = (int8_t)(2 + pick(seed, ANT_MAX_STEPS));
	for (int i = 1; i < o.npath; i++) {
		const struct ant_province *pr = &m->prov[o.path[i - 1]];
		o.path[i] = pr->nb[pick(seed, pr->nnb)].to;
	}
	o.fight = (int8_t)pick(seed, 2);
	return o;
}

/* One of nation's cities, most of the time; else any province. */
static int some_city(unsigned *seed, const struct ant_pos *p, int nation)
{
	int at = pick(seed, m->nprov);

	for (int i = 0; i < m->nprov && pick(seed, 4); i++, at = (at + 1) % m->nprov)
		if (p->owner[at] == nation)
			return at;
	return at;
}

/* A line of any kind, most of them for the action of wedge w (a line
 * of another wedge now and then), some impossible. */
static struct ant_order random_line(unsigned *seed, const struct ant_pos *p, int nation, int w)
{
	static const int8_t kinds[ANT_NWEDGES][3] = {
		[ANT_W_TEMPLE] = { ANT_O_TEMPLE, ANT_O_TEMPLE, ANT_O_FOUND },
		[ANT_W_ARMING] = { ANT_O_ARM, ANT_O_ARM, ANT_O_FOUND },
		[ANT_W_KNOWHOW] = { ANT_O_KNOW, ANT_O_KNOW, ANT_O_FOUND },
		[ANT_W_MANEUVER1] = { ANT_O_MOVE, ANT_O_ATTACK, ANT_O_CONQUER },
		[ANT_W_MANEUVER2] = { ANT_O_MOVE, ANT_O_MOVE, ANT_O_CONQUER },
	};
	int kind = pick(seed, 5) ? kinds[w][pick(seed, 3)] : pick(seed, ANT_NORDER_KINDS);
	int prov = some_city(seed, p, nation);
	struct ant_order o;

	switch (kind) {
	case ANT_O_ARM:
		return arm(1 + pick(seed, 3), pick(seed, ANT_NUNIT), prov);
	case ANT_O_KNOW:
		return know(pick(seed, ANT_NKNOW));
	case ANT_O_MOVE:
		return random_move(seed, p, nation);
	case ANT_O_ATTACK:
		o = random_move(seed, p, nation);
		prov = o.path[0];
		o = order_at(ANT_O_ATTACK, prov);
		o.unit = (int8_t)pick(seed, ANT_NUNIT);
		o.against = p->order[pick(seed, p->norder)];
		return o;
	case ANT_O_CONQUER:
		/* where the nation's units stand, often beside a city */
		o = random_move(seed, p, nation);
		return order_at(ANT_O_CONQUER, o.path[pick(seed, o.npath)]);
	case ANT_O_FOUND:
		return order_at(ANT_O_FOUND, random_move(seed, p, nation).path[0]);
	case ANT_O_RONDEL:
	case ANT_O_TEMPLE:
	default:
		return order_at(ANT_O_TEMPLE, prov);
	}
}

/* A turn's orders: a rondel move (mostly free), then lines. */
static void random_orders(unsigned *seed, const struct ant_pos *p, int nation, struct ant_turn_orders *t)
{
	int from = p->nat[nation].wedge;
	int w = from == ANT_W_NONE || !pick(seed, 5) ? pick(seed, ANT_NWEDGES)
	                                              : (from + 1 + pick(seed, 3)) % ANT_NWEDGES;
	struct ant_order o = rondel_to(w);

	t->n = 0;
	o.pay[pick(seed, ANT_NRES + 1)] = (int8_t)pick(seed, 3);
	add(t, o);
	for (int i = pick(seed, 7); i > 0; i--)
		add(t, random_line(seed, p, nation, w));
}

/* Everything the rules keep within bounds, after a turn. */
static int sound(const struct ant_pos *p)
{
	int coins = p->bank_coins, temples = 0, ok = 1;

	for (int k = 0; k < ANT_NPERSON; k++) {
		int held = p->bank_person[k];
		for (int n = 0; n < ANT_MAX_NATIONS; n++)
			held += p->nat[n].person[k];
		ok &= held == m->person_stack[k] && p->bank_person[k] >= 0;
	}
	for (int n = 0; n < ANT_MAX_NATIONS; n++) {
		const struct ant_nation_state *ns = &p->nat[n];
		coins += ns->coins;
		ok &= ns->coins >= 0 && ns->res[0] >= 0 && ns->res[1] >= 0 && ns->res[2] >= 0;
		if (!ns->in_play)
			continue;
		ok &= ant_cities(m, p, n) >= 1 && ant_cities(m, p, n) <= ANT_CITY_STONES;
		ok &= ant_on_board(m, p, n, ANT_LEGION) <= ANT_UNITS_EACH;
		ok &= ant_on_board(m, p, n, ANT_GALLEY) <= ANT_UNITS_EACH;
		for (int i = 0; i < m->nprov; i++)
			for (int u = 0; u < ANT_NUNIT; u++)
				ok &= p->units[i][n][u] >= 0 && (p->units[i][n][u] == 0 || ant_may_stand(m, u, i));
	}
	for (int i = 0; i < m->nprov; i++) {
		temples += p->temple[i] != 0;
		ok &= !p->temple[i] || p->owner[i] >= 0;
		ok &= p->owner[i] < 0 || !m->prov[i].sea;
	}
	ok &= coins == ANT_COINS && temples <= ANT_TEMPLES;
	ok &= p->active >= 0 && p->active < p->norder;
	return ok;
}

static void random_games(void)
{
	unsigned seed = 20260523u;
	int turns = 0, ended = 0, facts = 0;

	for (int game = 0; game < 40; game++) {
		struct ant_pos p;
		struct ant_turn_orders t;

		ant_initial(m, game % 2 ? 3 : 4, &p);
		for (int turn = 0; turn < 300 && !p.over; turn++) {
			int silent = pick(&seed, 8) == 0;

			random_orders(&seed, &p, ant_active(&p), &t);
			play(&p, silent ? NULL : &t);
			facts += told.n;
			turns++;
			if (!CHECK(sound(&p), "game %d, turn %d: the position is unsound", game, turn))
				return;
			CHECK(p.over || p.round == 1 + p.turn / p.norder, "game %d: round %d at turn %d", game,
			      p.round, p.turn);
		}
		ended += p.over;
	}
	CHECK(turns > 1000 && facts > turns, "%d turns played, %d facts", turns, facts);
	printf("random games: %d turns, %d won, %d facts\n", turns, ended, facts);
}

int main(void)
{
	build_map();
	silent_game();
	rondel_payment();
	maneuver_turn();
	scholar_and_end();
	random_games();
	return check_done("antike_turn_test");
}
