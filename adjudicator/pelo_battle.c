/*
 * pelo_battle.c - battles (seed 002; RULES.md 5): naval battles, hoplite
 * battles and skirmishes, from who takes part to the losers' retreat.
 *
 * Both kinds of battle are one procedure over a "kind" row (which SP
 * types fight, which modifiers apply, what a loss costs), because seed
 * 002 writes them alike: participation by zone of influence, avoiding,
 * two dice, a winner, losses capped by the winner's strength, draws,
 * bellicosity, the leader's death.  Every choice a side makes comes from
 * its standing instructions (pelo_instructions.c) and the results say
 * which; every die and modifier is told.
 */
#include <stdio.h>
#include <string.h>

#include "adjudicator/pelo_ops.h"

#define MOD_CAP 3    /* numbers and cavalry superiority add at most this */

/* Who takes part in one battle, force by force. */
struct fight {
	int naval;                                /* 1: a naval battle */
	int8_t side[PELO_MAX_FORCES];               /* 0, 1, or -1: not in it */
	int8_t take[PELO_MAX_FORCES][PELO_SP_TYPES];  /* its SPs that fight */
	int lost[PELO_MAX_CITIES][PELO_SP_TYPES];     /* what each city lost */
	int8_t asked[PELO_MAX_FORCES];  /* SUPPORT's answer: 1 join, 0 stay out, -1 not asked */
	struct pelo_source why[PELO_MAX_FORCES];      /* the instruction that answered */
};

static int fights_with(const struct fight *f, int t)
{
	return f->naval ? t == PELO_NAVAL_SP : t != PELO_NAVAL_SP;
}

/* Side k's SPs of type t in the fight (t = -1: all it fights with). */
static int count(const struct pelo_pos *p, const struct fight *f, int k, int t)
{
	int n = 0;

	for (int i = 0; i < p->nforces; i++)
		if (f->side[i] == k)
			for (int u = 0; u < PELO_SP_TYPES; u++)
				if ((t < 0 && fights_with(f, u)) || u == t)
					n += f->take[i][u];
	return n;
}

/* Side k's SPs of each type that fight, into n[0 .. PELO_SP_TYPES-1]. */
static void strength(const struct pelo_pos *p, const struct fight *f, int k, int n[PELO_SP_TYPES])
{
	for (int t = 0; t < PELO_SP_TYPES; t++)
		n[t] = fights_with(f, t) ? count(p, f, k, t) : 0;
}

/* Whose instructions decide side k's choices in this fight (RULES.md 3.6):
 * the major speaking for most of the SPs it fights with there. */
static int decider(const struct pelo_map *m, const struct pelo_pos *p, const struct pelo_battle *b,
                   const struct fight *f, int k)
{
	int sps[PELO_MAX_CITIES] = { 0 };

	for (int i = 0; i < p->nforces; i++)
		if (f->side[i] == k)
			for (int t = 0; t < PELO_SP_TYPES; t++)
				sps[p->force[i].city] += fights_with(f, t) ? f->take[i][t] : 0;
	return pelo_decider(m, p, b->head[k], sps);
}

/* 1 if space s lies in the home area of a city-state whose SPs fight on
 * side k (RULES.md 5.3: Thebes defending its own city has its +1, though
 * Sparta heads its side). */
static int in_home_area(const struct pelo_map *m, const struct pelo_pos *p, const struct fight *f,
                        int k, int s)
{
	for (int i = 0; i < p->nforces; i++) {
		int home = m->city[p->force[i].city].home, n = 0;
		for (int t = 0; t < PELO_SP_TYPES; t++)
			n += f->take[i][t];
		if (f->side[i] == k && n && home != PELO_NONE && m->space[home].area == m->space[s].area)
			return 1;
	}
	return 0;
}

/* Drop side k's SPs in the combat space from the fight (they avoid it,
 * or burn); 1 if it had any there. */
static int withdraw(const struct pelo_pos *p, struct fight *f, int k, int s, int all)
{
	int had = 0;

	for (int i = 0; i < p->nforces; i++)
		if (f->side[i] == k && (all || p->force[i].space == s)) {
			for (int t = 0; t < PELO_SP_TYPES; t++)
				had |= p->force[i].space == s && f->take[i][t], f->take[i][t] = 0;
			f->side[i] = -1;
		}
	return had;
}

/* Who is eligible, and who of those outside the space joins (SUPPORT;
 * an intercepting side joins whole, having chosen to intercept); told
 * later, by tell_support. */
