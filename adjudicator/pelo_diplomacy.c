/*
 * pelo_diplomacy.c - the diplomatic phase (chapter 2, seed 000): each
 * action's conditions and effects, and the rounds the majors take them in.
 *
 * By mail the phase cannot be played a turn at a time, so each major
 * sends its plan, an ordered list of actions, and the Judge plays the
 * rounds from the plans at the deadline (RULES.md 2.4).  An action whose
 * conditions do not hold when the major's turn comes waits in the plan
 * for a later turn, so a plan can say "join Sparta's coalition" before
 * Sparta has claimed dominance; that is what makes a plan of several
 * steps work without a language of conditions.  One table gives each
 * action its rule (its words are variants/pelo_report.c's); the checks
 * are one function per action so
 * that each reads as the rule book's paragraph.  The scenario's special
 * actions (RULES.md 2.5) are one more row: the scenario file says who may
 * take which and on whom, and a second table here gives each effect its
 * conditions and consequences, so a new scenario's action is data unless
 * its effect is new.
 */
#include <assert.h>
#include <stdio.h>
#include <string.h>

#include "adjudicator/pelo_ops.h"

int pelo_die(struct chance_stream *dice)
{
	return 1 + chance_below(dice, 6);
}

static int is_major(const struct pelo_map *m, int c)
{
	return c >= 0 && c < m->ncities && m->city[c].class == PELO_MAJOR;
}

static int is_minor(const struct pelo_map *m, int c)
{
	return c >= 0 && c < m->ncities && m->city[c].class == PELO_MINOR;
}

static void lose_bellicosity(struct pelo_pos *p, int c, int n)
{
	p->bellicosity[c] = p->bellicosity[c] > n ? p->bellicosity[c] - n : 0;
}

/* ---- the conditions, one per action; each returns NULL or why not ---- */

/* What a condition gets: the consent the majors gave, the scenario (its
 * special actions), the round being played, and room for the reason it
 * fails. */
struct cond {
	const struct pelo_consent *consent;
	const struct pelo_scenario *sc;
	int round;
	char why[PELO_WHY_MAX];
};

static const char *no_claim(const struct pelo_map *m, const struct pelo_pos *p, int c, int t, struct cond *k)
{
	(void)t;
	switch (p->status[c].box) {
	case PELO_BOX_DOMINANT:
		return "it is dominant already";
	case PELO_BOX_PARTNER:
		snprintf(k->why, sizeof k->why, "it is a junior partner of %s: it must leave the coalition first",
		         pelo_city_name(m, p->status[c].of));
		return k->why;
	}
	return NULL;
}

static const char *no_relinquish(const struct pelo_map *m, const struct pelo_pos *p, int c, int t, struct cond *k)
{
	(void)m, (void)t, (void)k;
	return p->status[c].box == PELO_BOX_DOMINANT ? NULL : "it is not dominant";
}

static const char *no_join(const struct pelo_map *m, const struct pelo_pos *p, int c, int t, struct cond *k)
{
	int box = p->status[c].box;

	if (!is_major(m, t) || t == c)
		return "only another major city-state leads a coalition";
	if (p->status[t].box != PELO_BOX_DOMINANT) {
		snprintf(k->why, sizeof k->why, "%s is not dominant", pelo_city_name(m, t));
		return k->why;
	}
	if (box == PELO_BOX_DOMINANT)
		return "it is dominant: it must relinquish dominance first";
	if (box == PELO_BOX_PARTNER) {
		snprintf(k->why, sizeof k->why, "it is already in %s's coalition", pelo_city_name(m, p->status[c].of));
		return k->why;
	}
	if (!k->consent || !k->consent->admit[t][c]) {
		snprintf(k->why, sizeof k->why, "%s has not agreed to admit it (%s's standing order ADMIT %s)",
		         pelo_city_name(m, t), pelo_city_name(m, t), pelo_city_name(m, c));
		return k->why;
	}
	return NULL;
}

static const char *no_leave(const struct pelo_map *m, const struct pelo_pos *p, int c, int t, struct cond *k)
{
	(void)m, (void)t, (void)k;
	return p->status[c].box == PELO_BOX_PARTNER ? NULL : "it is in no coalition";
}

