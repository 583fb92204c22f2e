/*
 * pelo_diplomacy_test.c - the Peloponnesian War's diplomatic phase (chapter
 * 2, seed 000) on the real board and the 431 BC scenario: the relations
 * the opening position gives, each action allowed and refused with its
 * reason, each action's effects, and the rounds (waiting actions, PASS in
 * a plan, the end when every major passes in turn, what was never taken).
 * Breaking a peace is checked against the die the same stream gives.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adjudicator/pelo.h"
#include "tests/pelo/pelo_test.h"


static int box_is(const struct pelo_pos *p, const char *c, int box, const char *of)
{
	const struct pelo_status *st = &p->status[city(c)];
	return st->box == box && st->of == (*of ? city(of) : PELO_NONE);
}

static struct pelo_action act(int kind, const char *target)
{
	return (struct pelo_action){ (int8_t)kind, (int8_t)(target ? city(target) : PELO_NONE) };
}

/* NULL if c may take the action now, else the reason. */
static const char *why_not(const struct pelo_pos *p, const char *c, int kind, const char *target,
                           const struct pelo_consent *consent)
{
	static char why[PELO_WHY_MAX];
	struct pelo_action a = act(kind, target);
	return pelo_action_why_not(m, &board.scen, p, city(c), &a, consent, 1, why);
}

/* Take an action the rules allow; the report goes to out. */
static void take(struct pelo_pos *p, const char *c, int kind, const char *target,
                 struct chance_stream *dice, struct strbuf *out)
{
	struct pelo_action a = act(kind, target);
	pelo_action_take(m, &board.scen, p, city(c), &a, dice, words(out));
}

static int contains(const char *why, const char *text)
{
	return why && strstr(why, text);
}

static const unsigned char seed[CHANCE_SEED_BYTES] = "the seed of this test, 32 bytes";

static void opening(void)
{
	struct pelo_pos p;

	pelo_pos_initial(m, &board.scen, &p);
	CHECK(p.turn == 1 && p.phase == PELO_PH_DIPLOMATIC, "the game opens in turn 1, diplomatic phase");
	CHECK(pelo_relation(m, &p, city("ath"), city("spa")) == PELO_UNFRIENDLY,
	      "Athens and Sparta, both dominant, are unfriendly");
	CHECK(pelo_relation(m, &p, city("cor"), city("spa")) == PELO_FRIENDLY &&
	      pelo_relation(m, &p, city("thb"), city("cor")) == PELO_FRIENDLY,
	      "Corinth and Thebes are friendly to Sparta and each other (its coalition)");
	CHECK(pelo_relation(m, &p, city("cor"), city("ath")) == PELO_UNFRIENDLY,
	      "Corinth, in Sparta's coalition, is unfriendly to Athens");
	CHECK(pelo_relation(m, &p, city("meg"), city("thb")) == PELO_FRIENDLY,
	      "Megara, Sparta's ally, is friendly to Thebes, Sparta's partner");
	CHECK(pelo_relation(m, &p, city("aeg"), city("pla")) == PELO_FRIENDLY,
	      "Aegina (Athens' tributary) and Plataea (Athens' ally) are friendly");
	CHECK(pelo_relation(m, &p, city("arg"), city("ath")) == PELO_NEUTRAL &&
	      pelo_relation(m, &p, city("arg"), city("spa")) == PELO_NEUTRAL,
	      "Argos, neutral though sympathetic to Athens, is neutral to both");
	int pot = pelo_space_by_code(m, "pot");
	CHECK(pelo_space_relation(m, &p, pot, city("ath")) == PELO_UNFRIENDLY &&
	      pelo_space_relation(m, &p, pot, city("spa")) == PELO_FRIENDLY &&
	      pelo_space_relation(m, &p, pot, city("arg")) == PELO_NEUTRAL,
	      "Potidaea in rebellion: unfriendly to Athens, friendly to Sparta, neutral to Argos");
	CHECK(pelo_space_relation(m, &p, pelo_space_by_code(m, "pir"), city("ath")) == PELO_FRIENDLY,
	      "Piraeus is friendly to Athens");
	CHECK(pelo_space_relation(m, &p, pelo_space_by_code(m, "mel"), city("ath")) == PELO_NEUTRAL,
	      "Melos, held by nobody, is neutral");
}

