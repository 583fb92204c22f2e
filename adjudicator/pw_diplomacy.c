/*
 * pw_diplomacy.c - the diplomatic phase (chapter 2, seed 000): each
 * action's conditions and effects, and the rounds the majors take them in.
 *
 * By mail the phase cannot be played a turn at a time, so each major
 * sends its plan, an ordered list of actions, and the Judge plays the
 * rounds from the plans at the deadline (RULES.md 2.4).  An action whose
 * conditions do not hold when the major's turn comes waits in the plan
 * for a later turn, so a plan can say "join Sparta's coalition" before
 * Sparta has claimed dominance; that is what makes a plan of several
 * steps work without a language of conditions.  One table gives each
 * action's words and its rule; the checks are one function per action so
 * that each reads as the rule book's paragraph.  The scenario's special
 * actions (RULES.md 2.5) are one more row: the scenario file says who may
 * take which and on whom, and a second table here gives each effect its
 * conditions and consequences, so a new scenario's action is data unless
 * its effect is new.
 */
#include <stdio.h>
#include <string.h>

#include "adjudicator/pw_ops.h"

int pw_die(struct chance_stream *dice)
{
	return 1 + chance_below(dice, 6);
}

static int is_major(const struct pw_map *m, int c)
{
	return c >= 0 && c < m->ncities && m->city[c].class == PW_MAJOR;
}

static int is_minor(const struct pw_map *m, int c)
{
	return c >= 0 && c < m->ncities && m->city[c].class == PW_MINOR;
}

static void lose_bellicosity(struct pw_pos *p, int c, int n)
{
	p->bellicosity[c] = p->bellicosity[c] > n ? p->bellicosity[c] - n : 0;
}

/* ---- the conditions, one per action; each returns NULL or why not ---- */

/* What a condition gets: the consent the majors gave, the scenario (its
 * special actions), the round being played, and room for the reason it
 * fails. */
struct cond {
	const struct pw_consent *consent;
	const struct pw_scenario *sc;
	int round;
	char why[PW_WHY_MAX];
};

static const char *no_claim(const struct pw_map *m, const struct pw_pos *p, int c, int t, struct cond *k)
{
	(void)t;
	switch (p->status[c].box) {
	case PW_BOX_DOMINANT:
		return "it is dominant already";
	case PW_BOX_PARTNER:
		snprintf(k->why, sizeof k->why, "it is a junior partner of %s: it must leave the coalition first",
		         pw_city_name(m, p->status[c].of));
		return k->why;
	}
	return NULL;
}

static const char *no_relinquish(const struct pw_map *m, const struct pw_pos *p, int c, int t, struct cond *k)
{
	(void)m, (void)t, (void)k;
	return p->status[c].box == PW_BOX_DOMINANT ? NULL : "it is not dominant";
}

static const char *no_join(const struct pw_map *m, const struct pw_pos *p, int c, int t, struct cond *k)
{
	int box = p->status[c].box;

	if (!is_major(m, t) || t == c)
		return "only another major city-state leads a coalition";
	if (p->status[t].box != PW_BOX_DOMINANT) {
		snprintf(k->why, sizeof k->why, "%s is not dominant", pw_city_name(m, t));
		return k->why;
	}
	if (box == PW_BOX_DOMINANT)
		return "it is dominant: it must relinquish dominance first";
	if (box == PW_BOX_PARTNER) {
		snprintf(k->why, sizeof k->why, "it is already in %s's coalition", pw_city_name(m, p->status[c].of));
		return k->why;
	}
	if (!k->consent || !k->consent->admit[t][c]) {
		snprintf(k->why, sizeof k->why, "%s has not agreed to admit it (%s's standing order ADMIT %s)",
		         pw_city_name(m, t), pw_city_name(m, t), pw_city_name(m, c));
		return k->why;
	}
	return NULL;
}

static const char *no_leave(const struct pw_map *m, const struct pw_pos *p, int c, int t, struct cond *k)
{
	(void)m, (void)t, (void)k;
	return p->status[c].box == PW_BOX_PARTNER ? NULL : "it is in no coalition";
}

static const char *treaty_binds(const struct pw_map *m, const struct pw_pos *p, int c, int t, struct cond *k)
{
	if (!pw_treaty_between(p, c, t))
		return NULL;
	snprintf(k->why, sizeof k->why, "a peace treaty binds it to %s: it must break the peace first",
	         pw_city_name(m, t));
	return k->why;
}

