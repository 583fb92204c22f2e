/*
 * pelo_map_load.c - reading the multi-player Peloponnesian War's board
 * (variants/peloponnesian/map.txt) and opening scenario (scenario.txt).
 *
 * Both files go through base/records.c: a table names the handler of
 * each record kind, and every handler checks its own line, so most errors
 * point at the record at fault.  What needs the whole file (a path listed
 * from one end only, a home space no city claims, a city-state count, a
 * status naming a coalition leader that is not dominant, a missing seat
 * deal, a special action given to a major its minor is not sympathetic
 * to) is checked after the last line, still naming the line of the
 * record concerned where there is one, else the file's last line.
 *
 * Words of the files (terrain, kinds of space, paths, classes, status
 * boxes, SP letters, special effects) are looked up in small tables, so a new word is a new
 * table row rather than another branch.
 */
#include <ctype.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/records.h"
#include "base/strbuf.h"
#include "variants/pelo_map_load.h"

#define NELEM(a) (sizeof (a) / sizeof (a)[0])

/* A word of a data file and the value it stands for. */
struct word {
	const char *text;
	int value;
};

static const struct word terrains[] = {
	{ "land", PELO_INLAND }, { "coast", PELO_COASTAL }, { "island", PELO_ISLAND },
};

static const struct word kind_bits[] = {
	{ "home", PELO_HOME }, { "fortress", PELO_FORTRESS }, { "port", PELO_PORT }, { "cape", PELO_CAPE },
};

static const struct word path_kinds[] = {
	{ "land", PELO_LAND }, { "naval", PELO_NAVAL }, { "combined", PELO_COMBINED },
};

static const struct word classes[] = {
	{ "major", PELO_MAJOR }, { "minor", PELO_MINOR }, { "kingdom", PELO_KINGDOM },
};

static const char *const path_names[] = { "no", "land", "naval", "combined", "storm" };

/* The value of text in a table of n words, or -1. */
static int lookup(const struct word *t, size_t n, const char *text)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(t[i].text, text))
			return t[i].value;
	return -1;
}

/* The next blank-separated word of *s, cut off with a NUL; *s moves past
 * it.  Returns "" at the end of the line, so callers test *word. */
static char *take_word(char **s)
{
	char *p = *s, *start;

	while (isspace((unsigned char)*p))
		p++;
	start = p;
	while (*p && !isspace((unsigned char)*p))
		p++;
	if (*p)
		*p++ = '\0';
	*s = p;
	return start;
}

/* 1 if w is three lower-case letters: the shape of every code. */
static int is_code(const char *w)
{
	return strlen(w) == 3 && islower((unsigned char)w[0]) &&
	       islower((unsigned char)w[1]) && islower((unsigned char)w[2]);
}

/* A whole number from lo to hi, from word w. */
static int whole(struct record_file *rf, const char *w, int lo, int hi, int *v)
{
	char *end;
	long n;

	if (!*w)
		return record_error(rf, "a number from %d to %d is missing", lo, hi);
	n = strtol(w, &end, 10);
	if (*end || end == w || n < lo || n > hi)
		return record_error(rf, "'%s' should be a whole number from %d to %d", w, lo, hi);
	*v = (int)n;
	return 0;
}

/* Degrees with at most two decimals, kept in hundredths, between lo and hi
 * hundredths. */
static int degrees(struct record_file *rf, const char *what, const char *w, int lo, int hi,
                   int16_t *v)
{
	char *end;
	double d = strtod(w, &end);
	long h;

	if (!*w || *end || end == w)
		return record_error(rf, "%s '%s' should be decimal degrees, like 37.98", what, w);
	h = (long)(d * 100.0 + (d < 0 ? -0.5 : 0.5));
	if (h < lo || h > hi)
		return record_error(rf, "%s %s is outside the map (%d.%02d to %d.%02d)", what, w,
		                    lo / 100, lo % 100, hi / 100, hi % 100);
	*v = (int16_t)h;
	return 0;
}

/* Copy a name into a fixed field, refusing one that would be cut. */
static int set_name(struct record_file *rf, char *dst, size_t size, const char *src)
{
	if (!*src || strlen(src) >= size)
		return record_error(rf, "'%s' should be a name of 1 to %zu characters", src, size - 1);
	memcpy(dst, src, strlen(src) + 1);
	return 0;
}

/* Enter text as a name of id in table t; what says what it names. */
static int add_name(struct record_file *rf, struct names *t, const char *what,
                    const char *text, int id)
{
	if (names_add(t, text, id) == NAMES_TAKEN)
		return record_error(rf, "duplicate name: '%s' already names another %s", text, what);
	return 0;
}

/* The names after "|": comma separated, each any number of words. */
static int add_aliases(struct record_file *rf, struct names *t, const char *what,
                       char *list, int id)
{
	while (list && *list) {
		char *a = record_take_item(&list);
		if (!*a)
			return record_error(rf, "an empty name in the list after '|'");
		if (add_name(rf, t, what, a, id))
			return -1;
	}
	return 0;
}

/* Cut "| aliases" off line; returns the aliases or NULL. */
static char *cut_aliases(char *line)
{
	char *bar = strchr(line, '|');

	if (bar)
		*bar++ = '\0';
	return bar;
}

/* ---------------------------------------------------------------- map */

struct map_reader {
	struct record_file rf;          /* first: the file, line and errors */
	struct pelo_board *b;
	int listed[PELO_MAX_SPACES][PELO_MAX_SPACES];  /* line listing a -> b, or 0 */
	int space_line[PELO_MAX_SPACES];
	int city_line[PELO_MAX_CITIES];
	int citystates_line;
};

/* The space named by code into *s, or an error naming the code. */
static int space_of(struct map_reader *r, const char *code, int *s)
{
	*s = pelo_space_by_code(&r->b->map, code);
	return *s == PELO_NONE ? record_error(&r->rf, "unknown space '%s'", code) : 0;
}

/* A space, or "-" for none. */
static int space_or_none(struct map_reader *r, const char *code, int *s)
{
	*s = PELO_NONE;
	return strcmp(code, "-") ? space_of(r, code, s) : 0;
}

