/*
 * pw_operations.c - the operations phase (chapter 3; RULES.md 3): rounds
 * of operations, each a march, a combat, a return home or a year-round
 * station, and the march itself with its interceptions (chapter 4).
 *
 * By mail every major sends its operations as a list in the order it
 * wants them, as it does its diplomatic actions; at the deadline the
 * rounds are played in the majors' alphabetical order, each major
 * carrying out the first operation of its list that is allowed at that
 * moment.  What another player would decide during one's operation
 * (intercept, avoid battle, retreat...) comes from standing instructions
 * (pw_instructions.c), so the whole phase is one batch.
 */
#include <stdio.h>
#include <string.h>

#include "adjudicator/pw_ops.h"

/* 1 if c operates in this phase: an active major at the head of its side
 * (junior partners' forces are their leader's to use, 3). */
static int operates(const struct pw_map *m, const struct pw_pos *p, int c)
{
	return pw_major_active(m, p, c) && pw_side(m, p, c) == c;
}

/* 1 if c operates city x's forces: its own, its junior partners' (joint
 * operations), and a sympathetic minor's (3.1.3). */
static int operable(const struct pw_map *m, const struct pw_pos *p, int c, int x)
{
	const struct pw_status *st = &p->status[x];

	if (x == c)
		return 1;
	if (m->city[x].class == PW_MAJOR)
		return st->box == PW_BOX_PARTNER && st->of == c;
	return st->sympathetic == c;
}

/* Where SPs of type t of city x belong: ships in the port. */
static int home_of(const struct pw_map *m, int x, int t)
{
	return t == PW_NAVAL_SP && m->city[x].port != PW_NONE ? m->city[x].port : m->city[x].home;
}

/* 1 if force f has SPs away from where they belong, and that place is
 * friendly to them (so they can go back). */
static int away(const struct pw_map *m, const struct pw_pos *p, const struct pw_force *f)
{
	for (int t = 0; t < PW_SP_TYPES; t++) {
		int h = home_of(m, f->city, t);
		if (f->sp[t] && h != PW_NONE && h != f->space &&
		    pw_space_relation(m, p, h, f->city) == PW_FRIENDLY)
			return 1;
	}
	return 0;
}

/* The first space where c's operable SPs are away and not on station, or
 * PW_NONE: while there is one, c may not pass (3.1.1). */
static int first_away(const struct pw_map *m, const struct pw_pos *p, int c)
{
	int best = PW_NONE;

	for (int i = 0; i < p->nforces; i++) {
		const struct pw_force *f = &p->force[i];
		if (operable(m, p, c, f->city) && !f->station && away(m, p, f) &&
		    (best == PW_NONE || f->space < best))
			best = f->space;
	}
	return best;
}

/* What c may take from space s: avail[t] SPs of each type. */
static void available(const struct pw_map *m, const struct pw_pos *p, int c, int s,
                     int avail[PW_SP_TYPES])
{
	for (int t = 0; t < PW_SP_TYPES; t++)
		avail[t] = 0;
	for (int i = 0; i < p->nforces; i++)
		if (p->force[i].space == s && operable(m, p, c, p->force[i].city))
			for (int t = 0; t < PW_SP_TYPES; t++)
				avail[t] += p->force[i].sp[t];
}

/* How many SPs of each type op takes, given what is there. */
static void wanted(const struct pw_op *op, const int avail[PW_SP_TYPES], int want[PW_SP_TYPES])
{
	for (int t = 0; t < PW_SP_TYPES; t++)
		want[t] = op->sp[t] < 0 ? avail[t] : op->sp[t];
}

int pw_purse(const struct pw_map *m, const struct pw_pos *p, int c)
{
	int n = 0;

	for (int x = 0; x < m->ncities; x++)
		if (m->city[x].class == PW_MAJOR && operable(m, p, c, x))
			n += p->treasury[x];
	return n;
}

void pw_pay(const struct pw_map *m, struct pw_pos *p, int c, int cost)
{
	int from = p->treasury[c] < cost ? p->treasury[c] : cost;

	p->treasury[c] -= from;
	cost -= from;
	for (int k = 0; k < m->nmajors && cost; k++) {
		int x = m->major[k];
		if (x == c || !operable(m, p, c, x))
			continue;
		from = p->treasury[x] < cost ? p->treasury[x] : cost;
		p->treasury[x] -= from;
		cost -= from;
	}
}