static const char *no_war(const struct pw_map *m, const struct pw_pos *p, int c, int t, struct cond *k)
{
	const struct pw_status *st = &p->status[t];

	if (t == c || !(is_major(m, t) || is_minor(m, t)))
		return "war is declared on another city-state (the kingdoms follow their own rules)";
	if (is_minor(m, t)) {
		if (st->box != PW_BOX_NEUTRAL && !(st->box == PW_BOX_ALLY && st->of == c)) {
			snprintf(k->why, sizeof k->why, "%s is neither neutral nor its own ally", pw_city_name(m, t));
			return k->why;
		}
		return treaty_binds(m, p, c, t, k);
	}
	if (p->status[c].box != PW_BOX_DOMINANT)
		return "only a dominant city-state may go to war with a major city-state";
	if (st->box != PW_BOX_NEUTRAL) {
		snprintf(k->why, sizeof k->why, "%s is not a neutral independent city-state", pw_city_name(m, t));
		return k->why;
	}
	return treaty_binds(m, p, c, t, k);
}

static const char *no_ally(const struct pw_map *m, const struct pw_pos *p, int c, int t, struct cond *k)
{
	const struct pw_status *st = &p->status[t];

	if (!is_minor(m, t))
		return "only a minor city-state can be taken as an ally";
	if (st->box != PW_BOX_ENEMY || st->of == PW_NONE || st->of == c) {
		snprintf(k->why, sizeof k->why, "%s is not in another major's Enemies box", pw_city_name(m, t));
		return k->why;
	}
	if (p->status[c].box == PW_BOX_PARTNER)
		return "a junior coalition partner may not intervene";
	if (pw_relation(m, p, c, st->of) != PW_UNFRIENDLY) {
		snprintf(k->why, sizeof k->why, "it is not unfriendly to %s, whose enemy %s is",
		         pw_city_name(m, st->of), pw_city_name(m, t));
		return k->why;
	}
	return NULL;
}

static const char *no_break(const struct pw_map *m, const struct pw_pos *p, int c, int t, struct cond *k)
{
	if (pw_treaty_between(p, c, t))
		return NULL;
	snprintf(k->why, sizeof k->why, "it has no peace treaty with %s", pw_city_name(m, t));
	return k->why;
}

/* ---- the effects ---- */

static void take_claim(const struct pw_map *m, const struct pw_scenario *sc, struct pw_pos *p,
                       int c, int t, struct chance_stream *d, struct strbuf *out)
{
	(void)sc, (void)m, (void)t, (void)d, (void)out;
	pw_set_box(p, c, PW_BOX_DOMINANT, PW_NONE);
}

static void take_relinquish(const struct pw_map *m, const struct pw_scenario *sc, struct pw_pos *p,
                            int c, int t, struct chance_stream *d, struct strbuf *out)
{
	(void)sc, (void)t, (void)d;
	for (int x = 0; x < m->ncities; x++) {
		const struct pw_status *st = &p->status[x];
		if (x == c || st->of != c)
			continue;
		/* tributaries, partners and majors at war go; free allies stay */
		if (st->box == PW_BOX_TRIBUTARY || st->box == PW_BOX_PARTNER || st->box == PW_BOX_AT_WAR) {
			pw_set_box(p, x, PW_BOX_NEUTRAL, PW_NONE);
			strbuf_addf(out, "      %s is now neutral.\n", pw_city_name(m, x));
		}
	}
	pw_set_box(p, c, PW_BOX_NEUTRAL, PW_NONE);
	lose_bellicosity(p, c, 2);
	strbuf_addf(out, "      %s loses two bellicosity (now %d).\n", pw_city_name(m, c), p->bellicosity[c]);
}

static void take_join(const struct pw_map *m, const struct pw_scenario *sc, struct pw_pos *p,
                      int c, int t, struct chance_stream *d, struct strbuf *out)
{
	(void)sc, (void)d;
	pw_set_box(p, c, PW_BOX_PARTNER, t);
	/* a standing permission is private until used: now it is told */
	strbuf_addf(out, "      %s had agreed to admit %s.\n", pw_city_name(m, t), pw_city_name(m, c));
}

