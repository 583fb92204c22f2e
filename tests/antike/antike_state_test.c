/*
 * antike_state_test.c - Antike's stored state and its words: a state
 * written, read back and written again to the same text (held orders
 * included), what the reader derives (the bank, the target, the
 * sudden-death end), every damaged line refused with its line number and
 * reason; the report's sentence for each kind of fact, from facts made by
 * hand; the phase's name; the position block and its JSON (which count
 * cities, temples, seas and personages with the engine's functions).
 *
 * The map is a small one built here, not variants/antike/map.txt, so that
 * the test depends on nothing but the files it tests: the state and the
 * words only ask a map for codes, names, land or sea, and the stacks.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/check.h"
#include "variants/antike_board.h"
#include "variants/antike_report.h"

static struct ant_map map;

static void add_prov(const char *code, const char *name, int sea, int res, int coastal)
{
	struct ant_province *p = &map.prov[map.nprov++];

	snprintf(p->code, sizeof p->code, "%s", code);
	snprintf(p->name, sizeof p->name, "%s", name);
	p->sea = (int8_t)sea;
	p->res = (int8_t)res;
	p->coastal = (int8_t)coastal;
}

static void add_nation(char letter, const char *name, const char *adj)
{
	struct ant_nation *n = &map.nation[map.nnations++];

	n->letter = letter;
	snprintf(n->name, sizeof n->name, "%s", name);
	snprintf(n->adjective, sizeof n->adjective, "%s", adj);
}

static void build_map(void)
{
	static const int stack[ANT_NPERSON] = { 9, 8, 7, 6, 5 };
	static const int target[ANT_MAX_NATIONS + 1] = { 0, 0, 0, 10, 9, 8, 7 };

	add_prov("ROM", "Roma", 0, ANT_MARBLE, 1);
	add_prov("NEA", "Neapolis", 0, ANT_GOLD, 1);
	add_prov("ALP", "Alpes", 0, ANT_IRON, 0);
	add_prov("TYR", "Tyros", 0, ANT_GOLD, 1);
	add_prov("COR", "Corniclanum", 0, ANT_IRON, 1);
	add_prov("AEG", "Aegean Sea", 1, -1, 0);
	add_prov("ION", "Ionian Sea", 1, -1, 0);
	add_nation('R', "Romans", "Roman");
	add_nation('G', "Greeks", "Greek");
	add_nation('T', "Germanic tribes", "Germanic");
	add_nation('P', "Phoenicians", "Phoenician");
	add_nation('C', "Carthaginians", "Carthaginian");
	add_nation('S', "Persians", "Persian");
	for (int n = 3; n <= ANT_MAX_NATIONS; n++) {
		map.setup[n].nnations = n;
		map.setup[n].target = target[n];
	}
	memcpy(map.person_stack, stack, sizeof stack);
}

/* A state in the writer's own form: read and written, it must come back
 * the same, character for character. */
static const char canonical[] =
	"round 3\n"
	"turn 9\n"
	"nations P T R G\n"
	"active T\n"
	"nation P wedge IRON marble 2 iron 1 gold 3 coins 1 know WHEEL,MARKET king 1 scholar 1 "
	"general 0 citizen 0 navigator 0 paid 1 0 0 0 silent 0\n"
	"nation T wedge KNOW-HOW marble 0 iron 4 gold 0 coins 2 know - king 0 scholar 0 "
	"general 1 citizen 0 navigator 0 paid 0 0 0 0 silent 3\n"
	"nation R wedge - marble 0 iron 0 gold 0 coins 0 know - king 0 scholar 0 "
	"general 0 citizen 0 navigator 0 paid 0 0 0 0 silent 0\n"
	"nation G wedge MANEUVER2 marble 1 iron 1 gold 1 coins 0 know DEMOCRACY king 0 scholar 0 "
	"general 0 citizen 2 navigator 0 paid 0 2 0 1 silent 0\n"
	"city ROM R temple\n"
	"city TYR P\n"
	"city COR T temple\n"
	"units ROM P 2 1\n"
	"units ROM R 1 0\n"
	"units AEG G 0 3\n"
	"held P\n"
	"RONDEL MARBLE\n"
	"FOUND NEA\n"
	"end\n"
	"held G\n"
	"RONDEL ARMING\n"
	"end\n";

