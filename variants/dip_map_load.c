/*
 * dip_map_load.c - the map file reader.  One pass reads the records and
 * resolves codes as they appear (a code must be declared before use); a
 * second pass checks what can only be checked once everything is read:
 * adjacency from both ends, fleets only on water and shores, a home centre
 * for every power.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adjudicator/dip.h"
#include "base/records.h"
#include "base/strbuf.h"
#include "variants/dip_map_load.h"

struct reader {
	struct record_file rf;          /* first: the file, line and errors */
	struct dip_map *m;
	struct names *names;
	int adj_line[2][DIP_MAX_LOC];   /* where each army / fleet record was */
	int last_line;                  /* the file's length, for whole-map errors */
};


static int code_of(struct reader *r, const char *code, int *loc)
{
	*loc = dip_loc_by_code(r->m, code);
	if (*loc == DIP_NO_LOC)
		return record_error(&r->rf, "unknown location code '%s'", code);
	return 0;
}

static int add_name(struct reader *r, const char *text, int loc)
{
	if (names_add(r->names, text, loc) == NAMES_TAKEN)
		return record_error(&r->rf, "name '%s' already stands for another location", text);
	return 0;
}

/* prov CODE KIND CENTRE Full Name [| alias, alias] */
static int rec_prov(void *ctx, const char *key, char *rest)
{
	struct reader *r = ctx;
	(void)key;
	static const char *kinds[] = { "land", "coast", "sea" };
	struct dip_map *m = r->m;
	char *w[3], *name, *aliases;
	struct dip_loc *l;
	int kind = -1;

	if (str_split(rest, w, 3) < 3)
		return record_error(&r->rf, "prov needs: code kind centre name");
	name = w[2] + strlen(w[2]) + 1;
	if (m->nprov != m->nloc)
		return record_error(&r->rf, "prov '%s' after a coast record: declare provinces first", w[0]);
	if (m->nloc >= DIP_MAX_LOC)
		return record_error(&r->rf, "too many locations (at most %d)", DIP_MAX_LOC);
	if (strlen(w[0]) >= sizeof l->code || dip_loc_by_code(m, w[0]) != DIP_NO_LOC)
		return record_error(&r->rf, "bad or duplicate province code '%s'", w[0]);
	for (int k = 0; k < 3; k++)
		if (strcmp(w[1], kinds[k]) == 0)
			kind = k;
	if (kind < 0)
		return record_error(&r->rf, "kind must be land, coast or sea, not '%s'", w[1]);

	l = &m->loc[m->nloc];
	memset(l, 0, sizeof *l);
	str_copy(l->code, sizeof l->code, w[0]);
	l->kind = (int8_t)kind;
	l->prov = (int16_t)m->nloc;
	l->home = DIP_NO_POWER;
	if (strcmp(w[2], "*") == 0) {
		l->centre = 1;
	} else if (strcmp(w[2], "-") != 0) {
		int p = strlen(w[2]) == 1 ? dip_power_by_letter(m, w[2][0]) : DIP_NO_POWER;
		if (p == DIP_NO_POWER)
			return record_error(&r->rf, "centre must be -, * or a power letter, not '%s'", w[2]);
		l->centre = 1;
		l->home = (int8_t)p;
	}
	if (l->centre && kind == DIP_SEA)
		return record_error(&r->rf, "a sea cannot be a supply centre");
	m->ncentres += l->centre;

	aliases = strchr(name, '|');
	if (aliases)
		*aliases++ = '\0';
	name = str_trim(name);
	if (!*name)
		return record_error(&r->rf, "province '%s' has no name", w[0]);
	str_copy(l->name, sizeof l->name, name);
	int loc = m->nloc++;
	m->nprov++;
	dip_index_code(m, loc);
	if (add_name(r, l->code, loc) || add_name(r, name, loc))
		return -1;
	while (aliases && *aliases) {
		char *a = record_take_item(&aliases);
		if (*a && add_name(r, a, loc))
			return -1;
	}
	return 0;
}

/* coast PROV XX: a fleet location PROV/XX */
static int rec_coast(void *ctx, const char *key, char *rest)
{
	struct reader *r = ctx;
	(void)key;
	struct dip_map *m = r->m;
	char *w[2], code[sizeof m->loc[0].code], name[sizeof m->loc[0].name];
	int prov;

	if (str_split(rest, w, 2) < 2 || strlen(w[1]) > 3 || strlen(w[0]) > 6)
		return record_error(&r->rf, "coast needs: province code and a coast like nc");
	if (code_of(r, w[0], &prov))
		return -1;
	struct dip_loc *p = &m->loc[prov];
	if (p->kind != DIP_COAST || p->ncoasts >= 4)
		return record_error(&r->rf, "'%s' is not a shore that can take another coast", w[0]);
	if (m->nloc >= DIP_MAX_LOC)
		return record_error(&r->rf, "too many locations (at most %d)", DIP_MAX_LOC);
	snprintf(code, sizeof code, "%.6s/%.3s", w[0], w[1]);
	snprintf(name, sizeof name, "%.32s (%.3s)", p->name, w[1]);
	struct dip_loc *c = &m->loc[m->nloc];
	memset(c, 0, sizeof *c);
	memcpy(c->code, code, sizeof c->code);
	memcpy(c->name, name, sizeof c->name);
	c->kind = DIP_COAST;
	c->home = DIP_NO_POWER;
	c->prov = (int16_t)prov;
	p->coast[p->ncoasts++] = (int16_t)m->nloc;
	dip_index_code(m, m->nloc);
	return add_name(r, code, m->nloc++);
}

