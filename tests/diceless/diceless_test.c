/*
 * diceless_test.c - tests of the diceless Peloponnesian War: the board
 * and its checks, the struggle grid, every chit, every range, the
 * two-counter limit, Delphi, victory and the end of the game, the draws
 * from seeds and game keys (against values computed independently with
 * Python's hashlib), the silent player, and the variant driven through
 * variant_ops with the secrecy of hands and kept chits checked on every
 * phase: against the other side's hand and against its game key.
 *
 * Run without arguments: the checks of tests/check.h, each failure and
 * a summary printed, exit 1 on any failure.  With --values, --hands, --keep, --place, --toss
 * or --game it prints draws or a game for tests/diceless/draws.test to
 * compare with tests/diceless/draws.py (print_draws).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "parser/diceless_orders.h"
#include "variants/diceless_board.h"
#include "variants/variant.h"
#include "tests/check.h"

static struct dl_board board;
static const struct dl_map *M;
static const unsigned char seed_a[32] = { 1 }, key_a[32] = { 3 }, key_s[32] = { 4 };
/* the chance of every adjudication unless a test says otherwise */
static const struct dl_chance CHANCE = { seed_a, { key_a, key_s } };

static int area(const char *code)
{
	int a = dl_area_by_code(M, code);
	if (a < 0) {
		check_abort("test bug: no area %s", code);
	}
	return a;
}

static int kind(const char *code)
{
	int k = dl_kind_by_code(M, code);
	if (k < 0) {
		check_abort("test bug: no chit %s", code);
	}
	return k;
}

/* A turn position: turn t, the tracks given as "att:2 lac:-1 ...",
 * hands as "military coup ..." for each side. */
static void position(struct dl_position *p, int turn, const char *tracks,
                     const char *hand_a, const char *hand_s)
{
	char buf[512], *save = NULL;
	const char *hands[2] = { hand_a, hand_s };

	memset(p, 0, sizeof *p);
	p->phase = DL_PH_TURN;
	p->turn = (int8_t)turn;
	p->winner = DL_NONE;
	snprintf(buf, sizeof buf, "%s", tracks);
	for (char *w = strtok_r(buf, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
		char *colon = strchr(w, ':');
		*colon = '\0';
		p->track[area(w)] = (int8_t)atoi(colon + 1);
	}
	for (int s = 0; s < 2; s++) {
		snprintf(buf, sizeof buf, "%s", hands[s]);
		save = NULL;
		for (char *w = strtok_r(buf, " ", &save); w; w = strtok_r(NULL, " ", &save))
			dl_hand_add(&p->hand[s], kind(w));
	}
}

/* Parse orders text (one per line) for side; NULL means silent.  Every
 * line must parse and be legal in p. */
static struct dl_orders orders_text(const struct dl_position *p, int side, const char *text)
{
	struct dl_orders set;
	char err[300];

	memset(&set, 0, sizeof set);
	if (!text)
		return set;
	set.given = 1;
	while (*text) {
		size_t len = strcspn(text, "\n");
		struct dl_order o;
		if (len) {
			if (!EXPECT(!dl_parse_order(M, &board.areas, &board.chits, text, len, &o, err, sizeof err)))
				printf("  parse '%.*s': %s\n", (int)len, text, err);
			else if (!EXPECT(!dl_check_order(M, p, side, &set, &o, err, sizeof err)))
				printf("  check '%.*s': %s\n", (int)len, text, err);
			else
				set.o[set.n++] = o;
		}
		text += len + (text[len] == '\n');
	}
	return set;
}

static struct dl_outcome out;
static struct dl_position after;

/* Adjudicate p with the two sides' orders (text, or NULL for silence). */
static void play(const struct dl_position *p, const char *athens, const char *sparta)
{
	struct dl_orders o[2] = { orders_text(p, 0, athens), orders_text(p, 1, sparta) };
	dl_adjudicate(M, p, o, &CHANCE, &out, &after);
}

/* Why text is rejected for side in p, or "" if it is accepted. */
static const char *reject(const struct dl_position *p, int side, const char *sofar_text,
                          const char *text)
{
	static char err[300];
	struct dl_orders sofar = orders_text(p, side, sofar_text);
	struct dl_order o;

	err[0] = '\0';
	if (!dl_parse_order(M, &board.areas, &board.chits, text, strlen(text), &o, err, sizeof err))
		dl_check_order(M, p, side, &sofar, &o, err, sizeof err);
	return err;
}

static int track(const char *code)
{
	return after.track[area(code)];
}

/* The struggle in area code of the last adjudication. */
static const struct dl_struggle *struggle_in(const char *code)
{
	for (int i = 0; i < out.nstruggle; i++)
		if (out.struggle[i].area == area(code))
			return &out.struggle[i];
	check_abort("test bug: no struggle in %s", code);
}

/* ---------------------------------------------------------------- board */

static void write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	fputs(text, f);
	fclose(f);
}

/* Load a board from text; returns the error ("" if it loaded). */
static const char *load_text(const char *text)
{
	static char err[300];
	char path[] = "/tmp/diceless_map_XXXXXX";
	struct dl_board b;
	int fd = mkstemp(path);

	close(fd);
	write_file(path, text);
	err[0] = '\0';
	if (!dl_board_load(path, &b))
		dl_board_free(&b);
	else
		snprintf(err, sizeof err, "%s", fail_text());
	unlink(path);
	/* keep "FILE:LINE: ..." comparable: drop the temporary name */
	char *colon = strchr(err, ':');
	if (colon)
		memmove(err, colon + 1, strlen(colon));
	return err;
}

#define MINI_HEAD \
	"variant Mini\nstart 431\nturns 15\nwin 2 3\nhand 4 3\n" \
	"area aaa Alpha | Alphaville\narea bbb Beta\narea ccc Gamma\n" \
	"side A Athens Athenian aaa\nside S Sparta Spartan ccc\noracle bbb\n" \
	"chit military 4\nchit influence 4\nchit coup 4\nchit void 3\nchit star 1\n"

static void test_board(void)
{
	CHECK_EQ(M->nareas, 29);
	EXPECT(M->nareas >= 25 && M->nareas <= 30);
	CHECK_EQ(M->side[0].letter, 'A');
	CHECK_EQ(M->side[1].letter, 'S');
	CHECK_EQ(M->side[0].city, area("att"));
	CHECK_EQ(M->side[1].city, area("lac"));
	CHECK_EQ(M->oracle, area("pho"));
	CHECK_EQ(names_find(&board.areas, "Delphi", 6), area("pho"));
	CHECK_EQ(names_find(&board.areas, "sparta", 6), area("lac"));
	CHECK_EQ(names_find(&board.areas, "THEBES", 6), area("boe"));
	/* the cup of the rule book: 22 chits, three specials for each side */
	int total = 0, favours[2] = { 0, 0 };
	for (int k = 0; k < M->nkinds; k++) {
		total += M->kind[k].copies;
		if (M->kind[k].type == DL_SPECIAL)
			favours[M->kind[k].favours]++;
	}
	CHECK_EQ(total, 22);
	CHECK_EQ(M->kind[DL_MILITARY].copies, 4);
	CHECK_EQ(M->kind[DL_INFLUENCE].copies, 4);
	CHECK_EQ(M->kind[DL_COUP].copies, 4);
	CHECK_EQ(M->kind[DL_VOID].copies, 3);
	CHECK_EQ(M->kind[DL_STAR].copies, 1);
	CHECK_EQ(favours[0], 3);
	CHECK_EQ(favours[1], 3);
	/* connections hold both ways; a few distances of real geography */
	for (int a = 0; a < M->nareas; a++)
		for (int b = 0; b < M->nareas; b++)
			CHECK_EQ(M->link[a][b], M->link[b][a]);
	CHECK_EQ(M->link[area("att")][area("boe")], DL_LAND);
	CHECK_EQ(M->link[area("att")][area("aeg")], DL_SEA);
	CHECK_EQ(M->dist[area("att")][area("lac")], 3);
	CHECK_EQ(M->dist[area("att")][area("pho")], 2);
	CHECK_EQ(M->dist[area("lac")][area("pho")], 3);
	CHECK_EQ(M->link[area("att")][area("lac")], 0);

	/* the checks at load, each naming the file's line */
	EXPECT(!strcmp(load_text(MINI_HEAD "land aaa: bbb\nland bbb: aaa ccc\nland ccc: bbb\n"), ""));
	EXPECT(strstr(load_text(MINI_HEAD "land aaa: bbb\nland bbb: aaa ccc xxx\n"),
	             "18: unknown area 'xxx'") != NULL);
	EXPECT(strstr(load_text(MINI_HEAD "land aaa: bbb\nland bbb: aaa ccc\n"),
	             "18: one-way connection: bbb lists ccc") != NULL);
	EXPECT(strstr(load_text(MINI_HEAD "area ddd Beta\n"), "17: duplicate name") != NULL);
	EXPECT(strstr(load_text(MINI_HEAD "area aaa Delta\n"), "17: duplicate area code") != NULL);
	EXPECT(strstr(load_text(MINI_HEAD "area ddd Delta | alphaville\n"), "17: duplicate name") != NULL);
	EXPECT(strstr(load_text(MINI_HEAD "land aaa: bbb\nsea bbb: aaa\n"),
	             "17: aaa - bbb is land one way and sea the other") != NULL);
	EXPECT(strstr(load_text(MINI_HEAD "land aaa: bbb\nland bbb: aaa\n"), "cannot be reached") != NULL);
	EXPECT(strstr(load_text(MINI_HEAD "special X foo Foo\n"), "not the letter of a side") != NULL);
	EXPECT(strstr(load_text(MINI_HEAD "area ddd\n"), "17: area needs") != NULL);
	EXPECT(strstr(load_text(MINI_HEAD "special A foo\n"), "17: special needs") != NULL);
	EXPECT(strstr(load_text(MINI_HEAD "land aaa: bbb\nland bbb: aaa ccc\nland ccc: bbb\nspecial A as Foo\n"), "keyword") != NULL);
	EXPECT(strstr(load_text(MINI_HEAD "area ddd Delta | keep\n"), "17: 'keep' is a word") != NULL);
	EXPECT(strstr(load_text(MINI_HEAD "frobnicate 3\n"), "17: unknown record") != NULL);
}