static const char *treaty_binds(const struct pelo_map *m, const struct pelo_pos *p, int c, int t, struct cond *k)
{
	if (!pelo_treaty_between(p, c, t))
		return NULL;
	snprintf(k->why, sizeof k->why, "a peace treaty binds it to %s: it must break the peace first",
	         pelo_city_name(m, t));
	return k->why;
}

static const char *no_war(const struct pelo_map *m, const struct pelo_pos *p, int c, int t, struct cond *k)
{
	const struct pelo_status *st = &p->status[t];

	if (t == c || !(is_major(m, t) || is_minor(m, t)))
		return "war is declared on another city-state (the kingdoms follow their own rules)";
	if (is_minor(m, t)) {
		if (st->box != PELO_BOX_NEUTRAL && !(st->box == PELO_BOX_ALLY && st->of == c)) {
			snprintf(k->why, sizeof k->why, "%s is neither neutral nor its own ally", pelo_city_name(m, t));
			return k->why;
		}
		return treaty_binds(m, p, c, t, k);
	}
	if (p->status[c].box != PELO_BOX_DOMINANT)
		return "only a dominant city-state may go to war with a major city-state";
	if (st->box != PELO_BOX_NEUTRAL) {
		snprintf(k->why, sizeof k->why, "%s is not a neutral independent city-state", pelo_city_name(m, t));
		return k->why;
	}
	return treaty_binds(m, p, c, t, k);
}

static const char *no_ally(const struct pelo_map *m, const struct pelo_pos *p, int c, int t, struct cond *k)
{
	const struct pelo_status *st = &p->status[t];

	if (!is_minor(m, t))
		return "only a minor city-state can be taken as an ally";
	if (st->box != PELO_BOX_ENEMY || st->of == PELO_NONE || st->of == c) {
		snprintf(k->why, sizeof k->why, "%s is not in another major's Enemies box", pelo_city_name(m, t));
		return k->why;
	}
	if (p->status[c].box == PELO_BOX_PARTNER)
		return "a junior coalition partner may not intervene";
	if (pelo_relation(m, p, c, st->of) != PELO_UNFRIENDLY) {
		snprintf(k->why, sizeof k->why, "it is not unfriendly to %s, whose enemy %s is",
		         pelo_city_name(m, st->of), pelo_city_name(m, t));
		return k->why;
	}
	return NULL;
}

/* The step after a war on a minor (seed 000: war on one's own ally "to
 * reduce its ally to tributary status"), taken as Athens took Samos and
 * Mytilene: once the city itself is in the victor's hands (RULES.md 2.5). */
static const char *no_tribute(const struct pelo_map *m, const struct pelo_pos *p, int c, int t, struct cond *k)
{
	const struct pelo_status *st = &p->status[t];
	int home = is_minor(m, t) ? m->city[t].home : PELO_NONE;

	if (home == PELO_NONE)
		return "only a minor city-state with a home space pays tribute";
	if (st->box != PELO_BOX_ENEMY || st->of != c) {
		snprintf(k->why, sizeof k->why, "%s is not in the Enemies box of %s: declare war on it first",
		         pelo_city_name(m, t), pelo_city_name(m, c));
		return k->why;
	}
	if (pelo_space_relation(m, p, home, c) != PELO_FRIENDLY) {
		snprintf(k->why, sizeof k->why, "%s, the home of %s, is not friendly to %s: take it first",
		         m->space[home].name, pelo_city_name(m, t), pelo_city_name(m, c));
		return k->why;
	}
	return NULL;
}

static const char *no_break(const struct pelo_map *m, const struct pelo_pos *p, int c, int t, struct cond *k)
{
	if (pelo_treaty_between(p, c, t))
		return NULL;
	snprintf(k->why, sizeof k->why, "it has no peace treaty with %s", pelo_city_name(m, t));
	return k->why;
}

/* ---- the effects ---- */

static void take_claim(const struct pelo_map *m, const struct pelo_scenario *sc, struct pelo_pos *p,
                       int c, int t, struct chance_stream *d, struct pelo_facts *out)
{
	(void)sc, (void)m, (void)t, (void)d, (void)out;
	pelo_set_box(p, c, PELO_BOX_DOMINANT, PELO_NONE);
}

