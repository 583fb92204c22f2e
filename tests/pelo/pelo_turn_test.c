/*
 * pelo_turn_test.c - the Peloponnesian War's political phase (chapter 6),
 * economic phase (chapter 7) and victory (chapter 9) on the real board and
 * the 431 BC scenario: each political segment, the revenue of chapter
 * 7.1.1's own example (Attica 500, Aegina 100, Euboea 100, the Cyclades 50
 * because Melos is unfriendly), Messenia and the trade routes, builds
 * allowed and refused with the reason, each victory condition, the end on
 * the score, and determinism.  Dice come from a seeded stream; where a
 * test depends on a roll it reads the roll back from the report.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adjudicator/pelo.h"
#include "tests/pelo/pelo_test.h"

static const struct pelo_scenario *sc = &board.scen;

static int space(const char *code)
{
	int s = pelo_space_by_code(m, code);
	if (s == PELO_NONE)
		check_abort("test bug: no space %s", code);
	return s;
}

/* c's SPs of type t in space s. */
static int sp(const struct pelo_pos *p, const char *c, const char *s, int t)
{
	for (int i = 0; i < p->nforces; i++)
		if (p->force[i].city == city(c) && p->force[i].space == space(s))
			return p->force[i].sp[t];
	return 0;
}

static int contains(const char *text, const char *part)
{
	return text && strstr(text, part);
}

static const unsigned char seed[CHANCE_SEED_BYTES] = "the seed of this test, 32 bytes";

/* Run the political phase on p with a fresh stream; the report in out. */
static void political(struct pelo_pos *p, const struct pelo_consent *consent, const char *label,
                      struct strbuf *out)
{
	struct chance_stream dice;

	chance_init(&dice, seed, label);
	strbuf_reset(out);
	p->phase = PELO_PH_POLITICAL;
	pelo_political(m, sc, p, consent, &dice, words(out));
}

/* ---------------------------------------------------------------- 6.1 */

static void plague(void)
{
	struct pelo_pos p;
	struct strbuf out = STRBUF_INIT;
	int die, h;

	pelo_pos_initial(m, sc, &p);
	political(&p, NULL, "plague-none", &out);
	CHECK(contains(out.buf, "No commercial city-state's home space was ravaged"),
	      "no ravaged home, no plague roll");

	/* 9 hoplite SPs at home: any die reaches 10 */
	pelo_pos_initial(m, sc, &p);
	p.ravaged[space("ath")] = 1;
	for (int i = 0; i < p.nforces; i++)
		if (p.force[i].city == city("ath") && p.force[i].space == space("ath"))
			p.force[i].sp[PELO_HOPLITE] = 9;
	political(&p, NULL, "plague", &out);
	CHECK(sscanf(strstr(out.buf, "Athens was ravaged: die ") ? strstr(out.buf, "Athens was ravaged: die ") : "",
	             "Athens was ravaged: die %d + %d", &die, &h) == 2 && h == 9 && die >= 1 && die <= 6,
	      "Athens ravaged: one die plus its 9 hoplite SPs, reported");
	CHECK(contains(out.buf, "plague in Athens: two hoplite SPs die, the treasury loses 500 (now 5500)") &&
	      sp(&p, "ath", "ath", PELO_HOPLITE) == 7 && p.treasury[city("ath")] == 5500 &&
	      p.plague_done[city("ath")],
	      "die + 9 >= 10: plague, two hoplite SPs die and 500 talents are lost");
	/* a second ravage: plague strikes once in a game */
	p.ravaged[space("ath")] = 1;
	political(&p, NULL, "plague-again", &out);
	CHECK(contains(out.buf, "the plague has struck it already") && sp(&p, "ath", "ath", PELO_HOPLITE) == 7,
	      "plague strikes a city only once");

	/* the treasury never falls below 1000 by plague; with 1 hoplite SP no
	 * die reaches 10 */
	pelo_pos_initial(m, sc, &p);
	p.ravaged[space("cor")] = 1;
	for (int i = 0; i < p.nforces; i++)
		if (p.force[i].city == city("cor") && p.force[i].space == space("cor"))
			p.force[i].sp[PELO_HOPLITE] = 9;
	p.treasury[city("cor")] = 1200;
	political(&p, NULL, "plague-corinth", &out);
	CHECK(contains(out.buf, "plague in Corinth: two hoplite SPs die, the treasury loses 200 (now 1000)") &&
	      sp(&p, "cor", "cor", PELO_HOPLITE) == 7,
	      "Corinth, 9 hoplites: plague on any die; 1200 talents fall only to 1000");
	pelo_pos_initial(m, sc, &p);
	p.ravaged[space("cor")] = 1;     /* Corinth has 2 hoplite SPs: at most 8 */
	political(&p, NULL, "plague-spared", &out);
	CHECK(contains(out.buf, "less than 10, no plague") && !p.plague_done[city("cor")],
	      "too few hoplites at home: no plague");
	strbuf_release(&out);
}

