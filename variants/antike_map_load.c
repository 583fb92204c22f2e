/*
 * antike_map_load.c - reading variants/antike/map.txt (its header gives
 * the records) into struct ant_map, and refusing a map the rules could
 * not be played on.
 *
 * Two passes, as the other families' readers do: the records one by one,
 * each error naming its line (a name must be declared before it is used,
 * so an unknown code is caught where it is written); then what needs the
 * whole file: the islands as claimed, the legions' and the galleys'
 * networks, every set-up complete.  What the whole-file checks can pin
 * on a line (a province, a set-up) names that line too.  Nothing here is
 * a rule of play: the engine reads the struct this fills.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "base/records.h"
#include "picture/pic.h"
#include "variants/antike_board.h"

enum { KIND_LAND, KIND_ISLAND, KIND_SEA };

struct reader {
	struct record_file rf;          /* first: the file, line and errors */
	struct ant_map *m;
	int prov_line[ANT_MAX_PROV];
	int8_t kind[ANT_MAX_PROV];      /* as written: land, island, sea */
	int16_t listed[ANT_MAX_PROV][ANT_MAX_PROV];   /* line of the border a-b */
	int nation_line[ANT_MAX_NATIONS];
	int setup_line[ANT_MAX_NATIONS + 1];
	int start_line[ANT_MAX_NATIONS + 1][ANT_MAX_NATIONS];
	int two_line, res_line, person_line;
};

static const char *const res_word[ANT_NRES] = { "marble", "iron", "gold" };
static const char *const person_word[ANT_NPERSON] = {
	"king", "scholar", "general", "citizen", "navigator",
};
static const char *const kind_word[] = { [KIND_LAND] = "land", [KIND_ISLAND] = "island",
                                         [KIND_SEA] = "sea" };

/* Up to n words of *rest into w (str_split), *rest moved past them onto
 * what is left of the line, which may be empty.  Returns how many. */
static int take_words(char **rest, char **w, int n)
{
	char *end = *rest + strlen(*rest);
	int k = str_split(*rest, w, n);

	if (k) {
		char *after = w[k - 1] + strlen(w[k - 1]);
		*rest = after < end ? after + 1 : after;
	}
	return k;
}

/* Index of word w in table t (n entries), or -1. */
static int word_index(const char *const *t, int n, const char *w)
{
	for (int i = 0; i < n; i++)
		if (!strcmp(t[i], w))
			return i;
	return -1;
}

/* A whole number from lo to hi. */
static int number(struct reader *r, const char *w, int lo, int hi, int *v)
{
	char *end;
	long n = strtol(w, &end, 10);

	if (!*w || *end || n < lo || n > hi)
		return record_error(&r->rf, "'%s' should be a whole number from %d to %d", w, lo, hi);
	*v = (int)n;
	return 0;
}

static int degrees(struct reader *r, const char *w, double limit, float *v)
{
	char *end;
	double d = strtod(w, &end);

	if (!*w || *end || d < -limit || d > limit)
		return record_error(&r->rf, "'%s' should be degrees from %g to %g", w, -limit, limit);
	*v = (float)d;
	return 0;
}

/* The province with this code (exact: codes are written upper case), or
 * -1 after record_error. */
static int prov_of(struct reader *r, const char *code)
{
	for (int i = 0; i < r->m->nprov; i++)
		if (!strcmp(r->m->prov[i].code, code))
			return i;
	return record_error(&r->rf, "unknown province '%s'", code);
}

/* The nation with this letter, or -1 after record_error. */
static int nation_of(struct reader *r, const char *letter)
{
	for (int i = 0; i < r->m->nnations; i++)
		if (strlen(letter) == 1 && r->m->nation[i].letter == letter[0])
			return i;
	return record_error(&r->rf, "unknown nation '%s' (a letter of a nation record above)", letter);
}

/* The province already answering to name s (its code, name or an alias,
 * in any case), or -1: players write any of them. */
