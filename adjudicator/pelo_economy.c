/*
 * pelo_economy.c - the economic phase of the Peloponnesian War (chapter 7,
 * RULES.md 7): revenue, the building of SPs, the removal of ravaged
 * markers and the turn's advance.
 *
 * Revenue is one function that both announces (when the phase opens, so
 * that players order builds knowing their money) and pays (when the phase
 * is resolved): the same code says what is paid and pays it, so the
 * announcement cannot drift from the payment.  Everything chapter 7 leaves
 * open is a table here (the trade routes, the costs of SPs, the special
 * tributary Messenia), so a rule changes in one line.  Tribute rates are
 * the scenario's data (scenario.txt, "tribute").
 */
#include <assert.h>
#include <stdio.h>
#include <string.h>

#include "adjudicator/pelo_ops.h"

#define HOME_FULL    500       /* 7.1.1: a home area in good order */
#define HOME_HALF    250       /* ... with a fortress space lost or ravaged */
#define SP_MAX       99        /* SPs of one type in one space (scenario.txt's limit) */

/* What one SP costs: research proposal after the Victory Games edition
 * (RULES.md 7.2). */
static const struct {
	const char *word;
	int cost;
} sp_kind[PELO_SP_TYPES] = {
	[PELO_HOPLITE]  = { "hoplite", 100 },
	[PELO_CAVALRY]  = { "cavalry", 200 },
	[PELO_NAVAL_SP] = { "naval", 300 },
};

/*
 * The overseas trade routes of the commercial majors (7.1; house rule
 * after the research proposal, RULES.md 7.1.3).  A route pays while every
 * space of "friendly" is friendly to its owner, at least one of "one_of"
 * is (when it names any), and none of "not_unfriendly" is unfriendly.
 * Spaces are map codes, separated by blanks.
 */
static const struct {
	const char *owner;
	const char *name;
	int talents;
	const char *friendly, *one_of, *not_unfriendly;
} routes[] = {
	{ "ath", "the grain route from the Hellespont", 300, "pir byz", "ses aby", "" },
	{ "cor", "the western route to Corcyra and Sicily", 200, "cor", "", "rhi syr" },
	{ "cor", "the eastern route from Cenchreae", 100, "cen", "", "" },
};

/*
 * A tributary that pays by a rule of its own (7.1.2): while it pays this
 * master, a home area not in good order stops its tribute altogether
 * instead of halving it (RULES.md 7.1.2).
 */
static const struct {
	const char *tributary, *master, *why;
} all_or_nothing[] = {
	{ "mes", "spa", "the helots desert to the enemy" },
};

int pelo_sp_cost(int type)
{
	return type >= 0 && type < PELO_SP_TYPES ? sp_kind[type].cost : 0;
}

const char *pelo_sp_word(int type)
{
	return type >= 0 && type < PELO_SP_TYPES ? sp_kind[type].word : "?";
}

int pelo_area_sound(const struct pelo_map *m, const struct pelo_pos *p, int a, int c, int *bad)
{
	for (int s = 0; s < m->nspaces; s++) {
		if (m->space[s].area != a || !(m->space[s].kinds & PELO_FORTRESS))
			continue;
		if (p->ravaged[s] || pelo_space_relation(m, p, s, c) != PELO_FRIENDLY) {
			if (bad)
				*bad = s;
			return 0;
		}
	}
	return 1;
}

/* 1 if ships unfriendly to c have space x in their zone of influence. */
static int enemy_ships_reach(const struct pelo_map *m, const struct pelo_pos *p, int x, int c)
{
	for (int i = 0; i < p->nforces; i++)
		if (p->force[i].sp[PELO_NAVAL_SP] && pelo_relation(m, p, p->force[i].city, c) == PELO_UNFRIENDLY &&
		    pelo_in_zoi(m, PELO_NAVAL_SP, p->force[i].space, x))
			return 1;
	return 0;
}

/* 1 if the route is open; else 0 with the space that closes it in *bad
 * (PELO_NONE when no space of one_of is friendly): a space it needs that is
 * not friendly, or that unfriendly ships can reach (RULES.md 7.1.3). */