/* ---------------------------------------------------------------- 6.2 */

static void bellicosity(void)
{
	struct pelo_pos p;
	struct strbuf out = STRBUF_INIT;

	pelo_pos_initial(m, sc, &p);
	political(&p, NULL, "bellicosity", &out);
	CHECK(p.bellicosity[city("ath")] == 11 && contains(out.buf, "Athens: 10 + 1 (no enemy in Attica): now 11."),
	      "Athens untouched: +1");
	CHECK(p.bellicosity[city("thb")] == 10 &&
	      contains(out.buf, "Thebes: 10 - 1 (Plataea is unfriendly) + 1 (no enemy in Boeotia): now 10."),
	      "Thebes: -1 for Plataea, +1 for no enemy SP in Boeotia");

	pelo_pos_initial(m, sc, &p);
	p.ravaged[space("spa")] = 1;
	political(&p, NULL, "bellicosity-2", &out);
	CHECK(p.bellicosity[city("spa")] == 8 &&
	      contains(out.buf, "Sparta: 10 - 1 (Sparta is ravaged) - 1 (Sparta itself was ravaged): now 8."),
	      "Sparta's home space ravaged: -2");
	p.bellicosity[city("ath")] = 12;
	political(&p, NULL, "bellicosity-3", &out);
	CHECK(p.bellicosity[city("ath")] == 12, "bellicosity stays at most 12");
	CHECK(contains(out.buf, "Athens: 12 + 1 (no enemy in Attica), bounded by 12: now 12."),
	      "a +1 that 12 bounds says so");

	pelo_pos_initial(m, sc, &p);
	p.entered[space("ele")] = 1u << 2;   /* Sparta, the third major, came to Eleusis */
	political(&p, NULL, "bellicosity-4", &out);
	CHECK(p.bellicosity[city("ath")] == 10 &&
	      contains(out.buf, "Athens: 10 (enemy SPs came into Attica: no +1): now 10."),
	      "an enemy in the home area: the unchanged line says why");
	strbuf_release(&out);
}

/* ---------------------------------------------------------------- 6.3 */

static void surrender(void)
{
	struct pelo_pos p;
	struct strbuf out = STRBUF_INIT;
	int n = 0;

	pelo_pos_initial(m, sc, &p);
	p.bellicosity[city("thb")] = 0;
	p.ravaged[space("the")] = 1;     /* no +1 this turn */
	political(&p, NULL, "surrender", &out);
	/* Athens is the only other dominant: Thebes surrenders to it */
	CHECK(p.surrendered_to[city("thb")] == city("ath") && p.status[city("thb")].box == PELO_BOX_PARTNER &&
	      p.status[city("thb")].of == city("ath") && contains(out.buf, "Thebes surrenders to Athens."),
	      "Thebes at bellicosity 0 surrenders to Athens, the only other dominant, and joins it");
	CHECK(sp(&p, "thb", "the", PELO_HOPLITE) == 1 && sp(&p, "thb", "the", PELO_CAVALRY) == 1 &&
	      sp(&p, "thb", "sip", PELO_NAVAL_SP) == 0,
	      "it keeps one SP of each type it had, at home (no ships to keep)");
	CHECK(!pelo_major_active(m, &p, city("thb")) && p.phase == PELO_PH_ECONOMIC,
	      "a surrendered major no longer acts; the game goes on");

	/* Corinth at war with Athens surrenders to it: one SP of each type
	 * kept at home, the garrison at Potidaea lost */
	pelo_pos_initial(m, sc, &p);
	p.status[city("cor")] = (struct pelo_status){ PELO_BOX_AT_WAR, (int8_t)city("ath"), PELO_NONE };
	p.bellicosity[city("cor")] = 0;
	p.ravaged[space("cor")] = 1;
	political(&p, NULL, "surrender-cor", &out);
	for (int i = 0; i < p.nforces; i++)
		n += p.force[i].city == city("cor") && p.force[i].garrison;
	CHECK(p.surrendered_to[city("cor")] == city("ath") && n == 0 && sp(&p, "cor", "cor", PELO_NAVAL_SP) == 1 &&
	      sp(&p, "cor", "cor", PELO_HOPLITE) == 1,
	      "Corinth keeps one hoplite and one naval SP at home, and loses its garrison at Potidaea");

	/* two enemy dominants tie with no SPs in Laconia: a die picks */
	pelo_pos_initial(m, sc, &p);
	p.status[city("thb")] = (struct pelo_status){ PELO_BOX_DOMINANT, PELO_NONE, PELO_NONE };
	p.bellicosity[city("spa")] = 0;
	p.ravaged[space("spa")] = 1;
	political(&p, NULL, "surrender-tie", &out);
	CHECK(contains(out.buf, "2 dominant city-states tie with 0 SPs in Laconia: die ") &&
	      (p.surrendered_to[city("spa")] == city("ath") || p.surrendered_to[city("spa")] == city("thb")),
	      "a tie between enemy dominants is broken by a die, reported");

	/* a partner at 0 with no enemy dominant does not surrender */
	pelo_pos_initial(m, sc, &p);
	p.status[city("thb")] = (struct pelo_status){ PELO_BOX_NEUTRAL, PELO_NONE, PELO_NONE };
	p.bellicosity[city("thb")] = 0;
	p.ravaged[space("the")] = 1;
	political(&p, NULL, "surrender-none", &out);
	CHECK(p.surrendered_to[city("thb")] == PELO_NONE && contains(out.buf, "no dominant city-state is its enemy"),
	      "with no enemy dominant, a major at 0 fights on");

	/* Sparta surrenders: Athens wins at the end of the political phase */
	pelo_pos_initial(m, sc, &p);
	p.bellicosity[city("spa")] = 0;
	p.ravaged[space("thy")] = 1;
	political(&p, NULL, "surrender-spa", &out);
	CHECK(p.phase == PELO_PH_OVER && p.winner == city("ath") &&
	      contains(out.buf, "Athens has met its victory conditions: Sparta has surrendered.") &&
	      contains(out.buf, "The game is over."),
	      "Sparta surrenders: Athens wins, and the final state is announced");
	pelo_pos_initial(m, sc, &p);
	p.bellicosity[city("ath")] = 0;
	p.ravaged[space("dec")] = 1;
	political(&p, NULL, "surrender-ath", &out);
	CHECK(p.phase == PELO_PH_OVER && p.winner == city("spa") &&
	      contains(out.buf, "Sparta has met its victory conditions: Athens has surrendered."),
	      "Athens surrenders: Sparta wins");
	strbuf_release(&out);
}

