/*
 * pelo_politics.c - the political phase of the Peloponnesian War (chapter 6,
 * RULES.md 6): plague, bellicosity, surrender, resentment and rebellion,
 * peace treaties, and then the victory checks of chapter 9.
 *
 * Nothing in this phase is ordered by mail except the peace each major
 * accepts in advance (struct pelo_consent), so the phase is one function
 * that runs the five segments in the chapter's order, one static function
 * per segment, each telling every step and every die to the results.
 * Dice are drawn only where a roll can decide something, so the results
 * list no idle rolls.  The numbers chapter 6 leaves open are the named
 * constants and tables below (RULES.md gives each its source).
 */
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
                   struct strbuf *out)
{
	int rolled = 0;

	strbuf_addstr(out, "  Plague (6.1):\n");
	for (size_t i = 0; i < sizeof commercial / sizeof commercial[0]; i++) {
		int c = pelo_city_by_code(m, commercial[i]), home, h, roll, was;
		if (!pelo_major_active(m, p, c) || (home = m->city[c].home) == PELO_NONE || !p->ravaged[home])
			continue;
		rolled = 1;
		if (p->plague_done[c]) {
			strbuf_addf(out, "    %s was ravaged, but the plague has struck it already.\n", pelo_city_name(m, c));
			continue;
		}
		h = friendly_hoplites(m, p, home, c);
		roll = pelo_die(dice);
		strbuf_addf(out, "    %s was ravaged: die %d + %d hoplite SP%s = %d: ", m->space[home].name,
		            roll, h, h == 1 ? "" : "s", roll + h);
		if (roll + h < PLAGUE_AT) {
			strbuf_addf(out, "less than %d, no plague.\n", PLAGUE_AT);
			continue;
		}
		p->plague_done[c] = 1;
		kill_hoplites(m, p, home, c, PLAGUE_DEATHS);
		was = p->treasury[c];
		if (was > PLAGUE_FLOOR)
			p->treasury[c] = was - PLAGUE_COST > PLAGUE_FLOOR ? was - PLAGUE_COST : PLAGUE_FLOOR;
		strbuf_addf(out, "plague in %s: two hoplite SPs die, the treasury loses %d (now %d).\n",
		            pelo_city_name(m, c), was - p->treasury[c], p->treasury[c]);
	}
	if (!rolled)
		strbuf_addstr(out, "    No commercial city-state's home space was ravaged: no roll.\n");
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
static void bellicosity(const struct pelo_map *m, struct pelo_pos *p, struct strbuf *out)
{
	strbuf_addstr(out, "  Bellicosity (6.2):\n");
	for (int k = 0; k < m->nmajors; k++) {
		int c = m->major[k], home = m->city[c].home, was = p->bellicosity[c], delta = 0, a, lost;
		if (!pelo_major_active(m, p, c) || home == PELO_NONE)
			continue;
		a = m->space[home].area;
		strbuf_addf(out, "    %s: %d", pelo_city_name(m, c), was);
		if ((lost = lost_fortress(m, p, a, c)) != PELO_NONE) {
			delta--;
			strbuf_addf(out, " - 1 (%s is %s)", m->space[lost].name, p->ravaged[lost] ? "ravaged" : "unfriendly");
		}
		if (p->ravaged[home]) {
			delta--;
			strbuf_addf(out, " - 1 (%s itself was ravaged)", m->space[home].name);
		}
		if (!enemy_in_area(m, p, a, c) && !area_ravaged(m, p, a)) {
			delta++;
			strbuf_addf(out, " + 1 (no enemy in %s)", m->area[a].name);
		}
		p->bellicosity[c] = was + delta < 0 ? 0 : was + delta > PELO_BELLICOSITY_MAX ? PELO_BELLICOSITY_MAX
		                                                                          : was + delta;
		strbuf_addf(out, ": now %d.\n", p->bellicosity[c]);
	}
}

/* c surrenders to d (6.3): it keeps one SP of each type at home (ships in
 * its port), its allies, tributaries and enemies go neutral, and it
 * joins d's coalition as a junior partner. */
static void surrender(const struct pelo_map *m, struct pelo_pos *p, int c, int d, struct strbuf *out)
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
		strbuf_addf(out, "      %s is now neutral.\n", pelo_city_name(m, x));
	}
	for (int i = 0; i < p->ntreaties;)
		if (p->treaty[i].a == c || p->treaty[i].b == c)
			p->treaty[i] = p->treaty[--p->ntreaties];
		else
			i++;
	pelo_set_box(p, c, PELO_BOX_PARTNER, d);
	p->surrendered_to[c] = (int8_t)d;
	strbuf_addf(out, "      %s keeps one SP of each type at home and follows %s as a junior partner.\n",
	            pelo_city_name(m, c), pelo_city_name(m, d));
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
                       struct strbuf *out)
{
	int any = 0;

