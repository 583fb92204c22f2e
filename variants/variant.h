/*
 * variant.h - what the Judge knows of a variant, whatever its rules: the
 * front layer judge/ calls, and the interface every rules family
 * implements behind it.
 *
 * The shape is OpenSMTPD's queue_backend.c: judge/ calls only the
 * variant_*() and vstate_*() functions declared here, and only the front
 * layer, four files in variants/, calls a family's ops: registry.c
 * (load), variant_cases.c (cases), order_check.c (a mail's orders: the
 * loop over the lines and the echo) and variant.c (everything else).  The
 * front layer is where the policies that hold for every family live, so
 * that each family states its rules and nothing else:
 *   - a game's state is read once per command into a parsed handle the
 *     family owns (struct vstate), and a state that does not read back is
 *     a damaged game, reported the same way for every family;
 *   - orders are checked once, when they arrive, and stored in the
 *     family's canonical form, which adjudication reads back with a strict
 *     reader (never the players' grammar); an order that cannot be used
 *     then is reported in the results, never dropped in silence;
 *   - a seat may command several powers: its lines are split by power
 *     ("Thebes:" before Thebes' orders) here, for every family;
 *   - a phase is described by a struct variant_phase (name, kind, who must
 *     and who may order, whether a power may pass, whether it runs early),
 *     and a report is split by audience (struct variant_report).
 *
 * Each variant is a folder under variants/ with a variant.txt:
 *     name    Classical
 *     engine  diplomacy
 *     alias   classic
 *     info    info.classical     (the file "get info.classical" returns)
 *     press   white              (new games' press; the master may change it)
 *     players 5 5                (fewest and most players; default: one
 *                                 per power)
 *     deal    3 A C S+T          (with 3 players: seats A, C and S, the
 *                                 last commanding S and T; default: one
 *                                 power per seat)
 *     period  movement 48        (hours a phase of that kind lasts by
 *                                 default; other kinds take the config's
 *                                 period_hours)
 *     experimental               (CREATE refuses it unless the config
 *                                 allows experimental variants)
 * and whatever data its family reads.
 *
 * Adding a family (the checklist, with every file named:
 * variants/FORMAT.md, "A new variant, a new family"): a family writes only
 * its own files, each named <fam>_*:
 *   - its variants' folders (variant.txt with "engine <fam>", its map and
 *     scenario, info.<name>, geo.txt to draw, RULES.md giving every
 *     rule's source); installed by folder, no build line;
 *   - its grammar, parser/<fam>_orders.[ch]; its pure engine,
 *     adjudicator/<fam>*.[ch], which returns facts, not sentences;
 *   - its reader, state, wording and picture scene, variants/<fam>_*.c,
 *     and variants/<fam>_variant.c defining <fam>_variant_ops: every op of
 *     struct variant_ops below, to its contract (the optional ones NULL),
 *     score (what the end-of-game table shows) among the required; for
 *     orders only what one line means (check_line: the canonical order or
 *     the reason it is refused) and, if it wants, a note on the whole set
 *     (check_done): the loop over a mail's lines and the echo the player
 *     reads are order_check.c's, the same for every family;
 *   - one line FAMILY(<fam>_variant_ops) in registry.c's table;
 *   - its build fragment variants/<fam>.mk (its sources, test programs,
 *     TESTS, FAMILY_CASES, FAMILY_GAMES, EXTRA_DIST) and one line
 *     "include variants/<fam>.mk" in Makefile.am;
 *   - its tests: rules cases (tests/<fam>/cases/, the generic format),
 *     a game by mail (tests/game/<fam>*.txt), engine unit tests, and a
 *     picture fixture if it draws.
 * No other shared file changes.
 */
#ifndef VARIANT_H
#define VARIANT_H

#include <stddef.h>
#include <stdint.h>

#include "base/error.h"
#include "base/json.h"
#include "base/strbuf.h"
#include "variants/datadir.h"

struct pic_geo;
struct pic_scene;

#define VARIANT_MAX_POWERS 128
#define VARIANT_MAX_KINDS 8
#define VARIANT_SEED_BYTES 32

/* A set of powers.  A type rather than a word of bits, so that no code
 * depends on how many powers fit in an int. */