static char *write_back(const struct ant_state *s)
{
	struct strbuf out = STRBUF_INIT;

	ant_state_write(&map, s, &out);
	return strbuf_detach(&out, NULL);
}

static void round_trip(void)
{
	struct ant_state s;
	char *text;

	if (!CHECK(ant_state_read(&map, canonical, &s) == 0, "canonical state reads: %s", fail_text()))
		return;
	text = write_back(&s);
	CHECK_STR("written back", text, canonical);
	free(text);
	CHECK_EQ(s.pos.round, 3);
	CHECK_EQ(s.pos.turn, 9);
	CHECK_EQ(s.pos.norder, 4);
	CHECK_EQ(s.pos.order[0], 3);
	CHECK_EQ(ant_active(&s.pos), 2);
	CHECK_EQ(s.pos.nat[3].know, (1u << ANT_K_WHEEL) | (1u << ANT_K_MARKET));
	CHECK_EQ(s.pos.nat[0].wedge, ANT_W_NONE);
	CHECK_EQ(s.pos.nat[1].all_know_paid, 1);
	CHECK_EQ(s.pos.nat[2].silent, 3);
	EXPECT(!s.pos.nat[4].in_play && !s.pos.nat[5].in_play);
	CHECK_EQ(s.pos.owner[4], 2);
	CHECK_EQ(s.pos.owner[1], -1);
	CHECK_EQ(s.pos.units[0][3][ANT_GALLEY], 1);
	/* derived, never stored */
	CHECK_EQ(s.pos.bank_coins, ANT_COINS - 3);
	CHECK_EQ(s.pos.bank_person[ANT_P_KING], 8);
	CHECK_EQ(s.pos.bank_person[ANT_P_CITIZEN], 4);
	CHECK_EQ(s.pos.target, 9);
	EXPECT(!s.pos.sudden_death && !s.pos.over);
	CHECK_STR("held P", s.held[3], "RONDEL MARBLE\nFOUND NEA\n");
	EXPECT(s.held[2] == NULL);
	ant_state_free(&s);
	EXPECT(s.held[3] == NULL);
}

/* What players and case files may write: comments, blanks, fields in any
 * order, defaults; the writer gives the one canonical text. */
static void loose_input(void)
{
	static const char in[] =
		"# a case's position\n"
		"nations R G T\n"
		"\n"
		"active G\n"
		"nation G coins 2 wedge GOLD\n"
		"units ION G 0 2\n"
		"units ROM R 3 0\n"
		"city ROM R\n"
		"over G\n";
	static const char out[] =
		"round 1\nturn 0\nnations R G T\nactive G\n"
		"nation R wedge - marble 0 iron 0 gold 0 coins 0 know - king 0 scholar 0 general 0 "
		"citizen 0 navigator 0 paid 0 0 0 0 silent 0\n"
		"nation G wedge GOLD marble 0 iron 0 gold 0 coins 2 know - king 0 scholar 0 general 0 "
		"citizen 0 navigator 0 paid 0 0 0 0 silent 0\n"
		"nation T wedge - marble 0 iron 0 gold 0 coins 0 know - king 0 scholar 0 general 0 "
		"citizen 0 navigator 0 paid 0 0 0 0 silent 0\n"
		"city ROM R\nunits ROM R 3 0\nunits ION G 0 2\nover G\n";
	struct ant_state s;
	char *text;

	if (!CHECK(ant_state_read(&map, in, &s) == 0, "loose state reads: %s", fail_text()))
		return;
	text = write_back(&s);
	CHECK_STR("canonical form", text, out);
	CHECK_EQ(s.pos.target, 10);
	EXPECT(s.pos.over && s.pos.winner == 1);
	free(text);
	ant_state_free(&s);
}