/* --------------------------------------------------------- the grid */

static void test_grid(void)
{
	/* every pair of types: the rule book's grid, and Void loses to all */
	static const int want[4][4] = {
		{ DL_DRAWS, DL_LOSES, DL_WINS, DL_WINS },
		{ DL_WINS, DL_DRAWS, DL_LOSES, DL_WINS },
		{ DL_LOSES, DL_WINS, DL_DRAWS, DL_WINS },
		{ DL_LOSES, DL_LOSES, DL_LOSES, DL_DRAWS },
	};
	for (int a = 0; a < 4; a++)
		for (int b = 0; b < 4; b++) {
			CHECK_EQ(dl_duel(a, 0, b, 0), want[a][b]);
			/* the Star wins ties with its own type, and otherwise
			 * fares as the type it is played as */
			CHECK_EQ(dl_duel(a, 1, b, 0), a == b ? DL_WINS : want[a][b]);
			CHECK_EQ(dl_duel(a, 0, b, 1), a == b ? DL_LOSES : want[a][b]);
		}

	/* every pair played out in an area: who is left standing moves the
	 * track; a draw removes both and nothing changes */
	static const char *const word[4] = { "military", "influence", "coup", "void" };
	for (int a = 0; a < 4; a++)
		for (int b = 0; b < 4; b++) {
			struct dl_position p;
			char ta[64], ts[64];
			position(&p, 5, "att:1 lac:-1 meg:1 cor:-1", word[a], word[b]);
			snprintf(ta, sizeof ta, "%s Megara", word[a]);
			snprintf(ts, sizeof ts, "%s Megara", word[b]);
			play(&p, ta, ts);
			int expect = 1;
			if (want[a][b] == DL_WINS && a != 3)
				expect = 2;             /* reinforced */
			if (want[a][b] == DL_LOSES && b != 3)
				expect = 0;             /* the Athenian counter removed */
			CHECK_EQ(track("meg"), expect);
			CHECK_EQ(out.nstruggle, 1);
		}
}

/* ------------------------------------------------- chits in a struggle */

static void test_chits(void)
{
	struct dl_position p;

	/* Military, Influence and Coup each orient an empty area when unopposed */
	position(&p, 5, "att:1 lac:-1 boe:0", "military influence coup void", "void void coup coup");
	play(&p, "MILITARY Boeotia\nINFLUENCE Megara\nCOUP Ionia\nKEEP VOID", "VOID Laconia\nVOID Arcadia\nKEEP COUP");
	CHECK_EQ(track("boe"), 1);
	CHECK_EQ(track("meg"), 1);
	CHECK_EQ(track("ion"), 1);
	/* a Void has no value: unopposed it does nothing */
	CHECK_EQ(track("lac"), -1);
	CHECK_EQ(track("arc"), 0);
	CHECK_EQ(out.kept[0], DL_VOID);
	CHECK_EQ(out.kept[1], DL_COUP);

	/* the Star as Military: beats a Military (tie broken) and, standing,
	 * counts double: it removes one Spartan counter and orients the area */
	position(&p, 5, "att:1 lac:-1 boe:-1", "star void void influence", "military coup coup void");
	play(&p, "STAR AS MILITARY Boeotia\nVOID Attica\nVOID Attica", "MILITARY Boeotia\nCOUP Aegina\nCOUP Elis");
	CHECK_EQ(track("boe"), 1);
	CHECK_EQ(struggle_in("boe")->line[0][0].fate, DL_WINS);
	CHECK_EQ(struggle_in("boe")->line[0][0].actions, 2);
	/* ... and, a Special chit in the seed, leaves the game once played */
	CHECK_EQ(after.retired[DL_STAR], 1);
	/* the Star as Influence is beaten by a Coup, as an Influence is */
	position(&p, 5, "att:1 lac:-1", "star void void influence", "coup coup influence military");
	play(&p, "STAR AS INFLUENCE Boeotia", "COUP Boeotia");
	CHECK_EQ(track("boe"), -1);
	/* two steps from neutral: oriented and reinforced at once */
	position(&p, 5, "att:1 lac:-1", "star void void influence", "coup coup void military");
	play(&p, "STAR AS COUP Megara", "VOID Laconia");
	CHECK_EQ(track("meg"), 2);
	/* the Star as Void is worth nothing */
	position(&p, 5, "att:1 lac:-1", "star void void influence", "coup coup void military");
	play(&p, "STAR AS VOID Megara", "VOID Laconia");
	CHECK_EQ(track("meg"), 0);

	/* a special chit wins whatever it meets, for the side it favours,
	 * whoever placed it, acts as a winning chit, and leaves the game */
	position(&p, 5, "att:1 lac:-1 boe:1 pho:-1", "pericles brasidas void void", "military military coup coup");
	play(&p, "PERICLES Boeotia\nBRASIDAS Corinth\nVOID Corinth", "MILITARY Boeotia\nCOUP Corinth");
	/* Boeotia: Pericles beats the Spartan Military, one step for Athens */
	CHECK_EQ(struggle_in("boe")->line[0][0].fate, DL_WINS);
	CHECK_EQ(struggle_in("boe")->line[1][0].fate, DL_LOSES);
	CHECK_EQ(track("boe"), 2);
	/* Corinth: Brasidas placed by Athens beats the Spartan Coup and wins
	 * for Sparta (-1); the Athenian Void is unopposed and worth nothing */
	CHECK_EQ(struggle_in("cor")->line[0][0].fate, DL_WINS);
	CHECK_EQ(struggle_in("cor")->line[0][0].side, 1);
	CHECK_EQ(struggle_in("cor")->actions[1], 1);
	CHECK_EQ(track("cor"), -1);
	CHECK_EQ(after.retired[kind("pericles")], 1);
	CHECK_EQ(after.retired[kind("brasidas")], 1);
	CHECK_EQ(out.retired.n, 2);
	/* a special beats the Star too, whatever it is played as */
	position(&p, 5, "att:1 lac:-1 meg:1", "star void void influence", "gold coup void military");
	play(&p, "STAR AS MILITARY Megara", "PERSIAN GOLD Megara");
	CHECK_EQ(struggle_in("meg")->line[0][0].fate, DL_LOSES);
	CHECK_EQ(track("meg"), 0);
	/* a special favouring the enemy, placed against one's own chit, still
	 * wins for the enemy: Sparta's Pericles removes Athens' Coup and
	 * orients neutral Megara to Athens */
	position(&p, 5, "att:1 lac:-1", "coup void void influence", "pericles coup void military");
	play(&p, "COUP Megara", "PERICLES Megara");
	CHECK_EQ(struggle_in("meg")->line[0][0].fate, DL_LOSES);
	CHECK_EQ(struggle_in("meg")->line[1][0].fate, DL_WINS);
	CHECK_EQ(track("meg"), 1);
	/* two specials that meet both win, each for its own side: opposite
	 * sides cancel, the same side gets two steps */
	position(&p, 5, "att:1 lac:-1 meg:-1", "pericles void void influence", "gold coup void military");
	play(&p, "PERICLES Megara", "PERSIAN GOLD Megara");
	CHECK_EQ(struggle_in("meg")->actions[0], 1);
	CHECK_EQ(struggle_in("meg")->actions[1], 1);
	CHECK_EQ(track("meg"), -1);
	position(&p, 5, "att:1 lac:-1 meg:-1", "pericles void void influence", "phormio coup void military");
	play(&p, "PERICLES Megara", "PHORMIO Megara");
	CHECK_EQ(struggle_in("meg")->actions[0], 2);
	CHECK_EQ(track("meg"), 1);
	/* a retired special is out of the cup for good */
	{
		uint8_t cup[DL_MAX_KINDS];
		dl_cup(M, &after, cup);
		CHECK_EQ(cup[kind("pericles")], 0);
		CHECK_EQ(cup[DL_MILITARY] + after.hand[0].n + after.hand[1].n > 0, 1);
	}

	/* several chits in one area: first meets first, second meets second */
	position(&p, 5, "att:1 lac:-1 boe:-1", "military influence void void", "coup coup influence military");
	play(&p, "MILITARY Boeotia\nINFLUENCE Boeotia", "COUP Boeotia");
	/* Military beats Coup, Influence unopposed: two steps for Athens */
	CHECK_EQ(track("boe"), 1);
	position(&p, 5, "att:1 lac:-1 boe:-1", "military influence void void", "coup coup influence military");
	play(&p, "INFLUENCE Boeotia\nMILITARY Boeotia", "COUP Boeotia");
	/* written the other way: Coup beats Influence, Military unopposed:
	 * one step each way, they cancel */
	CHECK_EQ(track("boe"), -1);
	CHECK_EQ(struggle_in("boe")->actions[0], 1);
	CHECK_EQ(struggle_in("boe")->actions[1], 1);
	/* all three chits of a turn in one area */
	position(&p, 5, "att:1 lac:-1 boe:-2", "military military military void", "coup coup influence influence");
	play(&p, "MILITARY Boeotia\nMILITARY Boeotia\nMILITARY Boeotia", NULL);
	CHECK_EQ(track("boe"), 1);
}

/* ------------------------------------------------------------- ranges */