struct power_set {
	uint64_t w[VARIANT_MAX_POWERS / 64];
};

static inline void pset_add(struct power_set *s, int p)
{
	s->w[p / 64] |= (uint64_t)1 << (p % 64);
}

static inline void pset_del(struct power_set *s, int p)
{
	s->w[p / 64] &= ~((uint64_t)1 << (p % 64));
}

static inline int pset_has(const struct power_set *s, int p)
{
	return p >= 0 && p < VARIANT_MAX_POWERS && (s->w[p / 64] >> (p % 64)) & 1;
}

/* 1 if no power is in s. */
int pset_empty(const struct power_set *s);

struct variant_power {
	char letter;              /* its letter in SIGNON: 'R'; unique, never M */
	char name[24];            /* "Rome" */
};

/* A phase kind's default length (variant.txt "period"). */
struct variant_period {
	char kind[16];
	int hours;
};

struct variant {
	char name[32];            /* "Classical" */
	char folder[64];          /* its folder under variants_dir() */
	char info[64];            /* the help file players GET */
	char press[8];            /* new games' press: white, grey or none */
	int experimental;         /* CREATE needs the config's allow_experimental */
	const struct variant_ops *ops;
	int npowers;
	struct variant_power power[VARIANT_MAX_POWERS];
	int min_players, max_players;
	/* seat_of[n][p]: with n players, the seat commanding power p, named
	 * by the seat's first power (for n in min_players..max_players), or
	 * -1 if the deal leaves p out of play with n players */
	int16_t (*seat_of)[VARIANT_MAX_POWERS];
	int nperiods;
	struct variant_period period[VARIANT_MAX_KINDS];
	void *data;               /* the family's own (struct dip_board ...) */
	char data_hash[65];       /* BLAKE2b-256, hex, of the data files the
	                             family reads, or "" until
	                             variant_data_hash is first asked */
	struct pic_geo *geo;      /* geo.txt, the geography of its map
	                             pictures, once variant_geo has read it;
	                             NULL: not read, or no pictures */
};

/* One power's orders (or standing instructions): the family's canonical
 * text, one per line. */
struct order_set {
	int power;
	const char *text;
};

/*
 * The chance a phase may use, all of it fixed by the Judge in advance and
 * checkable by the players afterwards.  Each seed's BLAKE2b-256 hash is
 * published before the seed is used, and the seed revealed later:
 *   seed       this phase's; revealed with these results, so use it for
 *              everything these results show;
 *   next_seed  the next phase's; its hash goes out with these results and
 *              it is revealed with the next ones: for what must stay
 *              secret until the next results;
 *   keys       one per power (npowers x VARIANT_SEED_BYTES), fixed when the
 *              game starts, hashes published then, revealed when the game
 *              ends: for what only one power may know for longer (a chit
 *              kept from turn to turn).
 */
struct variant_chance {
	const unsigned char *seed;
	const unsigned char *next_seed;
	const unsigned char *keys;
};

/*
 * The phase a state is in, as the family describes it.
 *   kind     the family's word for it ("movement", "retreat", "adjustment",
 *            "diplomatic" ...): periods are set per kind;
 *   must     powers the phase waits for;
 *   may      powers allowed to order (must is part of it);
 *   can_pass a power may send PASS, which counts as its orders;
 *   per_unit a mail's orders update the stored ones order by order (a
 *            unit's new order replaces its earlier one, njudge's rule);
 *            else a mail's orders replace the stored set whole;
 *   early    processed at the next cron run once every power in must has
 *            ordered (adjudication never runs inside receive);
 *   over     the game has ended: there is no phase to play.
 */
struct variant_phase {
	char name[96];            /* "Spring 273 BC, Movement" */
	char kind[16];
	struct power_set must, may;
	int can_pass, per_unit, early, over;
};

/*
 * A phase's results, by audience: all goes to everyone who follows the
 * game (players, observers, the master), master to the master only, and
 * power[p] to the seat commanding power p only.  The front layer
 * allocates it; a family appends to the parts it has something for.
 */
struct variant_report {
	struct strbuf all;
	struct strbuf master;
	struct strbuf power[VARIANT_MAX_POWERS];
};