/* army A: B C ...  or  fleet A: B C ... */
static int rec_adjacent(void *ctx, const char *key, char *rest)
{
	struct reader *r = ctx;
	int fleet = !strcmp(key, "fleet");
	char *head, *w[DIP_MAX_LOC];
	int n = record_neighbours(&r->rf, key, rest, &head, w, DIP_MAX_LOC), from;

	if (n < 0 || code_of(r, head, &from))
		return -1;
	if (!fleet && from >= r->m->nprov)
		return record_error(&r->rf, "army adjacency must name a province, not a coast");
	r->adj_line[fleet][from] = r->rf.line;
	for (int i = 0; i < n; i++) {
		int to;
		if (code_of(r, w[i], &to))
			return -1;
		if (!fleet && to >= r->m->nprov)
			return record_error(&r->rf, "army adjacency must name provinces, not coasts");
		dip_set_add(fleet ? &r->m->loc[from].fleet_adj : &r->m->loc[from].army_adj, to);
	}
	return 0;
}

static int rec_power(void *ctx, const char *key, char *rest)
{
	struct reader *r = ctx;
	(void)key;
	struct dip_map *m = r->m;
	char *w[3];
	int n = str_split(rest, w, 3);

	if (n < 2 || strlen(w[0]) != 1 || !isalpha((unsigned char)w[0][0]))
		return record_error(&r->rf, "power needs: letter name [adjective]");
	if (m->npowers >= DIP_MAX_POWERS)
		return record_error(&r->rf, "too many powers");
	if (dip_power_by_letter(m, w[0][0]) != DIP_NO_POWER)
		return record_error(&r->rf, "power letter %s used twice", w[0]);
	struct dip_power *p = &m->power[m->npowers++];
	p->letter = (char)toupper((unsigned char)w[0][0]);
	str_copy(p->name, sizeof p->name, w[1]);
	str_copy(p->adjective, sizeof p->adjective, n > 2 ? w[2] : w[1]);
	return 0;
}

static int rec_unit(void *ctx, const char *key, char *rest)
{
	struct reader *r = ctx;
	(void)key;
	struct dip_map *m = r->m;
	char *w[3];
	int loc, power;

	if (str_split(rest, w, 3) < 3)
		return record_error(&r->rf, "unit needs: power-letter A|F location");
	power = dip_power_by_letter(m, w[0][0]);
	if (power == DIP_NO_POWER || w[0][1])
		return record_error(&r->rf, "unknown power letter '%s'", w[0]);
	if (code_of(r, w[2], &loc))
		return -1;
	if (m->nstart >= (int)(sizeof m->start / sizeof m->start[0]))
		return record_error(&r->rf, "too many starting units");
	struct dip_start_unit *u = &m->start[m->nstart++];
	u->power = (int8_t)power;
	u->loc = (int16_t)loc;
	if (strcmp(w[1], "A") == 0)
		u->type = DIP_ARMY;
	else if (strcmp(w[1], "F") == 0)
		u->type = DIP_FLEET;
	else
		return record_error(&r->rf, "unit type must be A or F");
	return 0;
}

static int rec_setting(void *ctx, const char *key, char *rest)
{
	struct reader *r = ctx;
	struct dip_map *m = r->m;
	char *w[2];
	int n = str_split(rest, w, 2);

	if (n < 1)
		return record_error(&r->rf, "%s needs a value", key);
	if (strcmp(key, "variant") == 0) {
		str_copy(m->variant, sizeof m->variant, w[0]);
	} else if (strcmp(key, "alias-variant") == 0) {
		/* read by the variant registry, not the engine */
	} else if (strcmp(key, "calendar") == 0) {
		if (strcmp(w[0], "ad") && strcmp(w[0], "bc"))
			return record_error(&r->rf, "calendar must be ad or bc");
		m->calendar = strcmp(w[0], "bc") == 0 ? DIP_CAL_BC : DIP_CAL_AD;
	} else if (strcmp(key, "start") == 0) {
		m->start_year = atoi(w[0]);
		if (m->start_year <= 0)
			return record_error(&r->rf, "start must be a positive year");
	} else if (strcmp(key, "win") == 0) {
		m->win_centres = atoi(w[0]);
		if (m->win_centres <= 0)
			return record_error(&r->rf, "win must be a positive number of centres");
	} else if (strcmp(key, "builds") == 0) {
		if (strcmp(w[0], "home") && strcmp(w[0], "owned"))
			return record_error(&r->rf, "builds must be home or owned");
		m->build_owned = strcmp(w[0], "owned") == 0;
	}
	return 0;
}