static void gather(const struct pelo_map *m, const struct pelo_pos *p, const struct pelo_battle *b,
                   const struct pelo_instructions *in, struct fight *f)
{
	for (int i = 0; i < p->nforces; i++) {
		const struct pelo_force *fo = &p->force[i];
		int h = pelo_side(m, p, fo->city), k = h == b->head[0] ? 0 : h == b->head[1] ? 1 : -1;
		int any = 0;

		f->side[i] = -1;
		f->asked[i] = -1;
		if (k < 0)
			continue;
		for (int t = 0; t < PELO_SP_TYPES; t++) {
			f->take[i][t] = 0;
			if (fights_with(f, t) && fo->sp[t] && pelo_in_zoi(m, t, fo->space, b->space))
				f->take[i][t] = fo->sp[t], any = 1;
		}
		if (!any)
			continue;
		f->side[i] = (int8_t)k;
		if (fo->space == b->space || (b->interception && k == 1))
			continue;
		int join = pelo_instr(m, in, pelo_speaker(m, p, fo->city), PELO_I_SUPPORT, &f->why[i]) == PELO_C_ALWAYS;
		f->asked[i] = (int8_t)join;
		if (!join) {
			f->side[i] = -1;
			memset(f->take[i], 0, sizeof f->take[i]);
		}
	}
}

/* Who joined from outside and who stayed out, told under the battle's
 * heading: before it they would read as part of the march, and a battle
 * avoided or burnt away has nothing to join. */
static void tell_support(const struct pelo_pos *p, const struct fight *f, struct pelo_facts *out)
{
	for (int i = 0; i < p->nforces; i++)
		if (f->asked[i] >= 0)
			pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_SUPPORT, .city = p->force[i].city,
			                                    .space = p->force[i].space, .n = { f->asked[i] },
			                                    .src = f->why[i] });
}

/* May side k's SPs in the space keep out of the battle (RULES.md 5.2)? */
static int may_avoid(const struct pelo_map *m, const struct pelo_pos *p, const struct pelo_battle *b,
                     const struct fight *f, int k)
{
	int s = b->space;
	const struct pelo_space *sp = &m->space[s];
	int walls = pelo_space_relation(m, p, s, b->head[k]) == PELO_FRIENDLY &&
	            (sp->home_of != PELO_NONE || (sp->kinds & PELO_FORTRESS));

	if (k == 0 && !b->interception)
		return 0;          /* the attacker chose this battle */
	if (f->naval)
		return sp->home_of != PELO_NONE;   /* the seed's Siphae example */
	if (k == 0 && b->army->by == PELO_BY_SEA)
		return 1;          /* putting to sea (seed 002) */
	return walls;
}

/* Side k's choice to avoid the battle, told; 1 if it avoids. */
static int avoids(const struct pelo_map *m, const struct pelo_pos *p, struct pelo_battle *b,
                  struct fight *f, int k, const struct pelo_instructions *in, struct pelo_facts *out)
{
	int mine = 0, theirs = count(p, f, !k, -1), spk = decider(m, p, b, f, k), v;
	struct pelo_source src;

	for (int i = 0; i < p->nforces; i++)
		if (f->side[i] == k && p->force[i].space == b->space)
			for (int t = 0; t < PELO_SP_TYPES; t++)
				mine += fights_with(f, t) ? f->take[i][t] : 0;
	if (!mine || !may_avoid(m, p, b, f, k))
		return 0;
	v = pelo_instr(m, in, spk, PELO_I_AVOID, &src);
	if (v == PELO_C_NEVER || (v == PELO_C_WEAKER && count(p, f, k, -1) >= theirs))
		return 0;
	pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_AVOIDS, .city = b->head[k], .src = src,
	                                    .n = { f->naval ? PELO_AVOID_HARBOUR
	                                           : k == 0 && b->army->by == PELO_BY_SEA ? PELO_AVOID_TO_SEA
	                                           : PELO_AVOID_WALLS } });
	if (!f->naval)
		b->land_avoided[k] = 1;
	withdraw(p, f, k, b->space, 1);
	return 1;
}

/* Ships that can neither avoid nor match the enemy may burn (BURN). */
static void burn_ships(const struct pelo_map *m, struct pelo_pos *p, struct pelo_battle *b,
                       struct fight *f, int k, const struct pelo_instructions *in, struct pelo_facts *out)
{
	struct pelo_source src;
	int mine = count(p, f, k, PELO_NAVAL_SP), theirs = count(p, f, !k, PELO_NAVAL_SP);

	if (!mine || (k == 0 && !b->interception) || mine >= theirs ||
	    pelo_instr(m, in, decider(m, p, b, f, k), PELO_I_BURN, &src) == PELO_C_NEVER)
		return;
	for (int i = 0; i < p->nforces; i++)
		if (f->side[i] == k && p->force[i].space == b->space && f->take[i][PELO_NAVAL_SP]) {
			pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_BURNS, .city = p->force[i].city,
			                                    .n = { f->take[i][PELO_NAVAL_SP] }, .src = src });
			p->force[i].sp[PELO_NAVAL_SP] = (int8_t)(p->force[i].sp[PELO_NAVAL_SP] - f->take[i][PELO_NAVAL_SP]);
		}
	withdraw(p, f, k, b->space, 1);
}

