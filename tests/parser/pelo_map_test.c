/*
 * pelo_map_test.c - the multi-player Peloponnesian War's data files.
 *
 * The real map.txt and scenario.txt load and say what the rules and the
 * research give (89 spaces, 29 city-states, the majors A C S T, three
 * kingdoms, the two special paths, symmetric paths; the 431 BC treasuries,
 * coalitions, sympathies, rebellion, forces and seat deal).  Then small
 * files, each with one thing wrong, must be refused with an error that
 * names the file and the line at fault.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tests/check.h"
#include "variants/pelo_map_load.h"

/* --------------------------------------------------------- the real data */

static int city(const struct pelo_board *b, const char *code)
{
	return pelo_city_by_code(&b->map, code);
}

/* 1 if city a's status is box, of major code of ("" for none). */
static int status_is(const struct pelo_board *b, const char *a, int box, const char *of)
{
	const struct pelo_status *st = &b->scen.status[city(b, a)];
	return st->box == box && st->of == (*of ? city(b, of) : PELO_NONE);
}

/* The index in map.major of the major with power letter c. */
static int major_index(const struct pelo_board *b, char c)
{
	for (int i = 0; i < b->map.nmajors; i++)
		if (b->map.city[b->map.major[i]].letter == c)
			return i;
	return -1;
}

/* 1 if, in a game of n players, the majors in same[] share one seat and
 * no other major sits there. */
static int same_seat(const struct pelo_board *b, int n, const char *same)
{
	int seat = b->scen.seat[n][major_index(b, same[0])];

	for (int i = 0; i < b->map.nmajors; i++) {
		char letter = b->map.city[b->map.major[i]].letter;
		if ((strchr(same, letter) != NULL) != (b->scen.seat[n][i] == seat))
			return 0;
	}
	return 1;
}

static void check_map(const struct pelo_board *b)
{
	const struct pelo_map *m = &b->map;
	int count[5] = { 0 }, symmetric = 1, homes = 0, kingdoms = 0, nokingdom_home = 1;
	char letters[8] = "";
	const struct pelo_special *isth, *storm;

	CHECK(m->nspaces == 89, "89 spaces");
	CHECK(m->nareas == 36, "36 areas");
	for (int c = 0; c < m->ncities; c++) {
		homes += m->city[c].home != PELO_NONE;
		kingdoms += m->city[c].class == PELO_KINGDOM;
	}
	CHECK(homes == 29 && m->citystates == 29, "29 city-states (powers with a home space)");
	CHECK(m->ncities == 31, "31 powers: 29 city-states, Persia and the Odrysians");
	CHECK(kingdoms == 3, "3 kingdoms");
	nokingdom_home = m->city[city(b, "prs")].home == PELO_NONE &&
	                 m->city[city(b, "ody")].home == PELO_NONE;
	CHECK(nokingdom_home && m->city[city(b, "mac")].home == pelo_space_by_code(m, "pel"),
	      "Macedon's home is Pella; Persia and the Odrysians have none");
	for (int i = 0; i < m->nmajors; i++)
		letters[i] = m->city[m->major[i]].letter;
	CHECK(m->nmajors == 4 && !strcmp(letters, "ACST"), "majors A C S T, in alphabetical order");
	CHECK(m->city[city(b, "ath")].port == pelo_space_by_code(m, "pir") &&
	      m->city[city(b, "spa")].port == pelo_space_by_code(m, "gyt") &&
	      m->city[city(b, "cor")].port == pelo_space_by_code(m, "cor"),
	      "ports: Athens at Piraeus, Sparta at Gythium, Corinth at home");

	for (int a = 0; a < m->nspaces; a++)
		for (int c = 0; c < m->nspaces; c++) {
			symmetric &= m->path[a][c] == m->path[c][a];
			if (a < c)
				count[m->path[a][c]]++;
		}
	CHECK(symmetric, "every path goes both ways");
	CHECK(count[PELO_LAND] == 78 && count[PELO_COMBINED] == 15 && count[PELO_NAVAL] == 63 &&
	      count[PELO_STORM] == 1, "78 land, 15 combined (the research map's, with Mantinea - Phlius and Naupactus - Oeniadae), 63 naval paths and 1 storm path");
	CHECK(pelo_map_unreached(m) == PELO_NONE, "every space can be reached");

	isth = pelo_special_between(m, pelo_space_by_code(m, "cen"), pelo_space_by_code(m, "cor"));
	storm = pelo_special_between(m, pelo_space_by_code(m, "syr"), pelo_space_by_code(m, "tae"));
	CHECK(m->nspecial == 2, "2 special paths");
	CHECK(isth && isth->kind == PELO_ISTHMUS &&
	      m->path[isth->a][isth->b] == PELO_LAND, "Corinth - Cenchreae: the isthmus, on a land path");
	CHECK(storm && storm->kind == PELO_STORMY && storm->storm_roll == 5,
	      "Cape Taenarum - Syracuse: storm on 5 or 6");

	CHECK(names_find(&b->spaces, "Atlante", 7) == pelo_space_by_code(m, "ata") &&
	      names_find(&b->spaces, "athenai", 7) == pelo_space_by_code(m, "ath") &&
	      names_find(&b->spaces, "cape  taenarum", 14) == pelo_space_by_code(m, "tae"),
	      "aliases: Atlante, Athenai, Cape Taenarum");
	CHECK(names_find(&b->cities, "Ionia", 5) == city(b, "ion") &&
	      m->city[city(b, "ion")].home == pelo_space_by_code(m, "eph"),
	      "the 29th city-state: Ionia, at Ephesus");
}

