/*
 * pelo.h - the rules engine of the multi-player Peloponnesian War (after B.
 * Mountford): the position a game is in, and the rules that change it.
 *
 * The board and the scenario (pelo_map.h) never change; a struct pelo_pos is
 * everything that does: the turn and its phase, each city-state's status
 * marker, treasuries, bellicosity, the markers on the spaces, the forces,
 * the peace treaties, the hostages and which of the scenario's special
 * actions have been used.  Plain fixed-size data, like the board: a
 * position is copied with memcpy, compared with memcmp, and a phase is a
 * function from one position (and the majors' orders, and dice) to the
 * next.  Nothing here allocates, reads a file or a player's spelling, or
 * draws chance except from the struct chance_stream it is handed; and
 * nothing here writes the report: what happens is told as facts
 * (pelo_facts.h) to the sink "out", which variants/pelo_report.c words.
 *
 * Files: pelo_relation.c (friendly, neutral, unfriendly), pelo_diplomacy.c
 * (chapter 2's actions and the rounds they are taken in), pelo_pos.c (the
 * opening position), pelo_politics.c (chapter 6, the political phase),
 * pelo_economy.c (chapter 7, revenue, builds and the turn's advance),
 * pelo_victory.c (chapter 9's victory conditions and the final score),
 * pelo_treasury.c (who pays).  variants/peloponnesian/RULES.md is the rule
 * book; each rule there names its source.
 */
#ifndef PELO_H
#define PELO_H

#include "adjudicator/chance.h"
#include "adjudicator/pelo_map.h"
#include "base/error.h"
#include "adjudicator/pelo_facts.h"

#define PELO_MAX_TREATIES 16
#define PELO_MAX_PLAN     16      /* diplomatic actions one major may list */
#define PELO_WHY_MAX      160     /* the longest reason an action is refused */

/* The four phases of a turn (chapter 1), then the end of the game. */
enum pelo_phase {
	PELO_PH_DIPLOMATIC,
	PELO_PH_OPERATIONS,
	PELO_PH_POLITICAL,
	PELO_PH_ECONOMIC,
	PELO_PH_OVER,
};

/* How two city-states stand to each other (chapter 2). */
enum pelo_relation {
	PELO_FRIENDLY,
	PELO_NEUTRAL,
	PELO_UNFRIENDLY,
};

/* A peace treaty between two city-states, made in turn "turn". */
struct pelo_treaty {
	int8_t a, b;
	int8_t turn;
};

struct pelo_pos {
	int turn;                                /* 1 .. scenario turns */
	int8_t phase;                            /* enum pelo_phase */
	int8_t winner;                           /* PELO_PH_OVER: a city, or PELO_NONE */
	struct pelo_status status[PELO_MAX_CITIES];
	int treasury[PELO_MAX_CITIES];
	int bellicosity[PELO_MAX_CITIES];
	int resentment[PELO_MAX_CITIES];
	int8_t surrendered_to[PELO_MAX_CITIES];    /* 6.3: to whom, or PELO_NONE */
	uint8_t plague_done[PELO_MAX_CITIES];      /* 6.1: plague struck once a game */
	int8_t control[PELO_MAX_SPACES];           /* city-state in control, or PELO_NONE */
	uint8_t rebellion[PELO_MAX_SPACES];
	uint8_t ravaged[PELO_MAX_SPACES];
	int nforces;
	struct pelo_force force[PELO_MAX_FORCES];
	int ntreaties;
	struct pelo_treaty treaty[PELO_MAX_TREATIES];
	/* hostages[h][c]: how many markers of major c stand in the Hostages
	 * box of major h (seed 002: taken by winning a hoplite battle, part 2;
	 * released by a peace, 6.5).  A count per pair, since a box holds
	 * markers and nothing else is known of them. */
	int8_t hostages[PELO_MAX_CITIES][PELO_MAX_CITIES];
	uint8_t special_used[PELO_MAX_SPECIAL_ACTIONS];  /* indexed like sc->action */
	/* Leaders (chapter 8): where each of the scenario's leaders is with
	 * an army, PELO_NONE when he is at home and free; dead ones lead no
	 * more (a general only until the turn ends, RULES.md 8). */
	int8_t leader_at[PELO_MAX_LEADERS];
	uint8_t leader_dead[PELO_MAX_LEADERS];
	/* Sieges (seed 002): points accumulated in a space, and by whom. */
	uint8_t siege[PELO_MAX_SPACES];
	int8_t siege_by[PELO_MAX_SPACES];
	/* entered[s] bit k: SPs of the side of major pelo_map.major[k] entered
	 * space s this turn (what the political phase's home-area rule and
	 * the trade routes look at); cleared as the turn advances. */
	uint8_t entered[PELO_MAX_SPACES];
};

