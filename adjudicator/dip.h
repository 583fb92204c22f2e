/*
 * dip.h - the Diplomacy rules engine: positions, orders, results.
 *
 * Owns: the data a phase is made of and the three adjudication entry points
 * (movement, retreat, adjustment).  The engine is pure: it reads a map, a
 * position and a list of orders, and writes results and the next position.
 * It does no I/O, keeps no globals and allocates nothing, so it is reentrant
 * and every call with the same input gives the same output.
 *
 * Orders reaching the engine have been parsed but not judged: the engine
 * decides legality itself (dip_check_order) so that case files, mail and
 * tests all see the same verdicts.
 */
#ifndef DIP_H
#define DIP_H

#include "adjudicator/dip_map.h"

#define DIP_MAX_UNITS   96
#define DIP_MAX_ORDERS  128

enum dip_unit_type { DIP_NO_UNIT = 0, DIP_ARMY = 1, DIP_FLEET = 2 };
enum dip_season    { DIP_SPRING = 0, DIP_FALL = 1, DIP_WINTER = 2 };
enum dip_phase     { DIP_PH_MOVEMENT = 0, DIP_PH_RETREAT = 1, DIP_PH_ADJUSTMENT = 2 };

struct dip_unit {
	int8_t type;          /* enum dip_unit_type */
	int8_t power;
	int16_t loc;          /* location (a coast for fleets on split coasts) */
};

/* A unit dislodged in the movement phase, waiting for its retreat order. */
struct dip_dislodged {
	struct dip_unit unit;
	int16_t attacker_from;  /* province the dislodging attack came from;
	                           DIP_NO_LOC if it came by convoy */
};

struct dip_position {
	int year;                 /* signed: -273 is 273 BC */
	int8_t season;            /* enum dip_season */
	int8_t phase;             /* enum dip_phase */
	int nunits;
	struct dip_unit unit[DIP_MAX_UNITS];
	int ndislodged;
	struct dip_dislodged dislodged[DIP_MAX_UNITS];
	dip_set contested;        /* provinces left empty by a standoff this turn:
	                             closed to retreats */
	int8_t owner[DIP_MAX_LOC];/* centre owner by province, DIP_NO_POWER if none */
};

enum dip_order_kind {
	DIP_HOLD, DIP_MOVE, DIP_SUPPORT, DIP_CONVOY,     /* movement */
	DIP_RETREAT, DIP_DISBAND,                        /* retreat */
	DIP_BUILD, DIP_REMOVE, DIP_WAIVE                 /* adjustment */
};

#define DIP_MAX_PATH 12

/*
 * One order as written.  For SUPPORT and CONVOY, target/target_dest describe
 * the supported or convoyed unit's order: target_dest == DIP_NO_LOC means a
 * support to hold.  Coasts given by the player are kept in dest (a coast
 * location) and checked by the engine.
 */
struct dip_order {
	int8_t power;
	int8_t kind;              /* enum dip_order_kind */
	int8_t type;              /* unit type as written, DIP_NO_UNIT if omitted */
	int16_t loc;              /* the ordered unit's location (as written) */
	int16_t dest;             /* MOVE/RETREAT/BUILD destination; else DIP_NO_LOC */
	int8_t target_type;       /* SUPPORT/CONVOY: unit type as written */
	int16_t target;           /* SUPPORT/CONVOY: the other unit's location */
	int16_t target_dest;      /* SUPPORT/CONVOY: where it goes, or DIP_NO_LOC */
	int8_t via_convoy;        /* MOVE: the player wrote "via convoy" or a path */
	int8_t npath;             /* MOVE: explicit convoy path (sea provinces) */
	int16_t path[DIP_MAX_PATH];
};

