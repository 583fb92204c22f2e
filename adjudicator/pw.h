/*
 * pw.h - the rules engine of the multi-player Peloponnesian War (after B.
 * Mountford): the position a game is in, and the rules that change it.
 *
 * The board and the scenario (pw_map.h) never change; a struct pw_pos is
 * everything that does: the turn and its phase, each city-state's status
 * marker, treasuries, bellicosity, the markers on the spaces, the forces,
 * the peace treaties, the hostages and which of the scenario's special
 * actions have been used.  Plain fixed-size data, like the board: a
 * position is copied with memcpy, compared with memcmp, and a phase is a
 * function from one position (and the majors' orders, and dice) to the
 * next.  Nothing here allocates, reads a file or a player's spelling, or
 * draws chance except from the struct chance_stream it is handed.
 *
 * Files: pw_relation.c (friendly, neutral, unfriendly), pw_diplomacy.c
 * (chapter 2's actions and the rounds they are taken in), pw_pos.c (the
 * opening position), pw_politics.c (chapter 6, the political phase),
 * pw_economy.c (chapter 7, revenue, builds and the turn's advance),
 * pw_victory.c (chapter 9's victory conditions and the final score).  variants/peloponnesian/RULES.md is the rule book;
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
	/* hostages[h][c]: how many markers of major c stand in the Hostages
	 * box of major h (seed 002: taken by winning a hoplite battle, part 2;
	 * released by a peace, 6.5).  A count per pair, since a box holds
	 * markers and nothing else is known of them. */
	int8_t hostages[PW_MAX_CITIES][PW_MAX_CITIES];
	uint8_t special_used[PW_MAX_SPECIAL_ACTIONS];  /* indexed like sc->action */
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

/* Put c's status marker in box, the box of major of (PW_NONE for none);
 * its sympathy stays. */
void pw_set_box(struct pw_pos *p, int c, int box, int of);

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
	PW_ACT_SPECIAL,        /* the scenario's special action number target
	                          (an index of sc->action, not a city-state) */
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
 * Whether major c may take action a now, in round "round" of the phase
 * (1 ..; special actions are for round 1 only): NULL if it may, else why
 * not ("Sparta is not dominant"), written into why.  consent may be NULL
 * (none given).
 */
const char *pw_action_why_not(const struct pw_map *m, const struct pw_scenario *sc,
                              const struct pw_pos *p, int c, const struct pw_action *a,
                              const struct pw_consent *consent, int round, char why[PW_WHY_MAX]);

/*
 * Take action a for major c, which pw_action_why_not allows, and tell
 * what happened to out.  A roll (breaking a peace) is drawn from dice and
 * reported with what it decided.
 */
void pw_action_take(const struct pw_map *m, const struct pw_scenario *sc, struct pw_pos *p, int c,
                    const struct pw_action *a, struct chance_stream *dice, struct strbuf *out);

/*
 * The diplomatic phase (RULES.md 2.4): rounds in the majors' alphabetical
 * order; at its turn a major takes the first action of its plan that is
 * allowed at that moment; actions not allowed yet wait for later turns;
 * a PASS in the plan is used up as a pass; a major with nothing allowed
 * passes.  The phase ends when every active major has passed in
 * immediate succession.  plan is indexed by city-state (majors only);
 * every step is told to out, and actions never taken are listed with the
 * reason at the end.  Returns the number of actions taken.
 */
int pw_diplomacy(const struct pw_map *m, const struct pw_scenario *sc, struct pw_pos *p,
                 const struct pw_plan *plan, const struct pw_consent *consent,
                 struct chance_stream *dice, struct strbuf *out);

/* The words for an action, for reports and echoes: "declares war on
 * Argos", "convenes the Congress of Gela".  Uses the
 * map's and the scenario's names. */
void pw_action_describe(const struct pw_map *m, const struct pw_scenario *sc,
                        const struct pw_action *a, struct strbuf *out);


/* One roll of a six-sided die (1 .. 6). */
int pw_die(struct chance_stream *dice);

/* ---- pw_politics.c: the political phase (chapter 6, RULES.md 6) ---- */

/*
 * The five segments in order: plague (6.1), bellicosity from the home
 * area (6.2), surrender at bellicosity 0 (6.3), resentment and rebellion
 * (6.4, a house rule), peace treaties (6.5: unfriendly majors heading
 * their sides that both consent, consent->peace[a][b] and [b][a], make
 * peace; a minor in a major's Enemies box goes neutral on that major's
 * consent alone).  Then the victory checks chapter 9 places at the end of
 * a political phase.  Every step and every die is told to out.  Sets
 * p->phase to PW_PH_ECONOMIC, or PW_PH_OVER with p->winner.  consent may
 * be NULL (no peace offered).
 */