static void take_relinquish(const struct pelo_map *m, const struct pelo_scenario *sc, struct pelo_pos *p,
                            int c, int t, struct chance_stream *d, struct pelo_facts *out)
{
	(void)sc, (void)t, (void)d;
	for (int x = 0; x < m->ncities; x++) {
		const struct pelo_status *st = &p->status[x];
		if (x == c || st->of != c)
			continue;
		/* tributaries, partners and majors at war go; free allies stay */
		if (st->box == PELO_BOX_TRIBUTARY || st->box == PELO_BOX_PARTNER || st->box == PELO_BOX_AT_WAR) {
			pelo_set_box(p, x, PELO_BOX_NEUTRAL, PELO_NONE);
			pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_NEUTRAL, .city = x });
		}
	}
	pelo_set_box(p, c, PELO_BOX_NEUTRAL, PELO_NONE);
	lose_bellicosity(p, c, 2);
	pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_RELINQUISHED, .city = c,
	                                    .n = { p->bellicosity[c] } });
}

static void take_join(const struct pelo_map *m, const struct pelo_scenario *sc, struct pelo_pos *p,
                      int c, int t, struct chance_stream *d, struct pelo_facts *out)
{
	(void)sc, (void)m, (void)d;
	pelo_set_box(p, c, PELO_BOX_PARTNER, t);
	/* a standing permission is private until used: now it is told */
	pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_ADMITTED, .city = c, .other = t });
}

static void take_leave(const struct pelo_map *m, const struct pelo_scenario *sc, struct pelo_pos *p,
                       int c, int t, struct chance_stream *d, struct pelo_facts *out)
{
	(void)sc, (void)m, (void)t, (void)d, (void)out;
	pelo_set_box(p, c, PELO_BOX_NEUTRAL, PELO_NONE);
}

static void take_war(const struct pelo_map *m, const struct pelo_scenario *sc, struct pelo_pos *p,
                     int c, int t, struct chance_stream *d, struct pelo_facts *out)
{
	(void)sc, (void)d, (void)out;
	pelo_set_box(p, t, is_major(m, t) ? PELO_BOX_AT_WAR : PELO_BOX_ENEMY, c);
}

static void take_ally(const struct pelo_map *m, const struct pelo_scenario *sc, struct pelo_pos *p,
                      int c, int t, struct chance_stream *d, struct pelo_facts *out)
{
	(void)sc, (void)m, (void)d, (void)out;
	pelo_set_box(p, t, PELO_BOX_ALLY, c);
}

static void take_tribute(const struct pelo_map *m, const struct pelo_scenario *sc, struct pelo_pos *p,
                         int c, int t, struct chance_stream *d, struct pelo_facts *out)
{
	(void)sc, (void)d, (void)out;
	pelo_set_box(p, t, PELO_BOX_TRIBUTARY, c);
	/* a tributary holds its own city, as the scenario's do (seed 000:
	 * its forces begin and end the turn there); the master holds it only
	 * through its side (RULES.md 2.5, 9) */
	p->control[m->city[t].home] = (int8_t)t;
}

static void take_break(const struct pelo_map *m, const struct pelo_scenario *sc, struct pelo_pos *p,
                       int c, int t, struct chance_stream *d, struct pelo_facts *out)
{
	(void)sc, (void)m;
	const struct pelo_treaty *tr = pelo_treaty_between(p, c, t);
	int lasted = p->turn - tr->turn, roll = pelo_die(d);

	if (roll < lasted) {
		int i = (int)(tr - p->treaty);
		p->treaty[i] = p->treaty[--p->ntreaties];
	} else if (roll > lasted) {
		lose_bellicosity(p, c, 1);
	}
	pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_BREAK, .city = c, .other = t,
	                                    .n = { roll, lasted, p->bellicosity[c] } });
}

/* ---- the scenario's special actions (RULES.md 2.5) ---- */

/* 1 if city x's home is outside area a: Persia and the Odrysians, with no
 * home space, are outside every area. */
static int from_outside(const struct pelo_map *m, int x, int a)
{
	return m->city[x].home == PELO_NONE || m->space[m->city[x].home].area != a;
}