/* variant NAME... */
static int rec_variant(void *ctx, const char *key, char *rest)
{
	struct map_reader *r = ctx;
	(void)key;
	return set_name(&r->rf, r->b->map.variant, sizeof r->b->map.variant, str_trim(rest));
}

/* citystates N */
static int rec_citystates(void *ctx, const char *key, char *rest)
{
	struct map_reader *r = ctx;
	(void)key;
	r->citystates_line = r->rf.line;
	return whole(&r->rf, str_trim(rest), 1, PELO_MAX_CITIES, &r->b->map.citystates);
}

/* area CODE Name... */
static int rec_area(void *ctx, const char *key, char *rest)
{
	struct map_reader *r = ctx;
	(void)key;
	struct pelo_map *m = &r->b->map;
	char *code = take_word(&rest);

	if (!is_code(code))
		return record_error(&r->rf, "area needs: code (3 lower-case letters) name");
	if (pelo_area_by_code(m, code) != PELO_NONE)
		return record_error(&r->rf, "duplicate area code '%s'", code);
	if (m->nareas >= PELO_MAX_AREAS)
		return record_error(&r->rf, "too many areas (at most %d)", PELO_MAX_AREAS);
	memcpy(m->area[m->nareas].code, code, 4);
	if (set_name(&r->rf, m->area[m->nareas].name, sizeof m->area[0].name, str_trim(rest)))
		return -1;
	m->nareas++;
	return 0;
}

/* The kinds field: "-" or words of kind_bits joined by commas (an empty
 * item, as in "home,,port", is passed over). */
static int space_kinds(struct map_reader *r, char *w, uint8_t *kinds)
{
	*kinds = 0;
	if (!strcmp(w, "-"))
		return 0;
	while (w) {
		char *k = record_take_item(&w);
		if (!*k)
			continue;
		int bit = lookup(kind_bits, NELEM(kind_bits), k);
		if (bit < 0)
			return record_error(&r->rf, "unknown kind of space '%s' (home, fortress, port, cape or -)", k);
		*kinds |= (uint8_t)bit;
	}
	return 0;
}

/* space CODE AREA TERRAIN KINDS LAT LON Name | alias, alias */
static int rec_space(void *ctx, const char *key, char *rest)
{
	struct map_reader *r = ctx;
	(void)key;
	struct pelo_map *m = &r->b->map;
	char *aliases = cut_aliases(rest), *w[6];
	struct pelo_space *sp;
	int terrain, s = m->nspaces;

	for (int i = 0; i < 6; i++)
		w[i] = take_word(&rest);
	rest = str_trim(rest);
	if (!*w[5] || !*rest)
		return record_error(&r->rf, "space needs: code area terrain kinds latitude longitude name");
	if (!is_code(w[0]))
		return record_error(&r->rf, "space code '%s' should be 3 lower-case letters", w[0]);
	if (pelo_space_by_code(m, w[0]) != PELO_NONE)
		return record_error(&r->rf, "duplicate space code '%s' (also line %d)", w[0],
		                    r->space_line[pelo_space_by_code(m, w[0])]);
	if (s >= PELO_MAX_SPACES)
		return record_error(&r->rf, "too many spaces (at most %d)", PELO_MAX_SPACES);
	sp = &m->space[s];
	memcpy(sp->code, w[0], 4);
	sp->home_of = PELO_NONE;
	if ((sp->area = (int8_t)pelo_area_by_code(m, w[1])) == PELO_NONE)
		return record_error(&r->rf, "unknown area '%s'", w[1]);
	if ((terrain = lookup(terrains, NELEM(terrains), w[2])) < 0)
		return record_error(&r->rf, "terrain must be land, coast or island, not '%s'", w[2]);
	sp->terrain = (int8_t)terrain;
	if (space_kinds(r, w[3], &sp->kinds) ||
	    degrees(&r->rf, "latitude", w[4], PELO_LAT_MIN, PELO_LAT_MAX, &sp->lat) ||
	    degrees(&r->rf, "longitude", w[5], PELO_LON_MIN, PELO_LON_MAX, &sp->lon) ||
	    set_name(&r->rf, sp->name, sizeof sp->name, rest))
		return -1;
	if ((sp->kinds & PELO_PORT) && sp->terrain == PELO_INLAND)
		return record_error(&r->rf, "an inland space cannot be a port");
	if (add_name(&r->rf, &r->b->spaces, "space", sp->code, s) ||
	    add_name(&r->rf, &r->b->spaces, "space", sp->name, s) ||
	    add_aliases(&r->rf, &r->b->spaces, "space", aliases, s))
		return -1;
	r->space_line[s] = r->rf.line;
	m->nspaces++;
	return 0;
}

