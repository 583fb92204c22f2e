/*
 * pelo_politics.c - the political phase of the Peloponnesian War (chapter 6,
 * RULES.md 6): plague, bellicosity, surrender, resentment and rebellion,
 * peace treaties, the kingdoms (pelo_kingdoms.c), and then the victory
 * checks of chapter 9.
 *
 * Nothing in this phase is ordered by mail except the peace each major
 * accepts in advance (struct pelo_consent), so the phase is one function
 * that runs the five segments in the chapter's order, one static function
 * per segment, each telling every step and every die to the results.
 * Dice are drawn only where a roll can decide something, so the results
 * list no idle rolls.  The numbers chapter 6 leaves open are the named
 * constants and tables below (RULES.md gives each its source).
 */
#include <assert.h>
#include <stdio.h>
#include <string.h>

#include "adjudicator/pelo_ops.h"

#define PLAGUE_AT        10    /* 6.1: die + hoplite SPs at home */
#define PLAGUE_DEATHS    2     /* hoplite SPs the plague kills */
#define PLAGUE_COST      500   /* talents it costs ... */
#define PLAGUE_FLOOR     1000  /* ... but not below this */
#define WEAK_MASTER      4     /* 6.4: bellicosity at which tributaries stir */
#define REBEL_AT         10    /* 6.4: die + resentment that makes a rebel */

/* The commercial city-states, whom plague strikes (6.1). */
static const char *const commercial[] = { "ath", "cor" };

/* The hoplite SPs friendly to c in space s. */
static int friendly_hoplites(const struct pelo_map *m, const struct pelo_pos *p, int s, int c)
{
	int n = 0;

	for (int i = 0; i < p->nforces; i++)
		if (p->force[i].space == s && pelo_relation(m, p, p->force[i].city, c) == PELO_FRIENDLY)
			n += p->force[i].sp[PELO_HOPLITE];
	return n;
}

/* Remove up to n hoplite SPs friendly to c from space s: c's own first,
 * then its friends' in the order of the forces. */
static void kill_hoplites(const struct pelo_map *m, struct pelo_pos *p, int s, int c, int n)
{
	for (int pass = 0; pass < 2 && n > 0; pass++)
		for (int i = 0; i < p->nforces && n > 0; i++) {
			struct pelo_force *f = &p->force[i];
			int own = f->city == c;
			if (f->space != s || own != !pass || pelo_relation(m, p, f->city, c) != PELO_FRIENDLY)
				continue;
			int k = f->sp[PELO_HOPLITE] < n ? f->sp[PELO_HOPLITE] : n;
			f->sp[PELO_HOPLITE] = (int8_t)(f->sp[PELO_HOPLITE] - k);
			n -= k;
		}
	pelo_drop_empty_forces(p);
}

/* 6.1: a commercial city-state whose home space was ravaged this turn may
 * be struck by plague, once in the game. */
static void plague(const struct pelo_map *m, struct pelo_pos *p, struct chance_stream *dice,
                   struct pelo_facts *out)
{
	int rolled = 0;

	pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_PLAGUE });
	for (size_t i = 0; i < sizeof commercial / sizeof commercial[0]; i++) {
		int c = pelo_city_by_code(m, commercial[i]), home, h, roll, was;
		if (!pelo_major_active(m, p, c) || (home = m->city[c].home) == PELO_NONE || !p->ravaged[home])
			continue;
		rolled = 1;
		if (p->plague_done[c]) {
			pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_PLAGUE_DONE, .city = c });
			continue;
		}
		h = friendly_hoplites(m, p, home, c);
		roll = pelo_die(dice);
		if (roll + h < PLAGUE_AT) {
			pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_PLAGUE_ROLL, .city = c,
			                                    .space = home, .n = { roll, h, PLAGUE_AT } });
			continue;
		}
		p->plague_done[c] = 1;
		kill_hoplites(m, p, home, c, PLAGUE_DEATHS);
		was = p->treasury[c];
		if (was > PLAGUE_FLOOR)
			p->treasury[c] = was - PLAGUE_COST > PLAGUE_FLOOR ? was - PLAGUE_COST : PLAGUE_FLOOR;
		pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_PLAGUE_ROLL, .city = c, .space = home,
		                                    .n = { roll, h, PLAGUE_AT, 1, was - p->treasury[c], p->treasury[c] } });
	}
	if (!rolled)
		pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_PLAGUE_NONE });
}

/* 1 if an SP unfriendly to c stands in area a, or SPs of a side now
 * unfriendly to c entered a space of it this turn. */
