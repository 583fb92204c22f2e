/*
 * antike.h - Antike (Mac Gerdts, 2005): the map, a position, a turn's
 * orders and the facts a turn produces, as plain data, and the pure engine
 * that plays one nation's turn (variants/antike/RULES.md gives every rule
 * with its source).
 *
 * Shaped as the other families' engines are: the map is read by
 * variants/antike_map_load.c and handed in; a position is a struct with no
 * pointers, so that a turn is "copy, change, compare"; orders arrive parsed
 * (parser/antike_orders.c) and checked; the engine decides and reports
 * facts to a sink, and variants/antike_report.c words them.  Units are
 * counted, not named: within a turn the active nation's units in a
 * province are told apart only by the actions they have left, which is
 * all the rules ask of them (a unit with none left is "tipped over").
 *
 * Files: antike_map.c (queries on the map), antike_pay.c (prices and
 * paying with resources, coins and the 2-for-1 exchange), antike_rondel.c
 * (the wedge move and the silent default), antike_economy.c (production,
 * temples, arming, know-hows, founding), antike_maneuver.c (moves, battles,
 * conquest), antike_personages.c (awards and victory), antike_turn.c (a
 * whole turn: coins, rondel, action, founding, personages, next nation).
 */
#ifndef ANTIKE_H
#define ANTIKE_H

#include <stddef.h>
#include <stdint.h>

#define ANT_MAX_PROV 64            /* provinces, land and sea */
#define ANT_MAX_NB 16              /* borders of one province */
#define ANT_MAX_NATIONS 6
#define ANT_MAX_ALIASES 4
#define ANT_MAX_STEPS 3            /* borders one unit crosses in a turn */
#define ANT_MAX_ORDERS 64          /* lines of one turn */
#define ANT_UNITS_EACH 17          /* legions, and galleys, of one nation */
#define ANT_CITY_STONES 25
#define ANT_TEMPLES 20
#define ANT_COINS 30
#define ANT_START_NATIONS_MIN 3    /* nations in play: 3..6 (2 players: 4) */

enum ant_res { ANT_MARBLE, ANT_IRON, ANT_GOLD, ANT_NRES };
#define ANT_COIN ANT_NRES          /* a payment's fourth column */

enum ant_unit { ANT_LEGION, ANT_GALLEY, ANT_NUNIT };

/* Border kinds as bits: which unit type may cross. */
enum ant_border {
	ANT_B_LAND = 1,                /* red: legions */
	ANT_B_SEA = 2,                 /* blue: galleys */
	ANT_B_BOTH = 3                 /* red-blue: both */
};

/* The rondel, clockwise (RESEARCH 4.2). */
enum ant_wedge {
	ANT_W_IRON, ANT_W_TEMPLE, ANT_W_GOLD, ANT_W_MANEUVER1, ANT_W_ARMING,
	ANT_W_MARBLE, ANT_W_KNOWHOW, ANT_W_MANEUVER2, ANT_NWEDGES
};
#define ANT_W_NONE (-1)            /* before a nation's first turn */

/* Know-hows: basic ones even, each secondary one after its basic. */
enum ant_know {
	ANT_K_WHEEL, ANT_K_ROADS, ANT_K_SAILING, ANT_K_NAVIGATION,
	ANT_K_MARKET, ANT_K_CURRENCY, ANT_K_MONARCHY, ANT_K_DEMOCRACY, ANT_NKNOW
};
#define ANT_K_SECONDARY(k) ((k) & 1)
#define ANT_K_BASIC_OF(k) ((k) & ~1)

enum ant_person { ANT_P_KING, ANT_P_SCHOLAR, ANT_P_GENERAL, ANT_P_CITIZEN, ANT_P_NAVIGATOR, ANT_NPERSON };

/* ---- the map (variants/antike/map.txt) ---- */

struct ant_border_to {
	int16_t to;
	int8_t kind;                   /* enum ant_border */
};

struct ant_province {
	char code[4];                  /* "ROM" */
	char name[32];                 /* "Roma" */
	char alias[ANT_MAX_ALIASES][32];
	int naliases;
	int8_t sea;                    /* 1: a sea (no city) */
	int8_t res;                    /* land: its city's enum ant_res; sea: -1 */
	int8_t coastal;                /* land with a border galleys cross */
	float lat, lon;
	int nnb;
	struct ant_border_to nb[ANT_MAX_NB];
};

struct ant_nation {
	char letter;                   /* its power letter: 'R' */
	char name[24];                 /* "Romans" */
	char adjective[24];            /* "Roman" */
	char colour[16];               /* "red" */
};