static void test_ranges(void)
{
	struct dl_position p;

	position(&p, 5, "att:1 lac:-1", "military influence coup void", "star military coup gold");
	/* Military: within two steps of a held area (its own area too) */
	CHECK_EQ(dl_in_range(M, &p, 0, DL_MILITARY, area("att")), 1);
	CHECK_EQ(dl_in_range(M, &p, 0, DL_MILITARY, area("pho")), 1);   /* 2 steps */
	CHECK_EQ(dl_in_range(M, &p, 0, DL_MILITARY, area("cor")), 1);   /* 2 steps */
	CHECK_EQ(dl_in_range(M, &p, 0, DL_MILITARY, area("lac")), 0);   /* 3 steps */
	CHECK_EQ(dl_in_range(M, &p, 0, DL_MILITARY, area("ion")), 0);
	/* Influence: next to a held area; a held area only when another held
	 * area is next to it */
	CHECK_EQ(dl_in_range(M, &p, 0, DL_INFLUENCE, area("att")), 0);
	CHECK_EQ(dl_in_range(M, &p, 0, DL_INFLUENCE, area("boe")), 1);
	CHECK_EQ(dl_in_range(M, &p, 0, DL_INFLUENCE, area("cyc")), 1);  /* by sea */
	CHECK_EQ(dl_in_range(M, &p, 0, DL_INFLUENCE, area("pho")), 0);
	EXPECT(strstr(reject(&p, 0, NULL, "INFLUENCE Attica"), "holds no area but Attica") != NULL);
	{
		struct dl_position q;
		position(&q, 5, "att:1 ion:1 lac:-1", "influence influence coup void", "coup coup void void");
		EXPECT(strstr(reject(&q, 0, NULL, "INFLUENCE Attica"), "no other area of yours is next")
		      != NULL);
		EXPECT(strstr(reject(&q, 0, NULL, "INFLUENCE Thessaly"), "nearest is 2 steps") != NULL);
		position(&q, 5, "att:1 boe:1 lac:-1", "influence influence coup void", "coup coup void void");
		CHECK_EQ(dl_in_range(M, &q, 0, DL_INFLUENCE, area("att")), 1);
		CHECK_EQ(dl_in_range(M, &q, 0, DL_INFLUENCE, area("boe")), 1);
		CHECK_EQ(dl_in_range(M, &q, 0, DL_INFLUENCE, area("pho")), 1);
		EXPECT(!strcmp(reject(&q, 0, NULL, "INFLUENCE Attica"), ""));
		/* a side whose one area is its only one cannot reach it */
		position(&q, 5, "att:-1 boe:1 lac:-1", "influence influence coup void", "coup coup void void");
		EXPECT(strstr(reject(&q, 0, NULL, "INFLUENCE Boeotia"), "holds no area but Boeotia")
		      != NULL);
		EXPECT(!strcmp(reject(&q, 0, NULL, "INFLUENCE Phocis"), ""));
	}
	/* Coup, Void and special chits: anywhere */
	for (int a = 0; a < M->nareas; a++) {
		CHECK_EQ(dl_in_range(M, &p, 0, DL_COUP, a), 1);
		CHECK_EQ(dl_in_range(M, &p, 0, DL_VOID, a), 1);
		CHECK_EQ(dl_in_range(M, &p, 1, DL_SPECIAL, a), 1);
	}
	/* order checks give the reason */
	EXPECT(strstr(reject(&p, 0, NULL, "MILITARY Laconia"), "out of range") != NULL);
	EXPECT(strstr(reject(&p, 0, NULL, "INFLUENCE Phocis"), "out of range") != NULL);
	EXPECT(!strcmp(reject(&p, 0, NULL, "COUP Chios"), ""));
	EXPECT(!strcmp(reject(&p, 0, NULL, "VOID Crete"), ""));
	EXPECT(!strcmp(reject(&p, 1, NULL, "PERSIAN GOLD Chios"), ""));
	/* the Star takes the range of the type it is played as */
	EXPECT(!strcmp(reject(&p, 1, NULL, "STAR AS MILITARY Corinth"), ""));
	EXPECT(strstr(reject(&p, 1, NULL, "STAR AS MILITARY Boeotia"), "out of range") != NULL);
	EXPECT(strstr(reject(&p, 1, NULL, "STAR AS INFLUENCE Corinth"), "out of range") != NULL);
	EXPECT(!strcmp(reject(&p, 1, NULL, "STAR AS INFLUENCE Arcadia"), ""));
	EXPECT(!strcmp(reject(&p, 1, NULL, "STAR AS COUP Thrace"), ""));
	/* ranges are those at the start of the turn: a side holding nothing
	 * can place no Military or Influence */
	position(&p, 5, "att:-1 lac:-1", "military influence coup void", "coup coup influence influence");
	EXPECT(strstr(reject(&p, 0, NULL, "MILITARY Attica"), "holds no area") != NULL);
	EXPECT(!strcmp(reject(&p, 0, NULL, "COUP Attica"), ""));
}

/* --------------------------------------------- orders: hand and counts */

static void test_order_checks(void)
{
	struct dl_position p;

	position(&p, 5, "att:1 lac:-1", "military military coup void", "star military coup gold");
	EXPECT(strstr(reject(&p, 0, NULL, "INFLUENCE Boeotia"), "you hold no Influence") != NULL);
	EXPECT(strstr(reject(&p, 0, "COUP Boeotia", "COUP Megara"), "already used") != NULL);
	EXPECT(!strcmp(reject(&p, 0, "MILITARY Boeotia", "MILITARY Megara"), ""));
	EXPECT(strstr(reject(&p, 0, "MILITARY Boeotia\nMILITARY Boeotia\nCOUP Megara", "VOID Megara"),
	             "too many") != NULL);
	EXPECT(strstr(reject(&p, 0, "KEEP VOID", "KEEP COUP"), "one chit") != NULL);
	EXPECT(strstr(reject(&p, 0, "KEEP VOID", "VOID Megara"), "already used") != NULL);
	EXPECT(strstr(reject(&p, 0, NULL, "DISCARD VOID"), "Delphi") != NULL);
	EXPECT(strstr(reject(&p, 0, NULL, "COUNTER Megara"), "set-up") != NULL);
	EXPECT(strstr(reject(&p, 0, NULL, "STAR AS COUP Megara"), "no Star") != NULL);
	EXPECT(strstr(reject(&p, 0, NULL, "STAR Megara"), "played as") != NULL);
	EXPECT(strstr(reject(&p, 0, NULL, "MILITARY Boetia"), "did you mean 'boeotia'") != NULL);
	EXPECT(strstr(reject(&p, 0, NULL, "MILLITARY Boeotia"), "did you mean 'military'") != NULL);
	EXPECT(strstr(reject(&p, 0, NULL, "MILITARY"), "where?") != NULL);

	/* the grammar: any case, aliases, short forms, filler words */
	static const struct { const char *in, *canon; } forms[] = {
		{ "military boeotia", "MILITARY Boeotia" },
		{ "M -> Thebes", "MILITARY Boeotia" },
		{ "place Military Option in BOEOTIA", "MILITARY Boeotia" },
		{ "Boeotia military", "MILITARY Boeotia" },
		{ "star as coup megara", "STAR AS COUP Megara" },
		{ "Star Coup: Megara", "STAR AS COUP Megara" },
		{ "special Persian Gold to Corinth", "PERSIAN GOLD Corinth" },
		{ "gold corinth", "PERSIAN GOLD Corinth" },
		{ "coup! sparta", "COUP Laconia" },
		{ "keep void", "KEEP VOID" },
		{ "Discard Influence", "DISCARD INFLUENCE" },
		{ "counter Delphi", "COUNTER Phocis" },
		{ "i att", "INFLUENCE Attica" },
	};
	for (size_t i = 0; i < sizeof forms / sizeof forms[0]; i++) {
		struct dl_order o;
		struct strbuf sb = STRBUF_INIT;
		char err[300];
		if (EXPECT(!dl_parse_order(M, &board.areas, &board.chits, forms[i].in,
		                          strlen(forms[i].in), &o, err, sizeof err))) {
			dl_format_order(M, &o, &sb);
			if (!EXPECT(!strcmp(sb.buf, forms[i].canon)))
				printf("  '%s' -> '%s'\n", forms[i].in, sb.buf);
			/* the canonical form reads back the same */
			struct dl_order o2;
			EXPECT(!dl_parse_order(M, &board.areas, &board.chits, sb.buf, sb.len, &o2, err, sizeof err) &&
			      !memcmp(&o, &o2, sizeof o));
		}
		strbuf_release(&sb);
	}
}

/* ------------------------------------ reinforcement and the two-counter cap */