/* The leader op would have: the one named, the one already with the SPs
 * at s, or the best free one (RULES.md 8.2); PW_NONE when none. */
static int op_leader(const struct pw_map *m, const struct pw_scenario *sc, const struct pw_pos *p,
                     int c, const struct pw_op *op, int s)
{
	int l = pw_leader_at(m, sc, p, c, s);

	if (op->leader != PW_NONE)
		return pw_leader_free(sc, p, op->leader) || l == op->leader ? op->leader : PW_NONE;
	return l != PW_NONE ? l : pw_leader_pick(sc, p, c);
}

/* How the army of op travels, from what it takes; -1 when its ships are
 * too few to carry its land SPs (4.3: one each). */
static int travel(const int want[PW_SP_TYPES])
{
	int land = want[PW_HOPLITE] + want[PW_CAVALRY];

	if (!want[PW_NAVAL_SP])
		return PW_BY_LAND;
	return want[PW_NAVAL_SP] >= land ? PW_BY_SEA : -1;
}

static int activation(const struct pw_scenario *sc, const int want[PW_SP_TYPES])
{
	int cost = 0;

	for (int t = 0; t < PW_SP_TYPES; t++)
		cost += want[t] * sc->activation[t];
	return cost;
}

/* Unfriendly SPs in s, or a fortress not friendly: something to attack. */
static int target_in(const struct pw_map *m, const struct pw_pos *p, int c, int s)
{
	const struct pw_space *sp = &m->space[s];

	for (int i = 0; i < p->nforces; i++)
		if (p->force[i].space == s && pw_relation(m, p, p->force[i].city, c) == PW_UNFRIENDLY &&
		    (p->force[i].sp[PW_HOPLITE] || p->force[i].sp[PW_CAVALRY] || p->force[i].sp[PW_NAVAL_SP] ||
		     p->force[i].garrison))
			return 1;
	return ((sp->kinds & PW_FORTRESS) || sp->home_of != PW_NONE) &&
	       pw_space_relation(m, p, s, c) != PW_FRIENDLY;
}

const char *pw_op_why_not(const struct pw_map *m, const struct pw_scenario *sc,
                          const struct pw_pos *p, int c, const struct pw_op *op,
                          char why[PW_WHY_MAX])
{
	int avail[PW_SP_TYPES], want[PW_SP_TYPES], n = 0, at;
	int8_t route[PW_MAX_SPACES];

	if (!pw_major_active(m, p, c))
		return "it has surrendered";
	if (!operates(m, p, c)) {
		snprintf(why, PW_WHY_MAX, "%s is a junior partner: %s operates its forces", m->city[c].name,
		         pw_city_name(m, pw_side(m, p, c)));
		return why;
	}
	if (op->kind == PW_OP_PASS)
		return NULL;
	at = op->kind == PW_OP_MOVE || (op->kind == PW_OP_ATTACK && op->from != PW_NONE) ? op->from : op->to;
	available(m, p, c, at, avail);
	wanted(op, avail, want);
	for (int t = 0; t < PW_SP_TYPES; t++) {
		if (want[t] > avail[t]) {
			snprintf(why, PW_WHY_MAX, "%s has %d %s SP%s at %s", m->city[c].name, avail[t],
			         pw_sp_word(t), avail[t] == 1 ? "" : "s", m->space[at].name);
			return why;
		}
		n += want[t];
	}
	if (!n) {
		snprintf(why, PW_WHY_MAX, "%s has no SPs to operate at %s", m->city[c].name, m->space[at].name);
		return why;
	}
	if (op->kind == PW_OP_RETURN || op->kind == PW_OP_STATION) {
		for (int i = 0; i < p->nforces; i++) {
			const struct pw_force *f = &p->force[i];
			if (f->space == at && operable(m, p, c, f->city) && away(m, p, f) &&
			    (op->kind == PW_OP_RETURN || !f->station))
				return NULL;
		}
		return op->kind == PW_OP_RETURN ? "nothing there is away from home"
		                                : "nothing there is away from home and off station";
	}
	if (op_leader(m, sc, p, c, op, at) == PW_NONE) {
		if (op->leader != PW_NONE) {
			snprintf(why, PW_WHY_MAX, "%s is not free to lead", pw_leader_name(sc, op->leader));
			return why;
		}
		return "no leader is free";
	}
	if (op->leader != PW_NONE && sc->leader[op->leader].city != c) {
		snprintf(why, PW_WHY_MAX, "%s serves %s", pw_leader_name(sc, op->leader),
		         m->city[sc->leader[op->leader].city].name);
		return why;
	}
	if (op->kind == PW_OP_ATTACK && op->from == PW_NONE)
		return target_in(m, p, c, op->to) ? NULL : "there is nothing to attack there";
	if (op->from == op->to)
		return "the army is there already";
	if (travel(want) < 0) {
		snprintf(why, PW_WHY_MAX, "%d ships carry only %d land SPs (naval SPs never take land paths)",
		         want[PW_NAVAL_SP], want[PW_NAVAL_SP]);
		return why;
	}
	if (pw_purse(m, p, c) < activation(sc, want)) {
		snprintf(why, PW_WHY_MAX, "activating them costs %d talents and %s has %d",
		         activation(sc, want), m->city[c].name, pw_purse(m, p, c));
		return why;
	}
	if (!pw_route(m, p, c, travel(want), op->from, op->to, op->via, op->nvia, route, why))
		return why;
	return NULL;
}