static void take_leave(const struct pw_map *m, const struct pw_scenario *sc, struct pw_pos *p,
                       int c, int t, struct chance_stream *d, struct strbuf *out)
{
	(void)sc, (void)m, (void)t, (void)d, (void)out;
	pw_set_box(p, c, PW_BOX_NEUTRAL, PW_NONE);
}

static void take_war(const struct pw_map *m, const struct pw_scenario *sc, struct pw_pos *p,
                     int c, int t, struct chance_stream *d, struct strbuf *out)
{
	(void)sc, (void)d, (void)out;
	pw_set_box(p, t, is_major(m, t) ? PW_BOX_AT_WAR : PW_BOX_ENEMY, c);
}

static void take_ally(const struct pw_map *m, const struct pw_scenario *sc, struct pw_pos *p,
                      int c, int t, struct chance_stream *d, struct strbuf *out)
{
	(void)sc, (void)m, (void)d, (void)out;
	pw_set_box(p, t, PW_BOX_ALLY, c);
}

static void take_break(const struct pw_map *m, const struct pw_scenario *sc, struct pw_pos *p,
                       int c, int t, struct chance_stream *d, struct strbuf *out)
{
	(void)sc;
	const struct pw_treaty *tr = pw_treaty_between(p, c, t);
	int lasted = p->turn - tr->turn, roll = pw_die(d);

	strbuf_addf(out, "      Die: %d against %d turn%s of peace: ", roll, lasted, lasted == 1 ? "" : "s");
	if (roll < lasted) {
		int i = (int)(tr - p->treaty);
		p->treaty[i] = p->treaty[--p->ntreaties];
		strbuf_addf(out, "a pretext is found; the treaty with %s is annulled.\n", pw_city_name(m, t));
	} else if (roll > lasted) {
		lose_bellicosity(p, c, 1);
		strbuf_addf(out, "all Greece is outraged; the peace holds and %s loses one\n"
		            "      bellicosity (now %d).\n", pw_city_name(m, c), p->bellicosity[c]);
	} else {
		strbuf_addstr(out, "no pretext is found; the peace holds.\n");
	}
}

/* ---- the scenario's special actions (RULES.md 2.5) ---- */

/* 1 if city x's home is outside area a: Persia and the Odrysians, with no
 * home space, are outside every area. */
static int from_outside(const struct pw_map *m, int x, int a)
{
	return m->city[x].home == PW_NONE || m->space[m->city[x].home].area != a;
}

/* Athens and Argos: the minor is neutral and sympathetic to the major. */
static const char *no_special_ally(const struct pw_map *m, const struct pw_pos *p, int c,
                                   const struct pw_special_action *sa, struct cond *k)
{
	const struct pw_status *st = &p->status[sa->minor];

	if (st->box != PW_BOX_NEUTRAL || st->sympathetic != c) {
		snprintf(k->why, sizeof k->why, "%s is not neutral and sympathetic to %s",
		         pw_city_name(m, sa->minor), pw_city_name(m, c));
		return k->why;
	}
	return NULL;
}

/* Gela: the minor is at war with nobody, so a peace among the Sicilians is
 * its to offer (a minor in an Enemies box, or on a side at war, is not). */
static const char *no_special_congress(const struct pw_map *m, const struct pw_pos *p, int c,
                                       const struct pw_special_action *sa, struct cond *k)
{
	if (p->status[sa->minor].sympathetic != c) {
		snprintf(k->why, sizeof k->why, "%s is not sympathetic to %s", pw_city_name(m, sa->minor),
		         pw_city_name(m, c));
		return k->why;
	}
	for (int x = 0; x < m->ncities; x++)
		if (x != sa->minor && pw_relation(m, p, sa->minor, x) == PW_UNFRIENDLY) {
			snprintf(k->why, sizeof k->why, "%s is at war with %s", pw_city_name(m, sa->minor), pw_city_name(m, x));
			return k->why;
		}
	return NULL;
}

static void take_special_ally(const struct pw_map *m, const struct pw_scenario *sc,
                              struct pw_pos *p, int c, const struct pw_special_action *sa,
                              struct strbuf *out)
{
	(void)sc;
	pw_set_box(p, sa->minor, PW_BOX_ALLY, c);
	strbuf_addf(out, "      %s is now an ally of %s.\n", pw_city_name(m, sa->minor), pw_city_name(m, c));
}