/* ---------------------------------------------------------------- 6.4 */

static void rebellion(void)
{
	struct pelo_pos p;
	struct strbuf out = STRBUF_INIT;
	int rolls = 0;

	pelo_pos_initial(m, sc, &p);
	political(&p, NULL, "rebellion", &out);
	CHECK(p.resentment[city("ath")] == 1 &&
	      contains(out.buf, "Athens: resentment 0; grievances: Chalcidice in rebellion (1), so it rises to them: now 1."),
	      "Athens' resentment rises to its one grievance, Potidaea's revolt");
	CHECK(!contains(out.buf, "stays loyal") && !contains(out.buf, "rises in rebellion"),
	      "with resentment 1 no die could make a rebel, and none is rolled");
	for (int turn = 2; turn <= 10; turn++)
		political(&p, NULL, "rebellion-long", &out);
	CHECK(p.resentment[city("ath")] == 1 &&
	      contains(out.buf, "Athens: resentment 1; grievances: Chalcidice in rebellion (1): now 1."),
	      "a revolt that drags on for ten turns keeps resentment at 1, not one more each turn");

	/* Spartan hoplites in Euboea, Ionia and Samos, and a weak master (3,
	 * 4 after the calm turn of 6.2):
	 * five grievances, and resentment rises to them at once */
	pelo_pos_initial(m, sc, &p);
	p.bellicosity[city("ath")] = 3;
	for (const char *const *s = (const char *const[]){ "chl", "eph", "sam", NULL }; *s; s++) {
		struct pelo_force *f = pelo_force_at(&p, city("spa"), space(*s));
		if (!f)
			check_abort("test bug: no room for a force");
		f->sp[PELO_HOPLITE] = 1;
	}
	political(&p, NULL, "rebellion-war", &out);
	CHECK(p.resentment[city("ath")] == 5 &&
	      contains(out.buf, "Athens: resentment 0; grievances: Euboea unprotected, Chalcidice in rebellion, "
	                        "Samos unprotected, Ionia unprotected, its bellicosity 4 (5), so it rises to them: now 5."),
	      "each grievance is named and resentment rises to their number at once");

	pelo_pos_initial(m, sc, &p);
	p.resentment[city("ath")] = 10;
	p.bellicosity[city("ath")] = 3;
	political(&p, NULL, "rebellion-2", &out);
	CHECK(p.resentment[city("ath")] == 9 && contains(out.buf, "its bellicosity 4 (2), so it ebbs by one: now 9."),
	      "resentment 10 above two grievances (a revolt, a weak master) ebbs to 9");
	/* die + 9 >= 10 always: every loyal tributary rebels */
	for (const char *s = out.buf; (s = strstr(s, "rises in rebellion against Athens")); s++)
		rolls++;
	CHECK(rolls == 5 && p.rebellion[space("aeg")] && p.rebellion[space("eph")] && p.rebellion[space("nax")],
	      "at resentment 9 each of the five loyal tributaries rolls and rebels");

	int rev[PELO_MAX_CITIES];
	pelo_revenue(m, sc, &p, rev, NULL);
	CHECK(rev[city("ath")] == 500 + 300, "tributaries in rebellion pay nothing: Athens has Attica and its trade");

	pelo_pos_initial(m, sc, &p);
	p.resentment[city("spa")] = 2;
	political(&p, NULL, "rebellion-3", &out);
	CHECK(p.resentment[city("spa")] == 1 &&
	      contains(out.buf, "Sparta: resentment 2; no grievance, so it ebbs by one: now 1."),
	      "resentment ebbs by one in a turn without grievance");
	strbuf_release(&out);
}

