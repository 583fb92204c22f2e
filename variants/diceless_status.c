/*
 * diceless_status.c - the position as players read it.  dl_status and
 * dl_status_json go to both sides and the Master, so they show only what
 * both may know: the counters, the score, and how many chits are in the
 * hands and the cup, never which (not even the chit a side kept from the
 * last turn: that stays its secret until played).  dl_private is one
 * side's own view: its hand, the chit it kept, where each of its chits
 * may go, and in a Delphi phase what it may do there.
 */
#include <stdlib.h>
#include <string.h>

#include "variants/diceless_board.h"

void dl_chit_text(const struct dl_map *m, int kind, int as, struct strbuf *sb)
{
	const struct dl_kind *k = &m->kind[kind];

	if (k->type == DL_STAR && as >= DL_MILITARY && as <= DL_VOID)
		strbuf_addf(sb, "Star as %s", dl_type_name(as));
	else if (k->type == DL_SPECIAL)
		strbuf_addf(sb, "%s (favours %s)", k->name, m->side[k->favours].name);
	else
		strbuf_addstr(sb, k->name);
}

void dl_hand_text(const struct dl_map *m, const struct dl_hand *h, struct strbuf *sb)
{
	if (!h->n)
		strbuf_addstr(sb, "nothing");
	for (int i = 0; i < h->n; i++) {
		if (i)
			strbuf_addstr(sb, i == h->n - 1 ? " and " : ", ");
		dl_chit_text(m, h->chit[i], DL_NONE, sb);
	}
}

void dl_track_text(const struct dl_map *m, int track, struct strbuf *sb)
{
	if (!track)
		strbuf_addstr(sb, "neutral");
	else
		strbuf_addf(sb, "%s %d", m->side[dl_holder(track)].name, abs(track));
}

/* The season and year of turn t: "Spring 431 BC". */
static void turn_date(const struct dl_map *m, int t, struct strbuf *sb)
{
	if (t < 1)
		t = 1;
	strbuf_addf(sb, "%s %d BC", t % 2 ? "Spring" : "Autumn", m->start_year - (t - 1) / 2);
}

void dl_format_phase(const struct dl_map *m, const struct dl_position *p, struct strbuf *sb)
{
	switch (p->phase) {
	case DL_PH_SETUP:
		strbuf_addf(sb, "Set-up, %d BC", m->start_year);
		break;
	case DL_PH_TURN:
		strbuf_addf(sb, "Turn %d of %d, ", p->turn, m->turns);
		turn_date(m, p->turn, sb);
		break;
	case DL_PH_DELPHI:
		strbuf_addf(sb, "Delphi before turn %d of %d, ", p->turn, m->turns);
		turn_date(m, p->turn, sb);
		break;
	default:
		strbuf_addstr(sb, "Game over, after ");
		turn_date(m, p->turn, sb);
		break;
	}
}

/* The chits side kept from the last turn: its hand less this turn's draws. */
static struct dl_hand kept_chits(const struct dl_position *p, int side)
{
	struct dl_hand h = p->hand[side];

	if ((p->phase != DL_PH_TURN && p->phase != DL_PH_DELPHI) || p->turn <= 1)
		return (struct dl_hand){ 0, { 0 } };
	for (int i = 0; i < p->drawn[side].n; i++)
		dl_hand_remove(&h, p->drawn[side].chit[i]);
	return h;
}

void dl_score_text(const struct dl_map *m, const struct dl_position *p, struct strbuf *sb)
{
	int areas[2], counters[2], need[2];

	dl_score(m, p, areas, counters, need);
	for (int s = 0; s < 2; s++) {
		strbuf_addf(sb, "  %-7s %2d area%s, %2d counter%s; %d areas win", m->side[s].name,
		            areas[s], areas[s] == 1 ? "" : "s", counters[s],
		            counters[s] == 1 ? "" : "s", need[s]);
		if (need[s] != m->win)
			strbuf_addf(sb, " (%s is oriented to %s)", m->area[m->side[s].city].name,
			            m->side[1 - s].name);
		strbuf_addstr(sb, ".\n");
	}
}