/* How a phase ended the game, if it did. */
struct game_end {
	int over;                 /* 1: the game is finished */
	int winner;               /* power index of a solo winner, or -1 */
	char how[128];            /* "Rome wins with 18 supply centres" */
};

/*
 * What a family scores a game by, power by power (variant_ops.score): the
 * figures its rules decide a winner with, in the order they decide
 * (Diplomacy's supply centres; the Diceless game's areas, then counters;
 * the Peloponnesian War's bellicosity, then treasury), each under the
 * label the end-of-game table heads it with.  Typed, so that the table
 * needs no code per family and no family is read through another's words.
 */
#define VARIANT_MAX_MEASURES 2

struct variant_measure {
	char label[48];           /* "Supply centres": a plural noun phrase */
	int of[VARIANT_MAX_POWERS];
};

struct variant_score {
	int nmeasures;            /* 1..VARIANT_MAX_MEASURES */
	struct variant_measure measure[VARIANT_MAX_MEASURES];
};

/* The tally of a case file (variant_cases), and how it is kept. */
struct case_tally {
	int passed, failed;
	int verbose;              /* set by the caller: a failing case prints its
	                             echo, report and next state */
};

/* What a family's check_line says of a line of orders. */
enum order_verdict {
	ORDER_ACCEPTED,
	ORDER_REJECTED,
};

/* What check_line fills in; the front layer empties it before each line. */
struct order_line {
	struct strbuf canon;      /* accepted: the canonical order, stored */
	struct strbuf shown;      /* accepted: how it reads to the player, when
	                             not canon (a description); else empty */
	int replaces;             /* accepted: the index, among the set's
	                             accepted orders so far, of the one this
	                             replaces (a unit's second order), or -1 */
	struct strbuf why;        /* rejected: the reason, one line */
	struct strbuf hint;       /* rejected: whole lines of what could be
	                             written instead, indented six; may be empty */
};

/* One power's set of lines being checked, as check_line sees it. */
struct order_check {
	const struct variant *v;
	const void *pos;          /* the family's parsed state */
	int power;
	int standing;             /* standing instructions, not orders */
	void *scratch;            /* variant_ops.check_scratch bytes */
};

/*
 * The interface of a rules family.  pos is the family's parsed state, from
 * its read(); nothing here writes to it.  Every op is pure but load().
 */
struct variant_ops {
	const char *engine;       /* the name variant.txt uses: "diplomacy" */
	int uses_keys;            /* draws from the powers' game keys (struct
	                             variant_chance): the Judge then publishes
	                             their hashes at the start, the keys at the end */
	int uses_seeds;           /* draws from the phases' seeds: the Judge
	                             then publishes each seed's hash when its
	                             phase opens and the seed with its results;
	                             a game without chance (Diplomacy) shows none */

	/* Read the variant's data from its folder and fill in v->power,
	 * v->npowers and v->data.  Returns 0, or -1 after fail(). */
	int (*load)(struct variant *v, const char *dir);

	/* Parse state text (written by initial or adjudicate) into the
	 * family's own structure, or NULL after fail() naming the bad line. */
	void *(*read)(const struct variant *v, const char *state);
	void (*release)(const struct variant *v, void *pos);

	/* The state a new game of players players starts in (powers the
	 * variant's deal leaves out with that many, seat_of[players][p] < 0,
	 * are not in play), drawing anything random for the opening from
	 * chance (seed is the first phase's). */
	void (*initial)(const struct variant *v, int players, const struct variant_chance *chance,
	                struct strbuf *state);

	/* Describe the phase pos is in (*ph is zeroed first). */
	void (*phase)(const struct variant *v, const void *pos, struct variant_phase *ph);

	/*
	 * Checking a mail's orders (order_check.c owns the loop and the echo,
	 * one wording for every family): a family says only what one line is.
	 * takes_standing: the family takes standing instructions (check_line
	 * is then also called with c->standing set).  separators: characters
	 * besides the line break that end an order in a mail's orders (not in
	 * standing ones), so that several fit on one line; NULL for none.
	 * check_scratch: the size of the family's memory across the lines of
	 * one power's set (the orders so far, the money spent), zeroed before
	 * the first line and handed over as c->scratch.
	 */
	int takes_standing;
	const char *separators;
	size_t check_scratch;