/* ---------------------------------------------------------------- 6.6 */

static int box_is(const struct pelo_pos *p, const char *c, int box, const char *of)
{
	return p->status[city(c)].box == box && p->status[city(c)].of == (of ? city(of) : PELO_NONE);
}

static void kingdoms(void)
{
	struct pelo_pos p;
	struct strbuf out = STRBUF_INIT;

	pelo_pos_initial(m, sc, &p);
	CHECK(box_is(&p, "ody", PELO_BOX_ALLY, "ath") && box_is(&p, "mac", PELO_BOX_NEUTRAL, NULL) &&
	      box_is(&p, "prs", PELO_BOX_NEUTRAL, NULL), "431: the Odrysians are Athens' allies, Macedon and Persia neutral");
	political(&p, NULL, "kingdoms-1", &out);
	CHECK(box_is(&p, "mac", PELO_BOX_ALLY, "ath") &&
	      contains(out.buf, "Macedon: an ally of Athens now (the Odrysian host keeps Perdiccas to his word)."),
	      "turn 1: Macedon follows the Odrysians' ally");
	CHECK(box_is(&p, "ody", PELO_BOX_NEUTRAL, NULL) &&
	      contains(out.buf, "Odrysians: neutral now (Sitalces has gone home and his alliance lapses)."),
	      "after turn 1 the Odrysian alliance lapses");
	CHECK(!contains(out.buf, "Persia"), "Persia stays out in turn 1");

	p.turn = 2;
	political(&p, NULL, "kingdoms-2", &out);
	CHECK(box_is(&p, "mac", PELO_BOX_ALLY, "ath") && contains(out.buf, "The kingdoms keep their sides."),
	      "with no army in the north Macedon stays as it is");
	struct pelo_force *f = pelo_force_at(&p, city("spa"), space("amp"));
	if (!f)
		check_abort("test bug: no room for a force");
	f->sp[PELO_HOPLITE] = 3;
	political(&p, NULL, "kingdoms-3", &out);
	CHECK(box_is(&p, "mac", PELO_BOX_ALLY, "spa") &&
	      contains(out.buf, "Macedon: an ally of Sparta now (Perdiccas follows the strongest army in the north)."),
	      "three Spartan hoplites at Amphipolis bring Macedon over to Sparta");

	pelo_pos_initial(m, sc, &p);
	p.turn = 7;
	int was = p.treasury[city("spa")];
	political(&p, NULL, "kingdoms-7", &out);
	CHECK(box_is(&p, "prs", PELO_BOX_ALLY, "spa") && p.treasury[city("spa")] == was + 500 &&
	      contains(out.buf, "Persia pays Sparta a subsidy of 500 talents"),
	      "from turn 7 Persia pays Sparta, Athens' enemy with the most ships, 500 talents");

	pelo_pos_initial(m, sc, &p);
	p.turn = 3;
	p.bellicosity[city("ath")] = 4;
	p.ravaged[space("ath")] = 1;  /* 6.2 lowers it, short of surrender */
	was = p.treasury[city("spa")];
	political(&p, NULL, "kingdoms-weak", &out);
	CHECK(p.treasury[city("spa")] == was + 500, "a weak Athens brings Persia in before turn 7");
	p.turn = 4;
	p.bellicosity[city("ath")] = 10;
	p.ravaged[space("ath")] = 0;
	was = p.treasury[city("spa")];
	political(&p, NULL, "kingdoms-strong", &out);
	CHECK(p.treasury[city("spa")] == was && box_is(&p, "prs", PELO_BOX_NEUTRAL, NULL) &&
	      contains(out.buf, "Persia: neutral now (the master of Ionia is strong: the King waits)."),
	      "Athens strong again before turn 7: Persia stops paying and goes neutral");
	strbuf_release(&out);
}

/* ---------------------------------------------------------------- 6.5 */

