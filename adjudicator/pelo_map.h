/*
 * pelo_map.h - the board and the opening position of the multi-player
 * Peloponnesian War (after B. Mountford), as a rules engine will see them.
 *
 * Owns: spaces, areas, paths and the two special paths (chapter 4), the
 * city-states and kingdoms (chapter 2), and a scenario: forces, garrisons,
 * control of spaces, rebellion, diplomatic status, treasuries, the will to
 * fight, the way majors are dealt to players, and the scenario's special
 * diplomatic actions (the Congress of Gela, the alliance with Argos).
 *
 * Plain data in fixed-size arrays, filled in once by
 * variants/pelo_map_load.c from variants/peloponnesian/{map,scenario}.txt and
 * never changed afterwards: any number of adjudications may share it, it
 * can be copied with memcpy, and a debugger shows all of it.  Everything
 * is referred to by its index (space, area, city-state); PELO_NONE means
 * "none".  Names and aliases live in the loader's name tables, not here:
 * the engine never reads a player's spelling.
 */
#ifndef PELO_MAP_H
#define PELO_MAP_H

#include <stdint.h>

#define PELO_MAX_SPACES   128
#define PELO_MAX_AREAS    48
#define PELO_MAX_CITIES   40     /* city-states and kingdoms */
#define PELO_MAX_MAJORS   4
#define PELO_MAX_SPECIAL  8
#define PELO_MAX_FORCES   96
#define PELO_MAX_SPECIAL_ACTIONS 8   /* a scenario's special diplomatic actions */
#define PELO_MAX_SEATS    PELO_MAX_MAJORS  /* players: 2 .. PELO_MAX_SEATS */
#define PELO_MAX_LEADERS  40
#define PELO_NONE         (-1)

/* Coordinates are degrees of latitude and longitude (WGS84) kept in
 * hundredths, so 37.98 N 23.73 E is lat 3798, lon 2373.  The box is the
 * part of the Mediterranean the war touched, from western Sicily to the
 * Bosporus; anything outside it is a typing error. */
#define PELO_LAT_MIN      3500
#define PELO_LAT_MAX      4250
#define PELO_LON_MIN      1200
#define PELO_LON_MAX      3000

enum pelo_terrain { PELO_INLAND, PELO_COASTAL, PELO_ISLAND };

/* What stands in a space: bits of pelo_space.kinds. */
enum pelo_kind_bit {
	PELO_HOME     = 1 << 0,  /* a city-state's (or Macedon's) home space */
	PELO_FORTRESS = 1 << 1,  /* can be besieged (5); decides full tribute (7.1.1) */
	PELO_PORT     = 1 << 2,  /* a naval base: an inland city's ships live here */
	PELO_CAPE     = 1 << 3,  /* a cape or strait waypoint of the sea lanes */
};

/* What joins two spaces: path[a][b] == path[b][a]. */
enum pelo_path {
	PELO_NO_PATH,
	PELO_LAND,               /* armies without ships only */
	PELO_NAVAL,              /* ships, and armies carried by ships */
	PELO_COMBINED,           /* both */
	PELO_STORM,              /* Cape Taenarum - Syracuse (4.2): used as a
	                          naval path, with a storm roll; see pelo_special */
};

/* The two paths chapter 4 treats apart from the others. */
enum pelo_special_kind {
	PELO_ISTHMUS,            /* 4.1: a land path ships may also cross when
	                          both ends are friendly; no naval zone of
	                          influence extends along it */
	PELO_STORMY,             /* 4.2: a direct crossing; on storm_roll or more
	                          the army and its leader are lost */
};

struct pelo_special {
	int8_t kind;           /* enum pelo_special_kind */
	int8_t a, b;           /* its two ends */
	int8_t storm_roll;     /* PELO_STORMY: lowest die (1d6) that sinks them */
};