static int prov_named(const struct ant_map *m, const char *s)
{
	return ant_prov_find(m, s, strlen(s));
}

/* A province's name or alias: characters players can type and the order
 * grammar does not use as separators, and no other province's. */
static int check_name(struct reader *r, const char *s)
{
	int other;

	if (!*s || strlen(s) >= sizeof r->m->prov[0].name)
		return record_error(&r->rf, "'%s' should be a name of 1 to %zu characters", s,
		                    sizeof r->m->prov[0].name - 1);
	if (isdigit((unsigned char)s[0]))
		return record_error(&r->rf, "the name '%s' starts with a digit, which reads as a count", s);
	for (const char *c = s; *c; c++)
		if (*c < ' ' || *c > '~' || *c == '-' || *c == ';' || *c == ',' || *c == '|')
			return record_error(&r->rf, "the name '%s' holds '%c': names are ASCII letters, digits "
			                    "and blanks (\"-\" and \";\" separate steps and orders)", s, *c);
	if ((other = prov_named(r->m, s)) >= 0)
		return record_error(&r->rf, "duplicate name: '%s' already names %s (line %d)", s,
		                    r->m->prov[other].code, r->prov_line[other]);
	return 0;
}

/* province CODE land|island|sea RES LAT LON Name | alias, alias */
static int rec_province(void *ctx, const char *key, char *rest)
{
	struct reader *r = ctx;
	struct ant_map *m = r->m;
	struct ant_province *pv;
	char *w[5], *name, *aliases;
	int kind, res = -1;

	(void)key;
	if (take_words(&rest, w, 5) != 5 || !*str_trim(rest))
		return record_error(&r->rf, "province needs: code land|island|sea resource latitude "
		                    "longitude name [| aliases]");
	if (strlen(w[0]) != 3 || !isupper((unsigned char)w[0][0]) || !isupper((unsigned char)w[0][1]) ||
	    !isupper((unsigned char)w[0][2]))
		return record_error(&r->rf, "province code '%s' should be 3 upper-case letters", w[0]);
	if (m->nprov == ANT_MAX_PROV)
		return record_error(&r->rf, "too many provinces (at most %d)", ANT_MAX_PROV);
	if ((kind = word_index(kind_word, 3, w[1])) < 0)
		return record_error(&r->rf, "'%s' is not land, island or sea", w[1]);
	if (kind == KIND_SEA && strcmp(w[2], "-"))
		return record_error(&r->rf, "a sea has no city, so no resource: write - instead of '%s'", w[2]);
	if (kind != KIND_SEA && (res = word_index(res_word, ANT_NRES, w[2])) < 0)
		return record_error(&r->rf, "'%s' is not a resource (marble, iron or gold)", w[2]);
	pv = &m->prov[m->nprov];
	memset(pv, 0, sizeof *pv);
	if (degrees(r, w[3], 90, &pv->lat) || degrees(r, w[4], 180, &pv->lon))
		return -1;
	aliases = strchr(rest, '|');
	if (aliases)
		*aliases++ = '\0';
	name = str_trim(rest);
	if (check_name(r, w[0]) || check_name(r, name))
		return -1;
	snprintf(pv->code, sizeof pv->code, "%s", w[0]);
	snprintf(pv->name, sizeof pv->name, "%s", name);
	pv->sea = kind == KIND_SEA;
	pv->res = (int8_t)res;
	r->prov_line[m->nprov] = r->rf.line;
	r->kind[m->nprov] = (int8_t)kind;
	m->nprov++;             /* now its names are taken, for its aliases */
	while (aliases) {
		char *a = record_take_item(&aliases);
		if (!*a)
			continue;
		if (pv->naliases == ANT_MAX_ALIASES)
			return record_error(&r->rf, "too many aliases (at most %d)", ANT_MAX_ALIASES);
		if (check_name(r, a))
			return -1;
		snprintf(pv->alias[pv->naliases++], sizeof pv->alias[0], "%s", a);
	}
	return 0;
}

