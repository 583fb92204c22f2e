/*
 * dip_map_load.c - the map file reader.  One pass reads the records and
 * resolves codes as they appear (a code must be declared before use); a
 * second pass checks what can only be checked once everything is read:
 * adjacency from both ends, fleets only on water and shores, a home centre
 * for every power.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adjudicator/dip.h"
#include "parser/strbuf.h"
#include "variants/dip_map_load.h"

struct reader {
	const char *path;
	int line;
	char *err;
	size_t errlen;
	struct dip_map *m;
	struct names *names;
	int adj_line[2][DIP_MAX_LOC];   /* where each army / fleet record was */
	int last_line;                  /* the file's length, for whole-map errors */
};

static int fail(struct reader *r, const char *fmt, ...)
{
	va_list ap;
	int n = snprintf(r->err, r->errlen, "%s:%d: ", r->path, r->line);

	va_start(ap, fmt);
	if (n >= 0 && (size_t)n < r->errlen)
		vsnprintf(r->err + n, r->errlen - (size_t)n, fmt, ap);
	va_end(ap);
	return -1;
}

static int code_of(struct reader *r, const char *code, int *loc)
{
	*loc = dip_loc_by_code(r->m, code);
	if (*loc == DIP_NO_LOC)
		return fail(r, "unknown location code '%s'", code);
	return 0;
}

static int add_name(struct reader *r, const char *text, int loc)
{
	int rc = names_add(r->names, text, loc);
	if (rc == -1)
		return fail(r, "name '%s' already stands for another location", text);
	if (rc < 0)
		return fail(r, "out of memory");
	return 0;
}

static void trim(char *s)
{
	size_t n = strlen(s);
	while (n && isspace((unsigned char)s[n - 1]))
		s[--n] = '\0';
}

/* prov CODE KIND CENTRE Full Name [| alias, alias] */
static int rec_prov(struct reader *r, char *rest)
{
	static const char *kinds[] = { "land", "coast", "sea" };
	struct dip_map *m = r->m;
	char *w[3], *name, *aliases;
	struct dip_loc *l;
	int kind = -1;

	if (str_split(rest, w, 3) < 3)
		return fail(r, "prov needs: code kind centre name");
	name = w[2] + strlen(w[2]) + 1;
	if (m->nprov != m->nloc)
		return fail(r, "prov '%s' after a coast record: declare provinces first", w[0]);
	if (m->nloc >= DIP_MAX_LOC)
		return fail(r, "too many locations (at most %d)", DIP_MAX_LOC);
	if (strlen(w[0]) >= sizeof l->code || dip_loc_by_code(m, w[0]) != DIP_NO_LOC)
		return fail(r, "bad or duplicate province code '%s'", w[0]);
	for (int k = 0; k < 3; k++)
		if (strcmp(w[1], kinds[k]) == 0)
			kind = k;
	if (kind < 0)
		return fail(r, "kind must be land, coast or sea, not '%s'", w[1]);

	l = &m->loc[m->nloc];
	memset(l, 0, sizeof *l);
	snprintf(l->code, sizeof l->code, "%s", w[0]);
	l->kind = (int8_t)kind;
	l->prov = (int16_t)m->nloc;
	l->home = DIP_NO_POWER;
	if (strcmp(w[2], "*") == 0) {
		l->centre = 1;
	} else if (strcmp(w[2], "-") != 0) {
		int p = strlen(w[2]) == 1 ? dip_power_by_letter(m, w[2][0]) : DIP_NO_POWER;
		if (p == DIP_NO_POWER)
			return fail(r, "centre must be -, * or a power letter, not '%s'", w[2]);
		l->centre = 1;
		l->home = (int8_t)p;
	}
	if (l->centre && kind == DIP_SEA)
		return fail(r, "a sea cannot be a supply centre");
	m->ncentres += l->centre;

	aliases = strchr(name, '|');
	if (aliases)
		*aliases++ = '\0';
	while (isspace((unsigned char)*name))
		name++;
	trim(name);
	if (!*name)
		return fail(r, "province '%s' has no name", w[0]);
	snprintf(l->name, sizeof l->name, "%s", name);
	int loc = m->nloc++;
	m->nprov++;
	dip_index_code(m, loc);
	if (add_name(r, l->code, loc) || add_name(r, name, loc))
		return -1;
	while (aliases && *aliases) {
		char *comma = strchr(aliases, ',');
		if (comma)
			*comma = '\0';
		while (isspace((unsigned char)*aliases))
			aliases++;
		trim(aliases);
		if (*aliases && add_name(r, aliases, loc))
			return -1;
		aliases = comma ? comma + 1 : NULL;
	}
	return 0;
}

