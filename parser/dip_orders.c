/*
 * dip_orders.c - the order grammar.
 *
 * Parsing is two steps.  First the text is rewritten into tokens: every
 * province name, code or alias (longest match, so "the fetters" wins over
 * "the") becomes "p<number>", an optional coast becomes "/xx", and each
 * keyword becomes one letter ("-" move, "s" support, "c" convoy, "h" hold,
 * "d" disband, "b" build, "x" remove, "w" waive, "v" via convoy, "a"/"f"
 * unit types).  Then the token string is matched against one PCRE2
 * pattern per order kind, compiled once with JIT.  Anything the tokenizer
 * does not know is reported with the nearest name as a suggestion.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parser/grammar.h"
#include "parser/tokens.h"
#include "parser/dip_orders.h"

/* Keywords and the token each stands for. */
static const struct grammar_word keywords[] = {
	{ "->", "-" }, { "=>", "-" }, { "-", "-" }, { "to", "-" }, { "m", "-" },
	/* word processors turn "-" into dashes and "->" into arrows */
	{ "\xe2\x80\x93", "-" }, { "\xe2\x80\x94", "-" }, { "\xe2\x86\x92", "-" },
	{ "move", "-" }, { "moves", "-" }, { "r", "-" }, { "retreat", "-" },
	{ "retreats", "-" }, { "attacks", "-" },
	/* "A rom moves to nea": one move, not two */
	{ "move to", "-" }, { "moves to", "-" }, { "retreat to", "-" },
	{ "retreats to", "-" }, { "goes to", "-" },
	{ "s", "s" }, { "support", "s" }, { "supports", "s" },
	{ "c", "c" }, { "convoy", "c" }, { "convoys", "c" },
	{ "h", "h" }, { "hold", "h" }, { "holds", "h" }, { "stand", "h" }, { "stands", "h" },
	{ "d", "d" }, { "disband", "d" }, { "disbands", "d" },
	{ "b", "b" }, { "build", "b" }, { "builds", "b" },
	{ "remove", "x" }, { "removes", "x" },
	{ "w", "w" }, { "waive", "w" }, { "waives", "w" },
	{ "via convoy", "v" }, { "by convoy", "v" }, { "via", "v" },
	{ "a", "a" }, { "army", "a" }, { "f", "f" }, { "fleet", "f" },
};

/* Coasts written after a province, and the code each stands for. */
static const struct grammar_word coasts[] = {
	{ "north coast", "nc" }, { "south coast", "sc" }, { "east coast", "ec" },
	{ "west coast", "wc" }, { "nc", "nc" }, { "sc", "sc" }, { "ec", "ec" },
	{ "wc", "wc" },
};

#define P "(p\\d+(?:/[a-z]{2})?)"
#define T "(?:([af]) )?"
enum { G_HOLD, G_MOVE, G_SUPPORT, G_CONVOY, G_DISBAND, G_BUILD, G_BUILD2,
       G_REMOVE, G_WAIVE, G_COUNT };
static const char *grammar[G_COUNT] = {
	[G_HOLD]    = "^" T P " h$",
	[G_MOVE]    = "^" T P " -((?: p\\d+ -)*) " P "( v)?$",
	[G_SUPPORT] = "^" T P " s " T P "(?: - " P "| h)?$",
	[G_CONVOY]  = "^" T P " c " T P " - " P "$",
	[G_DISBAND] = "^" T P " d$|^d " T P "$",
	[G_BUILD]   = "^b ([af]) " P "$",
	[G_BUILD2]  = "^([af]) " P " b$",
	[G_REMOVE]  = "^x " T P "$|^" T P " x$",
	[G_WAIVE]   = "^w$|^b w$",
};

static pcre2_code *compiled[G_COUNT];
static struct grammar orders_grammar = { "Diplomacy order", G_COUNT, grammar, compiled, 0 };

/* The grammar's own step: a coast straight after a province, "/nc",
 * "(nc)" or "north coast", is part of its token ("p12/nc"). */
static int coast_step(const void *arg, const char *s, size_t len, size_t *i, struct strbuf *out)
{
	size_t n;

	(void)arg;
	if (!out->len || !isdigit((unsigned char)out->buf[out->len - 1]))
		return 0;
	if (s[*i] == '/' || s[*i] == '(') {
		size_t j = *i + 1;
		while (j < len && isalpha((unsigned char)s[j]))
			j++;
		if (j - *i - 1 >= 1 && j - *i - 1 <= 2) {
			strbuf_addch(out, '/');
			strbuf_add(out, s + *i + 1, j - *i - 1);
			if (j - *i - 1 == 1)
				strbuf_addch(out, 'c');
			*i = j + (j < len && s[j] == ')');
			return 1;
		}
	}
	int c = grammar_longest_word(coasts, sizeof coasts / sizeof coasts[0], s + *i, len - *i, &n);
	if (c < 0)
		return 0;
	strbuf_addf(out, "/%s", coasts[c].tok);
	*i += n;
	return 1;
}

