/*
 * diceless_report.c - the results mail of a diceless phase, the same for
 * both players: every chit placed (and what became of those not placed),
 * each struggle pair by pair and step by step, the orientation and the
 * score, or in a Delphi phase the chit thrown back; and how to check the
 * chance in it.  The replacement drawn at Delphi is told to its holder
 * alone (dl_report_private).  Built from the outcome and the positions before and after, it
 * says nothing that depends on a hand beyond the chits that left it:
 * not which chit a side keeps (only that it keeps one), not what the cup
 * the next hands come from holds (only how many chits), nothing of the
 * hands drawn.  So it does not depend on the game keys, but where a
 * side's key chose the chit kept for it at random, and so which of its
 * chits went back to the cup or were placed by the Judge.
 */
#include <stdlib.h>
#include <string.h>

#include "variants/diceless_board.h"
#include "variants/variant.h"

static const char *const ordinal[] = { "1st", "2nd", "3rd", "4th", "5th", "6th", "7th", "8th" };

/* "Athenian Star as Coup" */
static void entry_text(const struct dl_map *m, const struct dl_entry *e, struct strbuf *sb)
{
	strbuf_addf(sb, "%s ", m->side[e->placer].adjective);
	dl_chit_text(m, e->chit, e->as, sb);
}

static void placements(const struct dl_map *m, const struct dl_outcome *out, struct strbuf *sb)
{
	strbuf_addstr(sb, "Chits placed, in the order each side wrote them:\n");
	for (int s = 0; s < 2; s++) {
		strbuf_addf(sb, "  %-7s ", m->side[s].name);
		if (!out->given[s])
			strbuf_addstr(sb, "sent no orders");
		else if (!out->nplay[s])
			strbuf_addstr(sb, "placed no chit");
		for (int i = 0; i < out->nplay[s]; i++) {
			const struct dl_order *o = &out->play[s][i];
			strbuf_addstr(sb, i ? "; " : "");
			dl_chit_text(m, o->chit, o->as, sb);
			strbuf_addf(sb, " in %s", m->area[o->area].name);
		}
		strbuf_addstr(sb, ".\n");
	}
}

/* What became of the chits a side left in its hand, if more than the one
 * it keeps. */
static void leftovers(const struct dl_map *m, const struct dl_outcome *out, struct strbuf *sb)
{
	for (int s = 0; s < 2; s++) {
		const char *name = m->side[s].name;
		if (out->returned[s].n) {
			strbuf_addf(sb, "  %s did not place ", name);
			dl_hand_text(m, &out->returned[s], sb);
			strbuf_addstr(sb, ": back to the cup.\n");
		}
		if (out->wasted[s].n) {
			strbuf_addf(sb, "  %s did not place ", name);
			dl_hand_text(m, &out->wasted[s], sb);
			strbuf_addstr(sb, ": retired unused (a special chit favouring its holder "
			              "is lost when not played).\n");
		}
		for (int j = 0; j < out->njudge; j++)
			if (out->judge[j].placer == s) {
				strbuf_addf(sb, "  %s did not place ", name);
				dl_chit_text(m, out->judge[j].chit, DL_NONE, sb);
				strbuf_addf(sb, ": the Judge places it in %s (an area drawn at random), "
				            "where it acts for %s.\n", m->area[out->judge_area[j]].name,
				            m->side[out->judge[j].side].name);
			}
	}
}

/* One step of area's track from t in direction dir (+1 or -1), in words;
 * t is not yet at two counters of the side the step is for. */
static void step_text(const struct dl_map *m, int area, int t, int dir, struct strbuf *sb)
{
	int side = dir > 0 ? 0 : 1;
	const char *name = m->area[area].name;

	if (t * dir < 0)
		strbuf_addf(sb, "%s %s counter is removed%s%s", dl_article(m->side[1 - side].adjective),
		            m->side[1 - side].adjective, t + dir == 0 ? ", and " : "",
		            t + dir == 0 ? name : "");
	else if (t == 0)
		strbuf_addf(sb, "%s is oriented to %s", name, m->side[side].name);
	else
		strbuf_addf(sb, "a second %s counter reinforces %s", m->side[side].adjective, name);
	if (t + dir == 0)
		strbuf_addstr(sb, " turns neutral");
}