/* Five nations with every personage held: the sudden-death end. */
static void sudden_death(void)
{
	static const char in[] =
		"nations C T R G P\nactive R\n"
		"nation R king 9 scholar 8 general 7\n"
		"nation G citizen 6 navigator 5\n";
	struct ant_state s;

	if (!CHECK(ant_state_read(&map, in, &s) == 0, "full stacks read: %s", fail_text()))
		return;
	EXPECT(s.pos.sudden_death);
	CHECK_EQ(s.pos.target, 8);
	ant_state_free(&s);
}

static void refused(const char *text, int line, const char *reason)
{
	struct ant_state s;
	char want[64];
	int rc = ant_state_read(&map, text, &s);

	if (line)
		snprintf(want, sizeof want, "line %d: ", line);
	else
		want[0] = 0;
	CHECK(rc == -1 && strstr(fail_text(), want) && strstr(fail_text(), reason),
	      "'%s' refused at line %d with '%s' (got %d, '%s')", text, line, reason, rc,
	      rc ? fail_text() : "");
	if (!rc)
		ant_state_free(&s);
}

static void refusals(void)
{
	refused("round 2\n", 0, "no nations line");
	refused("active R\n", 1, "the nations line must come first");
	refused("nations R G\nactive R\n", 1, "no game is played with that many nations");
	refused("nations R G T\n", 0, "no active line");
	refused("nations R G X\nactive R\n", 1, "unknown nation");
	refused("nations R G R\nactive R\n", 1, "a nation named twice");
	refused("round 2\nactive R\nnations R G T\n", 2, "the nations line must come first");
	refused("nations R G T\nnations R G T\n", 2, "a second nations line");
	refused("nations R G T\nactive P\n", 2, "a nation not in play");
	refused("nations R G T\nactive R\nround 0\n", 3, "a number out of range");
	refused("nations R G T\nactive R\nround x\n", 3, "a number out of range");
	refused("nations R G T\nactive R\nturn -1\n", 3, "a number out of range");
	refused("nations R G T\nactive R\n\n\nrounds 2\n", 5, "unknown record");
	refused("nations R G T\nactive R\nnation R wedge FOO\n", 3, "unknown wedge");
	refused("nations R G T\nactive R\nnation R know WHEEL,BOATS\n", 3, "unknown know-how");
	refused("nations R G T\nactive R\nnation R coins\n", 3, "without its value");
	refused("nations R G T\nactive R\nnation R paid 1 0 0\n", 3, "without its value");
	refused("nations R G T\nactive R\nnation R paid 1 0 0 2\n", 3, "a number out of range");
	refused("nations R G T\nactive R\nnation R colour red\n", 3, "unknown nation field");
	refused("nations R G T\nactive R\nnation R king 10\n", 3, "a number out of range");
	refused("nations R G T\nactive R\nnation R coins 31\n", 3, "a number out of range");
	refused("nations R G T\nactive R\nnation P coins 1\n", 3, "a nation not in play");
	refused("nations R G T\nactive R\ncity AEG R\n", 3, "a city in a sea");
	refused("nations R G T\nactive R\ncity XYZ R\n", 3, "unknown province");
	refused("nations R G T\nactive R\ncity ROM R\ncity ROM G\n", 4, "a second city");
	refused("nations R G T\nactive R\ncity ROM R shrine\n", 3, "city PROVINCE LETTER");
	refused("nations R G T\nactive R\nunits AEG R 1 0\n", 3, "legions in a sea");
	refused("nations R G T\nactive R\nunits ALP R 0 1\n", 3, "galleys in an inland province");
	refused("nations R G T\nactive R\nunits ROM R 18 0\n", 3, "a number out of range");
	refused("nations R G T\nactive R\nunits ROM R 1\n", 3, "units PROVINCE LETTER");
	refused("nations R G T\nactive R\nunits ROM R 1 0\nunits ROM R 1 0\n", 4, "a second units line");
	refused("nations R G T\nactive R\nunits ROM R 9 0\nunits NEA R 9 0\n", 4,
	        "more units than its supply");
	refused("nations R G T\nactive R\nnation R coins 20\nnation G coins 11\n", 4,
	        "more coins held than the bank has");
	refused("nations R G T\nactive R\nnation R king 5\nnation G king 5\n", 4,
	        "more personages of a kind");
	refused("nations R G T\nactive R\nheld R\nRONDEL IRON\n", 3, "without their \"end\" line");
	refused("nations R G T\nactive R\nheld R\nRONDEL IRON\nend\nheld R\nend\n", 6,
	        "a second held block");
	refused("nations R G T\nactive R\nover X\n", 3, "unknown nation");
	refused("nations R G T\nactive R\nover\n", 3, "over LETTER");
}