/* A place's token: its province, and the coast when the name was a
 * coast's ("stp/nc"). */
static void place_token(const void *arg, int id, struct strbuf *out)
{
	const struct dip_map *m = arg;

	strbuf_addf(out, "p%d", m->loc[id].prov == id ? id : m->loc[id].prov);
	if (id >= m->nprov)
		strbuf_addf(out, "/%s", strchr(m->loc[id].code, '/') + 1);
}

/* What may follow each token, for the reason an unknown word gets: the
 * player learns what kind of word the Judge looked for there. */
static const struct { const char *after; const char *expected; } next_word[] = {
	{ "", "a unit type (A or F), a province or an order word (BUILD, WAIVE)" },
	{ "a", "a province" }, { "f", "a province" },
	{ "p", "an order word (-, S, C, H, D)" },
	{ "-", "a province" }, { "s", "a unit (A or F) or a province" },
	{ "c", "a unit (A or F) or a province" }, { "b", "a unit type (A or F)" },
	{ "d", "a unit (A or F) or a province" }, { "x", "a unit (A or F) or a province" },
	{ "h", "the end of the order" }, { "w", "the end of the order" },
	{ "v", "the end of the order" },
};

/* Append to err what was expected after the tokens read so far. */
static void say_expected(const struct strbuf *read, char *err, size_t errlen)
{
	size_t end = read->len, used = strlen(err);

	while (end && read->buf[end - 1] == ' ')
		end--;
	size_t start = end;
	while (start && read->buf[start - 1] != ' ')
		start--;
	/* a place's token is "p<number>": its kind is its first letter */
	size_t n = read->buf[start] == 'p' ? 1 : end - start;
	for (size_t i = 0; i < sizeof next_word / sizeof next_word[0]; i++)
		if (strlen(next_word[i].after) == n && !strncmp(read->buf + start, next_word[i].after, n)) {
			snprintf(err + used, errlen - used, " (expected there: %s)", next_word[i].expected);
			return;
		}
}

/* Rewrite normalised text into tokens.  Returns 0 or -1 with err set. */
static int tokenize(const struct dip_map *m, const struct names *names,
                    const char *s, size_t len, struct strbuf *out,
                    char *err, size_t errlen)
{
	/* the longest word wins: "via convoy" over "via", "moves to" over
	 * "moves"; a name beats a keyword as long ("to" is a word, "tob"...) */
	const struct tokenizer tz = {
		.marks = " ,.:", .step = coast_step, .arg = m, .nkinds = 2,
		.kind = { { .names = names, .write = place_token },
		          { .words = keywords, .nwords = sizeof keywords / sizeof keywords[0] } },
	};
	size_t at;

	if (tokens_read(&tz, s, len, out, &at, NULL)) {
		/* a misspelt name may be several words ("mare internun") */
		const struct names_guess g = { { names }, 3, "place" };
		names_unknown_among(&g, s + at, len - at, err, errlen);
		say_expected(out, err, errlen);
		return -1;
	}
	return 0;
}

/* The location token at match group g: a province, or one of its coasts. */
static int group_loc(const struct dip_map *m, const char *tok, PCRE2_SIZE *ov, int g)
{
	PCRE2_SIZE a = ov[2 * g], b = ov[2 * g + 1];
	char buf[16];
	int prov;

	if (a == PCRE2_UNSET)
		return DIP_NO_LOC;
	prov = atoi(tok + a + 1);
	const char *slash = memchr(tok + a, '/', b - a);
	if (!slash)
		return prov;
	snprintf(buf, sizeof buf, "%s/%.2s", m->loc[prov].code, slash + 1);
	int loc = dip_loc_by_code(m, buf);
	return loc == DIP_NO_LOC ? -2 : loc;
}

static int group_type(const char *tok, PCRE2_SIZE *ov, int g)
{
	if (ov[2 * g] == PCRE2_UNSET)
		return DIP_NO_UNIT;
	return tok[ov[2 * g]] == 'a' ? DIP_ARMY : DIP_FLEET;
}

static int fill(const struct dip_map *m, int g, const char *tok, PCRE2_SIZE *ov,
                struct dip_order *o, char *err, size_t errlen)
{
	int base = 0, locs[3] = { DIP_NO_LOC, DIP_NO_LOC, DIP_NO_LOC };

