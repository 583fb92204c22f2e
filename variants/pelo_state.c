/*
 * pelo_state.c - a Peloponnesian War position as the text the Judge stores
 * between phases.  One record per line, with the map's codes, so that a
 * game's history can be read, compared and replayed by a person:
 *
 *     turn 1 diplomatic         the turn and its phase (or "turn 10 over ath",
 *                               "turn 10 over none")
 *     status cor partner spa    a status marker: dominant, neutral, partner X,
 *                               war X (majors); neutral, ally X, tributary X,
 *                               enemy X (minors and kingdoms)
 *     sympathy syr cor          a minor the major operates (3.1.3)
 *     money ath 6000 10 0       treasury, bellicosity, resentment
 *     surrendered thb ath       a major that surrendered, and to whom
 *     plague ath                plague has struck it (once a game)
 *     control pir ath           who holds a space (absent: nobody)
 *     rebellion pot             markers on spaces
 *     ravaged ath
 *     force ath pir 0 0 12      a city-state's SPs in a space: H C N
 *     garrison ath nau          a garrison marker
 *     treaty ath spa 3          a peace treaty and the turn it was made
 *     hostages spa ath 1        Sparta holds 1 hostage of Athens (seed 002)
 *     special-used argos        the scenario's special action, used (once
 *                               a game); its code is the scenario's
 *     station spa att           a force on year-round station (chapter 3)
 *     leader brasidas at att    a leader with an army (absent: at home)
 *     leader pericles dead
 *     siege pla spa 2           siege points, and who besieges (seed 002)
 *     entered att spa           the sides that entered a space this turn
 *
 * Written in one fixed order, so one position has one text.  Read with
 * the same table of records; anything unknown or out of range is a
 * damaged state ("line N: ...") and the game is suspended by the front
 * layer, never guessed at.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "variants/pelo_board.h"

static const char *const phase_words[] = {
	[PELO_PH_DIPLOMATIC] = "diplomatic",
	[PELO_PH_OPERATIONS] = "operations",
	[PELO_PH_POLITICAL] = "political",
	[PELO_PH_ECONOMIC] = "economic",
	[PELO_PH_OVER] = "over",
};

static const char *const box_words[] = {
	[PELO_BOX_NEUTRAL] = "neutral",
	[PELO_BOX_DOMINANT] = "dominant",
	[PELO_BOX_PARTNER] = "partner",
	[PELO_BOX_AT_WAR] = "war",
	[PELO_BOX_ALLY] = "ally",
	[PELO_BOX_TRIBUTARY] = "tributary",
	[PELO_BOX_ENEMY] = "enemy",
};

#define NELEM(a) (sizeof (a) / sizeof (a)[0])

const char *pelo_phase_word(int phase)
{
	return phase >= 0 && phase < (int)NELEM(phase_words) ? phase_words[phase] : "?";
}

static const char *city_code(const struct pelo_map *m, int c)
{
	return c >= 0 && c < m->ncities ? m->city[c].code : "none";
}

void pelo_state_write(const struct pelo_map *m, const struct pelo_scenario *sc, const struct pelo_pos *p,
                    struct strbuf *out)
{
	strbuf_addf(out, "turn %d %s", p->turn, pelo_phase_word(p->phase));
	if (p->phase == PELO_PH_OVER)
		strbuf_addf(out, " %s", city_code(m, p->winner));
	strbuf_addch(out, '\n');
	for (int c = 0; c < m->ncities; c++) {
		const struct pelo_status *st = &p->status[c];
		strbuf_addf(out, "status %s %s", m->city[c].code, box_words[st->box]);
		if (st->of != PELO_NONE)
			strbuf_addf(out, " %s", city_code(m, st->of));
		strbuf_addch(out, '\n');
		if (st->sympathetic != PELO_NONE)
			strbuf_addf(out, "sympathy %s %s\n", m->city[c].code, city_code(m, st->sympathetic));
	}
	for (int c = 0; c < m->ncities; c++) {
		if (m->city[c].class != PELO_MAJOR)
			continue;
		strbuf_addf(out, "money %s %d %d %d\n", m->city[c].code, p->treasury[c],
		            p->bellicosity[c], p->resentment[c]);
		if (p->surrendered_to[c] != PELO_NONE)
			strbuf_addf(out, "surrendered %s %s\n", m->city[c].code,
			            city_code(m, p->surrendered_to[c]));
		if (p->plague_done[c])
			strbuf_addf(out, "plague %s\n", m->city[c].code);
	}
	for (int s = 0; s < m->nspaces; s++) {
		if (p->control[s] != PELO_NONE)
			strbuf_addf(out, "control %s %s\n", m->space[s].code, city_code(m, p->control[s]));
		if (p->rebellion[s])
			strbuf_addf(out, "rebellion %s\n", m->space[s].code);
		if (p->ravaged[s])
			strbuf_addf(out, "ravaged %s\n", m->space[s].code);
	}
	for (int i = 0; i < p->nforces; i++) {
		const struct pelo_force *f = &p->force[i];
		if (f->sp[PELO_HOPLITE] || f->sp[PELO_CAVALRY] || f->sp[PELO_NAVAL_SP])
			strbuf_addf(out, "force %s %s %d %d %d\n", city_code(m, f->city),
			            m->space[f->space].code, f->sp[PELO_HOPLITE], f->sp[PELO_CAVALRY],
			            f->sp[PELO_NAVAL_SP]);
		if (f->garrison)
			strbuf_addf(out, "garrison %s %s\n", city_code(m, f->city), m->space[f->space].code);
		if (f->station)
			strbuf_addf(out, "station %s %s\n", city_code(m, f->city), m->space[f->space].code);
	}
	for (int l = 0; l < sc->nleaders; l++)
		if (p->leader_dead[l])
			strbuf_addf(out, "leader %s dead\n", sc->leader[l].code);
		else if (p->leader_at[l] != PELO_NONE)
			strbuf_addf(out, "leader %s at %s\n", sc->leader[l].code, m->space[p->leader_at[l]].code);
	for (int s = 0; s < m->nspaces; s++) {
		if (p->siege[s])
			strbuf_addf(out, "siege %s %s %d\n", m->space[s].code, city_code(m, p->siege_by[s]),
			            p->siege[s]);
		if (!p->entered[s])
			continue;
		strbuf_addf(out, "entered %s", m->space[s].code);
		for (int k = 0; k < m->nmajors; k++)
			if (p->entered[s] & (1u << k))
				strbuf_addf(out, " %s", m->city[m->major[k]].code);
		strbuf_addch(out, '\n');
	}
	for (int i = 0; i < p->ntreaties; i++)
		strbuf_addf(out, "treaty %s %s %d\n", city_code(m, p->treaty[i].a),
		            city_code(m, p->treaty[i].b), p->treaty[i].turn);
	for (int h = 0; h < m->ncities; h++)
		for (int c = 0; c < m->ncities; c++)
			if (p->hostages[h][c])
				strbuf_addf(out, "hostages %s %s %d\n", m->city[h].code, m->city[c].code,
				            p->hostages[h][c]);
	for (int i = 0; i < sc->nactions; i++)
		if (p->special_used[i])
			strbuf_addf(out, "special-used %s\n", sc->action[i].code);
}

/* ---- reading ---- */