/* Athens and Argos: the minor is neutral and sympathetic to the major. */
static const char *no_special_ally(const struct pelo_map *m, const struct pelo_pos *p, int c,
                                   const struct pelo_special_action *sa, struct cond *k)
{
	const struct pelo_status *st = &p->status[sa->minor];

	if (st->box != PELO_BOX_NEUTRAL || st->sympathetic != c) {
		snprintf(k->why, sizeof k->why, "%s is not neutral and sympathetic to %s",
		         pelo_city_name(m, sa->minor), pelo_city_name(m, c));
		return k->why;
	}
	return NULL;
}

/* Gela: the minor is at war with nobody, so a peace among the Sicilians is
 * its to offer (a minor in an Enemies box, or on a side at war, is not). */
static const char *no_special_congress(const struct pelo_map *m, const struct pelo_pos *p, int c,
                                       const struct pelo_special_action *sa, struct cond *k)
{
	if (p->status[sa->minor].sympathetic != c) {
		snprintf(k->why, sizeof k->why, "%s is not sympathetic to %s", pelo_city_name(m, sa->minor),
		         pelo_city_name(m, c));
		return k->why;
	}
	for (int x = 0; x < m->ncities; x++)
		if (x != sa->minor && pelo_relation(m, p, sa->minor, x) == PELO_UNFRIENDLY) {
			snprintf(k->why, sizeof k->why, "%s is at war with %s", pelo_city_name(m, sa->minor), pelo_city_name(m, x));
			return k->why;
		}
	return NULL;
}

static void take_special_ally(const struct pelo_map *m, const struct pelo_scenario *sc,
                              struct pelo_pos *p, int c, const struct pelo_special_action *sa,
                              struct pelo_facts *out)
{
	(void)sc, (void)m;
	pelo_set_box(p, sa->minor, PELO_BOX_ALLY, c);
	pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_SPECIAL_ALLY, .city = sa->minor, .other = c });
}

/* The major that answers for city x at a peace: x itself if a major, the
 * master of an ally or tributary, else nobody. */
static int answers_for(const struct pelo_map *m, const struct pelo_pos *p, int x)
{
	const struct pelo_status *st = &p->status[x];

	if (m->city[x].class == PELO_MAJOR)
		return x;
	return st->box == PELO_BOX_ALLY || st->box == PELO_BOX_TRIBUTARY ? st->of : PELO_NONE;
}

/* Every force and garrison of a city-state from outside the minor's area
 * that stands in it goes home, as in a returning operation: its SPs to
 * their home (ships to the port) when that is friendly to them, else off
 * the map, and its garrison off the map.  The spaces of the area that outsiders held
 * become the minor's, without the rebellion markers raised against them;
 * the minor makes peace with each major whose forces, or whose allies' and
 * tributaries' forces, left or whose spaces it took. */
static void take_special_congress(const struct pelo_map *m, const struct pelo_scenario *sc,
                                  struct pelo_pos *p, int c, const struct pelo_special_action *sa,
                                  struct pelo_facts *out)
{
	int y = sa->minor, area = m->space[m->city[y].home].area, any = 0, nmoves = 0;
	uint8_t party[PELO_MAX_CITIES] = { 0 };
	struct move { int8_t city, to, type, n; } moves[PELO_MAX_FORCES * PELO_SP_TYPES];