	/* One line: ORDER_ACCEPTED with its canonical text in out->canon
	 * (and how it was understood in out->shown, if that is not the
	 * canonical text; out->replaces if it takes the place of an earlier
	 * order of the set), or ORDER_REJECTED with the reason in out->why
	 * (and lines saying what could be written instead in out->hint).
	 * Everything that can be known when the order arrives is checked. */
	enum order_verdict (*check_line)(const struct order_check *c, const char *line, size_t len,
	                                 struct order_line *out);

	/* After the last line of a power's set, rejected of them rejected and
	 * accepted the canonical set: append to echo what the player should
	 * know of the whole (what the rules do with units left without an
	 * order); the power's echo starts at offset from.  NULL: nothing. */
	void (*check_done)(const struct order_check *c, int rejected, const char *accepted,
	                   struct strbuf *echo, size_t from);

	/* How many of power's units that must order have no order in
	 * stored (its canonical set), so that "all orders are in" means
	 * complete, as in njudge.  NULL: a set given is complete. */
	int (*unordered)(const struct variant *v, const void *pos, int power, const char *stored);

	/* One stored order of power (canonical, len bytes) as a player reads
	 * it, with names beside codes, appended to out.  NULL: the canonical
	 * text is what players read. */
	void (*order_named)(const struct variant *v, int power, const char *order, size_t len,
	                    struct strbuf *out);

	/*
	 * Adjudicate the phase: every power's accepted orders in canonical
	 * form (powers without orders are absent: their defaults are the
	 * family's business), every power's standing instructions, and the
	 * chance it may draw on.  Writes the next state and the report, and
	 * says if the game is over.  An order that cannot be used is said so
	 * in the report.  Pure: the same input gives the same output.
	 * Returns 0, or -1 after fail() when the phase cannot be adjudicated
	 * at all (the chance the family needs is missing); then nothing is
	 * written and the caller reports it.
	 */
	int (*adjudicate)(const struct variant *v, const void *pos,
	                  const struct order_set *orders, int norders,
	                  const struct order_set *standing, int nstanding,
	                  const struct variant_chance *chance,
	                  struct strbuf *next, struct variant_report *report, struct game_end *end);

	/* The position as text (units, centres, what is due), for LIST, SHOW
	 * and the master. */
	void (*status)(const struct variant *v, const void *pos, struct strbuf *out);

	/* The same as JSON members ("units":[...],"centres":{...}) written
	 * with j, inside an object its caller has opened. */
	void (*status_json)(const struct variant *v, const void *pos, struct json *j);

	/* Fill *score (zeroed first) with the figures pos stands at, for
	 * every power: what the end-of-game mail tabulates, phase by phase.
	 * Every family has one. */
	void (*score)(const struct variant *v, const void *pos, struct variant_score *score);

	/* 1 if power is still in the game (a Diplomacy power with a unit or a
	 * centre; a major that has not surrendered): who a draw includes.
	 * NULL: every power is. */
	int (*in_game)(const struct variant *v, const void *pos, int power);

	/* The map as text for players without a board (GET map.<variant>):
	 * every province, space or area with its full name and code, and
	 * where a unit can go from it by each of the family's ways (army and
	 * fleet; land and sea paths ...).  Lines within 78 columns
	 * (base/wrap.h's WRAP_LIST keeps a list's items whole).  Generated from the loaded map, so it never
	 * disagrees with the adjudicator. */
	void (*map_text)(const struct variant *v, struct strbuf *out);

	/*
	 * What a map picture shows (picture/pic.h), on v's geography: the
	 * position after, and, when before is not NULL, the phase adjudicated
	 * from before with these orders, standing instructions and chance
	 * (the ones adjudicate was given) drawn with their results.  Fills
	 * the scene's powers, shading, centres, units, arrows and marks; the
	 * caller has set the title.  Pure.  NULL: the family draws no
	 * pictures.
	 * The chance is given, and not the report or a record of the phase's
	 * events, because the events are the engine's facts: a family whose
	 * phase draws dice (a battle's winner, a siege's points) learns them
	 * by running its pure engine again on the same input, so nothing new
	 * is stored and the picture cannot disagree with the results.  NULL
	 * when before is (a position has no events); a family without chance
	 * ignores it.
	 */
	void (*picture)(const struct variant *v, const void *before,
	                const struct order_set *orders, int norders,
	                const struct order_set *standing, int nstanding,
	                const struct variant_chance *chance,
	                const void *after, struct pic_scene *scene);