static void claims_and_coalitions(void)
{
	struct pelo_pos p;
	struct pelo_consent consent;
	struct strbuf out = STRBUF_INIT;

	pelo_pos_initial(m, &board.scen, &p);
	memset(&consent, 0, sizeof consent);
	CHECK(contains(why_not(&p, "ath", PELO_ACT_CLAIM, NULL, NULL), "dominant already"),
	      "a dominant city-state cannot claim dominance again");
	CHECK(contains(why_not(&p, "thb", PELO_ACT_CLAIM, NULL, NULL), "junior partner of Sparta"),
	      "a junior partner must leave its coalition before claiming dominance");
	CHECK(contains(why_not(&p, "cor", PELO_ACT_RELINQUISH, NULL, NULL), "not dominant"),
	      "only a dominant city-state relinquishes dominance");
	CHECK(contains(why_not(&p, "ath", PELO_ACT_LEAVE, NULL, NULL), "no coalition"),
	      "a city-state in no coalition cannot leave one");
	CHECK(!why_not(&p, "thb", PELO_ACT_LEAVE, NULL, NULL), "a junior partner may leave");
	CHECK(contains(why_not(&p, "mac", PELO_ACT_CLAIM, NULL, NULL), "major city-state"),
	      "a kingdom takes no diplomatic action");

	take(&p, "thb", PELO_ACT_LEAVE, NULL, NULL, &out);
	CHECK(box_is(&p, "thb", PELO_BOX_NEUTRAL, ""), "Thebes leaves Sparta's coalition: neutral");
	CHECK(pelo_relation(m, &p, city("thb"), city("ath")) == PELO_NEUTRAL &&
	      pelo_relation(m, &p, city("thb"), city("spa")) == PELO_NEUTRAL,
	      "an independent Thebes is neutral to both dominant city-states");
	CHECK(contains(why_not(&p, "thb", PELO_ACT_JOIN, "ath", &consent), "has not agreed"),
	      "joining a coalition needs the dominant city-state's consent");
	CHECK(contains(why_not(&p, "thb", PELO_ACT_JOIN, "cor", &consent), "Corinth is not dominant"),
	      "only a dominant city-state's coalition can be joined");
	consent.admit[city("ath")][city("thb")] = 1;
	CHECK(!why_not(&p, "thb", PELO_ACT_JOIN, "ath", &consent), "with Athens' consent Thebes may join it");
	take(&p, "thb", PELO_ACT_JOIN, "ath", NULL, &out);
	CHECK(box_is(&p, "thb", PELO_BOX_PARTNER, "ath"), "Thebes is in Athens' Allies box");
	CHECK(pelo_relation(m, &p, city("thb"), city("pla")) == PELO_FRIENDLY &&
	      pelo_relation(m, &p, city("thb"), city("spa")) == PELO_UNFRIENDLY,
	      "now Thebes is friendly to Athens' allies and unfriendly to Sparta");

	/* Athens gives up dominance: tributaries, partners go; allies stay */
	take(&p, "ath", PELO_ACT_RELINQUISH, NULL, NULL, &out);
	CHECK(box_is(&p, "ath", PELO_BOX_NEUTRAL, ""), "Athens relinquishes dominance: neutral");
	CHECK(box_is(&p, "thb", PELO_BOX_NEUTRAL, "") && box_is(&p, "aeg", PELO_BOX_NEUTRAL, "") &&
	      box_is(&p, "ion", PELO_BOX_NEUTRAL, ""),
	      "its junior partner and its tributaries become neutral");
	CHECK(box_is(&p, "pla", PELO_BOX_ALLY, "ath") && box_is(&p, "crc", PELO_BOX_ALLY, "ath"),
	      "its minor allies that pay no tribute stay its allies");
	CHECK(p.bellicosity[city("ath")] == 8, "relinquishing costs Athens two bellicosity (10 -> 8)");
	CHECK(pelo_relation(m, &p, city("ath"), city("spa")) == PELO_NEUTRAL,
	      "an independent Athens is neutral to dominant Sparta");
	CHECK(!why_not(&p, "ath", PELO_ACT_CLAIM, NULL, NULL), "and may claim dominance again");
	strbuf_release(&out);
}