/* land|sea|both A: B C ... (each border once, from either end) */
static int rec_border(void *ctx, const char *key, char *rest)
{
	static const char *const words[] = { [ANT_B_LAND] = "land", [ANT_B_SEA] = "sea",
	                                     [ANT_B_BOTH] = "both" };
	struct reader *r = ctx;
	struct ant_map *m = r->m;
	char *head, *w[ANT_MAX_NB + 1];
	int kind = word_index(words + 1, 3, key) + 1;
	int n = record_neighbours(&r->rf, key, rest, &head, w, ANT_MAX_NB), a;

	if (n < 0)
		return -1;
	if (n == 0)
		return record_error(&r->rf, "%s %s: no neighbour given", key, head);
	if ((a = prov_of(r, head)) < 0)
		return -1;
	for (int i = 0; i < n; i++) {
		int b, ends[2];
		if ((b = prov_of(r, w[i])) < 0)
			return -1;
		if (a == b)
			return record_error(&r->rf, "%s cannot border itself", head);
		if (r->listed[a][b])
			return record_error(&r->rf, "the border %s - %s is listed twice (also line %d)", head, w[i],
			                    r->listed[a][b]);
		if (kind != ANT_B_SEA && (m->prov[a].sea || m->prov[b].sea))
			return record_error(&r->rf, "%s - %s touches a sea, so it is a sea border, not %s", head,
			                    w[i], key);
		ends[0] = a;
		ends[1] = b;
		for (int e = 0; e < 2; e++) {
			struct ant_province *p = &m->prov[ends[e]];
			if (p->nnb == ANT_MAX_NB)
				return record_error(&r->rf, "%s has too many borders (at most %d)", p->code, ANT_MAX_NB);
			p->nb[p->nnb++] = (struct ant_border_to){ (int16_t)ends[!e], (int8_t)kind };
		}
		r->listed[a][b] = r->listed[b][a] = (int16_t)r->rf.line;
	}
	return 0;
}

/* 1 if s names nation n already (letter, name or adjective, any case). */
static int nation_named(const struct ant_map *m, const char *s)
{
	return ant_nation_find(m, s, strlen(s)) >= 0;
}

/* nation L colour Adjective Name */
static int rec_nation(void *ctx, const char *key, char *rest)
{
	struct reader *r = ctx;
	struct ant_map *m = r->m;
	struct ant_nation *n;
	char *w[3], *name;

	(void)key;
	if (take_words(&rest, w, 3) != 3 || !*(name = str_trim(rest)))
		return record_error(&r->rf, "nation needs: letter colour adjective name");
	if (strlen(w[0]) != 1 || !isupper((unsigned char)w[0][0]))
		return record_error(&r->rf, "a nation's letter is one upper-case letter, not '%s'", w[0]);
	if (w[0][0] == 'M')
		return record_error(&r->rf, "the letter M belongs to the game's Master");
	if (m->nnations == ANT_MAX_NATIONS)
		return record_error(&r->rf, "too many nations (at most %d)", ANT_MAX_NATIONS);
	if (pic_palette_find(w[1]) < 0)
		return record_error(&r->rf, "'%s' is not a colour of the pictures' palette", w[1]);
	n = &m->nation[m->nnations];
	if (strlen(w[1]) >= sizeof n->colour || strlen(w[2]) >= sizeof n->adjective ||
	    strlen(name) >= sizeof n->name)
		return record_error(&r->rf, "a nation's name and adjective have at most %zu characters",
		                    sizeof n->name - 1);
	for (int i = 0; i < 3; i++) {
		const char *s = i == 0 ? w[0] : i == 1 ? w[2] : name;
		if (nation_named(m, s))
			return record_error(&r->rf, "duplicate nation: '%s' already names one", s);
	}
	n->letter = w[0][0];
	snprintf(n->colour, sizeof n->colour, "%s", w[1]);
	snprintf(n->adjective, sizeof n->adjective, "%s", w[2]);
	snprintf(n->name, sizeof n->name, "%s", name);
	r->nation_line[m->nnations++] = r->rf.line;
	return 0;
}