static void test_counters(void)
{
	struct dl_position p;

	/* a winning chit on a friendly area adds a counter */
	position(&p, 5, "att:1 lac:-1 boe:1", "military coup void void", "void void void coup");
	play(&p, "MILITARY Boeotia", NULL);
	CHECK_EQ(track("boe"), 2);
	/* never more than two counters of a side in an area */
	position(&p, 5, "att:1 lac:-1 boe:2", "military coup void void", "void void void coup");
	play(&p, "MILITARY Boeotia\nCOUP Boeotia", NULL);
	CHECK_EQ(track("boe"), 2);
	position(&p, 5, "att:1 lac:-1 boe:1", "star coup void void", "void void void coup");
	play(&p, "STAR AS MILITARY Boeotia\nCOUP Boeotia", NULL);
	CHECK_EQ(track("boe"), 2);
	/* one winning chit against two enemy counters removes only one */
	position(&p, 5, "att:1 lac:-1 boe:-2", "military coup void void", "void void void coup");
	play(&p, "MILITARY Boeotia", NULL);
	CHECK_EQ(track("boe"), -1);
	/* ... two winning chits against one: remove it, then orient */
	position(&p, 5, "att:1 lac:-1 boe:-1", "military coup void void", "void void void coup");
	play(&p, "MILITARY Boeotia\nCOUP Boeotia", NULL);
	CHECK_EQ(track("boe"), 1);
	/* the set-up: a second counter may reinforce the own city */
	dl_initial(M, &p);
	CHECK_EQ(p.track[area("att")], 1);
	CHECK_EQ(p.track[area("lac")], -1);
	CHECK_EQ(p.phase, DL_PH_SETUP);
	{
		struct dl_orders o[2] = { orders_text(&p, 0, "COUNTER Attica"), orders_text(&p, 1, NULL) };
		dl_adjudicate(M, &p, o, &CHANCE, &out, &after);
		CHECK_EQ(track("att"), 2);
		CHECK_EQ(track("lac"), -2);      /* silent: its own city */
		CHECK_EQ(after.phase, DL_PH_TURN);
		CHECK_EQ(after.turn, 1);
		CHECK_EQ(after.hand[0].n, 4);
		CHECK_EQ(after.hand[1].n, 4);
		EXPECT(strstr(reject(&p, 1, NULL, "MILITARY Argos"), "set-up") != NULL);
	}
	/* "at discretion" (seed 004): even the enemy's city, where the two
	 * counters cancel and leave it neutral */
	{
		struct dl_orders o[2] = { orders_text(&p, 0, "COUNTER Boeotia"), orders_text(&p, 1, "COUNTER Athens") };
		dl_adjudicate(M, &p, o, &CHANCE, &out, &after);
		CHECK_EQ(track("att"), 0);
		CHECK_EQ(track("boe"), 1);
		CHECK_EQ(track("lac"), -1);
	}
	/* both ask for the same area: the toss gives it to one, the other
	 * reinforces its city */
	{
		struct dl_orders o[2] = { orders_text(&p, 0, "COUNTER Delphi"), orders_text(&p, 1, "COUNTER Phocis") };
		dl_adjudicate(M, &p, o, &CHANCE, &out, &after);
		EXPECT(out.toss == 0 || out.toss == 1);
		int w = out.toss;
		CHECK_EQ(track("pho"), dl_sign(w));
		CHECK_EQ(after.track[M->side[1 - w].city], 2 * dl_sign(1 - w));
	}
}

/* --------------------------------------------------------------- Delphi */

static void test_delphi(void)
{
	struct dl_position p, q;
	uint8_t cup[DL_MAX_KINDS];

	/* a turn whose hands are drawn while a side holds Phocis opens with
	 * the Delphi phase; it is held as the hands are drawn, so taking it
	 * in the turn counts */
	position(&p, 5, "att:1 lac:-1 pho:-1", "military coup void void", "coup influence void star");
	play(&p, "MILITARY Phocis\nCOUP Phocis\nVOID Aegina", "COUP Argos\nVOID Crete\nINFLUENCE Arcadia");
	CHECK_EQ(track("pho"), 1);
	CHECK_EQ(after.phase, DL_PH_DELPHI);
	CHECK_EQ(after.turn, 6);
	CHECK_EQ(dl_oracle_holder(M, &after), 0);
	CHECK_EQ(after.hand[0].n, 4);
	/* nobody holding it: straight to the turn */
	position(&p, 5, "att:1 lac:-1", "military coup void void", "coup influence void star");
	play(&p, "MILITARY Boeotia\nCOUP Megara\nVOID Aegina", "COUP Argos\nVOID Crete\nINFLUENCE Arcadia");
	CHECK_EQ(after.phase, DL_PH_TURN);
	/* the set-up's results too: a second counter in Phocis opens turn 1
	 * with a Delphi phase */
	dl_initial(M, &q);
	play(&q, "COUNTER Phocis", "COUNTER Arcadia");
	CHECK_EQ(after.phase, DL_PH_DELPHI);
	CHECK_EQ(after.turn, 1);
	CHECK_EQ(after.hand[0].n, M->first_hand);

	/* in the Delphi phase only the holder orders: one DISCARD */
	position(&p, 5, "att:1 lac:-1 pho:-1", "military coup void void", "coup influence void star");
	p.phase = DL_PH_DELPHI;
	p.drawn[1] = (struct dl_hand){ 3, { DL_COUP, DL_INFLUENCE, DL_VOID } };
	CHECK_EQ(dl_oracle_holder(M, &p), 1);
	EXPECT(strstr(reject(&p, 0, NULL, "DISCARD VOID"), "only the side holding Phocis") != NULL);
	EXPECT(!strcmp(reject(&p, 1, NULL, "DISCARD STAR"), ""));
	EXPECT(!strcmp(reject(&p, 1, NULL, "DISCARD COUP"), ""));
	EXPECT(strstr(reject(&p, 1, NULL, "DISCARD MILITARY"), "not in hand") != NULL);
	EXPECT(strstr(reject(&p, 1, NULL, "KEEP STAR"), "Delphi phase") != NULL);
	EXPECT(strstr(reject(&p, 1, NULL, "COUP Argos"), "Delphi phase") != NULL);
	EXPECT(strstr(reject(&p, 1, "DISCARD STAR", "DISCARD VOID"), "named it already") != NULL);
	/* ... and DISCARD belongs to it alone */
	q = p;
	q.phase = DL_PH_TURN;
	EXPECT(strstr(reject(&q, 1, NULL, "DISCARD STAR"), "Delphi phase") != NULL);

	/* throwing back a chit drawn this turn: the replacement comes from
	 * the cup without it, and joins the hand for this very turn */
	play(&p, NULL, "DISCARD COUP");
	CHECK_EQ(out.oracle_holder, 1);
	CHECK_EQ(out.discarded[1], DL_COUP);
	EXPECT(out.replacement != DL_NONE);
	dl_cup(M, &p, cup);
	CHECK_EQ(out.delphi_cup, dl_cup_size(M, cup));
	CHECK_EQ(out.delphi_cup, 22 - 8);
	CHECK_EQ(after.phase, DL_PH_TURN);
	CHECK_EQ(after.turn, 5);
	CHECK_EQ(after.hand[1].n, 4);
	q = p;
	dl_hand_remove(&q.hand[1], DL_COUP);
	dl_hand_add(&q.hand[1], out.replacement);
	EXPECT(!memcmp(&after.hand[1], &q.hand[1], sizeof q.hand[1]));
	CHECK_EQ(after.drawn[1].n, 3);
	CHECK_EQ(dl_hand_count(&after.drawn[1], out.replacement) >= 1, 1);
	CHECK_EQ(after.hand[0].n, 4);
	EXPECT(!memcmp(&after.hand[0], &p.hand[0], sizeof p.hand[0]));
	/* the kept chit may be thrown back too; the hand then has no chit
	 * kept from the last turn */
	play(&p, NULL, "DISCARD STAR");
	CHECK_EQ(out.discarded[1], DL_STAR);
	EXPECT(out.replacement != DL_STAR);
	CHECK_EQ(dl_hand_count(&after.hand[1], DL_STAR), 0);
	CHECK_EQ(after.drawn[1].n, 4);
	/* the replacement may be placed at once */
	{
		struct strbuf line = STRBUF_INIT;
		struct dl_order o = { DL_PLACE, (int8_t)out.replacement,
		                      M->kind[out.replacement].type, (int8_t)area("arc") };
		if (o.as == DL_STAR)
			o.as = DL_COUP;
		dl_format_order(M, &o, &line);
		q = after;
		if (!EXPECT(!strcmp(reject(&q, 1, NULL, line.buf), "")))
			printf("  %s: %s\n", line.buf, reject(&q, 1, NULL, line.buf));
		strbuf_release(&line);
	}
	/* a holder who passes or sends nothing keeps its hand */
	play(&p, NULL, "");
	CHECK_EQ(out.discarded[1], DL_NONE);
	CHECK_EQ(out.replacement, DL_NONE);
	CHECK_EQ(after.phase, DL_PH_TURN);
	EXPECT(!memcmp(&after.hand[1], &p.hand[1], sizeof p.hand[1]));
	play(&p, NULL, NULL);
	CHECK_EQ(out.discarded[1], DL_NONE);
	EXPECT(!memcmp(&after.hand[1], &p.hand[1], sizeof p.hand[1]));
}

/* ------------------------------------------------------------- victory */

/* A position at turn t with side 0 holding na areas, side 1 ns (areas
 * taken in map order, avoiding both cities, which are set by the caller's
 * extra tracks). */
static void scored(struct dl_position *p, int t, int na, int ns, const char *extra)
{
	int a = 0;

	position(p, t, extra, "military coup void void", "military coup void influence");
	for (int n = 0; n < na + ns; a++) {
		if (p->track[a] || a == M->side[0].city || a == M->side[1].city)
			continue;
		p->track[a] = (int8_t)(n < na ? 1 : -1);
		n++;
	}
}