	(void)sc, (void)c;
	for (int i = 0; i < p->nforces; i++) {
		struct pelo_force *f = &p->force[i];
		if (m->space[f->space].area != area || !from_outside(m, f->city, area))
			continue;
		pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_WITHDRAWS, .city = f->city,
		                                    .space = f->space,
		                                    .n = { f->sp[0], f->sp[1], f->sp[2], f->garrison } });
		for (int t = 0; t < PELO_SP_TYPES; t++) {
			int home = t == PELO_NAVAL_SP && m->city[f->city].port != PELO_NONE ? m->city[f->city].port
			           : m->city[f->city].home;
			if (!f->sp[t])
				continue;
			if (home != PELO_NONE && pelo_space_relation(m, p, home, f->city) == PELO_FRIENDLY) {
				moves[nmoves++] = (struct move){ f->city, (int8_t)home, (int8_t)t, f->sp[t] };
				pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_GO_HOME, .city = f->city,
				                                    .space = home, .n = { f->sp[t], t } });
			}
			f->sp[t] = 0;
		}
		f->garrison = 0;
		int who = answers_for(m, p, f->city);
		if (who != PELO_NONE)
			party[who] = 1;
		any = 1;
	}
	for (int k = 0; k < nmoves; k++) {
		struct pelo_force *to = pelo_force_at(p, moves[k].city, moves[k].to);
		if (to)
			to->sp[(int)moves[k].type] = (int8_t)(to->sp[(int)moves[k].type] + moves[k].n);
	}
	pelo_drop_empty_forces(p);
	for (int s = 0; s < m->nspaces; s++) {
		int h = p->control[s];
		if (m->space[s].area != area || h == PELO_NONE || h == y || !from_outside(m, h, area))
			continue;
		p->control[s] = (int8_t)y;
		p->rebellion[s] = 0;
		pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_PASSES_TO, .space = s, .city = h,
		                                    .other = y });
		int who = answers_for(m, p, h);
		if (who != PELO_NONE)
			party[who] = 1;
		any = 1;
	}
	for (int x = 0; x < m->ncities; x++) {
		if (!party[x] || pelo_treaty_between(p, y, x))
			continue;
		if (p->ntreaties == PELO_MAX_TREATIES) {
			pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_CONGRESS_FULL, .city = y,
			                                    .other = x });
			continue;
		}
		p->treaty[p->ntreaties++] = (struct pelo_treaty){ (int8_t)y, (int8_t)x, (int8_t)p->turn };
		pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_CONGRESS_PEACE, .city = y, .other = x });
	}
	if (!any)
		pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_CONGRESS_NONE, .n = { area } });
}

/* What each effect of enum pelo_special_effect requires and does. */
static const struct {
	const char *(*why_not)(const struct pelo_map *, const struct pelo_pos *, int,
	                       const struct pelo_special_action *, struct cond *);
	void (*take)(const struct pelo_map *, const struct pelo_scenario *, struct pelo_pos *, int,
	             const struct pelo_special_action *, struct pelo_facts *);
} effects[PELO_SX_EFFECTS] = {
	[PELO_SX_ALLY]     = { no_special_ally, take_special_ally },
	[PELO_SX_CONGRESS] = { no_special_congress, take_special_congress },
};

/* What every special action requires (once a game, round 1, its major),
 * then its effect's own conditions. */
static const char *no_special(const struct pelo_map *m, const struct pelo_pos *p, int c, int t, struct cond *k)
{
	const struct pelo_special_action *sa;

	if (!k->sc || t < 0 || t >= k->sc->nactions)
		return "the scenario has no such special action";
	sa = &k->sc->action[t];
	if (p->special_used[t]) {
		snprintf(k->why, sizeof k->why, "%s has been used already (once a game)", sa->name);
		return k->why;
	}
	if (sa->major != c) {
		snprintf(k->why, sizeof k->why, "only %s may take %s", pelo_city_name(m, sa->major), sa->name);
		return k->why;
	}
	if (k->round != 1)
		return "special actions are taken in the first round of the phase only";
	return effects[sa->effect].why_not(m, p, c, sa, k);
}

static void take_special(const struct pelo_map *m, const struct pelo_scenario *sc, struct pelo_pos *p,
                         int c, int t, struct chance_stream *d, struct pelo_facts *out)
{
	(void)d;
	p->special_used[t] = 1;
	effects[sc->action[t].effect].take(m, sc, p, c, &sc->action[t], out);
}

/* ---- the table ---- */

static const struct {
	int target;            /* the action names a city-state */
	const char *(*why_not)(const struct pelo_map *, const struct pelo_pos *, int, int,
	                       struct cond *);
	void (*take)(const struct pelo_map *, const struct pelo_scenario *, struct pelo_pos *, int, int,
	             struct chance_stream *, struct pelo_facts *);
} actions[PELO_ACT_KINDS] = {
	[PELO_ACT_PASS]       = { 0, NULL, NULL },
	[PELO_ACT_CLAIM]      = { 0, no_claim, take_claim },
	[PELO_ACT_RELINQUISH] = { 0, no_relinquish, take_relinquish },
	[PELO_ACT_JOIN]       = { 1, no_join, take_join },
	[PELO_ACT_LEAVE]      = { 0, no_leave, take_leave },
	[PELO_ACT_WAR]        = { 1, no_war, take_war },
	[PELO_ACT_ALLY]       = { 1, no_ally, take_ally },
	[PELO_ACT_BREAK]      = { 1, no_break, take_break },
	/* target is an index of sc->action, not a city-state */
	[PELO_ACT_SPECIAL]    = { 0, no_special, take_special },
	[PELO_ACT_TRIBUTE]    = { 1, no_tribute, take_tribute },
};