/* What the map gives for one number of nations in play. */
struct ant_setup {
	int nnations;                  /* 0: this number is not played */
	int8_t order[ANT_MAX_NATIONS]; /* turn order, the start player first */
	int16_t start[ANT_MAX_NATIONS][ANT_NRES];  /* by nation: its marble,
	                                  iron and gold start cities; -1 */
	int target;                    /* personages that win */
};

struct ant_map {
	int nprov;
	struct ant_province prov[ANT_MAX_PROV];
	int nnations;
	struct ant_nation nation[ANT_MAX_NATIONS];
	struct ant_setup setup[ANT_MAX_NATIONS + 1];   /* by nations in play */
	int two_player_nations;        /* nations in play with two players: 4 */
	int start_res[ANT_NRES];       /* each nation's resources at the start */
	int person_stack[ANT_NPERSON]; /* 9 8 7 6 5 */
};

/* ---- a position ---- */

struct ant_nation_state {
	int8_t in_play;
	int8_t wedge;                  /* enum ant_wedge, or ANT_W_NONE */
	int res[ANT_NRES];
	int coins;
	uint8_t know;                  /* bit k: owns know-how k */
	int person[ANT_NPERSON];       /* personages held by kind */
	int8_t kings_paid;             /* thresholds already paid: 5, 10 ... cities */
	int8_t citizens_paid;          /* 3, 6 ... temples */
	int8_t navigators_paid;        /* 7, 14 ... seas */
	int8_t all_know_paid;          /* the extra personage for all eight */
	int8_t silent;                 /* turns in a row played by default */
};

struct ant_pos {
	int round;                     /* 1.. */
	int turn;                      /* turns played so far, 0.. */
	int nnations;                  /* nations in play */
	int norder;
	int8_t order[ANT_MAX_NATIONS]; /* turn order (nation indexes) */
	int active;                    /* index into order: whose turn it is */
	int bank_coins;
	int bank_person[ANT_NPERSON];
	int target;                    /* personages that win */
	int8_t owner[ANT_MAX_PROV];    /* the city's nation, -1: no city */
	int8_t temple[ANT_MAX_PROV];
	int16_t units[ANT_MAX_PROV][ANT_MAX_NATIONS][ANT_NUNIT];
	struct ant_nation_state nat[ANT_MAX_NATIONS];
	int8_t over;                   /* the game has ended */
	int8_t winner;                 /* nation, or -1 */
	int8_t sudden_death;           /* every personage is out (5-6 nations):
	                                  the next temple destroyed wins */
};

/* ---- a turn's orders (parser/antike_orders.c reads them) ---- */

enum ant_order_kind {
	ANT_O_RONDEL,                  /* wedge, pay[] (what pays the steps) */
	ANT_O_TEMPLE,                  /* prov */
	ANT_O_ARM,                     /* count, unit, prov */
	ANT_O_KNOW,                    /* know */
	ANT_O_MOVE,                    /* count, unit, path[0..npath-1], fight */
	ANT_O_ATTACK,                  /* unit, prov, against */
	ANT_O_CONQUER,                 /* prov, give[] (-1: the default) */
	ANT_O_FOUND,                   /* prov */
	ANT_NORDER_KINDS
};

struct ant_order {
	int8_t kind;                   /* enum ant_order_kind */
	int8_t wedge;                  /* RONDEL: enum ant_wedge */
	int8_t pay[ANT_NRES + 1];      /* RONDEL: how many paid steps each of
	                                  marble, iron, gold, coins pays; all 0:
	                                  the default (RULES.md) */
	int8_t unit;                   /* enum ant_unit */
	int16_t count;
	int16_t prov;
	int8_t know;                   /* enum ant_know */
	int8_t against;                /* ATTACK: the nation fought */
	int8_t fight;                  /* MOVE: 1 demands a battle wherever it
	                                  meets foreign units of its type */
	int8_t npath;                  /* MOVE: path[0] the start, then 1..3 */
	int16_t path[ANT_MAX_STEPS + 1];
	int16_t give[ANT_NUNIT];       /* CONQUER: legions and galleys given up */
};

struct ant_turn_orders {
	int n;
	struct ant_order o[ANT_MAX_ORDERS];
};

/* A nation's standing battle orders (RULES.md: when it fights units that
 * enter, or stand in, a province where it has units of their type). */
enum ant_stance { ANT_FIGHT_CITY, ANT_FIGHT_ALWAYS, ANT_FIGHT_NEVER };