static int route_open(const struct pelo_map *m, const struct pelo_pos *p, int r, int c, int *bad)
{
	const char *s;
	char code[8];
	int any = 0, named = 0;

	*bad = PELO_NONE;
	for (s = routes[r].friendly; pelo_next_code(&s, code);) {
		int x = pelo_space_by_code(m, code);
		if (x == PELO_NONE || pelo_space_relation(m, p, x, c) != PELO_FRIENDLY || enemy_ships_reach(m, p, x, c))
			return *bad = x, 0;
	}
	for (s = routes[r].not_unfriendly; pelo_next_code(&s, code);) {
		int x = pelo_space_by_code(m, code);
		if (x == PELO_NONE || pelo_space_relation(m, p, x, c) == PELO_UNFRIENDLY)
			return *bad = x, 0;
	}
	for (s = routes[r].one_of; pelo_next_code(&s, code); named++) {
		int x = pelo_space_by_code(m, code);
		any |= x != PELO_NONE && pelo_space_relation(m, p, x, c) == PELO_FRIENDLY &&
		       !enemy_ships_reach(m, p, x, c);
	}
	return !named || any;
}

/* What tributary t pays its master c, told to out (may be NULL). */
static int tribute_of(const struct pelo_map *m, const struct pelo_scenario *sc, const struct pelo_pos *p,
                      int t, int c, struct pelo_facts *out)
{
	int home = m->city[t].home, rate = sc->tribute[t], bad = PELO_NONE, pay;
	const char *special = NULL;

	for (size_t i = 0; i < sizeof all_or_nothing / sizeof all_or_nothing[0]; i++)
		if (t == pelo_city_by_code(m, all_or_nothing[i].tributary) &&
		    c == pelo_city_by_code(m, all_or_nothing[i].master))
			special = all_or_nothing[i].why;
	if (home == PELO_NONE)
		return 0;
	if (p->rebellion[home]) {
		pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_TRIBUTE_REBELLION, .city = t });
		return 0;
	}
	if (pelo_area_sound(m, p, m->space[home].area, c, &bad))
		pay = rate;
	else
		pay = special ? 0 : rate / 2;
	if (!out)
		return pay;
	pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_TRIBUTE, .city = t, .other = c, .space = bad,
	                                    .n = { pay, rate, bad != PELO_NONE && p->ravaged[bad] },
	                                    .text = special });
	return pay;
}

/* Major c's revenue this phase, told item by item to out (may be NULL). */
static int revenue_of(const struct pelo_map *m, const struct pelo_scenario *sc, const struct pelo_pos *p,
                      int c, struct pelo_facts *out)
{
	int home = m->city[c].home, bad = PELO_NONE, total;
	enum pelo_route_closed closed;

	if (!pelo_major_active(m, p, c)) {
		pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_REVENUE_NONE, .city = c });
		return 0;
	}
	pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_REVENUE_OF, .city = c });
	if (home == PELO_NONE)
		return 0;
	total = pelo_area_sound(m, p, m->space[home].area, c, &bad) ? HOME_FULL : HOME_HALF;
	pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_REVENUE_HOME, .city = c, .space = bad,
	                                    .n = { total, m->space[home].area, total == HOME_FULL,
	                                           bad != PELO_NONE && p->ravaged[bad] } });
	for (int t = 0; t < m->ncities; t++)
		if (m->city[t].class == PELO_MINOR && p->status[t].box == PELO_BOX_TRIBUTARY &&
		    p->status[t].of == c)
			total += tribute_of(m, sc, p, t, c, out);
	for (size_t r = 0; r < sizeof routes / sizeof routes[0]; r++) {
		if (pelo_city_by_code(m, routes[r].owner) != c)
			continue;
		int open = route_open(m, p, (int)r, c, &bad);
		total += open ? routes[r].talents : 0;
		if (!out)
			continue;
		if (open)
			closed = PELO_ROUTE_OPEN;
		else if (bad == PELO_NONE)
			closed = PELO_ROUTE_NO_LANDING;
		else
			closed = (enum pelo_route_closed[]){ [PELO_FRIENDLY] = PELO_ROUTE_ENEMY_SHIPS,
			                                     [PELO_NEUTRAL] = PELO_ROUTE_NOT_FRIENDLY,
			                                     [PELO_UNFRIENDLY] = PELO_ROUTE_UNFRIENDLY }
			         [pelo_space_relation(m, p, bad, c)];
		pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_ROUTE, .city = c, .space = bad, .text = routes[r].name,
		                                    .n = { open ? routes[r].talents : 0, closed } });
	}
	pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_REVENUE, .city = c,
	                                    .n = { total, p->treasury[c] + total } });
	return total;
}