/* The major that answers for city x at a peace: x itself if a major, the
 * master of an ally or tributary, else nobody. */
static int answers_for(const struct pw_map *m, const struct pw_pos *p, int x)
{
	const struct pw_status *st = &p->status[x];

	if (m->city[x].class == PW_MAJOR)
		return x;
	return st->box == PW_BOX_ALLY || st->box == PW_BOX_TRIBUTARY ? st->of : PW_NONE;
}

/* Every force and garrison of a city-state from outside the minor's area
 * that stands in it goes home, as in a returning operation: its SPs to
 * their home (ships to the port) when that is friendly to them, else off
 * the map, and its garrison off the map.  The spaces of the area that outsiders held
 * become the minor's, without the rebellion markers raised against them;
 * the minor makes peace with each major whose forces, or whose allies' and
 * tributaries' forces, left or whose spaces it took. */
static void take_special_congress(const struct pw_map *m, const struct pw_scenario *sc,
                                  struct pw_pos *p, int c, const struct pw_special_action *sa,
                                  struct strbuf *out)
{
	int y = sa->minor, area = m->space[m->city[y].home].area, any = 0, nmoves = 0;
	uint8_t party[PW_MAX_CITIES] = { 0 };
	struct move { int8_t city, to, type, n; } moves[PW_MAX_FORCES * PW_SP_TYPES];

	(void)sc, (void)c;
	for (int i = 0; i < p->nforces; i++) {
		struct pw_force *f = &p->force[i];
		if (m->space[f->space].area != area || !from_outside(m, f->city, area))
			continue;
		struct strbuf what = STRBUF_INIT;
		for (int t = 0; t < PW_SP_TYPES; t++)
			if (f->sp[t])
				strbuf_addf(&what, "%s%d %s SP%s", what.len ? ", " : "", f->sp[t], pw_sp_word(t),
				            f->sp[t] == 1 ? "" : "s");
		if (f->garrison)
			strbuf_addf(&what, "%sits garrison", what.len ? " and " : "");
		strbuf_addf(out, "      %s withdraws %s from %s.\n", pw_city_name(m, f->city), what.buf,
		            m->space[f->space].name);
		strbuf_release(&what);
		for (int t = 0; t < PW_SP_TYPES; t++) {
			int home = t == PW_NAVAL_SP && m->city[f->city].port != PW_NONE ? m->city[f->city].port
			           : m->city[f->city].home;
			if (!f->sp[t])
				continue;
			if (home != PW_NONE && pw_space_relation(m, p, home, f->city) == PW_FRIENDLY) {
				moves[nmoves++] = (struct move){ f->city, (int8_t)home, (int8_t)t, f->sp[t] };
				strbuf_addf(out, "        %d %s SP%s go%s home to %s.\n", f->sp[t], pw_sp_word(t),
				            f->sp[t] == 1 ? "" : "s", f->sp[t] == 1 ? "es" : "", m->space[home].name);
			}
			f->sp[t] = 0;
		}
		f->garrison = 0;
		int who = answers_for(m, p, f->city);
		if (who != PW_NONE)
			party[who] = 1;
		any = 1;
	}
	for (int k = 0; k < nmoves; k++) {
		struct pw_force *to = pw_force_at(p, moves[k].city, moves[k].to);
		if (to)
			to->sp[(int)moves[k].type] = (int8_t)(to->sp[(int)moves[k].type] + moves[k].n);
	}
	pw_drop_empty_forces(p);
	for (int s = 0; s < m->nspaces; s++) {
		int h = p->control[s];
		if (m->space[s].area != area || h == PW_NONE || h == y || !from_outside(m, h, area))
			continue;
		p->control[s] = (int8_t)y;
		p->rebellion[s] = 0;
		strbuf_addf(out, "      %s passes from %s to %s.\n", m->space[s].name, pw_city_name(m, h), pw_city_name(m, y));
		int who = answers_for(m, p, h);
		if (who != PW_NONE)
			party[who] = 1;
		any = 1;
	}
	for (int x = 0; x < m->ncities; x++) {
		if (!party[x] || pw_treaty_between(p, y, x))
			continue;
		if (p->ntreaties == PW_MAX_TREATIES) {
			strbuf_addf(out, "      %s and %s would make peace, but no more treaties can be recorded.\n",
			            pw_city_name(m, y), pw_city_name(m, x));
			continue;
		}
		p->treaty[p->ntreaties++] = (struct pw_treaty){ (int8_t)y, (int8_t)x, (int8_t)p->turn };
		strbuf_addf(out, "      %s and %s make peace.\n", pw_city_name(m, y), pw_city_name(m, x));
	}
	if (!any)
		strbuf_addf(out, "      No force from outside %s stands there: the congress has nothing to settle.\n",
		            m->area[area].name);
}