void dl_orientation(const struct dl_map *m, const struct dl_position *p, struct strbuf *sb)
{
	for (int s = 0; s <= 2; s++) {
		int n = 0;
		strbuf_addf(sb, "  %-8s", s < 2 ? m->side[s].name : "Neutral");
		for (int a = 0; a < m->nareas; a++) {
			int h = dl_holder(p->track[a]);
			if ((s < 2 && h != s) || (s == 2 && h != DL_NONE))
				continue;
			strbuf_addf(sb, "%s%s", n++ ? ", " : "", m->area[a].name);
			if (s < 2)
				strbuf_addf(sb, " %d", abs(p->track[a]));
		}
		strbuf_addf(sb, "%s.\n", n ? "" : "none");
	}
}

static void status_text(const struct dl_map *m, const struct dl_position *p, struct strbuf *sb)
{
	uint8_t cup[DL_MAX_KINDS];
	int oracle = dl_oracle_holder(m, p), out = 0;

	dl_format_phase(m, p, sb);
	strbuf_addstr(sb, ".\n\nOrientation (counters in each area):\n");
	dl_orientation(m, p, sb);
	strbuf_addstr(sb, "\nScore:\n");
	dl_score_text(m, p, sb);
	if (p->phase == DL_PH_OVER) {
		if (p->winner == DL_NONE)
			strbuf_addstr(sb, "\nThe game ended in a draw.\n");
		else
			strbuf_addf(sb, "\n%s won the game.\n", m->side[p->winner].name);
		return;
	}
	if (p->phase == DL_PH_SETUP) {
		strbuf_addf(sb, "\nEach side places its second counter (COUNTER <area>).\n");
		return;
	}
	strbuf_addf(sb, "\n%s (the oracle of Delphi) is ", m->area[m->oracle].name);
	if (p->phase == DL_PH_DELPHI)
		strbuf_addf(sb, "held by %s: before the turn it may throw back one chit of "
		            "its hand and draw another (DISCARD <chit>, or PASS).\n",
		            m->side[oracle].name);
	else if (oracle == DL_NONE)
		strbuf_addstr(sb, "neutral.  Whoever holds it when the next hands are drawn "
		              "may exchange one chit before that turn.\n");
	else
		strbuf_addf(sb, "held by %s.  Whoever holds it when the next hands are drawn "
		            "may exchange one chit before that turn.\n", m->side[oracle].name);
	strbuf_addstr(sb, "Hands:");
	for (int s = 0; s < 2; s++)
		strbuf_addf(sb, "%s %s holds %d chits", s ? ";" : "", m->side[s].name, p->hand[s].n);
	dl_cup(m, p, cup);
	strbuf_addf(sb, ".\nThe cup holds %d chits.\nSpecial chits out of the game: ", dl_cup_size(m, cup));
	for (int k = DL_ORDINARY; k < m->nkinds; k++)
		if (p->retired[k])
			strbuf_addf(sb, "%s%s", out++ ? ", " : "", m->kind[k].name);
	strbuf_addf(sb, "%s.\n", out ? "" : "none");
}

void dl_status(const struct dl_map *m, const struct dl_position *p, struct strbuf *sb)
{
	size_t from = sb->len;

	status_text(m, p, sb);
	wrap_tail(sb, from, &DL_WRAP);
}

void dl_status_json(const struct dl_map *m, const struct dl_position *p, struct json *j)
{
	int areas[2], counters[2], need[2];

	dl_score(m, p, areas, counters, need);
	json_key(j, "units");
	json_array(j);
	json_array_end(j);
	json_key(j, "centres");
	json_object(j);
	for (int s = 0; s < 2; s++) {
		json_key(j, m->side[s].name);
		json_array(j);
		for (int a = 0; a < m->nareas; a++)
			if (dl_holder(p->track[a]) == s)
				json_string(j, m->area[a].code);
		json_array_end(j);
	}
	json_object_end(j);
	json_key(j, "counters");
	json_object(j);
	for (int a = 0; a < m->nareas; a++)
		if (p->track[a]) {
			json_key(j, m->area[a].code);
			json_object(j);
			json_kstring(j, "side", m->side[dl_holder(p->track[a])].name);
			json_kint(j, "count", abs(p->track[a]));
			json_object_end(j);
		}
	json_object_end(j);
	json_key(j, "score");
	json_object(j);
	for (int s = 0; s < 2; s++) {
		json_key(j, m->side[s].name);
		json_object(j);
		json_kint(j, "areas", areas[s]);
		json_kint(j, "counters", counters[s]);
		json_kint(j, "need", need[s]);
		json_kint(j, "chits", p->hand[s].n);
		json_object_end(j);
	}
	json_object_end(j);
}