static void struggle(const struct dl_map *m, const struct dl_struggle *st, struct strbuf *sb)
{
	int paired = st->n[0] < st->n[1] ? st->n[0] : st->n[1];
	int longest = st->n[0] > st->n[1] ? st->n[0] : st->n[1];
	int net = st->actions[0] - st->actions[1], t = st->before;
	int dir = net > 0 ? 1 : -1;

	strbuf_addf(sb, "  %s (", m->area[st->area].name);
	dl_track_text(m, st->before, sb);
	strbuf_addstr(sb, ")\n");
	for (int i = 0; i < longest; i++) {
		const struct dl_entry *a = &st->line[0][i], *b = &st->line[1][i];
		strbuf_addf(sb, "    %s: ", ordinal[i < 8 ? i : 7]);
		if (i < paired && (a->as == DL_SPECIAL || b->as == DL_SPECIAL)) {
			entry_text(m, a, sb);
			strbuf_addstr(sb, a->fate == b->fate ? " and " : a->fate == DL_WINS ?
			              " beats " : " loses to ");
			entry_text(m, b, sb);
			strbuf_addstr(sb, a->fate == b->fate ? " both win" : "");
			strbuf_addstr(sb, ": a special chit always wins, for the side it "
			              "favours.\n");
		} else if (i < paired) {
			static const char *const verb[] = {
				[DL_WINS] = "beats", [DL_LOSES] = "loses to", [DL_DRAWS] = "draws with",
			};
			entry_text(m, a, sb);
			strbuf_addf(sb, " %s ", verb[a->fate]);
			entry_text(m, b, sb);
			if (a->fate == DL_DRAWS)
				strbuf_addstr(sb, ": both are removed");
			else if ((a->chit == DL_STAR || b->chit == DL_STAR) && a->as == b->as)
				strbuf_addstr(sb, " (the Star wins a tie)");
			strbuf_addstr(sb, ".\n");
		} else {
			const struct dl_entry *e = i < st->n[0] ? a : b;
			entry_text(m, e, sb);
			if (e->judge)
				strbuf_addstr(sb, ", placed by the Judge,");
			strbuf_addstr(sb, " is unopposed.\n");
		}
	}
	strbuf_addf(sb, "    Steps won: %s %d, %s %d", m->side[0].name, st->actions[0],
	            m->side[1].name, st->actions[1]);
	if (st->actions[0] && st->actions[1])
		strbuf_addstr(sb, " (they cancel one for one)");
	if (!net) {
		strbuf_addstr(sb, ": nothing changes.\n");
	} else {
		strbuf_addf(sb, ": %d for %s.\n", abs(net), m->side[net > 0 ? 0 : 1].name);
		for (int k = 0; k < abs(net); k++) {
			int lost = abs(net) - k;
			if (t * dir >= DL_MAX_COUNTERS) {
				strbuf_addf(sb, "      %s has two %s counters already: %d step%s lost.\n",
				            m->area[st->area].name, m->side[dir > 0 ? 0 : 1].adjective,
				            lost, lost > 1 ? "s are" : " is");
				break;
			}
			strbuf_addstr(sb, "      ");
			step_text(m, st->area, t, dir, sb);
			strbuf_addstr(sb, ".\n");
			t += dir;
		}
	}
	strbuf_addf(sb, "    %s is now ", m->area[st->area].name);
	dl_track_text(m, st->after, sb);
	strbuf_addstr(sb, ".\n");
}

static void hands_after(const struct dl_map *m, const struct dl_outcome *out, struct strbuf *sb)
{
	for (int s = 0; s < 2; s++) {
		strbuf_addf(sb, "%s ", m->side[s].name);
		if (out->kept[s] != DL_NONE) {
			/* which one is its secret until it is played */
			strbuf_addstr(sb, out->kept_at_random[s] ? "keeps one of the chits it did not "
			              "place, chosen at random," : "keeps a chit");
			strbuf_addstr(sb, " for the next turn.\n");
		} else {
			strbuf_addstr(sb, "keeps nothing.\n");
		}
	}
	if (out->retired.n) {
		strbuf_addstr(sb, "Chits retired from the game: ");
		dl_hand_text(m, &out->retired, sb);
		strbuf_addstr(sb, ".\n");
	}
}