struct ant_stance_rule {
	int8_t stance;                 /* enum ant_stance */
	int8_t against;                /* a nation, or -1: any */
	int16_t prov;                  /* a province, or -1: any */
};

#define ANT_MAX_STANCES 32
struct ant_standing {
	int n;                         /* rules in the order given; the most
	                                  specific that matches decides */
	struct ant_stance_rule r[ANT_MAX_STANCES];
};

/* ---- facts: what a turn tells (worded in variants/antike_report.c) ---- */

enum ant_fact_kind {
	ANT_F_COINS,            /* round n[0] begins: every nation in play takes a coin
	                           (n[1] coins given, n[2] chips given instead) */
	ANT_F_COIN_CHIP,        /* nation takes one res n[0] instead: the bank has no coins */
	ANT_F_DEFAULT,          /* nation sent no orders: it plays the default (n[0]: turns
	                           in a row) */
	ANT_F_RONDEL,           /* nation moves from wedge n[0] (ANT_W_NONE: first turn)
	                           to n[1], n[2] steps, n[3] paid: n[4..7] marble, iron,
	                           gold, coins */
	ANT_F_PRODUCE_CITY,     /* nation's city prov makes n[0] of res n[1] (n[2] 1: temple) */
	ANT_F_PRODUCE_BONUS,    /* nation's know-how n[1] adds n[0] of res n[2] */
	ANT_F_PRODUCE_TOTAL,    /* nation takes n[0] of res n[1] in all */
	ANT_F_TEMPLE,           /* nation builds a temple in prov for n[0..3] M I G coins */
	ANT_F_ARM,              /* nation arms n[0] of unit type n[1] in prov for n[2..5] */
	ANT_F_KNOW,             /* nation learns know-how n[0] for n[1] gold (n[2] 1: new to
	                           every nation), paid n[3..6] */
	ANT_F_MOVE,             /* nation moves n[0] of type n[1] along path[0..npath-1] */
	ANT_F_ENTER_STOPPED,    /* nation's units of type n[1] stopped at prov: n[0] left
	                           (none survive the battle) */
	ANT_F_BATTLE,           /* at prov, type n[0]: nation (n[1] units) against other
	                           (n[2] units); n[3] who demanded it: 1 nation, 2 other,
	                           3 both; each loses n[4] */
	ANT_F_CONQUER,          /* nation conquers other's city prov: strength n[0] = city
	                           n[1] + units n[2] + know-how n[3] (n[4] the know-how,
	                           -1 none); gives up n[5] legions, n[6] galleys; other
	                           loses n[7] legions, n[8] galleys, n[9] 1: a temple */
	ANT_F_FOUND,            /* nation founds a city of res n[0] in prov, paid n[1..4] */
	ANT_F_PERSONAGE,        /* nation wins a personage of kind n[0]: n[1] why (enum
	                           ant_person_why), n[2] the figure reached */
	ANT_F_PERSONAGE_NONE,   /* nation earned a personage of kind n[0] but none is left */
	ANT_F_EXCHANGE,         /* nation (all eight know-hows) pays n[0] of res n[1] for
	                           n[2] of res n[3] */
	ANT_F_SKIPPED,          /* order number n[0] of nation's turn is skipped: why */
	ANT_F_CIVIL_DISORDER,   /* nation has played n[0] turns by default: civil disorder */
	ANT_F_VICTORY,          /* nation wins with n[0] personages (target n[1]); n[2] 1:
	                           by the first temple destroyed after the last personage */
	ANT_F_ALL_OUT,          /* the last personage is out: the next temple destroyed wins */
	ANT_NFACT_KINDS
};

/* Why a personage is won. */
enum ant_person_why {
	ANT_WHY_CITIES,         /* n[2] cities */
	ANT_WHY_FIRST_KNOW,     /* first to know know-how n[2] */
	ANT_WHY_TEMPLE_DESTROYED, /* destroyed the temple of city n[2] (a province) */
	ANT_WHY_TEMPLES,        /* n[2] temples */
	ANT_WHY_SEAS,           /* n[2] seas */
	ANT_WHY_ALL_KNOW        /* all eight know-hows */
};