	switch (g) {
	case G_HOLD:
		o->kind = DIP_HOLD;
		o->type = (int8_t)group_type(tok, ov, 1);
		locs[0] = group_loc(m, tok, ov, 2);
		break;
	case G_MOVE:
		o->kind = DIP_MOVE;
		o->type = (int8_t)group_type(tok, ov, 1);
		locs[0] = group_loc(m, tok, ov, 2);
		locs[1] = group_loc(m, tok, ov, 4);
		o->via_convoy = ov[2 * 5] != PCRE2_UNSET;
		if (ov[6] != ov[7]) {     /* an explicit convoy path */
			const char *s = tok + ov[6];
			o->via_convoy = 1;
			while (s < tok + ov[7] && o->npath < DIP_MAX_PATH) {
				s = strchr(s, 'p');
				if (!s || s >= tok + ov[7])
					break;
				o->path[o->npath++] = (int16_t)atoi(++s);
			}
		}
		break;
	case G_SUPPORT:
	case G_CONVOY:
		o->kind = g == G_SUPPORT ? DIP_SUPPORT : DIP_CONVOY;
		o->type = (int8_t)group_type(tok, ov, 1);
		locs[0] = group_loc(m, tok, ov, 2);
		o->target_type = (int8_t)group_type(tok, ov, 3);
		locs[1] = group_loc(m, tok, ov, 4);
		locs[2] = group_loc(m, tok, ov, 5);
		break;
	case G_DISBAND:
	case G_REMOVE:
		o->kind = g == G_DISBAND ? DIP_DISBAND : DIP_REMOVE;
		base = ov[2] != PCRE2_UNSET || ov[4] != PCRE2_UNSET ? 0 : 2;
		o->type = (int8_t)group_type(tok, ov, 1 + base);
		locs[0] = group_loc(m, tok, ov, 2 + base);
		break;
	case G_BUILD:
	case G_BUILD2:
		o->kind = DIP_BUILD;
		o->type = (int8_t)group_type(tok, ov, 1);
		locs[0] = group_loc(m, tok, ov, 2);
		break;
	case G_WAIVE:
		o->kind = DIP_WAIVE;
		return 0;
	}
	for (int i = 0; i < 3; i++)
		if (locs[i] == -2) {
			snprintf(err, errlen, "that province has no such coast");
			return -1;
		}
	o->loc = (int16_t)locs[0];
	if (o->kind == DIP_MOVE || o->kind == DIP_BUILD)
		o->dest = (int16_t)(o->kind == DIP_MOVE ? locs[1] : DIP_NO_LOC);
	if (o->kind == DIP_SUPPORT || o->kind == DIP_CONVOY) {
		o->target = (int16_t)locs[1];
		o->target_dest = (int16_t)locs[2];
	}
	/* armies stand on provinces; a coast written for one means nothing */
	if (o->type == DIP_ARMY && o->loc >= m->nprov)
		o->loc = m->loc[o->loc].prov;
	if (o->type != DIP_FLEET && o->kind != DIP_BUILD && o->loc >= m->nprov)
		o->loc = m->loc[o->loc].prov;
	return 0;
}

int dip_parse_order(const struct dip_map *m, const struct names *names,
                    const char *text, size_t len, int power,
                    struct dip_order *o, char *err, size_t errlen)
{
	char norm[512];
	struct strbuf tok = STRBUF_INIT;
	pcre2_match_data *md;
	size_t n = names_normalise(norm, sizeof norm, text, len);
	int rc = -1;

	memset(o, 0, sizeof *o);
	o->power = (int8_t)power;
	o->loc = o->dest = o->target = o->target_dest = DIP_NO_LOC;
	if (n == 0) {
		snprintf(err, errlen, "empty order");
		return -1;
	}
	if (tokenize(m, names, norm, n, &tok, err, errlen)) {
		strbuf_release(&tok);
		return -1;
	}
	md = pcre2_match_data_create(16, NULL);
	snprintf(err, errlen, "not an order I understand");
	int g = grammar_match(&orders_grammar, tok.buf, tok.len, md);
	if (g >= 0)
		rc = fill(m, g, tok.buf, pcre2_get_ovector_pointer(md), o, err, errlen);
	pcre2_match_data_free(md);
	strbuf_release(&tok);
	if (rc == 0)
		err[0] = '\0';
	return rc;
}

void dip_add_place(const struct dip_map *m, int loc, struct strbuf *sb)
{
	if (loc < 0)
		strbuf_addch(sb, '?');
	else
		strbuf_addf(sb, "%s (%s)", m->loc[loc].name, m->loc[loc].code);
}