void pw_op_describe(const struct pw_map *m, const struct pw_scenario *sc, const struct pw_op *op,
                    struct strbuf *out)
{
	int any = 0;

	switch (op->kind) {
	case PW_OP_PASS:
		strbuf_addstr(out, "passes");
		return;
	case PW_OP_RETURN:
		strbuf_addf(out, "sends its forces at %s home", m->space[op->to].name);
		return;
	case PW_OP_STATION:
		strbuf_addf(out, "puts its forces at %s on year-round station", m->space[op->to].name);
		return;
	}
	strbuf_addstr(out, op->kind == PW_OP_ATTACK ? "attacks " : "marches ");
	if (op->kind == PW_OP_ATTACK)
		strbuf_addf(out, "%s", m->space[op->to].name);
	if (op->from != PW_NONE) {
		strbuf_addstr(out, op->kind == PW_OP_ATTACK ? " with " : "");
		for (int t = 0; t < PW_SP_TYPES; t++)
			if (op->sp[t] > 0)
				strbuf_addf(out, "%s%d %s SP%s", any++ ? ", " : "", op->sp[t], pw_sp_word(t),
				            op->sp[t] == 1 ? "" : "s");
			else if (op->sp[t] < 0 && !any++)
				strbuf_addstr(out, "all its SPs");
		strbuf_addf(out, " from %s", m->space[op->from].name);
		if (op->kind == PW_OP_MOVE)
			strbuf_addf(out, " to %s", m->space[op->to].name);
		for (int i = 0; i < op->nvia; i++)
			strbuf_addf(out, "%s%s", i ? ", " : " by way of ", m->space[op->via[i]].name);
	} else
		strbuf_addstr(out, " with the army there");
	if (op->leader != PW_NONE)
		strbuf_addf(out, ", led by %s", pw_leader_name(sc, op->leader));
	if (op->nosiege)
		strbuf_addstr(out, ", without a siege");
}

/* ---- the march ---- */

/* Move the army's SPs (and its leader) from its space to space y. */
static void step(const struct pw_map *m, struct pw_pos *p, struct pw_army *a, int y)
{
	int k;

	for (int x = 0; x < m->ncities; x++)
		for (int t = 0; t < PW_SP_TYPES; t++) {
			struct pw_force *from, *to;
			if (!a->sp[x][t] || !(from = pw_force_at(p, x, a->space)) || !(to = pw_force_at(p, x, y)))
				continue;
			from->sp[t] = (int8_t)(from->sp[t] - a->sp[x][t]);
			to->sp[t] = (int8_t)(to->sp[t] + a->sp[x][t]);
			from->station = to->station = 0;
		}
	a->space = (int8_t)y;
	if (a->leader != PW_NONE)
		p->leader_at[a->leader] = (int8_t)y;
	for (k = 0; k < m->nmajors; k++)
		if (m->major[k] == pw_side(m, p, a->major))
			p->entered[y] |= (uint8_t)(1u << k);
}