static void wars_and_allies(void)
{
	struct pelo_pos p;
	struct strbuf out = STRBUF_INIT;

	pelo_pos_initial(m, &board.scen, &p);
	CHECK(!why_not(&p, "spa", PELO_ACT_WAR, "arg", NULL), "Sparta may declare war on neutral Argos");
	CHECK(contains(why_not(&p, "spa", PELO_ACT_WAR, "pla", NULL), "neither neutral nor its own ally"),
	      "war on another's ally is not a diplomatic action");
	CHECK(!why_not(&p, "ath", PELO_ACT_WAR, "pla", NULL), "Athens may declare war on its own ally Plataea");
	CHECK(contains(why_not(&p, "ath", PELO_ACT_WAR, "aeg", NULL), "neither neutral nor its own ally"),
	      "a tributary is not a free ally to make war on");
	CHECK(contains(why_not(&p, "ath", PELO_ACT_WAR, "prs", NULL), "kingdoms"),
	      "the kingdoms are not declared war on");
	CHECK(contains(why_not(&p, "ath", PELO_ACT_WAR, "cor", NULL), "not a neutral independent"),
	      "a dominant city-state cannot declare war on another's junior partner");

	take(&p, "spa", PELO_ACT_WAR, "arg", NULL, &out);
	CHECK(box_is(&p, "arg", PELO_BOX_ENEMY, "spa"), "Argos goes to Sparta's Enemies box");
	CHECK(pelo_relation(m, &p, city("arg"), city("spa")) == PELO_UNFRIENDLY &&
	      pelo_relation(m, &p, city("arg"), city("cor")) == PELO_UNFRIENDLY &&
	      pelo_relation(m, &p, city("arg"), city("ath")) == PELO_NEUTRAL,
	      "Argos is unfriendly to Sparta's coalition, neutral to Athens");
	CHECK(contains(why_not(&p, "cor", PELO_ACT_ALLY, "arg", NULL), "may not intervene"),
	      "a junior partner may not take allies from an enemies box");
	CHECK(contains(why_not(&p, "spa", PELO_ACT_ALLY, "arg", NULL), "not in another major's"),
	      "Sparta cannot take its own enemy as ally");
	CHECK(!why_not(&p, "ath", PELO_ACT_ALLY, "arg", NULL),
	      "Athens, unfriendly to Sparta, may take Argos from Sparta's Enemies box");
	take(&p, "ath", PELO_ACT_ALLY, "arg", NULL, &out);
	CHECK(box_is(&p, "arg", PELO_BOX_ALLY, "ath") &&
	      pelo_relation(m, &p, city("arg"), city("spa")) == PELO_UNFRIENDLY,
	      "Argos is Athens' ally, and so Sparta's enemy");

	/* a dominant city-state and an independent major */
	CHECK(contains(why_not(&p, "thb", PELO_ACT_WAR, "ath", NULL), "only a dominant"),
	      "only a dominant city-state goes to war with a major");
	take(&p, "thb", PELO_ACT_LEAVE, NULL, NULL, &out);
	CHECK(!why_not(&p, "ath", PELO_ACT_WAR, "thb", NULL), "Athens may go to war with an independent Thebes");
	CHECK(contains(why_not(&p, "thb", PELO_ACT_WAR, "ath", NULL), "only a dominant"),
	      "the independent city-state cannot start that war");
	take(&p, "ath", PELO_ACT_WAR, "thb", NULL, &out);
	CHECK(box_is(&p, "thb", PELO_BOX_AT_WAR, "ath") &&
	      pelo_relation(m, &p, city("thb"), city("pla")) == PELO_UNFRIENDLY &&
	      pelo_relation(m, &p, city("thb"), city("spa")) == PELO_NEUTRAL,
	      "Thebes at war with Athens: unfriendly to Athens' side, neutral to Sparta");
	CHECK(!why_not(&p, "thb", PELO_ACT_CLAIM, NULL, NULL), "a major at war may claim dominance");

	/* Athens relinquishes: the majors it was at war with go neutral */
	take(&p, "ath", PELO_ACT_RELINQUISH, NULL, NULL, &out);
	CHECK(box_is(&p, "thb", PELO_BOX_NEUTRAL, "") && box_is(&p, "arg", PELO_BOX_ALLY, "ath"),
	      "relinquishing ends Athens' war with Thebes and keeps its ally Argos");
	strbuf_release(&out);
}

/* TRIBUTE (RULES.md 2.5): the step after a war on one's own ally, once
 * its city is taken: Mytilene, 428-427. */