/* Why an order is skipped (ANT_F_SKIPPED's why, worded in the report). */
enum ant_skip {
	ANT_SKIP_WRONG_WEDGE,   /* the order belongs to another wedge's action */
	ANT_SKIP_CANNOT_PAY,    /* n[1]: what was short, enum ant_res (ANT_COIN: in all) */
	ANT_SKIP_NOT_OWNER,     /* the city is not (or no longer) the nation's */
	ANT_SKIP_HAS_TEMPLE,
	ANT_SKIP_NO_TEMPLES,    /* all twenty are on the board */
	ANT_SKIP_ARM_LIMIT,     /* n[1] new units already placed there this turn */
	ANT_SKIP_NO_SUPPLY,     /* all seventeen of the type are on the board */
	ANT_SKIP_INLAND,        /* a galley where no galley can go */
	ANT_SKIP_KNOWN,         /* the know-how is owned already */
	ANT_SKIP_NO_UNITS,      /* not enough units (with actions left) where the order says:
	                           n[1] there */
	ANT_SKIP_BORDER,        /* the unit type cannot cross the border to path step n[1] */
	ANT_SKIP_TOO_FAR,       /* more borders than the unit's actions */
	ANT_SKIP_NO_ENEMY,      /* ATTACK: no units of that nation and type there */
	ANT_SKIP_NO_CITY,       /* CONQUER: no foreign city there; FOUND: a city is there */
	ANT_SKIP_LAST_CITY,     /* the defender's last city cannot be taken */
	ANT_SKIP_TOO_WEAK,      /* n[1] upright units against strength n[2] */
	ANT_SKIP_NO_UNIT_THERE, /* FOUND: no unit of the nation in the province */
	ANT_SKIP_NO_STONES,     /* all twenty-five city stones are in use */
	ANT_SKIP_SEA,           /* FOUND in a sea */
	ANT_SKIP_GIVE,          /* CONQUER: the units named to give up are not there */
	ANT_NSKIPS
};

struct ant_fact {
	int8_t kind;                   /* enum ant_fact_kind */
	int8_t nation;
	int8_t other;                  /* the other nation, or -1 */
	int16_t prov;                  /* -1 if none */
	int8_t why;                    /* ANT_F_SKIPPED: enum ant_skip */
	int8_t npath;
	int16_t path[ANT_MAX_STEPS + 1];
	int n[12];
};

typedef void (*ant_sink)(void *arg, const struct ant_fact *f);

/* ---- antike_map.c ---- */

/* The province with this code, full name or alias (any case), or -1. */
int ant_prov_find(const struct ant_map *m, const char *s, size_t len);

/* The kind of the border between a and b (enum ant_border), or 0. */
int ant_border(const struct ant_map *m, int a, int b);

/* 1 if a unit of type u may cross a border of kind k. */
int ant_crosses(int u, int k);

/* 1 if units of type u may stand in province p (legions: land; galleys:
 * seas and coastal land). */
int ant_may_stand(const struct ant_map *m, int u, int p);

/* The nation with this letter or name (any case), or -1. */
int ant_nation_find(const struct ant_map *m, const char *s, size_t len);

/* ---- the position (antike_turn.c) ---- */

/* The start of a game with players players (2: the two-player nations). */
void ant_initial(const struct ant_map *m, int players, struct ant_pos *p);

/* The nation whose turn it is. */
static inline int ant_active(const struct ant_pos *p)
{
	return p->order[p->active];
}

/* Counts a nation stands at. */
int ant_cities(const struct ant_map *m, const struct ant_pos *p, int nation);
int ant_temples(const struct ant_map *m, const struct ant_pos *p, int nation);
int ant_seas(const struct ant_map *m, const struct ant_pos *p, int nation);
int ant_on_board(const struct ant_map *m, const struct ant_pos *p, int nation, int unit);
int ant_personages(const struct ant_pos *p, int nation);

/* Actions a unit of type u of nation has in a turn (1, 2 or 3). */
int ant_actions(const struct ant_pos *p, int nation, int u);

/* The defence strength of the city in prov, and its parts (NULL: not
 * wanted): the city (1 or 3), the owner's units there, the know-how. */
int ant_defence(const struct ant_map *m, const struct ant_pos *p, int prov,
                int *city, int *units, int *know);

/* ---- antike_pay.c ---- */

/* The price of know-how k for nation now: 7 or 10 when no other nation
 * owns it, else 3 or 5; *is_new (if not NULL) says which. */
int ant_know_price(const struct ant_pos *p, int nation, int k, int *is_new);

/*
 * Pay amount of resource r (ANT_COIN: any, for a rondel step) for nation:
 * the resource itself first, then coins, then (with all eight know-hows)
 * two of another resource for each one missing.  paid[ANT_NRES + 1] gets
 * what was taken.  Returns 0, or -1 (nothing taken) if it cannot pay.
 */
