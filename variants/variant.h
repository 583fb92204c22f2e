/*
 * variant.h - what the Judge knows of a variant, whatever its rules.
 *
 * Owns: the variant registry (variant_find) and the interface every rules
 * family implements, one file per family (dip_variant.c for Diplomacy),
 * as OpenSMTPD's queue backends.  judge/ sees only this interface: a game's
 * state between phases is text the variant writes and reads back, and
 * orders are text too, so new rules families plug in without any change
 * to the mail commands, the deadlines or the store.
 *
 * Each variant is a folder under variants/ with a variant.txt:
 *     name    Classical
 *     engine  diplomacy
 *     alias   classic
 *     info    info.classical     (the file "get info.classical" returns)
 *     press   white              (new games' press; the master may change it)
 * and whatever data its engine reads.
 */
#ifndef VARIANT_H
#define VARIANT_H

#include <stddef.h>

#include "parser/strbuf.h"

#define VARIANT_MAX_POWERS 16
#define VARIANT_SEED_BYTES 32

struct variant_power {
	char letter;              /* the power's letter in SIGNON: 'R' */
	char name[24];            /* "Rome" */
};

struct variant {
	char name[32];            /* "Classical" */
	char folder[64];          /* its folder under variants_dir() */
	char info[64];            /* the help file players GET */
	char press[8];            /* new games' press: white, grey or none */
	const struct variant_ops *ops;
	int npowers;
	struct variant_power power[VARIANT_MAX_POWERS];
	void *data;               /* the engine's own (struct dip_board ...) */
};

/* One power's orders for a phase: canonical text, one order per line. */
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

/* How a phase ended the game, if it did. */
struct game_end {
	int over;                 /* 1: the game is finished */
	int winner;               /* power index of a solo winner, or -1 */
	char how[128];            /* "Rome wins with 18 supply centres" */
};

struct variant_ops {
	const char *engine;       /* the name variant.txt uses: "diplomacy" */
	int uses_keys;            /* draws from the powers' game keys (struct
	                             variant_chance): the Judge then publishes
	                             their hashes at the start, the keys at the end */

	/* Read the variant's data from its folder and fill in v->power,
	 * v->npowers and v->data.  Returns 0 or -1 with err set. */
	int (*load)(struct variant *v, const char *dir, char *err, size_t errlen);

	/* The state a new game starts in, drawing anything random for the
	 * opening from chance (seed is the first phase's). */
	void (*initial)(const struct variant *v, const struct variant_chance *chance,
	                struct strbuf *state);

	/* The phase's name as players read it: "Spring 273 BC, Movement". */
	void (*phase_name)(const struct variant *v, const char *state, struct strbuf *out);

	/* 1 if power has anything to order in this phase (units to move,
	 * retreats, builds or removals due, chits to place ...). */
	int (*needs_orders)(const struct variant *v, const char *state, int power);

	/*
	 * Check one power's orders, one per line of text.  For each line,
	 * appends to echo how it was understood, or why it was rejected with
	 * a suggestion; appends each accepted order's canonical text, one per
	 * line, to accepted.  Returns the number of lines rejected.
	 */
	int (*check_orders)(const struct variant *v, const char *state, int power,
	                    const char *text, struct strbuf *accepted, struct strbuf *echo);

	/*
	 * Adjudicate the phase: every power's accepted orders (powers without
	 * orders are absent: their defaults are the variant's business) and
	 * the chance it may draw on (struct variant_chance).  Writes the next
	 * state and the results report everyone receives, and says if the
	 * game is over.  Pure: the same input gives the same output.
	 */
	int (*adjudicate)(const struct variant *v, const char *state,
	                  const struct order_set *orders, int norders,
	                  const struct variant_chance *chance,
	                  struct strbuf *next, struct strbuf *report, struct game_end *end);

	/* The position as text (units, centres, what is due), for LIST, SHOW
	 * and the master. */
	void (*status)(const struct variant *v, const char *state, struct strbuf *out);

	/* The same as JSON members (no braces): "units":[...],"centres":{...} */
	void (*status_json)(const struct variant *v, const char *state, struct strbuf *out);

	/* What only this power may see (a hand of chits ...), or nothing. */
	void (*private_info)(const struct variant *v, const char *state, int power,
	                     struct strbuf *out);
};

/* The variant called name (case-insensitive; name or alias), loaded on
 * first use and kept.  Returns NULL with the reason in err. */
const struct variant *variant_find(const char *name, char *err, size_t errlen);

/* For a family's load(): append a power to v. */
void variant_add_power(struct variant *v, char letter, const char *name);

/* The power with this letter (any case), or -1. */
int variant_power_by_letter(const struct variant *v, char c);

/* Append the names of all variants, comma separated, to out. */
void variant_list(struct strbuf *out);

/* The folder holding the variants' data: $JUDGE_VARIANTS, else the source
 * tree's variants/ when running from a build tree, else the installed
 * data directory. */
const char *variants_dir(void);

#endif