/* city CODE LETTER CLASS HOME PORT Name Adjective | alias, alias */
static int rec_city(void *ctx, const char *key, char *rest)
{
	struct map_reader *r = ctx;
	(void)key;
	struct pelo_map *m = &r->b->map;
	char *aliases = cut_aliases(rest), *w[7];
	int c = m->ncities, class, home, port;
	struct pelo_city *city;

	for (int i = 0; i < 7; i++)
		w[i] = take_word(&rest);
	if (!*w[6] || *str_trim(rest))
		return record_error(&r->rf, "city needs: code letter class home port name adjective");
	if (!is_code(w[0]))
		return record_error(&r->rf, "city code '%s' should be 3 lower-case letters", w[0]);
	if (pelo_city_by_code(m, w[0]) != PELO_NONE)
		return record_error(&r->rf, "duplicate city code '%s'", w[0]);
	if (c >= PELO_MAX_CITIES)
		return record_error(&r->rf, "too many city-states (at most %d)", PELO_MAX_CITIES);
	if ((class = lookup(classes, NELEM(classes), w[2])) < 0)
		return record_error(&r->rf, "class must be major, minor or kingdom, not '%s'", w[2]);
	city = &m->city[c];
	memcpy(city->code, w[0], 4);
	city->class = (int8_t)class;
	if (class == PELO_MAJOR) {
		if (strlen(w[1]) != 1 || !isupper((unsigned char)w[1][0]) || w[1][0] == 'M')
			return record_error(&r->rf, "a major needs a power letter A-Z other than M (the Master's), not '%s'", w[1]);
		if (pelo_major_by_letter(m, w[1][0]) != PELO_NONE)
			return record_error(&r->rf, "duplicate power letter '%s'", w[1]);
		if (m->nmajors >= PELO_MAX_MAJORS)
			return record_error(&r->rf, "too many majors (at most %d)", PELO_MAX_MAJORS);
		city->letter = w[1][0];
	} else if (strcmp(w[1], "-")) {
		return record_error(&r->rf, "only majors have a power letter: write '-' for '%s'", w[1]);
	}
	if (space_or_none(r, w[3], &home) || space_or_none(r, w[4], &port))
		return -1;
	if (home == PELO_NONE && class != PELO_KINGDOM)
		return record_error(&r->rf, "city-state %s needs a home space (only kingdoms may have none)", w[0]);
	if (home != PELO_NONE) {
		struct pelo_space *h = &m->space[home];
		if (!(h->kinds & PELO_HOME))
			return record_error(&r->rf, "%s is not marked home in its space record", h->code);
		if (h->home_of != PELO_NONE)
			return record_error(&r->rf, "%s is already the home of %s", h->code,
			                    m->city[h->home_of].code);
		h->home_of = (int8_t)c;
	}
	if (port != PELO_NONE) {
		if (home == PELO_NONE || !(m->space[port].kinds & PELO_PORT) ||
		    m->space[port].area != m->space[home].area)
			return record_error(&r->rf, "port %s should be a space marked port in the home space's area",
			                    m->space[port].code);
	} else if (home != PELO_NONE && m->space[home].terrain != PELO_INLAND) {
		port = home;        /* a city on the sea keeps its ships at home */
	}
	city->home = (int8_t)home;
	city->port = (int8_t)port;
	if (set_name(&r->rf, city->name, sizeof city->name, w[5]) ||
	    set_name(&r->rf, city->adjective, sizeof city->adjective, w[6]) ||
	    add_name(&r->rf, &r->b->cities, "city-state", city->code, c) ||
	    add_name(&r->rf, &r->b->cities, "city-state", city->name, c) ||
	    add_aliases(&r->rf, &r->b->cities, "city-state", aliases, c))
		return -1;
	if (class == PELO_MAJOR)
		m->major[m->nmajors++] = (int8_t)c;
	r->city_line[c] = r->rf.line;
	m->ncities++;
	return 0;
}

/* Which terrain each kind of path may touch: ships need a shore, and no
 * army walks to an island.  Returns 0 or -1 after the error. */
static int path_fits(struct map_reader *r, int kind, int a, int b)
{
	const struct pelo_space *sa = &r->b->map.space[a], *sb = &r->b->map.space[b];

	if (kind == PELO_LAND && (sa->terrain == PELO_ISLAND || sb->terrain == PELO_ISLAND))
		return record_error(&r->rf, "a land path cannot reach island %s",
		                    (sa->terrain == PELO_ISLAND ? sa : sb)->code);
	if (kind != PELO_LAND && (sa->terrain == PELO_INLAND || sb->terrain == PELO_INLAND))
		return record_error(&r->rf, "a %s path needs a shore: %s is inland", path_names[kind],
		                    (sa->terrain == PELO_INLAND ? sa : sb)->code);
	return 0;
}

/* land|naval|combined CODE: CODE CODE ... */
static int rec_paths(void *ctx, const char *key, char *rest)
{
	struct map_reader *r = ctx;
	struct pelo_map *m = &r->b->map;
	int kind = lookup(path_kinds, NELEM(path_kinds), key), from;
	char *w, *to_codes[PELO_MAX_SPACES];
	int n = record_neighbours(&r->rf, key, rest, &w, to_codes, PELO_MAX_SPACES);

	if (n < 0)
		return -1;
	if (n == 0)
		return record_error(&r->rf, "%s needs: space: neighbour neighbour ...", key);
	if (space_of(r, w, &from))
		return -1;
	for (int i = 0; i < n; i++) {
		char *to_code = to_codes[i];
		int to;
		if (space_of(r, to_code, &to))
			return -1;
		if (to == from)
			return record_error(&r->rf, "%s cannot have a path to itself", to_code);
		if (r->listed[from][to])
			return record_error(&r->rf, "path %s - %s listed twice (also line %d)", w, to_code,
			                    r->listed[from][to]);
		if (m->path[to][from] && m->path[to][from] != kind)
			return record_error(&r->rf, "path %s - %s is %s here but %s at line %d", w, to_code,
			                    key, path_names[m->path[to][from]], r->listed[to][from]);
		if (path_fits(r, kind, from, to))
			return -1;
		m->path[from][to] = (uint8_t)kind;
		r->listed[from][to] = r->rf.line;
	}
	return 0;
}

/* The two spaces a special path joins. */
static int special_ends(struct map_reader *r, char **rest, int *a, int *b)
{
	char *wa = take_word(rest), *wb = take_word(rest);

	if (!*wb)
		return record_error(&r->rf, "a special path needs two spaces");
	if (space_of(r, wa, a) || space_of(r, wb, b))
		return -1;
	if (*a == *b)
		return record_error(&r->rf, "a special path needs two different spaces");
	if (pelo_special_between(&r->b->map, *a, *b))
		return record_error(&r->rf, "%s - %s already has a special path", wa, wb);
	if (r->b->map.nspecial >= PELO_MAX_SPECIAL)
		return record_error(&r->rf, "too many special paths (at most %d)", PELO_MAX_SPECIAL);
	return 0;
}

/* isthmus A B: marks the land path A - B (listed above), which ships
 * may also cross */
static int rec_isthmus(void *ctx, const char *key, char *rest)
{
	struct map_reader *r = ctx;
	(void)key;
	struct pelo_map *m = &r->b->map;
	int a, b;

	if (special_ends(r, &rest, &a, &b))
		return -1;
	if (*str_trim(rest))
		return record_error(&r->rf, "isthmus takes two spaces");
	if (m->path[a][b] != PELO_LAND || m->path[b][a] != PELO_LAND)
		return record_error(&r->rf, "an isthmus marks a land path listed above from both ends: %s - %s has none",
		                    m->space[a].code, m->space[b].code);
	if (path_fits(r, PELO_NAVAL, a, b))     /* ships cross it too */
		return -1;
	m->special[m->nspecial++] = (struct pelo_special){ PELO_ISTHMUS, (int8_t)a, (int8_t)b, 0 };
	return 0;
}

