/*
 * dip_map.h - the board of a Diplomacy-family variant, as the rules engine
 * sees it.
 *
 * Owns: provinces, locations (a province, or one coast of a multi-coast
 * province), powers, army and fleet adjacency, supply and home centres.
 * A map is plain data: it is filled in by variants/dip_map_load.c from a text
 * file and never changes afterwards, so any number of adjudications may
 * share one map concurrently.
 *
 * Locations are numbered so that location i < nprov is province i itself;
 * coast locations (stp/nc) follow, each naming its parent province.  Armies
 * always stand on a province location; fleets on a coast location where the
 * province has coasts, else on the province location.
 */
#ifndef DIP_MAP_H
#define DIP_MAP_H

#include <stdint.h>

#define DIP_MAX_LOC    192     /* provinces + coasts */
#define DIP_MAX_POWERS 16
#define DIP_SETWORDS   ((DIP_MAX_LOC + 63) / 64)
#define DIP_NO_POWER   (-1)
#define DIP_NO_LOC     (-1)

/* A set of locations: one bit per location number. */
typedef struct { uint64_t w[DIP_SETWORDS]; } dip_set;

static inline void dip_set_add(dip_set *s, int loc)
{ s->w[loc >> 6] |= (uint64_t)1 << (loc & 63); }
static inline int dip_set_has(const dip_set *s, int loc)
{ return (int)((s->w[loc >> 6] >> (loc & 63)) & 1); }

enum dip_kind { DIP_LAND, DIP_COAST, DIP_SEA };

struct dip_loc {
	char code[12];       /* "stp" or "stp/nc": the canonical short name */
	char name[40];       /* "St Petersburg" (coasts: "St Petersburg (north coast)") */
	int8_t kind;         /* enum dip_kind, of the province */
	int8_t centre;       /* 1 if a supply centre (province locations only) */
	int8_t home;         /* power whose home centre this is, or DIP_NO_POWER */
	int16_t prov;        /* the province this location belongs to (itself for i < nprov) */
	int8_t ncoasts;      /* province locations: number of coast locations */
	int16_t coast[4];    /* province locations: their coast location numbers */
	dip_set army_adj;    /* provinces an army here can move to */
	dip_set fleet_adj;   /* locations a fleet here can move to */
	dip_set near_seas;   /* province locations: seas a fleet anywhere in the
	                        province could enter (filled in at load) */
};

struct dip_power {
	char letter;         /* the njudge power letter: 'C' for Carthage */
	char name[24];       /* "Carthage" */
	char adjective[24];  /* "Carthaginian" */
};

struct dip_start_unit {
	int8_t power;
	int8_t type;         /* enum dip_unit_type */
	int16_t loc;
};

enum dip_calendar { DIP_CAL_AD, DIP_CAL_BC };

struct dip_map {
	char variant[24];    /* "Classical" */
	int nprov;           /* province locations: 0 .. nprov-1 */
	int nloc;            /* all locations */
	int npowers;
	int ncentres;
	int win_centres;     /* centres needed for a solo win */
	int start_year;      /* signed: 1901, or -273 for 273 BC */
	int calendar;        /* enum dip_calendar: how years are shown */
	int build_owned;     /* 1: builds in any owned centre while a home centre
	                        is owned (Classical rule 6); 0: home centres only */
	struct dip_power power[DIP_MAX_POWERS];
	struct dip_loc loc[DIP_MAX_LOC];
	dip_set seas;        /* every sea location (filled in at load) */
	int16_t bycode[512]; /* hash of location codes: index + 1, 0 empty;
	                        see dip_index_code */
	int nstart;
	struct dip_start_unit start[64];
};

/* Returns the power whose letter is c (any case), or DIP_NO_POWER. */
int dip_power_by_letter(const struct dip_map *m, char c);

/* Returns the location whose canonical code is code (exact, lower case),
 * or DIP_NO_LOC.  Name and alias lookup belong to parser/names.h. */
int dip_loc_by_code(const struct dip_map *m, const char *code);

/* Enter location loc's code in the map's code index (done by the loader
 * for each location it creates). */
void dip_index_code(struct dip_map *m, int loc);

/* Returns 1 if a unit of the given type may move from 'from' to 'to' by an
 * ordinary (non-convoyed) move. */
int dip_can_move(const struct dip_map *m, int type, int from, int to);

/* Returns 1 if a unit of the given type standing at 'from' could move into
 * province 'prov' at some location (any coast): the reach test for support. */
int dip_can_reach_prov(const struct dip_map *m, int type, int from, int prov);

/* Number of fleet moves, or army moves through any province (land or sea),
 * from 'loc' to the nearest home centre of 'power'; used by civil disorder.
 * Returns a large number when none is reachable. */
int dip_home_distance(const struct dip_map *m, int type, int loc, int power);

#endif