	/* What only this power may see now (a hand of chits ...), or nothing. */
	void (*private_info)(const struct variant *v, const void *pos, int power,
	                     struct strbuf *out);

	/* Run a case file in the family's own format, if it has one (else the
	 * front layer's generic format is used): prints a line per case and
	 * adds to *t.  Returns 0, or -1 after fail() if the file is unusable. */
	int (*cases)(const struct variant *v, const char *path, const char *text,
	             struct case_tally *t);
};

/* ---- The registry (registry.c) ---- */

/* The variant called name (case-insensitive; name or alias), loaded on
 * first use and kept.  Returns NULL after fail(); *installation (if not
 * NULL) is then 1 when the fault is the installation's (the variants
 * folder unreadable, the variant's data broken) rather than an unknown
 * name. */
const struct variant *variant_find(const char *name, int *installation);

/* The hash a game records when it starts and compares when it is judged
 * (BLAKE2b-256, hex, of every data file of v's folder but the prose),
 * computed at the first call and kept: an order mail that does not
 * complete a phase never needs it, and it was reading and hashing every
 * file of the folder.  "" if a file cannot be read (the loader has just
 * read them, so only an admin's edit meanwhile does that). */
const char *variant_data_hash(const struct variant *v);

/* 1 if hash is what an older Judge recorded for v's data as it is now:
 * one that counted a file since read as prose (the help, before
 * 2026-11-28), so that a game it started is not told its data changed
 * when only the way of hashing it did. */
int variant_data_hash_then(const struct variant *v, const char *hash);

/* Append the names of all variants, comma separated, to out. */
void variant_list(struct strbuf *out);

/* Call fn with the name of every variant (its variant.txt "name"), in
 * alphabetical order, without loading their data. */
void variant_each_name(void (*fn)(const char *name, void *arg), void *arg);


/* ---- Powers (powers.c) ---- */

/* For a family's load(): append a power to v. */
void variant_add_power(struct variant *v, char letter, const char *name);

/* The power with this letter (any case), or -1. */
int variant_power_by_letter(const struct variant *v, char c);

/* The power called name (its full name, any case), or -1. */
int variant_power_by_name(const struct variant *v, const char *name, size_t len);

/* ---- Seats (variant.c) ---- */

/* The powers the seat called seat commands with n players (seat is the
 * seat's first power). */
struct power_set variant_seat_powers(const struct variant *v, int n, int seat);

/* Append the name a player GETs a variant's file of kind by
 * ("rules.diceless" from "rules" and "Diceless"): replies that refer to a rule
 * name the file the reader can fetch, not a file of the Judge's sources. */
void variant_file_name(struct strbuf *out, const char *kind, const char *variant);

/* Append v's map as text (variant_ops.map_text), or a line saying the
 * family has none. */
void variant_map(const struct variant *v, struct strbuf *out);

/* The default length in hours of a phase of kind, or 0 if the variant
 * gives none. */
int variant_period_hours(const struct variant *v, const char *kind);

/* ---- A game's state, read once (variant.c) ---- */

struct vstate {
	const struct variant *v;
	void *pos;                /* the family's parsed state */
	struct variant_phase phase;
};

/* Read state text of variant v into *s and describe its phase.  Returns
 * 0, or -1 after fail("damaged state: ..."): nothing is to be changed. */
int vstate_open(struct vstate *s, const struct variant *v, const char *state);
void vstate_close(struct vstate *s);

/* How many states vstate_open has read in this process (for benchmarks
 * and the test that an order mail reads its game's state once). */
long vstate_reads(void);

/* A new game's state, with players players (min_players..max_players). */
void variant_initial(const struct variant *v, int players, const struct variant_chance *chance,
                     struct strbuf *state);