/* The number of nations in play a setup or start record is about. */
static int nations_in_play(struct reader *r, const char *w, int *n)
{
	return number(r, w, ANT_START_NATIONS_MIN, ANT_MAX_NATIONS, n);
}

/* setup N L L L ... target T */
static int rec_setup(void *ctx, const char *key, char *rest)
{
	struct reader *r = ctx;
	char *w[ANT_MAX_NATIONS + 4];
	int k = str_split(rest, w, ANT_MAX_NATIONS + 4), n;
	struct ant_setup *s;

	(void)key;
	if (k < 3 || strcmp(w[k - 2], "target"))
		return record_error(&r->rf, "setup needs: number-of-nations letters... target personages");
	if (nations_in_play(r, w[0], &n))
		return -1;
	s = &r->m->setup[n];
	if (r->setup_line[n])
		return record_error(&r->rf, "a second setup for %d nations (also line %d)", n, r->setup_line[n]);
	if (k - 3 != n)
		return record_error(&r->rf, "a setup for %d nations lists %d", n, k - 3);
	for (int i = 0; i < n; i++) {
		int nat = nation_of(r, w[1 + i]);
		if (nat < 0)
			return -1;
		for (int j = 0; j < i; j++)
			if (s->order[j] == nat)
				return record_error(&r->rf, "nation %s is listed twice", w[1 + i]);
		s->order[i] = (int8_t)nat;
	}
	if (number(r, w[k - 1], 1, 99, &s->target))
		return -1;
	s->nnations = n;
	r->setup_line[n] = r->rf.line;
	return 0;
}

/* The place of nation nat in setup s's order, or -1. */
static int in_setup(const struct ant_setup *s, int nat)
{
	for (int i = 0; i < s->nnations; i++)
		if (s->order[i] == nat)
			return i;
	return -1;
}

/* start N L CITY CITY CITY */
static int rec_start(void *ctx, const char *key, char *rest)
{
	struct reader *r = ctx;
	struct ant_map *m = r->m;
	char *w[6];
	int n, nat;
	struct ant_setup *s;

	(void)key;
	if (str_split(rest, w, 6) != 2 + ANT_NRES)
		return record_error(&r->rf, "start needs: number-of-nations letter city city city");
	if (nations_in_play(r, w[0], &n) || (nat = nation_of(r, w[1])) < 0)
		return -1;
	s = &m->setup[n];
	if (!r->setup_line[n])
		return record_error(&r->rf, "no setup for %d nations above", n);
	if (in_setup(s, nat) < 0)
		return record_error(&r->rf, "the %s are not among the %d nations of line %d",
		                    m->nation[nat].name, n, r->setup_line[n]);
	if (r->start_line[n][nat])
		return record_error(&r->rf, "the %s's start cities for %d nations are given twice (also "
		                    "line %d)", m->nation[nat].name, n, r->start_line[n][nat]);
	for (int i = 0; i < ANT_NRES; i++) {
		int p = prov_of(r, w[2 + i]), res;
		if (p < 0)
			return -1;
		if (m->prov[p].sea)
			return record_error(&r->rf, "%s is a sea: a start city stands on land", w[2 + i]);
		res = m->prov[p].res;
		if (s->start[nat][res] >= 0)
			return record_error(&r->rf, "%s and %s are both %s cities: a nation starts with one "
			                    "city of each resource", m->prov[s->start[nat][res]].code, w[2 + i],
			                    res_word[res]);
		for (int o = 0; o < m->nnations; o++)
			for (int q = 0; q < ANT_NRES; q++)
				if (s->start[o][q] == p)
					return record_error(&r->rf, "%s is already a start city of the %s (line %d)",
					                    w[2 + i], m->nation[o].name, r->start_line[n][o]);
		s->start[nat][res] = (int16_t)p;
	}
	r->start_line[n][nat] = r->rf.line;
	return 0;
}