struct pelo_space {
	char code[4];          /* "ath": three lower-case letters */
	char name[24];         /* "Athens" */
	int8_t area;
	int8_t terrain;        /* enum pelo_terrain */
	uint8_t kinds;         /* enum pelo_kind_bit */
	int8_t home_of;        /* the city-state whose home this is, or PELO_NONE */
	int16_t lat, lon;      /* hundredths of a degree */
};

struct pelo_area {
	char code[4];          /* "att" */
	char name[24];         /* "Attica" */
};

enum pelo_class {
	PELO_MAJOR,              /* played: Athens, Corinth, Sparta, Thebes */
	PELO_MINOR,              /* a minor city-state */
	PELO_KINGDOM,            /* Macedon, Persia, the Odrysians (2) */
};

struct pelo_city {
	char code[4];          /* "ath", "mes" (Messenia): three letters */
	char letter;           /* majors: the power letter of SIGNON; else 0 */
	int8_t class;          /* enum pelo_class */
	int8_t home;           /* space; PELO_NONE only for Persia and the Odrysians */
	int8_t port;           /* where its ships live: the home space when that
	                          is on the sea, else a port space or PELO_NONE
	                          (then it cannot build ships) */
	char name[24];         /* "Athens" */
	char adjective[24];    /* "Athenian" */
};

struct pelo_map {
	char variant[32];
	int citystates;        /* the number chapter 2 gives (29); checked
	                          against the cities that have a home space */
	int nspaces, nareas, ncities, nmajors;
	struct pelo_space space[PELO_MAX_SPACES];
	struct pelo_area area[PELO_MAX_AREAS];
	struct pelo_city city[PELO_MAX_CITIES];
	int8_t major[PELO_MAX_MAJORS];   /* the majors' city indexes, in the
	                                  alphabetical order rounds are played */
	uint8_t path[PELO_MAX_SPACES][PELO_MAX_SPACES];  /* enum pelo_path */
	int nspecial;
	struct pelo_special special[PELO_MAX_SPECIAL];
};

/* Where a status marker stands (chapter 2).  Majors use the first four,
 * minors and kingdoms the neutral box and the last three; "of" names the
 * dominant (or, for minors, any) major whose box it is. */
enum pelo_box {
	PELO_BOX_NEUTRAL,
	PELO_BOX_DOMINANT,       /* majors: leads a coalition */
	PELO_BOX_PARTNER,        /* majors: junior partner, in of's Allies box */
	PELO_BOX_AT_WAR,         /* majors: in dominant of's Enemies box */
	PELO_BOX_ALLY,           /* minors: ally of of */
	PELO_BOX_TRIBUTARY,      /* minors: ally paying tribute to of */
	PELO_BOX_ENEMY,          /* minors: in of's Enemies box */
};

struct pelo_status {
	int8_t box;            /* enum pelo_box */
	int8_t of;             /* a major's city index, or PELO_NONE */
	int8_t sympathetic;    /* minors: the major that operates it (3.1.3), or PELO_NONE */
};

enum pelo_sp { PELO_HOPLITE, PELO_CAVALRY, PELO_NAVAL_SP, PELO_SP_TYPES };

/* The SPs one city-state has in one space, and whether it garrisons it. */
struct pelo_force {
	int8_t city, space;
	int8_t sp[PELO_SP_TYPES];
	int8_t garrison;       /* 1: a garrison marker (5, sieges) */
	int8_t station;        /* 1: on year-round station (3): it need not
	                          go home, and may stay through the turn */
};

/* What a scenario's special diplomatic action does (RULES.md 2.5); each
 * effect's conditions and consequences are one row of pelo_diplomacy.c's
 * table, so the scenario file only says who may take which, and on whom. */
enum pelo_special_effect {
	PELO_SX_ALLY,            /* a neutral minor becomes the major's ally
	                          (Athens' alliance with Argos) */
	PELO_SX_CONGRESS,        /* a peace congress: every outside force leaves
	                          the minor's area, which becomes the minor's
	                          (the Congress of Gela) */
	PELO_SX_EFFECTS,
};