/* coast PROV XX: a fleet location PROV/XX */
static int rec_coast(struct reader *r, char *rest)
{
	struct dip_map *m = r->m;
	char *w[2], code[sizeof m->loc[0].code], name[sizeof m->loc[0].name];
	int prov;

	if (str_split(rest, w, 2) < 2 || strlen(w[1]) > 3 || strlen(w[0]) > 6)
		return fail(r, "coast needs: province code and a coast like nc");
	if (code_of(r, w[0], &prov))
		return -1;
	struct dip_loc *p = &m->loc[prov];
	if (p->kind != DIP_COAST || p->ncoasts >= 4)
		return fail(r, "'%s' is not a shore that can take another coast", w[0]);
	if (m->nloc >= DIP_MAX_LOC)
		return fail(r, "too many locations (at most %d)", DIP_MAX_LOC);
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
static int rec_adjacent(struct reader *r, char *rest, int fleet)
{
	char *w[DIP_MAX_LOC + 1];
	int n = str_split(rest, w, DIP_MAX_LOC + 1), from;

	if (n < 1)
		return fail(r, "adjacency needs a location");
	size_t len = strlen(w[0]);
	if (len && w[0][len - 1] == ':')
		w[0][len - 1] = '\0';
	if (code_of(r, w[0], &from))
		return -1;
	if (!fleet && from >= r->m->nprov)
		return fail(r, "army adjacency must name a province, not a coast");
	r->adj_line[fleet][from] = r->line;
	for (int i = 1; i < n; i++) {
		int to;
		if (code_of(r, w[i], &to))
			return -1;
		if (!fleet && to >= r->m->nprov)
			return fail(r, "army adjacency must name provinces, not coasts");
		dip_set_add(fleet ? &r->m->loc[from].fleet_adj : &r->m->loc[from].army_adj, to);
	}
	return 0;
}

static int rec_power(struct reader *r, char *rest)
{
	struct dip_map *m = r->m;
	char *w[3];
	int n = str_split(rest, w, 3);

	if (n < 2 || strlen(w[0]) != 1 || !isalpha((unsigned char)w[0][0]))
		return fail(r, "power needs: letter name [adjective]");
	if (m->npowers >= DIP_MAX_POWERS)
		return fail(r, "too many powers");
	if (dip_power_by_letter(m, w[0][0]) != DIP_NO_POWER)
		return fail(r, "power letter %s used twice", w[0]);
	struct dip_power *p = &m->power[m->npowers++];
	p->letter = (char)toupper((unsigned char)w[0][0]);
	snprintf(p->name, sizeof p->name, "%s", w[1]);
	snprintf(p->adjective, sizeof p->adjective, "%s", n > 2 ? w[2] : w[1]);
	return 0;
}

static int rec_unit(struct reader *r, char *rest)
{
	struct dip_map *m = r->m;
	char *w[3];
	int loc, power;

	if (str_split(rest, w, 3) < 3)
		return fail(r, "unit needs: power-letter A|F location");
	power = dip_power_by_letter(m, w[0][0]);
	if (power == DIP_NO_POWER || w[0][1])
		return fail(r, "unknown power letter '%s'", w[0]);
	if (code_of(r, w[2], &loc))
		return -1;
	if (m->nstart >= (int)(sizeof m->start / sizeof m->start[0]))
		return fail(r, "too many starting units");
	struct dip_start_unit *u = &m->start[m->nstart++];
	u->power = (int8_t)power;
	u->loc = (int16_t)loc;
	if (strcmp(w[1], "A") == 0)
		u->type = DIP_ARMY;
	else if (strcmp(w[1], "F") == 0)
		u->type = DIP_FLEET;
	else
		return fail(r, "unit type must be A or F");
	return 0;
}

static int rec_setting(struct reader *r, const char *key, char *rest)
{
	struct dip_map *m = r->m;
	char *w[2];
	int n = str_split(rest, w, 2);

	if (n < 1)
		return fail(r, "%s needs a value", key);
	if (strcmp(key, "variant") == 0) {
		snprintf(m->variant, sizeof m->variant, "%s", w[0]);
	} else if (strcmp(key, "alias-variant") == 0) {
		/* read by the variant registry, not the engine */
	} else if (strcmp(key, "calendar") == 0) {
		if (strcmp(w[0], "ad") && strcmp(w[0], "bc"))
			return fail(r, "calendar must be ad or bc");
		m->calendar = strcmp(w[0], "bc") == 0 ? DIP_CAL_BC : DIP_CAL_AD;
	} else if (strcmp(key, "start") == 0) {
		m->start_year = atoi(w[0]);
		if (m->start_year <= 0)
			return fail(r, "start must be a positive year");
	} else if (strcmp(key, "win") == 0) {
		m->win_centres = atoi(w[0]);
		if (m->win_centres <= 0)
			return fail(r, "win must be a positive number of centres");
	} else if (strcmp(key, "builds") == 0) {
		if (strcmp(w[0], "home") && strcmp(w[0], "owned"))
			return fail(r, "builds must be home or owned");
		m->build_owned = strcmp(w[0], "owned") == 0;
	}
	return 0;
}

static int check_whole(struct reader *r)
{
	struct dip_map *m = r->m;

	for (int a = 0; a < m->nloc; a++) {
		const struct dip_loc *la = &m->loc[a];
		for (int b = 0; b < m->nloc; b++) {
			const struct dip_loc *lb = &m->loc[b];
			int army = dip_set_has(&la->army_adj, b), fleet = dip_set_has(&la->fleet_adj, b);
			/* each error names the record that lists the adjacency */
			r->line = r->adj_line[0][a];
			if (army && (la->kind == DIP_SEA || lb->kind == DIP_SEA))
				return fail(r, "army adjacency %s-%s touches a sea", la->code, lb->code);
			if (army && !dip_set_has(&lb->army_adj, a))
				return fail(r, "army adjacency %s-%s is one-way", la->code, lb->code);
			r->line = r->adj_line[1][a];
			if (fleet && (la->kind == DIP_LAND || lb->kind == DIP_LAND ||
			              (b < m->nprov && lb->ncoasts) || (a < m->nprov && la->ncoasts)))
				return fail(r, "fleet adjacency %s-%s: a fleet cannot stand there",
				            la->code, lb->code);
			if (fleet && !dip_set_has(&lb->fleet_adj, a))
				return fail(r, "fleet adjacency %s-%s is one-way", la->code, lb->code);
		}
	}
	r->line = r->last_line;
	for (int p = 0; p < m->npowers; p++) {
		int homes = 0;
		for (int l = 0; l < m->nprov; l++)
			homes += m->loc[l].home == p;
		if (!homes)
			return fail(r, "power %s has no home centre", m->power[p].name);
	}
	for (int i = 0; i < m->nstart; i++) {
		const struct dip_start_unit *u = &m->start[i];
		const struct dip_loc *l = &m->loc[u->loc];
		if (u->type == DIP_ARMY ? (l->kind == DIP_SEA || u->loc >= m->nprov)
		                        : (l->kind == DIP_LAND || (u->loc < m->nprov && l->ncoasts)))
			return fail(r, "starting unit cannot stand in %s", l->code);
	}
	if (!m->variant[0] || !m->npowers || !m->win_centres || !m->start_year)
		return fail(r, "variant, power, win and start records are required");
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

int dip_map_load(const char *path, struct dip_map *m, struct names *names,
                 char *err, size_t errlen)
{
	struct reader r;
	char line[2048];
	FILE *f = fopen(path, "r");
	int rc = 0;

	memset(&r, 0, sizeof r);
	r.path = path;
	r.err = err;
	r.errlen = errlen;
	r.m = m;
	r.names = names;
	memset(m, 0, sizeof *m);
	if (!f) {
		snprintf(err, errlen, "%s: cannot open", path);
		return -1;
	}
	while (rc == 0 && fgets(line, sizeof line, f)) {
		char *hash = strchr(line, '#'), *key, *rest;
		r.line++;
		if (hash)
			*hash = '\0';
		key = line;
		while (isspace((unsigned char)*key))
			key++;
		if (!*key)
			continue;
		rest = key;
		while (*rest && !isspace((unsigned char)*rest))
			rest++;
		if (*rest)
			*rest++ = '\0';
		if (strcmp(key, "prov") == 0)
			rc = rec_prov(&r, rest);
		else if (strcmp(key, "coast") == 0)
			rc = rec_coast(&r, rest);
		else if (strcmp(key, "army") == 0)
			rc = rec_adjacent(&r, rest, 0);
		else if (strcmp(key, "fleet") == 0)
			rc = rec_adjacent(&r, rest, 1);
		else if (strcmp(key, "power") == 0)
			rc = rec_power(&r, rest);
		else if (strcmp(key, "unit") == 0)
			rc = rec_unit(&r, rest);
		else if (!strcmp(key, "variant") || !strcmp(key, "alias-variant") ||
		         !strcmp(key, "calendar") || !strcmp(key, "start") ||
		         !strcmp(key, "win") || !strcmp(key, "builds"))
			rc = rec_setting(&r, key, rest);
		else
			rc = fail(&r, "unknown record '%s'", key);
	}
	fclose(f);
	r.last_line = r.line;
	if (rc == 0)
		rc = check_whole(&r);
	if (rc == 0 && m->calendar == DIP_CAL_BC)
		m->start_year = -m->start_year;
	return rc;
}
