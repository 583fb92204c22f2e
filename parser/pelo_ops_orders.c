/*
 * pelo_ops_orders.c - the grammar of operations and standing instructions
 * of the Peloponnesian War (RULES.md 3 and 11).
 *
 * Operations go the way of the other grammars: the line becomes tokens
 * (a space "s<n>", a leader "l<n>", a number "n<n>", an SP type "t<n>",
 * one capital letter per keyword; filler words vanish), and the token
 * string is matched against one PCRE2 pattern per form, whose named
 * groups say where the objective, the origin, the SPs, the route and the
 * leader are.  Instructions are two words ("intercept never") or SPLIT
 * with majors and shares, matched on the normalised text.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parser/grammar.h"
#include "parser/tokens.h"
#include "parser/pelo_ops_orders.h"

/* Player words: a keyword's token, an SP type, or "" for filler. */
static const struct grammar_word keywords[] = {
	{ "move", "M" }, { "moves", "M" }, { "march", "M" }, { "marches", "M" }, { "sail", "M" },
	{ "sails", "M" }, { "go", "M" }, { "goes", "M" },
	{ "attack", "K" }, { "attacks", "K" }, { "besiege", "K" }, { "besieges", "K" },
	{ "assault", "K" }, { "invade", "K" }, { "invades", "K" }, { "combat", "K" },
	{ "return", "R" }, { "returns", "R" }, { "go home", "R" }, { "goes home", "R" },
	{ "send home", "R" }, { "recall", "R" }, { "home", "R" },
	{ "station", "T" }, { "year round station", "T" }, { "year-round station", "T" },
	{ "pass", "S" }, { "passes", "S" },
	{ "from", "F" }, { "to", "O" }, { "into", "O" }, { "against", "O" },
	{ "via", "V" }, { "by way of", "V" }, { "through", "V" },
	{ "leader", "L" }, { "led by", "L" }, { "under", "L" }, { "commanded by", "L" },
	{ "no siege", "N" }, { "without siege", "N" }, { "without a siege", "N" }, { "nosiege", "N" },
	{ "with", "W" },
	{ "all", "A" }, { "everything", "A" },
	{ "hoplite", "t0" }, { "hoplites", "t0" }, { "h", "t0" },
	{ "cavalry", "t1" }, { "horse", "t1" }, { "horsemen", "t1" }, { "c", "t1" },
	{ "naval", "t2" }, { "ship", "t2" }, { "ships", "t2" }, { "trireme", "t2" },
	{ "triremes", "t2" }, { "fleet", "t2" }, { "n", "t2" },
	/* filler */
	{ "the", "" }, { "a", "" }, { "an", "" }, { "sp", "" }, { "sps", "" }, { "army", "" },
	{ "forces", "" }, { "force", "" }, { "its", "" }, { "our", "" }, { "my", "" }, { "at", "" },
	{ "in", "" }, { "and", "" }, { "of", "" }, { "then", "" }, { "on", "" }, { "there", "" },
};

#define SPS "(?:n\\d+ )?t\\d(?: (?:n\\d+ )?t\\d)*|A"
#define ROUTE "(?<via>(?: V(?: s\\d+)+)*)"
#define LEAD "(?:(?: L)? (?<lead>l\\d+))?"

enum { G_PASS, G_MOVE, G_ATTACK, G_ATTACK_FROM, G_RETURN, G_STATION, G_COUNT };
static const char *const grammar[G_COUNT] = {
	[G_PASS] = "^S$",
	[G_MOVE] = "^M(?: W)?(?: (?<sps>" SPS "))? (?:F )?(?<from>s\\d+) O (?<to>s\\d+)"
	           "(?: W (?<sps2>" SPS "))?" ROUTE LEAD "$",
	[G_ATTACK] = "^K (?<to>s\\d+)(?: F (?<from>s\\d+))?(?: W (?<sps>" SPS "))?" ROUTE LEAD
	             "(?<nosiege> N)?$",
	[G_ATTACK_FROM] = "^K(?: W)?(?: (?<sps>" SPS "))? F (?<from>s\\d+) O (?<to>s\\d+)"
	                  "(?: W (?<sps2>" SPS "))?" ROUTE LEAD "(?<nosiege> N)?$",
	[G_RETURN] = "^R (?:F )?(?<to>s\\d+)(?: R)?$",
	[G_STATION] = "^T (?<to>s\\d+)$",
};