static void check_scenario(const struct pelo_board *b)
{
	const struct pelo_scenario *sc = &b->scen;
	int sp[PELO_SP_TYPES] = { 0 }, garrisons = 0, rebels = 0, same = 1;
	static const char *const majors[] = { "ath", "cor", "spa", "thb" };

	CHECK(sc->turns == 10 && sc->start_year == 431 && sc->years_per_turn == 3,
	      "ten turns of three years from 431 BC");
	CHECK(sc->treasury[city(b, "ath")] == 6000 && sc->treasury[city(b, "cor")] == 1500 &&
	      sc->treasury[city(b, "spa")] == 500 && sc->treasury[city(b, "thb")] == 500,
	      "treasuries 6000, 1500, 500, 500");
	for (int i = 0; i < 4; i++)
		same &= sc->bellicosity[city(b, majors[i])] == 10 && sc->resentment[city(b, majors[i])] == 0;
	CHECK(same, "bellicosity 10 and resentment 0 for every major");
	CHECK(status_is(b, "ath", PELO_BOX_DOMINANT, "") && status_is(b, "spa", PELO_BOX_DOMINANT, ""),
	      "Athens and Sparta dominant");
	CHECK(status_is(b, "thb", PELO_BOX_PARTNER, "spa") && status_is(b, "cor", PELO_BOX_PARTNER, "spa"),
	      "Thebes and Corinth junior partners of Sparta");
	CHECK(sc->status[city(b, "syr")].sympathetic == city(b, "cor") &&
	      sc->status[city(b, "arg")].sympathetic == city(b, "ath") &&
	      status_is(b, "syr", PELO_BOX_NEUTRAL, "") && status_is(b, "arg", PELO_BOX_NEUTRAL, ""),
	      "Syracuse (neutral) sympathetic to Corinth, Argos (neutral) to Athens");
	CHECK(status_is(b, "meg", PELO_BOX_ALLY, "spa") && status_is(b, "mes", PELO_BOX_TRIBUTARY, "spa") &&
	      status_is(b, "pla", PELO_BOX_ALLY, "ath") && status_is(b, "chi", PELO_BOX_ALLY, "ath") &&
	      status_is(b, "aeg", PELO_BOX_TRIBUTARY, "ath") && status_is(b, "ach", PELO_BOX_NEUTRAL, "") &&
	      status_is(b, "mac", PELO_BOX_NEUTRAL, ""),
	      "minors: Megara ally and Messenia tributary of Sparta; Plataea, Chios allies and "
	      "Aegina tributary of Athens; Achaea and Macedon neutral");
	for (int s = 0; s < b->map.nspaces; s++)
		rebels += sc->rebellion[s];
	CHECK(rebels == 1 && sc->rebellion[pelo_space_by_code(&b->map, "pot")] &&
	      status_is(b, "chd", PELO_BOX_TRIBUTARY, "ath"),
	      "Potidaea alone in rebellion, against Athens");
	for (int i = 0; i < sc->nforces; i++) {
		for (int t = 0; t < PELO_SP_TYPES; t++)
			sp[t] += sc->force[i].sp[t];
		garrisons += sc->force[i].garrison;
	}
	CHECK(sp[PELO_HOPLITE] == 39 && sp[PELO_CAVALRY] == 14 && sp[PELO_NAVAL_SP] == 28 && garrisons == 13,
	      "39 hoplite, 14 cavalry, 28 naval SPs and 13 garrisons");
	CHECK(sc->tribute[city(b, "aeg")] == 100 && sc->tribute[city(b, "eub")] == 100 &&
	      sc->tribute[city(b, "cyc")] == 100 && sc->tribute[city(b, "ion")] == 300 &&
	      sc->tribute[city(b, "ath")] == 0,
	      "tribute rates: Aegina, Euboea, the Cyclades 100 (chapter 7.1.1's example), Ionia 300");
	CHECK(same_seat(b, 4, "A") && same_seat(b, 4, "C") && same_seat(b, 4, "S") && same_seat(b, 4, "T"),
	      "4 players: one major each");
	CHECK(same_seat(b, 3, "A") && same_seat(b, 3, "C") && same_seat(b, 3, "ST"),
	      "3 players: Sparta's player also commands Thebes");
	CHECK(same_seat(b, 2, "A") && same_seat(b, 2, "CST"),
	      "2 players: Sparta's player also commands Corinth and Thebes");
}