/* storm A B ROLL: a crossing of its own */
static int rec_storm(void *ctx, const char *key, char *rest)
{
	struct map_reader *r = ctx;
	(void)key;
	struct pelo_map *m = &r->b->map;
	int a, b, roll;

	if (special_ends(r, &rest, &a, &b) || whole(&r->rf, take_word(&rest), 1, 6, &roll))
		return -1;
	if (*str_trim(rest))
		return record_error(&r->rf, "storm takes two spaces and the lowest losing roll");
	if (m->path[a][b] || m->path[b][a])
		return record_error(&r->rf, "%s - %s already has a %s path", m->space[a].code,
		                    m->space[b].code, path_names[m->path[a][b] | m->path[b][a]]);
	if (path_fits(r, PELO_NAVAL, a, b))
		return -1;
	m->path[a][b] = m->path[b][a] = PELO_STORM;
	r->listed[a][b] = r->listed[b][a] = r->rf.line;
	m->special[m->nspecial++] = (struct pelo_special){ PELO_STORMY, (int8_t)a, (int8_t)b, (int8_t)roll };
	return 0;
}

/* rf pointed at line, for an error found after the whole file was read;
 * line 0 leaves it at the file's last line. */
static struct record_file *at(struct record_file *rf, int line)
{
	if (line)
		rf->line = line;
	return rf;
}

/* Put map.major in the alphabetical order of names: majors play their
 * rounds in that order (chapter 2), whatever the file's order. */
static void sort_majors(struct pelo_map *m)
{
	for (int i = 1; i < m->nmajors; i++)
		for (int j = i; j > 0 && strcmp(m->city[m->major[j - 1]].name, m->city[m->major[j]].name) > 0; j--) {
			int8_t t = m->major[j];
			m->major[j] = m->major[j - 1];
			m->major[j - 1] = t;
		}
}

/* What can only be checked with the whole board read. */
static int map_whole(struct map_reader *r)
{
	struct pelo_map *m = &r->b->map;
	struct record_file *rf = &r->rf;
	int homes = 0, lost;

	for (int a = 0; a < m->nspaces; a++)
		for (int b = 0; b < m->nspaces; b++)
			if (r->listed[a][b] && !r->listed[b][a])
				return record_error(at(rf, r->listed[a][b]), "one-way path: %s lists %s, but %s does not list %s",
				                    m->space[a].code, m->space[b].code, m->space[b].code, m->space[a].code);
	for (int s = 0; s < m->nspaces; s++)
		if ((m->space[s].kinds & PELO_HOME) && m->space[s].home_of == PELO_NONE)
			return record_error(at(rf, r->space_line[s]), "%s is marked home but no city record names it",
			                    m->space[s].code);
	for (int c = 0; c < m->ncities; c++)
		homes += m->city[c].home != PELO_NONE;
	if (!m->variant[0])
		return record_error(rf, "no variant record");
	if (m->nmajors < 2)
		return record_error(rf, "at least two majors are needed, %d found", m->nmajors);
	if (m->citystates && m->citystates != homes)
		return record_error(at(rf, r->citystates_line),
		                    "the citystates record says %d, but %d cities have a home space", m->citystates, homes);
	if ((lost = pelo_map_unreached(m)) != PELO_NONE)
		return record_error(at(rf, r->space_line[lost]), "%s cannot be reached from %s by any path",
		                    m->space[lost].code, m->space[0].code);
	sort_majors(m);
	return 0;
}

/* The records of the board file, and who reads each. */
static const struct record_kind map_kinds[] = {
	{ "variant", rec_variant }, { "citystates", rec_citystates },
	{ "area", rec_area }, { "space", rec_space }, { "city", rec_city },
	{ "land", rec_paths }, { "naval", rec_paths }, { "combined", rec_paths },
	{ "isthmus", rec_isthmus }, { "storm", rec_storm },
};

int pelo_map_load(const char *path, struct pelo_board *b)
{
	struct map_reader *r = xcalloc(1, sizeof *r);
	int rc;

	memset(b, 0, sizeof *b);
	names_init(&b->spaces);
	names_init(&b->cities);
	names_init(&b->specials);
	r->rf = (struct record_file){ path, 0 };
	r->b = b;
	rc = records_read(&r->rf, map_kinds, NELEM(map_kinds), r);
	if (!rc)
		rc = map_whole(r);
	if (rc)
		pelo_board_free(b);
	free(r);
	return rc;
}

/* ----------------------------------------------------------- scenario */

struct scen_reader {
	struct record_file rf;          /* first: the file, line and errors */
	struct pelo_board *b;
	int status_line[PELO_MAX_CITIES];
	int sympathy_line[PELO_MAX_CITIES];
	int money_line[3][PELO_MAX_CITIES];  /* treasury, bellicosity, resentment */
	int tribute_line[PELO_MAX_CITIES];
	int control_line[PELO_MAX_SPACES];
	int rebellion_line[PELO_MAX_SPACES];
	int force_line[PELO_MAX_FORCES];
	int seats_line[PELO_MAX_SEATS + 1];
	int action_line[PELO_MAX_SPECIAL_ACTIONS];
	int start_line, turns_line, years_line, name_line;
};

/* Where a word puts a status marker, and who may stand there. */
struct box_word {
	const char *text;
	int box;
	int for_major;     /* 1: majors only; 0: minors and kingdoms only */
	int needs_of;      /* 1: names a major after the word */
};

static const struct box_word boxes[] = {
	{ "dominant",  PELO_BOX_DOMINANT,  1, 0 },
	{ "neutral",   PELO_BOX_NEUTRAL,   1, 0 },
	{ "partner",   PELO_BOX_PARTNER,   1, 1 },
	{ "war",       PELO_BOX_AT_WAR,    1, 1 },
	{ "neutral",   PELO_BOX_NEUTRAL,   0, 0 },
	{ "ally",      PELO_BOX_ALLY,      0, 1 },
	{ "tributary", PELO_BOX_TRIBUTARY, 0, 1 },
	{ "enemy",     PELO_BOX_ENEMY,     0, 1 },
};