static pcre2_code *compiled[G_COUNT];
static struct grammar ops_grammar = { "Peloponnesian War operation", G_COUNT, grammar, compiled, 0 };


/* Rewrite normalised text into tokens.  Returns 0, or -1 with err set. */
static int tokenize(const struct pelo_ops_names *nm, const char *s, size_t len, struct strbuf *out,
                    char *err, size_t errlen)
{
	/* the longest word wins; a space beats a leader as long, and a
	 * keyword beats a name only when longer ("home" is a keyword,
	 * "Homeric..." no space) */
	const struct tokenizer tz = {
		.marks = " ,.:;!'\"", .numbers = 1, .nkinds = 3,
		.kind = { { .names = nm->spaces, .letter = 's' },
		          { .names = nm->leaders, .letter = 'l' },
		          { .words = keywords, .nwords = sizeof keywords / sizeof keywords[0] } },
	};
	size_t at;

	if (tokens_read(&tz, s, len, out, &at, NULL)) {
		/* after LEADER only a leader can follow: a place near in spelling
		 * ("Pericels", "Erineus") would mislead */
		int lead = out->len && out->buf[out->len - 1] == 'L' && (out->len == 1 || out->buf[out->len - 2] == ' ');
		const struct names_guess g = { { lead ? nm->leaders : nm->spaces }, 1, lead ? "leader" : "word" };
		names_unknown_among(&g, s + at, len - at, err, errlen);
		return -1;
	}
	return 0;
}

/* Named group "name" of the pattern that matched: its start and length,
 * or -1 when the pattern has no such group or it did not take part. */
static int group(int g, pcre2_match_data *md, const char *name, size_t *len)
{
	int n = pcre2_substring_number_from_name(compiled[g], (PCRE2_SPTR)name);
	PCRE2_SIZE *ov = pcre2_get_ovector_pointer(md);

	if (n < 0 || ov[2 * n] == PCRE2_UNSET || ov[2 * n + 1] == ov[2 * n])
		return -1;
	*len = ov[2 * n + 1] - ov[2 * n];
	return (int)ov[2 * n];
}

/* The number after a token's letter at tok + at. */
static int tok_num(const char *tok, int at)
{
	return atoi(tok + at + 1);
}

/* The SPs a group of tokens asks for ("n7 t0 t1" = 7 hoplites and all
 * the cavalry; "A" = everything); no group: everything. */
static void read_sps(const char *tok, int at, size_t len, int8_t sp[PELO_SP_TYPES])
{
	int count = -1;

	for (int t = 0; t < PELO_SP_TYPES; t++)
		sp[t] = (int8_t)(at < 0 || tok[at] == 'A' ? -1 : 0);
	for (size_t i = 0; at >= 0 && i < len; i++) {
		const char *w = tok + at + i;
		if (i && w[-1] != ' ')
			continue;
		if (*w == 'n')
			count = tok_num(tok, at + (int)i);
		else if (*w == 't') {
			sp[tok_num(tok, at + (int)i)] = (int8_t)count;
			count = -1;
		}
	}
}