/* The Delphi phase: what its holder did, as both sides read it. */
static void delphi_report(const struct dl_map *m, const struct dl_outcome *out,
                          struct strbuf *sb)
{
	int h = out->oracle_holder;

	if (h == DL_NONE)
		return;
	strbuf_addf(sb, "%s holds %s (Delphi) and ", m->side[h].name, m->area[m->oracle].name);
	if (out->discarded[h] == DL_NONE) {
		strbuf_addf(sb, "%s: its hand stays as it was.\n",
		            out->given[h] ? "passes" : "sent nothing");
		return;
	}
	strbuf_addstr(sb, "throws back ");
	dl_chit_text(m, out->discarded[h], DL_NONE, sb);
	strbuf_addf(sb, ": it draws another from a cup of %d chits, without the one "
	            "thrown back, which then returns to the cup.  The chit drawn may be "
	            "placed this turn.\n", out->delphi_cup);
}

void dl_report_private(const struct dl_map *m, const struct dl_outcome *out, int side,
                       struct strbuf *sb)
{
	size_t from = sb->len;

	if (out->phase != DL_PH_DELPHI || out->oracle_holder != side ||
	    out->discarded[side] == DL_NONE || out->replacement == DL_NONE)
		return;
	strbuf_addstr(sb, "At Delphi you threw back ");
	dl_chit_text(m, out->discarded[side], DL_NONE, sb);
	strbuf_addstr(sb, " and drew ");
	dl_chit_text(m, out->replacement, DL_NONE, sb);
	strbuf_addstr(sb, ", which you may place this turn.\n");
	wrap_tail(sb, from, &DL_WRAP);
}

static void ending(const struct dl_map *m, const struct dl_outcome *out, struct strbuf *sb)
{
	const char *w = out->winner != DL_NONE ? m->side[out->winner].name : "";

	switch (out->end) {
	case DL_GOES_ON:
		strbuf_addf(sb, "No side has reached its target: turn %d follows.\n", out->turn + 1);
		break;
	case DL_END_TARGET:
		strbuf_addf(sb, "%s WINS with %d areas (needed %d).\n", w, out->areas[out->winner],
		            out->need[out->winner]);
		break;
	case DL_END_TARGET_AREAS:
	case DL_END_TARGET_COUNTERS:
		strbuf_addf(sb, "Both sides reached their targets; %s WINS with more %s.\n", w,
		            out->end == DL_END_TARGET_AREAS ? "areas" : "counters on the map (areas are equal)");
		break;
	case DL_END_AREAS:
	case DL_END_COUNTERS:
		strbuf_addf(sb, "Turn %d was the last.  %s WINS with more %s.\n", out->turn, w,
		            out->end == DL_END_AREAS ? "areas" : "counters on the map (areas are equal)");
		break;
	case DL_END_DRAW:
		strbuf_addf(sb, "Turn %d was the last, and the sides are level on areas and on "
		            "counters: the game is a DRAW.\n", out->turn);
		break;
	}
}

/* How to check the chance of this phase.  The seed revealed with these
 * results made what they show; the game keys, revealed when the game
 * ends, what stays secret until then.  The cup of the next hands is
 * given by its size only: which chits it holds would tell each side the
 * other's kept chit. */
