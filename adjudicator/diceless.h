/*
 * diceless.h - the rules engine of "A Peloponnesian War", the diceless
 * two-player chit game of Athens against Sparta (variants/diceless/RULES.md
 * is the rule book; section numbers below refer to it).
 *
 * Owns: the board (areas, connections, the chits of the cup), a position
 * (orientation counters, hands, retired chits), one player's orders for a
 * phase, and the adjudication of a phase.  Pure: no I/O, no globals, no
 * allocation; the only chance comes from the streams of diceless_draw.c,
 * so the same position, orders, seed and keys always give the same result.
 *
 * Sides are numbered 0 and 1 (the map file's order: Athens, Sparta).  An
 * area's counters are one signed number, its track: +n means n counters
 * of side 0, -n means n counters of side 1, 0 neutral.  A side never has
 * more than two counters in an area, so the track runs from -2 to +2, and
 * every chit that wins for a side moves it one step that side's way.
 */
#ifndef DICELESS_H
#define DICELESS_H

#include <stddef.h>
#include <stdint.h>

#include "adjudicator/chance.h"

#define DL_MAX_AREAS   40
#define DL_MAX_KINDS   16      /* distinct chits: five ordinary kinds + specials */
#define DL_MAX_HAND    8
#define DL_MAX_ORDERS  8       /* lines one player may give in a phase */
#define DL_MAX_LINE    8       /* chits of one side in one area */
#define DL_PLACES      3       /* chits a player places in a turn */
#define DL_MAX_COUNTERS 2      /* counters of one side in one area */
#define DL_SEED_BYTES  32
#define DL_NONE        (-1)

/* What a chit is.  Kinds 0..4 of every map are the ordinary chits, in this
 * order, so for them kind == type; special chits follow. */
enum dl_type { DL_MILITARY, DL_INFLUENCE, DL_COUP, DL_VOID, DL_STAR, DL_SPECIAL };
#define DL_ORDINARY 5

enum dl_link { DL_LAND = 1, DL_SEA = 2 };

struct dl_kind {
	int8_t type;              /* enum dl_type */
	int8_t favours;           /* special chits: the side it helps; else DL_NONE */
	int8_t copies;            /* how many the cup holds at the start */
	char code[16];            /* "military", "gold": used in the state text */
	char name[32];            /* "Military", "Persian Gold" */
};

struct dl_area {
	char code[8];             /* "att" */
	char name[32];            /* "Attica" */
};

struct dl_side {
	char letter;              /* 'A' */
	char name[16];            /* "Athens" */
	char adjective[16];       /* "Athenian" */
	int city;                 /* its city's area */
};

struct dl_map {
	char variant[32];
	int nareas;
	struct dl_area area[DL_MAX_AREAS];
	uint8_t link[DL_MAX_AREAS][DL_MAX_AREAS];  /* enum dl_link, 0 if none */
	uint8_t dist[DL_MAX_AREAS][DL_MAX_AREAS];  /* steps; filled by dl_map_finish */
	struct dl_side side[2];
	int oracle;               /* Delphi's area */
	int nkinds;
	struct dl_kind kind[DL_MAX_KINDS];
	int turns;                /* 15 */
	int win, win_lost;        /* areas to win: 10, or 11 once your city is lost */
	int first_hand, draw;     /* chits drawn at turn 1 (4), then each turn (3) */
	int start_year;           /* turn 1 is the spring of this year BC */
};

/* The set-up; a turn's Delphi phase (RULES.md section 8: only when a side
 * holds the oracle as the turn's hands are drawn); the turn itself; the
 * end.  A Delphi phase has the turn number of the turn it comes before. */
enum dl_phase { DL_PH_SETUP, DL_PH_TURN, DL_PH_OVER, DL_PH_DELPHI };

/* A multiset of chit kinds.  Hands are kept in kind order; lists of
 * draws keep the order of the draws. */
struct dl_hand {
	int n;
	uint8_t chit[DL_MAX_HAND];
};

struct dl_position {
	int8_t phase;             /* enum dl_phase */
	int8_t turn;              /* 1..turns; 0 at the set-up */
	int8_t winner;            /* DL_PH_OVER: the winning side, or DL_NONE for a draw */
	int8_t track[DL_MAX_AREAS];
	struct dl_hand hand[2];   /* what each side holds now: secret */
	struct dl_hand drawn[2];  /* which of those were drawn for this turn */
	uint8_t retired[DL_MAX_KINDS];  /* copies out of play for good */
};

/* One line of orders.  chit is a kind; as is the type the chit acts as
 * (its own, or the one chosen for the Star). */