static int enemy_in_area(const struct pelo_map *m, const struct pelo_pos *p, int a, int c)
{
	for (int s = 0; s < m->nspaces; s++)
		for (int k = 0; k < m->nmajors; k++)
			if (m->space[s].area == a && (p->entered[s] & (1u << k)) &&
			    pelo_relation(m, p, m->major[k], c) == PELO_UNFRIENDLY)
				return 1;
	for (int i = 0; i < p->nforces; i++) {
		const struct pelo_force *f = &p->force[i];
		if (m->space[f->space].area == a && (f->sp[PELO_HOPLITE] || f->sp[PELO_CAVALRY] || f->sp[PELO_NAVAL_SP]) &&
		    pelo_relation(m, p, f->city, c) == PELO_UNFRIENDLY)
			return 1;
	}
	return 0;
}

/* The first fortress space of area a that is unfriendly to c or
 * ravaged, or PELO_NONE. */
static int lost_fortress(const struct pelo_map *m, const struct pelo_pos *p, int a, int c)
{
	for (int s = 0; s < m->nspaces; s++)
		if (m->space[s].area == a && (m->space[s].kinds & PELO_FORTRESS) &&
		    (p->ravaged[s] || pelo_space_relation(m, p, s, c) == PELO_UNFRIENDLY))
			return s;
	return PELO_NONE;
}

/* 1 if a space of area a is ravaged. */
static int area_ravaged(const struct pelo_map *m, const struct pelo_pos *p, int a)
{
	for (int s = 0; s < m->nspaces; s++)
		if (m->space[s].area == a && p->ravaged[s])
			return 1;
	return 0;
}

/* 6.2: each major's bellicosity follows the state of its home area. */
static void bellicosity(const struct pelo_map *m, struct pelo_pos *p, struct pelo_facts *out)
{
	pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_BELLICOSITY });
	for (int k = 0; k < m->nmajors; k++) {
		int c = m->major[k], home = m->city[c].home, was = p->bellicosity[c], delta = 0, a, lost;
		if (!pelo_major_active(m, p, c) || home == PELO_NONE)
			continue;
		a = m->space[home].area;
		pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_BELLICOSITY_OF, .city = c, .n = { was } });
		if ((lost = lost_fortress(m, p, a, c)) != PELO_NONE) {
			delta--;
			pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_BELLICOSITY_LOST, .space = lost,
			                                    .n = { p->ravaged[lost] } });
		}
		if (p->ravaged[home]) {
			delta--;
			pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_BELLICOSITY_RAVAGED,
			                                    .space = home });
		}
		if (!enemy_in_area(m, p, a, c) && !area_ravaged(m, p, a)) {
			delta++;
			pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_BELLICOSITY_CALM, .n = { a } });
		}
		p->bellicosity[c] = was + delta < 0 ? 0 : was + delta > PELO_BELLICOSITY_MAX ? PELO_BELLICOSITY_MAX
		                                                                          : was + delta;
		/* n[1] says why a line reads "8: now 8" or "12 + 1: now 12":
		 * nothing applied (an enemy came), or a bound */
		pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_NOW, .n = { p->bellicosity[c],
		          lost == PELO_NONE && !p->ravaged[home] && !delta ? PELO_NOW_ENEMY_CAME
		          : p->bellicosity[c] != was + delta ? PELO_NOW_BOUND : 0, a } });
	}
}

static void release_hostages(struct pelo_pos *p, int a, int b, struct pelo_facts *out);

/* c surrenders to d (6.3): it keeps one SP of each type at home (ships in
 * its port), its allies, tributaries and enemies go neutral, every
 * hostage held of it or by it is released (as a peace would, seed 002),
 * and it joins d's coalition as a junior partner. */
static void surrender(const struct pelo_map *m, struct pelo_pos *p, int c, int d, struct pelo_facts *out)
{
	int had[PELO_SP_TYPES] = { 0 };

	for (int i = 0; i < p->nforces; i++) {
		struct pelo_force *f = &p->force[i];
		if (f->city != c)
			continue;
		for (int t = 0; t < PELO_SP_TYPES; t++)
			had[t] += f->sp[t], f->sp[t] = 0;
		f->garrison = 0;
	}
	for (int t = 0; t < PELO_SP_TYPES; t++) {
		int at = t == PELO_NAVAL_SP ? m->city[c].port : m->city[c].home;
		struct pelo_force *f;
		if (had[t] && at != PELO_NONE && (f = pelo_force_at(p, c, at)) != NULL)
			f->sp[t] = 1;
	}
	pelo_drop_empty_forces(p);
	for (int x = 0; x < m->ncities; x++) {
		struct pelo_status *st = &p->status[x];
		if (x == c || st->of != c)
			continue;
		if (m->city[x].home != PELO_NONE && st->box == PELO_BOX_TRIBUTARY)
			p->rebellion[m->city[x].home] = 0;  /* nobody left to rebel against */
		pelo_set_box(p, x, PELO_BOX_NEUTRAL, PELO_NONE);
		pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_NEUTRAL, .city = x });
	}
	for (int i = 0; i < p->ntreaties;)
		if (p->treaty[i].a == c || p->treaty[i].b == c)
			p->treaty[i] = p->treaty[--p->ntreaties];
		else
			i++;
	pelo_set_box(p, c, PELO_BOX_PARTNER, d);
	p->surrendered_to[c] = (int8_t)d;
	pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_SURRENDERED, .city = c, .other = d });
	for (int x = 0; x < m->ncities; x++)
		release_hostages(p, c, x, out);
}