/* What is left of the army after a battle: no more than stands there. */
static int army_left(const struct pw_map *m, struct pw_pos *p, struct pw_army *a)
{
	int n = 0;

	for (int x = 0; x < m->ncities; x++)
		for (int t = 0; t < PW_SP_TYPES; t++) {
			struct pw_force *f;
			if (!a->sp[x][t])
				continue;
			f = pw_force_at(p, x, a->space);
			if (f && f->sp[t] < a->sp[x][t])
				a->sp[x][t] = f->sp[t];
			n += a->sp[x][t];
		}
	return n;
}

static int army_sp(const struct pw_map *m, const struct pw_army *a, int t)
{
	int n = 0;

	for (int x = 0; x < m->ncities; x++)
		n += a->sp[x][t];
	return n;
}

/* The storm of the stormy crossing (4.2): 1 if the army is lost. */
static int storm(const struct pw_map *m, const struct pw_scenario *sc, struct pw_pos *p,
                 struct pw_army *a, int y, struct chance_stream *dice, struct strbuf *out)
{
	const struct pw_special *sp = pw_special_between(m, a->space, y);
	int die;

	if (!sp || sp->kind != PW_STORMY)
		return 0;
	die = pw_die(dice);
	strbuf_addf(out, "    The crossing from %s to %s: die %d, %s.\n", m->space[a->space].name,
	            m->space[y].name, die, die >= sp->storm_roll ? "a storm: the army is lost" : "calm seas");
	if (die < sp->storm_roll)
		return 0;
	for (int x = 0; x < m->ncities; x++)
		for (int t = 0; t < PW_SP_TYPES; t++) {
			struct pw_force *f = pw_force_at(p, x, a->space);
			if (a->sp[x][t] && f)
				f->sp[t] = (int8_t)(f->sp[t] - a->sp[x][t]);
		}
	memset(a->sp, 0, sizeof a->sp);
	pw_leader_kill(sc, p, a->leader, out);
	return 1;
}

/* The sides whose SPs of type class t (naval, or land) unfriendly to c
 * could intercept at s: eligible[h] their SPs there, by head. */
static void interceptors(const struct pw_map *m, const struct pw_pos *p, int c, int s, int naval,
                         int eligible[PW_MAX_CITIES], int cavalry[PW_MAX_CITIES])
{
	memset(eligible, 0, sizeof(int) * PW_MAX_CITIES);
	memset(cavalry, 0, sizeof(int) * PW_MAX_CITIES);
	for (int i = 0; i < p->nforces; i++) {
		const struct pw_force *f = &p->force[i];
		int h = pw_side(m, p, f->city);
		if (pw_relation(m, p, f->city, c) != PW_UNFRIENDLY)
			continue;
		for (int t = 0; t < PW_SP_TYPES; t++)
			if ((t == PW_NAVAL_SP) == naval && f->sp[t] && pw_in_zoi(m, t, f->space, s)) {
				eligible[h] += f->sp[t];
				if (t == PW_CAVALRY)
					cavalry[h] += f->sp[t];
			}
	}
}

/* Interception of the army at its space (4.6): each unfriendly side, in
 * turn, ships first, then land SPs.  Returns side 0's worst outcome:
 * PW_OUT_LOST or PW_OUT_DRAW stop the march. */