/* One special diplomatic action of the scenario, usable once a game. */
struct pelo_special_action {
	char code[12];         /* "gela": the canonical order and the state */
	char name[32];         /* "the Congress of Gela" */
	int8_t effect;         /* enum pelo_special_effect */
	int8_t major;          /* the only major that may take it */
	int8_t minor;          /* the minor it concerns */
};

/* A leader (chapter 8): who he serves, his battle (skill) rating, added
 * to his side's die, and his bravery: he is killed when his own unmodified
 * battle die is at most that (seed 002).  He may lead from turn "from" to
 * turn "to".  A general (generic) stands for the officers a city elected
 * when its named men were dead or away: killed, he is replaced by another
 * at the end of the turn (RULES.md 8). */
struct pelo_leader {
	char code[16];         /* "pericles": letters only */
	char name[32];         /* "Pericles" */
	int8_t city;           /* the major he serves */
	int8_t battle, bravery;
	int8_t from, to;       /* turns */
	int8_t generic;
};

struct pelo_scenario {
	char name[48];
	int start_year;        /* BC: 431 */
	int years_per_turn;    /* 3 (chapter 1) */
	int turns;             /* 10 */
	struct pelo_status status[PELO_MAX_CITIES];
	int treasury[PELO_MAX_CITIES];        /* talents; majors only, else 0 */
	int bellicosity[PELO_MAX_CITIES];     /* majors only: 0 .. 12 (6.2) */
	int resentment[PELO_MAX_CITIES];      /* majors only */
	int tribute[PELO_MAX_CITIES];         /* minors: talents a turn when a
	                                       tributary pays in full (7.1.1):
	                                       100, 200 or 300; else 0 */
	int8_t control[PELO_MAX_SPACES];      /* city-state in control, PELO_NONE neutral */
	uint8_t rebellion[PELO_MAX_SPACES];   /* 1: a rebellion marker */
	int nforces;
	struct pelo_force force[PELO_MAX_FORCES];
	/* seat[n][i]: for a game of n players, the seat (0 .. n-1) that
	 * commands major i (index into pelo_map.major); rows 0 and 1 unused */
	int8_t seat[PELO_MAX_SEATS + 1][PELO_MAX_MAJORS];
	int nactions;
	struct pelo_special_action action[PELO_MAX_SPECIAL_ACTIONS];
	int nleaders;
	struct pelo_leader leader[PELO_MAX_LEADERS];
	/* The city whose own ships, and whose own hoplites, give their side
	 * +2 when they are at least half of it (seed 002's lost modifiers, as
	 * the original game had them: Athens at sea, Sparta on land). */
	int8_t naval_skill, hoplite_skill;
	int activation[PELO_SP_TYPES];        /* talents to activate one SP (3) */
};

#define PELO_BELLICOSITY_MAX 12

/* pelo_map.c */
/* The space, area or city-state whose code is code (exact), or PELO_NONE. */
int pelo_space_by_code(const struct pelo_map *m, const char *code);
int pelo_area_by_code(const struct pelo_map *m, const char *code);
int pelo_city_by_code(const struct pelo_map *m, const char *code);
/* The major whose power letter is c (any case): its city index, or PELO_NONE. */
int pelo_major_by_letter(const struct pelo_map *m, char c);
/* The special path joining a and b (either order), or NULL. */
const struct pelo_special *pelo_special_between(const struct pelo_map *m, int a, int b);
/* City-state c's name for reports ("Athens"), or "?" for none. */
const char *pelo_city_name(const struct pelo_map *m, int c);
/* Step *s past the next code of a list the engine's tables write as
 * blank-separated codes ("att loc pho"), a '|' ending a group, into code;
 * 0 when none is left before a '|' or the end. */
int pelo_next_code(const char **s, char code[8]);
/* A space that cannot be reached from space 0 along paths of any kind
 * (special ones included), or PELO_NONE when every space can. */
int pelo_map_unreached(const struct pelo_map *m);

#endif