/* ---- pelo_pos.c ---- */

/* The opening position of the map's scenario: turn 1, diplomatic phase. */
void pelo_pos_initial(const struct pelo_map *m, const struct pelo_scenario *sc, struct pelo_pos *p);

/* Every leader at home and alive, no siege, nothing entered: the part of
 * a position the operations phase adds, before anything happened. */
void pelo_pos_clear_ops(struct pelo_pos *p);


/* The force of city c in space s, added empty if there is none; NULL when
 * the table is full. */
MUST_CHECK struct pelo_force *pelo_force_at(struct pelo_pos *p, int c, int s);
/* Drop the forces left with no SP and no garrison. */
void pelo_drop_empty_forces(struct pelo_pos *p);
/* The SPs of type t of every city on side head h in space s. */
int pelo_side_sp(const struct pelo_map *m, const struct pelo_pos *p, int h, int s, int t);

/* ---- pelo_relation.c ---- */

/*
 * The city-state at the head of c's side: a dominant city-state leads its
 * coalition, its junior partners and every minor allied or tributary to
 * one of them; any other city-state stands for itself (its own minor
 * allies and tributaries stand with it).
 */
int pelo_side(const struct pelo_map *m, const struct pelo_pos *p, int c);

/* How city-states a and b stand to each other (RULES.md 2.3). */
enum pelo_relation pelo_relation(const struct pelo_map *m, const struct pelo_pos *p, int a, int b);

/* How space s stands to city-state c: its controller's relation, with a
 * rebellion turning it round (RULES.md 2.3); a space nobody controls is
 * neutral. */
enum pelo_relation pelo_space_relation(const struct pelo_map *m, const struct pelo_pos *p, int s, int c);

/* The treaty between a and b (either order), or NULL. */
const struct pelo_treaty *pelo_treaty_between(const struct pelo_pos *p, int a, int b);

/* Put c's status marker in box, the box of major of (PELO_NONE for none);
 * its sympathy stays. */
void pelo_set_box(struct pelo_pos *p, int c, int box, int of);

/* 1 if c is a major that may act: not surrendered (chapter 6.3). */
int pelo_major_active(const struct pelo_map *m, const struct pelo_pos *p, int c);

/* ---- pelo_diplomacy.c ---- */

/* Chapter 2's diplomatic actions.  "target" is a city-state index. */
enum pelo_action_kind {
	PELO_ACT_PASS,           /* pass this turn of the rounds */
	PELO_ACT_CLAIM,          /* claim dominance */
	PELO_ACT_RELINQUISH,     /* give dominance up */
	PELO_ACT_JOIN,           /* join target's coalition (its permission) */
	PELO_ACT_LEAVE,          /* leave one's coalition */
	PELO_ACT_WAR,            /* declare war on target */
	PELO_ACT_ALLY,           /* take target, in an unfriendly major's Enemies
	                          box, as an ally */
	PELO_ACT_BREAK,          /* try to break the peace with target */
	PELO_ACT_SPECIAL,        /* the scenario's special action number target
	                          (an index of sc->action, not a city-state) */
	PELO_ACT_TRIBUTE,        /* make target, a minor in one's own Enemies box
	                          whose home space one holds, a tributary */
	PELO_ACT_KINDS,
};

struct pelo_action {
	int8_t kind;           /* enum pelo_action_kind */
	int8_t target;         /* a city-state, or PELO_NONE */
};

/* One major's list for a diplomatic phase, in the order it wants them. */
struct pelo_plan {
	int n;
	struct pelo_action act[PELO_MAX_PLAN];
};

/* What each major allows others in advance (standing permissions, private
 * to its seat until used): admit[d][c] != 0 lets major c join dominant
 * d's coalition; peace[a][b] != 0 says a accepts a peace with b when the
 * political phase makes peace (chapter 6.5). */
struct pelo_consent {
	uint8_t admit[PELO_MAX_CITIES][PELO_MAX_CITIES];
	uint8_t peace[PELO_MAX_CITIES][PELO_MAX_CITIES];
};