static void test_victory(void)
{
	struct dl_position p;
	int w;

	/* 10 areas win at the end of a turn (the city counts) */
	scored(&p, 5, 9, 3, "att:1 lac:-1");
	CHECK_EQ(dl_victory(M, &p, &w), DL_END_TARGET);
	CHECK_EQ(w, 0);
	scored(&p, 5, 8, 3, "att:1 lac:-1");
	CHECK_EQ(dl_victory(M, &p, &w), DL_GOES_ON);
	CHECK_EQ(w, DL_NONE);
	/* with its city oriented to the enemy, a side needs 11 */
	scored(&p, 5, 10, 3, "att:-1 lac:-1");
	CHECK_EQ(dl_victory(M, &p, &w), DL_GOES_ON);
	scored(&p, 5, 11, 2, "att:-1 lac:-1");
	CHECK_EQ(dl_victory(M, &p, &w), DL_END_TARGET);
	CHECK_EQ(w, 0);
	/* a neutral city is not "oriented to the enemy": 10 still win */
	scored(&p, 5, 10, 3, "lac:-1");
	CHECK_EQ(dl_victory(M, &p, &w), DL_END_TARGET);
	/* Sparta the same way */
	scored(&p, 5, 3, 9, "att:1 lac:-1");
	CHECK_EQ(dl_victory(M, &p, &w), DL_END_TARGET);
	CHECK_EQ(w, 1);
	scored(&p, 5, 3, 10, "att:1 lac:1");
	CHECK_EQ(dl_victory(M, &p, &w), DL_GOES_ON);
	/* both reach their targets: more areas, then more counters */
	scored(&p, 5, 9, 10, "att:1 lac:-1");
	CHECK_EQ(dl_victory(M, &p, &w), DL_END_TARGET_AREAS);
	CHECK_EQ(w, 1);
	scored(&p, 5, 10, 9, "att:1 lac:-1");
	CHECK_EQ(dl_victory(M, &p, &w), DL_END_TARGET_AREAS);
	CHECK_EQ(w, 0);
	scored(&p, 5, 9, 9, "att:2 lac:-1");
	CHECK_EQ(dl_victory(M, &p, &w), DL_END_TARGET_COUNTERS);
	CHECK_EQ(w, 0);
	scored(&p, 5, 9, 9, "att:1 lac:-1");
	CHECK_EQ(dl_victory(M, &p, &w), DL_GOES_ON);   /* level: play on */

	/* after the last turn: most areas, then most counters, then a draw */
	scored(&p, 15, 6, 5, "att:1 lac:-1");
	CHECK_EQ(dl_victory(M, &p, &w), DL_END_AREAS);
	CHECK_EQ(w, 0);
	scored(&p, 15, 5, 6, "att:1 lac:-1");
	CHECK_EQ(dl_victory(M, &p, &w), DL_END_AREAS);
	CHECK_EQ(w, 1);
	scored(&p, 15, 5, 5, "att:1 lac:-2");
	CHECK_EQ(dl_victory(M, &p, &w), DL_END_COUNTERS);
	CHECK_EQ(w, 1);
	scored(&p, 15, 5, 5, "att:2 lac:-1");
	CHECK_EQ(dl_victory(M, &p, &w), DL_END_COUNTERS);
	CHECK_EQ(w, 0);
	scored(&p, 15, 5, 5, "att:2 lac:-2");
	CHECK_EQ(dl_victory(M, &p, &w), DL_END_DRAW);
	CHECK_EQ(w, DL_NONE);
	scored(&p, 14, 5, 5, "att:2 lac:-2");
	CHECK_EQ(dl_victory(M, &p, &w), DL_GOES_ON);

	/* the adjudication ends the game and deals no more hands */
	scored(&p, 7, 8, 3, "att:1 lac:-1");
	CHECK_EQ(p.track[area("eub")], 0);
	play(&p, "MILITARY Euboea", "MILITARY Elis");
	CHECK_EQ(track("eub"), 1);
	CHECK_EQ(out.end, DL_END_TARGET);
	CHECK_EQ(out.winner, 0);
	CHECK_EQ(after.phase, DL_PH_OVER);
	CHECK_EQ(after.winner, 0);
	CHECK_EQ(out.dealt, 0);
	/* ... and 10 areas are not enough while the city is the enemy's */
	scored(&p, 7, 9, 3, "att:-1 lac:-1");
	play(&p, "MILITARY Euboea", NULL);
	CHECK_EQ(track("eub"), 1);
	CHECK_EQ(out.areas[0], 10);
	CHECK_EQ(out.need[0], 11);
	CHECK_EQ(out.end, DL_GOES_ON);
	/* (Phocis is among the nine: the turn opens with Delphi) */
	CHECK_EQ(after.phase, DL_PH_DELPHI);
	CHECK_EQ(after.turn, 8);
	scored(&p, 15, 5, 5, "att:2 lac:-2");
	play(&p, "VOID Boeotia", "VOID Boeotia");
	CHECK_EQ(out.end, DL_END_DRAW);
	CHECK_EQ(after.phase, DL_PH_OVER);
	CHECK_EQ(after.winner, DL_NONE);
}

/* ----------------------------------------------------------- the draws */

static void hex_seed(const char *hex, unsigned char *seed)
{
	for (int i = 0; i < 32; i++) {
		unsigned v = 0;
		sscanf(hex + 2 * i, "%2x", &v);
		seed[i] = (unsigned char)v;
	}
}

static void test_draws(void)
{
	unsigned char seed[32], key2[32];
	struct chance_stream s;

	for (int i = 0; i < 32; i++) {
		seed[i] = (unsigned char)i;
		key2[i] = (unsigned char)(0x20 + i);
	}
	/* computed with tests/diceless/draws.py (Python's hashlib.blake2b):
	 * draws.py values 000102...1f hand 5 1 (a key's stream for turn 1:
	 * the message is "hand", 0x00, the turn and the counter, 13 bytes) */
	static const uint64_t values[] = {
		422060391948112525ULL, 3519300042770086205ULL, 97894344159613579ULL,
		4708335274869204579ULL, 12448140057820034913ULL,
	};
	chance_init_turn(&s, seed, "hand", 1);
	for (int i = 0; i < 5; i++)
		EXPECT(chance_next(&s) == values[i]);
	/* another turn, another stream */
	chance_init_turn(&s, seed, "hand", 2);
	EXPECT(chance_next(&s) != values[0]);
	/* draws.py hands 000102...1f 202122...3f 1 4 4 4 3 1 1 1 1 1 1 1 -- 4 4:
	 * Athens with its key, then Sparta with its own from what is left */
	static const char *const want[2][4] = {
		{ "military", "coup", "plague", "pericles" },
		{ "gold", "star", "brasidas", "void" },
	};
	const unsigned char *keys[2] = { seed, key2 };
	uint8_t cup[DL_MAX_KINDS];
	struct dl_position p;
	dl_initial(M, &p);
	dl_cup(M, &p, cup);
	for (int side = 0; side < 2; side++) {
		chance_init_turn(&s, keys[side], "hand", 1);
		for (int i = 0; i < 4; i++)
			CHECK_EQ(dl_draw_chit(M, cup, &s), kind(want[side][i]));
	}
	/* draws.py keep 000102...1f 3 4 / keep 202122...3f 3 4 */
	chance_init_turn(&s, seed, "keep", 3);
	CHECK_EQ(chance_below(&s, 4), 3);
	chance_init_turn(&s, key2, "keep", 3);
	CHECK_EQ(chance_below(&s, 4), 1);
	/* a seed's streams: draws.py place 000102...1f 29 3 / toss */
	chance_init(&s, seed, "place");
	CHECK_EQ(chance_below(&s, 29), 10);
	CHECK_EQ(chance_below(&s, 29), 8);
	CHECK_EQ(chance_below(&s, 29), 24);
	chance_init(&s, seed, "toss");
	CHECK_EQ(chance_below(&s, 2), 1);

	/* the set-up deals turn 1 with the same draws, from the keys; its
	 * seed plays no part in them */
	struct dl_orders none[2];
	struct dl_chance chance = { seed_a, { seed, key2 } }, other = { key_a, { seed, key2 } };
	memset(none, 0, sizeof none);
	dl_adjudicate(M, &p, none, &chance, &out, &after);
	for (int side = 0; side < 2; side++)
		for (int i = 0; i < 4; i++)
			CHECK_EQ(after.drawn[side].chit[i], kind(want[side][i]));
	CHECK_EQ(out.cupsize, 22);
	struct dl_position after2;
	struct dl_outcome out2;
	dl_adjudicate(M, &p, none, &other, &out2, &after2);
	EXPECT(!memcmp(&after, &after2, sizeof after));

	/* uniform enough: 22000 draws from a full cup, each kind near its share */
	int count[DL_MAX_KINDS] = { 0 };
	chance_init_turn(&s, seed, "hand", 1);
	for (int i = 0; i < 22000; i++) {
		dl_cup(M, &p, cup);
		count[dl_draw_chit(M, cup, &s)]++;
	}
	for (int k = 0; k < M->nkinds; k++)
		EXPECT(abs(count[k] - 1000 * M->kind[k].copies) < 150 * M->kind[k].copies + 150);

	/* determinism: the same inputs give the same outputs, byte for byte */
	struct dl_position p2;
	position(&p2, 3, "att:1 lac:-1 boe:-1", "military coup void gold", "star coup void pericles");
	struct dl_orders o[2] = { orders_text(&p2, 0, NULL),
	                          orders_text(&p2, 1, "COUP Boeotia\nVOID Attica\nPERICLES Attica") };
	dl_adjudicate(M, &p2, o, &CHANCE, &out, &after);
	dl_adjudicate(M, &p2, o, &CHANCE, &out2, &after2);
	EXPECT(!memcmp(&out, &out2, sizeof out));
	EXPECT(!memcmp(&after, &after2, sizeof after));
	/* Sparta's key draws Sparta's hand: another key, other chits for it.
	 * Athens drew first, from a cup Sparta's key did not touch (Sparta
	 * kept the only chit it did not place, the Star), so Athens' hand is
	 * the same */
	struct dl_chance sparta_other = { seed_a, { key_a, seed } };
	dl_adjudicate(M, &p2, o, &sparta_other, &out2, &after2);
	EXPECT(memcmp(&after.hand[1], &after2.hand[1], sizeof after.hand[1]) != 0);
	EXPECT(!memcmp(&after.hand[0], &after2.hand[0], sizeof after.hand[0]));
	EXPECT(!memcmp(&after.drawn[0], &after2.drawn[0], sizeof after.drawn[0]));
	/* Athens was silent: its key chose the chit it keeps */
	EXPECT(out.kept_at_random[0]);
	CHECK_EQ(out.kept[0], out2.kept[0]);
	struct dl_chance athens_other = { seed_a, { seed, key_s } };
	int differs = 0;
	for (int i = 0; i < 32; i++) {
		unsigned char k[32];
		memcpy(k, seed, sizeof k);
		k[0] = (unsigned char)i;
		athens_other.key[0] = k;
		dl_adjudicate(M, &p2, o, &athens_other, &out2, &after2);
		differs |= out2.kept[0] != out.kept[0];
		/* what the results show of Athens is its chits not kept */
		CHECK_EQ(out2.returned[0].n + out2.njudge, 3);
	}
	EXPECT(differs);
}