int ant_pay(struct ant_pos *p, int nation, int r, int amount, int paid[ANT_NRES + 1]);

/* 1 if nation could pay amount of r now (as ant_pay would). */
int ant_can_pay(const struct ant_pos *p, int nation, int r, int amount);

/* ---- antike_rondel.c ---- */

/* Steps from wedge from to wedge to (1..8; from ANT_W_NONE: 0), and the
 * paid steps among them. */
int ant_rondel_steps(int from, int to);
int ant_rondel_cost(int from, int to);

/* The wedge "MANEUVER" means from here: the nearer of the two ahead. */
int ant_maneuver_wedge(int from);

/* The silent nation's wedge: IRON on the first turn, else the nearest
 * production wedge ahead (always among the free steps). */
int ant_default_wedge(int from);

/* Which wedge's action an order belongs to (-1: any wedge, FOUND). */
int ant_order_wedge(int kind);

/* ---- antike_turn.c: the engine ---- */

/*
 * Play the active nation's turn on *p with orders (NULL: it sent none and
 * plays the default), standing[] the standing battle orders of every
 * nation (by nation index; never NULL), telling sink what happens.  At the
 * end the next nation is active (and the round's coins handed out if a
 * round begins) and p->over set if the game is won.  Orders were checked
 * when they arrived; what has become impossible is skipped and told.
 */
void ant_play_turn(const struct ant_map *m, struct ant_pos *p, const struct ant_turn_orders *orders,
                   const struct ant_standing *standing, ant_sink sink, void *arg);

/* The parts of a turn, for antike_turn.c and the tests. */
void ant_round_coins(const struct ant_map *m, struct ant_pos *p, ant_sink sink, void *arg);
void ant_produce(const struct ant_map *m, struct ant_pos *p, int nation, int res, ant_sink sink, void *arg);
int ant_do_temple(const struct ant_map *m, struct ant_pos *p, int nation, const struct ant_order *o,
                  int index, ant_sink sink, void *arg);
/* armed[prov]: new units placed this turn */
int ant_do_arm(const struct ant_map *m, struct ant_pos *p, int nation, const struct ant_order *o,
               int index, int armed[ANT_MAX_PROV], ant_sink sink, void *arg);
/* first_know: bit k set when nation was the first to own k this turn */
int ant_do_know(const struct ant_map *m, struct ant_pos *p, int nation, const struct ant_order *o,
                int index, unsigned *first_know, ant_sink sink, void *arg);
int ant_do_found(const struct ant_map *m, struct ant_pos *p, int nation, const struct ant_order *o,
                 int index, ant_sink sink, void *arg);

/* The maneuver (antike_maneuver.c): the active nation's units by actions
 * left, for the turn. */
struct ant_maneuver {
	/* left[prov][u][a]: the active nation's units of type u in prov with
	 * a actions left (0: tipped over) */
	int16_t left[ANT_MAX_PROV][ANT_NUNIT][ANT_MAX_STEPS + 1];
	int temples_destroyed;         /* this turn: generals to award */
	int16_t destroyed_at[ANT_TEMPLES];
};
void ant_maneuver_begin(const struct ant_map *m, const struct ant_pos *p, int nation,
                        struct ant_maneuver *mv);
int ant_do_move(const struct ant_map *m, struct ant_pos *p, int nation, const struct ant_order *o,
                int index, struct ant_maneuver *mv, const struct ant_standing *standing,
                ant_sink sink, void *arg);
int ant_do_attack(const struct ant_map *m, struct ant_pos *p, int nation, const struct ant_order *o,
                  int index, struct ant_maneuver *mv, ant_sink sink, void *arg);
int ant_do_conquer(const struct ant_map *m, struct ant_pos *p, int nation, const struct ant_order *o,
                   int index, struct ant_maneuver *mv, ant_sink sink, void *arg);

/* 1 if nation fights units of type u of other entering (or standing in)
 * prov, by its standing orders (default: when prov holds its city). */
int ant_wants_battle(const struct ant_map *m, const struct ant_pos *p, const struct ant_standing *s,
                     int nation, int other, int prov);

/* Personages (antike_personages.c): award the active nation what its
 * turn earned (first_know, the maneuver's temples) and decide victory. */
void ant_award(const struct ant_map *m, struct ant_pos *p, int nation, unsigned first_know,
               const struct ant_maneuver *mv, ant_sink sink, void *arg);

/* Tell sink an order was skipped (every part uses it). */
void ant_skip(ant_sink sink, void *arg, int nation, int index, int prov, int why, int n1, int n2);

#endif