int pelo_parse_op(const struct pelo_map *m, const struct pelo_scenario *sc, const struct pelo_ops_names *nm,
                const char *text, size_t len, struct pelo_op *op, char *err, size_t errlen)
{
	char norm[256];
	size_t n = names_normalise(norm, sizeof norm, text, len), l;
	struct strbuf tok = STRBUF_INIT;
	pcre2_match_data *md;
	int g, at, rc = 0;

	(void)m, (void)sc;
	*op = (struct pelo_op){ .kind = PELO_OP_PASS, .from = PELO_NONE, .to = PELO_NONE,
	                      .sp = { -1, -1, -1 }, .leader = PELO_NONE };
	if (tokenize(nm, norm, n, &tok, err, errlen)) {
		strbuf_release(&tok);
		return -1;
	}
	md = pcre2_match_data_create(16, NULL);
	g = grammar_match(&ops_grammar, tok.buf, tok.len, md);
	switch (g) {
	case G_PASS:
		break;
	case G_MOVE:
	case G_ATTACK:
	case G_ATTACK_FROM:
		op->kind = g == G_MOVE ? PELO_OP_MOVE : PELO_OP_ATTACK;
		op->to = (int8_t)tok_num(tok.buf, group(g, md, "to", &l));
		if ((at = group(g, md, "from", &l)) >= 0)
			op->from = (int8_t)tok_num(tok.buf, at);
		if ((at = group(g, md, "sps", &l)) < 0)
			at = group(g, md, "sps2", &l);
		read_sps(tok.buf, at, at < 0 ? 0 : l, op->sp);
		if ((at = group(g, md, "via", &l)) >= 0)
			for (size_t i = 0; i < l; i++)
				if (tok.buf[at + i] == 's' && op->nvia < PELO_MAX_VIA)
					op->via[op->nvia++] = (int8_t)tok_num(tok.buf, at + (int)i);
		if ((at = group(g, md, "lead", &l)) >= 0)
			op->leader = (int8_t)tok_num(tok.buf, at);
		op->nosiege = group(g, md, "nosiege", &l) >= 0;
		if (op->kind == PELO_OP_ATTACK && op->from == PELO_NONE && (group(g, md, "sps", &l) >= 0 ||
		                                                        op->nvia)) {
			snprintf(err, errlen, "say where the army comes from: \"attack Megara from Athens with "
			         "5 hoplites\" (or \"attack Megara\" with the army there)");
			rc = -1;
		}
		break;
	case G_RETURN:
	case G_STATION:
		op->kind = g == G_RETURN ? PELO_OP_RETURN : PELO_OP_STATION;
		op->to = (int8_t)tok_num(tok.buf, group(g, md, "to", &l));
		break;
	default:
		snprintf(err, errlen, "not an operation: write MARCH [<n> hoplite|cavalry|naval...] "
		         "FROM <space> TO <space> [VIA <space>] [LEADER <name>], ATTACK <space> "
		         "[FROM <space> ...] [NO SIEGE], RETURN <space>, STATION <space> or PASS");
		rc = -1;
	}
	pcre2_match_data_free(md);
	strbuf_release(&tok);
	return rc;
}

static void add_sps(const int8_t sp[PELO_SP_TYPES], struct strbuf *out)
{
	for (int t = 0; t < PELO_SP_TYPES; t++)
		if (sp[t] < 0)
			strbuf_addstr(out, " all");
		else
			strbuf_addf(out, " %d", sp[t]);
}

void pelo_format_op(const struct pelo_map *m, const struct pelo_scenario *sc, const struct pelo_op *op,
                  struct strbuf *out)
{
	static const char *const kinds[PELO_OP_KINDS] = { "pass", "move", "attack", "return", "station" };

	strbuf_addstr(out, kinds[op->kind]);
	if (op->kind == PELO_OP_PASS)
		return;
	if (op->kind == PELO_OP_MOVE)
		strbuf_addf(out, " %s", m->space[op->from].code);
	strbuf_addf(out, " %s", m->space[op->to].code);
	if (op->kind == PELO_OP_RETURN || op->kind == PELO_OP_STATION)
		return;
	if (op->kind == PELO_OP_MOVE)
		add_sps(op->sp, out);
	else if (op->from != PELO_NONE) {
		strbuf_addf(out, " from %s", m->space[op->from].code);
		add_sps(op->sp, out);
	}
	if (op->nvia) {
		strbuf_addstr(out, " via");
		for (int i = 0; i < op->nvia; i++)
			strbuf_addf(out, " %s", m->space[op->via[i]].code);
	}
	if (op->leader != PELO_NONE)
		strbuf_addf(out, " leader %s", sc->leader[op->leader].code);
	if (op->nosiege)
		strbuf_addstr(out, " nosiege");
}

/* Three words as SP counts ("7", "all"); 0 or -1. */
static int read_counts(char **w, int8_t sp[PELO_SP_TYPES])
{
	for (int t = 0; t < PELO_SP_TYPES; t++) {
		char *end;
		long v;
		if (!strcmp(w[t], "all")) {
			sp[t] = -1;
			continue;
		}
		v = strtol(w[t], &end, 10);
		if (*end || end == w[t] || v < 0 || v > 99)
			return -1;
		sp[t] = (int8_t)v;
	}
	return 0;
}