static void tribute(void)
{
	struct pelo_pos p;
	struct strbuf out = STRBUF_INIT;
	int before[PELO_MAX_CITIES], after[PELO_MAX_CITIES];

	pelo_pos_initial(m, &board.scen, &p);
	CHECK(contains(why_not(&p, "ath", PELO_ACT_TRIBUTE, "les", NULL), "not in the Enemies box of Athens: declare war"),
	      "Lesbos, Athens' ally, is not made a tributary before a war");
	CHECK(contains(why_not(&p, "ath", PELO_ACT_TRIBUTE, "spa", NULL), "only a minor"),
	      "a major pays no tribute");
	take(&p, "ath", PELO_ACT_WAR, "les", NULL, &out);
	CHECK(contains(why_not(&p, "ath", PELO_ACT_TRIBUTE, "les", NULL),
	               "Mytilene, the home of Lesbos, is not friendly to Athens: take it first"),
	      "at war, Lesbos is not a tributary while Mytilene is its own");
	p.control[pelo_space_by_code(m, "myt")] = (int8_t)city("ath");
	pelo_revenue(m, &board.scen, &p, before, NULL);
	CHECK(!why_not(&p, "ath", PELO_ACT_TRIBUTE, "les", NULL), "with Mytilene taken, Athens may");
	take(&p, "ath", PELO_ACT_TRIBUTE, "les", NULL, &out);
	pelo_revenue(m, &board.scen, &p, after, NULL);
	CHECK(box_is(&p, "les", PELO_BOX_TRIBUTARY, "ath") && after[city("ath")] == before[city("ath")] + 200,
	      "Lesbos is Athens' tributary and pays its rate, 200");
	CHECK(contains(why_not(&p, "spa", PELO_ACT_TRIBUTE, "les", NULL), "not in the Enemies box of Sparta"),
	      "nobody else may take another's tributary so");
	strbuf_release(&out);
}

static void peace(void)
{
	struct pelo_pos p;
	struct strbuf out = STRBUF_INIT;
	int kinds[3] = { 0, 0, 0 };   /* annulled, outrage, holds */

	pelo_pos_initial(m, &board.scen, &p);
	CHECK(contains(why_not(&p, "ath", PELO_ACT_BREAK, "spa", NULL), "no peace treaty"),
	      "no treaty, nothing to break");
	p.treaty[p.ntreaties++] = (struct pelo_treaty){ (int8_t)city("ath"), (int8_t)city("spa"), 1 };
	CHECK(pelo_relation(m, &p, city("ath"), city("cor")) == PELO_NEUTRAL,
	      "a peace between the two dominant city-states makes their sides neutral");
	CHECK(contains(why_not(&p, "spa", PELO_ACT_WAR, "pla", NULL), "neither neutral"),
	      "(war on Plataea stays refused)");

	/* every outcome of the die, checked against the rule */
	for (int i = 0; i < 64; i++) {
		struct pelo_pos q = p;
		struct chance_stream a, b;
		char label[16];
		q.turn = 4;       /* made in turn 1: it has lasted 3 turns */
		snprintf(label, sizeof label, "t%d", i);
		chance_init(&a, seed, label);
		chance_init(&b, seed, label);
		int roll = pelo_die(&a);
		strbuf_reset(&out);
		take(&q, "ath", PELO_ACT_BREAK, "spa", &b, &out);
		int ok;
		if (roll < 3)
			ok = !pelo_treaty_between(&q, city("ath"), city("spa")) && q.bellicosity[city("ath")] == 10,
			kinds[0]++;
		else if (roll > 3)
			ok = pelo_treaty_between(&q, city("ath"), city("spa")) && q.bellicosity[city("ath")] == 9,
			kinds[1]++;
		else
			ok = pelo_treaty_between(&q, city("ath"), city("spa")) && q.bellicosity[city("ath")] == 10,
			kinds[2]++;
		char die[32];
		snprintf(die, sizeof die, "Die: %d against 3 turns", roll);
		if (!ok || !strstr(out.buf, die)) {
			CHECK(0, "breaking the peace follows the die");
			printf("%s", out.buf);
			break;
		}
	}
	CHECK(kinds[0] && kinds[1] && kinds[2],
	      "breaking a 3-turn peace: below 3 annuls it, above 3 outrages (-1), 3 keeps it");
	strbuf_release(&out);
}