/* 1 if side k fights with SPs standing in major x's home space, or in
 * the space itself when it is x's home: a free leader there is at hand. */
static int from_home(const struct pelo_map *m, const struct pelo_pos *p, const struct pelo_battle *b,
                     const struct fight *f, int k, int x)
{
	int home = m->city[x].home;

	if (home == b->space)
		return 1;
	for (int i = 0; i < p->nforces; i++)
		if (f->side[i] == k && p->force[i].space == home)
			return 1;
	return 0;
}

/* The leader of side k: the best of its leaders where its SPs fight;
 * failing one, a major whose home is attacked, or whose SPs at home go
 * out to fight, may send a free leader with them (DEFEND). */
static int side_leader(const struct pelo_map *m, const struct pelo_scenario *sc, struct pelo_pos *p,
                       const struct pelo_battle *b, const struct fight *f, int k,
                       const struct pelo_instructions *in, struct pelo_facts *out)
{
	int best = PELO_NONE;

	for (int i = 0; i < p->nforces; i++) {
		int l;
		if (f->side[i] != k || (l = pelo_leader_at(m, sc, p, b->head[k], p->force[i].space)) == PELO_NONE)
			continue;
		if (best == PELO_NONE || sc->leader[l].battle > sc->leader[best].battle)
			best = l;
	}
	for (int x = 0; x < m->ncities && best == PELO_NONE; x++) {
		struct pelo_source src;
		int l;
		if (m->city[x].class != PELO_MAJOR || pelo_side(m, p, x) != b->head[k] || !from_home(m, p, b, f, k, x) ||
		    (l = pelo_leader_pick(sc, p, x, 0)) == PELO_NONE)
			continue;
		if (pelo_instr(m, in, x, PELO_I_DEFEND, &src) == PELO_C_YES) {
			p->leader_at[l] = (int8_t)b->space;
			pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_DEFENDS, .leader = l, .city = x,
			                                    .space = b->space, .src = src });
			best = l;
		}
	}
	return best;
}

/* One side's die and its modifiers, told; returns the total. */
struct mods {
	int skill_city, skill_type;   /* +2 when this city's SPs of this type
	                                 are half the side's or more */
	int numbers_type;             /* -1: none; else superiority in it */
	int cavalry;                  /* add cavalry superiority */
};

static int roll(const struct pelo_scenario *sc, const struct pelo_pos *p,
                const struct pelo_battle *b, const struct fight *f, int k, const struct mods *md,
                int die, struct pelo_facts *out)
{
	int total = die, l = b->leader[k], skill = 0, numbers = 0, cavalry = 0;

	if (l != PELO_NONE && sc->leader[l].battle)
		total += sc->leader[l].battle;
	if (md->skill_city != PELO_NONE) {
		int own = 0, all = count(p, f, k, md->skill_type);
		for (int i = 0; i < p->nforces; i++)
			if (f->side[i] == k && p->force[i].city == md->skill_city)
				own += f->take[i][md->skill_type];
		if (all && 2 * own >= all)
			total += 2, skill = 1;
	}
	if (md->numbers_type >= 0) {
		int d = count(p, f, k, md->numbers_type) - count(p, f, !k, md->numbers_type);
		if (d > 0)
			numbers = d < MOD_CAP ? d : MOD_CAP, total += numbers;
	}
	if (md->cavalry) {
		int d = count(p, f, k, PELO_CAVALRY) - count(p, f, !k, PELO_CAVALRY);
		if (d > 0)
			cavalry = d < MOD_CAP ? d : MOD_CAP, total += cavalry;
	}
	pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_BATTLE_ROLL, .city = b->head[k], .leader = l,
	                                    .other = md->skill_city,
	                                    .n = { die, l != PELO_NONE ? sc->leader[l].battle : 0, skill,
	                                           md->skill_type, numbers, md->numbers_type, cavalry, total } });
	return total;
}

/* The winner of two totals: 0, 1, or -1 for a draw; a tie goes to the
 * better leader, "0" beating none (seed 002). */
static int winner(const struct pelo_scenario *sc, const struct pelo_battle *b, const int total[2])
{
	int r0 = b->leader[0] == PELO_NONE ? -1 : sc->leader[b->leader[0]].battle;
	int r1 = b->leader[1] == PELO_NONE ? -1 : sc->leader[b->leader[1]].battle;

	if (total[0] != total[1])
		return total[0] > total[1] ? 0 : 1;
	return r0 == r1 ? -1 : r0 > r1 ? 0 : 1;
}