int pelo_action_names_city(int kind)
{
	return kind >= 0 && kind < PELO_ACT_KINDS && actions[kind].target;
}

const char *pelo_action_why_not(const struct pelo_map *m, const struct pelo_scenario *sc,
                              const struct pelo_pos *p, int c, const struct pelo_action *a,
                              const struct pelo_consent *consent, int round, char why[PELO_WHY_MAX])
{
	struct cond k = { consent, sc, round, "" };
	const char *no;

	if (!pelo_major_active(m, p, c))
		no = "only a major city-state that has not surrendered takes diplomatic actions";
	else if (a->kind < 0 || a->kind >= PELO_ACT_KINDS)
		no = "no such action";
	else if (!actions[a->kind].why_not)
		return NULL;
	else if (actions[a->kind].target && (a->target < 0 || a->target >= m->ncities))
		no = "it names no city-state";
	else if (!(no = actions[a->kind].why_not(m, p, c, a->target, &k)))
		return NULL;
	snprintf(why, PELO_WHY_MAX, "%s", no);
	return why;
}

void pelo_action_take(const struct pelo_map *m, const struct pelo_scenario *sc, struct pelo_pos *p, int c,
                    const struct pelo_action *a, struct chance_stream *dice, struct pelo_facts *out)
{
	assert(a->kind >= 0 && a->kind < PELO_ACT_KINDS);
	if (actions[a->kind].take)
		actions[a->kind].take(m, sc, p, c, a->target, dice, out);
}

int pelo_diplomacy(const struct pelo_map *m, const struct pelo_scenario *sc, struct pelo_pos *p,
                 const struct pelo_plan *plan, const struct pelo_consent *consent,
                 struct chance_stream *dice, struct pelo_facts *out)
{
	uint8_t used[PELO_MAX_CITIES][PELO_MAX_PLAN];
	char why[PELO_WHY_MAX];
	int active = 0, passes = 0, taken = 0, round;

	assert(m && sc && p && plan);
	memset(used, 0, sizeof used);
	for (int k = 0; k < m->nmajors; k++)
		active += pelo_major_active(m, p, m->major[k]);
	/* every turn of a major either uses up an item of its plan or is a
	 * pass; a full round of passes ends the phase, so it ends */
	for (round = 1; active && passes < active; round++) {
		pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_ROUND, .n = { round } });
		for (int k = 0; k < m->nmajors && passes < active; k++) {
			int c = m->major[k], pick = -1;
			const struct pelo_plan *pl = &plan[c];

			if (!pelo_major_active(m, p, c))
				continue;
			for (int i = 0; i < pl->n && pick < 0; i++)
				if (!used[c][i] && (pl->act[i].kind == PELO_ACT_PASS ||
				                    !pelo_action_why_not(m, sc, p, c, &pl->act[i], consent, round, why)))
					pick = i;
			if (pick >= 0)
				used[c][pick] = 1;
			if (pick < 0 || pl->act[pick].kind == PELO_ACT_PASS) {
				pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_PASSES, .city = c });
				passes++;
				continue;
			}
			pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_ACTION, .city = c,
			                                    .act = &pl->act[pick] });
			pelo_action_take(m, sc, p, c, &pl->act[pick], dice, out);
			passes = 0;
			taken++;
		}
	}
	pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_ALL_PASSED });
	for (int k = 0; k < m->nmajors; k++) {
		int c = m->major[k];
		for (int i = 0; i < plan[c].n; i++) {
			if (used[c][i] || plan[c].act[i].kind == PELO_ACT_PASS)
				continue;
			/* the reason as of round 1 first; an action that round 1
			 * would allow now is a special action whose round is past */
			const char *no = pelo_action_why_not(m, sc, p, c, &plan[c].act[i], consent, 1, why);
			if (!no)
				no = pelo_action_why_not(m, sc, p, c, &plan[c].act[i], consent, round, why);
			/* no reason: allowed now, but every major passed before its
			 * turn came */
			pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_ACTION_NOT_TAKEN, .city = c,
			                                    .act = &plan[c].act[i], .text = no });
		}
	}
	return taken;
}