static int intercept(const struct pw_map *m, const struct pw_scenario *sc, struct pw_pos *p,
                     struct pw_army *a, const struct pw_instructions *in,
                     struct chance_stream *dice, struct strbuf *out)
{
	for (int naval = 1; naval >= 0; naval--) {
		int eligible[PW_MAX_CITIES], cav[PW_MAX_CITIES];
		int mine = naval ? army_sp(m, a, PW_NAVAL_SP)
		                 : army_sp(m, a, PW_HOPLITE) + army_sp(m, a, PW_CAVALRY);
		if (!mine)
			continue;
		interceptors(m, p, a->major, a->space, naval, eligible, cav);
		for (int h = 0; h < m->ncities; h++) {
			struct strbuf why = STRBUF_INIT;
			int spk = m->city[h].class == PW_MAJOR ? h : PW_NONE, v, die, sup, outcome;
			if (!eligible[h])
				continue;
			mine = naval ? army_sp(m, a, PW_NAVAL_SP)
			             : army_sp(m, a, PW_HOPLITE) + army_sp(m, a, PW_CAVALRY);
			if (!mine)
				break;
			if (spk == PW_NONE) {
				strbuf_addf(out, "    %s has no player to send it out: it does not intercept.\n",
				            m->city[h].name);
				continue;
			}
			v = pw_instr(m, in, spk, PW_I_INTERCEPT, &why);
			if (v == PW_C_NEVER || (v == PW_C_STRONGER && eligible[h] < mine)) {
				strbuf_addf(out, "    %s does not intercept at %s%s.\n", m->city[h].name,
				            m->space[a->space].name, why.buf);
				strbuf_release(&why);
				continue;
			}
			die = pw_die(dice);
			sup = naval ? eligible[h] > mine : cav[h] > army_sp(m, a, PW_CAVALRY);
			strbuf_addf(out, "    %s tries to intercept at %s with %s%s: die %d%s = %d, %s.\n",
			            m->city[h].name, m->space[a->space].name, naval ? "ships" : "land SPs", why.buf,
			            die, sup ? (naval ? " +1 (more ships)" : " +1 (more cavalry)") : "", die + sup,
			            die + sup >= 4 ? "intercepted" : "missed");
			strbuf_release(&why);
			if (die + sup < 4)
				continue;
			struct pw_battle b = { .space = a->space, .head = { pw_side(m, p, a->major), h },
			                       .interception = 1, .army = a };
			outcome = naval ? pw_naval_battle(m, sc, p, &b, in, dice, out)
			                : pw_land_battle(m, sc, p, &b, in, dice, out);
			if (outcome == PW_OUT_LOST || outcome == PW_OUT_DRAW)
				return outcome;
		}
	}
	return PW_OUT_NONE;
}

/* Take the army of op out of the SPs at its space (own first, then the
 * partners', then the sympathetic minors'). */
static void muster(const struct pw_map *m, const struct pw_pos *p, int c, int s,
                   const int want[PW_SP_TYPES], struct pw_army *a)
{
	int left[PW_SP_TYPES];

	memcpy(left, want, sizeof left);
	for (int pass = 0; pass < 3; pass++)
		for (int i = 0; i < p->nforces; i++) {
			const struct pw_force *f = &p->force[i];
			int x = f->city;
			int which = x == c ? 0 : m->city[x].class == PW_MAJOR ? 1 : 2;
			if (f->space != s || which != pass || !operable(m, p, c, x))
				continue;
			for (int t = 0; t < PW_SP_TYPES; t++) {
				int n = f->sp[t] < left[t] ? f->sp[t] : left[t];
				a->sp[x][t] = (int8_t)(a->sp[x][t] + n);
				left[t] -= n;
			}
		}
}

/* The battles of a combat operation at s, then its siege. */
static void combat(const struct pw_map *m, const struct pw_scenario *sc, struct pw_pos *p, int c,
                   int s, int siege, const struct pw_instructions *in, struct chance_stream *dice,
                   struct strbuf *out)
{
	int enemy = PW_NONE, worst = PW_OUT_NONE, r;

	for (int i = 0; i < p->nforces && enemy == PW_NONE; i++)
		if (p->force[i].space == s && pw_relation(m, p, p->force[i].city, c) == PW_UNFRIENDLY &&
		    (p->force[i].sp[PW_HOPLITE] || p->force[i].sp[PW_CAVALRY] || p->force[i].sp[PW_NAVAL_SP]))
			enemy = pw_side(m, p, p->force[i].city);
	if (enemy == PW_NONE && p->control[s] != PW_NONE &&
	    pw_space_relation(m, p, s, c) == PW_UNFRIENDLY)
		enemy = p->rebellion[s] ? p->control[s] : pw_side(m, p, p->control[s]);
	if (enemy != PW_NONE) {
		struct pw_army none = { .major = (int8_t)c, .leader = PW_NONE, .by = PW_BY_LAND };
		struct pw_battle b = { .space = s, .head = { pw_side(m, p, c), enemy }, .army = &none };
		r = pw_naval_battle(m, sc, p, &b, in, dice, out);
		worst = r;
		if (r != PW_OUT_LOST) {
			r = pw_land_battle(m, sc, p, &b, in, dice, out);
			if (r == PW_OUT_LOST || r == PW_OUT_AVOIDED || worst == PW_OUT_NONE)
				worst = r;
		}
		if (worst == PW_OUT_NONE && r == PW_OUT_NONE && !b.land_avoided[1])
			strbuf_addf(out, "    No enemy SPs give battle at %s.\n", m->space[s].name);
	}
	if (siege)
		pw_siege(m, sc, p, c, s, worst, in, dice, out);
}