/*
 * Whether major c may take action a now, in round "round" of the phase
 * (1 ..; special actions are for round 1 only): NULL if it may, else why
 * not ("Sparta is not dominant"), written into why.  consent may be NULL
 * (none given).
 */
MUST_CHECK const char *pelo_action_why_not(const struct pelo_map *m, const struct pelo_scenario *sc,
                              const struct pelo_pos *p, int c, const struct pelo_action *a,
                              const struct pelo_consent *consent, int round, char why[PELO_WHY_MAX]);

/*
 * Take action a for major c, which pelo_action_why_not allows, and tell
 * what happened to out.  A roll (breaking a peace) is drawn from dice and
 * reported with what it decided.
 */
void pelo_action_take(const struct pelo_map *m, const struct pelo_scenario *sc, struct pelo_pos *p, int c,
                    const struct pelo_action *a, struct chance_stream *dice, struct pelo_facts *out);

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
int pelo_diplomacy(const struct pelo_map *m, const struct pelo_scenario *sc, struct pelo_pos *p,
                 const struct pelo_plan *plan, const struct pelo_consent *consent,
                 struct chance_stream *dice, struct pelo_facts *out);

/* 1 if an action of kind names a city-state as its target (its words
 * say which). */
int pelo_action_names_city(int kind);


/* One roll of a six-sided die (1 .. 6). */
int pelo_die(struct chance_stream *dice);

/* ---- pelo_politics.c: the political phase (chapter 6, RULES.md 6) ---- */

/*
 * The five segments in order: plague (6.1), bellicosity from the home
 * area (6.2), surrender at bellicosity 0 (6.3), resentment and rebellion
 * (6.4, a house rule), peace treaties (6.5: unfriendly majors heading
 * their sides that both consent, consent->peace[a][b] and [b][a], make
 * peace; a minor in a major's Enemies box goes neutral on that major's
 * consent alone).  Then the victory checks chapter 9 places at the end of
 * a political phase.  Every step and every die is told to out.  Sets
 * p->phase to PELO_PH_ECONOMIC, or PELO_PH_OVER with p->winner.  consent may
 * be NULL (no peace offered).
 */
void pelo_political(const struct pelo_map *m, const struct pelo_scenario *sc, struct pelo_pos *p,
                  const struct pelo_consent *consent, struct chance_stream *dice, struct pelo_facts *out);

/* ---- pelo_economy.c: the economic phase (chapter 7, RULES.md 7) ---- */

#define PELO_BUILD_CAP    600     /* talents a major may spend on SPs a turn */
#define PELO_MAX_BUILDS   8       /* builds one major may order a turn */

/* One build order: n SPs of one type. */
struct pelo_build {
	int8_t type;           /* enum pelo_sp */
	int8_t n;              /* how many */
};

/* What one SP of each type costs (RULES.md 7.2). */
int pelo_sp_cost(int type);

/* The word for an SP type: "hoplite", "cavalry", "naval". */
const char *pelo_sp_word(int type);

/*
 * 1 if every fortress space of area a is friendly to c and unravaged
 * (what full tribute and a full home revenue need, 7.1.1); else 0, with
 * *bad (may be NULL) set to the first space that fails.
 */
int pelo_area_sound(const struct pelo_map *m, const struct pelo_pos *p, int a, int c, int *bad);

/*
 * 7.1: what each major will receive this economic phase: its home area
 * (500, or 250), its tributaries' tribute (the rate, half, or nothing in
 * rebellion; Messenia as RULES.md 7.1.2 says) and its trade routes, told
 * item by item to out (which may be NULL).  Announced when the phase
 * opens, so builds are ordered knowing it.  revenue[] is indexed by city;
 * 0 for all but the active majors.
 */
void pelo_revenue(const struct pelo_map *m, const struct pelo_scenario *sc, const struct pelo_pos *p,
                int revenue[PELO_MAX_CITIES], struct pelo_facts *out);

/*
 * NULL if major c may buy build b now, having already ordered builds
 * worth already_spent this turn, else why not, written into why: the
 * cost must fit under PELO_BUILD_CAP and in the treasury after revenue;
 * ships need a friendly port, land SPs a home in its hands.
 */
MUST_CHECK const char *pelo_build_why_not(const struct pelo_map *m, const struct pelo_pos *p, int c,
                             const int revenue[PELO_MAX_CITIES], const struct pelo_build *b,
                             int already_spent, char why[PELO_WHY_MAX]);

