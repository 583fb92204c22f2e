/*
 * diceless_check.c - is one line of a side's orders allowed?  Used twice:
 * when orders arrive (so the player learns at once what is wrong) and
 * again when the phase is adjudicated, where it cannot fail for stored
 * orders but keeps the engine safe from anything else.
 *
 * A side's orders are checked in the order written: each chit placed or
 * kept uses up one chit of the hand, so "not in hand" means "not among
 * the chits the lines above left over".  The Delphi phase takes one line
 * of the oracle's holder: the chit it throws back.
 */
#include <stdio.h>

#include "adjudicator/diceless.h"

int dl_oracle_holder(const struct dl_map *m, const struct dl_position *p)
{
	return m->oracle >= 0 ? dl_holder(p->track[m->oracle]) : DL_NONE;
}

/* The chit name as players read it: "Military", "Persian Gold". */
static const char *chit_name(const struct dl_map *m, int kind)
{
	return kind >= 0 && kind < m->nkinds ? m->kind[kind].name : "?";
}

static int check_setup(const struct dl_map *m, const struct dl_position *p, int side,
                       const struct dl_orders *sofar, const struct dl_order *o,
                       char *why, size_t whylen)
{
	(void)side;
	if (o->verb != DL_COUNTER) {
		snprintf(why, whylen, "at the set-up you only place your second counter "
		         "(COUNTER <area>); chits are played from turn 1");
		return -1;
	}
	for (int i = 0; i < sofar->n; i++)
		if (sofar->o[i].verb == DL_COUNTER) {
			snprintf(why, whylen, "you have only one counter to place at the set-up");
			return -1;
		}
	/* any area at all, as the seed's "at discretion" has it: one in an
	 * area holding an enemy counter cancels it (RULES.md section 7) */
	(void)p;
	(void)m;
	return 0;
}

/* The out-of-range sentence for a chit acting as type in area. */
static void range_reason(const struct dl_map *m, const struct dl_position *p, int side,
                         int type, int area, char *why, size_t whylen)
{
	const char *t = dl_type_name(type), *a = dl_article(t), *name = m->area[area].name;
	int next_to = dl_reach(type) == DL_NEXT_TO;
	int d = dl_distance_to_side(m, p, side, area, next_to);

	if (d < 0 && !next_to)
		snprintf(why, whylen, "%s holds no area, so %s %s chit cannot be placed",
		         m->side[side].name, a, t);
	else if (d < 0)
		snprintf(why, whylen, "%s holds no area but %s, so %s %s chit cannot be "
		         "placed: it goes next to an area of your side", m->side[side].name,
		         name, a, t);
	else if (next_to && dl_holder(p->track[area]) == side)
		snprintf(why, whylen, "%s is out of range: it is yours, but %s %s chit goes "
		         "next to an area oriented to %s, and no other area of yours is next "
		         "to it", name, a, t, m->side[side].name);
	else
		snprintf(why, whylen, "%s is out of range: %s %s chit must go %s an area "
		         "oriented to %s, and the nearest is %d steps away", name, a, t,
		         next_to ? "next to" : "within two steps of", m->side[side].name, d);
}

/* The Delphi phase: only the holder orders, one DISCARD of a chit in its
 * hand (or nothing: PASS). */
static int check_delphi(const struct dl_map *m, const struct dl_position *p, int side,
                        const struct dl_orders *sofar, const struct dl_order *o,
                        char *why, size_t whylen)
{
	const char *oracle = m->area[m->oracle].name;

	if (dl_oracle_holder(m, p) != side) {
		snprintf(why, whylen, "only the side holding %s (the oracle of Delphi) "
		         "orders in the Delphi phase", oracle);
		return -1;
	}
	if (o->verb != DL_DISCARD) {
		snprintf(why, whylen, "this is the Delphi phase: throw back one chit "
		         "(DISCARD <chit>) or send PASS; chits are placed and kept once "
		         "the turn begins");
		return -1;
	}
	if (sofar->n) {
		snprintf(why, whylen, "you throw back one chit at Delphi, and have named "
		         "it already");
		return -1;
	}
	if (o->chit < 0 || o->chit >= m->nkinds || !dl_hand_count(&p->hand[side], o->chit)) {
		snprintf(why, whylen, "not in hand: you hold no %s chit", chit_name(m, o->chit));
		return -1;
	}
	return 0;
}

static int check_turn(const struct dl_map *m, const struct dl_position *p, int side,
                      const struct dl_orders *sofar, const struct dl_order *o,
                      char *why, size_t whylen)
{
	struct dl_hand left = p->hand[side];
	int placed = 0, kept = 0;

	if (o->verb == DL_COUNTER) {
		snprintf(why, whylen, "COUNTER is only for the set-up; now place chits "
		         "(e.g. MILITARY <area>)");
		return -1;
	}
	for (int i = 0; i < sofar->n; i++) {
		dl_hand_remove(&left, sofar->o[i].chit);
		placed += sofar->o[i].verb == DL_PLACE;
		kept += sofar->o[i].verb == DL_KEEP;
	}
	if (o->chit < 0 || o->chit >= m->nkinds) {
		snprintf(why, whylen, "no such chit");
		return -1;
	}
	if (o->verb == DL_PLACE && placed >= DL_PLACES) {
		snprintf(why, whylen, "too many: you place %d chits a turn and have placed "
		         "them already", DL_PLACES);
		return -1;
	}
	if (o->verb == DL_KEEP && kept) {
		snprintf(why, whylen, "you keep one chit a turn, and have named it already");
		return -1;
	}
	if (o->verb == DL_DISCARD) {
		snprintf(why, whylen, "DISCARD belongs to the Delphi phase, which comes "
		         "before a turn when a side holds %s (the oracle of Delphi)",
		         m->area[m->oracle].name);
		return -1;
	}
	if (!dl_hand_count(&left, o->chit)) {
		if (dl_hand_count(&p->hand[side], o->chit))
			snprintf(why, whylen, "not in hand: your %s %s already used by the "
			         "lines above", chit_name(m, o->chit),
			         dl_hand_count(&p->hand[side], o->chit) > 1 ? "chits are" : "chit is");
		else
			snprintf(why, whylen, "not in hand: you hold no %s chit",
			         chit_name(m, o->chit));
		return -1;
	}
	if (o->verb != DL_PLACE)
		return 0;
	if (m->kind[o->chit].type == DL_STAR ? o->as < DL_MILITARY || o->as > DL_VOID
	                                     : o->as != m->kind[o->chit].type) {
		snprintf(why, whylen, "the Star is played as Military, Influence, Coup or Void");
		return -1;
	}
	if (!dl_in_range(m, p, side, o->as, o->area)) {
		range_reason(m, p, side, o->as, o->area, why, whylen);
		return -1;
	}
	return 0;
}

int dl_check_order(const struct dl_map *m, const struct dl_position *p, int side,
                   const struct dl_orders *sofar, const struct dl_order *o,
                   char *why, size_t whylen)
{
	if (o->verb == DL_PLACE || o->verb == DL_COUNTER)
		if (o->area < 0 || o->area >= m->nareas) {
			snprintf(why, whylen, "no such area");
			return -1;
		}
	switch (p->phase) {
	case DL_PH_SETUP:
		return check_setup(m, p, side, sofar, o, why, whylen);
	case DL_PH_TURN:
		return check_turn(m, p, side, sofar, o, why, whylen);
	case DL_PH_DELPHI:
		return check_delphi(m, p, side, sofar, o, why, whylen);
	default:
		snprintf(why, whylen, "the game is over");
		return -1;
	}
}