/* Carry out op for c (allowed by pw_op_why_not), told to out. */
static void take(const struct pw_map *m, const struct pw_scenario *sc, struct pw_pos *p, int c,
                 const struct pw_op *op, const struct pw_instructions *in,
                 struct chance_stream *dice, struct strbuf *out)
{
	int avail[PW_SP_TYPES], want[PW_SP_TYPES], len, at, reached = 1;
	int8_t route[PW_MAX_SPACES];
	char why[PW_WHY_MAX];
	struct pw_army a = { .major = (int8_t)c };

	at = op->kind == PW_OP_MOVE || (op->kind == PW_OP_ATTACK && op->from != PW_NONE) ? op->from : op->to;
	if (op->kind == PW_OP_RETURN || op->kind == PW_OP_STATION) {
		for (int i = 0; i < p->nforces; i++) {
			struct pw_force *f = &p->force[i];
			if (f->space != at || !operable(m, p, c, f->city) || !away(m, p, f))
				continue;
			if (op->kind == PW_OP_STATION) {
				f->station = 1;
				continue;
			}
			for (int t = 0; t < PW_SP_TYPES; t++) {
				int h = home_of(m, f->city, t);
				struct pw_force *to;
				if (!f->sp[t] || h == PW_NONE || h == at ||
				    pw_space_relation(m, p, h, f->city) != PW_FRIENDLY || !(to = pw_force_at(p, f->city, h)))
					continue;
				f = &p->force[i];   /* the table may have grown, not moved */
				strbuf_addf(out, "      %d %s SP%s of %s go%s home to %s.\n", f->sp[t], pw_sp_word(t),
				            f->sp[t] == 1 ? "" : "s", m->city[f->city].name, f->sp[t] == 1 ? "es" : "",
				            m->space[h].name);
				to->sp[t] = (int8_t)(to->sp[t] + f->sp[t]);
				f->sp[t] = 0;
			}
			f->station = 0;
		}
		return;
	}
	available(m, p, c, at, avail);
	wanted(op, avail, want);
	muster(m, p, c, at, want, &a);
	a.space = (int8_t)at;
	a.leader = (int8_t)op_leader(m, sc, p, c, op, at);
	p->leader_at[a.leader] = (int8_t)at;
	if (op->kind == PW_OP_ATTACK && op->from == PW_NONE) {
		strbuf_addf(out, "    Led by %s.\n", pw_leader_name(sc, a.leader));
		combat(m, sc, p, c, op->to, !op->nosiege, in, dice, out);
		return;
	}
	a.by = (int8_t)travel(want);
	len = pw_route(m, p, c, a.by, op->from, op->to, op->via, op->nvia, route, why);
	pw_pay(m, p, c, activation(sc, want));
	strbuf_addf(out, "    Led by %s, %d talents to activate; by %s:", pw_leader_name(sc, a.leader),
	            activation(sc, want), a.by == PW_BY_SEA ? "sea" : "land");
	for (int i = 0; i < len; i++)
		strbuf_addf(out, "%s%s", i ? " - " : " ", m->space[route[i]].name);
	strbuf_addstr(out, ".\n");
	for (int i = 1; i < len; i++) {
		int prev = a.space, r;
		if (storm(m, sc, p, &a, route[i], dice, out)) {
			reached = 0;
			break;
		}
		step(m, p, &a, route[i]);
		/* where a combat operation ends, its own battle is fought */
		r = op->kind == PW_OP_ATTACK && i == len - 1 ? PW_OUT_NONE
		    : intercept(m, sc, p, &a, in, dice, out);
		if (!army_left(m, p, &a)) {
			strbuf_addstr(out, "    The army is destroyed.\n");
			reached = 0;
			break;
		}
		if (r == PW_OUT_LOST) {
			struct strbuf w = STRBUF_INIT;
			if (pw_instr(m, in, c, PW_I_RETREAT, &w) == PW_C_YES) {
				strbuf_addf(out, "    The army falls back to %s%s.\n", m->space[prev].name, w.buf);
				step(m, p, &a, prev);
			} else
				strbuf_addf(out, "    The army holds %s%s.\n", m->space[a.space].name, w.buf);
			strbuf_release(&w);
			reached = 0;
			break;
		}
		if (r == PW_OUT_DRAW) {
			strbuf_addf(out, "    The army halts at %s.\n", m->space[a.space].name);
			reached = 0;
			break;
		}
	}
	if (reached && op->kind == PW_OP_ATTACK)
		combat(m, sc, p, c, op->to, !op->nosiege, in, dice, out);
	else if (!reached && op->kind == PW_OP_ATTACK)
		strbuf_addf(out, "    The army never reaches %s: no combat there.\n", m->space[op->to].name);
}

