/*
 * dip_cases.c - the Diplomacy family's case format: rules test cases
 * written in the jDip text format (VARIANT_ALL, CASE, PRESTATE_*, ORDERS,
 * POSTSTATE*, END), one adjudication per case, comparing the position that
 * results with the one expected.  `judge cases` reaches it through the
 * front layer (variant_cases); it lives with the family because it builds
 * positions the engine's way, which no other family shares.
 *
 * Three checks go beyond jDip's format, for rules it cannot express:
 * POSTSTATE_PHASE <phase> (the phase that follows), POSTSTATE_SUPPLYCENTER_
 * OWNERS (complete centre ownership afterwards) and POSTSTATE_WINNER
 * <power>|none.
 *
 * A malformed case fails with its id and line and the run goes on.
 *
 * dip_each_case reads the same files but hands each case's position and
 * orders to a caller instead of checking them, so a benchmark reads the
 * phases exactly as `judge cases` does (bench/godip_bench.c).
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adjudicator/dip.h"
#include "parser/dip_orders.h"
#include "base/strbuf.h"
#include "variants/dip_board.h"
#include "variants/variant.h"

enum section {
	S_NONE, S_PRESTATE, S_PRE_DISLODGED, S_PRE_RESULTS, S_PRE_OWNERS,
	S_ORDERS, S_POST, S_POST_DISLODGED, S_POST_OWNERS
};

/* Section headers and the state each opens: a table, not a chain of ifs. */
static const struct { const char *word; enum section s; } headers[] = {
	{ "PRESTATE", S_PRESTATE },
	{ "PRESTATE_DISLODGED", S_PRE_DISLODGED },
	{ "PRESTATE_RESULTS", S_PRE_RESULTS },
	{ "PRESTATE_SUPPLYCENTER_OWNERS", S_PRE_OWNERS },
	{ "ORDERS", S_ORDERS },
	{ "POSTSTATE", S_POST },
	{ "POSTSTATE_DISLODGED", S_POST_DISLODGED },
	{ "POSTSTATE_SUPPLYCENTER_OWNERS", S_POST_OWNERS },
};

struct unitlist {
	int n;
	struct dip_unit u[DIP_MAX_UNITS];
};

struct tcase {
	char id[96];
	int line;                 /* where CASE was */
	char error[256];          /* first problem found while reading */
	enum section sec;
	struct dip_position pre;
	int owners_given;
	int8_t owners[DIP_MAX_LOC];
	struct unitlist dislodged;  /* PRESTATE_DISLODGED */
	int norders;
	struct dip_order orders[DIP_MAX_ORDERS];
	int post_given, post_same, post_dislodged_given;
	struct unitlist post, post_dislodged;
	int post_owners_given;
	int8_t post_owners[DIP_MAX_LOC];
	char post_phase[64];
	int winner_given, winner;
	/* PRESTATE_RESULTS: moves that succeeded (for attacker origins) and
	 * provinces where moves failed (for standoffs) */
	int16_t attack_from[DIP_MAX_LOC];
	dip_set won_dest;
	int nfailed;
	int16_t failed_from[DIP_MAX_UNITS], failed_to[DIP_MAX_UNITS];
};

struct run {
	const struct dip_board *board;
	const char *file;
	int passed, failed;
	struct tcase c;
	int in_case;
	dip_case_fn *each;          /* dip_each_case: hand the case over, check nothing */
	void *ctx;
};

static void case_error(struct run *r, int line, const char *fmt, const char *arg)
{
	if (r->c.error[0])
		return;
	int n = snprintf(r->c.error, sizeof r->c.error, "%s:%d: ", r->file, line);
	snprintf(r->c.error + n, sizeof r->c.error - (size_t)n, fmt, arg);
}

/* "Power: rest" -> power index and rest; -1 if the power is unknown. */
static int split_power(const struct dip_map *m, char *line, char **rest)
{
	char *colon = strchr(line, ':');
	if (!colon) {
		/* "Italy F gol": tolerate a missing colon after the power */
		colon = line;
		while (*colon && !isspace((unsigned char)*colon))
			colon++;
		if (!*colon)
			return DIP_NO_POWER;
	}
	*rest = str_trim(colon + 1);
	return dip_parse_power(m, line, (size_t)(colon - line));
}