/* -------------------------------------------------- the silent player */

/* How well side 0 did on the board: areas ahead, then counters ahead. */
static int merit(const struct dl_position *p)
{
	int areas[2], counters[2], need[2];
	dl_score(M, p, areas, counters, need);
	return 100 * (areas[0] - areas[1]) + counters[0] - counters[1];
}

/* The best merit side 0 can reach with any legal order set in p (each
 * chit kept in turn; the other three placed, in hand order, in every
 * combination of areas in range), against the Spartan orders s. */
static int best_legal(const struct dl_position *p, const struct dl_orders *s)
{
	int best = -100000;
	const struct dl_hand *h = &p->hand[0];

	for (int keep = 0; keep < h->n; keep++) {
		int rest[3], nr = 0;
		if (keep && h->chit[keep] == h->chit[keep - 1])
			continue;
		for (int i = 0; i < h->n; i++)
			if (i != keep)
				rest[nr++] = h->chit[i];
		for (int a0 = 0; a0 < M->nareas; a0++)
			for (int a1 = 0; a1 < M->nareas; a1++)
				for (int a2 = 0; a2 < M->nareas; a2++) {
					int where[3] = { a0, a1, a2 }, ok = 1;
					struct dl_orders o[2];
					memset(&o[0], 0, sizeof o[0]);
					o[0].given = 1;
					o[1] = *s;
					for (int i = 0; i < 3 && ok; i++) {
						struct dl_order x = { DL_PLACE, (int8_t)rest[i],
						                      M->kind[rest[i]].type, (int8_t)where[i] };
						ok = dl_in_range(M, p, 0, x.as, x.area);
						o[0].o[o[0].n++] = x;
					}
					if (!ok)
						continue;
					o[0].o[o[0].n++] = (struct dl_order){ DL_KEEP, (int8_t)h->chit[keep], 0, -1 };
					dl_adjudicate(M, p, o, &CHANCE, &out, &after);
					if (merit(&after) > best)
						best = merit(&after);
				}
	}
	return best;
}

static void test_silent(void)
{
	static const struct { const char *tracks, *hand_a, *hand_s, *orders_s; } cases[] = {
		/* holding two enemy specials: silence must not shed them */
		{ "att:1 lac:-1 boe:-1 meg:-2 cor:-2 arg:-2", "brasidas plague military coup",
		  "military coup void influence", "MILITARY Argos\nCOUP Megara\nINFLUENCE Arcadia" },
		/* own specials and ordinary chits */
		{ "att:1 lac:-1 boe:-1 pho:1", "pericles phormio influence void",
		  "military coup coup influence", "COUP Boeotia\nCOUP Attica\nMILITARY Argos" },
		{ "att:2 lac:-1 eub:1 cyc:1", "military military influence coup",
		  "coup coup void influence", "COUP Euboea\nCOUP Cyclades\nINFLUENCE Arcadia" },
		/* three enemy specials and a Void: every legal set must play two
		 * of them; silence must cost at least as much */
		{ "att:1 lac:-1", "brasidas plague gold void",
		  "military coup void influence", "INFLUENCE Arcadia" },
	};

	for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
		struct dl_position p;
		/* the last turn: no hands to deal, so every order set is cheap */
		position(&p, M->turns, cases[c].tracks, cases[c].hand_a, cases[c].hand_s);
		struct dl_orders s = orders_text(&p, 1, cases[c].orders_s);
		int best = best_legal(&p, &s);
		struct dl_orders o[2] = { orders_text(&p, 0, NULL), s };
		dl_adjudicate(M, &p, o, &CHANCE, &out, &after);
		if (getenv("DICELESS_VERBOSE"))
			printf("silent case %zu: silence %d, best legal %d\n", c, merit(&after), best);
		if (!EXPECT(merit(&after) <= best))
			printf("  case %zu: silence %d, best legal %d\n", c, merit(&after), best);
		/* what silence does: nothing placed, one chit kept at random,
		 * ordinary chits back, own specials retired, enemy specials
		 * placed by the Judge for the enemy */
		CHECK_EQ(out.nplay[0], 0);
		EXPECT(out.kept[0] != DL_NONE && out.kept_at_random[0]);
		int returned = 0, wasted = 0, judged = 0;
		struct dl_hand h = p.hand[0];
		dl_hand_remove(&h, out.kept[0]);
		for (int i = 0; i < h.n; i++) {
			const struct dl_kind *k = &M->kind[h.chit[i]];
			returned += k->type != DL_SPECIAL;
			wasted += k->type == DL_SPECIAL && k->favours == 0;
			judged += k->type == DL_SPECIAL && k->favours == 1;
		}
		CHECK_EQ(out.returned[0].n, returned);
		CHECK_EQ(out.wasted[0].n, wasted);
		CHECK_EQ(out.njudge, judged);
		for (int j = 0; j < out.njudge; j++) {
			CHECK_EQ(out.judge[j].side, 1);
			CHECK_EQ(after.retired[out.judge[j].chit], 1);
		}
	}

	/* a partial order set: the named chit is kept, the rest as silence */
	struct dl_position p;
	position(&p, 5, "att:1 lac:-1", "military coup void gold", "star coup void pericles");
	play(&p, "MILITARY Boeotia\nKEEP COUP", "COUP Attica\nVOID Attica\nKEEP STAR");
	CHECK_EQ(out.kept[0], DL_COUP);
	CHECK_EQ(out.kept_at_random[0], 0);
	CHECK_EQ(out.returned[0].n, 1);
	CHECK_EQ(out.njudge, 2);            /* Persian Gold placed for Sparta */
	/* Sparta left Pericles out: it goes to work for Athens */
	CHECK_EQ(out.wasted[1].n, 0);
	CHECK_EQ(out.judge[0].chit, kind("gold"));
	CHECK_EQ(out.judge[1].chit, kind("pericles"));
	CHECK_EQ(out.judge[1].side, 0);
}

/* ---------------------------------------------- through variant_ops */

static unsigned rng = 12345;
static unsigned rnd(unsigned n)
{
	rng = rng * 1103515245u + 12345u;
	return (rng >> 16) % n;
}

/* Legal orders for side in p, chosen at random (sometimes none, sometimes
 * a partial set), as text. */
static void random_orders(const struct dl_position *p, int side, struct strbuf *sb)
{
	struct dl_hand h = p->hand[side];
	int nplace = rnd(6) == 0 ? (int)rnd(3) : DL_PLACES;

	if (p->phase == DL_PH_SETUP) {
		int a;
		do
			a = (int)rnd((unsigned)M->nareas);
		while (dl_holder(p->track[a]) == 1 - side);
		strbuf_addf(sb, "COUNTER %s\n", M->area[a].name);
		return;
	}
	if (p->phase == DL_PH_DELPHI) {
		/* the holder throws back a chit, or passes (an empty set) */
		if (rnd(3)) {
			struct dl_order o = { DL_DISCARD, (int8_t)h.chit[rnd((unsigned)h.n)], 0, -1 };
			dl_format_order(M, &o, sb);
			strbuf_addch(sb, '\n');
		}
		return;
	}
	for (int i = 0; i < nplace && h.n; i++) {
		int k = h.chit[rnd((unsigned)h.n)], type = M->kind[k].type, a, tries = 0;
		if (type == DL_STAR)
			type = (int)rnd(4);
		do
			a = (int)rnd((unsigned)M->nareas);
		while (!dl_in_range(M, p, side, type, a) && ++tries < 200);
		if (tries >= 200)
			continue;
		struct dl_order o = { DL_PLACE, (int8_t)k, (int8_t)type, (int8_t)a };
		dl_format_order(M, &o, sb);
		strbuf_addch(sb, '\n');
		dl_hand_remove(&h, k);
	}
	if (h.n && rnd(2)) {
		struct dl_order o = { DL_KEEP, (int8_t)h.chit[0], 0, -1 };
		dl_format_order(M, &o, sb);
		strbuf_addch(sb, '\n');
	}
}

/* Another kind than old, taken from cup (old goes back in), or old if
 * the cup holds no other. */
static int swap_chit(uint8_t cup[DL_MAX_KINDS], int old)
{
	for (int k = 0; k < M->nkinds; k++)
		if (k != old && cup[k]) {
			cup[k]--;
			cup[old]++;
			return k;
		}
	return old;
}

/* The state text with side's whole hand, the chit it kept and those it
 * drew (in hand and in the drawn line), replaced by as many other chits. */
static void other_hand(const char *state, int side, struct strbuf *sb)
{
	struct dl_position p;
	struct dl_hand kept;
	uint8_t cup[DL_MAX_KINDS];
	char err[200];

	(void)err;
	dl_state_read(M, state, &p);
	dl_cup(M, &p, cup);
	kept = p.hand[side];
	for (int i = 0; i < p.drawn[side].n; i++)
		dl_hand_remove(&kept, p.drawn[side].chit[i]);
	p.hand[side].n = 0;
	for (int i = 0; i < kept.n; i++)
		dl_hand_add(&p.hand[side], swap_chit(cup, kept.chit[i]));
	for (int i = 0; i < p.drawn[side].n; i++) {
		p.drawn[side].chit[i] = (uint8_t)swap_chit(cup, p.drawn[side].chit[i]);
		dl_hand_add(&p.hand[side], p.drawn[side].chit[i]);
	}
	dl_state_write(M, &p, sb);
}