/*
 * The economic phase: pays revenue, carries out each major's builds in
 * order (one no longer allowed is skipped with the reason), places new
 * SPs at home (ships in the port), removes the ravaged markers, checks
 * Corinth's victory (chapter 9: at the end of an economic phase) and
 * advances: p->turn++ and PELO_PH_DIPLOMATIC, or after the scenario's last
 * turn PELO_PH_OVER with the winner by the score (pelo_score_winner).
 * builds[c] is major c's list of nbuilds[c] entries.  No rule of this
 * phase rolls a die yet; dice is taken so that one may.
 */
void pelo_economic(const struct pelo_map *m, const struct pelo_scenario *sc, struct pelo_pos *p,
                 const struct pelo_build builds[PELO_MAX_CITIES][PELO_MAX_BUILDS],
                 const int nbuilds[PELO_MAX_CITIES], struct chance_stream *dice,
                 struct pelo_facts *out);

/* ---- pelo_victory.c: how the game is won (chapter 9, RULES.md 9) ---- */

/* 1 if c holds space s: its own control, not in rebellion (the word the
 * victory conditions use; friendly is not enough). */
int pelo_holds(const struct pelo_pos *p, int s, int c);

/*
 * 1 if some major's victory conditions checked at the end of phase
 * (PELO_PH_POLITICAL or PELO_PH_ECONOMIC) hold, and the game is won: *winner
 * is that major, or when several hold at once the best of them on the
 * score (PELO_NONE if they tie: a shared victory).  0 if none holds.  What
 * it found is told to out.
 */
MUST_CHECK int pelo_victory_check(const struct pelo_map *m, const struct pelo_pos *p, int phase, int *winner,
                     struct pelo_facts *out);

/*
 * The winner on points after the last turn: of the majors that have not
 * surrendered, the highest bellicosity, then the highest treasury; PELO_NONE
 * if still tied (a shared victory).  The ranking is told to out.
 */
int pelo_score_winner(const struct pelo_map *m, const struct pelo_pos *p, struct pelo_facts *out);

/* The state of every major, for the announcement of the end. */
void pelo_standing(const struct pelo_map *m, const struct pelo_pos *p, struct pelo_facts *out);

/* ---- the operations phase (chapters 3, 4, 5 and 8; RULES.md 3 to 5, 8) ---- */

/*
 * Standing instructions (RULES.md 3.6): every choice the original game
 * lets a player make during someone else's operation is written down in
 * advance, so that the phase is one batch.  Each instruction takes one
 * word of its own list; an instruction never given has its default.  The
 * table with the words and defaults is in pelo_instructions.c.
 */
enum pelo_instr {
	PELO_I_INTERCEPT,        /* never | always | stronger */
	PELO_I_SUPPORT,          /* never | always: join a battle from a
	                          neighbouring space */
	PELO_I_AVOID,            /* never | always | weaker */
	PELO_I_BURN,             /* never | weaker: burn ships rather than fight */
	PELO_I_SKIRMISH,         /* never | always | weaker */
	PELO_I_RETREAT,          /* no | yes */
	PELO_I_LOSSES,           /* allies | own: whose SPs are lost first */
	PELO_I_RAVAGE,           /* no | yes */
	PELO_I_GARRISON,         /* no | yes: after a siege */
	PELO_I_DEFEND,           /* no | yes: a leader into the attacked home */
	PELO_I_KINDS,
};

/* The words the instructions take, as values. */
enum pelo_choice {
	PELO_C_NEVER, PELO_C_ALWAYS, PELO_C_WEAKER, PELO_C_STRONGER,
	PELO_C_NO = PELO_C_NEVER, PELO_C_YES = PELO_C_ALWAYS,
	PELO_C_ALLIES = PELO_C_NEVER, PELO_C_OWN = PELO_C_ALWAYS,
};

/* Every major's instructions: given[c][i] != 0 when major c wrote
 * instruction i, value[c][i] then its enum pelo_choice; split[c][k] the
 * share of battle losses major c proposes for major pelo_map.major[k]
 * (all 0: no SPLIT given). */
struct pelo_instructions {
	uint8_t given[PELO_MAX_CITIES][PELO_I_KINDS];
	int8_t value[PELO_MAX_CITIES][PELO_I_KINDS];
	int8_t split[PELO_MAX_CITIES][PELO_MAX_MAJORS];
};

/* The instruction word ("intercept") and the word of a value ("stronger")
 * of instruction i; NULL for an unknown value. */