/* Why an order did what it did: shown to players next to each order. */
enum dip_reason {
	DIP_OK = 0,
	DIP_R_NO_UNIT,            /* no such unit there */
	DIP_R_NOT_YOURS,          /* the unit belongs to another power */
	DIP_R_WRONG_TYPE,         /* "F" written for an army or the reverse */
	DIP_R_NOT_ADJACENT,       /* cannot move there and no convoy could */
	DIP_R_BAD_COAST,          /* coast missing, ambiguous or unreachable */
	DIP_R_CANT_SUPPORT,       /* supporter cannot reach the destination */
	DIP_R_CANT_CONVOY,        /* convoyer not a fleet at sea, or target no army */
	DIP_R_SELF,               /* move or support to its own province */
	DIP_R_WRONG_PHASE,        /* order kind not allowed in this phase */
	DIP_R_DUPLICATE,          /* a later order replaced this one */
	DIP_R_BOUNCED,            /* standoff */
	DIP_R_CUT,                /* support cut */
	DIP_R_DISLODGED,          /* the unit was dislodged */
	DIP_R_NO_CONVOY,          /* convoy route failed or absent */
	DIP_R_VOID,               /* supported/convoyed order does not match */
	DIP_R_NOT_RETREAT_DEST,   /* retreat target not among the options */
	DIP_R_RETREAT_CLASH,      /* two units retreated to the same place */
	DIP_R_NOT_CENTRE,         /* build: not an owned supply centre */
	DIP_R_NOT_HOME,           /* build: not a home centre, or no home centre owned */
	DIP_R_OCCUPIED,           /* build: centre occupied */
	DIP_R_NO_BUILDS,          /* build or remove beyond what is due */
	DIP_R_DISRUPTED,          /* convoying fleet dislodged (shown on convoy) */
	DIP_R_PARADOX,            /* convoy paradox: resolved by the Szykman rule */
	DIP_R_NREASONS
};

/* The reason's wording for reports, e.g. "bounced". */
const char *dip_reason_text(int reason);

struct dip_result {
	int8_t success;           /* 1: the order succeeded (move went, support
	                             counted, build made, ...) */
	int8_t reason;            /* enum dip_reason */
	int8_t dislodged;         /* movement: the unit was dislodged */
	int8_t destroyed;         /* movement: dislodged with nowhere to retreat,
	                             so disbanded at once */
	int8_t defaulted;         /* the engine supplied this order (civil disorder,
	                             unordered unit, missing retreat) */
};

/* The outcome of a phase: one result per order, in order, followed by any
 * orders the engine supplied itself. */
struct dip_outcome {
	int norders;
	struct dip_order order[DIP_MAX_ORDERS + DIP_MAX_UNITS];
	struct dip_result result[DIP_MAX_ORDERS + DIP_MAX_UNITS];
	int winner;               /* adjustment: power with a solo, else DIP_NO_POWER */
};

/*
 * Check one order against the position before adjudication: the verdict a
 * player sees when the order arrives.  Returns DIP_OK or the reason it is
 * illegal.  Illegal movement orders are adjudicated as holds.
 */
int dip_check_order(const struct dip_map *m, const struct dip_position *p,
                    const struct dip_order *o);

/*
 * Adjudicate the phase p->phase with the given orders.  Writes the outcome
 * (every order with its result, plus holds/disbands/removals supplied for
 * units without a legal order) and the next position, whose phase is the
 * next one that needs orders: retreats are skipped when nobody was
 * dislodged, adjustments when nobody has builds or removals.  Centres
 * change hands after Fall movement (or Fall retreats).  Returns 0.
 */
int dip_adjudicate(const struct dip_map *m, const struct dip_position *p,
                   const struct dip_order *orders, int norders,
                   struct dip_outcome *out, struct dip_position *next);

/* The starting position of the map's variant (Spring, first year). */
void dip_initial_position(const struct dip_map *m, struct dip_position *p);

/* Builds (positive) or removals (negative) due to power in an adjustment
 * phase: centres owned minus units. */
int dip_adjustment_count(const struct dip_map *m, const struct dip_position *p,
                         int power);

/* The locations dislodged unit d of p could retreat to. Returns how many. */
int dip_retreat_options(const struct dip_map *m, const struct dip_position *p,
                        const struct dip_dislodged *d, dip_set *opts);

/* Index of the unit in province prov, or -1. */
int dip_unit_at(const struct dip_map *m, const struct dip_position *p, int prov);

/* 1 if power owns at least one of its home centres. */
int dip_home_owned(const struct dip_map *m, const struct dip_position *p, int power);

/* Number of centres owned by power. */
int dip_centre_count(const struct dip_map *m, const struct dip_position *p,
                     int power);

#endif