struct reader {
	const struct pelo_map *m;
	const struct pelo_scenario *sc;
	struct pelo_pos *p;
	int line;
	char *w[8];
	int n;
};

static int bad(struct reader *r, const char *what)
{
	return fail("damaged state: line %d: %s", r->line, what);
}

/* Word i as a city-state (or "none" where none is allowed). */
static int word_city(struct reader *r, int i, int none_ok, int *c)
{
	if (i >= r->n)
		return bad(r, "a city-state is missing");
	if (none_ok && !strcmp(r->w[i], "none")) {
		*c = PELO_NONE;
		return 0;
	}
	if ((*c = pelo_city_by_code(r->m, r->w[i])) == PELO_NONE)
		return bad(r, "unknown city-state");
	return 0;
}

static int word_space(struct reader *r, int i, int *s)
{
	if (i >= r->n || (*s = pelo_space_by_code(r->m, r->w[i])) == PELO_NONE)
		return bad(r, "unknown space");
	return 0;
}

static int word_int(struct reader *r, int i, int lo, int hi, int *v)
{
	char *end;
	long x;

	if (i >= r->n)
		return bad(r, "a number is missing");
	x = strtol(r->w[i], &end, 10);
	if (*end || end == r->w[i] || x < lo || x > hi)
		return bad(r, "a number out of range");
	*v = (int)x;
	return 0;
}

static int words(struct reader *r, int n)
{
	return r->n == n ? 0 : bad(r, "wrong number of words");
}

static int rd_turn(struct reader *r)
{
	int t;

	if (r->n < 3 || word_int(r, 1, 1, 100, &t))
		return bad(r, "turn wants a number and a phase");
	r->p->turn = t;
	for (size_t k = 0; k < NELEM(phase_words); k++)
		if (!strcmp(r->w[2], phase_words[k])) {
			r->p->phase = (int8_t)k;
			if (k != PELO_PH_OVER)
				return words(r, 3);
			int c;
			if (words(r, 4) || word_city(r, 3, 1, &c))
				return -1;
			r->p->winner = (int8_t)c;
			return 0;
		}
	return bad(r, "unknown phase");
}