enum dl_verb { DL_PLACE, DL_KEEP, DL_DISCARD, DL_COUNTER };

struct dl_order {
	int8_t verb;
	int8_t chit;
	int8_t as;
	int8_t area;
};

/* A side's orders for the phase, in the order written.  given is 0 for a
 * side that sent nothing by the deadline. */
struct dl_orders {
	int given;
	int n;
	struct dl_order o[DL_MAX_ORDERS];
};

/* How a chit fared in its area (RULES.md section 5). */
enum dl_fate { DL_UNOPPOSED, DL_WINS, DL_LOSES, DL_DRAWS };

struct dl_entry {
	int8_t chit, as;
	int8_t placer;            /* who put it there */
	int8_t side;              /* who it wins for: the placer, or the side a
	                             special chit favours */
	int8_t judge;             /* 1: placed by the Judge for a silent side */
	int8_t fate;              /* enum dl_fate */
	int8_t actions;           /* steps it moves the track for its side */
};

/* Everything that happened in one area.  line[s] holds the chits side s
 * placed there (special chits too), in the order it wrote them, then any
 * the Judge placed for it. */
struct dl_struggle {
	int8_t area;
	int8_t before, after;     /* the track */
	int8_t n[2];
	struct dl_entry line[2][DL_MAX_LINE];
	int8_t actions[2];        /* total steps won for each side */
};

/* How the game ended, if it did (RULES.md section 8). */
enum dl_end {
	DL_GOES_ON,
	DL_END_TARGET,            /* one side reached its target */
	DL_END_TARGET_AREAS,      /* both did: more areas */
	DL_END_TARGET_COUNTERS,   /* both did, equal areas: more counters */
	DL_END_AREAS,             /* after the last turn: more areas */
	DL_END_COUNTERS,          /* ... equal areas: more counters */
	DL_END_DRAW,              /* ... equal counters too */
};

/* The results of one phase, for the report.  kept says which chit each
 * side kept, for the tests: the report says only that one was kept.  The
 * chits drawn for the next turn are in the next position, never here. */
struct dl_outcome {
	int phase, turn;
	int given[2];
	/* set-up */
	int setup_choice[2];      /* the area asked for, DL_NONE if silent */
	int setup_area[2];        /* where the second counter went */
	int toss;                 /* side the toss favoured, DL_NONE if none */
	/* turn */
	int nplay[2];
	struct dl_order play[2][DL_PLACES];  /* chits placed, as written */
	int kept[2];              /* kind kept, DL_NONE: secret, never reported */
	int kept_at_random[2];    /* 1: chosen with the side's key (public) */
	/* Delphi phase */
	int oracle_holder;        /* the side holding Delphi, DL_NONE */
	int discarded[2];         /* kind thrown back, DL_NONE */
	int replacement;          /* kind drawn for it: secret, for the holder's
	                             eyes and the tests only */
	int delphi_cup;           /* the cup it was drawn from: its size */
	struct dl_hand returned[2];   /* not placed, back to the cup */
	struct dl_hand wasted[2];     /* own special chits not placed: retired */
	int njudge;               /* enemy special chits the Judge placed */
	struct dl_entry judge[2 * DL_MAX_HAND];
	int8_t judge_area[2 * DL_MAX_HAND];
	int nstruggle;
	struct dl_struggle struggle[DL_MAX_AREAS];
	struct dl_hand retired;   /* special chits and the Star retired this turn */
	/* after the phase */
	int areas[2], counters[2], need[2];
	int end;                  /* enum dl_end */
	int winner;               /* DL_NONE unless one side won */
	int dealt;                /* 1: hands for the next turn were drawn */
	int cupsize;              /* ... from a cup of this many chits (public;
	                             which chits it holds is not: it lacks the
	                             kept ones) */
	int ndrawn[2];            /* ... this many for each side */
};

/* diceless_map.c */
int dl_area_by_code(const struct dl_map *m, const char *code);
int dl_kind_by_code(const struct dl_map *m, const char *code);
int dl_side_by_letter(const struct dl_map *m, char c);
/* Fill m->dist from m->link (breadth-first from every area).  Returns 0,
 * or -1 if some area cannot be reached from another. */
int dl_map_finish(struct dl_map *m);