static void peace(void)
{
	struct pelo_pos p;
	struct pelo_consent consent;
	struct strbuf out = STRBUF_INIT;
	int ath = city("ath"), spa = city("spa"), arg = city("arg");

	pelo_pos_initial(m, sc, &p);
	memset(&consent, 0, sizeof consent);
	consent.peace[ath][spa] = 1;
	political(&p, &consent, "peace-1", &out);
	CHECK(!pelo_treaty_between(&p, ath, spa) && contains(out.buf, "No peace is made."),
	      "peace needs both: Athens alone offers it");

	consent.peace[spa][ath] = 1;
	p.turn = 3;
	/* seed 002: the peace releases the hostages each holds of the other,
	 * and only those: Sparta's of Thebes stay */
	p.hostages[spa][ath] = 2;
	p.hostages[ath][spa] = 1;
	p.hostages[spa][city("thb")] = 1;
	political(&p, &consent, "peace-2", &out);
	CHECK(pelo_treaty_between(&p, ath, spa) && pelo_treaty_between(&p, ath, spa)->turn == 3 &&
	      pelo_relation(m, &p, ath, spa) == PELO_NEUTRAL &&
	      contains(out.buf, "Athens and Sparta make peace.\n"),
	      "two dominants that both accept make peace, recorded with the turn; they are neutral");
	CHECK(!p.hostages[spa][ath] && !p.hostages[ath][spa] && p.hostages[spa][city("thb")] == 1 &&
	      contains(out.buf, "Athens releases the hostage it held of Sparta.") &&
	      contains(out.buf, "Sparta releases the 2 hostages it held of Athens."),
	      "the peace releases the mutual hostages, and says who releases whom");
	CHECK(pelo_relation(m, &p, city("cor"), ath) == PELO_NEUTRAL,
	      "Sparta's junior partners share its peace");

	/* a minor in a major's Enemies box: the major's word is enough */
	pelo_pos_initial(m, sc, &p);
	p.status[arg] = (struct pelo_status){ PELO_BOX_ENEMY, (int8_t)spa, (int8_t)ath };
	memset(&consent, 0, sizeof consent);
	political(&p, &consent, "peace-3", &out);
	CHECK(p.status[arg].box == PELO_BOX_ENEMY, "no consent, no peace with Argos");
	consent.peace[spa][arg] = 1;
	political(&p, &consent, "peace-4", &out);
	CHECK(p.status[arg].box == PELO_BOX_NEUTRAL && contains(out.buf, "Sparta makes peace with Argos"),
	      "Sparta makes peace with Argos on its own consent: Argos is neutral");

	/* a major in a dominant's Enemies box goes neutral */
	pelo_pos_initial(m, sc, &p);
	p.status[city("thb")] = (struct pelo_status){ PELO_BOX_AT_WAR, (int8_t)ath, PELO_NONE };
	memset(&consent, 0, sizeof consent);
	consent.peace[ath][city("thb")] = consent.peace[city("thb")][ath] = 1;
	political(&p, &consent, "peace-5", &out);
	CHECK(p.status[city("thb")].box == PELO_BOX_NEUTRAL && pelo_treaty_between(&p, ath, city("thb")),
	      "Thebes in Athens' Enemies box makes peace: it is neutral, with a treaty");
	strbuf_release(&out);
}

/* --------------------------------------------------------------- 7.1 */

static void revenue(void)
{
	struct pelo_pos p;
	struct strbuf out = STRBUF_INIT;
	int rev[PELO_MAX_CITIES];

	pelo_pos_initial(m, sc, &p);
	pelo_revenue(m, sc, &p, rev, words(&out));
	/* chapter 7.1.1's example */
	CHECK(contains(out.buf, "home area Attica: 500\n") && contains(out.buf, "tribute from Aegina: 100\n") &&
	      contains(out.buf, "tribute from Euboea: 100\n") &&
	      contains(out.buf, "tribute from Cyclades: 50 (half: Melos is not friendly to Athens)\n"),
	      "Attica 500, Aegina 100, Euboea 100, the Cyclades 50 because Melos is unfriendly");
	CHECK(contains(out.buf, "tribute from Chalcidice: none (in rebellion)"), "Potidaea in rebellion pays nothing");
	CHECK(contains(out.buf, "the grain route from the Hellespont: 300"), "Athens' grain route is open");
	/* 500 + Aegina 100 + Euboea 100 + Cyclades 50 + Samos 200 + Ionia 300 + grain 300 */
	CHECK(rev[city("ath")] == 1550, "Athens: 1550 in all");
	CHECK(rev[city("thb")] == 250 && contains(out.buf, "home area Boeotia: 250 (Plataea is not friendly to Thebes)"),
	      "Thebes: Boeotia pays 250 while Plataea holds out");
	CHECK(rev[city("cor")] == 500 + 200 + 100, "Corinth: 500 and both trade routes");
	CHECK(rev[city("spa")] == 500 + 200 && contains(out.buf, "tribute from Messenia: 200"),
	      "Sparta: Laconia 500 and Messenia 200");

	/* Messenia (7.1.2, house rule): a lost fortress stops its tribute */
	p.control[space("pyl")] = (int8_t)city("ath");
	strbuf_reset(&out);
	pelo_revenue(m, sc, &p, rev, words(&out));
	CHECK(rev[city("spa")] == 500 && contains(out.buf, "tribute from Messenia: 0 (none: Pylos is not friendly to "
	                                                   "Sparta, and the helots desert to the enemy)"),
	      "Athenians at Pylos: Messenia pays Sparta nothing, not half");
	/* any other tributary pays half; a ravaged space halves a home area */
	p.ravaged[space("ere")] = 1;
	p.ravaged[space("dec")] = 1;
	strbuf_reset(&out);
	pelo_revenue(m, sc, &p, rev, words(&out));
	CHECK(contains(out.buf, "tribute from Euboea: 50 (half: Eretria is ravaged)") &&
	      contains(out.buf, "home area Attica: 250 (Decelea is ravaged)"),
	      "a ravaged fortress halves a tributary's tribute and a home area's revenue");
	/* trade routes close */
	pelo_pos_initial(m, sc, &p);
	p.control[space("byz")] = (int8_t)city("spa");
	p.control[space("rhi")] = (int8_t)city("ath");
	strbuf_reset(&out);
	pelo_revenue(m, sc, &p, rev, words(&out));
	CHECK(rev[city("ath")] == 1250 && contains(out.buf, "grain route from the Hellespont: 0 (closed: Byzantium"),
	      "Byzantium lost: the grain route is closed");
	CHECK(rev[city("cor")] == 600 && contains(out.buf, "western route to Corcyra and Sicily: 0 (closed: Rhium is "
	                                                   "unfriendly)"),
	      "Rhium held by Athens: Corinth's western route is closed");
	strbuf_release(&out);
}

