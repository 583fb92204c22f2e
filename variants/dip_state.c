/*
 * dip_state.c - a Diplomacy position as the text the Judge stores between
 * phases.  One record per line, codes and power letters, so a game's
 * history in the database can be read (and replayed) by a person:
 *
 *     phase 1901 spring movement
 *     owner E lon
 *     unit E F lon
 *     dislodged R A war from gal       ("from -" when it came by convoy)
 *     contested gal
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "variants/dip_board.h"

static const char *seasons[] = { "spring", "fall", "winter" };
static const char *phases[] = { "movement", "retreat", "adjustment" };

static void write_unit(const struct dip_map *m, const struct dip_unit *u, struct strbuf *out)
{
	strbuf_addf(out, "%c %c %s", m->power[u->power].letter,
	            u->type == DIP_ARMY ? 'A' : 'F', m->loc[u->loc].code);
}

void dip_state_write(const struct dip_map *m, const struct dip_position *p,
                     struct strbuf *out)
{
	strbuf_addf(out, "phase %d %s %s\n", p->year, seasons[p->season], phases[p->phase]);
	for (int l = 0; l < m->nprov; l++)
		if (m->loc[l].centre && p->owner[l] != DIP_NO_POWER)
			strbuf_addf(out, "owner %c %s\n", m->power[p->owner[l]].letter, m->loc[l].code);
	for (int i = 0; i < p->nunits; i++) {
		strbuf_addstr(out, "unit ");
		write_unit(m, &p->unit[i], out);
		strbuf_addch(out, '\n');
	}
	for (int i = 0; i < p->ndislodged; i++) {
		strbuf_addstr(out, "dislodged ");
		write_unit(m, &p->dislodged[i].unit, out);
		strbuf_addf(out, " from %s\n", p->dislodged[i].attacker_from == DIP_NO_LOC ? "-"
		            : m->loc[p->dislodged[i].attacker_from].code);
	}
	for (int l = 0; l < m->nprov; l++)
		if (dip_set_has(&p->contested, l))
			strbuf_addf(out, "contested %s\n", m->loc[l].code);
}

static int read_unit(const struct dip_map *m, const char *pw, const char *type,
                     const char *where, struct dip_unit *u)
{
	u->power = (int8_t)dip_power_by_letter(m, pw[0]);
	u->type = type[0] == 'A' ? DIP_ARMY : type[0] == 'F' ? DIP_FLEET : DIP_NO_UNIT;
	u->loc = (int16_t)dip_loc_by_code(m, where);
	return u->power == DIP_NO_POWER || u->type == DIP_NO_UNIT || u->loc == DIP_NO_LOC ? -1 : 0;
}

int dip_state_read(const struct dip_map *m, const char *text, struct dip_position *p)
{
	char line[256], a[32], b[32], c[32], d[32], e[32];
	int n = 0, ok = 0;
	const char *l0;
	size_t len;

	memset(p, 0, sizeof *p);
	memset(p->owner, DIP_NO_POWER, sizeof p->owner);
	while (str_next_line(&text, &l0, &len)) {
		int bad = 0, f;
		snprintf(line, sizeof line, "%.*s", (int)(len < sizeof line ? len : sizeof line - 1), l0);
		n++;
		f = sscanf(line, "%31s %31s %31s %31s %31s %31s", a, b, c, d, e, e);
		if (f <= 0)
			continue;
		if (!strcmp(a, "phase") && f == 4) {
			p->year = atoi(b);
			p->season = p->phase = -1;
			for (int i = 0; i < 3; i++) {
				if (!strcmp(c, seasons[i]))
					p->season = (int8_t)i;
				if (!strcmp(d, phases[i]))
					p->phase = (int8_t)i;
			}
			bad = p->season < 0 || p->phase < 0 || p->year == 0;
			ok = !bad;
		} else if (!strcmp(a, "owner") && f == 3) {
			int pw = dip_power_by_letter(m, b[0]), l = dip_loc_by_code(m, c);
			bad = pw == DIP_NO_POWER || l == DIP_NO_LOC;
			if (!bad)
				p->owner[l] = (int8_t)pw;
		} else if (!strcmp(a, "unit") && f == 4 && p->nunits < DIP_MAX_UNITS) {
			bad = read_unit(m, b, c, d, &p->unit[p->nunits++]);
		} else if (!strcmp(a, "dislodged") && f == 6 && p->ndislodged < DIP_MAX_UNITS) {
			struct dip_dislodged *dl = &p->dislodged[p->ndislodged++];
			sscanf(line, "%*s %*s %*s %*s %*s %31s", e);
			bad = read_unit(m, b, c, d, &dl->unit);
			dl->attacker_from = (int16_t)(strcmp(e, "-") ? dip_loc_by_code(m, e) : DIP_NO_LOC);
			bad |= strcmp(e, "-") && dl->attacker_from == DIP_NO_LOC;
		} else if (!strcmp(a, "contested") && f == 2) {
			int l = dip_loc_by_code(m, b);
			bad = l == DIP_NO_LOC;
			if (!bad)
				dip_set_add(&p->contested, l);
		} else {
			bad = 1;
		}
		if (bad)
			return fail("state line %d: '%s'", n, line);
	}
	return ok ? 0 : fail("state has no phase line");
}