/* The areas side may place a chit acting as type in, as a list. */
static void range_list(const struct dl_map *m, const struct dl_position *p, int side, int type,
                       struct strbuf *sb)
{
	int n = 0;

	for (int a = 0; a < m->nareas; a++)
		if (dl_in_range(m, p, side, type, a))
			strbuf_addf(sb, "%s%s", n++ ? ", " : "", m->area[a].name);
	strbuf_addf(sb, "%s.\n", n ? "" : "nowhere");
}

/* What side may do in the Delphi phase, or must wait for. */
static void delphi_text(const struct dl_map *m, const struct dl_position *p, int side,
                        struct strbuf *sb)
{
	int h = dl_oracle_holder(m, p);

	if (h == side)
		strbuf_addf(sb, "You hold %s (Delphi): before the turn you may throw back "
		            "one chit of this hand and draw another from the cup, which you "
		            "may place this turn.  Send DISCARD <chit>, or PASS to keep the "
		            "hand; the turn begins at the next run after you do, or at the "
		            "deadline.\n", m->area[m->oracle].name);
	else
		strbuf_addf(sb, "%s holds %s (Delphi) and may exchange one chit first: "
		            "your orders for turn %d are taken once its Delphi phase is "
		            "over, and you will be mailed then.\n", m->side[h].name,
		            m->area[m->oracle].name, p->turn);
}

static void private_text(const struct dl_map *m, const struct dl_position *p, int side,
                         struct strbuf *sb)
{
	struct dl_hand kept = kept_chits(p, side);
	const char *enemy = m->side[1 - side].adjective;

	if (p->phase == DL_PH_SETUP) {
		strbuf_addf(sb, "Place your second counter: COUNTER <area>, in any area (your "
		            "own city to reinforce it; on %s %s counter it cancels it).\n",
		            dl_article(enemy), enemy);
		return;
	}
	if (p->phase != DL_PH_TURN && p->phase != DL_PH_DELPHI)
		return;
	strbuf_addf(sb, "Your hand (%s, turn %d): ", m->side[side].name, p->turn);
	dl_hand_text(m, &p->hand[side], sb);
	strbuf_addstr(sb, ".\n");
	if (kept.n) {
		strbuf_addstr(sb, "Kept from the last turn: ");
		dl_hand_text(m, &kept, sb);
		strbuf_addstr(sb, "; drawn for this turn: ");
		dl_hand_text(m, &p->drawn[side], sb);
		strbuf_addstr(sb, ".\n");
	}
	if (p->phase == DL_PH_DELPHI)
		delphi_text(m, p, side, sb);
	strbuf_addstr(sb, "Where your chits may go this turn:\n  Military (within two steps "
	              "of your areas): ");
	range_list(m, p, side, DL_MILITARY, sb);
	strbuf_addstr(sb, "  Influence (next to one of your areas): ");
	range_list(m, p, side, DL_INFLUENCE, sb);
	strbuf_addstr(sb, "  Coup, Void and special chits: anywhere.  The Star: as the chit "
	              "it is played as.\n");
	if (p->phase == DL_PH_TURN)
		strbuf_addf(sb, "Place %d chits, one line each (MILITARY Boeotia, STAR AS COUP "
		            "Megara), and name the one you keep (KEEP VOID).\n", DL_PLACES);
}

void dl_private(const struct dl_map *m, const struct dl_position *p, int side, struct strbuf *sb)
{
	size_t from = sb->len;

	private_text(m, p, side, sb);
	wrap_tail(sb, from, &DL_WRAP);
}