static void text_of(const struct variant *v, const char *state, int which, int power,
                    struct strbuf *sb)
{
	struct vstate vs;

	strbuf_reset(sb);
	if (!CHECK_EQ(vstate_open(&vs, v, state), 0))
		return;
	if (which == 0)
		variant_status(&vs, sb);
	else if (which == 1)
		variant_private(&vs, power, sb);
	else {
		struct json j;
		json_init(&j, sb);
		variant_status_json(&vs, &j);
	}
	vstate_close(&vs);
}

/* Through the front layer as the Judge does: read state, adjudicate, and
 * append the report everyone receives. */
static void adjudicate(const struct variant *v, const char *state, const struct order_set *sets,
                       int nsets, const struct variant_chance *c, struct strbuf *next,
                       struct strbuf *report, struct game_end *end)
{
	struct vstate vs;
	struct variant_report *r = variant_report_new();

	if (CHECK_EQ(vstate_open(&vs, v, state), 0)) {
		variant_adjudicate(&vs, sets, nsets, NULL, 0, c, next, r, end);
		strbuf_addstr(report, r->all.buf);
		vstate_close(&vs);
	}
	variant_report_free(r);
}

/* 1 if side must order in state's phase. */
static int must_order(const struct variant *v, const char *state, int side)
{
	struct vstate vs;
	int must = 0;

	if (CHECK_EQ(vstate_open(&vs, v, state), 0)) {
		must = pset_has(&vs.phase.must, side);
		vstate_close(&vs);
	}
	return must;
}

/* Check side's orders as the Judge does on arrival. */
static int check_orders(const struct variant *v, const char *state, int side, const char *text,
                        struct strbuf accepted[2], struct strbuf *echo)
{
	struct vstate vs;
	struct power_set seat = { { 0 } }, given;
	int rejected = -1;

	pset_add(&seat, side);
	if (CHECK_EQ(vstate_open(&vs, v, state), 0)) {
		rejected = variant_check(&vs, &seat, side, 0, text, accepted, &given, echo);
		vstate_close(&vs);
	}
	return rejected;
}

/* Random bytes from rnd (tests only). */
static void random_bytes(unsigned char *b, size_t n)
{
	for (size_t i = 0; i < n; i++)
		b[i] = (unsigned char)rnd(256);
}

/* Orders for one phase of the game in state, chosen at random (a side is
 * silent one time in eight, a holder at Delphi passes with no line); fills
 * sets (texts in accepted) and returns how many.  Both sides order but in
 * a Delphi phase, where only the oracle's holder does. */
static int random_phase(const struct variant *v, const char *state, struct strbuf accepted[2],
                        struct order_set sets[2])
{
	struct dl_position p;
	char err[300];
	int nsets = 0;

	(void)err;
	dl_state_read(M, state, &p);
	for (int s = 0; s < 2; s++) {
		struct strbuf orders = STRBUF_INIT, echo = STRBUF_INIT;
		int delphi = p.phase == DL_PH_DELPHI;
		strbuf_reset(&accepted[s]);
		CHECK_EQ(must_order(v, state, s), !delphi || dl_oracle_holder(M, &p) == s);
		if (!must_order(v, state, s))
			continue;
		if (rnd(8) != 0) {
			random_orders(&p, s, &orders);
			if (delphi && !orders.len)
				strbuf_addstr(&orders, "PASS\n");
			if (!CHECK_EQ(check_orders(v, state, s, orders.buf, accepted, &echo), 0))
				printf("  %s", echo.buf);
			sets[nsets++] = (struct order_set){ s, accepted[s].buf };
		}
		strbuf_release(&orders);
		strbuf_release(&echo);
	}
	return nsets;
}

/* The report a side receives (the same for both) and the views of the
 * next position it receives: status, status_json, its private view. */
struct views {
	struct strbuf report, text[3];
};

static void views_of(const struct variant *v, const char *next, const char *report, int side,
                     struct views *w)
{
	strbuf_reset(&w->report);
	strbuf_addstr(&w->report, report);
	for (int which = 0; which < 3; which++)
		text_of(v, next, which, side, &w->text[which]);
}

static void views_release(struct views *w)
{
	strbuf_release(&w->report);
	for (int which = 0; which < 3; which++)
		strbuf_release(&w->text[which]);
}

/* Counts of the key checks, to show they ran. */
static int views_compared, hands_changed;

/*
 * What each side receives from a phase must not depend on the other
 * side's game key: with that key replaced, the report, the status and
 * status_json are the same, and so is Athens' private view (its hand:
 * it draws first, from a cup the other key did not touch).  Two
 * exceptions, both through chits that left a hand: when the other side
 * kept a chit at random, its key chose which of its chits were played
 * (returned to the cup, or placed by the Judge, which changes the
 * board), and these phases are skipped; and Sparta draws from what
 * Athens left, as at the table, so its hand may change with Athens' key.
 * That the private view shows nothing of the other hand beyond this is
 * checked on the position itself (other_hand).
 */
static void check_keys(const struct variant *v, const char *state, const struct order_set *sets,
                       int nsets, const unsigned char *seed, const unsigned char keys[64],
                       const char *next, const char *report)
{
	struct strbuf next2 = STRBUF_INIT, report2 = STRBUF_INIT;
	struct views a = { STRBUF_INIT, { STRBUF_INIT, STRBUF_INIT, STRBUF_INIT } };
	struct views b = { STRBUF_INIT, { STRBUF_INIT, STRBUF_INIT, STRBUF_INIT } };
	struct game_end end;

	for (int s = 0; s < 2; s++) {
		int o = 1 - s;
		unsigned char k2[64];
		char random_keep[80];

		memcpy(k2, keys, sizeof k2);
		random_bytes(k2 + o * 32, 32);
		struct variant_chance c = { seed, NULL, k2 };
		strbuf_reset(&next2);
		strbuf_reset(&report2);
		adjudicate(v, state, sets, nsets, &c, &next2, &report2, &end);
		views_of(v, next, report, s, &a);
		views_of(v, next2.buf, report2.buf, s, &b);
		snprintf(random_keep, sizeof random_keep, "%s keeps one of the chits",
		         M->side[o].name);
		if (strstr(report, random_keep))
			continue;               /* its key chose what it played: see above */
		if (!EXPECT(!strcmp(a.report.buf, b.report.buf)))
			printf("  the report depends on %s's key\n", M->side[o].name);
		for (int which = 0; which < 3; which++) {
			if (which == 1 && s == 1)
				continue;       /* the shared cup: see above */
			if (!EXPECT(!strcmp(a.text[which].buf, b.text[which].buf)))
				printf("  text %d of %s depends on %s's key\n", which, M->side[s].name,
				       M->side[o].name);
		}
		views_compared++;
		/* ... while the other side's own view does change */
		views_of(v, next, report, o, &a);
		views_of(v, next2.buf, report2.buf, o, &b);
		hands_changed += strcmp(a.text[1].buf, b.text[1].buf) != 0;
	}
	views_release(&a);
	views_release(&b);
	strbuf_release(&next2);
	strbuf_release(&report2);
}