/* What each effect of enum pw_special_effect is called in the report, and
 * what it requires and does. */
static const struct {
	const char *words;     /* "convenes %s": the action's name */
	const char *(*why_not)(const struct pw_map *, const struct pw_pos *, int,
	                       const struct pw_special_action *, struct cond *);
	void (*take)(const struct pw_map *, const struct pw_scenario *, struct pw_pos *, int,
	             const struct pw_special_action *, struct strbuf *);
} effects[PW_SX_EFFECTS] = {
	[PW_SX_ALLY]     = { "concludes %s", no_special_ally, take_special_ally },
	[PW_SX_CONGRESS] = { "convenes %s", no_special_congress, take_special_congress },
};

/* What every special action requires (once a game, round 1, its major),
 * then its effect's own conditions. */
static const char *no_special(const struct pw_map *m, const struct pw_pos *p, int c, int t, struct cond *k)
{
	const struct pw_special_action *sa;

	if (!k->sc || t < 0 || t >= k->sc->nactions)
		return "the scenario has no such special action";
	sa = &k->sc->action[t];
	if (p->special_used[t]) {
		snprintf(k->why, sizeof k->why, "%s has been used already (once a game)", sa->name);
		return k->why;
	}
	if (sa->major != c) {
		snprintf(k->why, sizeof k->why, "only %s may take %s", pw_city_name(m, sa->major), sa->name);
		return k->why;
	}
	if (k->round != 1)
		return "special actions are taken in the first round of the phase only";
	return effects[sa->effect].why_not(m, p, c, sa, k);
}

static void take_special(const struct pw_map *m, const struct pw_scenario *sc, struct pw_pos *p,
                         int c, int t, struct chance_stream *d, struct strbuf *out)
{
	(void)d;
	p->special_used[t] = 1;
	effects[sc->action[t].effect].take(m, sc, p, c, &sc->action[t], out);
}

/* ---- the table ---- */

static const struct {
	const char *words;     /* what the report says: "declares war on %s" */
	int target;            /* the action names a city-state */
	const char *(*why_not)(const struct pw_map *, const struct pw_pos *, int, int,
	                       struct cond *);
	void (*take)(const struct pw_map *, const struct pw_scenario *, struct pw_pos *, int, int,
	             struct chance_stream *, struct strbuf *);
} actions[PW_ACT_KINDS] = {
	[PW_ACT_PASS]       = { "passes", 0, NULL, NULL },
	[PW_ACT_CLAIM]      = { "claims dominance", 0, no_claim, take_claim },
	[PW_ACT_RELINQUISH] = { "relinquishes dominance", 0, no_relinquish, take_relinquish },
	[PW_ACT_JOIN]       = { "joins the coalition of %s", 1, no_join, take_join },
	[PW_ACT_LEAVE]      = { "leaves its coalition", 0, no_leave, take_leave },
	[PW_ACT_WAR]        = { "declares war on %s", 1, no_war, take_war },
	[PW_ACT_ALLY]       = { "takes %s as an ally", 1, no_ally, take_ally },
	[PW_ACT_BREAK]      = { "tries to break the peace with %s", 1, no_break, take_break },
	/* target is an index of sc->action; its effect's words describe it */
	[PW_ACT_SPECIAL]    = { "takes a special action", 0, no_special, take_special },
};

void pw_action_describe(const struct pw_map *m, const struct pw_scenario *sc,
                        const struct pw_action *a, struct strbuf *out)
{
	if (a->kind < 0 || a->kind >= PW_ACT_KINDS) {
		strbuf_addstr(out, "does something unknown");
		return;
	}
	if (a->kind == PW_ACT_SPECIAL && sc && a->target >= 0 && a->target < sc->nactions)
		strbuf_addf(out, effects[sc->action[a->target].effect].words, sc->action[a->target].name);
	else if (actions[a->kind].target)
		strbuf_addf(out, actions[a->kind].words, pw_city_name(m, a->target));
	else
		strbuf_addstr(out, actions[a->kind].words);
}