int pelo_read_op(const struct pelo_map *m, const struct pelo_scenario *sc, const char *text, size_t len,
               struct pelo_op *op)
{
	static const char *const kinds[PELO_OP_KINDS] = { "pass", "move", "attack", "return", "station" };
	char buf[160], *w[20];
	int n, i = 1, k;

	if (len >= sizeof buf)
		return -1;
	memcpy(buf, text, len);
	buf[len] = '\0';
	n = str_split(buf, w, 20);
	*op = (struct pelo_op){ .kind = PELO_OP_PASS, .from = PELO_NONE, .to = PELO_NONE,
	                      .sp = { -1, -1, -1 }, .leader = PELO_NONE };
	for (k = 0; k < PELO_OP_KINDS && (n < 1 || strcmp(w[0], kinds[k])); k++)
		;
	if (k == PELO_OP_KINDS)
		return -1;
	op->kind = (int8_t)k;
	if (k == PELO_OP_PASS)
		return n == 1 ? 0 : -1;
	if (k == PELO_OP_MOVE && (n < 2 || (op->from = (int8_t)pelo_space_by_code(m, w[i++])) == PELO_NONE))
		return -1;
	if (i >= n || (op->to = (int8_t)pelo_space_by_code(m, w[i++])) == PELO_NONE)
		return -1;
	if (k == PELO_OP_RETURN || k == PELO_OP_STATION)
		return i == n ? 0 : -1;
	if (k == PELO_OP_ATTACK && i < n && !strcmp(w[i], "from")) {
		if (++i >= n || (op->from = (int8_t)pelo_space_by_code(m, w[i++])) == PELO_NONE)
			return -1;
	}
	if (op->from != PELO_NONE) {
		if (i + PELO_SP_TYPES > n || read_counts(w + i, op->sp))
			return -1;
		i += PELO_SP_TYPES;
	}
	if (i < n && !strcmp(w[i], "via"))
		for (i++; i < n && pelo_space_by_code(m, w[i]) != PELO_NONE && op->nvia < PELO_MAX_VIA; i++)
			op->via[op->nvia++] = (int8_t)pelo_space_by_code(m, w[i]);
	if (i + 1 < n && !strcmp(w[i], "leader")) {
		for (op->leader = 0; op->leader < sc->nleaders && strcmp(sc->leader[op->leader].code, w[i + 1]);
		     op->leader++)
			;
		if (op->leader == sc->nleaders)
			return -1;
		i += 2;
	}
	if (i < n && !strcmp(w[i], "nosiege"))
		op->nosiege = 1, i++;
	return i == n ? 0 : -1;
}

/* ---- standing instructions ---- */

/* Words players put between an instruction and its value, and the words
 * that mean a value of another list ("yes" for "always"). */
static const char *const fillers[] = { "when", "if", "only", "is", "are", "=", "to" };
static const struct { const char *word, *as, *alt; } synonyms[] = {
	{ "yes", "always", "yes" }, { "no", "never", "no" },
	{ "always", "always", "yes" }, { "never", "never", "no" },
	{ "outnumbered", "weaker", NULL }, { "strong", "stronger", NULL },
	{ "ally", "allies", NULL }, { "minors", "allies", NULL },
};

static int is_filler(const char *w)
{
	for (size_t i = 0; i < sizeof fillers / sizeof fillers[0]; i++)
		if (!strcmp(w, fillers[i]))
			return 1;
	return 0;
}

/* The value word for instruction i, trying the synonyms; -1 if none. */
static int value_of(int i, const char *w)
{
	int v = pelo_choice_by_word(i, w);

	for (size_t k = 0; v < 0 && k < sizeof synonyms / sizeof synonyms[0]; k++)
		if (!strcmp(w, synonyms[k].word)) {
			v = pelo_choice_by_word(i, synonyms[k].as);
			if (v < 0 && synonyms[k].alt)
				v = pelo_choice_by_word(i, synonyms[k].alt);
		}
	return v;
}