/*
 * Check the order (or, standing != 0, standing instruction) lines one seat
 * sent (order_check.c).  seat: the powers it commands; lines are for first until a line
 * "<power name>:" names another of them.  PASS alone on a line passes for
 * the power where the phase allows it.  Echo gets every line as understood
 * ("accepted as: <order>") or rejected ("REJECTED: <why>"); accepted[p] (an array of v->npowers) the canonical text of
 * every power p in *given.  Returns the number of lines rejected.
 */
int variant_check(const struct vstate *s, const struct power_set *seat, int first,
                  int standing, const char *text, struct strbuf *accepted,
                  struct power_set *given, struct strbuf *echo);

/*
 * The orders to store for power after a mail: its earlier stored orders
 * (old, canonical; NULL or "" if none) updated with the ones the mail
 * gave (fresh, canonical, every line accepted), as the phase says: order
 * by order where phase.per_unit (the family's check decides what a later
 * order replaces), else fresh alone.  Written to out.
 */
void variant_merge(const struct vstate *s, int power, const char *old, const char *fresh,
                   struct strbuf *out);

/* How many of power's units that must order have none in its stored
 * set (canonical; "" for none given): 0 when the set is complete. */
int variant_unordered(const struct vstate *s, int power, const char *stored);
/* The family's note on power's stored set as it stands (what the rules do
 * with units left without an order), appended to note; where a mail's
 * orders merge into the stored ones (phase.per_unit) the mail's echo
 * leaves it to this, else the mail's set is the stored one and its echo
 * has it. */
void variant_note(const struct vstate *s, int power, const char *stored, struct strbuf *note);

/* 1 if the family takes standing instructions. */
int variant_has_standing(const struct variant *v);

/* 1 if the family draws from the powers' game keys; from the phases'
 * seeds (struct variant_chance). */
int variant_uses_keys(const struct variant *v);
int variant_uses_seeds(const struct variant *v);

/* Adjudicate s's phase (see variant_ops.adjudicate).  report must come
 * from variant_report_new.  Returns 0, or -1 after fail(). */
int variant_adjudicate(const struct vstate *s, const struct order_set *orders, int norders,
                       const struct order_set *standing, int nstanding,
                       const struct variant_chance *chance, struct strbuf *next,
                       struct variant_report *report, struct game_end *end);

struct variant_report *variant_report_new(void);
void variant_report_free(struct variant_report *r);

void variant_status(const struct vstate *s, struct strbuf *out);
/* A stored order line of power as players read it (variant_ops.order_named). */
void variant_order_named(const struct vstate *s, int power, const char *order, size_t len,
                         struct strbuf *out);
void variant_status_json(const struct vstate *s, struct json *j);
void variant_private(const struct vstate *s, int power, struct strbuf *out);

/* The figures s stands at (see variant_ops.score). */
void variant_score(const struct vstate *s, struct variant_score *score);

/* 1 if power is still in the game (see variant_ops.in_game). */
int variant_in_game(const struct vstate *s, int power);

/* Run the case file at path: the family's own format if it has one, else
 * the generic one (variants/FORMAT.md).  Prints a line per case. */
int variant_cases(const char *path, struct case_tally *t);

/* ---- Map pictures (variant_picture.c) ---- */

/* 1 if v draws map pictures (it has a geo.txt and its family draws).
 * Reads geo.txt if it has not been read; a geo.txt that cannot be read
 * still counts, so that variant_picture says why it draws nothing. */
int variant_has_picture(const struct variant *v);

/* Read v's geo.txt into v->geo, once (variant_find does not: most
 * processes never draw); a variant without one keeps v->geo NULL.
 * Returns 0, or -1 after fail() naming the file and line. */
MUST_CHECK int variant_geo(const struct variant *v);

/*
 * Append to out a picture (PNG or SVG, enum pic_format) of the state
 * after, titled with the phase it shows: with before (not NULL), the
 * results of before's phase, adjudicated with these orders, standing
 * instructions and chance, drawn on the position they led to; else the
 * position after is in (chance NULL).  Returns 0, or -1 after fail() (no
 * pictures for the variant, cairo failing).
 */
int variant_picture(const struct vstate *before, const struct order_set *orders, int norders,
                    const struct order_set *standing, int nstanding,
                    const struct variant_chance *chance,
                    const struct vstate *after, int format, struct strbuf *out);

#endif