/* ---------------------------------------------------------- bad data */

/* A small good board; line numbers matter to the cases below. */
static const char *good_map =
	"variant Tiny War\n"                                           /*  1 */
	"citystates 3\n"
	"area hom Homeland\n"
	"area isl Isles\n"
	"space aaa hom land home,fortress 37.00 23.00 Alpha | Alfa\n"  /*  5 */
	"space bbb hom coast port 37.10 23.10 Beta\n"
	"space ccc hom coast home,fortress 37.20 23.20 Gamma\n"
	"space ddd isl island home 37.30 23.30 Delta\n"
	"city aaa A major aaa bbb Alpha Alphan\n"
	"city ccc C major ccc - Gamma Gamman\n"                       /* 10 */
	"city ddd - minor ddd - Delta Deltan\n"
	"city kkk - kingdom - - Kappa Kappan\n"
	"land aaa: bbb ccc\n"
	"land bbb: aaa ccc\n"
	"land ccc: aaa bbb\n"                                          /* 15 */
	"naval bbb: ddd\n"
	"naval ddd: bbb\n"
	"storm ccc ddd 5\n"
	"isthmus bbb ccc\n";                                           /* 19 */

static const char *good_scen =
	"scenario Tiny\n"                                              /*  1 */
	"start 431\n"
	"years 3\n"
	"turns 10\n"
	"seats 2 A C\n"                                                /*  5 */
	"status aaa dominant\n"
	"status ccc partner aaa\n"
	"status ddd ally aaa\n"
	"status kkk neutral\n"
	"sympathy ddd ccc\n"                                           /* 10 */
	"treasury aaa 100\n"
	"treasury ccc 50\n"
	"bellicosity aaa 10\n"
	"bellicosity ccc 10\n"
	"resentment aaa 0\n"                                           /* 15 */
	"resentment ccc 0\n"
	"control bbb aaa\n"
	"rebellion ddd\n"
	"force aaa aaa 2H 1C\n"
	"force aaa bbb 3N\n"                                           /* 20 */
	"garrison ccc ccc\n"
	"tribute ddd 100\n"                                            /* 22 */
	"general gena aaa 0 1 General A\n"
	"general genc ccc 0 1 General C\n"
	"skill naval aaa\n"
	"skill hoplite ccc\n";                                          /* 26 */

struct bad {
	const char *what;
	const char *from, *to;     /* replace this text of the good file with that */
	const char *want;          /* expected ":line: message" fragment */
};