/* Take one SP of type t from force i, counted as city's loss. */
static void take_one(struct pelo_pos *p, struct fight *f, int i, int t)
{
	p->force[i].sp[t]--;
	f->take[i][t]--;
	f->lost[p->force[i].city][t]++;
}

/* The first SP type a loss takes from side k's force i: hoplites first,
 * then cavalry (seed 002 asks one hoplite at least), or ships; -1 none. */
static int loss_type(const struct fight *f, int i)
{
	static const int land[] = { PELO_HOPLITE, PELO_CAVALRY };

	if (f->naval)
		return f->take[i][PELO_NAVAL_SP] ? PELO_NAVAL_SP : -1;
	for (size_t k = 0; k < 2; k++)
		if (f->take[i][land[k]])
			return land[k];
	return -1;
}

/* Group g (a speaker major, or a minor nobody speaks for) loses up to n
 * SPs from side k; LOSSES decides whether its allies or its own go first,
 * and of more than one lost, one is its own (seed 002).  Returns how
 * many it lost. */
static int group_loses(const struct pelo_map *m, struct pelo_pos *p, struct fight *f, int k, int g,
                       int n, const struct pelo_instructions *in, struct pelo_facts *out)
{
	int order[PELO_MAX_FORCES], no = 0, lost = 0, own_first, own_at = -1;
	struct pelo_source src = { 0 };

	own_first = m->city[g].class == PELO_MAJOR &&
	            pelo_instr(m, in, g, PELO_I_LOSSES, &src) == PELO_C_OWN;
	for (int pass = 0; pass < 2; pass++)
		for (int i = 0; i < p->nforces; i++) {
			int c = p->force[i].city, spk = pelo_speaker(m, p, c);
			if (f->side[i] != k || (spk == PELO_NONE ? c : spk) != g)
				continue;
			if ((c == g) == (pass == 0 ? own_first : !own_first))
				order[no++] = i;
			if (c == g && own_at < 0)
				own_at = i;
		}
	for (int j = 0; j < no && lost < n; j++) {
		int i = order[j], t;
		/* keep one loss for the major's own SPs when more than one
		 * is lost and it has SPs in the battle */
		while (lost < n && (t = loss_type(f, i)) >= 0) {
			if (p->force[i].city != g && own_at >= 0 && n > 1 && lost == n - 1 &&
			    !f->lost[g][PELO_HOPLITE] && !f->lost[g][PELO_CAVALRY] && !f->lost[g][PELO_NAVAL_SP] &&
			    loss_type(f, own_at) >= 0)
				break;
			take_one(p, f, i, t);
			lost++;
		}
	}
	if (m->city[g].class == PELO_MAJOR && no > 1 && lost)
		pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_ALLOCATES, .city = g, .src = src });
	return lost;
}

/* Side k loses n SPs (RULES.md 5.4): coalition partners split them as
 * they all agree by SPLIT, the dominant taking one at least; without
 * agreement each loses the full amount. */
static void side_loses(const struct pelo_map *m, struct pelo_pos *p, struct fight *f, int k, int n,
                       const struct pelo_instructions *in, struct pelo_facts *out)
{
	int groups[PELO_MAX_CITIES], ng = 0, agreed = 1, share[PELO_MAX_CITIES] = { 0 };
	int weight = 0;

	for (int i = 0; i < p->nforces; i++) {
		int c = p->force[i].city, g = pelo_speaker(m, p, c), seen = 0;
		if (f->side[i] != k)
			continue;
		g = g == PELO_NONE ? c : g;
		for (int j = 0; j < ng; j++)
			seen |= groups[j] == g;
		if (!seen)
			groups[ng++] = g;
	}
	/* every major of the side in the battle must propose the same split */
	for (int j = 0; j < ng; j++) {
		int g = groups[j], any = 0;
		if (m->city[g].class != PELO_MAJOR) {
			agreed = 0;
			break;
		}
		for (int q = 0; q < m->nmajors; q++)
			any |= in && in->split[g][q];
		agreed &= any && in && !memcmp(in->split[g], in->split[groups[0]], sizeof in->split[g]);
	}
	if (ng < 2)
		agreed = 0;
	if (agreed) {
		int given = 0, best, head = -1, w[PELO_MAX_CITIES] = { 0 };
		for (int j = 0; j < ng; j++)
			for (int q = 0; q < m->nmajors; q++)
				if (m->major[q] == groups[j])
					weight += w[j] = in->split[groups[0]][q];
		for (int j = 0; j < ng && weight; j++)
			given += share[j] = n * w[j] / weight;
		/* what rounding left, to the largest remainders first (the
		 * order of the groups breaks ties) */
		while (given < n && weight) {
			best = 0;
			for (int j = 1; j < ng; j++)
				if (n * w[j] % weight > n * w[best] % weight)
					best = j;
			share[best]++, given++;
			w[best] = 0;      /* one extra each at most */
		}
		for (int j = 0; j < ng; j++)
			if (groups[j] == pelo_side(m, p, groups[j]) && p->status[groups[j]].box == PELO_BOX_DOMINANT)
				head = j;
		if (head >= 0 && !share[head] && n) {
			for (int j = 0; j < ng; j++)
				if (share[j] > 1 || (j != head && share[j])) {
					share[j]--;
					break;
				}
			share[head]++;
		}
		pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_SPLIT, .cities = groups, .counts = share,
		                                    .n = { ng } });
	} else if (ng > 1)
		pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_NO_SPLIT });
	for (int j = 0; j < ng; j++)
		group_loses(m, p, f, k, groups[j], agreed ? share[j] : n, in, out);
}