/* The three numbers each major starts with. */
static const char *const moneys[] = { "treasury", "bellicosity", "resentment" };

static const char sp_letters[] = "HCN";    /* in enum pelo_sp order */

/* The space, city-state or major named by code, or an error naming it. */
static int scen_space(struct scen_reader *r, const char *code, int *s)
{
	*s = *code ? pelo_space_by_code(&r->b->map, code) : PELO_NONE;
	return *s == PELO_NONE ? record_error(&r->rf, "unknown space '%s'", code) : 0;
}

static int scen_city(struct scen_reader *r, const char *code, int *c)
{
	*c = *code ? pelo_city_by_code(&r->b->map, code) : PELO_NONE;
	return *c == PELO_NONE ? record_error(&r->rf, "unknown city-state '%s'", code) : 0;
}

static int scen_major(struct scen_reader *r, const char *code, int *c)
{
	if (scen_city(r, code, c))
		return -1;
	if (r->b->map.city[*c].class != PELO_MAJOR)
		return record_error(&r->rf, "%s is not a major city-state", code);
	return 0;
}

/* Refuse a second record for the same thing: *line is 0 until it is set. */
static int once(struct scen_reader *r, int *line, const char *what, const char *code)
{
	if (*line)
		return record_error(&r->rf, "%s for %s given twice (also line %d)", what, code, *line);
	*line = r->rf.line;
	return 0;
}

/* scenario NAME... */
static int rec_scenario(void *ctx, const char *key, char *rest)
{
	struct scen_reader *r = ctx;
	(void)key;
	if (once(r, &r->name_line, "the name", "the scenario"))
		return -1;
	return set_name(&r->rf, r->b->scen.name, sizeof r->b->scen.name, str_trim(rest));
}

/* start YEAR | years N | turns N: the calendar */
static int rec_calendar(void *ctx, const char *key, char *rest)
{
	struct scen_reader *r = ctx;
	struct pelo_scenario *sc = &r->b->scen;
	const struct { const char *key; int *line, *value, max; } cal[] = {
		{ "start", &r->start_line, &sc->start_year, 1000 },
		{ "years", &r->years_line, &sc->years_per_turn, 10 },
		{ "turns", &r->turns_line, &sc->turns, 100 },
	};

	for (size_t i = 0; i < NELEM(cal); i++)
		if (!strcmp(cal[i].key, key))
			return once(r, cal[i].line, key, "the scenario") ||
			       whole(&r->rf, str_trim(rest), 1, cal[i].max, cal[i].value) ? -1 : 0;
	return record_error(&r->rf, "unknown record '%s'", key);
}

/* status CITY BOX [MAJOR] */
static int rec_status(void *ctx, const char *key, char *rest)
{
	struct scen_reader *r = ctx;
	(void)key;
	const struct pelo_map *m = &r->b->map;
	char *code = take_word(&rest), *word = take_word(&rest), *ofw = take_word(&rest);
	int c, of = PELO_NONE;

	if (scen_city(r, code, &c) || once(r, &r->status_line[c], "status", code))
		return -1;
	int major = m->city[c].class == PELO_MAJOR;
	for (size_t i = 0; i < NELEM(boxes); i++) {
		const struct box_word *bw = &boxes[i];
		if (strcmp(bw->text, word) || bw->for_major != major)
			continue;
		if (bw->needs_of != (*ofw != 0) || *str_trim(rest))
			return record_error(&r->rf, "'%s' %s", word, bw->needs_of ? "needs one major after it" : "takes nothing after it");
		if (bw->needs_of && scen_major(r, ofw, &of))
			return -1;
		if (of == c)
			return record_error(&r->rf, "%s cannot be in its own box", code);
		r->b->scen.status[c] = (struct pelo_status){ (int8_t)bw->box, (int8_t)of, r->b->scen.status[c].sympathetic };
		return 0;
	}
	return record_error(&r->rf, "'%s' is not a status of a %s (%s)", word, major ? "major" : "minor",
	                    major ? "dominant, neutral, partner X, war X" : "neutral, ally X, tributary X, enemy X");
}

/* sympathy MINOR MAJOR */
static int rec_sympathy(void *ctx, const char *key, char *rest)
{
	struct scen_reader *r = ctx;
	(void)key;
	char *code = take_word(&rest), *majw = take_word(&rest);
	int c, maj;

	if (scen_city(r, code, &c) || scen_major(r, majw, &maj))
		return -1;
	if (*str_trim(rest))
		return record_error(&r->rf, "sympathy takes a minor and a major");
	if (r->b->map.city[c].class == PELO_MAJOR)
		return record_error(&r->rf, "only a minor can be sympathetic, and %s is a major", code);
	if (once(r, &r->sympathy_line[c], "sympathy", code))
		return -1;
	r->b->scen.status[c].sympathetic = (int8_t)maj;
	return 0;
}

/* treasury|bellicosity|resentment MAJOR N */
static int rec_money(void *ctx, const char *key, char *rest)
{
	struct scen_reader *r = ctx;
	struct pelo_scenario *sc = &r->b->scen;
	const struct { int *value; int max; } field[NELEM(moneys)] = {
		{ sc->treasury, 99999 },
		{ sc->bellicosity, PELO_BELLICOSITY_MAX },
		{ sc->resentment, 99 },
	};
	char *code = take_word(&rest);
	size_t k = 0;
	int c;

	while (strcmp(moneys[k], key))
		k++;
	if (scen_major(r, code, &c) || once(r, &r->money_line[k][c], key, code) ||
	    whole(&r->rf, take_word(&rest), 0, field[k].max, &field[k].value[c]))
		return -1;
	if (*str_trim(rest))
		return record_error(&r->rf, "%s takes a major and one number", key);
	return 0;
}

/* tribute MINOR RATE: what the minor pays as a tributary (7.1.1 knows
 * only three rates) */