/* The first location from b on that is an army or fleet neighbour of l,
 * or DIP_SETWORDS * 64 if none is. */
static int next_neighbour(const struct dip_loc *l, int b)
{
	for (int w = b / 64; w < DIP_SETWORDS; w++) {
		uint64_t bits = l->army_adj.w[w] | l->fleet_adj.w[w];
		if (w == b / 64)
			bits &= ~(uint64_t)0 << (b % 64);
		if (bits)
			return 64 * w + __builtin_ctzll(bits);
	}
	return DIP_SETWORDS * 64;
}

static int check_whole(struct reader *r)
{
	struct dip_map *m = r->m;

	for (int a = 0; a < m->nloc; a++) {
		const struct dip_loc *la = &m->loc[a];
		/* only the neighbours, in order: every check below is about an
		 * adjacency, and the square of the locations was most of the
		 * load's time outside the records */
		for (int b = next_neighbour(la, 0); b < m->nloc; b = next_neighbour(la, b + 1)) {
			const struct dip_loc *lb = &m->loc[b];
			int army = dip_set_has(&la->army_adj, b), fleet = dip_set_has(&la->fleet_adj, b);
			/* each error names the record that lists the adjacency */
			r->rf.line = r->adj_line[0][a];
			if (army && (la->kind == DIP_SEA || lb->kind == DIP_SEA))
				return record_error(&r->rf, "army adjacency %s-%s touches a sea", la->code, lb->code);
			if (army && !dip_set_has(&lb->army_adj, a))
				return record_error(&r->rf, "army adjacency %s-%s is one-way", la->code, lb->code);
			r->rf.line = r->adj_line[1][a];
			if (fleet && (la->kind == DIP_LAND || lb->kind == DIP_LAND ||
			              (b < m->nprov && lb->ncoasts) || (a < m->nprov && la->ncoasts)))
				return record_error(&r->rf, "fleet adjacency %s-%s: a fleet cannot stand there",
				            la->code, lb->code);
			if (fleet && !dip_set_has(&lb->fleet_adj, a))
				return record_error(&r->rf, "fleet adjacency %s-%s is one-way", la->code, lb->code);
		}
	}
	r->rf.line = r->last_line;
	for (int p = 0; p < m->npowers; p++) {
		int homes = 0;
		for (int l = 0; l < m->nprov; l++)
			homes += m->loc[l].home == p;
		if (!homes)
			return record_error(&r->rf, "power %s has no home centre", m->power[p].name);
	}
	for (int i = 0; i < m->nstart; i++) {
		const struct dip_start_unit *u = &m->start[i];
		const struct dip_loc *l = &m->loc[u->loc];
		if (u->type == DIP_ARMY ? (l->kind == DIP_SEA || u->loc >= m->nprov)
		                        : (l->kind == DIP_LAND || (u->loc < m->nprov && l->ncoasts)))
			return record_error(&r->rf, "starting unit cannot stand in %s", l->code);
	}
	if (!m->variant[0] || !m->npowers || !m->win_centres || !m->start_year)
		return record_error(&r->rf, "variant, power, win and start records are required");
	/* derived sets the convoy searches use on every phase */
	for (int l = 0; l < m->nloc; l++)
		if (m->loc[l].kind == DIP_SEA)
			dip_set_add(&m->seas, l);
	for (int p = 0; p < m->nprov; p++) {
		struct dip_loc *l = &m->loc[p];
		for (int c = -1; c < l->ncoasts; c++)
			for (int w = 0; w < DIP_SETWORDS; w++)
				l->near_seas.w[w] |= m->loc[c < 0 ? p : l->coast[c]].fleet_adj.w[w] & m->seas.w[w];
	}
	return 0;
}

/* The records of a map file, and who reads each. */
static const struct record_kind kinds[] = {
	{ "prov", rec_prov }, { "coast", rec_coast },
	{ "army", rec_adjacent }, { "fleet", rec_adjacent },
	{ "power", rec_power }, { "unit", rec_unit },
	{ "variant", rec_setting }, { "alias-variant", rec_setting },
	{ "calendar", rec_setting }, { "start", rec_setting },
	{ "win", rec_setting }, { "builds", rec_setting },
};

int dip_map_load(const char *path, struct dip_map *m, struct names *names)
{
	struct reader *r = xcalloc(1, sizeof *r);
	int rc;

	memset(m, 0, sizeof *m);
	r->rf = (struct record_file){ path, 0 };
	r->m = m;
	r->names = names;
	rc = records_read(&r->rf, kinds, sizeof kinds / sizeof kinds[0], r);
	r->last_line = r->rf.line;
	if (rc == 0)
		rc = check_whole(r);
	if (rc == 0 && m->calendar == DIP_CAL_BC)
		m->start_year = -m->start_year;
	free(r);
	return rc;
}