/* One place of an order: its code in the stored form, which must read
 * back, or name and code in what a player reads. */
static void add_loc(const struct dip_map *m, int loc, int named, struct strbuf *sb)
{
	if (named)
		dip_add_place(m, loc, sb);
	else
		strbuf_addstr(sb, loc >= 0 ? m->loc[loc].code : "?");
}

static void add_unit(const struct dip_map *m, int type, int loc, int named, struct strbuf *sb)
{
	if (type != DIP_NO_UNIT)
		strbuf_addstr(sb, type == DIP_ARMY ? "A " : "F ");
	add_loc(m, loc, named, sb);
}

/* Both forms from one switch, so the named one can never say another
 * order than the stored one. */
static void format_order(const struct dip_map *m, const struct dip_order *o, int named,
                         struct strbuf *sb)
{
	switch (o->kind) {
	case DIP_HOLD:
		add_unit(m, o->type, o->loc, named, sb);
		strbuf_addstr(sb, " H");
		break;
	case DIP_MOVE:
	case DIP_RETREAT:
		add_unit(m, o->type, o->loc, named, sb);
		for (int i = 0; i < o->npath; i++) {
			strbuf_addstr(sb, " - ");
			add_loc(m, o->path[i], named, sb);
		}
		strbuf_addstr(sb, " - ");
		add_loc(m, o->dest, named, sb);
		if (o->via_convoy && !o->npath)
			strbuf_addstr(sb, " via convoy");
		break;
	case DIP_SUPPORT:
	case DIP_CONVOY:
		add_unit(m, o->type, o->loc, named, sb);
		strbuf_addstr(sb, o->kind == DIP_SUPPORT ? " S " : " C ");
		add_unit(m, o->target_type, o->target, named, sb);
		if (o->target_dest != DIP_NO_LOC) {
			strbuf_addstr(sb, " - ");
			add_loc(m, o->target_dest, named, sb);
		}
		break;
	case DIP_DISBAND:
		add_unit(m, o->type, o->loc, named, sb);
		strbuf_addstr(sb, " disband");
		break;
	case DIP_BUILD:
		strbuf_addstr(sb, "Build ");
		add_unit(m, o->type, o->loc, named, sb);
		break;
	case DIP_REMOVE:
		strbuf_addstr(sb, "Remove ");
		add_unit(m, o->type, o->loc, named, sb);
		break;
	case DIP_WAIVE:
		strbuf_addstr(sb, "Waive");
		break;
	}
}

void dip_format_order(const struct dip_map *m, const struct dip_order *o,
                      struct strbuf *sb)
{
	format_order(m, o, 0, sb);
}

void dip_format_order_named(const struct dip_map *m, const struct dip_order *o,
                            struct strbuf *sb)
{
	format_order(m, o, 1, sb);
}

static int ci_equal(const char *a, size_t alen, const char *b)
{
	return strlen(b) == alen && strncasecmp(a, b, alen) == 0;
}

int dip_parse_power(const struct dip_map *m, const char *text, size_t len)
{
	while (len && isspace((unsigned char)*text))
		text++, len--;
	while (len && isspace((unsigned char)text[len - 1]))
		len--;
	if (len == 1)
		return dip_power_by_letter(m, text[0]);
	for (int i = 0; i < m->npowers; i++)
		if (ci_equal(text, len, m->power[i].name) || ci_equal(text, len, m->power[i].adjective))
			return i;
	/* a typo in a power's name ("Germnay") is still clear enough */
	struct names t;
	names_init(&t);
	for (int i = 0; i < m->npowers; i++)
		if (names_add(&t, m->power[i].name, i) == NAMES_TAKEN)
			continue;      /* a twin name: the first power serves */
	const struct name *n = names_suggest(&t, text, len, NULL);
	int p = n && len >= 4 ? n->id : DIP_NO_POWER;
	names_free(&t);
	return p;
}

static const char *season_name[] = { "Spring", "Fall", "Winter" };
static const char *phase_name[] = { "Movement", "Retreat", "Adjustment" };

void dip_format_phase(const struct dip_map *m, const struct dip_position *p,
                      struct strbuf *sb)
{
	(void)m;
	if (p->year < 0)
		strbuf_addf(sb, "%s %d BC, %s", season_name[p->season], -p->year,
		            phase_name[p->phase]);
	else
		strbuf_addf(sb, "%s %d, %s", season_name[p->season], p->year,
		            phase_name[p->phase]);
}