static int rec_tribute(void *ctx, const char *key, char *rest)
{
	struct scen_reader *r = ctx;
	char *code = take_word(&rest);
	int c, rate;

	if (scen_city(r, code, &c))
		return -1;
	if (r->b->map.city[c].class != PELO_MINOR)
		return record_error(&r->rf, "only a minor city-state pays tribute, and %s is not one", code);
	if (once(r, &r->tribute_line[c], key, code) || whole(&r->rf, take_word(&rest), 100, 300, &rate))
		return -1;
	if (rate % 100)
		return record_error(&r->rf, "a tribute rate is 100, 200 or 300, not %d", rate);
	if (*str_trim(rest))
		return record_error(&r->rf, "tribute takes a minor and its rate");
	r->b->scen.tribute[c] = rate;
	return 0;
}

/* control SPACE CITY|neutral */
static int rec_control(void *ctx, const char *key, char *rest)
{
	struct scen_reader *r = ctx;
	(void)key;
	char *sw = take_word(&rest), *cw = take_word(&rest);
	int s, c = PELO_NONE;

	if (scen_space(r, sw, &s) || once(r, &r->control_line[s], "control", sw))
		return -1;
	if (strcmp(cw, "neutral") && scen_city(r, cw, &c))
		return -1;
	if (*str_trim(rest))
		return record_error(&r->rf, "control takes a space and a city-state (or neutral)");
	if (c != PELO_NONE && r->b->map.city[c].home == PELO_NONE)
		return record_error(&r->rf, "%s has no home space and cannot control %s", cw, sw);
	r->b->scen.control[s] = (int8_t)c;
	return 0;
}

/* rebellion SPACE */
static int rec_rebellion(void *ctx, const char *key, char *rest)
{
	struct scen_reader *r = ctx;
	(void)key;
	char *sw = take_word(&rest);
	int s;

	if (scen_space(r, sw, &s) || once(r, &r->rebellion_line[s], "a rebellion marker", sw))
		return -1;
	if (*str_trim(rest))
		return record_error(&r->rf, "rebellion takes one space");
	r->b->scen.rebellion[s] = 1;
	return 0;
}

/* The force of city c in space s, made empty if there is none yet. */
static int force_of(struct scen_reader *r, int c, int s, struct pelo_force **f)
{
	struct pelo_scenario *sc = &r->b->scen;

	for (int i = 0; i < sc->nforces; i++)
		if (sc->force[i].city == c && sc->force[i].space == s) {
			*f = &sc->force[i];
			return 0;
		}
	if (sc->nforces >= PELO_MAX_FORCES)
		return record_error(&r->rf, "too many forces (at most %d)", PELO_MAX_FORCES);
	r->force_line[sc->nforces] = r->rf.line;
	*f = &sc->force[sc->nforces++];
	**f = (struct pelo_force){ .city = (int8_t)c, .space = (int8_t)s };
	return 0;
}

/* force CITY SPACE nH nC nN (any of them, any order) */
static int rec_force(void *ctx, const char *key, char *rest)
{
	struct scen_reader *r = ctx;
	(void)key;
	const struct pelo_map *m = &r->b->map;
	char *cw = take_word(&rest), *sw = take_word(&rest), *w;
	int c, s, given[PELO_SP_TYPES] = { 0 }, n = 0;
	struct pelo_force *f;

	if (scen_city(r, cw, &c) || scen_space(r, sw, &s) || force_of(r, c, s, &f))
		return -1;
	for (int t = 0; t < PELO_SP_TYPES; t++)
		if (f->sp[t])
			return record_error(&r->rf, "the force of %s in %s is given twice", cw, sw);
	while (*(w = take_word(&rest))) {
		size_t len = strlen(w);
		const char *type = len ? strchr(sp_letters, toupper((unsigned char)w[len - 1])) : NULL;
		int t, v;
		if (!type || !*type)
			return record_error(&r->rf, "'%s' should be a number of SPs and H, C or N, like 7H", w);
		t = (int)(type - sp_letters);
		w[len - 1] = '\0';
		if (given[t]++)
			return record_error(&r->rf, "%c SPs given twice", sp_letters[t]);
		if (whole(&r->rf, w, 1, 99, &v))
			return -1;
		f->sp[t] = (int8_t)v;
		n++;
	}
	if (!n)
		return record_error(&r->rf, "force needs: city-state space and SPs like 7H 1C 12N");
	if (f->sp[PELO_NAVAL_SP] && m->space[s].terrain == PELO_INLAND)
		return record_error(&r->rf, "naval SPs cannot stand in inland %s", sw);
	return 0;
}

/* garrison CITY SPACE */
static int rec_garrison(void *ctx, const char *key, char *rest)
{
	struct scen_reader *r = ctx;
	(void)key;
	const struct pelo_scenario *sc = &r->b->scen;
	char *cw = take_word(&rest), *sw = take_word(&rest);
	int c, s;
	struct pelo_force *f;

	if (scen_city(r, cw, &c) || scen_space(r, sw, &s))
		return -1;
	if (*str_trim(rest))
		return record_error(&r->rf, "garrison takes a city-state and a space");
	if (!(r->b->map.space[s].kinds & PELO_FORTRESS))
		return record_error(&r->rf, "a garrison needs a fortress, and %s is none", sw);
	for (int i = 0; i < sc->nforces; i++)
		if (sc->force[i].space == s && sc->force[i].garrison)
			return record_error(&r->rf, "%s already has a garrison (line %d)", sw, r->force_line[i]);
	if (force_of(r, c, s, &f))
		return -1;
	f->garrison = 1;
	return 0;
}

/* seats N GROUP GROUP ...: each group the letters of the majors one
 * player commands */
static int rec_seats(void *ctx, const char *key, char *rest)
{
	struct scen_reader *r = ctx;
	(void)key;
	const struct pelo_map *m = &r->b->map;
	int n, groups = 0, dealt[PELO_MAX_MAJORS] = { 0 };
	char *w;

	if (whole(&r->rf, take_word(&rest), 2, m->nmajors, &n) ||
	    once(r, &r->seats_line[n], "the seats", "that many players"))
		return -1;
	while (*(w = take_word(&rest))) {
		if (groups == n)
			return record_error(&r->rf, "more groups of majors than the %d players", n);
		for (; *w; w++) {
			int c = pelo_major_by_letter(m, *w), i = 0;
			if (c == PELO_NONE)
				return record_error(&r->rf, "'%c' is not the letter of a major", *w);
			while (m->major[i] != c)
				i++;
			if (dealt[i]++)
				return record_error(&r->rf, "%s is dealt twice", m->city[c].name);
			r->b->scen.seat[n][i] = (int8_t)groups;
		}
		groups++;
	}
	if (groups != n)
		return record_error(&r->rf, "%d players need %d groups of majors, not %d", n, n, groups);
	for (int i = 0; i < m->nmajors; i++)
		if (!dealt[i])
			return record_error(&r->rf, "%s is dealt to nobody", m->city[m->major[i]].name);
	return 0;
}

