/*
 * diceless_check.c - is one line of a side's orders allowed?  Used twice:
 * when orders arrive (so the player learns at once what is wrong) and
 * again when the phase is adjudicated, where it cannot fail for stored
 * orders but keeps the engine safe from anything else.
 *
 * A side's orders are checked in the order written: each chit placed,
 * kept or thrown back uses up one chit of the hand, so "not in hand" means
 * "not among the chits the lines above left over".
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
	int enemy = 1 - side;

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
	if (dl_holder(p->track[o->area]) == enemy) {
		snprintf(why, whylen, "%s holds %s %s counter: choose an area without one",
		         m->area[o->area].name, dl_article(m->side[enemy].adjective), m->side[enemy].adjective);
		return -1;
	}
	return 0;
}

/* The out-of-range sentence for a chit acting as type in area. */
static void range_reason(const struct dl_map *m, const struct dl_position *p, int side,
                         int type, int area, char *why, size_t whylen)
{
	int d = dl_distance_to_side(m, p, side, area);
	int r = dl_range(type);

	if (d < 0)
		snprintf(why, whylen, "%s holds no area, so %s %s chit cannot be placed",
		         m->side[side].name, dl_article(dl_type_name(type)), dl_type_name(type));
	else
		snprintf(why, whylen, "%s is out of range: %s %s chit must go %s an area "
		         "oriented to %s, and the nearest is %d steps away",
		         m->area[area].name, dl_article(dl_type_name(type)), dl_type_name(type),
		         r == 2 ? "within two steps of" : "into or next to",
		         m->side[side].name, d);
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
		kept += sofar->o[i].verb == DL_KEEP || sofar->o[i].verb == DL_DISCARD;
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
	if ((o->verb == DL_KEEP || o->verb == DL_DISCARD) && kept) {
		snprintf(why, whylen, "you keep (or throw back) one chit a turn, and "
		         "have named it already");
		return -1;
	}
	if (o->verb == DL_DISCARD && dl_oracle_holder(m, p) != side) {
		snprintf(why, whylen, "only the side holding %s (the oracle of Delphi) "
		         "may throw a chit back", m->oracle >= 0 ? m->area[m->oracle].name : "Delphi");
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
	default:
		snprintf(why, whylen, "the game is over");
		return -1;
	}
}