	strbuf_addstr(out, "  Surrender (6.3):\n");
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
			strbuf_addf(out, "    %s's bellicosity is 0, but no dominant city-state is its enemy: it fights on.\n",
			            pelo_city_name(m, c));
			continue;
		}
		d = tied[0];
		if (nt > 1) {
			int roll = pelo_die(dice);
			d = tied[(roll - 1) * nt / 6];
			strbuf_addf(out, "    %s's bellicosity is 0; %d dominant city-states tie with %d SPs in %s: "
			            "die %d picks %s.\n", pelo_city_name(m, c), nt, most, m->area[a].name, roll, pelo_city_name(m, d));
		} else {
			strbuf_addf(out, "    %s's bellicosity is 0.\n", pelo_city_name(m, c));
		}
		strbuf_addf(out, "    %s surrenders to %s.\n", pelo_city_name(m, c), pelo_city_name(m, d));
		surrender(m, p, c, d, out);
	}
	if (!any)
		strbuf_addstr(out, "    No major's bellicosity is 0.\n");
}

/* 1 if minor t is a tributary of c in rebellion. */
static int rebel(const struct pelo_map *m, const struct pelo_pos *p, int t)
{
	return m->city[t].home != PELO_NONE && p->rebellion[m->city[t].home];
}

/* 6.4 (house rule, RULES.md 6.4): a master's resentment grows with each
 * rebel tributary, each tributary whose home area it fails to protect, and
 * its own weakness, and ebbs in a quiet turn; then every loyal tributary
 * rolls a die, and rebels on die + resentment of REBEL_AT or more. */