int pelo_parse_standing(const struct pelo_map *m, const struct names *cities, const char *text,
                      size_t len, struct pelo_standing *st, char *err, size_t errlen)
{
	char norm[256], *w[24];
	size_t n = names_normalise(norm, sizeof norm, text, len);
	int nw, i;

	memset(st, 0, sizeof *st);
	for (size_t k = 0; k < n; k++)
		if (strchr(",:;", norm[k]))
			norm[k] = ' ';
	nw = str_split(norm, w, 24);
	if (nw < 1)
		return 1;
	if (!strcmp(w[0], "split")) {
		int any = 0;
		st->instr = PELO_I_KINDS;
		for (int k = 1; k < nw; k++) {
			size_t got = 0;
			int c = names_prefix(cities, w[k], strlen(w[k]), &got), q;
			char *end;
			long share;
			if (c < 0 || got != strlen(w[k]) || k + 1 >= nw) {
				snprintf(err, errlen, "SPLIT names majors and their shares: \"split Sparta 2 "
				         "Corinth 1\"");
				return -1;
			}
			for (q = 0; q < m->nmajors && m->major[q] != c; q++)
				;
			share = strtol(w[++k], &end, 10);
			if (q == m->nmajors || *end || share < 0 || share > 20) {
				snprintf(err, errlen, "SPLIT gives each major city-state a share from 0 to 20");
				return -1;
			}
			st->split[q] = (int8_t)share;
			any |= share > 0;
		}
		if (!any) {
			snprintf(err, errlen, "SPLIT needs a share above 0: \"split Sparta 2 Corinth 1\"");
			return -1;
		}
		return 0;
	}
	if ((i = pelo_instr_by_word(w[0])) < 0)
		return 1;
	st->instr = (int8_t)i;
	for (int k = 1; k < nw; k++) {
		int v;
		if (is_filler(w[k]))
			continue;
		if ((v = value_of(i, w[k])) < 0 || k + 1 < nw)
			break;
		st->value = (int8_t)v;
		return 0;
	}
	snprintf(err, errlen, "%s takes one of:", pelo_instr_word(i));
	for (int v = 0; pelo_choice_word(i, v) || v <= PELO_C_STRONGER; v++)
		if (pelo_choice_word(i, v))
			snprintf(err + strlen(err), errlen - strlen(err), " %s", pelo_choice_word(i, v));
	return -1;
}

void pelo_format_standing(const struct pelo_map *m, const struct pelo_standing *st, struct strbuf *out)
{
	if (st->instr == PELO_I_KINDS) {
		strbuf_addstr(out, "split");
		for (int q = 0; q < m->nmajors; q++)
			if (st->split[q])
				strbuf_addf(out, " %s %d", m->city[m->major[q]].code, st->split[q]);
		return;
	}
	strbuf_addf(out, "%s %s", pelo_instr_word(st->instr), pelo_choice_word(st->instr, st->value));
}

int pelo_read_standing(const struct pelo_map *m, const char *text, size_t len, struct pelo_standing *st)
{
	char buf[128], *w[12];
	int n, i;

	if (len >= sizeof buf)
		return -1;
	memcpy(buf, text, len);
	buf[len] = '\0';
	n = str_split(buf, w, 12);
	memset(st, 0, sizeof *st);
	if (n >= 3 && !strcmp(w[0], "split") && n % 2 == 1) {
		st->instr = PELO_I_KINDS;
		for (int k = 1; k < n; k += 2) {
			int c = pelo_city_by_code(m, w[k]), q, v = atoi(w[k + 1]);
			for (q = 0; q < m->nmajors && m->major[q] != c; q++)
				;
			if (q == m->nmajors || v < 1 || v > 20)
				return -1;
			st->split[q] = (int8_t)v;
		}
		return 0;
	}
	if (n != 2 || (i = pelo_instr_by_word(w[0])) < 0 || (st->value = (int8_t)pelo_choice_by_word(i, w[1])) < 0)
		return -1;
	st->instr = (int8_t)i;
	return 0;
}

void pelo_describe_standing(const struct pelo_map *m, const struct pelo_standing *st, struct strbuf *out)
{
	if (st->instr == PELO_I_KINDS) {
		strbuf_addstr(out, "split shared battle losses:");
		for (int q = 0; q < m->nmajors; q++)
			if (st->split[q])
				strbuf_addf(out, " %s %d", m->city[m->major[q]].name, st->split[q]);
		return;
	}
	strbuf_addf(out, "%s: %s", pelo_instr_word(st->instr),
	            pelo_choice_meaning(st->instr, st->value));
}