/* "Power: A loc" into a unit. */
static int parse_unit(struct run *r, char *line, int lineno, struct dip_unit *u)
{
	const struct dip_map *m = &r->board->map;
	char *rest, type[8], where[32];
	int power = split_power(m, line, &rest);

	if (power == DIP_NO_POWER) {
		case_error(r, lineno, "unknown power in '%s'", line);
		return -1;
	}
	if (sscanf(rest, "%7s %31s", type, where) != 2 || (toupper(type[0]) != 'A' && toupper(type[0]) != 'F')) {
		case_error(r, lineno, "expected 'Power: A|F place', got '%s'", line);
		return -1;
	}
	for (char *p = where; *p; p++)
		*p = (char)tolower((unsigned char)*p);
	int loc = names_find(&r->board->names, where, strlen(where));
	if (loc < 0) {
		case_error(r, lineno, "unknown place '%s'", where);
		return -1;
	}
	u->power = (int8_t)power;
	u->type = toupper(type[0]) == 'A' ? DIP_ARMY : DIP_FLEET;
	u->loc = (int16_t)(u->type == DIP_ARMY ? r->board->map.loc[loc].prov : loc);
	return 0;
}

static void start_case(struct run *r, const char *rest, int lineno)
{
	const struct dip_map *m = &r->board->map;
	char id[96] = "";

	memset(&r->c, 0, sizeof r->c);
	sscanf(rest, "%95s", id);
	size_t idlen = strlen(id);
	if (idlen > 1 && id[idlen - 1] == '.')   /* "CASE 6.G.14. TEST CASE, ..." */
		id[idlen - 1] = '\0';
	snprintf(r->c.id, sizeof r->c.id, "%s", id[0] ? id : "(no id)");
	r->c.line = lineno;
	r->c.pre.year = m->start_year;
	r->c.pre.season = DIP_SPRING;
	r->c.pre.phase = DIP_PH_MOVEMENT;
	for (int l = 0; l < DIP_MAX_LOC; l++)
		r->c.attack_from[l] = DIP_NO_LOC;
	r->in_case = 1;
}

static void read_results_line(struct run *r, char *line, int lineno)
{
	const struct dip_map *m = &r->board->map;
	char *rest, *body;
	struct dip_order o;
	char err[200];
	int success;

	if (!strncasecmp(line, "SUCCESS:", 8))
		success = 1, body = str_trim(line + 8);
	else if (!strncasecmp(line, "FAILURE:", 8))
		success = 0, body = str_trim(line + 8);
	else {
		case_error(r, lineno, "expected SUCCESS: or FAILURE:, got '%s'", line);
		return;
	}
	int power = split_power(m, body, &rest);
	if (power == DIP_NO_POWER ||
	    dip_parse_order(m, &r->board->names, rest, strlen(rest), power, &o, err, sizeof err)) {
		case_error(r, lineno, "bad result line '%s'", body);
		return;
	}
	if (o.kind != DIP_MOVE)
		return;
	int dest = m->loc[o.dest].prov;
	if (success) {
		r->c.attack_from[dest] = o.via_convoy ? DIP_NO_LOC : m->loc[o.loc].prov;
		dip_set_add(&r->c.won_dest, dest);
	} else if (!o.via_convoy && r->c.nfailed < DIP_MAX_UNITS) {
		/* a failed convoyed move is taken as a broken convoy, which
		 * makes no standoff: the results lines do not say which */
		r->c.failed_from[r->c.nfailed] = m->loc[o.loc].prov;
		r->c.failed_to[r->c.nfailed++] = (int16_t)dest;
	}
}