static const struct bad bad_maps[] = {
	{ "unknown space", "land ccc: aaa bbb\n", "land ccc: aaa bbb zzz\n", ":15: unknown space 'zzz'" },
	{ "one-way path", "naval ddd: bbb\n", "", ":16: one-way path: bbb lists ddd, but ddd does not list bbb" },
	{ "path of two kinds", "land ccc: aaa bbb\n", "land ccc: aaa\nnaval ccc: bbb\n", ":16: path ccc - bbb is naval here but land at line 14" },
	{ "path listed twice", "land bbb: aaa ccc\n", "land bbb: aaa ccc aaa\n", ":14: path bbb - aaa listed twice (also line 14)" },
	{ "duplicate alias", "Beta\n", "Beta | alfa\n", ":6: duplicate name: 'alfa' already names another space" },
	{ "duplicate name", "Delta\n", "Gamma\n", ":8: duplicate name: 'Gamma' already names another space" },
	{ "duplicate code", "space ccc hom coast", "space aaa hom coast", ":7: duplicate space code 'aaa' (also line 5)" },
	{ "duplicate city name", "Delta Deltan", "Gamma Deltan", ":11: duplicate name: 'Gamma' already names another city-state" },
	{ "city-state without a home", "city ddd - minor ddd -", "city ddd - minor - -", ":11: city-state ddd needs a home space" },
	{ "home space nobody claims", "city ddd - minor ddd - Delta Deltan\n", "", ":8: ddd is marked home but no city record names it" },
	{ "home not marked", "city ddd - minor ddd", "city ddd - minor bbb", ":11: bbb is not marked home" },
	{ "one home, two cities", "city ddd - minor ddd", "city ddd - minor ccc", ":11: ccc is already the home of ccc" },
	{ "wrong city-state count", "citystates 3", "citystates 4", ":2: the citystates record says 4, but 3 cities have a home space" },
	{ "coordinate out of range", "37.30 23.30", "37.30 53.30", ":8: longitude 53.30 is outside the map" },
	{ "bad coordinate", "37.10 23.10", "37.1x 23.10", ":6: latitude '37.1x' should be decimal degrees" },
	{ "bad terrain", "isl island", "isl lake", ":8: terrain must be land, coast or island, not 'lake'" },
	{ "bad kind of space", "coast port", "coast harbour", ":6: unknown kind of space 'harbour'" },
	{ "unknown area", "space bbb hom", "space bbb xxx", ":6: unknown area 'xxx'" },
	{ "land path to an island", "land bbb: aaa ccc\n", "land bbb: aaa ccc ddd\n", ":14: a land path cannot reach island ddd" },
	{ "naval path inland", "naval ddd: bbb\n", "naval ddd: bbb aaa\n", ":17: a naval path needs a shore: aaa is inland" },
	{ "isthmus without land path", "isthmus bbb ccc", "isthmus bbb ddd", ":19: an isthmus marks a land path" },
	{ "isthmus inland", "isthmus bbb ccc", "isthmus aaa ccc", ":19: a naval path needs a shore: aaa is inland" },
	{ "storm roll", "storm ccc ddd 5", "storm ccc ddd 7", ":18: '7' should be a whole number from 1 to 6" },
	{ "storm over a path", "storm ccc ddd 5", "storm bbb ddd 5", ":18: bbb - ddd already has a naval path" },
	{ "major without letter", "city ccc C major", "city ccc - major", ":10: a major needs a power letter" },
	{ "duplicate letter", "city ccc C major", "city ccc A major", ":10: duplicate power letter 'A'" },
	{ "letter of the Master", "city ccc C major", "city ccc M major", ":10: a major needs a power letter" },
	{ "port that is no port", "aaa bbb Alpha", "aaa ccc Alpha", ":9: port ccc should be a space marked port" },
	{ "unreachable space", "Delta\n", "Delta\nspace eee isl island - 37.00 24.00 Epsilon\n",
	  ":9: eee cannot be reached from aaa" },
	{ "unknown record", "isthmus bbb ccc", "bridge bbb ccc", ":19: unknown record 'bridge'" },
	{ "bad class", "minor ddd", "vassal ddd", ":11: class must be major, minor or kingdom" },
	{ "no variant", "variant Tiny War\n", "", ":18: no variant record" },
};