static int rd_status(struct reader *r)
{
	int c, of = PELO_NONE;

	if (word_city(r, 1, 0, &c) || r->n < 3)
		return -1;
	for (size_t k = 0; k < NELEM(box_words); k++)
		if (!strcmp(r->w[2], box_words[k])) {
			int needs_of = k != PELO_BOX_NEUTRAL && k != PELO_BOX_DOMINANT;
			int major = r->m->city[c].class == PELO_MAJOR;
			int major_box = k <= PELO_BOX_AT_WAR;
			if (major != major_box && k != PELO_BOX_NEUTRAL)
				return bad(r, "a box of the other class of city-state");
			if (words(r, 3 + needs_of) || (needs_of && word_city(r, 3, 0, &of)))
				return -1;
			if (of != PELO_NONE && r->m->city[of].class != PELO_MAJOR)
				return bad(r, "a box belongs to a major");
			r->p->status[c].box = (int8_t)k;
			r->p->status[c].of = (int8_t)of;
			return 0;
		}
	return bad(r, "unknown status box");
}

static int rd_sympathy(struct reader *r)
{
	int c, maj;

	if (words(r, 3) || word_city(r, 1, 0, &c) || word_city(r, 2, 0, &maj))
		return -1;
	r->p->status[c].sympathetic = (int8_t)maj;
	return 0;
}

static int major_word(struct reader *r, int i, int *c)
{
	if (word_city(r, i, 0, c))
		return -1;
	return r->m->city[*c].class == PELO_MAJOR ? 0 : bad(r, "not a major city-state");
}

static int rd_money(struct reader *r)
{
	int c;

	return words(r, 5) || major_word(r, 1, &c) ||
	       word_int(r, 2, 0, 999999, &r->p->treasury[c]) ||
	       word_int(r, 3, 0, PELO_BELLICOSITY_MAX, &r->p->bellicosity[c]) ||
	       word_int(r, 4, 0, 999, &r->p->resentment[c]) ? -1 : 0;
}

static int rd_surrendered(struct reader *r)
{
	int c, to;

	if (words(r, 3) || major_word(r, 1, &c) || word_city(r, 2, 0, &to))
		return -1;
	r->p->surrendered_to[c] = (int8_t)to;
	return 0;
}

static int rd_plague(struct reader *r)
{
	int c;

	if (words(r, 2) || major_word(r, 1, &c))
		return -1;
	r->p->plague_done[c] = 1;
	return 0;
}

static int rd_control(struct reader *r)
{
	int s, c;

	if (words(r, 3) || word_space(r, 1, &s) || word_city(r, 2, 0, &c))
		return -1;
	r->p->control[s] = (int8_t)c;
	return 0;
}

/* rebellion SPACE and ravaged SPACE: a marker */
static int rd_marker(struct reader *r)
{
	int s;

	if (words(r, 2) || word_space(r, 1, &s))
		return -1;
	(r->w[0][1] == 'e' ? r->p->rebellion : r->p->ravaged)[s] = 1;
	return 0;
}

static int rd_force(struct reader *r)
{
	int c, s, sp[PELO_SP_TYPES];
	struct pelo_force *f;

	if (words(r, 6) || word_city(r, 1, 0, &c) || word_space(r, 2, &s))
		return -1;
	for (int k = 0; k < PELO_SP_TYPES; k++)
		if (word_int(r, 3 + k, 0, 99, &sp[k]))
			return -1;
	if (!(f = pelo_force_at(r->p, c, s)))
		return bad(r, "too many forces");
	for (int k = 0; k < PELO_SP_TYPES; k++)
		f->sp[k] = (int8_t)sp[k];
	return 0;
}

/* garrison CITY SPACE and station CITY SPACE: a mark on a force (a
 * garrison marker; year-round station, chapter 3) */
static int rd_force_mark(struct reader *r)
{
	int c, s;
	struct pelo_force *f;

	if (words(r, 3) || word_city(r, 1, 0, &c) || word_space(r, 2, &s))
		return -1;
	if (!(f = pelo_force_at(r->p, c, s)))
		return bad(r, "too many forces");
	if (r->w[0][0] == 'g')
		f->garrison = 1;
	else
		f->station = 1;
	return 0;
}

/* leader CODE at SPACE | leader CODE dead */
static int rd_leader(struct reader *r)
{
	int l, s;

	for (l = 0; l < r->sc->nleaders && (r->n < 2 || strcmp(r->w[1], r->sc->leader[l].code)); l++)
		;
	if (l == r->sc->nleaders)
		return bad(r, "unknown leader");
	if (r->n == 3 && !strcmp(r->w[2], "dead")) {
		r->p->leader_dead[l] = 1;
		return 0;
	}
	if (words(r, 4) || strcmp(r->w[2], "at") || word_space(r, 3, &s))
		return bad(r, "leader CODE at SPACE, or leader CODE dead");
	r->p->leader_at[l] = (int8_t)s;
	return 0;
}