int pw_operations(const struct pw_map *m, const struct pw_scenario *sc, struct pw_pos *p,
                  const struct pw_ops_plan *plan, const struct pw_instructions *in,
                  struct chance_stream *dice, struct strbuf *out)
{
	uint8_t used[PW_MAX_CITIES][PW_MAX_PLAN];
	/* why each operation was first refused when its major's turn came
	 * (later refusals often follow from it), for the list of those never
	 * carried out */
	char last_why[PW_MAX_MAJORS][PW_MAX_PLAN][PW_WHY_MAX];
	char why[PW_WHY_MAX];
	int active = 0, passes = 0, taken = 0, round;

	memset(used, 0, sizeof used);
	memset(last_why, 0, sizeof last_why);
	for (int k = 0; k < m->nmajors; k++)
		active += operates(m, p, m->major[k]);
	/* each turn uses up an item of a plan, brings SPs home, or is a
	 * pass; a full round of passes ends the phase */
	for (round = 1; active && passes < active; round++) {
		strbuf_addf(out, "  Round %d:\n", round);
		for (int k = 0; k < m->nmajors && passes < active; k++) {
			int c = m->major[k], pick = -1, back;
			const struct pw_ops_plan *pl = &plan[c];
			struct pw_op forced;

			if (!operates(m, p, c))
				continue;
			for (int i = 0; i < pl->n && pick < 0; i++) {
				const char *no;
				if (used[c][i])
					continue;
				if (pl->op[i].kind == PW_OP_PASS || !(no = pw_op_why_not(m, sc, p, c, &pl->op[i], why)))
					pick = i;
				else if (!last_why[k][i][0])
					snprintf(last_why[k][i], PW_WHY_MAX, "%s", no);
			}
			if (pick >= 0)
				used[c][pick] = 1;
			if (pick < 0 || pl->op[pick].kind == PW_OP_PASS) {
				if ((back = first_away(m, p, c)) == PW_NONE) {
					strbuf_addf(out, "    %s passes.\n", m->city[c].name);
					passes++;
					continue;
				}
				/* 3.1.1: it may not pass with SPs away and off station */
				forced = (struct pw_op){ .kind = PW_OP_RETURN, .from = PW_NONE, .to = (int8_t)back,
				                         .sp = { -1, -1, -1 }, .leader = PW_NONE };
				strbuf_addf(out, "    %s may not pass with SPs away from home: it ", m->city[c].name);
				pw_op_describe(m, sc, &forced, out);
				strbuf_addstr(out, ".\n");
				take(m, sc, p, c, &forced, in, dice, out);
			} else {
				strbuf_addf(out, "    %s ", m->city[c].name);
				pw_op_describe(m, sc, &pl->op[pick], out);
				strbuf_addstr(out, ".\n");
				take(m, sc, p, c, &pl->op[pick], in, dice, out);
				taken++;
			}
			passes = 0;
			pw_drop_empty_forces(p);
			pw_leaders_home(m, sc, p);
			pw_sieges_check(m, p, out);
		}
	}
	strbuf_addstr(out, "  Every major city-state passed in turn: the phase is over.\n");
	for (int k = 0; k < m->nmajors; k++) {
		int c = m->major[k];
		for (int i = 0; i < plan[c].n; i++) {
			const char *no = last_why[k][i][0] ? last_why[k][i] : NULL;
			if (used[c][i] || plan[c].op[i].kind == PW_OP_PASS)
				continue;
			if (!no)
				no = pw_op_why_not(m, sc, p, c, &plan[c].op[i], why);
			strbuf_addf(out, "  Not carried out: %s ", m->city[c].name);
			pw_op_describe(m, sc, &plan[c].op[i], out);
			strbuf_addf(out, " (%s).\n", no ? no : "the phase ended before its turn came");
		}
	}
	p->phase = PW_PH_POLITICAL;
	return taken;
}