void pelo_revenue(const struct pelo_map *m, const struct pelo_scenario *sc, const struct pelo_pos *p,
                int revenue[PELO_MAX_CITIES], struct pelo_facts *out)
{
	for (int c = 0; c < PELO_MAX_CITIES; c++)
		revenue[c] = 0;
	for (int k = 0; k < m->nmajors; k++) {
		int c = m->major[k];
		revenue[c] = revenue_of(m, sc, p, c, out);
	}
}

/* The SPs of type t that c has in space s. */
static int sp_in(const struct pelo_pos *p, int c, int s, int t)
{
	for (int i = 0; i < p->nforces; i++)
		if (p->force[i].city == c && p->force[i].space == s)
			return p->force[i].sp[t];
	return 0;
}

/* Where c's new SPs of type t are placed: the port for ships, else home. */
static int build_space(const struct pelo_map *m, int c, int t)
{
	return t == PELO_NAVAL_SP ? m->city[c].port : m->city[c].home;
}

const char *pelo_build_why_not(const struct pelo_map *m, const struct pelo_pos *p, int c,
                             const int revenue[PELO_MAX_CITIES], const struct pelo_build *b,
                             int already_spent, char why[PELO_WHY_MAX])
{
	int cost, at, left;

	if (c < 0 || c >= m->ncities || m->city[c].class != PELO_MAJOR) {
		snprintf(why, PELO_WHY_MAX, "only a major city-state builds SPs");
		return why;
	}
	if (!pelo_major_active(m, p, c)) {
		snprintf(why, PELO_WHY_MAX, "%s has surrendered", pelo_city_name(m, c));
		return why;
	}
	if (b->type < 0 || b->type >= PELO_SP_TYPES || b->n < 1) {
		snprintf(why, PELO_WHY_MAX, "a build is one or more hoplite, cavalry or naval SPs");
		return why;
	}
	at = build_space(m, c, b->type);
	if (at == PELO_NONE) {
		/* seed 000: without a port a city-state builds no ships */
		snprintf(why, PELO_WHY_MAX, "%s has no port, so it cannot build ships", pelo_city_name(m, c));
		return why;
	}
	if (pelo_space_relation(m, p, at, c) != PELO_FRIENDLY) {
		snprintf(why, PELO_WHY_MAX, "%s, where they would be raised, is not friendly to %s",
		         m->space[at].name, pelo_city_name(m, c));
		return why;
	}
	cost = b->n * sp_kind[b->type].cost;
	if (already_spent + cost > PELO_BUILD_CAP) {
		snprintf(why, PELO_WHY_MAX, "it would spend %d talents on SPs this turn; the most is %d",
		         already_spent + cost, PELO_BUILD_CAP);
		return why;
	}
	left = p->treasury[c] + (revenue ? revenue[c] : 0) - already_spent;
	if (cost > left) {
		snprintf(why, PELO_WHY_MAX, "it costs %d talents and %s has %d left", cost, pelo_city_name(m, c), left);
		return why;
	}
	if (sp_in(p, c, at, b->type) + b->n > SP_MAX) {
		snprintf(why, PELO_WHY_MAX, "%s would hold more than %d %s SPs", m->space[at].name, SP_MAX,
		         sp_kind[b->type].word);
		return why;
	}
	return NULL;
}

/* Add n SPs of type t for c in space s (pelo_build_why_not has checked the
 * numbers); 0, or -1 when the table of forces is full. */