const char *pw_action_why_not(const struct pw_map *m, const struct pw_scenario *sc,
                              const struct pw_pos *p, int c, const struct pw_action *a,
                              const struct pw_consent *consent, int round, char why[PW_WHY_MAX])
{
	struct cond k = { consent, sc, round, "" };
	const char *no;

	if (!pw_major_active(m, p, c))
		no = "only a major city-state that has not surrendered takes diplomatic actions";
	else if (a->kind < 0 || a->kind >= PW_ACT_KINDS)
		no = "no such action";
	else if (!actions[a->kind].why_not)
		return NULL;
	else if (actions[a->kind].target && (a->target < 0 || a->target >= m->ncities))
		no = "it names no city-state";
	else if (!(no = actions[a->kind].why_not(m, p, c, a->target, &k)))
		return NULL;
	snprintf(why, PW_WHY_MAX, "%s", no);
	return why;
}

void pw_action_take(const struct pw_map *m, const struct pw_scenario *sc, struct pw_pos *p, int c,
                    const struct pw_action *a, struct chance_stream *dice, struct strbuf *out)
{
	if (actions[a->kind].take)
		actions[a->kind].take(m, sc, p, c, a->target, dice, out);
}

int pw_diplomacy(const struct pw_map *m, const struct pw_scenario *sc, struct pw_pos *p,
                 const struct pw_plan *plan, const struct pw_consent *consent,
                 struct chance_stream *dice, struct strbuf *out)
{
	uint8_t used[PW_MAX_CITIES][PW_MAX_PLAN];
	char why[PW_WHY_MAX];
	int active = 0, passes = 0, taken = 0, round;

	memset(used, 0, sizeof used);
	for (int k = 0; k < m->nmajors; k++)
		active += pw_major_active(m, p, m->major[k]);
	/* every turn of a major either uses up an item of its plan or is a
	 * pass; a full round of passes ends the phase, so it ends */
	for (round = 1; active && passes < active; round++) {
		strbuf_addf(out, "  Round %d:\n", round);
		for (int k = 0; k < m->nmajors && passes < active; k++) {
			int c = m->major[k], pick = -1;
			const struct pw_plan *pl = &plan[c];

			if (!pw_major_active(m, p, c))
				continue;
			for (int i = 0; i < pl->n && pick < 0; i++)
				if (!used[c][i] && (pl->act[i].kind == PW_ACT_PASS ||
				                    !pw_action_why_not(m, sc, p, c, &pl->act[i], consent, round, why)))
					pick = i;
			if (pick >= 0)
				used[c][pick] = 1;
			if (pick < 0 || pl->act[pick].kind == PW_ACT_PASS) {
				strbuf_addf(out, "    %s passes.\n", pw_city_name(m, c));
				passes++;
				continue;
			}
			strbuf_addf(out, "    %s ", pw_city_name(m, c));
			pw_action_describe(m, sc, &pl->act[pick], out);
			strbuf_addstr(out, ".\n");
			pw_action_take(m, sc, p, c, &pl->act[pick], dice, out);
			passes = 0;
			taken++;
		}
	}
	strbuf_addstr(out, "  Every major city-state passed in turn: the phase is over.\n");
	for (int k = 0; k < m->nmajors; k++) {
		int c = m->major[k];
		for (int i = 0; i < plan[c].n; i++) {
			if (used[c][i] || plan[c].act[i].kind == PW_ACT_PASS)
				continue;
			/* the reason as of round 1 first; an action that round 1
			 * would allow now is a special action whose round is past */
			const char *no = pw_action_why_not(m, sc, p, c, &plan[c].act[i], consent, 1, why);
			if (!no)
				no = pw_action_why_not(m, sc, p, c, &plan[c].act[i], consent, round, why);
			strbuf_addf(out, "  Not taken: %s ", pw_city_name(m, c));
			pw_action_describe(m, sc, &plan[c].act[i], out);
			/* allowed now, but every major passed before its turn came */
			strbuf_addf(out, " (%s).\n", no ? no : "the phase ended before its turn came");
		}
	}
	return taken;
}