/* ------------------------------------------------------------ builds */

static void builds(void)
{
	struct pelo_pos p;
	char why[PELO_WHY_MAX];
	int rev[PELO_MAX_CITIES];
	struct pelo_build b;

	pelo_pos_initial(m, sc, &p);
	pelo_revenue(m, sc, &p, rev, NULL);
#define WHY(c, t, n, spent) (b = (struct pelo_build){ t, n }, pelo_build_why_not(m, &p, city(c), rev, &b, spent, why))
	CHECK(!WHY("ath", PELO_NAVAL_SP, 2, 0), "Athens may build 2 naval SPs (600) at Piraeus");
	CHECK(contains(WHY("ath", PELO_NAVAL_SP, 3, 0), "it would spend 900 talents on SPs this turn; the most is 600"),
	      "at most 600 talents a turn");
	CHECK(contains(WHY("ath", PELO_HOPLITE, 1, 600), "the most is 600"), "the cap counts earlier builds");
	CHECK(!WHY("spa", PELO_CAVALRY, 3, 0), "Sparta may spend exactly 600 (3 cavalry SPs)");
	CHECK(!WHY("thb", PELO_HOPLITE, 6, 0), "Thebes (500 + 250) may build 6 hoplites");
	p.treasury[city("thb")] = 0;
	CHECK(contains(WHY("thb", PELO_CAVALRY, 2, 0), "it costs 400 talents and Thebes has 250 left"),
	      "the treasury after revenue must cover the cost");
	CHECK(!WHY("thb", PELO_CAVALRY, 1, 0), "... 200 of it is fine");
	p.control[space("sip")] = (int8_t)city("ath");
	CHECK(contains(WHY("thb", PELO_NAVAL_SP, 1, 0), "Siphae, where they would be raised, is not friendly to Thebes"),
	      "ships need a friendly port");
	CHECK(contains(WHY("thb", 7, 1, 0), "a build is one or more"), "no such SP type");
	CHECK(contains(WHY("thb", PELO_HOPLITE, 0, 0), "a build is one or more"), "a build of nothing");
	p.surrendered_to[city("cor")] = (int8_t)city("ath");
	CHECK(contains(WHY("cor", PELO_HOPLITE, 1, 0), "Corinth has surrendered"), "a surrendered major builds nothing");
	CHECK(contains(WHY("meg", PELO_HOPLITE, 1, 0), "only a major"), "a minor builds nothing");
#undef WHY
}

/* --------------------------------------------------------- chapter 7 */