/* The SPs of d in area a. */
static int sps_in_area(const struct pelo_map *m, const struct pelo_pos *p, int d, int a)
{
	int n = 0;

	for (int i = 0; i < p->nforces; i++)
		if (p->force[i].city == d && m->space[p->force[i].space].area == a)
			n += p->force[i].sp[PELO_HOPLITE] + p->force[i].sp[PELO_CAVALRY] + p->force[i].sp[PELO_NAVAL_SP];
	return n;
}

/* 6.3: a major at bellicosity 0 surrenders to a dominant city-state: the
 * enemy with the most SPs in its home area, a die between those tied. */
static void surrenders(const struct pelo_map *m, struct pelo_pos *p, struct chance_stream *dice,
                       struct pelo_facts *out)
{
	int any = 0;

	pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_SURRENDER });
	for (int k = 0; k < m->nmajors; k++) {
		int c = m->major[k], tied[PELO_MAX_MAJORS], nt = 0, most = -1, a, d;
		if (!pelo_major_active(m, p, c) || p->bellicosity[c] > 0)
			continue;
		any = 1;
		a = m->space[m->city[c].home].area;
		for (int j = 0; j < m->nmajors; j++) {
			int x = m->major[j], n;
			/* to an enemy: surrender to one's own leader means nothing */
			if (x == c || !pelo_major_active(m, p, x) || p->status[x].box != PELO_BOX_DOMINANT ||
			    pelo_relation(m, p, x, c) != PELO_UNFRIENDLY)
				continue;
			n = sps_in_area(m, p, x, a);
			if (n > most)
				most = n, nt = 0;
			if (n == most)
				tied[nt++] = x;
		}
		if (!nt) {
			pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_FIGHTS_ON, .city = c });
			continue;
		}
		d = tied[0];
		if (nt > 1) {
			int roll = pelo_die(dice);
			d = tied[(roll - 1) * nt / 6];
			pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_SURRENDER_TIE, .city = c,
			                                    .other = d, .n = { nt, most, a, roll } });
		} else {
			pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_BELLICOSITY_ZERO, .city = c });
		}
		pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_SURRENDERS, .city = c, .other = d });
		surrender(m, p, c, d, out);
	}
	if (!any)
		pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_SURRENDER_NONE });
}

/* 1 if minor t is a tributary of c in rebellion. */
static int rebel(const struct pelo_map *m, const struct pelo_pos *p, int t)
{
	return m->city[t].home != PELO_NONE && p->rebellion[m->city[t].home];
}

/* 6.4 (house rule, RULES.md 6.4): a master's grievances are its rebel
 * tributaries, the loyal tributaries whose home area it fails to protect,
 * and its own weakness.  Resentment rises at once to their number when
 * that is higher and ebbs by one a turn when it is lower, so it never
 * exceeds the grievances of the moment: a revolt that drags on keeps the
 * empire uneasy without piling up a new grievance every turn, which had
 * the whole League in revolt by turn 7 of a silent game.  Then every
 * loyal tributary rolls a die, and rebels on die + resentment of
 * REBEL_AT or more. */
static void rebellion(const struct pelo_map *m, struct pelo_pos *p, struct chance_stream *dice,
                      struct pelo_facts *out)
{
	pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_REBELLION });
	for (int k = 0; k < m->nmajors; k++) {
		int c = m->major[k], was = p->resentment[c], n = 0;
		if (!pelo_major_active(m, p, c))
			continue;
		pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_RESENTMENT_OF, .city = c, .n = { was } });
		for (int t = 0; t < m->ncities; t++) {
			int home = m->city[t].home;
			if (p->status[t].box != PELO_BOX_TRIBUTARY || p->status[t].of != c || home == PELO_NONE)
				continue;
			if (rebel(m, p, t))
				pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_RESENTMENT_REBEL, .city = t,
				                                    .n = { n++ } });
			else if (lost_fortress(m, p, m->space[home].area, c) != PELO_NONE ||
			         enemy_in_area(m, p, m->space[home].area, c))
				pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_RESENTMENT_UNPROTECTED,
				                                    .city = t, .n = { n++ } });
		}
		if (p->bellicosity[c] <= WEAK_MASTER)
			pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_RESENTMENT_WEAK,
			                                    .n = { n++, p->bellicosity[c] } });
		p->resentment[c] = n >= was ? n : was - 1;
		pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_GRIEVANCES, .n = { n, was } });
		pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_NOW, .n = { p->resentment[c] } });
		if (p->resentment[c] + 6 < REBEL_AT)
			continue;  /* no die could make a rebel: none is rolled */
		for (int t = 0; t < m->ncities; t++) {
			if (p->status[t].box != PELO_BOX_TRIBUTARY || p->status[t].of != c ||
			    m->city[t].home == PELO_NONE || rebel(m, p, t))
				continue;
			int roll = pelo_die(dice);
			int rises = roll + p->resentment[c] >= REBEL_AT;
			pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_REBEL_ROLL, .city = t, .other = c,
			                                    .n = { roll, p->resentment[c], rises } });
			if (rises)
				p->rebellion[m->city[t].home] = 1;
		}
	}
}

