/*
 * diceless_map_load.c - reading variants/diceless/map.txt into a board.
 * One pass reads the records (an area must be declared before it is
 * used); a second checks what needs the whole file: every connection from
 * both ends, two sides with their cities, the oracle, all five ordinary
 * chits, every area reachable.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parser/diceless_orders.h"
#include "base/records.h"
#include "variants/diceless_board.h"

struct reader {
	struct record_file rf;          /* first: the file, line and errors */
	struct dl_board *b;
	int nsides;
	int listed[DL_MAX_AREAS][DL_MAX_AREAS];  /* line listing a -> b, 0 if none */
	int seen_chit[DL_ORDINARY];
};


/* The first word of *s, cut off with a NUL; *s moves past it.  Returns ""
 * when there is no word left. */
static char *next_word(char **s)
{
	char *p = *s, *w;

	while (isspace((unsigned char)*p))
		p++;
	w = p;
	while (*p && !isspace((unsigned char)*p))
		p++;
	if (*p)
		*p++ = '\0';
	*s = p;
	return w;
}

static int area_of(struct reader *r, const char *code, int *a)
{
	*a = dl_area_by_code(&r->b->map, code);
	return *a == DL_NONE ? record_error(&r->rf, "unknown area '%s'", code) : 0;
}

/* A positive number no larger than max, from word w. */
static int number(struct reader *r, const char *w, int max, int *v)
{
	char *end;
	long n = strtol(w, &end, 10);

	if (*end || n < 0 || n > max)
		return record_error(&r->rf, "'%s' should be a number from 0 to %d", w, max);
	*v = (int)n;
	return 0;
}

static int add_name(struct reader *r, const char *text, int a)
{
	if (dl_is_keyword(text))
		return record_error(&r->rf, "'%s' is a word of the orders and cannot name an area", text);
	if (names_add(&r->b->areas, text, a) == NAMES_TAKEN)
		return record_error(&r->rf, "duplicate name: '%s' already names another area", text);
	return 0;
}

/* area CODE Name | alias, alias */
static int rec_area(void *ctx, const char *key, char *rest)
{
	struct reader *r = ctx;
	(void)key;
	struct dl_map *m = &r->b->map;
	char *w[1], *name, *aliases;
	struct dl_area *ar;

	w[0] = next_word(&rest);
	name = rest;
	if (!*w[0] || !*str_trim(name))
		return record_error(&r->rf, "area needs: code name [| aliases]");
	if (strlen(w[0]) != 3 || !islower((unsigned char)w[0][0]))
		return record_error(&r->rf, "area code '%s' should be 3 lower-case letters", w[0]);
	if (dl_area_by_code(m, w[0]) != DL_NONE)
		return record_error(&r->rf, "duplicate area code '%s'", w[0]);
	if (m->nareas >= DL_MAX_AREAS)
		return record_error(&r->rf, "too many areas (at most %d)", DL_MAX_AREAS);
	aliases = strchr(name, '|');
	if (aliases)
		*aliases++ = '\0';
	name = str_trim(name);
	if (!*name || strlen(name) >= sizeof ar->name)
		return record_error(&r->rf, "area '%s' needs a name shorter than %zu characters", w[0], sizeof ar->name);
	ar = &m->area[m->nareas];
	snprintf(ar->code, sizeof ar->code, "%s", w[0]);
	snprintf(ar->name, sizeof ar->name, "%s", name);
	if (add_name(r, ar->code, m->nareas) || add_name(r, name, m->nareas))
		return -1;
	while (aliases && *aliases) {
		char *a = record_take_item(&aliases);
		if (*a && add_name(r, a, m->nareas))
			return -1;
	}
	m->nareas++;
	return 0;
}

/* side L Name Adjective CITY */
static int rec_side(void *ctx, const char *key, char *rest)
{
	struct reader *r = ctx;
	(void)key;
	struct dl_map *m = &r->b->map;
	char *w[5];
	struct dl_side *s;

	if (str_split(rest, w, 5) != 4 || strlen(w[0]) != 1 || !isupper((unsigned char)w[0][0]))
		return record_error(&r->rf, "side needs: letter name adjective city-area");
	if (r->nsides >= 2)
		return record_error(&r->rf, "only two sides play this game");
	if (w[0][0] == 'M')
		return record_error(&r->rf, "the letter M belongs to the game's Master");
	if (r->nsides && m->side[0].letter == w[0][0])
		return record_error(&r->rf, "duplicate side letter '%s'", w[0]);
	s = &m->side[r->nsides];
	s->letter = w[0][0];
	snprintf(s->name, sizeof s->name, "%s", w[1]);
	snprintf(s->adjective, sizeof s->adjective, "%s", w[2]);
	if (area_of(r, w[3], &s->city))
		return -1;
	if (r->nsides && m->side[0].city == s->city)
		return record_error(&r->rf, "the two sides cannot share a city");
	r->nsides++;
	return 0;
}