/* The effects a special action may have (RULES.md 2.5). */
static const struct word special_effects[] = {
	{ "ally", PELO_SX_ALLY }, { "congress", PELO_SX_CONGRESS },
};

/* special CODE MAJOR EFFECT MINOR NAME... [| ALIASES]: one of the
 * scenario's special diplomatic actions, which only MAJOR may take, once
 * a game; NAME and the aliases are what players may write for it. */
static int rec_special(void *ctx, const char *key, char *rest)
{
	struct scen_reader *r = ctx;
	(void)key;
	const struct pelo_map *m = &r->b->map;
	struct pelo_scenario *sc = &r->b->scen;
	char *aliases = cut_aliases(rest);
	char *code = take_word(&rest), *majw = take_word(&rest), *effw = take_word(&rest);
	char *minw = take_word(&rest), *nm = str_trim(rest);
	struct pelo_special_action *sa = &sc->action[sc->nactions];
	int maj, minor, effect, n = sc->nactions;
	size_t len = strlen(code);

	if (n == PELO_MAX_SPECIAL_ACTIONS)
		return record_error(&r->rf, "more than %d special actions", PELO_MAX_SPECIAL_ACTIONS);
	/* the code is the canonical order word: letters only, so it never
	 * reads as a number or a city-state's three-letter code */
	if (len < 4 || len >= sizeof sa->code || strspn(code, "abcdefghijklmnopqrstuvwxyz") != len)
		return record_error(&r->rf, "'%s' should be a code of 4 to %zu lower-case letters", code,
		                    sizeof sa->code - 1);
	if (scen_major(r, majw, &maj))
		return -1;
	if ((effect = lookup(special_effects, NELEM(special_effects), effw)) < 0)
		return record_error(&r->rf, "'%s' is not a special effect (ally, congress)", effw);
	if (scen_city(r, minw, &minor))
		return -1;
	if (m->city[minor].class != PELO_MINOR || m->city[minor].home == PELO_NONE)
		return record_error(&r->rf, "a special action concerns a minor city-state with a home space, "
		                    "and %s is not one", minw);
	if (set_name(&r->rf, sa->name, sizeof sa->name, nm))
		return -1;
	memcpy(sa->code, code, len + 1);
	sa->effect = (int8_t)effect;
	sa->major = (int8_t)maj;
	sa->minor = (int8_t)minor;
	if (add_name(&r->rf, &r->b->specials, "special action", sa->code, n) ||
	    add_name(&r->rf, &r->b->specials, "special action", sa->name, n) ||
	    add_aliases(&r->rf, &r->b->specials, "special action", aliases, n))
		return -1;
	r->action_line[n] = r->rf.line;
	sc->nactions++;
	return 0;
}

/* leader CODE MAJOR BATTLE BRAVERY FROM-TO NAME... | general CODE MAJOR
 * BATTLE BRAVERY NAME...: a leader of chapter 8, who may lead from turn
 * FROM to turn TO; a general is there all game and is replaced when he
 * falls (RULES.md 8).  CODE and NAME are what players write in LEADER. */
static int rec_leader(void *ctx, const char *key, char *rest)
{
	struct scen_reader *r = ctx;
	struct pelo_scenario *sc = &r->b->scen;
	struct pelo_leader *l = &sc->leader[sc->nleaders];
	int generic = !strcmp(key, "general");
	char *code = take_word(&rest), *majw = take_word(&rest), *bw = take_word(&rest);
	char *vw = take_word(&rest), *tw = generic ? "" : take_word(&rest), *nm = str_trim(rest);
	int maj, battle, bravery, from = 1, to = 99;
	size_t len = strlen(code);

	if (sc->nleaders == PELO_MAX_LEADERS)
		return record_error(&r->rf, "more than %d leaders", PELO_MAX_LEADERS);
	if (len < 4 || len >= sizeof l->code || strspn(code, "abcdefghijklmnopqrstuvwxyz") != len)
		return record_error(&r->rf, "'%s' should be a code of 4 to %zu lower-case letters", code,
		                    sizeof l->code - 1);
	if (scen_major(r, majw, &maj) || whole(&r->rf, bw, 0, 5, &battle) ||
	    whole(&r->rf, vw, 0, 6, &bravery))
		return -1;
	if (!generic) {
		char *dash = strchr(tw, '-');
		if (!dash)
			return record_error(&r->rf, "'%s' should be the turns he may lead, like 1-4", tw);
		*dash = '\0';
		if (whole(&r->rf, tw, 1, 99, &from) || whole(&r->rf, dash + 1, from, 99, &to))
			return -1;
	}
	*l = (struct pelo_leader){ .city = (int8_t)maj, .battle = (int8_t)battle,
	                         .bravery = (int8_t)bravery, .from = (int8_t)from,
	                         .to = (int8_t)(to > 127 ? 127 : to), .generic = (int8_t)generic };
	memcpy(l->code, code, len + 1);
	if (set_name(&r->rf, l->name, sizeof l->name, nm) ||
	    add_name(&r->rf, &r->b->leaders, "leader", l->code, sc->nleaders) ||
	    add_name(&r->rf, &r->b->leaders, "leader", l->name, sc->nleaders))
		return -1;
	sc->nleaders++;
	return 0;
}