/* Tell what each city lost: "Lost: Sparta 2 hoplite; Megara 1 hoplite." */
static void say_losses(const struct pelo_map *m, const struct fight *f, struct pelo_facts *out)
{
	int n = 0;

	for (int c = 0; c < m->ncities; c++)
		if (f->lost[c][PELO_HOPLITE] || f->lost[c][PELO_CAVALRY] || f->lost[c][PELO_NAVAL_SP])
			pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_LOST, .city = c,
			                                    .n = { f->lost[c][0], f->lost[c][1], f->lost[c][2], n++ } });
	if (n)
		pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_STOP });
}

/* Losses when the battle is drawn: one SP each, none when both have one
 * only (seed 002). */
static void drawn(const struct pelo_map *m, struct pelo_pos *p, struct fight *f,
                  const struct pelo_instructions *in, struct pelo_facts *out)
{
	if (count(p, f, 0, -1) == 1 && count(p, f, 1, -1) == 1) {
		pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_DRAW, .n = { 0 } });
		return;
	}
	pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_DRAW, .n = { 1 } });
	side_loses(m, p, f, 0, 1, in, out);
	side_loses(m, p, f, 1, 1, in, out);
}

/* Bellicosity of the majors whose SPs of type t fought on side k. */
static void bellicosity(const struct pelo_map *m, struct pelo_pos *p, const struct fight *f,
                        const int8_t before[PELO_MAX_FORCES][PELO_SP_TYPES], int k, int t, int by,
                        struct pelo_facts *out)
{
	uint8_t done[PELO_MAX_CITIES] = { 0 };

	for (int i = 0; i < p->nforces; i++) {
		int c = p->force[i].city, v;
		if (f->side[i] != k || !before[i][t] || m->city[c].class != PELO_MAJOR || done[c])
			continue;
		done[c] = 1;
		v = p->bellicosity[c] + by;
		v = v < 0 ? 0 : v > PELO_BELLICOSITY_MAX ? PELO_BELLICOSITY_MAX : v;
		pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_BATTLE_BELLICOSITY, .city = c,
		                                    .n = { p->bellicosity[c], v } });
		p->bellicosity[c] = v;
	}
}

/* Where side k's SPs of force i retreat: the space one path away, friendly
 * to them, nearest their home (the port for ships); PELO_NONE to stay. */
static int retreat_to(const struct pelo_map *m, const struct pelo_pos *p, const struct fight *f, int i)
{
	const struct pelo_force *fo = &p->force[i];
	int c = fo->city, by = f->naval ? PELO_BY_SEA : PELO_BY_LAND;
	int home = f->naval ? m->city[c].port : m->city[c].home, best = PELO_NONE;
	int dist[PELO_MAX_SPACES];

	if (home == PELO_NONE || home == fo->space)
		return PELO_NONE;      /* a city does not leave its own walls */
	pelo_distances(m, p, c, by, home, dist);
	/* nearest home first; a space with no way home after all */
	for (int y = 0; y < m->nspaces; y++)
		if (pelo_step_ok(m, p, c, by, fo->space, y) && pelo_space_relation(m, p, y, c) == PELO_FRIENDLY &&
		    (best == PELO_NONE || (dist[y] >= 0 && (dist[best] < 0 || dist[y] < dist[best]))))
			best = y;
	return best;
}

/* The loser's SPs that fought in the combat space retreat (RETREAT); an
 * intercepted army's are the march's business. */