/* two-players N */
static int rec_two(void *ctx, const char *key, char *rest)
{
	struct reader *r = ctx;
	char *w[2];

	if (r->two_line)
		return record_error(&r->rf, "%s is given twice (also line %d)", key, r->two_line);
	if (str_split(rest, w, 2) != 1)
		return record_error(&r->rf, "%s needs: number-of-nations", key);
	if (nations_in_play(r, w[0], &r->m->two_player_nations))
		return -1;
	if (r->m->two_player_nations % 2)
		return record_error(&r->rf, "two players share the nations evenly: %d is odd",
		                    r->m->two_player_nations);
	r->two_line = r->rf.line;
	return 0;
}

/* resources marble M iron I gold G; personages king K ... navigator N:
 * a word and a number for each entry of the table, in its order. */
static int rec_amounts(void *ctx, const char *key, char *rest)
{
	struct reader *r = ctx;
	int is_res = !strcmp(key, "resources");
	const char *const *names = is_res ? res_word : person_word;
	int n = is_res ? ANT_NRES : ANT_NPERSON, *out = is_res ? r->m->start_res : r->m->person_stack;
	int *line = is_res ? &r->res_line : &r->person_line;
	char *w[2 * ANT_NPERSON + 1];

	if (*line)
		return record_error(&r->rf, "%s is given twice (also line %d)", key, *line);
	if (str_split(rest, w, 2 * ANT_NPERSON + 1) != 2 * n)
		return record_error(&r->rf, "%s needs %d words and numbers", key, n);
	for (int i = 0; i < n; i++) {
		if (strcmp(w[2 * i], names[i]))
			return record_error(&r->rf, "%s: '%s' where '%s' belongs", key, w[2 * i], names[i]);
		if (number(r, w[2 * i + 1], 0, 99, &out[i]))
			return -1;
	}
	*line = r->rf.line;
	return 0;
}

/* fail() at the line of a record (0: about the whole file, no line). */
__attribute__((format(printf, 3, 4)))
static int whole_error(struct reader *r, int line, const char *fmt, ...)
{
	char msg[400];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	if (!line)
		return fail("%s: %s", r->rf.path, msg);
	r->rf.line = line;
	return record_error(&r->rf, "%s", msg);
}

/* Every province reachable from start over borders of kind bit (and
 * through provinces units of that kind stand in), in seen[]. */
static void reach(const struct ant_map *m, int start, int bit, int8_t seen[ANT_MAX_PROV])
{
	int queue[ANT_MAX_PROV], head = 0, tail = 0;

	memset(seen, 0, ANT_MAX_PROV);
	seen[start] = 1;
	queue[tail++] = start;
	while (head < tail) {
		const struct ant_province *p = &m->prov[queue[head++]];
		for (int i = 0; i < p->nnb; i++)
			if ((p->nb[i].kind & bit) && !seen[p->nb[i].to]) {
				seen[p->nb[i].to] = 1;
				queue[tail++] = p->nb[i].to;
			}
	}
}