static void test_variant(void)
{
	const struct variant *v = variant_find("peloponnesian-diceless", NULL);
	struct strbuf state = STRBUF_INIT, next = STRBUF_INIT, next2 = STRBUF_INIT;
	struct strbuf report = STRBUF_INIT, report2 = STRBUF_INIT, a = STRBUF_INIT, b = STRBUF_INIT;
	struct strbuf accepted[2] = { STRBUF_INIT, STRBUF_INIT };
	struct game_end end;
	unsigned char seeds[41][32], keys[64];
	int phases = 0, games_over = 0, delphis = 0;

	if (!EXPECT(v != NULL)) {
		printf("  %s\n", fail_text());
		return;
	}
	EXPECT(variant_find("diceless", NULL) == v);
	EXPECT(!strcmp(v->name, "Diceless"));
	EXPECT(!strcmp(v->ops->engine, "diceless"));
	EXPECT(v->ops->uses_keys);
	CHECK_EQ(v->npowers, 2);
	CHECK_EQ(variant_power_by_letter(v, 'a'), 0);
	CHECK_EQ(variant_power_by_letter(v, 'S'), 1);
	M = &((const struct dl_board *)v->data)->map;

	for (int game = 0; game < 6; game++) {
		random_bytes(&seeds[0][0], sizeof seeds);
		random_bytes(keys, sizeof keys);
		strbuf_reset(&state);
		struct variant_chance first = { seeds[0], seeds[1], keys };
		variant_initial(v, 2, &first, &state);
		memset(&end, 0, sizeof end);
		for (int ph = 0; ph < 40 && !end.over; ph++) {
			struct order_set sets[2];
			struct dl_position p;

			dl_state_read(M, state.buf, &p);
			/* the state reads back as it was written */
			strbuf_reset(&a);
			dl_state_write(M, &p, &a);
			EXPECT(!strcmp(a.buf, state.buf));
			int nsets = random_phase(v, state.buf, accepted, sets);
			/* the next phase's seed plays no part: the same inputs give
			 * the same outputs, whatever it is */
			strbuf_reset(&next);
			strbuf_reset(&report);
			strbuf_reset(&next2);
			strbuf_reset(&report2);
			struct variant_chance c1 = { seeds[ph], seeds[ph + 1], keys };
			struct variant_chance c2 = { seeds[ph], seeds[40], keys };
			adjudicate(v, state.buf, sets, nsets, &c1, &next, &report, &end);
			adjudicate(v, state.buf, sets, nsets, &c2, &next2, &report2, &end);
			EXPECT(!strcmp(report.buf, report2.buf));
			EXPECT(!strcmp(next.buf, next2.buf));
			/* the report never names a kept chit */
			for (int k = 0; k < M->nkinds; k++) {
				strbuf_reset(&a);
				strbuf_addf(&a, "keeps %s", M->kind[k].name);
				EXPECT(!strstr(report.buf, a.buf));
			}
			check_keys(v, state.buf, sets, nsets, seeds[ph], keys, next.buf, report.buf);
			/* what one side sees does not change with the other's hand,
			 * drawn or kept */
			for (int s = 0; s < 2 && !end.over; s++) {
				struct strbuf changed = STRBUF_INIT;
				other_hand(next.buf, 1 - s, &changed);
				EXPECT(strcmp(changed.buf, next.buf) != 0);
				for (int which = 0; which < 3; which++) {
					text_of(v, next.buf, which, s, &a);
					text_of(v, changed.buf, which, s, &b);
					if (!EXPECT(!strcmp(a.buf, b.buf)))
						printf("  text %d of side %d shows the other hand\n", which, s);
				}
				/* and a side's own view does show its own hand */
				text_of(v, next.buf, 1, 1 - s, &a);
				text_of(v, changed.buf, 1, 1 - s, &b);
				EXPECT(strcmp(a.buf, b.buf) != 0);
				strbuf_release(&changed);
			}
			EXPECT(strstr(report.buf, "Results of") != NULL);
			delphis += p.phase == DL_PH_DELPHI;
			strbuf_reset(&state);
			strbuf_addstr(&state, next.buf);
			phases++;
		}
		/* every game ends, at the latest after the last turn */
		EXPECT(end.over);
		games_over += end.over;
		CHECK_EQ(must_order(v, state.buf, 0), 0);
	}
	EXPECT(phases > 6);
	EXPECT(delphis > 0);         /* the random games went through Delphi */
	CHECK_EQ(games_over, 6);
	EXPECT(views_compared > phases);
	EXPECT(hands_changed > phases);
	if (getenv("DICELESS_VERBOSE"))
		printf("variant: %d phases (%d at Delphi), %d views compared, %d hands changed "
		       "with their key\n", phases, delphis, views_compared, hands_changed);
	strbuf_release(&state);
	strbuf_release(&next);
	strbuf_release(&next2);
	strbuf_release(&report);
	strbuf_release(&report2);
	strbuf_release(&accepted[0]);
	strbuf_release(&accepted[1]);
	strbuf_release(&a);
	strbuf_release(&b);
}

/* --game N DIR: random game N through variant_ops, for draws.test:
 * DIR/keys holds the two game keys in hex, a line each; DIR/reports every
 * results report, in order; DIR/hands each side's hand at the start of
 * every turn, as draws.py verify prints it. */
static int game_files(int n, const char *dir)
{
	static const char *const names[3] = { "keys", "reports", "hands" };
	char path[3][512];
	const struct variant *v = variant_find("diceless", NULL);
	struct strbuf state = STRBUF_INIT, next = STRBUF_INIT, report = STRBUF_INIT;
	struct strbuf accepted[2] = { STRBUF_INIT, STRBUF_INIT };
	unsigned char seed[32], keys[64];
	struct game_end end = { 0, -1, "" };
	FILE *f[3];

	if (!v) {
		fprintf(stderr, "%s\n", fail_text());
		return 2;
	}
	M = &((const struct dl_board *)v->data)->map;
	rng = (unsigned)n;
	random_bytes(keys, sizeof keys);
	random_bytes(seed, sizeof seed);
	for (int i = 0; i < 3; i++) {
		snprintf(path[i], sizeof path[i], "%s/%s", dir, names[i]);
		if (!(f[i] = fopen(path[i], "w"))) {
			perror(path[i]);
			return 2;
		}
	}
	for (int s = 0; s < 2; s++) {
		for (int i = 0; i < 32; i++)
			fprintf(f[0], "%02x", keys[32 * s + i]);
		fprintf(f[0], "\n");
	}
	struct variant_chance first = { seed, NULL, keys };
	variant_initial(v, 2, &first, &state);
	for (int ph = 0; ph < 40 && !end.over; ph++) {
		struct order_set sets[2];
		struct dl_position p;
		int nsets = random_phase(v, state.buf, accepted, sets);

		random_bytes(seed, sizeof seed);
		struct variant_chance c = { seed, NULL, keys };
		strbuf_reset(&next);
		strbuf_reset(&report);
		adjudicate(v, state.buf, sets, nsets, &c, &next, &report, &end);
		fprintf(f[1], "%s\n", report.buf);
		dl_state_read(M, next.buf, &p);
		for (int s = 0; s < 2 && p.phase == DL_PH_TURN; s++) {
			fprintf(f[2], "turn %d %s:", p.turn, M->side[s].name);
			for (int i = 0; i < p.hand[s].n; i++)
				fprintf(f[2], "%s %s", i ? "," : "", M->kind[p.hand[s].chit[i]].name);
			fprintf(f[2], "\n");
		}
		strbuf_reset(&state);
		strbuf_addstr(&state, next.buf);
	}
	for (int i = 0; i < 3; i++)
		fclose(f[i]);
	strbuf_release(&state);
	strbuf_release(&next);
	strbuf_release(&report);
	strbuf_release(&accepted[0]);
	strbuf_release(&accepted[1]);
	return check_failed ? CHECK_FAIL : CHECK_PASS;
}

/* ------------------------------------------------------------- main */

/* The draws tests/diceless/draws.py makes, with the same arguments, for
 * draws.test to compare:
 *   --values SECRET LABEL K [TURN]   --hands KEY_A KEY_S TURN N1 .. Nk -- A S
 *   --keep KEY TURN N                --place SEED AREAS K       --toss SEED
 *   --delphi KEY TURN N1 .. Nk
 * and --game N DIR (game_files). */
static int print_draws(int argc, char **argv)
{
	unsigned char secret[2][32];
	struct chance_stream s;
	const char *mode = argv[1];

	if (!strcmp(mode, "--game") && argc == 4)
		return game_files(atoi(argv[2]), argv[3]);
	if (argc < 3)
		goto usage;
	hex_seed(argv[2], secret[0]);
	if (!strcmp(mode, "--values") && (argc == 5 || argc == 6)) {
		if (argc == 6)
			chance_init_turn(&s, secret[0], argv[3], atoi(argv[5]));
		else
			chance_init(&s, secret[0], argv[3]);
		for (int i = 0; i < atoi(argv[4]); i++)
			printf("%llu\n", (unsigned long long)chance_next(&s));
		return 0;
	}
	if (!strcmp(mode, "--hands") && argc > 5) {
		uint8_t cup[DL_MAX_KINDS] = { 0 };
		int i = 5, k = 0;
		hex_seed(argv[3], secret[1]);
		for (; i < argc && strcmp(argv[i], "--") && k < DL_MAX_KINDS; i++)
			cup[k++] = (uint8_t)atoi(argv[i]);
		for (int side = 0; side < 2 && ++i < argc; side++) {
			chance_init_turn(&s, secret[side], "hand", atoi(argv[4]));
			printf("%s:", M->side[side].name);
			for (int n = 0; n < atoi(argv[i]); n++)
				printf("%s %s", n ? "," : "", M->kind[dl_draw_chit(M, cup, &s)].name);
			printf("\n");
		}
		return 0;
	}
	if (!strcmp(mode, "--delphi") && argc > 4) {
		uint8_t cup[DL_MAX_KINDS] = { 0 };
		for (int i = 4, k = 0; i < argc && k < DL_MAX_KINDS; i++)
			cup[k++] = (uint8_t)atoi(argv[i]);
		chance_init_turn(&s, secret[0], "delphi", atoi(argv[3]));
		printf("%s\n", M->kind[dl_draw_chit(M, cup, &s)].name);
		return 0;
	}
	if (!strcmp(mode, "--keep") && argc == 5) {
		chance_init_turn(&s, secret[0], "keep", atoi(argv[3]));
		printf("%d\n", chance_below(&s, atoi(argv[4])));
		return 0;
	}
	if (!strcmp(mode, "--place") && argc == 5) {
		chance_init(&s, secret[0], "place");
		for (int i = 0; i < atoi(argv[4]); i++)
			printf("%s%d", i ? " " : "", chance_below(&s, atoi(argv[3])));
		printf("\n");
		return 0;
	}
	if (!strcmp(mode, "--toss") && argc == 3) {
		chance_init(&s, secret[0], "toss");
		printf("%d\n", chance_below(&s, 2));
		return 0;
	}
usage:
	fprintf(stderr, "usage: diceless_test [--values SECRET LABEL K [TURN] | --hands KEY_A KEY_S "
	        "TURN COUNTS -- A S | --keep KEY TURN N | --place SEED AREAS K | --toss SEED | "
	        "--delphi KEY TURN COUNTS | "
	        "--game N DIR]\n");
	return 2;
}

int main(int argc, char **argv)
{
	if (dl_board_load(JUDGE_SRCDIR "/variants/diceless/map.txt", &board)) {
		printf("FAIL: %s\n", fail_text());
		return 1;
	}
	M = &board.map;
	if (argc > 1)
		return print_draws(argc, argv);
	test_board();
	test_grid();
	test_chits();
	test_ranges();
	test_order_checks();
	test_counters();
	test_delphi();
	test_victory();
	test_draws();
	test_silent();
	test_variant();
	dl_board_free(&board);
	return check_done("diceless_test");
}