static int add_sp(struct pelo_pos *p, int c, int s, int t, int n)
{
	struct pelo_force *f = pelo_force_at(p, c, s);

	if (!f)
		return -1;
	f->sp[t] = (int8_t)(f->sp[t] + n);
	return 0;
}

/* Carry out major c's builds in order, telling each. */
static void build_all(const struct pelo_map *m, struct pelo_pos *p, int c, const struct pelo_build *list,
                      int n, struct pelo_facts *out)
{
	static const int no_revenue[PELO_MAX_CITIES];   /* it is in the treasury already */
	char why[PELO_WHY_MAX];
	int spent = 0;

	for (int i = 0; i < n; i++) {
		const struct pelo_build *b = &list[i];
		const char *no = pelo_build_why_not(m, p, c, no_revenue, b, spent, why);
		int at = no ? PELO_NONE : build_space(m, c, b->type);

		if (!no && add_sp(p, c, at, b->type, b->n))
			no = "there is no room for another force on the board";
		pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_BUILD, .city = c, .space = at, .text = no,
		                                    .n = { b->n, b->type, b->n * sp_kind[b->type].cost } });
		if (no)
			continue;
		spent += b->n * sp_kind[b->type].cost;
	}
	p->treasury[c] -= spent;
	if (spent)
		pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_SPENDS, .city = c,
		                                    .n = { spent, p->treasury[c] } });
}

void pelo_economic(const struct pelo_map *m, const struct pelo_scenario *sc, struct pelo_pos *p,
                 const struct pelo_build builds[PELO_MAX_CITIES][PELO_MAX_BUILDS],
                 const int nbuilds[PELO_MAX_CITIES], struct chance_stream *dice,
                 struct pelo_facts *out)
{
	int revenue[PELO_MAX_CITIES], any = 0, winner, won;

	assert(m && sc && p);
	(void)dice;
	pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_ECONOMIC_REVENUE });
	pelo_revenue(m, sc, p, revenue, NULL);
	for (int k = 0; k < m->nmajors; k++) {
		int c = m->major[k];
		if (!pelo_major_active(m, p, c))
			continue;
		p->treasury[c] += revenue[c];
		pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_RECEIVES, .city = c,
		                                    .n = { revenue[c], p->treasury[c] } });
	}
	pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_BUILDS });
	for (int k = 0; k < m->nmajors; k++) {
		int c = m->major[k], n = nbuilds ? nbuilds[c] : 0;
		if (n > PELO_MAX_BUILDS)
			n = PELO_MAX_BUILDS;
		if (n > 0 && builds)
			build_all(m, p, c, builds[c], n, out);
		any |= n > 0;
	}
	if (!any)
		pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_NOBODY_BUILDS });
	for (int s = 0; s < m->nspaces; s++) {
		if (!p->ravaged[s])
			continue;
		p->ravaged[s] = 0;
		pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_RECOVER, .space = s });
	}
	/* a new turn: nobody has entered anything yet; a fallen general's
	 * city has elected another (RULES.md 8.1) */
	memset(p->entered, 0, sizeof p->entered);
	for (int l = 0; l < sc->nleaders; l++)
		if (sc->leader[l].generic && p->leader_dead[l]) {
			p->leader_dead[l] = 0;
			pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_NEW_GENERAL, .city = sc->leader[l].city,
			                                    .leader = l });
		}
	won = pelo_victory_check(m, p, PELO_PH_ECONOMIC, &winner, out);
	if (!won && p->turn < sc->turns) {
		p->turn++;
		p->phase = PELO_PH_DIPLOMATIC;
		pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_TURN_BEGINS,
		                                    .n = { p->turn, sc->start_year - (p->turn - 1) * sc->years_per_turn } });
		return;
	}
	if (!won) {
		pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_LAST_TURN, .n = { p->turn } });
		winner = pelo_score_winner(m, p, out);
	}
	p->phase = PELO_PH_OVER;
	p->winner = (int8_t)winner;
	pelo_standing(m, p, out);
}