static void read_line(struct run *r, char *line, int lineno)
{
	const struct dip_map *m = &r->board->map;
	struct tcase *c = &r->c;
	struct dip_unit u;
	char *rest, err[200];
	int power;

	switch (c->sec) {
	case S_PRESTATE:
		if (!parse_unit(r, line, lineno, &u) && c->pre.nunits < DIP_MAX_UNITS)
			c->pre.unit[c->pre.nunits++] = u;
		break;
	case S_PRE_DISLODGED:
		if (!parse_unit(r, line, lineno, &u) && c->dislodged.n < DIP_MAX_UNITS)
			c->dislodged.u[c->dislodged.n++] = u;
		break;
	case S_POST:
		if (!parse_unit(r, line, lineno, &u) && c->post.n < DIP_MAX_UNITS)
			c->post.u[c->post.n++] = u;
		break;
	case S_POST_DISLODGED:
		if (!parse_unit(r, line, lineno, &u) && c->post_dislodged.n < DIP_MAX_UNITS)
			c->post_dislodged.u[c->post_dislodged.n++] = u;
		break;
	case S_PRE_OWNERS:
	case S_POST_OWNERS:
		if (!parse_unit(r, line, lineno, &u)) {
			int prov = m->loc[u.loc].prov;
			if (!m->loc[prov].centre)
				case_error(r, lineno, "'%s' is not a supply centre", line);
			(c->sec == S_PRE_OWNERS ? c->owners : c->post_owners)[prov] = u.power;
		}
		break;
	case S_PRE_RESULTS:
		read_results_line(r, line, lineno);
		break;
	case S_ORDERS:
		power = split_power(m, line, &rest);
		if (power == DIP_NO_POWER) {
			case_error(r, lineno, "unknown power in order '%s'", line);
			break;
		}
		if (c->norders >= DIP_MAX_ORDERS) {
			case_error(r, lineno, "too many orders at '%s'", line);
			break;
		}
		if (dip_parse_order(m, &r->board->names, rest, strlen(rest), power,
		                    &c->orders[c->norders], err, sizeof err)) {
			char msg[300];
			snprintf(msg, sizeof msg, "order '%s': %s", rest, err);
			case_error(r, lineno, "%s", msg);
			break;
		}
		c->norders++;
		break;
	default:
		case_error(r, lineno, "unexpected line '%s'", line);
	}
}

static int unit_cmp(const void *a, const void *b)
{
	const struct dip_unit *x = a, *y = b;
	if (x->loc != y->loc)
		return x->loc - y->loc;
	if (x->power != y->power)
		return x->power - y->power;
	return x->type - y->type;
}

/* Compare unit lists as sets.  A fleet written without a coast matches a
 * fleet on any coast of that province. */
static int same_units(const struct dip_map *m, struct unitlist *want,
                      const struct dip_unit *got, int ngot, struct strbuf *why)
{
	struct unitlist g;
	int ok = 1;

	g.n = ngot;
	memcpy(g.u, got, (size_t)ngot * sizeof *got);
	for (int i = 0; i < want->n; i++)
		if (want->u[i].loc < m->nprov)
			for (int j = 0; j < g.n; j++)
				if (m->loc[g.u[j].loc].prov == want->u[i].loc)
					g.u[j].loc = m->loc[g.u[j].loc].prov;
	qsort(want->u, (size_t)want->n, sizeof want->u[0], unit_cmp);
	qsort(g.u, (size_t)g.n, sizeof g.u[0], unit_cmp);
	for (int i = 0, j = 0; i < want->n || j < g.n;) {
		int d = i == want->n ? 1 : j == g.n ? -1 : unit_cmp(&want->u[i], &g.u[j]);
		const struct dip_unit *u = d < 0 ? &want->u[i] : &g.u[j];
		if (d != 0) {
			strbuf_addf(why, " %s %s %s %s;", d < 0 ? "missing" : "unexpected",
			            m->power[u->power].name, u->type == DIP_ARMY ? "A" : "F",
			            m->loc[u->loc].code);
			ok = 0;
		}
		i += d <= 0;
		j += d >= 0;
	}
	return ok;
}