static void retreat(const struct pelo_map *m, const struct pelo_scenario *sc, struct pelo_pos *p,
                    const struct pelo_battle *b, struct fight *f, int k,
                    const struct pelo_instructions *in, struct pelo_facts *out)
{
	struct pelo_source src;

	if (k == 0 && b->interception)
		return;
	if (pelo_instr(m, in, decider(m, p, b, f, k), PELO_I_RETREAT, &src) != PELO_C_YES) {
		pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_STANDS, .city = b->head[k], .src = src });
		return;
	}
	for (int i = 0; i < p->nforces; i++) {
		int y, n = 0, c = p->force[i].city;
		struct pelo_force *to;
		if (f->side[i] != k || p->force[i].space != b->space)
			continue;
		for (int t = 0; t < PELO_SP_TYPES; t++)
			n += f->take[i][t];
		if (!n || (y = retreat_to(m, p, f, i)) == PELO_NONE || !(to = pelo_force_at(p, c, y)))
			continue;
		for (int t = 0; t < PELO_SP_TYPES; t++) {
			to->sp[t] = (int8_t)(to->sp[t] + f->take[i][t]);
			p->force[i].sp[t] = (int8_t)(p->force[i].sp[t] - f->take[i][t]);
		}
		pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_RETREATS, .city = c, .space = y,
		                                    .n = { n }, .src = src });
		/* a leader goes with the SPs he led */
		for (int l = 0; l < sc->nleaders; l++)
			if (p->leader_at[l] == b->space && pelo_side(m, p, sc->leader[l].city) == b->head[k] &&
			    !pelo_side_sp(m, p, b->head[k], b->space, PELO_HOPLITE) &&
			    !pelo_side_sp(m, p, b->head[k], b->space, PELO_CAVALRY) &&
			    !pelo_side_sp(m, p, b->head[k], b->space, PELO_NAVAL_SP))
				p->leader_at[l] = (int8_t)y;
	}
}

/* The victor of a hoplite battle takes hostages from every major whose
 * hoplites it killed (seed 002): the dominant of the winning side when
 * several majors fought on it. */
static void hostages(const struct pelo_map *m, struct pelo_pos *p, const struct fight *f, int k,
                     const struct pelo_battle *b, struct pelo_facts *out)
{
	int victor = PELO_NONE, majors = 0;

	for (int i = 0; i < p->nforces; i++)
		if (f->side[i] == k && m->city[p->force[i].city].class == PELO_MAJOR)
			if (victor != p->force[i].city)
				victor = p->force[i].city, majors++;
	if (majors > 1)
		victor = b->head[k];
	if (victor == PELO_NONE || m->city[victor].class != PELO_MAJOR)
		return;
	for (int c = 0; c < m->ncities; c++)
		if (c != victor && m->city[c].class == PELO_MAJOR && f->lost[c][PELO_HOPLITE]) {
			p->hostages[victor][c]++;
			pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_HOSTAGES, .city = victor,
			                                    .other = c });
		}
}

/* 1 if side k has no SP left in the space. */
static int wiped_out(const struct pelo_map *m, const struct pelo_pos *p, const struct pelo_battle *b, int k)
{
	for (int t = 0; t < PELO_SP_TYPES; t++)
		if (pelo_side_sp(m, p, b->head[k], b->space, t))
			return 0;
	return 1;
}

/* The battle itself, once both sides are known: kind 0 naval, 1 hoplite,
 * 2 skirmish. */