static void rounds(void)
{
	struct pelo_pos p, q;
	struct pelo_plan plan[PELO_MAX_CITIES];
	struct pelo_consent consent;
	struct strbuf out = STRBUF_INIT, again = STRBUF_INIT;
	struct chance_stream dice;

	pelo_pos_initial(m, &board.scen, &p);
	memset(plan, 0, sizeof plan);
	memset(&consent, 0, sizeof consent);
	chance_init(&dice, seed, "diplomacy");
	CHECK(pelo_diplomacy(m, &board.scen, &p, plan, &consent, &dice, words(&out)) == 0 &&
	      strstr(out.buf, "Round 1:") && !strstr(out.buf, "Round 2:"),
	      "with no plans the phase ends after one round of passes");

	/* Thebes wants to join Athens, but Athens admits it only after
	 * Thebes has left Sparta: the join waits for its turn */
	pelo_pos_initial(m, &board.scen, &p);
	strbuf_reset(&out);
	plan[city("thb")] = (struct pelo_plan){ 2, { act(PELO_ACT_JOIN, "ath"), act(PELO_ACT_LEAVE, NULL) } };
	plan[city("ath")] = (struct pelo_plan){ 2, { act(PELO_ACT_PASS, NULL), act(PELO_ACT_WAR, "arg") } };
	plan[city("spa")] = (struct pelo_plan){ 2, { act(PELO_ACT_WAR, "ach"), act(PELO_ACT_JOIN, "ath") } };
	consent.admit[city("ath")][city("thb")] = 1;
	q = p;
	chance_init(&dice, seed, "diplomacy");
	int n = pelo_diplomacy(m, &board.scen, &p, plan, &consent, &dice, words(&out));
	printf("%s", out.buf);
	CHECK(n == 4, "four actions are taken");
	CHECK(strstr(out.buf, "  Round 1:\n    Athens passes.\n    Corinth passes.\n"
	             "    Sparta declares war on Achaea.\n    Thebes leaves its coalition.\n"
	             "  Round 2:\n    Athens declares war on Argos.\n    Corinth passes.\n"
	             "    Sparta passes.\n    Thebes joins the coalition of Athens.\n") != NULL,
	      "rounds in alphabetical order; a PASS in a plan is used as a pass; the join waits "
	      "until Thebes has left Sparta");
	CHECK(strstr(out.buf, "  Round 3:\n    Athens passes.\n    Corinth passes.\n    Sparta passes.\n"
	             "    Thebes passes.\n  Every major city-state passed in turn") != NULL,
	      "the phase ends when all four pass in immediate succession");
	CHECK(strstr(out.buf, "Not taken: Sparta joins the coalition of Athens (it is dominant: "
	             "it must relinquish dominance first)") != NULL,
	      "an action never allowed is reported with its reason");
	CHECK(box_is(&p, "thb", PELO_BOX_PARTNER, "ath") && box_is(&p, "arg", PELO_BOX_ENEMY, "ath") &&
	      box_is(&p, "ach", PELO_BOX_ENEMY, "spa"), "the position after the phase");

	/* the same plans and seed give the same phase */
	chance_init(&dice, seed, "diplomacy");
	pelo_diplomacy(m, &board.scen, &q, plan, &consent, &dice, words(&again));
	CHECK(!strcmp(out.buf, again.buf) && !memcmp(&p, &q, sizeof p), "the phase is deterministic");

	/* a surrendered major takes no part */
	pelo_pos_initial(m, &board.scen, &p);
	p.surrendered_to[city("thb")] = (int8_t)city("ath");
	strbuf_reset(&out);
	pelo_diplomacy(m, &board.scen, &p, plan, &consent, &dice, words(&out));
	CHECK(!strstr(out.buf, "Thebes passes") && strstr(out.buf, "Not taken: Thebes"),
	      "a major that has surrendered takes no turn");
	strbuf_release(&out);
	strbuf_release(&again);
}

/* The scenario's special actions (RULES.md 2.5) as the engine checks
 * them, whoever asks: the wrong major, a later round, a second use. */
static void specials(void)
{
	struct pelo_pos p;
	char why[PELO_WHY_MAX];
	struct pelo_action gela = { PELO_ACT_SPECIAL, 1 };
	const struct pelo_scenario *sc = &board.scen;

	pelo_pos_initial(m, sc, &p);
	CHECK(sc->nactions == 2 && !strcmp(sc->action[1].code, "gela") &&
	      sc->action[1].major == city("cor") && sc->action[1].minor == city("syr"),
	      "the scenario gives the Congress of Gela to Corinth");
	CHECK(contains(pelo_action_why_not(m, sc, &p, city("spa"), &gela, NULL, 1, why),
	               "only Corinth may take the Congress of Gela"),
	      "only the record's major takes a special action");
	CHECK(!pelo_action_why_not(m, sc, &p, city("cor"), &gela, NULL, 1, why) &&
	      contains(pelo_action_why_not(m, sc, &p, city("cor"), &gela, NULL, 2, why), "first round"),
	      "Corinth may convene it in round 1, not in round 2");
	p.special_used[1] = 1;
	CHECK(contains(pelo_action_why_not(m, sc, &p, city("cor"), &gela, NULL, 1, why), "used already"),
	      "and once a game");
}

int main(void)
{
	if (load_board())
		return 1;
	opening();
	claims_and_coalitions();
	wars_and_allies();
	tribute();
	peace();
	rounds();
	specials();
	pelo_board_free(&board);
	return check_done("pelo_diplomacy_test");
}