/* siege SPACE CITY POINTS */
static int rd_siege(struct reader *r)
{
	int s, c, n;

	if (words(r, 4) || word_space(r, 1, &s) || major_word(r, 2, &c) || word_int(r, 3, 1, 99, &n))
		return -1;
	r->p->siege[s] = (uint8_t)n;
	r->p->siege_by[s] = (int8_t)c;
	return 0;
}

/* entered SPACE MAJOR...: the sides of these majors entered it this turn */
static int rd_entered(struct reader *r)
{
	int s, c;

	if (r->n < 3 || word_space(r, 1, &s))
		return bad(r, "entered SPACE MAJOR...");
	for (int i = 2; i < r->n; i++) {
		int k;
		if (major_word(r, i, &c))
			return -1;
		for (k = 0; k < r->m->nmajors && r->m->major[k] != c; k++)
			;
		r->p->entered[s] |= (uint8_t)(1u << k);
	}
	return 0;
}

static int rd_treaty(struct reader *r)
{
	int a, b, t;

	if (words(r, 4) || word_city(r, 1, 0, &a) || word_city(r, 2, 0, &b) ||
	    word_int(r, 3, 1, 100, &t))
		return -1;
	if (r->p->ntreaties == PELO_MAX_TREATIES)
		return bad(r, "too many treaties");
	r->p->treaty[r->p->ntreaties++] = (struct pelo_treaty){ (int8_t)a, (int8_t)b, (int8_t)t };
	return 0;
}

/* hostages HOLDER OF N: both majors, not the same; N markers (1..99) */
static int rd_hostages(struct reader *r)
{
	int h, c, n;

	if (words(r, 4) || major_word(r, 1, &h) || major_word(r, 2, &c) || word_int(r, 3, 1, 99, &n))
		return -1;
	if (h == c)
		return bad(r, "a major holds no hostages of itself");
	r->p->hostages[h][c] = (int8_t)n;
	return 0;
}

static int rd_special_used(struct reader *r)
{
	if (words(r, 2))
		return -1;
	for (int i = 0; i < r->sc->nactions; i++)
		if (!strcmp(r->w[1], r->sc->action[i].code)) {
			r->p->special_used[i] = 1;
			return 0;
		}
	return bad(r, "unknown special action");
}

static const struct {
	const char *key;
	int (*fn)(struct reader *r);
} records[] = {
	{ "turn", rd_turn }, { "status", rd_status }, { "sympathy", rd_sympathy },
	{ "money", rd_money }, { "surrendered", rd_surrendered }, { "plague", rd_plague },
	{ "control", rd_control }, { "rebellion", rd_marker }, { "ravaged", rd_marker },
	{ "force", rd_force }, { "garrison", rd_force_mark }, { "treaty", rd_treaty },
	{ "hostages", rd_hostages }, { "special-used", rd_special_used },
	{ "station", rd_force_mark }, { "leader", rd_leader }, { "siege", rd_siege },
	{ "entered", rd_entered },
};

int pelo_state_read(const struct pelo_map *m, const struct pelo_scenario *sc, const char *text,
                  struct pelo_pos *p)
{
	struct reader r = { m, sc, p, 0, { 0 }, 0 };
	struct strbuf buf = STRBUF_INIT;
	const char *line;
	size_t len;
	int rc = 0, seen_turn = 0;

	memset(p, 0, sizeof *p);
	p->winner = PELO_NONE;
	for (int c = 0; c < PELO_MAX_CITIES; c++) {
		p->status[c] = (struct pelo_status){ PELO_BOX_NEUTRAL, PELO_NONE, PELO_NONE };
		p->surrendered_to[c] = PELO_NONE;
	}
	memset(p->control, PELO_NONE, sizeof p->control);
	pelo_pos_clear_ops(p);
	while (!rc && str_next_line(&text, &line, &len)) {
		size_t k;
		r.line++;
		strbuf_reset(&buf);
		strbuf_add(&buf, line, len);
		r.n = str_split(buf.buf, r.w, (int)NELEM(r.w));
		if (r.n == 0)
			continue;
		for (k = 0; k < NELEM(records) && strcmp(records[k].key, r.w[0]); k++)
			;
		if (k == NELEM(records))
			rc = bad(&r, "unknown record");
		else
			rc = records[k].fn(&r);
		seen_turn |= k == 0;
	}
	strbuf_release(&buf);
	if (!rc && !seen_turn)
		rc = fail("damaged state: no turn line");
	return rc;
}