static void chance(const struct dl_map *m, const struct dl_outcome *out,
                   const struct dl_position *after, struct strbuf *sb)
{
	int delphi = out->phase == DL_PH_DELPHI && out->oracle_holder != DL_NONE &&
	             out->discarded[out->oracle_holder] != DL_NONE;
	int keyed = out->dealt || delphi || out->kept_at_random[0] || out->kept_at_random[1];

	strbuf_addstr(sb, "\nChance (method: GET ");
	variant_file_name(sb, "rules", m->variant);
	strbuf_addstr(sb, ", section 10; BLAKE2b keyed with the phase's seed or a side's "
	              "game key):\n");
	if (out->toss != DL_NONE)
		strbuf_addstr(sb, "  The seed revealed with these results made the Gods' Support "
		              "toss (stream \"toss\").\n");
	if (out->njudge)
		strbuf_addstr(sb, "  The seed revealed with these results chose the areas of the "
		              "Judge's placements (stream \"place\").\n");
	for (int s = 0; s < 2; s++)
		if (out->kept_at_random[s])
			strbuf_addf(sb, "  The chit %s keeps was chosen with its game key (stream "
			            "\"keep\", turn %d).\n", m->side[s].name, out->turn);
	if (delphi)
		strbuf_addf(sb, "  %s drew the chit that replaces the one thrown back with its "
		            "game key (stream \"delphi\", turn %d).\n",
		            m->side[out->oracle_holder].name, out->turn);
	if (out->dealt) {
		strbuf_addf(sb, "  The hands for turn %d were drawn from a cup of %d chits",
		            after->turn, out->cupsize);
		strbuf_addf(sb, ": %s drew %d with its game key first, then %s %d with its own "
		            "from what was left (stream \"hand\", turn %d).\n", m->side[0].name,
		            out->ndrawn[0], m->side[1].name, out->ndrawn[1], after->turn);
	}
	if (keyed)
		strbuf_addstr(sb, "  The game keys are revealed when the game ends, to check "
		              "every hand and every chit kept at random.\n");
	else if (out->toss == DL_NONE && !out->njudge)
		strbuf_addstr(sb, "  Nothing was drawn in this phase.\n");
}

static void setup_report(const struct dl_map *m, const struct dl_position *before,
                         const struct dl_outcome *out, const struct dl_position *after,
                         struct strbuf *sb)
{
	for (int s = 0; s < 2; s++) {
		int c = out->setup_choice[s];
		if (c == DL_NONE)
			strbuf_addf(sb, "%s sent no orders: its second counter reinforces %s.\n",
			            m->side[s].name, m->area[m->side[s].city].name);
		else
			strbuf_addf(sb, "%s places its second counter in %s.\n", m->side[s].name,
			            m->area[c].name);
	}
	for (int s = 0; s < 2; s++) {
		int a = out->setup_area[s];
		if (dl_holder(before->track[a]) == 1 - s && dl_holder(after->track[a]) == DL_NONE)
			strbuf_addf(sb, "The %s counter in %s cancels the %s one there: %s is "
			            "now neutral.\n", m->side[s].adjective, m->area[a].name,
			            m->side[1 - s].adjective, m->area[a].name);
	}
	if (out->toss != DL_NONE) {
		int w = out->toss, l = 1 - out->toss;
		strbuf_addf(sb, "Both sides asked for %s.  The Gods' Support favours %s: %s is "
		            "oriented to %s, and the %s counter reinforces %s instead.\n",
		            m->area[out->setup_area[w]].name, m->side[w].name,
		            m->area[out->setup_area[w]].name, m->side[w].name, m->side[l].adjective,
		            m->area[m->side[l].city].name);
	}
}

void dl_report(const struct dl_map *m, const struct dl_position *before,
               const struct dl_outcome *out, const struct dl_position *after,
               struct strbuf *sb)
{
	size_t from = sb->len;

	strbuf_addstr(sb, "Results of ");
	dl_format_phase(m, before, sb);
	strbuf_addstr(sb, ".\n\n");
	if (before->phase == DL_PH_SETUP) {
		setup_report(m, before, out, after, sb);
	} else if (before->phase == DL_PH_DELPHI) {
		delphi_report(m, out, sb);
	} else {
		placements(m, out, sb);
		leftovers(m, out, sb);
		strbuf_addstr(sb, "\nStruggles (each area's counters before, in brackets):\n");
		if (!out->nstruggle)
			strbuf_addstr(sb, "  none.\n");
		for (int i = 0; i < out->nstruggle; i++)
			struggle(m, &out->struggle[i], sb);
		strbuf_addstr(sb, "\n");
		hands_after(m, out, sb);
	}
	if (before->phase != DL_PH_DELPHI) {
		strbuf_addstr(sb, "\nOrientation now:\n");
		dl_orientation(m, after, sb);
		strbuf_addstr(sb, "Score:\n");
		dl_score_text(m, after, sb);
	}
	if (before->phase == DL_PH_TURN)
		ending(m, out, sb);
	chance(m, out, after, sb);
	wrap_tail(sb, from, &DL_WRAP);
}
