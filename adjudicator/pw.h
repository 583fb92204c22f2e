/*
 * pw.h - the rules engine of the multi-player Peloponnesian War (after B.
 * Mountford): the position a game is in, and the rules that change it.
 *
 * The board and the scenario (pw_map.h) never change; a struct pw_pos is
 * everything that does: the turn and its phase, each city-state's status
 * marker, treasuries, bellicosity, the markers on the spaces, the forces
 * and the peace treaties.  Plain fixed-size data, like the board: a
 * position is copied with memcpy, compared with memcmp, and a phase is a
 * function from one position (and the majors' orders, and dice) to the
 * next.  Nothing here allocates, reads a file or a player's spelling, or
 * draws chance except from the struct chance_stream it is handed.
 *
 * Files: pw_relation.c (friendly, neutral, unfriendly), pw_diplomacy.c
 * (chapter 2's actions and the rounds they are taken in), pw_pos.c (the
 * opening position).  variants/peloponnesian/RULES.md is the rule book;
 * each rule there names its source.
 */
#ifndef PW_H
#define PW_H

#include "adjudicator/chance.h"
#include "adjudicator/pw_map.h"
#include "parser/strbuf.h"

#define PW_MAX_TREATIES 16
#define PW_MAX_PLAN     16      /* diplomatic actions one major may list */
#define PW_WHY_MAX      160     /* the longest reason an action is refused */

/* The four phases of a turn (chapter 1), then the end of the game. */
enum pw_phase {
	PW_PH_DIPLOMATIC,
	PW_PH_OPERATIONS,
	PW_PH_POLITICAL,
	PW_PH_ECONOMIC,
	PW_PH_OVER,
};

/* How two city-states stand to each other (chapter 2). */
enum pw_relation {
	PW_FRIENDLY,
	PW_NEUTRAL,
	PW_UNFRIENDLY,
};

/* A peace treaty between two city-states, made in turn "turn". */
struct pw_treaty {
	int8_t a, b;
	int8_t turn;
};

struct pw_pos {
	int turn;                                /* 1 .. scenario turns */
	int8_t phase;                            /* enum pw_phase */
	int8_t winner;                           /* PW_PH_OVER: a city, or PW_NONE */
	struct pw_status status[PW_MAX_CITIES];
	int treasury[PW_MAX_CITIES];
	int bellicosity[PW_MAX_CITIES];
	int resentment[PW_MAX_CITIES];
	int8_t surrendered_to[PW_MAX_CITIES];    /* 6.3: to whom, or PW_NONE */
	uint8_t plague_done[PW_MAX_CITIES];      /* 6.1: plague struck once a game */
	int8_t control[PW_MAX_SPACES];           /* city-state in control, or PW_NONE */
	uint8_t rebellion[PW_MAX_SPACES];
	uint8_t ravaged[PW_MAX_SPACES];
	int nforces;
	struct pw_force force[PW_MAX_FORCES];
	int ntreaties;
	struct pw_treaty treaty[PW_MAX_TREATIES];
};

/* ---- pw_pos.c ---- */

/* The opening position of the map's scenario: turn 1, diplomatic phase. */
void pw_pos_initial(const struct pw_map *m, const struct pw_scenario *sc, struct pw_pos *p);

/* ---- pw_relation.c ---- */

/*
 * The city-state at the head of c's side: a dominant city-state leads its
 * coalition, its junior partners and every minor allied or tributary to
 * one of them; any other city-state stands for itself (its own minor
 * allies and tributaries stand with it).
 */
int pw_side(const struct pw_map *m, const struct pw_pos *p, int c);

/* How city-states a and b stand to each other (RULES.md 2.3). */
enum pw_relation pw_relation(const struct pw_map *m, const struct pw_pos *p, int a, int b);

/* How space s stands to city-state c: its controller's relation, with a
 * rebellion turning it round (RULES.md 2.3); a space nobody controls is
 * neutral. */
enum pw_relation pw_space_relation(const struct pw_map *m, const struct pw_pos *p, int s, int c);

/* The treaty between a and b (either order), or NULL. */
const struct pw_treaty *pw_treaty_between(const struct pw_pos *p, int a, int b);

/* 1 if c is a major that may act: not surrendered (chapter 6.3). */
int pw_major_active(const struct pw_map *m, const struct pw_pos *p, int c);

/* ---- pw_diplomacy.c ---- */

/* Chapter 2's diplomatic actions.  "target" is a city-state index. */
enum pw_action_kind {
	PW_ACT_PASS,           /* pass this turn of the rounds */
	PW_ACT_CLAIM,          /* claim dominance */
	PW_ACT_RELINQUISH,     /* give dominance up */
	PW_ACT_JOIN,           /* join target's coalition (its permission) */
	PW_ACT_LEAVE,          /* leave one's coalition */
	PW_ACT_WAR,            /* declare war on target */
	PW_ACT_ALLY,           /* take target, in an unfriendly major's Enemies
	                          box, as an ally */
	PW_ACT_BREAK,          /* try to break the peace with target */
	PW_ACT_KINDS,
};

struct pw_action {
	int8_t kind;           /* enum pw_action_kind */
	int8_t target;         /* a city-state, or PW_NONE */
};

/* One major's list for a diplomatic phase, in the order it wants them. */
struct pw_plan {
	int n;
	struct pw_action act[PW_MAX_PLAN];
};

/* What each major allows others in advance (standing permissions, private
 * to its seat until used): admit[d][c] != 0 lets major c join dominant
 * d's coalition; peace[a][b] != 0 says a accepts a peace with b when the
 * political phase makes peace (chapter 6.5). */
struct pw_consent {
	uint8_t admit[PW_MAX_CITIES][PW_MAX_CITIES];
	uint8_t peace[PW_MAX_CITIES][PW_MAX_CITIES];
};

/*
 * Whether major c may take action a now: NULL if it may, else why not
 * ("Sparta is not dominant"), written into why.  consent may be NULL
 * (none given).
 */
const char *pw_action_why_not(const struct pw_map *m, const struct pw_pos *p, int c,
                              const struct pw_action *a, const struct pw_consent *consent,
                              char why[PW_WHY_MAX]);

/*
 * Take action a for major c, which pw_action_why_not allows, and tell
 * what happened to out.  A roll (breaking a peace) is drawn from dice and
 * reported with what it decided.
 */
void pw_action_take(const struct pw_map *m, struct pw_pos *p, int c, const struct pw_action *a,
                    struct chance_stream *dice, struct strbuf *out);

/*
 * The diplomatic phase (RULES.md 3): rounds in the majors' alphabetical
 * order; at its turn a major takes the first action of its plan that is
 * allowed at that moment; actions not allowed yet wait for later turns;
 * a PASS in the plan is used up as a pass; a major with nothing allowed
 * passes.  The phase ends when every active major has passed in
 * immediate succession.  plan is indexed by city-state (majors only);
 * every step is told to out, and actions never taken are listed with the
 * reason at the end.  Returns the number of actions taken.
 */
int pw_diplomacy(const struct pw_map *m, struct pw_pos *p, const struct pw_plan *plan,
                 const struct pw_consent *consent, struct chance_stream *dice,
                 struct strbuf *out);

/* The words for an action, for reports and echoes: "declares war on
 * Argos".  Uses the map's names. */
void pw_action_describe(const struct pw_map *m, const struct pw_action *a, struct strbuf *out);

/* One roll of a six-sided die (1 .. 6). */
int pw_die(struct chance_stream *dice);

#endif
