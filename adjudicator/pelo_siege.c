/*
 * pelo_siege.c - sieges (seed 002; RULES.md 5.5): the conditions, the cost,
 * the roll and its table, siege points, success, and the lifting of a
 * siege whose conditions fail.
 *
 * Seed 002 keeps the cost, the points needed and what success does, but
 * its list of conditions and its table are lost; the conditions are
 * rebuilt from the seed's own sentence on when a siege is broken, and
 * the table is a house rule (RULES.md 5.5 gives its reason).  Points are
 * kept in the position (pelo_pos.siege) from one operation to the next.
 */
#include <stdio.h>

#include "adjudicator/pelo_ops.h"

#define SIEGE_COST 100   /* talents per besieging SP per attempt */

/* Siege points a modified die gives (house rule, RULES.md 5.5). */
static int points_for(int roll)
{
	return roll >= 6 ? 2 : roll >= 4 ? 1 : 0;
}

/* The defenders' SPs of type t at s: every city unfriendly to c; for a
 * home space, ships in its city's port count too (the Athens-Piraeus
 * rule of seed 002). */
static int defenders(const struct pelo_map *m, const struct pelo_pos *p, int c, int s, int t)
{
	int n = 0, owner = m->space[s].home_of;
	int port = owner != PELO_NONE ? m->city[owner].port : PELO_NONE;

	for (int i = 0; i < p->nforces; i++) {
		const struct pelo_force *f = &p->force[i];
		if (pelo_relation(m, p, f->city, c) != PELO_UNFRIENDLY)
			continue;
		if (f->space == s || (t == PELO_NAVAL_SP && port != PELO_NONE && port != s && f->space == port))
			n += f->sp[t];
	}
	return n;
}

/* The besiegers' SPs of type t at s: c's side, but not a rebel city's
 * own SPs at home (RULES.md 5.5); ships in the port of a home space
 * count there too. */
static int besiegers(const struct pelo_map *m, const struct pelo_pos *p, int c, int s, int t)
{
	int owner = m->space[s].home_of, h = pelo_side(m, p, c), n = 0;
	int port = owner != PELO_NONE ? m->city[owner].port : PELO_NONE;

	for (int i = 0; i < p->nforces; i++) {
		const struct pelo_force *f = &p->force[i];
		if (pelo_side(m, p, f->city) != h || (p->rebellion[s] && f->city == owner))
			continue;
		if (f->space == s || (t == PELO_NAVAL_SP && port != PELO_NONE && port != s && f->space == port))
			n += f->sp[t];
	}
	return n;
}

/* Why c may not besiege s now, or NULL (the conditions of RULES.md 5.5;
 * fought is what this operation's battles came to for c's side). */
static const char *why_not(const struct pelo_map *m, const struct pelo_pos *p, int c, int s, int fought,
                           int cost, char why[PELO_WHY_MAX])
{
	const struct pelo_space *sp = &m->space[s];
	enum pelo_relation r = pelo_space_relation(m, p, s, c);

	if (!(sp->kinds & PELO_FORTRESS) && sp->home_of == PELO_NONE)
		return "there is no fortress";
	if (r == PELO_FRIENDLY)
		return "the space is friendly";
	if (r == PELO_NEUTRAL && sp->home_of != PELO_NONE)
		return "a neutral city-state is besieged only after a declaration of war";
	if (fought == PELO_OUT_LOST || fought == PELO_OUT_AVOIDED)
		return "the army lost or avoided the battle";
	if (defenders(m, p, c, s, PELO_NAVAL_SP) > besiegers(m, p, c, s, PELO_NAVAL_SP))
		return "the defenders have more ships";
	if (defenders(m, p, c, s, PELO_CAVALRY) > besiegers(m, p, c, s, PELO_CAVALRY))
		return "the defenders have more cavalry";
	for (int i = 0; i < p->nforces; i++) {
		const struct pelo_force *f = &p->force[i];
		int home = m->city[f->city].home, port = m->city[f->city].port;
		if (f->city != c || f->space == s || f->station || f->space == home ||
		    (f->space == port && !f->sp[PELO_HOPLITE] && !f->sp[PELO_CAVALRY]) ||
		    (p->siege[f->space] && p->siege_by[f->space] == c))
			continue;
		if (f->sp[PELO_HOPLITE] || f->sp[PELO_CAVALRY] || f->sp[PELO_NAVAL_SP]) {
			snprintf(why, PELO_WHY_MAX, "its SPs at %s are neither at home, on station nor besieging",
			         m->space[f->space].name);
			return why;
		}
	}
	if (pelo_purse(m, p, c) < cost) {
		snprintf(why, PELO_WHY_MAX, "it costs %d talents and %s has %d", cost, m->city[c].name,
		         pelo_purse(m, p, c));
		return why;
	}
	return NULL;
}

/* The siege succeeds: defenders and garrison gone, their leader killed,
 * rebellion over, the space c's (with a garrison, GARRISON). */