static void economic(void)
{
	static struct pelo_build list[PELO_MAX_CITIES][PELO_MAX_BUILDS];
	static int n[PELO_MAX_CITIES];
	struct pelo_pos p, q;
	struct chance_stream dice;
	struct strbuf out = STRBUF_INIT, again = STRBUF_INIT;
	int ath = city("ath"), thb = city("thb");

	pelo_pos_initial(m, sc, &p);
	p.phase = PELO_PH_ECONOMIC;
	p.ravaged[space("dec")] = 1;
	list[ath][0] = (struct pelo_build){ PELO_NAVAL_SP, 1 };
	list[ath][1] = (struct pelo_build){ PELO_HOPLITE, 4 };   /* 300 + 400 > 600: skipped */
	list[ath][2] = (struct pelo_build){ PELO_HOPLITE, 3 };
	n[ath] = 3;
	list[thb][0] = (struct pelo_build){ PELO_CAVALRY, 2 };
	list[thb][1] = (struct pelo_build){ PELO_CAVALRY, 1 };
	n[thb] = 2;
	p.treasury[thb] = 0;                                  /* 250 after revenue */
	q = p;
	chance_init(&dice, seed, "economic");
	pelo_economic(m, sc, &p, list, n, &dice, words(&out));
	CHECK(p.treasury[ath] == 6000 + 1300 - 600 && contains(out.buf, "Athens receives 1300 talents (treasury now 7300)"),
	      "Athens is paid 1300 (Decelea ravaged: Attica 250) and spends 600");
	CHECK(contains(out.buf, "Athens builds 1 naval SP in Piraeus for 300 talents.") &&
	      contains(out.buf, "Athens does not build 4 hoplite SPs: it would spend 700 talents") &&
	      contains(out.buf, "Athens builds 3 hoplite SPs in Athens for 300 talents."),
	      "builds in order; one over the cap is skipped with the reason, the next still built");
	CHECK(sp(&p, "ath", "pir", PELO_NAVAL_SP) == 13 && sp(&p, "ath", "ath", PELO_HOPLITE) == 10,
	      "new SPs stand at home, ships in the port");
	CHECK(p.treasury[thb] == 250 - 200 && sp(&p, "thb", "the", PELO_CAVALRY) == 4 &&
	      contains(out.buf, "Thebes does not build 2 cavalry SPs: it costs 400 talents and Thebes has 250 left"),
	      "Thebes builds what it can pay for");
	CHECK(!p.ravaged[space("dec")] && contains(out.buf, "The fields of Decelea recover"),
	      "ravaged markers are removed");
	CHECK(p.turn == 2 && p.phase == PELO_PH_DIPLOMATIC && contains(out.buf, "Turn 2 begins (428 BC)"),
	      "the turn advances to turn 2, diplomatic phase");

	chance_init(&dice, seed, "economic");
	pelo_economic(m, sc, &q, list, n, &dice, words(&again));
	CHECK(!strcmp(out.buf, again.buf) && !memcmp(&p, &q, sizeof p), "the economic phase is deterministic");

	/* after the last turn the score decides */
	pelo_pos_initial(m, sc, &p);
	p.turn = sc->turns;
	p.bellicosity[city("spa")] = 12;
	strbuf_reset(&out);
	pelo_economic(m, sc, &p, NULL, NULL, &dice, words(&out));
	CHECK(p.phase == PELO_PH_OVER && p.winner == city("spa") && contains(out.buf, "Sparta wins the war on the score."),
	      "after turn 10: the highest bellicosity wins");
	pelo_pos_initial(m, sc, &p);
	p.turn = sc->turns;
	strbuf_reset(&out);
	pelo_economic(m, sc, &p, NULL, NULL, &dice, words(&out));
	CHECK(p.winner == ath && contains(out.buf, "Athens:   bellicosity 10, treasury   7550"),
	      "all at bellicosity 10: the largest treasury wins");
	pelo_pos_initial(m, sc, &p);
	p.turn = sc->turns;
	p.bellicosity[ath] = p.bellicosity[city("cor")] = 9;
	p.treasury[city("spa")] = 550;                 /* + 700 revenue = 1250 */
	p.treasury[thb] = 1000;                        /* + 250 revenue = 1250 */
	strbuf_reset(&out);
	pelo_economic(m, sc, &p, NULL, NULL, &dice, words(&out));
	CHECK(p.phase == PELO_PH_OVER && p.winner == PELO_NONE && contains(out.buf, "they share the victory"),
	      "a tie on both bellicosity and treasury is a shared victory");
	strbuf_release(&out);
	strbuf_release(&again);
}

/* --------------------------------------------------------- chapter 9 */