/* ---- the report's sentences ---- */

static struct ant_fact fact(int kind, int nation, int other, int prov)
{
	struct ant_fact f;

	memset(&f, 0, sizeof f);
	f.kind = (int8_t)kind;
	f.nation = (int8_t)nation;
	f.other = (int8_t)other;
	f.prov = (int16_t)prov;
	return f;
}

static void said(const struct ant_fact *f, const struct ant_words *w, const char *want)
{
	struct strbuf out = STRBUF_INIT;
	struct ant_words words = *w;
	char what[64];

	words.out = &out;
	ant_report_sink(&words, f);
	snprintf(what, sizeof what, "fact kind %d", f->kind);
	CHECK_STR(what, out.buf, want);
	strbuf_release(&out);
}

static void words_of_facts(void)
{
	struct ant_turn_orders orders = { 0 };
	struct ant_words w = { &map, NULL, &orders, "RONDEL ARMING\nARM 2 LEGION ROM\nFOUND NEA\n" };
	struct ant_fact f;

	f = fact(ANT_F_COINS, -1, -1, -1);
	f.n[0] = 4, f.n[1] = 3;
	said(&f, &w, "  Round 4 begins: every nation takes a coin from the bank (3 coins).\n");
	f.n[1] = 1, f.n[2] = 2;
	said(&f, &w, "  Round 4 begins: every nation takes a coin from the bank (1 coin; "
	     "2 resources instead, the bank being empty).\n");
	f = fact(ANT_F_COIN_CHIP, 3, -1, -1);
	f.n[0] = ANT_IRON;
	said(&f, &w, "    The bank has no coin left: the Phoenicians take 1 iron instead.\n");
	f = fact(ANT_F_DEFAULT, 2, -1, -1);
	f.n[0] = 2;
	said(&f, &w, "  The Germanic tribes sent no orders: they play the default move (2 turns in a row).\n");
	f = fact(ANT_F_RONDEL, 0, -1, -1);
	f.n[0] = ANT_W_NONE, f.n[1] = ANT_W_IRON;
	said(&f, &w, "  The Romans place their marker on IRON (the first turn's free choice).\n");
	f.n[0] = ANT_W_MARBLE, f.n[1] = ANT_W_TEMPLE, f.n[2] = 4, f.n[3] = 1, f.n[5] = 1;
	said(&f, &w, "  The Romans move from MARBLE to TEMPLE: 4 steps, 1 paid with 1 iron.\n");
	f.n[0] = ANT_W_IRON, f.n[1] = ANT_W_GOLD, f.n[2] = 2, f.n[3] = 0, f.n[5] = 0;
	said(&f, &w, "  The Romans move from IRON to GOLD: 2 steps, free.\n");
	f.n[0] = ANT_W_IRON, f.n[1] = ANT_W_IRON, f.n[2] = 8, f.n[3] = 5, f.n[4] = 2, f.n[6] = 1, f.n[7] = 2;
	said(&f, &w, "  The Romans move from IRON to IRON: 8 steps, 5 paid with 2 marble, 1 gold, 2 coins.\n");
	f = fact(ANT_F_PRODUCE_CITY, 0, -1, 0);
	f.n[0] = 3, f.n[1] = ANT_MARBLE, f.n[2] = 1;
	said(&f, &w, "    Roma (ROM) produces 3 marble (with its temple).\n");
	f = fact(ANT_F_PRODUCE_BONUS, 0, -1, -1);
	f.n[0] = 2, f.n[1] = ANT_K_CURRENCY, f.n[2] = ANT_GOLD;
	said(&f, &w, "    CURRENCY adds 2 gold.\n");
	f = fact(ANT_F_PRODUCE_TOTAL, 0, -1, -1);
	f.n[0] = 5, f.n[1] = ANT_GOLD;
	said(&f, &w, "  The Romans take 5 gold in all.\n");
	f = fact(ANT_F_TEMPLE, 1, -1, 1);
	f.n[0] = 3, f.n[3] = 2;
	said(&f, &w, "  The Greeks build a temple in Neapolis (NEA) for 3 marble, 2 coins.\n");
	f = fact(ANT_F_ARM, 1, -1, 0);
	f.n[0] = 1, f.n[1] = ANT_GALLEY, f.n[3] = 1;
	said(&f, &w, "  The Greeks arm 1 galley in Roma (ROM) for 1 iron.\n");
	f = fact(ANT_F_KNOW, 1, -1, -1);
	f.n[0] = ANT_K_NAVIGATION, f.n[1] = 10, f.n[2] = 1, f.n[5] = 9, f.n[6] = 1;
	said(&f, &w, "  The Greeks learn NAVIGATION for 10 gold (no nation knew it), paid with 9 gold, 1 coin.\n");
	f.n[2] = 0, f.n[1] = 5, f.n[5] = 5, f.n[6] = 0;
	said(&f, &w, "  The Greeks learn NAVIGATION for 5 gold, paid with 5 gold.\n");
	f = fact(ANT_F_MOVE, 1, -1, -1);
	f.n[0] = 3, f.n[1] = ANT_GALLEY, f.npath = 3, f.path[0] = 6, f.path[1] = 5, f.path[2] = 3;
	said(&f, &w, "  The Greeks move 3 galleys Ionian Sea (ION) - Aegean Sea (AEG) - Tyros (TYR).\n");
	f = fact(ANT_F_ENTER_STOPPED, 1, -1, 5);
	f.n[0] = 0, f.n[1] = ANT_LEGION;
	said(&f, &w, "    The Greek legions stop in Aegean Sea (AEG): none survive the battle.\n");
	f.n[0] = 2;
	said(&f, &w, "    The Greek legions stop in Aegean Sea (AEG): 2 left.\n");
	f = fact(ANT_F_BATTLE, 1, 3, 5);
	f.n[0] = ANT_GALLEY, f.n[1] = 3, f.n[2] = 1, f.n[3] = 2, f.n[4] = 1;
	said(&f, &w, "    Battle of galleys in Aegean Sea (AEG), demanded by the Phoenicians: "
	     "3 Greek against 1 Phoenician; each side loses 1.\n");
	f.n[3] = 1;
	said(&f, &w, "    Battle of galleys in Aegean Sea (AEG), demanded by the Greeks: "
	     "3 Greek against 1 Phoenician; each side loses 1.\n");
	f.n[3] = 3;
	said(&f, &w, "    Battle of galleys in Aegean Sea (AEG), demanded by both sides: "
	     "3 Greek against 1 Phoenician; each side loses 1.\n");
	/* RESEARCH 5.4: Corniclanum, 3 + 2 + 1 = 6 */
	f = fact(ANT_F_CONQUER, 0, 2, 4);
	f.n[0] = 6, f.n[1] = 3, f.n[2] = 2, f.n[3] = 1, f.n[4] = ANT_K_MONARCHY, f.n[5] = 5, f.n[6] = 1;
	f.n[7] = 1, f.n[8] = 1, f.n[9] = 1;
	said(&f, &w, "  The Romans conquer the Germanic city of Corniclanum (COR): defence 6 = city 3 + "
	     "units 2 + MONARCHY 1; they give up 5 legions and 1 galley; the Germanic tribes lose "
	     "1 legion, 1 galley and their temple, which goes back to the bank.\n");
	/* RG-IX: Tyros, 1 + 1 = 2, taken with 2 galleys */
	f = fact(ANT_F_CONQUER, 1, 3, 3);
	f.n[0] = 2, f.n[1] = 1, f.n[2] = 1, f.n[4] = -1, f.n[6] = 2, f.n[7] = 1;
	said(&f, &w, "  The Greeks conquer the Phoenician city of Tyros (TYR): defence 2 = city 1 + "
	     "units 1; they give up 0 legions and 2 galleys; the Phoenicians lose 1 legion, 0 galleys.\n");
	f = fact(ANT_F_FOUND, 0, -1, 1);
	f.n[0] = ANT_GOLD, f.n[1] = 1, f.n[2] = 1, f.n[3] = 1;
	said(&f, &w, "  The Romans found a city of gold in Neapolis (NEA) for 1 marble, 1 iron, 1 gold.\n");
	f = fact(ANT_F_PERSONAGE, 0, -1, -1);
	f.n[0] = ANT_P_KING, f.n[1] = ANT_WHY_CITIES, f.n[2] = 10;
	said(&f, &w, "  The Romans win a king: 10 cities.\n");
	f.n[0] = ANT_P_SCHOLAR, f.n[1] = ANT_WHY_FIRST_KNOW, f.n[2] = ANT_K_ROADS;
	said(&f, &w, "  The Romans win a scholar: the first to know ROADS.\n");
	f.n[0] = ANT_P_GENERAL, f.n[1] = ANT_WHY_TEMPLE_DESTROYED, f.n[2] = 4;
	said(&f, &w, "  The Romans win a general: they destroyed the temple of Corniclanum (COR).\n");
	f.n[0] = ANT_P_CITIZEN, f.n[1] = ANT_WHY_TEMPLES, f.n[2] = 3;
	said(&f, &w, "  The Romans win a citizen: 3 temples.\n");
	f.n[0] = ANT_P_NAVIGATOR, f.n[1] = ANT_WHY_SEAS, f.n[2] = 7;
	said(&f, &w, "  The Romans win a navigator: 7 seas held.\n");
	f.n[0] = ANT_P_KING, f.n[1] = ANT_WHY_ALL_KNOW;
	said(&f, &w, "  The Romans win a king: all eight know-hows.\n");
	f = fact(ANT_F_PERSONAGE_NONE, 0, -1, -1);
	f.n[0] = ANT_P_NAVIGATOR;
	said(&f, &w, "  The Romans earned a navigator, but none is left.\n");
	f = fact(ANT_F_EXCHANGE, 0, -1, -1);
	f.n[0] = 4, f.n[1] = ANT_MARBLE, f.n[2] = 2, f.n[3] = ANT_GOLD;
	said(&f, &w, "    The Romans, knowing all eight know-hows, pay 4 marble for 2 gold.\n");
	f = fact(ANT_F_CIVIL_DISORDER, 5, -1, -1);
	f.n[0] = 3;
	said(&f, &w, "  The Persians have played 3 turns by default: they are in civil disorder until "
	     "a player takes them over.\n");
	f = fact(ANT_F_VICTORY, 0, -1, -1);
	f.n[0] = 9, f.n[1] = 9;
	said(&f, &w, "  The Romans win the game with 9 personages (the target is 9).\n");
	f.n[2] = 1, f.n[0] = 6;
	said(&f, &w, "  The Romans win the game: theirs is the first temple destroyed after the last "
	     "personage went out (6 personages).\n");
	f = fact(ANT_F_ALL_OUT, -1, -1, -1);
	said(&f, &w, "  The last personage is out: the next nation to destroy a temple wins.\n");
}

