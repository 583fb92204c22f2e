/*
 * antike_state.c - an Antike position as the text the Judge stores between
 * turns, and the orders held for nations' next turns.  One record per
 * line, province codes and nation letters, so that a game's history can be
 * read and replayed by a person and a case file can state a position:
 *
 *     round 3                 the round being played (default 1)
 *     turn 12                 turns played so far (default 0)
 *     nations P T R G         REQUIRED, before any record naming a nation:
 *                             the nations in play, in turn order, the
 *                             start player first
 *     active T                REQUIRED: whose turn it is
 *     nation P wedge IRON marble 2 iron 1 gold 3 coins 1 know WHEEL,MARKET
 *            king 1 scholar 1 general 0 citizen 0 navigator 0
 *            paid 1 0 0 0 silent 0          (one line)
 *                             fields in any order, each optional (0, none):
 *                             wedge (a wedge, or "-" before the first
 *                             turn), resources, coins, know ("-" or a
 *                             comma list), personages by kind, paid (the
 *                             king, citizen and navigator thresholds paid
 *                             and 1 if the all-eight bonus was), silent
 *                             (turns in a row played by default)
 *     city ROM R temple       a city, its owner, and "temple" if it has one
 *     units ROM R 2 1         a nation's legions and galleys in a province
 *     held T                  the canonical orders held for T's next turn,
 *     RONDEL MARBLE           one a line, up to a line "end"
 *     end
 *     over R                  the game has ended: the winner, or "none"
 *
 * Blank lines and lines starting with "#" are skipped.  Nothing that can
 * be derived is stored (the bank's coins, temples and personages, the
 * target, the sudden-death end), so a state cannot disagree with itself;
 * what is stored is checked against the rules' limits and the map (a
 * legion in a sea, a temple without a city, more coins than the bank
 * holds), and the first fault is a damaged state naming its line.  The
 * writer writes every field, in one order (nations in turn order, cities
 * and units by province in map.txt's order, then nation in turn order),
 * so one position has one text.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "variants/antike_board.h"
#include "variants/antike_report.h"

#define NELEM(a) (sizeof (a) / sizeof (a)[0])

/* ---- writing ---- */

static void write_nation(const struct ant_map *m, const struct ant_nation_state *n, int k,
                         struct strbuf *out)
{
	int any = 0;

	strbuf_addf(out, "nation %c wedge %s", m->nation[k].letter,
	            n->wedge >= 0 && n->wedge < ANT_NWEDGES ? ant_wedge_word(n->wedge) : "-");
	for (int r = 0; r < ANT_NRES; r++)
		strbuf_addf(out, " %s %d", ant_res_word(r), n->res[r]);
	strbuf_addf(out, " coins %d know ", n->coins);
	for (int i = 0; i < ANT_NKNOW; i++)
		if (n->know & (1u << i))
			strbuf_addf(out, "%s%s", any++ ? "," : "", ant_know_word(i));
	if (!any)
		strbuf_addch(out, '-');
	for (int i = 0; i < ANT_NPERSON; i++)
		strbuf_addf(out, " %s %d", ant_person_word(i), n->person[i]);
	strbuf_addf(out, " paid %d %d %d %d silent %d\n", n->kings_paid, n->citizens_paid,
	            n->navigators_paid, n->all_know_paid, n->silent);
}