static void finish_case(struct run *r)
{
	const struct dip_map *m = &r->board->map;
	struct tcase *c = &r->c;
	struct dip_position *p = &c->pre, next;
	static struct dip_outcome out;
	struct strbuf why = STRBUF_INIT;

	r->in_case = 0;
	if (!c->error[0]) {
		for (int l = 0; l < DIP_MAX_LOC; l++)
			p->owner[l] = c->owners_given ? c->owners[l]
			              : (l < m->nprov ? m->loc[l].home : DIP_NO_POWER);
		for (int i = 0; i < c->dislodged.n; i++) {
			int prov = m->loc[c->dislodged.u[i].loc].prov;
			p->dislodged[p->ndislodged].unit = c->dislodged.u[i];
			p->dislodged[p->ndislodged++].attacker_from = c->attack_from[prov];
		}
		/* a standoff: a failed move into a province nobody took, unless
		 * it lost a head-to-head battle to the unit coming the other way */
		for (int i = 0; i < c->nfailed; i++) {
			int to = c->failed_to[i], from = c->failed_from[i];
			if (!dip_set_has(&c->won_dest, to) && dip_unit_at(m, p, to) < 0 &&
			    !(dip_set_has(&c->won_dest, from) && c->attack_from[from] == to))
				dip_set_add(&p->contested, to);
		}
		if (r->each) {
			r->each(r->ctx, p, c->orders, c->norders);
			r->passed++;
			return;
		}
		dip_adjudicate(m, p, c->orders, c->norders, &out, &next);

		if (c->post_same) {
			c->post.n = p->nunits;
			memcpy(c->post.u, p->unit, (size_t)p->nunits * sizeof p->unit[0]);
		}
		if (c->post_given || c->post_same)
			same_units(m, &c->post, next.unit, next.nunits, &why);
		if (c->post_dislodged_given) {
			struct dip_unit d[DIP_MAX_UNITS];
			for (int i = 0; i < next.ndislodged; i++)
				d[i] = next.dislodged[i].unit;
			struct strbuf w2 = STRBUF_INIT;
			if (!same_units(m, &c->post_dislodged, d, next.ndislodged, &w2))
				strbuf_addf(&why, " dislodged:%s", w2.buf);
			strbuf_release(&w2);
		}
		if (c->post_owners_given)
			for (int l = 0; l < m->nprov; l++)
				if (m->loc[l].centre && next.owner[l] != c->post_owners[l])
					strbuf_addf(&why, " %s owned by %s, expected %s;", m->loc[l].code,
					            next.owner[l] < 0 ? "nobody" : m->power[next.owner[l]].name,
					            c->post_owners[l] < 0 ? "nobody" : m->power[c->post_owners[l]].name);
		if (c->post_phase[0]) {
			struct strbuf ph = STRBUF_INIT;
			struct dip_position want;
			dip_format_phase(m, &next, &ph);
			if (dip_parse_phase(m, c->post_phase, &want))
				strbuf_addf(&why, " bad POSTSTATE_PHASE '%s';", c->post_phase);
			else if (want.year != next.year || want.season != next.season || want.phase != next.phase)
				strbuf_addf(&why, " next phase is %s, expected %s;", ph.buf, c->post_phase);
			strbuf_release(&ph);
		}
		if (c->winner_given && out.winner != c->winner)
			strbuf_addf(&why, " winner %s, expected %s;",
			            out.winner < 0 ? "none" : m->power[out.winner].name,
			            c->winner < 0 ? "none" : m->power[c->winner].name);
	}
	if (c->error[0]) {
		printf("CASE %s: FAIL: %s\n", c->id, c->error);
		r->failed++;
	} else if (why.len) {
		printf("CASE %s: FAIL:%s\n", c->id, why.buf);
		r->failed++;
	} else {
		printf("CASE %s: PASS\n", c->id);
		r->passed++;
	}
	strbuf_release(&why);
}