/* skill naval CITY | skill hoplite CITY: whose own SPs earn the +2 */
static int rec_skill(void *ctx, const char *key, char *rest)
{
	struct scen_reader *r = ctx;
	(void)key;
	char *kind = take_word(&rest), *cw = take_word(&rest);
	int c;

	if (scen_major(r, cw, &c))
		return -1;
	if (!strcmp(kind, "naval"))
		r->b->scen.naval_skill = (int8_t)c;
	else if (!strcmp(kind, "hoplite"))
		r->b->scen.hoplite_skill = (int8_t)c;
	else
		return record_error(&r->rf, "skill is naval or hoplite, not '%s'", kind);
	return 0;
}

/* activation nH nC nN: talents to activate one SP of each type (3) */
static int rec_activation(void *ctx, const char *key, char *rest)
{
	struct scen_reader *r = ctx;
	(void)key;
	char *w;
	int n = 0;

	while (*(w = take_word(&rest))) {
		size_t len = strlen(w);
		const char *type = len ? strchr(sp_letters, toupper((unsigned char)w[len - 1])) : NULL;
		int v;
		if (!type || !*type)
			return record_error(&r->rf, "'%s' should be talents and H, C or N, like 100H", w);
		w[len - 1] = '\0';
		if (whole(&r->rf, w, 0, 10000, &v))
			return -1;
		r->b->scen.activation[type - sp_letters] = v;
		n++;
	}
	return n == PELO_SP_TYPES ? 0 : record_error(&r->rf, "activation gives H, C and N");
}

/* What can only be checked with the whole scenario read. */
static int scen_whole(struct scen_reader *r)
{
	const struct pelo_map *m = &r->b->map;
	struct pelo_scenario *sc = &r->b->scen;
	struct record_file *rf = &r->rf;

	if (!r->name_line || !r->start_line || !r->turns_line || !r->years_line)
		return record_error(rf, "scenario, start, years and turns must all be given");
	for (int c = 0; c < m->ncities; c++) {
		const struct pelo_status *st = &sc->status[c];
		if (!r->status_line[c])
			return record_error(rf, "no status for %s", m->city[c].name);
		if ((st->box == PELO_BOX_PARTNER || st->box == PELO_BOX_AT_WAR) &&
		    sc->status[st->of].box != PELO_BOX_DOMINANT)
			return record_error(at(rf, r->status_line[c]), "%s can only be a partner of, or at war with, a dominant major, and %s is not dominant",
			                    m->city[c].name, m->city[st->of].name);
		if (m->city[c].class == PELO_MINOR && !r->tribute_line[c])
			return record_error(rf, "no tribute rate for %s (any minor may become a tributary)",
			                    m->city[c].name);
		if (m->city[c].class != PELO_MAJOR)
			continue;
		for (size_t k = 0; k < NELEM(moneys); k++)
			if (!r->money_line[k][c])
				return record_error(rf, "no %s for %s", moneys[k], m->city[c].name);
	}
	for (int s = 0; s < m->nspaces; s++)
		if (sc->rebellion[s] && sc->control[s] == PELO_NONE)
			return record_error(at(rf, r->rebellion_line[s]), "a rebellion needs a controller to rebel against: %s is neutral",
			                    m->space[s].code);
	/* a major must never be unable to march for want of a name */
	for (int k = 0; k < m->nmajors; k++) {
		int general = 0;
		for (int i = 0; i < sc->nleaders; i++)
			general |= sc->leader[i].generic && sc->leader[i].city == m->major[k];
		if (!general)
			return record_error(rf, "%s has no general (a leader there all game)",
			                    m->city[m->major[k]].name);
	}
	if (sc->naval_skill == PELO_NONE || sc->hoplite_skill == PELO_NONE)
		return record_error(rf, "skill naval and skill hoplite must both be given");
	for (int n = 2; n <= m->nmajors; n++)
		if (!r->seats_line[n])
			return record_error(rf, "no seats record for %d players", n);
	/* seed 000 gives the special actions to the sympathetic major: a
	 * record naming another would contradict the sympathy record */
	for (int i = 0; i < sc->nactions; i++) {
		const struct pelo_special_action *sa = &sc->action[i];
		if (sc->status[sa->minor].sympathetic != sa->major)
			return record_error(at(rf, r->action_line[i]), "%s is not sympathetic to %s: only the major a minor is sympathetic to takes its special action",
			                    m->city[sa->minor].name, m->city[sa->major].name);
	}
	return 0;
}

/* The records of the scenario file, and who reads each. */
static const struct record_kind scen_kinds[] = {
	{ "scenario", rec_scenario },
	{ "start", rec_calendar }, { "years", rec_calendar }, { "turns", rec_calendar },
	{ "status", rec_status }, { "sympathy", rec_sympathy },
	{ "treasury", rec_money }, { "bellicosity", rec_money }, { "resentment", rec_money },
	{ "tribute", rec_tribute },
	{ "control", rec_control }, { "rebellion", rec_rebellion },
	{ "force", rec_force }, { "garrison", rec_garrison },
	{ "seats", rec_seats }, { "special", rec_special },
	{ "leader", rec_leader }, { "general", rec_leader },
	{ "skill", rec_skill }, { "activation", rec_activation },
};

int pelo_scenario_load(const char *path, struct pelo_board *b)
{
	struct scen_reader *r = xcalloc(1, sizeof *r);
	struct pelo_scenario *sc = &b->scen;
	int rc;

	memset(sc, 0, sizeof *sc);
	/* Before any record: every city neutral and no one's sympathy; every
	 * home space held by its own city, every other space by nobody. */
	for (int c = 0; c < PELO_MAX_CITIES; c++)
		sc->status[c] = (struct pelo_status){ PELO_BOX_NEUTRAL, PELO_NONE, PELO_NONE };
	sc->naval_skill = sc->hoplite_skill = PELO_NONE;
	for (int s = 0; s < PELO_MAX_SPACES; s++)
		sc->control[s] = s < b->map.nspaces ? b->map.space[s].home_of : PELO_NONE;
	r->rf = (struct record_file){ path, 0 };
	r->b = b;
	rc = records_read(&r->rf, scen_kinds, NELEM(scen_kinds), r);
	if (!rc)
		rc = scen_whole(r);
	free(r);
	return rc;
}

void pelo_board_free(struct pelo_board *b)
{
	names_free(&b->spaces);
	names_free(&b->cities);
	names_free(&b->specials);
	names_free(&b->leaders);
}