/* Record a treaty between a and b made this turn; 0, or -1 if no room. */
static int add_treaty(struct pelo_pos *p, int a, int b)
{
	if (p->ntreaties == PELO_MAX_TREATIES)
		return -1;
	p->treaty[p->ntreaties++] = (struct pelo_treaty){ (int8_t)a, (int8_t)b, (int8_t)p->turn };
	return 0;
}

/* 6.5 and seed 002: a peace makes a and b release the hostages each holds
 * of the other, told one line each; nothing is told when neither holds
 * any, so the report never promises a release that did not happen. */
static void release_hostages(struct pelo_pos *p, int a, int b, struct pelo_facts *out)
{
	for (int x = a, y = b, n = 0; n < 2; n++, x = b, y = a) {
		int h = p->hostages[x][y];
		if (!h)
			continue;
		p->hostages[x][y] = 0;
		pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_HOSTAGES_RELEASED, .city = x, .other = y,
		                                    .n = { h } });
	}
}

/* 6.5: peace between unfriendly majors heading their sides that both
 * accept it; a minor in a major's Enemies box goes neutral on that
 * major's word alone. */
static void peace(const struct pelo_map *m, struct pelo_pos *p, const struct pelo_consent *consent,
                  struct pelo_facts *out)
{
	int any = 0;

	pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_PEACE });
	for (int i = 0; consent && i < m->nmajors; i++)
		for (int j = i + 1; j < m->nmajors; j++) {
			int a = m->major[i], b = m->major[j];
			if (!pelo_major_active(m, p, a) || !pelo_major_active(m, p, b) || pelo_side(m, p, a) != a ||
			    pelo_side(m, p, b) != b || pelo_relation(m, p, a, b) != PELO_UNFRIENDLY ||
			    !consent->peace[a][b] || !consent->peace[b][a])
				continue;
			any = 1;
			if (add_treaty(p, a, b)) {
				pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_PEACE_FULL, .city = a,
				                                    .other = b });
				continue;
			}
			pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_PEACE_MADE, .city = a,
			                                    .other = b });
			release_hostages(p, a, b, out);
			for (int x = a, y = b, n = 0; n < 2; n++, x = b, y = a)
				if (p->status[x].box == PELO_BOX_AT_WAR && p->status[x].of == y) {
					pelo_set_box(p, x, PELO_BOX_NEUTRAL, PELO_NONE);
					pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_PEACE_LEAVES,
					                                    .city = x, .other = y });
				}
		}
	for (int t = 0; consent && t < m->ncities; t++) {
		int c = p->status[t].of;
		if (m->city[t].class == PELO_MAJOR || p->status[t].box != PELO_BOX_ENEMY || c == PELO_NONE ||
		    !pelo_major_active(m, p, c) || !consent->peace[c][t])
			continue;
		any = 1;
		pelo_set_box(p, t, PELO_BOX_NEUTRAL, PELO_NONE);
		pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_PEACE_MINOR, .city = c, .other = t });
	}
	if (!any)
		pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_PEACE_NONE });
}

void pelo_political(const struct pelo_map *m, const struct pelo_scenario *sc, struct pelo_pos *p,
                  const struct pelo_consent *consent, struct chance_stream *dice, struct pelo_facts *out)
{
	int winner;

	assert(m && p);
	(void)sc;
	plague(m, p, dice, out);
	bellicosity(m, p, out);
	surrenders(m, p, dice, out);
	rebellion(m, p, dice, out);
	peace(m, p, consent, out);
	pelo_kingdoms(m, p, out);
	if (!pelo_victory_check(m, p, PELO_PH_POLITICAL, &winner, out)) {
		p->phase = PELO_PH_ECONOMIC;
		return;
	}
	p->phase = PELO_PH_OVER;
	p->winner = (int8_t)winner;
	pelo_standing(m, p, out);
}