/* The islands as claimed, coasts computed, and both networks whole. */
static int check_networks(struct reader *r)
{
	struct ant_map *m = r->m;
	int8_t seen[ANT_MAX_PROV];
	int first_land = -1, first_sea = -1;

	for (int p = 0; p < m->nprov; p++) {
		struct ant_province *pv = &m->prov[p];
		int land = 0, sea = 0;
		for (int i = 0; i < pv->nnb; i++) {
			land |= pv->nb[i].kind & ANT_B_LAND;
			sea |= pv->nb[i].kind & ANT_B_SEA;
		}
		if (!pv->nnb)
			return whole_error(r, r->prov_line[p], "%s has no border", pv->code);
		if (r->kind[p] == KIND_ISLAND && land)
			return whole_error(r, r->prov_line[p], "%s is written island, but a land or both "
			                   "border reaches it", pv->code);
		if (r->kind[p] == KIND_LAND && !land)
			return whole_error(r, r->prov_line[p], "%s has no land or both border: write it as "
			                   "an island", pv->code);
		pv->coastal = (int8_t)(!pv->sea && sea);
		if (r->kind[p] == KIND_LAND && first_land < 0)
			first_land = p;
		if (pv->sea && first_sea < 0)
			first_sea = p;
	}
	if (first_land < 0 || first_sea < 0)
		return whole_error(r, 0, "the map needs land that is not an island, and a sea");
	reach(m, first_land, ANT_B_LAND, seen);
	for (int p = 0; p < m->nprov; p++)
		if (r->kind[p] == KIND_LAND && !seen[p])
			return whole_error(r, r->prov_line[p], "%s cannot be reached by legions from %s",
			                   m->prov[p].code, m->prov[first_land].code);
	reach(m, first_sea, ANT_B_SEA, seen);
	for (int p = 0; p < m->nprov; p++)
		if ((m->prov[p].sea || m->prov[p].coastal) && !seen[p])
			return whole_error(r, r->prov_line[p], "%s cannot be reached by galleys from %s",
			                   m->prov[p].code, m->prov[first_sea].code);
	return 0;
}

/* Every number of nations played has its setup, each of its nations its
 * start cities; the two-player number is one of them; the start and
 * the bank are given. */
static int check_setups(struct reader *r)
{
	struct ant_map *m = r->m;

	if (!m->nnations)
		return whole_error(r, 0, "no nation record");
	/* the grammar reads a nation where a province may stand (ATTACK) */
	for (int nat = 0; nat < m->nnations; nat++) {
		const char *both[2] = { m->nation[nat].name, m->nation[nat].adjective };
		for (int i = 0; i < 2; i++)
			if (prov_named(m, both[i]) >= 0)
				return whole_error(r, r->nation_line[nat], "%s names a province too", both[i]);
	}
	for (int n = ANT_START_NATIONS_MIN; n <= ANT_MAX_NATIONS; n++) {
		if (!r->setup_line[n])
			return whole_error(r, 0, "no setup for %d nations", n);
		for (int i = 0; i < n; i++) {
			int nat = m->setup[n].order[i];
			if (!r->start_line[n][nat])
				return whole_error(r, r->setup_line[n], "the %s have no start cities for %d nations",
				                   m->nation[nat].name, n);
		}
	}
	if (!r->two_line)
		return whole_error(r, 0, "no two-players record");
	if (!r->res_line)
		return whole_error(r, 0, "no resources record");
	if (!r->person_line)
		return whole_error(r, 0, "no personages record");
	return 0;
}

static const struct record_kind kinds[] = {
	{ "province", rec_province }, { "land", rec_border }, { "sea", rec_border },
	{ "both", rec_border }, { "nation", rec_nation }, { "setup", rec_setup },
	{ "start", rec_start }, { "two-players", rec_two }, { "resources", rec_amounts },
	{ "personages", rec_amounts },
};

int ant_board_load(const char *path, struct ant_board *b)
{
	struct reader *r = xcalloc(1, sizeof *r);
	int rc;

	memset(b, 0, sizeof *b);
	for (int n = 0; n <= ANT_MAX_NATIONS; n++)
		for (int nat = 0; nat < ANT_MAX_NATIONS; nat++)
			for (int res = 0; res < ANT_NRES; res++)
				b->map.setup[n].start[nat][res] = -1;
	r->rf = (struct record_file){ path, 0 };
	r->m = &b->map;
	rc = records_read(&r->rf, kinds, sizeof kinds / sizeof kinds[0], r);
	if (!rc)
		rc = check_networks(r);
	if (!rc)
		rc = check_setups(r);
	free(r);
	return rc;
}