void ant_state_write(const struct ant_map *m, const struct ant_state *s, struct strbuf *out)
{
	const struct ant_pos *p = &s->pos;

	strbuf_addf(out, "round %d\nturn %d\nnations", p->round, p->turn);
	for (int i = 0; i < p->norder; i++)
		strbuf_addf(out, " %c", m->nation[p->order[i]].letter);
	strbuf_addf(out, "\nactive %c\n", m->nation[ant_active(p)].letter);
	for (int i = 0; i < p->norder; i++)
		write_nation(m, &p->nat[p->order[i]], p->order[i], out);
	for (int v = 0; v < m->nprov; v++)
		if (p->owner[v] >= 0)
			strbuf_addf(out, "city %s %c%s\n", m->prov[v].code, m->nation[p->owner[v]].letter,
			            p->temple[v] ? " temple" : "");
	for (int v = 0; v < m->nprov; v++)
		for (int i = 0; i < p->norder; i++) {
			const int16_t *u = p->units[v][p->order[i]];
			if (u[ANT_LEGION] || u[ANT_GALLEY])
				strbuf_addf(out, "units %s %c %d %d\n", m->prov[v].code,
				            m->nation[p->order[i]].letter, u[ANT_LEGION], u[ANT_GALLEY]);
		}
	for (int i = 0; i < p->norder; i++) {
		const char *h = s->held[p->order[i]];
		if (!h || !*h)
			continue;
		strbuf_addf(out, "held %c\n%s", m->nation[p->order[i]].letter, h);
		if (h[strlen(h) - 1] != '\n')
			strbuf_addch(out, '\n');
		strbuf_addstr(out, "end\n");
	}
	if (p->over && p->winner >= 0)
		strbuf_addf(out, "over %c\n", m->nation[p->winner].letter);
	else if (p->over)
		strbuf_addstr(out, "over none\n");
}

/* ---- reading ---- */

struct reader {
	const struct ant_map *m;
	struct ant_state *s;
	int line;
	char *w[40];
	int n;
	int nations_seen, active;  /* active: a nation, -1 until read */
};

static int bad(const struct reader *r, const char *what)
{
	return fail("line %d: %s", r->line, what);
}

static int word_int(const struct reader *r, const char *w, int lo, int hi, int *v)
{
	char *end;
	long x = strtol(w, &end, 10);

	if (!*w || *end || x < lo || x > hi)
		return bad(r, "a number out of range");
	*v = (int)x;
	return 0;
}


/* A nation by its letter; in_play: it must be among the nations line's. */
static int word_nation(const struct reader *r, const char *w, int in_play, int *k)
{
	for (int i = 0; i < r->m->nnations; i++)
		if (w[0] == r->m->nation[i].letter && !w[1]) {
			*k = i;
			if (in_play && !r->s->pos.nat[i].in_play)
				return bad(r, "a nation not in play");
			return 0;
		}
	return bad(r, "unknown nation");
}

static int word_prov(const struct reader *r, const char *w, int *v)
{
	for (int i = 0; i < r->m->nprov; i++)
		if (!strcmp(w, r->m->prov[i].code)) {
			*v = i;
			return 0;
		}
	return bad(r, "unknown province");
}

static int need_nations(const struct reader *r)
{
	return r->nations_seen ? 0 : bad(r, "the nations line must come first");
}

static int rd_round(struct reader *r)
{
	return r->n != 2 ? bad(r, "round N") : word_int(r, r->w[1], 1, 9999, &r->s->pos.round);
}

static int rd_turn(struct reader *r)
{
	return r->n != 2 ? bad(r, "turn N") : word_int(r, r->w[1], 0, 99999, &r->s->pos.turn);
}

static int rd_nations(struct reader *r)
{
	struct ant_pos *p = &r->s->pos;
	int n = r->n - 1;

	if (r->nations_seen)
		return bad(r, "a second nations line");
	if (n < 1 || n > r->m->nnations || n >= (int)NELEM(r->m->setup) || !r->m->setup[n].nnations)
		return bad(r, "no game is played with that many nations");
	for (int i = 0; i < n; i++) {
		int k = 0;
		if (word_nation(r, r->w[1 + i], 0, &k))
			return -1;
		if (p->nat[k].in_play)
			return bad(r, "a nation named twice");
		p->nat[k].in_play = 1;
		p->order[i] = (int8_t)k;
	}
	p->nnations = p->norder = n;
	r->nations_seen = 1;
	return 0;
}