/* land A: B C ...  or  sea A: B C ... */
static int rec_links(void *ctx, const char *key, char *rest)
{
	struct reader *r = ctx;
	int kind = strcmp(key, "sea") ? DL_LAND : DL_SEA;
	struct dl_map *m = &r->b->map;
	char *head, *w[DL_MAX_AREAS];
	int n = record_neighbours(&r->rf, key, rest, &head, w, DL_MAX_AREAS), from;

	if (n < 0)
		return -1;
	if (n == 0)
		return record_error(&r->rf, "a connection record needs an area and its neighbours");
	if (area_of(r, head, &from))
		return -1;
	for (int i = 0; i < n; i++) {
		int to;
		if (area_of(r, w[i], &to))
			return -1;
		if (to == from)
			return record_error(&r->rf, "'%s' cannot be connected to itself", w[i]);
		if (m->link[from][to] && m->link[from][to] != kind)
			return record_error(&r->rf, "%s and %s are joined by both land and sea", head, w[i]);
		if (r->listed[from][to])
			return record_error(&r->rf, "%s - %s listed twice (also line %d)", head, w[i], r->listed[from][to]);
		m->link[from][to] = (uint8_t)kind;
		r->listed[from][to] = r->rf.line;
	}
	return 0;
}

/* chit KIND COUNT */
static int rec_chit(void *ctx, const char *key, char *rest)
{
	struct reader *r = ctx;
	(void)key;
	static const char *const kinds[DL_ORDINARY] = {
		"military", "influence", "coup", "void", "star",
	};
	struct dl_map *m = &r->b->map;
	char *w[3];
	int count = 0;

	if (str_split(rest, w, 3) != 2)
		return record_error(&r->rf, "chit needs: kind count");
	for (int k = 0; k < DL_ORDINARY; k++) {
		if (strcmp(w[0], kinds[k]) != 0)
			continue;
		if (r->seen_chit[k])
			return record_error(&r->rf, "chit '%s' given twice", w[0]);
		if (number(r, w[1], DL_MAX_HAND, &count))
			return -1;
		r->seen_chit[k] = 1;
		m->kind[k].type = (int8_t)k;
		m->kind[k].favours = DL_NONE;
		m->kind[k].copies = (int8_t)count;
		snprintf(m->kind[k].code, sizeof m->kind[k].code, "%s", kinds[k]);
		snprintf(m->kind[k].name, sizeof m->kind[k].name, "%s", dl_type_name(k));
		return 0;
	}
	return record_error(&r->rf, "unknown chit '%s' (military, influence, coup, void or star)", w[0]);
}

/* special L code Name */
static int rec_special(void *ctx, const char *key, char *rest)
{
	struct reader *r = ctx;
	(void)key;
	struct dl_map *m = &r->b->map;
	char *w[2], *name;
	struct dl_kind *k;
	int side;

	w[0] = next_word(&rest);
	w[1] = next_word(&rest);
	name = str_trim(rest);
	if (!*w[1] || !*name)
		return record_error(&r->rf, "special needs: side-letter code name");
	if (r->nsides < 2 || strlen(w[0]) != 1 || (side = dl_side_by_letter(m, w[0][0])) == DL_NONE)
		return record_error(&r->rf, "'%s' is not the letter of a side declared above", w[0]);
	if (m->nkinds < DL_ORDINARY)
		m->nkinds = DL_ORDINARY;
	if (m->nkinds >= DL_MAX_KINDS)
		return record_error(&r->rf, "too many special chits");
	if (dl_kind_by_code(m, w[1]) != DL_NONE || strlen(w[1]) >= sizeof k->code)
		return record_error(&r->rf, "duplicate or too long chit code '%s'", w[1]);
	k = &m->kind[m->nkinds++];
	k->type = DL_SPECIAL;
	k->favours = (int8_t)side;
	k->copies = 1;
	snprintf(k->code, sizeof k->code, "%s", w[1]);
	snprintf(k->name, sizeof k->name, "%s", name);
	return 0;
}