/* One line outside any state block: a keyword. */
static void read_keyword(struct run *r, char *line, int lineno)
{
	char word[64];
	char *rest;

	sscanf(line, "%63s", word);
	rest = str_trim(line + strlen(word));
	if (!strcmp(word, "CASE")) {
		if (r->in_case) {
			case_error(r, lineno, "%s", "CASE without END before it");
			finish_case(r);
		}
		start_case(r, rest, lineno);
		return;
	}
	if (!r->in_case) {
		fprintf(stderr, "%s:%d: '%s' outside a case, ignored\n", r->file, lineno, word);
		return;
	}
	if (!strcmp(word, "END")) {
		finish_case(r);
		return;
	}
	if (!strcmp(word, "PRESTATE_SETPHASE")) {
		if (dip_parse_phase(&r->board->map, rest, &r->c.pre))
			case_error(r, lineno, "bad phase '%s'", rest);
		return;
	}
	if (!strcmp(word, "POSTSTATE_SAME")) {
		r->c.post_same = 1;
		r->c.sec = S_NONE;
		return;
	}
	if (!strcmp(word, "POSTSTATE_PHASE")) {
		snprintf(r->c.post_phase, sizeof r->c.post_phase, "%s", rest);
		return;
	}
	if (!strcmp(word, "POSTSTATE_WINNER")) {
		r->c.winner_given = 1;
		r->c.winner = strcasecmp(rest, "none") == 0 ? DIP_NO_POWER
		              : dip_parse_power(&r->board->map, rest, strlen(rest));
		if (r->c.winner == DIP_NO_POWER && strcasecmp(rest, "none"))
			case_error(r, lineno, "unknown power '%s'", rest);
		return;
	}
	for (size_t i = 0; i < sizeof headers / sizeof headers[0]; i++)
		if (!strcmp(word, headers[i].word)) {
			r->c.sec = headers[i].s;
			if (r->c.sec == S_PRE_OWNERS) {
				r->c.owners_given = 1;
				memset(r->c.owners, DIP_NO_POWER, sizeof r->c.owners);
			} else if (r->c.sec == S_POST_OWNERS) {
				r->c.post_owners_given = 1;
				memset(r->c.post_owners, DIP_NO_POWER, sizeof r->c.post_owners);
			}
			r->c.post_given |= r->c.sec == S_POST;
			r->c.post_dislodged_given |= r->c.sec == S_POST_DISLODGED;
			return;
		}
	/* anything else inside a block is a line of that block */
	read_line(r, line, lineno);
}

static int is_keyword_line(const char *line)
{
	/* keywords are upper-case words at the start of a line */
	if (!isupper((unsigned char)line[0]))
		return 0;
	for (const char *p = line; *p && !isspace((unsigned char)*p); p++)
		if (!isupper((unsigned char)*p) && *p != '_')
			return 0;
	return 1;
}

/* The reading both entries share; r's board, file and hand-over are set. */
static void read_cases(struct run *r, const char *text)
{
	struct lines lr = LINES_INIT(text);
	const char *l;
	size_t len;
	int lineno = 1;
	const char *path = r->file;

	while (lines_next(&lr, &l, &len)) {
		char buf[1024], *hash, *line;
		lineno = lr.lineno;
		snprintf(buf, sizeof buf, "%.*s", (int)len, l);
		if ((hash = strchr(buf, '#')))
			*hash = '\0';
		line = str_trim(buf);
		if (!*line || !strncmp(line, "VARIANT_ALL", 11))
			continue;
		if (is_keyword_line(line))
			read_keyword(r, line, lineno);
		else if (r->in_case)
			read_line(r, line, lineno);
		else
			fprintf(stderr, "%s:%d: line outside a case, ignored\n", path, lineno);
	}
	if (r->in_case) {
		case_error(r, lineno, "%s", "file ends inside a case (no END)");
		finish_case(r);
	}
}

int dip_run_cases(const struct variant *v, const char *path, const char *text,
                  struct case_tally *t)
{
	static struct run r;

	memset(&r, 0, sizeof r);
	r.file = path;
	r.board = v->data;
	read_cases(&r, text);
	t->passed += r.passed;
	t->failed += r.failed;
	return 0;
}

int dip_each_case(const struct dip_board *b, const char *path, const char *text,
                  dip_case_fn *fn, void *ctx)
{
	static struct run r;

	memset(&r, 0, sizeof r);
	r.file = path;
	r.board = b;
	r.each = fn;
	r.ctx = ctx;
	read_cases(&r, text);
	if (r.failed)
		return fail("%s: %d malformed cases", path, r.failed);
	return 0;
}