static int rd_active(struct reader *r)
{
	int k = 0;

	if (need_nations(r) || r->n != 2 || word_nation(r, r->w[1], 1, &k))
		return r->n != 2 ? bad(r, "active LETTER") : -1;
	for (int i = 0; i < r->s->pos.norder; i++)
		if (r->s->pos.order[i] == k)
			r->s->pos.active = i;
	r->active = k;
	return 0;
}

/* nation fields: each a key and its value(s) */
static int fd_wedge(struct reader *r, struct ant_nation_state *n, char **v)
{
	int w = strcmp(v[0], "-") ? ant_word_index(ant_wedge_word, ANT_NWEDGES, v[0]) : ANT_W_NONE;

	if (w == -1 && strcmp(v[0], "-"))
		return bad(r, "unknown wedge");
	n->wedge = (int8_t)w;
	return 0;
}

static int fd_res(struct reader *r, struct ant_nation_state *n, char **v)
{
	return word_int(r, v[0], 0, 99999, &n->res[ant_word_index(ant_res_word, ANT_NRES, v[-1])]);
}

static int fd_coins(struct reader *r, struct ant_nation_state *n, char **v)
{
	return word_int(r, v[0], 0, ANT_COINS, &n->coins);
}

static int fd_know(struct reader *r, struct ant_nation_state *n, char **v)
{
	char *save = NULL;

	n->know = 0;
	if (!strcmp(v[0], "-"))
		return 0;
	for (char *k = strtok_r(v[0], ",", &save); k; k = strtok_r(NULL, ",", &save)) {
		int i = ant_word_index(ant_know_word, ANT_NKNOW, k);
		if (i < 0)
			return bad(r, "unknown know-how");
		n->know |= (uint8_t)(1u << i);
	}
	return 0;
}

static int fd_person(struct reader *r, struct ant_nation_state *n, char **v)
{
	int k = ant_word_index(ant_person_word, ANT_NPERSON, v[-1]);

	return word_int(r, v[0], 0, r->m->person_stack[k], &n->person[k]);
}

static int fd_paid(struct reader *r, struct ant_nation_state *n, char **v)
{
	int x[4] = { 0 };

	for (int i = 0; i < 4; i++)
		if (word_int(r, v[i], 0, i == 3 ? 1 : INT8_MAX, &x[i]))
			return -1;
	n->kings_paid = (int8_t)x[0];
	n->citizens_paid = (int8_t)x[1];
	n->navigators_paid = (int8_t)x[2];
	n->all_know_paid = (int8_t)x[3];
	return 0;
}

static int fd_silent(struct reader *r, struct ant_nation_state *n, char **v)
{
	int x = 0;

	if (word_int(r, v[0], 0, INT8_MAX, &x))
		return -1;
	n->silent = (int8_t)x;
	return 0;
}

static const struct {
	const char *key;
	int nvalues;
	int (*fn)(struct reader *r, struct ant_nation_state *n, char **v);
} fields[] = {
	{ "wedge", 1, fd_wedge }, { "marble", 1, fd_res }, { "iron", 1, fd_res },
	{ "gold", 1, fd_res }, { "coins", 1, fd_coins }, { "know", 1, fd_know },
	{ "king", 1, fd_person }, { "scholar", 1, fd_person }, { "general", 1, fd_person },
	{ "citizen", 1, fd_person }, { "navigator", 1, fd_person }, { "paid", 4, fd_paid },
	{ "silent", 1, fd_silent },
};

static int rd_nation(struct reader *r)
{
	int k, i = 2;

	if (need_nations(r) || r->n < 2 || word_nation(r, r->w[1], 1, &k))
		return r->n < 2 ? bad(r, "nation LETTER fields") : -1;
	while (i < r->n) {
		size_t f;
		for (f = 0; f < NELEM(fields) && strcmp(r->w[i], fields[f].key); f++)
			;
		if (f == NELEM(fields))
			return bad(r, "unknown nation field");
		if (i + fields[f].nvalues >= r->n)
			return bad(r, "a nation field without its value");
		if (fields[f].fn(r, &r->s->pos.nat[k], &r->w[i + 1]))
			return -1;
		i += 1 + fields[f].nvalues;
	}
	return 0;
}