static void taken(const struct pelo_map *m, const struct pelo_scenario *sc, struct pelo_pos *p, int c,
                  int s, const struct pelo_instructions *in, struct pelo_facts *out)
{
	int recapture = p->rebellion[s] && pelo_side(m, p, p->control[s]) == pelo_side(m, p, c);
	struct pelo_source src;

	pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_SIEGE_FALLS, .space = s, .city = c });
	for (int i = 0; i < p->nforces; i++) {
		struct pelo_force *f = &p->force[i];
		if (f->space != s || pelo_side(m, p, f->city) == pelo_side(m, p, c))
			continue;
		for (int t = 0; t < PELO_SP_TYPES; t++)
			f->sp[t] = 0;
		f->garrison = 0;
	}
	for (int l = 0; l < sc->nleaders; l++)
		if (p->leader_at[l] == s && pelo_side(m, p, sc->leader[l].city) != pelo_side(m, p, c))
			pelo_leader_kill(p, l, out);
	p->rebellion[s] = 0;
	if (!recapture)
		p->control[s] = (int8_t)c;
	p->siege[s] = 0;
	p->siege_by[s] = PELO_NONE;
	if (pelo_instr(m, in, c, PELO_I_GARRISON, &src) == PELO_C_YES) {
		struct pelo_force *g = pelo_force_at(p, c, s);
		if (g) {
			g->garrison = 1;
			pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_SIEGE_GARRISON, .city = c,
			                                    .src = src });
		}
	}
	if (m->space[s].home_of != PELO_NONE && !recapture && p->bellicosity[c] < PELO_BELLICOSITY_MAX) {
		pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_SIEGE_BELLICOSITY, .city = c,
		                                    .n = { p->bellicosity[c], p->bellicosity[c] + 1 } });
		p->bellicosity[c]++;
	}
	pelo_drop_empty_forces(p);
}

void pelo_siege(const struct pelo_map *m, const struct pelo_scenario *sc, struct pelo_pos *p, int c,
              int s, int fought, const struct pelo_instructions *in, struct chance_stream *dice,
              struct pelo_facts *out)
{
	char why[PELO_WHY_MAX];
	const char *no;
	int sps = 0, need, die, roll, owner = m->space[s].home_of, garrison = 0, holders = 0;
	int plus = PELO_SIEGE_PLAIN, minus = 0;

	for (int t = PELO_HOPLITE; t <= PELO_CAVALRY; t++)
		sps += besiegers(m, p, c, s, t);
	for (int i = 0; i < p->nforces; i++)
		if (p->force[i].space == s && pelo_side(m, p, p->force[i].city) == pelo_side(m, p, c))
			sps += p->force[i].sp[PELO_NAVAL_SP];
	if ((no = why_not(m, p, c, s, fought, SIEGE_COST * sps, why)) != NULL) {
		pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_SIEGE_NONE, .space = s, .text = no });
		return;
	}
	for (int i = 0; i < p->nforces; i++) {
		const struct pelo_force *f = &p->force[i];
		if (f->space != s || pelo_relation(m, p, f->city, c) != PELO_UNFRIENDLY)
			continue;
		garrison |= f->garrison;
		holders += f->sp[PELO_HOPLITE] + f->sp[PELO_CAVALRY] + f->sp[PELO_NAVAL_SP];
	}
	need = owner != PELO_NONE || garrison || holders ? 3 : 1;
	if (p->siege_by[s] != c)
		p->siege[s] = 0;
	pelo_pay(m, p, c, SIEGE_COST * sps);
	die = pelo_die(dice);
	roll = die;
	if (p->rebellion[s] || owner == PELO_NONE || owner != p->control[s])
		roll++, plus = p->rebellion[s] ? PELO_SIEGE_REBELLION : PELO_SIEGE_NOT_HOME;
	/* the defenders' ships anywhere in reach of the space, not only in it */
	int theirs = 0;
	for (int i = 0; i < p->nforces; i++)
		if (pelo_relation(m, p, p->force[i].city, c) == PELO_UNFRIENDLY &&
		    pelo_in_zoi(m, PELO_NAVAL_SP, p->force[i].space, s))
			theirs += p->force[i].sp[PELO_NAVAL_SP];
	if (theirs > besiegers(m, p, c, s, PELO_NAVAL_SP))
		roll--, minus = 1;
	p->siege[s] = (uint8_t)(p->siege[s] + points_for(roll));
	p->siege_by[s] = (int8_t)c;
	p->ravaged[s] = 1;
	pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_SIEGE, .space = s, .city = c,
	                                    .n = { SIEGE_COST * sps, sps, die, plus, minus, roll,
	                                           points_for(roll), p->siege[s], need } });
	if (p->siege[s] >= need)
		taken(m, sc, p, c, s, in, out);
}

void pelo_sieges_check(const struct pelo_map *m, struct pelo_pos *p, struct pelo_facts *out)
{
	for (int s = 0; s < m->nspaces; s++) {
		int c = p->siege_by[s], here = 0;
		enum pelo_lift why = PELO_LIFT_NONE;
		if (!p->siege[s] || c == PELO_NONE)
			continue;
		for (int t = 0; t < PELO_SP_TYPES; t++)
			here += pelo_side_sp(m, p, pelo_side(m, p, c), s, t);
		if (!here)
			why = PELO_LIFT_GONE;
		else if (pelo_space_relation(m, p, s, c) == PELO_FRIENDLY)
			why = PELO_LIFT_FRIENDLY;
		else if (defenders(m, p, c, s, PELO_NAVAL_SP) > besiegers(m, p, c, s, PELO_NAVAL_SP))
			why = PELO_LIFT_SHIPS;
		else if (defenders(m, p, c, s, PELO_CAVALRY) > besiegers(m, p, c, s, PELO_CAVALRY))
			why = PELO_LIFT_CAVALRY;
		if (why == PELO_LIFT_NONE)
			continue;
		pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_SIEGE_LIFTED, .space = s,
		                                    .n = { p->siege[s], why } });
		p->siege[s] = 0;
		p->siege_by[s] = PELO_NONE;
	}
}