void pw_political(const struct pw_map *m, const struct pw_scenario *sc, struct pw_pos *p,
                  const struct pw_consent *consent, struct chance_stream *dice, struct strbuf *out);

/* ---- pw_economy.c: the economic phase (chapter 7, RULES.md 7) ---- */

#define PW_BUILD_CAP    600     /* talents a major may spend on SPs a turn */
#define PW_MAX_BUILDS   8       /* builds one major may order a turn */

/* One build order: n SPs of one type. */
struct pw_build {
	int8_t type;           /* enum pw_sp */
	int8_t n;              /* how many */
};

/* What one SP of each type costs (RULES.md 7.2). */
int pw_sp_cost(int type);

/* The word for an SP type: "hoplite", "cavalry", "naval". */
const char *pw_sp_word(int type);

/*
 * 1 if every fortress space of area a is friendly to c and unravaged
 * (what full tribute and a full home revenue need, 7.1.1); else 0, with
 * *bad (may be NULL) set to the first space that fails.
 */
int pw_area_sound(const struct pw_map *m, const struct pw_pos *p, int a, int c, int *bad);

/*
 * 7.1: what each major will receive this economic phase: its home area
 * (500, or 250), its tributaries' tribute (the rate, half, or nothing in
 * rebellion; Messenia as RULES.md 7.1.2 says) and its trade routes, told
 * item by item to out (which may be NULL).  Announced when the phase
 * opens, so builds are ordered knowing it.  revenue[] is indexed by city;
 * 0 for all but the active majors.
 */
void pw_revenue(const struct pw_map *m, const struct pw_scenario *sc, const struct pw_pos *p,
                int revenue[PW_MAX_CITIES], struct strbuf *out);

/*
 * NULL if major c may buy build b now, having already ordered builds
 * worth already_spent this turn, else why not, written into why: the
 * cost must fit under PW_BUILD_CAP and in the treasury after revenue;
 * ships need a friendly port, land SPs a home in its hands.
 */
const char *pw_build_why_not(const struct pw_map *m, const struct pw_pos *p, int c,
                             const int revenue[PW_MAX_CITIES], const struct pw_build *b,
                             int already_spent, char why[PW_WHY_MAX]);

/*
 * The economic phase: pays revenue, carries out each major's builds in
 * order (one no longer allowed is skipped with the reason), places new
 * SPs at home (ships in the port), removes the ravaged markers, checks
 * Corinth's victory (chapter 9: at the end of an economic phase) and
 * advances: p->turn++ and PW_PH_DIPLOMATIC, or after the scenario's last
 * turn PW_PH_OVER with the winner by the score (pw_score_winner).
 * builds[c] is major c's list of nbuilds[c] entries.  No rule of this
 * phase rolls a die yet; dice is taken so that one may.
 */
void pw_economic(const struct pw_map *m, const struct pw_scenario *sc, struct pw_pos *p,
                 const struct pw_build builds[PW_MAX_CITIES][PW_MAX_BUILDS],
                 const int nbuilds[PW_MAX_CITIES], struct chance_stream *dice,
                 struct strbuf *out);

/* ---- pw_victory.c: how the game is won (chapter 9, RULES.md 9) ---- */

/* 1 if c holds space s: its own control, not in rebellion (the word the
 * victory conditions use; friendly is not enough). */
int pw_holds(const struct pw_pos *p, int s, int c);

/*
 * 1 if some major's victory conditions checked at the end of phase
 * (PW_PH_POLITICAL or PW_PH_ECONOMIC) hold, and the game is won: *winner
 * is that major, or when several hold at once the best of them on the
 * score (PW_NONE if they tie: a shared victory).  0 if none holds.  What
 * it found is told to out.
 */
int pw_victory_check(const struct pw_map *m, const struct pw_pos *p, int phase, int *winner,
                     struct strbuf *out);

/*
 * The winner on points after the last turn: of the majors that have not
 * surrendered, the highest bellicosity, then the highest treasury; PW_NONE
 * if still tied (a shared victory).  The ranking is told to out.
 */
int pw_score_winner(const struct pw_map *m, const struct pw_pos *p, struct strbuf *out);

/* The state of every major, for the announcement of the end. */
void pw_standing(const struct pw_map *m, const struct pw_pos *p, struct strbuf *out);

#endif