static void rebellion(const struct pelo_map *m, struct pelo_pos *p, struct chance_stream *dice,
                      struct strbuf *out)
{
	strbuf_addstr(out, "  Resentment and rebellion (6.4):\n");
	for (int k = 0; k < m->nmajors; k++) {
		int c = m->major[k], was = p->resentment[c], grow = 0;
		if (!pelo_major_active(m, p, c))
			continue;
		strbuf_addf(out, "    %s: resentment %d", pelo_city_name(m, c), was);
		for (int t = 0; t < m->ncities; t++) {
			int home = m->city[t].home, lost;
			if (p->status[t].box != PELO_BOX_TRIBUTARY || p->status[t].of != c || home == PELO_NONE)
				continue;
			if (rebel(m, p, t)) {
				grow++;
				strbuf_addf(out, " + 1 (%s in rebellion)", pelo_city_name(m, t));
			} else if ((lost = lost_fortress(m, p, m->space[home].area, c)) != PELO_NONE ||
			           enemy_in_area(m, p, m->space[home].area, c)) {
				grow++;
				strbuf_addf(out, " + 1 (%s unprotected)", pelo_city_name(m, t));
			}
		}
		if (p->bellicosity[c] <= WEAK_MASTER) {
			grow++;
			strbuf_addf(out, " + 1 (bellicosity %d)", p->bellicosity[c]);
		}
		if (!grow && was > 0) {
			grow = -1;
			strbuf_addstr(out, " - 1 (a quiet turn)");
		}
		p->resentment[c] = was + grow;
		strbuf_addf(out, ": now %d.\n", p->resentment[c]);
		if (p->resentment[c] + 6 < REBEL_AT)
			continue;  /* no die could make a rebel: none is rolled */
		for (int t = 0; t < m->ncities; t++) {
			if (p->status[t].box != PELO_BOX_TRIBUTARY || p->status[t].of != c ||
			    m->city[t].home == PELO_NONE || rebel(m, p, t))
				continue;
			int roll = pelo_die(dice);
			strbuf_addf(out, "      %s: die %d + resentment %d = %d: ", pelo_city_name(m, t), roll, p->resentment[c],
			            roll + p->resentment[c]);
			if (roll + p->resentment[c] < REBEL_AT) {
				strbuf_addstr(out, "stays loyal.\n");
				continue;
			}
			p->rebellion[m->city[t].home] = 1;
			strbuf_addf(out, "rises in rebellion against %s.\n", pelo_city_name(m, c));
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
static void release_hostages(const struct pelo_map *m, struct pelo_pos *p, int a, int b,
                             struct strbuf *out)
{
	for (int x = a, y = b, n = 0; n < 2; n++, x = b, y = a) {
		int h = p->hostages[x][y];
		if (!h)
			continue;
		p->hostages[x][y] = 0;
		strbuf_addf(out, "      %s releases the %d hostage%s it held of %s.\n", pelo_city_name(m, x), h,
		            h == 1 ? "" : "s", pelo_city_name(m, y));
	}
}

/* 6.5: peace between unfriendly majors heading their sides that both
 * accept it; a minor in a major's Enemies box goes neutral on that
 * major's word alone. */
static void peace(const struct pelo_map *m, struct pelo_pos *p, const struct pelo_consent *consent,
                  struct strbuf *out)
{
	int any = 0;

	strbuf_addstr(out, "  Peace treaties (6.5):\n");
	for (int i = 0; consent && i < m->nmajors; i++)
		for (int j = i + 1; j < m->nmajors; j++) {
			int a = m->major[i], b = m->major[j];
			if (!pelo_major_active(m, p, a) || !pelo_major_active(m, p, b) || pelo_side(m, p, a) != a ||
			    pelo_side(m, p, b) != b || pelo_relation(m, p, a, b) != PELO_UNFRIENDLY ||
			    !consent->peace[a][b] || !consent->peace[b][a])
				continue;
			any = 1;
			if (add_treaty(p, a, b)) {
				strbuf_addf(out, "    %s and %s would make peace, but no more treaties can be recorded.\n",
				            pelo_city_name(m, a), pelo_city_name(m, b));
				continue;
			}
			strbuf_addf(out, "    %s and %s make peace.\n", pelo_city_name(m, a), pelo_city_name(m, b));
			release_hostages(m, p, a, b, out);
			for (int x = a, y = b, n = 0; n < 2; n++, x = b, y = a)
				if (p->status[x].box == PELO_BOX_AT_WAR && p->status[x].of == y) {
					pelo_set_box(p, x, PELO_BOX_NEUTRAL, PELO_NONE);
					strbuf_addf(out, "      %s leaves %s's Enemies box: it is neutral.\n", pelo_city_name(m, x),
					            pelo_city_name(m, y));
				}
		}
	for (int t = 0; consent && t < m->ncities; t++) {
		int c = p->status[t].of;
		if (m->city[t].class == PELO_MAJOR || p->status[t].box != PELO_BOX_ENEMY || c == PELO_NONE ||
		    !pelo_major_active(m, p, c) || !consent->peace[c][t])
			continue;
		any = 1;
		pelo_set_box(p, t, PELO_BOX_NEUTRAL, PELO_NONE);
		strbuf_addf(out, "    %s makes peace with %s, which is neutral again.\n", pelo_city_name(m, c), pelo_city_name(m, t));
	}
	if (!any)
		strbuf_addstr(out, "    No peace is made.\n");
}

void pelo_political(const struct pelo_map *m, const struct pelo_scenario *sc, struct pelo_pos *p,
                  const struct pelo_consent *consent, struct chance_stream *dice, struct strbuf *out)
{
	int winner;

	(void)sc;
	plague(m, p, dice, out);
	bellicosity(m, p, out);
	surrenders(m, p, dice, out);
	rebellion(m, p, dice, out);
	peace(m, p, consent, out);
	if (!pelo_victory_check(m, p, PELO_PH_POLITICAL, &winner, out)) {
		p->phase = PELO_PH_ECONOMIC;
		return;
	}
	p->phase = PELO_PH_OVER;
	p->winner = (int8_t)winner;
	pelo_standing(m, p, out);
}