static int resolve(const struct pelo_map *m, const struct pelo_scenario *sc, struct pelo_pos *p,
                   struct pelo_battle *b, struct fight *f, int kind,
                   const struct pelo_instructions *in, struct chance_stream *dice, struct pelo_facts *out)
{
	const struct mods md[] = {
		{ sc->naval_skill, PELO_NAVAL_SP, PELO_NAVAL_SP, 0 },
		{ sc->hoplite_skill, PELO_HOPLITE, PELO_HOPLITE, 1 },
		{ PELO_NONE, 0, -1, 1 },
	};
	int8_t before[PELO_MAX_FORCES][PELO_SP_TYPES];
	int die[2], total[2], w, n;

	tell_support(p, f, out);
	/* SPs that fight in a space have been there, whether they stood in
	 * it, marched in, or intercepted or supported from a neighbour
	 * (RULES.md 6.2) */
	for (int i = 0; i < p->nforces; i++)
		if (f->side[i] >= 0 && (f->take[i][PELO_HOPLITE] || f->take[i][PELO_CAVALRY] || f->take[i][PELO_NAVAL_SP]))
			pelo_entered(m, p, b->head[f->side[i]], b->space);
	memcpy(before, f->take, sizeof before);
	{
		struct pelo_fact sides = { .kind = PELO_F_BATTLE, .city = b->head[0], .other = b->head[1],
		                           .leader = b->leader[0] };
		strength(p, f, 0, sides.n);
		strength(p, f, 1, sides.n + PELO_SP_TYPES);
		sides.n[2 * PELO_SP_TYPES] = b->leader[1];
		pelo_tell(out, &sides);
	}
	for (int k = 0; k < 2; k++) {
		die[k] = pelo_die(dice);
		total[k] = roll(sc, p, b, f, k, &md[kind], die[k], out);
	}
	w = winner(sc, b, total);
	if (w < 0)
		drawn(m, p, f, in, out);
	else {
		int l = !w, d = total[w] - total[l];
		if (kind == 2)
			n = 1;
		else {
			int cap = count(p, f, w, kind == 0 ? PELO_NAVAL_SP : PELO_HOPLITE);
			n = d < cap ? d : cap;
			if (kind == 1) {
				int excess = count(p, f, l, PELO_CAVALRY) - count(p, f, w, PELO_CAVALRY);
				n -= excess > 0 ? excess : 0;
			}
			n = n < 1 ? 1 : n;
		}
		if (n > count(p, f, l, -1))
			n = count(p, f, l, -1);   /* no more than it brought */
		pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_WINS, .city = b->head[w],
		                                    .other = b->head[l], .n = { n, total[0] == total[1] } });
		side_loses(m, p, f, l, n, in, out);
	}
	say_losses(m, f, out);
	/* bellicosity: naval battles +-1; hoplite battles +-1, +-2 from two
	 * SPs lost; not skirmishes or draws */
	if (w >= 0 && kind == 0) {
		bellicosity(m, p, f, before, w, PELO_NAVAL_SP, 1, out);
		bellicosity(m, p, f, before, !w, PELO_NAVAL_SP, -1, out);
	} else if (w >= 0 && kind == 1) {
		int lost = 0;
		for (int c = 0; c < m->ncities; c++)
			lost += f->lost[c][PELO_HOPLITE] + f->lost[c][PELO_CAVALRY];
		bellicosity(m, p, f, before, w, PELO_HOPLITE, lost >= 2 ? 2 : 1, out);
		bellicosity(m, p, f, before, !w, PELO_HOPLITE, lost >= 2 ? -2 : -1, out);
		hostages(m, p, f, w, b, out);
	}
	/* leaders (seed 002): in a hoplite battle on the unmodified die; at
	 * sea only on the losing or drawing side; in a skirmish only when
	 * all friendly forces in the space are gone */
	for (int k = 0; k < 2; k++) {
		int l = b->leader[k];
		if (l == PELO_NONE || p->leader_dead[l])
			continue;
		if ((kind == 1 && die[k] <= sc->leader[l].bravery) ||
		    (kind == 0 && w != k && die[k] <= sc->leader[l].bravery) ||
		    (kind == 2 && wiped_out(m, p, b, k))) {
			pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_BRAVERY, .leader = l,
			                                    .n = { die[k], sc->leader[l].bravery } });
			pelo_leader_kill(p, l, out);
		}
	}
	if (w >= 0)
		retreat(m, sc, p, b, f, !w, in, out);
	return w < 0 ? PELO_OUT_DRAW : w == 0 ? PELO_OUT_WON : PELO_OUT_LOST;
}

/* Everything before the dice, common to both kinds: returns -1 when no
 * battle is fought (told), else 0. */
static int prepare(const struct pelo_map *m, const struct pelo_scenario *sc, struct pelo_pos *p,
                   struct pelo_battle *b, struct fight *f, const struct pelo_instructions *in,
                   struct pelo_facts *out, int *outcome)
{
	gather(m, p, b, in, f);
	*outcome = PELO_OUT_NONE;
	if (!count(p, f, 0, -1) || !count(p, f, 1, -1))
		return -1;
	if (avoids(m, p, b, f, 1, in, out) || avoids(m, p, b, f, 0, in, out)) {
		*outcome = count(p, f, 0, -1) ? PELO_OUT_NONE : PELO_OUT_AVOIDED;
		return -1;
	}
	if (f->naval) {
		burn_ships(m, p, b, f, 1, in, out);
		burn_ships(m, p, b, f, 0, in, out);
		if (!count(p, f, 0, -1) || !count(p, f, 1, -1)) {
			*outcome = count(p, f, 0, -1) ? PELO_OUT_NONE : PELO_OUT_AVOIDED;
			return -1;
		}
	}
	for (int k = 0; k < 2; k++)
		b->leader[k] = side_leader(m, sc, p, b, f, k, in, out);
	return 0;
}

int pelo_naval_battle(const struct pelo_map *m, const struct pelo_scenario *sc, struct pelo_pos *p,
                    struct pelo_battle *b, const struct pelo_instructions *in,
                    struct chance_stream *dice, struct pelo_facts *out)
{
	struct fight f = { .naval = 1 };
	int outcome;

	if (prepare(m, sc, p, b, &f, in, out, &outcome))
		return outcome;
	pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_NAVAL_BATTLE, .space = b->space });
	return resolve(m, sc, p, b, &f, 0, in, dice, out);
}