/* diceless_chits.c */
int dl_hand_count(const struct dl_hand *h, int kind);
/* Add kind (keeping kind order); 0, or -1 if the hand is full. */
int dl_hand_add(struct dl_hand *h, int kind);
/* Remove one copy of kind; 0, or -1 if there is none. */
int dl_hand_remove(struct dl_hand *h, int kind);
/* The cup: copies of each kind neither retired nor in a hand. */
void dl_cup(const struct dl_map *m, const struct dl_position *p, uint8_t cup[DL_MAX_KINDS]);
int dl_cup_size(const struct dl_map *m, const uint8_t cup[DL_MAX_KINDS]);
/* Take the chit at index i (0-based) of the cup laid out in kind order,
 * every copy of a kind before the next kind.  Returns its kind. */
int dl_cup_take(const struct dl_map *m, uint8_t cup[DL_MAX_KINDS], int i);
/* The side an area's track says holds it, or DL_NONE. */
int dl_holder(int track);
/* +1 for side 0, -1 for side 1: the way a side's chits move a track. */
int dl_sign(int side);
/* The type name of a chit played as type t ("Military"). */
const char *dl_type_name(int t);
/* "a" or "an" before word: "an Influence chit", "an Athenian counter". */
const char *dl_article(const char *word);

/* diceless_draw.c: the cup, drawn with adjudicator/chance.c (RULES.md
 * section 10) */
/* Draw one chit from cup at random; returns its kind. */
int dl_draw_chit(const struct dl_map *m, uint8_t cup[DL_MAX_KINDS], struct chance_stream *s);

/* diceless_range.c */
/* Steps from area to the nearest area side holds, or -1 if it holds none.
 * other: count only held areas other than area itself. */
int dl_distance_to_side(const struct dl_map *m, const struct dl_position *p, int side, int area,
                        int other);
/* Where a chit acting as type may go, from the areas its side holds. */
enum dl_reach {
	DL_ANYWHERE,              /* Coup, Void, special chits */
	DL_WITHIN_TWO,            /* Military: at most two steps from a held area */
	DL_NEXT_TO,               /* Influence: next to a held area (a held area
	                             only when another held area is next to it) */
};
int dl_reach(int type);
int dl_in_range(const struct dl_map *m, const struct dl_position *p, int side, int type, int area);

/* diceless_check.c */
/*
 * Check order o of side, given the orders sofar already accepted for this
 * phase.  Returns 0, or -1 with the reason (a full sentence) in why.
 */
int dl_check_order(const struct dl_map *m, const struct dl_position *p, int side,
                   const struct dl_orders *sofar, const struct dl_order *o,
                   char *why, size_t whylen);
/* The side holding the oracle's area at the start of the phase, or DL_NONE. */
int dl_oracle_holder(const struct dl_map *m, const struct dl_position *p);

/* diceless_struggle.c */
/* The duel of a chit acting as type a (a_star: it is the Star) against one
 * acting as b, both ordinary types (Military to Void): DL_WINS, DL_LOSES or
 * DL_DRAWS for the first.  Special chits are settled by dl_struggle. */
int dl_duel(int a, int a_star, int b, int b_star);
/* Resolve st: fill every entry's fate and actions, st->actions and
 * st->after from st->before and the chits in st. */
void dl_struggle(struct dl_struggle *st);

/* diceless_victory.c */
void dl_score(const struct dl_map *m, const struct dl_position *p,
              int areas[2], int counters[2], int need[2]);
/* Has the game ended with p, after turn p->turn?  Returns enum dl_end and
 * sets *winner (DL_NONE for a draw or while it goes on). */
int dl_victory(const struct dl_map *m, const struct dl_position *p, int *winner);

/* The chance of one phase (RULES.md section 10), each DL_SEED_BYTES:
 *   seed    the phase's, revealed with its results: for what they show
 *           (the set-up toss, the areas of the Judge's placements);
 *   key[s]  side s's game key, revealed when the game ends: for what only
 *           s may know until then (its hands, its replacement at Delphi,
 *           its chit kept at random). */
struct dl_chance {
	const unsigned char *seed;
	const unsigned char *key[2];
};

/* diceless_turn.c */
/* The position a game starts in: the set-up, each city holding one counter. */
void dl_initial(const struct dl_map *m, struct dl_position *p);
/*
 * Adjudicate the phase of p with both sides' orders (orders[side], given 0
 * for a silent side) and chance.  Fills *out and the next position *np,
 * with the hands of the next turn drawn from the keys; *np is a Delphi
 * phase when a side holds the oracle as they are drawn, else the turn.
 */
void dl_adjudicate(const struct dl_map *m, const struct dl_position *p,
                   const struct dl_orders orders[2], const struct dl_chance *chance,
                   struct dl_outcome *out, struct dl_position *np);

#endif