static int rd_city(struct reader *r)
{
	struct ant_pos *p = &r->s->pos;
	int v = 0, k = 0;

	if (need_nations(r))
		return -1;
	if (r->n < 3 || r->n > 4 || (r->n == 4 && strcmp(r->w[3], "temple")))
		return bad(r, "city PROVINCE LETTER [temple]");
	if (word_prov(r, r->w[1], &v) || word_nation(r, r->w[2], 1, &k))
		return -1;
	if (r->m->prov[v].sea)
		return bad(r, "a city in a sea");
	if (p->owner[v] >= 0)
		return bad(r, "a second city in a province");
	p->owner[v] = (int8_t)k;
	p->temple[v] = r->n == 4;
	return 0;
}

static int rd_units(struct reader *r)
{
	struct ant_pos *p = &r->s->pos;
	const struct ant_province *pr;
	int v = 0, k = 0, n[ANT_NUNIT];

	if (need_nations(r))
		return -1;
	if (r->n != 5)
		return bad(r, "units PROVINCE LETTER LEGIONS GALLEYS");
	if (word_prov(r, r->w[1], &v) || word_nation(r, r->w[2], 1, &k) ||
	    word_int(r, r->w[3], 0, ANT_UNITS_EACH, &n[ANT_LEGION]) ||
	    word_int(r, r->w[4], 0, ANT_UNITS_EACH, &n[ANT_GALLEY]))
		return -1;
	pr = &r->m->prov[v];
	if (n[ANT_LEGION] && pr->sea)
		return bad(r, "legions in a sea");
	if (n[ANT_GALLEY] && !pr->sea && !pr->coastal)
		return bad(r, "galleys in an inland province");
	if (p->units[v][k][ANT_LEGION] || p->units[v][k][ANT_GALLEY])
		return bad(r, "a second units line for a nation in a province");
	for (int u = 0; u < ANT_NUNIT; u++)
		p->units[v][k][u] = (int16_t)n[u];
	return 0;
}

static int rd_over(struct reader *r)
{
	int k = -1;

	if (need_nations(r))
		return -1;
	if (r->n != 2)
		return bad(r, "over LETTER, or over none");
	if (strcmp(r->w[1], "none") && word_nation(r, r->w[1], 1, &k))
		return -1;
	r->s->pos.over = 1;
	r->s->pos.winner = (int8_t)k;
	return 0;
}

/* held LETTER, then its lines up to "end": read by ant_state_read, which
 * owns the lines; this only names the nation. */
static int rd_held(struct reader *r)
{
	int k = 0;

	if (need_nations(r))
		return -1;
	if (r->n != 2)
		return bad(r, "held LETTER");
	if (word_nation(r, r->w[1], 1, &k))
		return -1;
	if (r->s->held[k])
		return bad(r, "a second held block for a nation");
	return k;
}

static const struct {
	const char *key;
	int (*fn)(struct reader *r);
} records[] = {
	{ "round", rd_round }, { "turn", rd_turn }, { "nations", rd_nations },
	{ "active", rd_active }, { "nation", rd_nation }, { "city", rd_city },
	{ "units", rd_units }, { "over", rd_over },
};

/* The lines of a held block, up to "end", into s->held[k]. */
static int read_held(struct reader *r, struct lines *in, int k)
{
	struct strbuf text = STRBUF_INIT;
	const char *line;
	size_t len;
	int start = r->line;

	while (lines_next(in, &line, &len)) {
		r->line = in->lineno;
		if (len == 3 && !memcmp(line, "end", 3)) {
			r->s->held[k] = strbuf_detach(&text, NULL);
			return 0;
		}
		strbuf_add(&text, line, len);
		strbuf_addch(&text, '\n');
	}
	strbuf_release(&text);
	r->line = start;
	return bad(r, "held orders without their \"end\" line");
}