static const struct bad bad_scens[] = {
	{ "force in an unknown space", "force aaa bbb 3N", "force aaa zzz 3N", ":20: unknown space 'zzz'" },
	{ "force of an unknown city-state", "force aaa aaa", "force xxx aaa", ":19: unknown city-state 'xxx'" },
	{ "bad SP type", "2H 1C", "2H 1X", ":19: '1X' should be a number of SPs and H, C or N" },
	{ "bad SP number", "2H 1C", "0H 1C", ":19: '0' should be a whole number from 1 to 99" },
	{ "SP type twice", "2H 1C", "2H 1H", ":19: H SPs given twice" },
	{ "ships inland", "2H 1C\n", "2H 1C 1N\n", ":19: naval SPs cannot stand in inland aaa" },
	{ "force twice", "force aaa bbb 3N\n", "force aaa bbb 3N\nforce aaa bbb 1N\n", ":21: the force of aaa in bbb is given twice" },
	{ "garrison outside a fortress", "garrison ccc ccc", "garrison ccc bbb", ":21: a garrison needs a fortress, and bbb is none" },
	{ "two garrisons", "garrison ccc ccc\n", "garrison ccc ccc\ngarrison aaa ccc\n", ":22: ccc already has a garrison (line 21)" },
	{ "bad treasury", "treasury aaa 100", "treasury aaa lots", ":11: 'lots' should be a whole number from 0 to 99999" },
	{ "bellicosity too high", "bellicosity aaa 10", "bellicosity aaa 13", ":13: '13' should be a whole number from 0 to 12" },
	{ "treasury of a minor", "treasury ccc 50", "treasury ddd 50", ":12: ddd is not a major city-state" },
	{ "treasury twice", "treasury ccc 50", "treasury aaa 50", ":12: treasury for aaa given twice (also line 11)" },
	{ "missing treasury", "treasury ccc 50\n", "", ":25: no treasury for Gamma" },
	{ "status of the wrong class", "status ddd ally aaa", "status ddd dominant", ":8: 'dominant' is not a status of a minor" },
	{ "status without its major", "status ddd ally aaa", "status ddd ally", ":8: 'ally' needs one major after it" },
	{ "partner of a non-dominant", "status aaa dominant", "status aaa neutral",
	  ":7: Gamma can only be a partner of, or at war with, a dominant major, and Alpha is not dominant" },
	{ "status twice", "status kkk neutral", "status ddd neutral", ":9: status for ddd given twice (also line 8)" },
	{ "missing status", "status kkk neutral\n", "", ":25: no status for Kappa" },
	{ "sympathetic major", "sympathy ddd ccc", "sympathy aaa ccc", ":10: only a minor can be sympathetic" },
	{ "too few seat groups", "seats 2 A C", "seats 2 AC", ":5: 2 players need 2 groups of majors, not 1" },
	{ "major dealt twice", "seats 2 A C", "seats 2 A A", ":5: Alpha is dealt twice" },
	{ "unknown seat letter", "seats 2 A C", "seats 2 A X", ":5: 'X' is not the letter of a major" },
	{ "too many players", "seats 2 A C", "seats 3 A C", ":5: '3' should be a whole number from 2 to 2" },
	{ "missing seats", "seats 2 A C\n", "", ":25: no seats record for 2 players" },
	{ "rebellion in a neutral space", "control bbb aaa", "control ddd neutral", ":18: a rebellion needs a controller" },
	{ "control by an unknown city", "control bbb aaa", "control bbb zzz", ":17: unknown city-state 'zzz'" },
	{ "control by a homeless kingdom", "control bbb aaa", "control bbb kkk", ":17: kkk has no home space and cannot control bbb" },
	{ "bad turns", "turns 10", "turns 0", ":4: '0' should be a whole number from 1 to 100" },
	{ "missing turns", "turns 10\n", "", ":25: scenario, start, years and turns must all be given" },
	{ "unknown record", "years 3", "era 3", ":3: unknown record 'era'" },
	{ "tribute of a major", "tribute ddd 100", "tribute aaa 100", ":22: only a minor city-state pays tribute, and aaa is not one" },
	{ "tribute rate off the scale", "tribute ddd 100", "tribute ddd 150", ":22: a tribute rate is 100, 200 or 300, not 150" },
	{ "tribute rate too high", "tribute ddd 100", "tribute ddd 400", ":22: '400' should be a whole number from 100 to 300" },
	{ "missing tribute", "tribute ddd 100\n", "", ":25: no tribute rate for Delta" },
	/* special actions, added after the last line */
	{ "special action code", "tribute ddd 100\n", "tribute ddd 100\nspecial p1 ccc ally ddd The pact\n",
	  ":23: 'p1' should be a code of 4 to 11 lower-case letters" },
	{ "special effect", "tribute ddd 100\n", "tribute ddd 100\nspecial pact ccc feast ddd The pact\n",
	  ":23: 'feast' is not a special effect (ally, congress)" },
	{ "special action on a major", "tribute ddd 100\n", "tribute ddd 100\nspecial pact ccc ally aaa The pact\n",
	  ":23: a special action concerns a minor city-state with a home space, and aaa is not one" },
	{ "special action of another major", "tribute ddd 100\n", "tribute ddd 100\nspecial pact aaa ally ddd The pact\n",
	  ":23: Delta is not sympathetic to Alpha" },
	{ "special action twice", "tribute ddd 100\n", "tribute ddd 100\nspecial pact ccc ally ddd The pact\nspecial pact ccc congress ddd A congress\n",
	  ":24: duplicate name: 'pact' already names another special action" },
	{ "special action without a name", "tribute ddd 100\n", "tribute ddd 100\nspecial pact ccc ally ddd\n",
	  ":23: '' should be a name of 1 to 31 characters" },
};