int pelo_land_battle(const struct pelo_map *m, const struct pelo_scenario *sc, struct pelo_pos *p,
                   struct pelo_battle *b, const struct pelo_instructions *in,
                   struct chance_stream *dice, struct pelo_facts *out)
{
	struct fight f = { .naval = 0 };
	int outcome, kind = 1;

	if (prepare(m, sc, p, b, &f, in, out, &outcome)) {
		/* land SPs avoided (behind walls, or putting to sea from an
		 * interception): seed 002 lets the other side ravage the space */
		for (int k = 0; k < 2; k++)
			if (b->land_avoided[k])
				pelo_ravage(m, sc, p, b->head[!k], b->space, in, out);
		return outcome;
	}
	/* the side the space is friendly to may try for a skirmish */
	for (int k = 1; k >= 0; k--) {
		int mine = count(p, &f, k, -1), theirs = count(p, &f, !k, -1), v, die, total, d;
		int cavalry = 0, led = 0, home = 0, fewer = 0;
		struct pelo_source src;
		if (pelo_space_relation(m, p, b->space, b->head[k]) != PELO_FRIENDLY)
			continue;
		v = pelo_instr(m, in, decider(m, p, b, &f, k), PELO_I_SKIRMISH, &src);
		if (v == PELO_C_NEVER || (v == PELO_C_WEAKER && mine >= theirs))
			break;
		die = pelo_die(dice);
		total = die;
		d = count(p, &f, k, PELO_CAVALRY) - count(p, &f, !k, PELO_CAVALRY);
		if (d > 0)
			cavalry = d < MOD_CAP ? d : MOD_CAP, total += cavalry;
		if (b->leader[k] != PELO_NONE && sc->leader[b->leader[k]].battle)
			led = sc->leader[b->leader[k]].battle, total += led;
		if (in_home_area(m, p, &f, k, b->space))
			home = 1, total += 1;
		d = count(p, &f, !k, PELO_HOPLITE) - count(p, &f, k, PELO_HOPLITE);
		if (d > 0)
			fewer = d < MOD_CAP ? d : MOD_CAP, total -= fewer;
		pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_SKIRMISH_ROLL, .city = b->head[k],
		                                    .space = b->space, .leader = b->leader[k], .src = src,
		                                    .n = { die, cavalry, led, home, fewer, total, total >= 7 } });
		if (total >= 7)
			kind = 2;
		break;
	}
	pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_LAND_BATTLE, .space = b->space,
	                                    .n = { kind == 2 } });
	return resolve(m, sc, p, b, &f, kind, in, dice, out);
}

/* Seed 002 and RULES.md 5.6: the hostages a major holds bar the major they
 * were taken from, and an army that major leads or has SPs in; never the
 * rest of its coalition.  Returns the city whose hostages bar side c in
 * space s from ravaging the home of owner, or PELO_NONE. */
static int hostages_bar(const struct pelo_map *m, const struct pelo_scenario *sc,
                        const struct pelo_pos *p, int c, int s, int owner)
{
	if (p->hostages[owner][c])
		return c;
	for (int i = 0; i < p->nforces; i++) {
		const struct pelo_force *fo = &p->force[i];
		int sps = 0;
		for (int t = 0; t < PELO_SP_TYPES; t++)
			sps += fo->sp[t];
		if (fo->space == s && sps && pelo_side(m, p, fo->city) == c && p->hostages[owner][fo->city])
			return fo->city;
	}
	for (int l = 0; l < sc->nleaders; l++) {
		int x = sc->leader[l].city;
		if (p->leader_at[l] == s && !p->leader_dead[l] && pelo_side(m, p, x) == c &&
		    p->hostages[owner][x])
			return x;
	}
	return PELO_NONE;
}

void pelo_ravage(const struct pelo_map *m, const struct pelo_scenario *sc, struct pelo_pos *p, int c,
               int s, const struct pelo_instructions *in, struct pelo_facts *out)
{
	struct pelo_source src;
	int owner = m->space[s].home_of, x;

	/* nobody lays waste its own side's fields (an interception is often
	 * fought on the interceptor's ground) */
	if (p->ravaged[s] || pelo_space_relation(m, p, s, c) == PELO_FRIENDLY ||
	    pelo_instr(m, in, pelo_speaker(m, p, c), PELO_I_RAVAGE, &src) != PELO_C_YES)
		return;
	if (owner != PELO_NONE && m->city[owner].class == PELO_MAJOR &&
	    (x = hostages_bar(m, sc, p, c, s, owner)) != PELO_NONE) {
		pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_NO_RAVAGE, .city = c, .space = s,
		                                    .other = owner, .n = { x } });
		return;
	}
	p->ravaged[s] = 1;
	pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_RAVAGES, .city = c, .space = s, .src = src });
}