/* Skipped orders: the order quoted from the stored lines, the reason
 * with its figures, FOUND's "no city" told apart from CONQUER's. */
static void words_of_skips(void)
{
	struct ant_turn_orders orders = { 0 };
	struct ant_words w = { &map, NULL, &orders, "RONDEL ARMING\nARM 2 LEGION ROM\nFOUND ROM\n" };
	struct ant_fact f;

	orders.n = 3;
	orders.o[0].kind = ANT_O_RONDEL;
	orders.o[1].kind = ANT_O_ARM;
	orders.o[2].kind = ANT_O_FOUND;
	f = fact(ANT_F_SKIPPED, 0, -1, 0);
	f.n[0] = 1, f.why = ANT_SKIP_ARM_LIMIT, f.n[1] = 3;
	said(&f, &w, "  Skipped: order 2 of the Romans (ARM 2 LEGION ROM): 3 new units were placed "
	     "there this turn already.\n");
	f.why = ANT_SKIP_CANNOT_PAY, f.n[1] = ANT_IRON;
	said(&f, &w, "  Skipped: order 2 of the Romans (ARM 2 LEGION ROM): not enough iron.\n");
	f.n[1] = ANT_COIN;
	said(&f, &w, "  Skipped: order 2 of the Romans (ARM 2 LEGION ROM): not enough resources and "
	     "coins in all.\n");
	f.n[0] = 2, f.why = ANT_SKIP_NO_CITY;
	said(&f, &w, "  Skipped: order 3 of the Romans (FOUND ROM): a city stands there already.\n");
	orders.o[2].kind = ANT_O_CONQUER;
	said(&f, &w, "  Skipped: order 3 of the Romans (FOUND ROM): no foreign city is there.\n");
	f.why = ANT_SKIP_TOO_WEAK, f.n[1] = 4, f.n[2] = 6;
	said(&f, &w, "  Skipped: order 3 of the Romans (FOUND ROM): 4 upright units against a defence "
	     "of 6.\n");
	f.why = ANT_SKIP_TOO_FAR, f.n[1] = 3, f.n[2] = 2;
	said(&f, &w, "  Skipped: order 3 of the Romans (FOUND ROM): 3 borders, but the units have 2 "
	     "actions.\n");
	w.lines = NULL, w.orders = NULL;
	f.why = ANT_SKIP_LAST_CITY;
	said(&f, &w, "  Skipped: order 3 of the Romans: it is the defender's last city, which cannot "
	     "be taken.\n");
	/* every reason has words */
	for (int why = 0; why < ANT_NSKIPS; why++) {
		struct strbuf out = STRBUF_INIT;
		struct ant_words x = w;
		f.why = (int8_t)why;
		x.out = &out;
		ant_report_sink(&x, &f);
		CHECK(!strstr(out.buf, "cannot be carried out") && !strstr(out.buf, "(null)"),
		      "skip reason %d worded: %s", why, out.buf);
		strbuf_release(&out);
	}
}