/* Write text to a fresh file named in path (64 bytes). */
static void write_temp(char *path, const char *tag, const char *text)
{
	FILE *f;

	snprintf(path, 64, "/tmp/pelo_map_test.%d.%s.txt", (int)getpid(), tag);
	f = fopen(path, "w");
	if (!f)
		check_abort("cannot write %s", path);
	fputs(text, f);
	fclose(f);
}

/* good with the first 'from' replaced by 'to', into out. */
static void patch(char *out, size_t size, const char *good, const struct bad *b)
{
	const char *at = strstr(good, b->from);

	if (!at)
		check_abort("test bug: %s: the case's text is not in the good file", b->what);
	snprintf(out, size, "%.*s%s%s", (int)(at - good), good, b->to, at + strlen(b->from));
}

/* Load a map text and (if scen is not NULL) a scenario text.  Returns
 * the loaders' result; the error names mapfile or scenfile. */
static int load_texts(struct pelo_board *b, const char *map, const char *scen, char *err,
                      size_t errlen, char *mapfile, char *scenfile)
{
	int rc;

	write_temp(mapfile, "map", map);
	rc = pelo_map_load(mapfile, b);
	if (!rc && scen) {
		write_temp(scenfile, "scen", scen);
		rc = pelo_scenario_load(scenfile, b);
		unlink(scenfile);
		pelo_board_free(b);
	} else if (!rc) {
		pelo_board_free(b);
	}
	unlink(mapfile);
	if (rc)
		snprintf(err, errlen, "%s", fail_text());
	return rc;
}

/* Each case must fail with an error that begins with the file's name and
 * holds the expected line and message. */
static void check_bad(struct pelo_board *b, const struct bad *cases, size_t n, int scenario)
{
	char text[4096], err[400], mapfile[64], scenfile[64], what[600];

	for (size_t i = 0; i < n; i++) {
		const struct bad *c = &cases[i];
		int rc;
		patch(text, sizeof text, scenario ? good_scen : good_map, c);
		rc = scenario ? load_texts(b, good_map, text, err, sizeof err, mapfile, scenfile)
		              : load_texts(b, text, NULL, err, sizeof err, mapfile, scenfile);
		const char *file = scenario ? scenfile : mapfile;
		int ok = rc != 0 && strncmp(err, file, strlen(file)) == 0 && strstr(err, c->want);
		snprintf(what, sizeof what, "%s %s: %s", scenario ? "scenario" : "map", c->what,
		         rc ? err : "loaded");
		CHECK(ok, "%s", what);
	}
}

int main(void)
{
	struct pelo_board *b = malloc(sizeof *b);
	const char *top = getenv("top_srcdir") ? getenv("top_srcdir") : JUDGE_SRCDIR;
	char err[400], mapfile[1024], scenfile[1024], tmap[64], tscen[64];

	if (load_texts(b, good_map, good_scen, err, sizeof err, tmap, tscen)) {
		printf("FAIL: the small good files: %s\n", err);
		return 1;
	}
	CHECK(1, "the small good files load");
	check_bad(b, bad_maps, sizeof bad_maps / sizeof bad_maps[0], 0);
	check_bad(b, bad_scens, sizeof bad_scens / sizeof bad_scens[0], 1);

	snprintf(mapfile, sizeof mapfile, "%s/variants/peloponnesian/map.txt", top);
	snprintf(scenfile, sizeof scenfile, "%s/variants/peloponnesian/scenario.txt", top);
	if (pelo_map_load(mapfile, b)) {
		printf("FAIL: %s\n", fail_text());
		return 1;
	}
	check_map(b);
	if (pelo_scenario_load(scenfile, b)) {
		printf("FAIL: %s\n", fail_text());
		return 1;
	}
	check_scenario(b);
	pelo_board_free(b);
	free(b);
	return check_done("pelo_map_test");
}