int dip_parse_phase(const struct dip_map *m, const char *text, struct dip_position *p)
{
	char season[16], phase[16], era[8] = "";
	int year;

	(void)m;
	if (sscanf(text, " %15[A-Za-z] %d %7[A-Za-z.], %15[A-Za-z]", season, &year, era, phase) != 4) {
		era[0] = '\0';
		if (sscanf(text, " %15[A-Za-z] %d, %15[A-Za-z]", season, &year, phase) != 3)
			return -1;
	}
	p->season = -1;
	for (int i = 0; i < 3; i++)
		if (strcasecmp(season, season_name[i]) == 0)
			p->season = (int8_t)i;
	p->phase = -1;
	for (int i = 0; i < 3; i++)
		if (strcasecmp(phase, phase_name[i]) == 0)
			p->phase = (int8_t)i;
	if (p->season < 0 || p->phase < 0 || year <= 0)
		return -1;
	if (era[0] && strcasecmp(era, "BC") && strcasecmp(era, "B.C."))
		return -1;
	p->year = era[0] ? -year : year;
	if (p->phase == DIP_PH_ADJUSTMENT)
		p->season = DIP_WINTER;
	if (p->phase != DIP_PH_ADJUSTMENT && p->season == DIP_WINTER)
		return -1;
	return 0;
}

/* The location coded word, or DIP_NO_LOC. */
static int coded(const struct dip_map *m, const char *word)
{
	return word ? dip_loc_by_code(m, word) : DIP_NO_LOC;
}

/* "A rom" or "rom" at w[*i]: type and location; advances *i. */
static int read_unit(const struct dip_map *m, char **w, int n, int *i, int8_t *type, int16_t *loc)
{
	*type = DIP_NO_UNIT;
	if (*i < n && (!strcmp(w[*i], "A") || !strcmp(w[*i], "F")))
		*type = w[(*i)++][0] == 'A' ? DIP_ARMY : DIP_FLEET;
	*loc = (int16_t)coded(m, *i < n ? w[(*i)++] : NULL);
	return *loc == DIP_NO_LOC ? -1 : 0;
}

int dip_read_order(const struct dip_map *m, const char *text, size_t len, int power,
                   struct dip_order *o)
{
	char buf[256], *w[16 + 2 * DIP_MAX_PATH];
	int n, i = 0;

	if (len >= sizeof buf)
		return -1;
	memcpy(buf, text, len);
	buf[len] = '\0';
	n = str_split(buf, w, (int)(sizeof w / sizeof w[0]));
	memset(o, 0, sizeof *o);
	o->power = (int8_t)power;
	o->loc = o->dest = o->target = o->target_dest = DIP_NO_LOC;
	if (n == 1 && !strcmp(w[0], "Waive")) {
		o->kind = DIP_WAIVE;
		return 0;
	}
	if (n && (!strcmp(w[0], "Build") || !strcmp(w[0], "Remove"))) {
		o->kind = w[i++][0] == 'B' ? DIP_BUILD : DIP_REMOVE;
		return read_unit(m, w, n, &i, &o->type, &o->loc) || i != n ? -1 : 0;
	}
	if (read_unit(m, w, n, &i, &o->type, &o->loc) || i == n)
		return -1;
	const char *verb = w[i++];
	if (!strcmp(verb, "H") || !strcmp(verb, "disband")) {
		o->kind = verb[0] == 'H' ? DIP_HOLD : DIP_DISBAND;
		return i == n ? 0 : -1;
	}
	if (!strcmp(verb, "-")) {
		o->kind = DIP_MOVE;
		o->dest = (int16_t)coded(m, i < n ? w[i++] : NULL);
		while (i + 1 < n && !strcmp(w[i], "-") && o->dest != DIP_NO_LOC) {
			if (o->npath == DIP_MAX_PATH)
				return -1;
			o->path[o->npath++] = o->dest;
			o->dest = (int16_t)coded(m, w[i + 1]);
			i += 2;
		}
		o->via_convoy = o->npath > 0;
		if (i + 2 == n && !strcmp(w[i], "via") && !strcmp(w[i + 1], "convoy")) {
			o->via_convoy = 1;
			i += 2;
		}
		return o->dest == DIP_NO_LOC || i != n ? -1 : 0;
	}
	if (!strcmp(verb, "S") || !strcmp(verb, "C")) {
		o->kind = verb[0] == 'S' ? DIP_SUPPORT : DIP_CONVOY;
		if (read_unit(m, w, n, &i, &o->target_type, &o->target))
			return -1;
		if (i == n)
			return 0;
		if (i + 2 != n || strcmp(w[i], "-"))
			return -1;
		o->target_dest = (int16_t)coded(m, w[i + 1]);
		return o->target_dest == DIP_NO_LOC ? -1 : 0;
	}
	return -1;
}