static void victory(void)
{
	struct pelo_pos p;
	struct strbuf out = STRBUF_INIT;
	struct chance_stream dice;
	int winner;

	/* Athens: Pylos and Cythera, and Sparta at 3 or less */
	pelo_pos_initial(m, sc, &p);
	p.control[space("pyl")] = p.control[space("cyt")] = (int8_t)city("ath");
	p.bellicosity[city("spa")] = 4;
	p.ravaged[space("thy")] = 1;   /* Sparta -1: to 3 */
	political(&p, NULL, "victory-ath", &out);
	CHECK(p.phase == PELO_PH_OVER && p.winner == city("ath") &&
	      contains(out.buf, "Athens holds Pylos and Cythera and Sparta's bellicosity is 3 or less"),
	      "Athens wins with Pylos, Cythera and Sparta at bellicosity 3");
	pelo_pos_initial(m, sc, &p);
	p.control[space("pyl")] = p.control[space("cyt")] = (int8_t)city("ath");
	political(&p, NULL, "victory-ath-2", &out);
	CHECK(p.phase == PELO_PH_ECONOMIC, "... but not while Sparta's bellicosity is above 3");

	/* Sparta: Piraeus, or two tribute districts lost to Athens */
	pelo_pos_initial(m, sc, &p);
	p.control[space("pir")] = (int8_t)city("spa");
	CHECK(pelo_victory_check(m, &p, PELO_PH_POLITICAL, &winner, words(&out)) && winner == city("spa"),
	      "Sparta wins by holding Piraeus");
	pelo_pos_initial(m, sc, &p);
	for (int s = 0; s < m->nspaces; s++) {
		int a = m->space[s].area;
		if (a == pelo_area_by_code(m, "hel") || a == pelo_area_by_code(m, "cyc") || a == pelo_area_by_code(m, "agn"))
			p.control[s] = (int8_t)city("spa");
	}
	strbuf_reset(&out);
	CHECK(!pelo_victory_check(m, &p, PELO_PH_POLITICAL, &winner, words(&out)),
	      "the Hellespont and part of the Island district are not enough (Euboea holds)");
	p.rebellion[space("chl")] = p.rebellion[space("ere")] = 1;
	strbuf_reset(&out);
	CHECK(pelo_victory_check(m, &p, PELO_PH_POLITICAL, &winner, words(&out)) && winner == city("spa") &&
	      contains(out.buf, "two tribute districts"),
	      "with Euboea in revolt too, two districts are lost: Sparta wins");

	/* Corinth: 3000 talents, Corcyra and Potidaea friendly, at the end of
	 * an economic phase only */
	pelo_pos_initial(m, sc, &p);
	p.treasury[city("cor")] = 2500;
	p.status[city("crc")] = (struct pelo_status){ PELO_BOX_ALLY, (int8_t)city("cor"), PELO_NONE };
	strbuf_reset(&out);
	CHECK(!pelo_victory_check(m, &p, PELO_PH_POLITICAL, &winner, words(&out)), "Corinth's conditions are not checked in the "
	      "political phase");
	chance_init(&dice, seed, "victory-cor");
	strbuf_reset(&out);
	pelo_economic(m, sc, &p, NULL, NULL, &dice, words(&out));
	CHECK(p.phase == PELO_PH_OVER && p.winner == city("cor") &&
	      contains(out.buf, "Corinth has 3000 talents and Corcyra and Potidaea are friendly to it"),
	      "Corinth wins at the end of the economic phase: 2500 + 800 talents, Corcyra its ally, Potidaea "
	      "in revolt against Athens");

	/* Thebes: all Boeotia and four fortresses in Attica, Locris, Phocis or Thessaly */
	pelo_pos_initial(m, sc, &p);
	p.control[space("pla")] = (int8_t)city("thb");
	p.control[space("opu")] = p.control[space("ata")] = (int8_t)city("thb");
	p.control[space("ela")] = (int8_t)city("thb");
	strbuf_reset(&out);
	CHECK(!pelo_victory_check(m, &p, PELO_PH_POLITICAL, &winner, words(&out)), "Thebes with three fortresses: not yet");
	p.control[space("pan")] = (int8_t)city("thb");
	political(&p, NULL, "victory-thb", &out);
	CHECK(p.phase == PELO_PH_OVER && p.winner == city("thb") &&
	      contains(out.buf, "Thebes holds all Boeotia and four fortress spaces"),
	      "Thebes wins with all Boeotia and four fortresses");
	strbuf_release(&out);
}

/* ------------------------------------------------------- determinism */

static void determinism(void)
{
	struct pelo_pos p, q;
	struct pelo_consent consent;
	struct strbuf a = STRBUF_INIT, b = STRBUF_INIT;

	pelo_pos_initial(m, sc, &p);
	memset(&consent, 0, sizeof consent);
	p.ravaged[space("ath")] = p.ravaged[space("cor")] = 1;
	p.resentment[city("ath")] = 6;
	p.bellicosity[city("thb")] = 0;
	p.ravaged[space("the")] = 1;
	q = p;
	political(&p, &consent, "same", &a);
	political(&q, &consent, "same", &b);
	CHECK(!strcmp(a.buf, b.buf) && !memcmp(&p, &q, sizeof p) && contains(a.buf, "Chalcidice in rebellion (1), so it ebbs by one: now 5."),
	      "the political phase, with plague, rebellion rolls and a surrender, is deterministic");
	strbuf_release(&a);
	strbuf_release(&b);
}

int main(void)
{
	if (load_board())
		return 1;
	plague();
	bellicosity();
	surrender();
	rebellion();
	kingdoms();
	peace();
	revenue();
	builds();
	economic();
	victory();
	determinism();
	pelo_board_free(&board);
	return check_done("pelo_turn_test");
}