const char *pelo_instr_word(int i);
const char *pelo_choice_word(int i, int value);
/* What value means, for the echo: "intercept when at least as strong". */
const char *pelo_choice_meaning(int i, int value);
/* The value instruction i has when a major never wrote it. */
int pelo_instr_default(int i);
/* The value named by word for instruction i, or -1. */
int pelo_choice_by_word(int i, const char *word);
/* The instruction named by word, or -1. */
int pelo_instr_by_word(const char *word);

/*
 * What major c (a major's city index, or PELO_NONE for a city-state no
 * player speaks for) has chosen for instruction i: its own word or the
 * default.  When src is not NULL it is filled with which instruction and
 * whose, so the results say which instruction decided each choice.
 */
int pelo_instr(const struct pelo_map *m, const struct pelo_instructions *in, int c, int i,
             struct pelo_source *src);


/* The four operations of chapter 3, and a pass. */
enum pelo_op_kind {
	PELO_OP_PASS,
	PELO_OP_MOVE,            /* march an army to the objective */
	PELO_OP_ATTACK,          /* (march, then) battle and siege there */
	PELO_OP_RETURN,          /* send the forces in the objective home */
	PELO_OP_STATION,         /* put the forces in the objective on
	                          year-round station */
	PELO_OP_KINDS,
};

#define PELO_MAX_VIA 4

/* One operation as a major orders it. */
struct pelo_op {
	int8_t kind;           /* enum pelo_op_kind */
	int8_t from;           /* MOVE, ATTACK: where the army gathers;
	                          ATTACK with PELO_NONE: the army already in to */
	int8_t to;             /* the objective space */
	int8_t sp[PELO_SP_TYPES];/* SPs of each type to take; -1: all there */
	int8_t nvia;
	int8_t via[PELO_MAX_VIA];/* spaces the route must pass, in order, to
	                          choose among routes equally short */
	int8_t leader;         /* a scenario leader, or PELO_NONE: RULES.md 8.2 */
	int8_t nosiege;        /* ATTACK: fight, but do not besiege */
};

struct pelo_ops_plan {
	int n;
	struct pelo_op op[PELO_MAX_PLAN];
};

/*
 * Whether major c may carry out op now: NULL if it may, else why not
 * (its reason written into why).  kept holds the leaders (bit l) that
 * other orders of c's list name, which op leaves to them if it can.  A major that is a junior partner, has
 * surrendered, or is not a major, may not operate (3).
 */
MUST_CHECK const char *pelo_op_why_not(const struct pelo_map *m, const struct pelo_scenario *sc,
                          const struct pelo_pos *p, int c, const struct pelo_op *op, uint64_t kept,
                          char why[PELO_WHY_MAX]);

/*
 * What can be judged of major c's op when it arrives (RULES.md 11): a
 * leader dead, serving another or out of his turns, more SPs than c has
 * in all, ships to an inland space, land SPs without ships where no land
 * path leads, a VIA off every shortest route, an attack on its own
 * side's home, a march or attack into the home of a city-state a peace
 * keeps neutral.  NULL, with what only the deadline can
 * judge worded in later; else why not, in why.
 */
MUST_CHECK const char *pelo_op_on_arrival(const struct pelo_map *m, const struct pelo_scenario *sc,
                                          const struct pelo_pos *p, int c, const struct pelo_op *op,
                                          char why[PELO_WHY_MAX], char later[PELO_WHY_MAX]);

/*
 * The operations phase (RULES.md 3.1): rounds in the majors' alphabetical
 * order; at its turn each operating major carries out the first
 * operation of its plan that is allowed at that moment (an operation not
 * allowed yet waits); a PASS in the plan is used up as a pass; a major
 * with nothing allowed passes, unless it has SPs away from home and not
 * on station, when it must return the first of them (3.1.1).  The phase
 * ends when every operating major has passed in immediate succession.
 * Every march, interception, battle, siege and die is told to out, with
 * the instruction that decided each choice; operations never carried out
 * are listed at the end.  Sets p->phase to PELO_PH_POLITICAL.  Returns the
 * number of operations carried out.
 */
int pelo_operations(const struct pelo_map *m, const struct pelo_scenario *sc, struct pelo_pos *p,
                  const struct pelo_ops_plan *plan, const struct pelo_instructions *in,
                  struct chance_stream *dice, struct pelo_facts *out);
/* The name of leader l ("Pericles"), or "no leader". */
const char *pelo_leader_name(const struct pelo_scenario *sc, int l);

#endif