/* variant, start, turns, win, hand, oracle: the one-line settings */
static int rec_setting(void *ctx, const char *key, char *rest)
{
	struct reader *r = ctx;
	struct dl_map *m = &r->b->map;
	char *w[3];
	int n = str_split(rest, w, 3);

	if (!strcmp(key, "variant") && n == 1)
		snprintf(m->variant, sizeof m->variant, "%s", w[0]);
	else if (!strcmp(key, "start") && n == 1)
		return number(r, w[0], 2000, &m->start_year);
	else if (!strcmp(key, "turns") && n == 1)
		return number(r, w[0], 100, &m->turns);
	else if (!strcmp(key, "win") && n == 2)
		return number(r, w[0], DL_MAX_AREAS, &m->win) || number(r, w[1], DL_MAX_AREAS, &m->win_lost);
	else if (!strcmp(key, "hand") && n == 2)
		return number(r, w[0], DL_MAX_HAND - 1, &m->first_hand) ||
		       number(r, w[1], DL_MAX_HAND - 2, &m->draw);
	else if (!strcmp(key, "oracle") && n == 1)
		return area_of(r, w[0], &m->oracle);
	else
		return record_error(&r->rf, "'%s' takes %s", key, !strcmp(key, "win") || !strcmp(key, "hand")
		            ? "two numbers" : "one value");
	return 0;
}

/* What can only be checked with the whole file read. */
static int check_whole(struct reader *r)
{
	struct dl_map *m = &r->b->map;
	int total = 0;

	r->rf.line = 0;
	for (int a = 0; a < m->nareas; a++)
		for (int b = 0; b < m->nareas; b++)
			if (r->listed[a][b] && !r->listed[b][a]) {
				r->rf.line = r->listed[a][b];
				return record_error(&r->rf, "one-way connection: %s lists %s, but %s does not list %s",
				            m->area[a].code, m->area[b].code, m->area[b].code, m->area[a].code);
			} else if (r->listed[a][b] && m->link[a][b] != m->link[b][a]) {
				r->rf.line = r->listed[a][b];
				return record_error(&r->rf, "%s - %s is land one way and sea the other",
				            m->area[a].code, m->area[b].code);
			}
	if (r->nsides != 2)
		return record_error(&r->rf, "two side records are needed");
	if (m->oracle == DL_NONE)
		return record_error(&r->rf, "no oracle record");
	for (int k = 0; k < DL_ORDINARY; k++)
		if (!r->seen_chit[k])
			return record_error(&r->rf, "no chit record for %s", dl_type_name(k));
	if (m->nkinds < DL_ORDINARY)
		m->nkinds = DL_ORDINARY;
	for (int k = 0; k < m->nkinds; k++)
		total += m->kind[k].copies;
	if (total < 2 * (m->first_hand + m->draw + 1))
		return record_error(&r->rf, "the cup holds %d chits, too few for two hands", total);
	if (!m->turns || !m->win || m->win_lost < m->win || !m->first_hand || !m->draw)
		return record_error(&r->rf, "turns, win and hand must all be given");
	if (dl_map_finish(m))
		return record_error(&r->rf, "some areas cannot be reached from the others");
	return 0;
}

/* The records of the board file, and who reads each. */
static const struct record_kind kinds[] = {
	{ "area", rec_area }, { "side", rec_side },
	{ "land", rec_links }, { "sea", rec_links },
	{ "chit", rec_chit }, { "special", rec_special },
	{ "variant", rec_setting }, { "start", rec_setting }, { "turns", rec_setting },
	{ "win", rec_setting }, { "hand", rec_setting }, { "oracle", rec_setting },
};

int dl_board_load(const char *path, struct dl_board *b)
{
	struct reader *r = xcalloc(1, sizeof *r);
	int rc;

	memset(b, 0, sizeof *b);
	b->map.oracle = DL_NONE;
	names_init(&b->areas);
	names_init(&b->chits);
	r->rf = (struct record_file){ path, 0 };
	r->b = b;
	rc = records_read(&r->rf, kinds, sizeof kinds / sizeof kinds[0], r);
	if (!rc)
		rc = check_whole(r);
	if (!rc) {
		char why[600];
		if (dl_chit_names(&b->map, &b->areas, &b->chits)) {
			snprintf(why, sizeof why, "%s", fail_text());
			rc = fail("%s: %s", path, why);
		}
	}
	if (rc)
		dl_board_free(b);
	free(r);
	return rc;
}

void dl_board_free(struct dl_board *b)
{
	names_free(&b->areas);
	names_free(&b->chits);
}