static void phase_names(void)
{
	struct ant_state s;
	struct strbuf out = STRBUF_INIT;

	if (!CHECK(ant_state_read(&map, canonical, &s) == 0, "reads: %s", fail_text()))
		return;
	ant_phase_name(&map, &s.pos, &out);
	CHECK_STR("phase", out.buf, "Round 3: the Germanic tribes' turn");
	s.pos.active = 2;
	strbuf_reset(&out);
	ant_phase_name(&map, &s.pos, &out);
	CHECK_STR("phase", out.buf, "Round 3: the Romans' turn");
	s.pos.over = 1;
	strbuf_reset(&out);
	ant_phase_name(&map, &s.pos, &out);
	CHECK_STR("phase", out.buf, "Round 3: the game is over");
	strbuf_release(&out);
	ant_state_free(&s);
}

static void has(const char *what, const char *text, const char *part, int want)
{
	CHECK(!strstr(text, part) == !want, "%s %s '%s':\n%s", what, want ? "has" : "lacks", part, text);
}

static void position(void)
{
	static const char in[] =
		"round 2\nturn 5\nnations P T R G\nactive R\n"
		"nation P wedge IRON coins 1 know WHEEL,MARKET king 1 scholar 1\n"
		"nation R silent 3\n"
		"nation G king 5 general 3\n"
		"city ROM R temple\ncity TYR P\nunits ROM R 2 1\nunits ALP T 1 0\n";
	const char *standing[ANT_MAX_NATIONS] = { [1] = "FIGHT ALWAYS\nFIGHT NEVER IN ROM\n" };
	struct strbuf out = STRBUF_INIT;
	struct json j;
	struct ant_state s;

	if (!CHECK(ant_state_read(&map, in, &s) == 0, "position reads: %s", fail_text()))
		return;
	ant_position(&map, &s.pos, standing, &out);
	has("position", out.buf, "Round 2, after 5 turns: the Romans are to play.\n"
	    "The target is 9 personages.\n", 1);
	has("position", out.buf, "Phoenicians (P): on IRON; marble 0, iron 0, gold 0, coins 1\n"
	    "  Cities (1): Tyros (TYR, gold)\n  Units: none\n  Know-hows: WHEEL, MARKET\n"
	    "  Personages: 2 of 9 (king 1, scholar 1)\n  Temples 0, seas held 0\n"
	    "  Standing battle orders: none given: FIGHT CITY, the default\n", 1);
	has("position", out.buf, "Romans (R): on no wedge yet;", 1);
	has("position", out.buf, "  Cities (1): Roma (ROM, marble, temple)\n  Units: ROM 2 legions + 1 galley\n", 1);
	has("position", out.buf, "  Temples 1, seas held 0\n", 1);
	has("position", out.buf, "  In civil disorder: 3 turns played by default.\n", 1);
	has("position", out.buf, "  Units: ALP 1 legion\n", 1);
	has("position", out.buf, "  Standing battle orders: FIGHT ALWAYS; FIGHT NEVER IN ROM\n", 1);
	has("position", out.buf, "The bank: 29 coins, 19 temples.\nPersonages left: king 3, scholar 7, "
	    "general 4, citizen 6, navigator 5.\n", 1);
	has("position", out.buf, "Warning: the Greeks are one personage from victory.\n", 1);
	has("position", out.buf, "Warning: the Romans", 0);
	strbuf_reset(&out);
	ant_position(&map, &s.pos, NULL, &out);
	has("status", out.buf, "Standing battle orders", 0);
	strbuf_reset(&out);
	json_init(&j, &out);
	ant_position_json(&map, &s.pos, &j);
	has("json", out.buf, "\"round\":2,\"turn\":5,\"active\":\"R\",\"target\":9,\"over\":false,", 1);
	has("json", out.buf, "\"cities\":[{\"prov\":\"ROM\",\"resource\":\"marble\",\"temple\":true}],"
	    "\"units\":[{\"prov\":\"ROM\",\"legions\":2,\"galleys\":1}]", 1);
	has("json", out.buf, "\"bank\":{\"coins\":29,\"temples\":19,\"personages\":{\"king\":3,", 1);
	s.pos.over = 1, s.pos.winner = 1;
	strbuf_reset(&out);
	ant_position(&map, &s.pos, NULL, &out);
	has("final", out.buf, "The position at the end, in round 2, after 5 turns:\n", 1);
	has("final", out.buf, "Warning", 0);
	strbuf_release(&out);
	ant_state_free(&s);
}

int main(void)
{
	build_map();
	round_trip();
	loose_input();
	sudden_death();
	refusals();
	words_of_facts();
	words_of_skips();
	phase_names();
	position();
	return check_done("antike_state_test");
}