/* What the map and the rules bound once every line is read: the bank's
 * coins, temples, personages and city stones, the supply of units.  The
 * line named is the last: the fault is the whole's. */
static int check_whole(struct reader *r)
{
	const struct ant_map *m = r->m;
	struct ant_pos *p = &r->s->pos;
	int coins = 0, temples = 0, held[ANT_NPERSON] = { 0 };

	for (int k = 0; k < m->nnations; k++) {
		int cities = 0, units[ANT_NUNIT] = { 0 };
		coins += p->nat[k].coins;
		for (int i = 0; i < ANT_NPERSON; i++)
			held[i] += p->nat[k].person[i];
		for (int v = 0; v < m->nprov; v++) {
			cities += p->owner[v] == k;
			for (int u = 0; u < ANT_NUNIT; u++)
				units[u] += p->units[v][k][u];
		}
		if (cities > ANT_CITY_STONES)
			return bad(r, "a nation with more cities than its stones");
		if (units[ANT_LEGION] > ANT_UNITS_EACH || units[ANT_GALLEY] > ANT_UNITS_EACH)
			return bad(r, "a nation with more units than its supply");
	}
	for (int v = 0; v < m->nprov; v++)
		temples += p->temple[v];
	if (coins > ANT_COINS)
		return bad(r, "more coins held than the bank has");
	if (temples > ANT_TEMPLES)
		return bad(r, "more temples than the game has");
	p->bank_coins = ANT_COINS - coins;
	p->sudden_death = p->nnations >= 5;
	for (int i = 0; i < ANT_NPERSON; i++) {
		if (held[i] > m->person_stack[i])
			return bad(r, "more personages of a kind held than the game has");
		p->bank_person[i] = m->person_stack[i] - held[i];
		p->sudden_death &= p->bank_person[i] == 0;
	}
	p->target = m->setup[p->nnations].target;
	return 0;
}

int ant_state_read(const struct ant_map *m, const char *text, struct ant_state *s)
{
	struct reader r = { m, s, 0, { 0 }, 0, 0, -1 };
	struct lines in = LINES_INIT(text);
	struct strbuf buf = STRBUF_INIT;
	const char *line;
	size_t len;
	int rc = 0;

	memset(s, 0, sizeof *s);
	s->pos.round = 1;
	s->pos.winner = -1;
	memset(s->pos.owner, -1, sizeof s->pos.owner);
	for (int k = 0; k < ANT_MAX_NATIONS; k++)
		s->pos.nat[k].wedge = ANT_W_NONE;
	while (!rc && lines_next(&in, &line, &len)) {
		size_t k;
		r.line = in.lineno;
		if (line[0] == '#')
			continue;
		strbuf_reset(&buf);
		strbuf_add(&buf, line, len);
		r.n = str_split(buf.buf, r.w, (int)NELEM(r.w));
		if (r.n == (int)NELEM(r.w)) {
			rc = bad(&r, "too many words");
			break;
		}
		if (!strcmp(r.w[0], "held")) {
			int nation = rd_held(&r);
			rc = nation < 0 ? -1 : read_held(&r, &in, nation);
			continue;
		}
		for (k = 0; k < NELEM(records) && strcmp(records[k].key, r.w[0]); k++)
			;
		rc = k == NELEM(records) ? bad(&r, "unknown record") : records[k].fn(&r);
	}
	strbuf_release(&buf);
	if (!rc && !r.nations_seen)
		rc = fail("no nations line");
	else if (!rc && r.active < 0)
		rc = fail("no active line");
	if (!rc)
		rc = check_whole(&r);
	if (rc)
		ant_state_free(s);
	return rc;
}

void ant_state_free(struct ant_state *s)
{
	for (int k = 0; k < ANT_MAX_NATIONS; k++) {
		free(s->held[k]);
		s->held[k] = NULL;
	}
}
