/*
 * diceless_orders.c - the diceless order grammar, in the two steps of
 * dip_orders.c.  First the line becomes tokens: a chit name "k<kind>", an
 * area name "p<area>", and one letter per keyword ("a" as, "K" keep, "D"
 * discard, "N" counter); filler words ("in", "to", "->", "place",
 * "special" ...) vanish.  Then the token string is matched against one
 * PCRE2 pattern per order form, compiled once with JIT.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "parser/grammar.h"
#include "parser/tokens.h"
#include "parser/diceless_orders.h"
#include "base/error.h"

/* Keywords and their tokens; "" marks filler that is dropped. */
static const struct grammar_word keywords[] = {
	{ "keep", "K" }, { "keeps", "K" }, { "hold", "K" },
	{ "discard", "D" }, { "discards", "D" }, { "throw back", "D" },
	{ "counter", "N" }, { "set-up", "N" }, { "setup", "N" },
	{ "as", "a" },
	{ "->", "" }, { "=>", "" }, { "-", "" }, { "in", "" }, { "into", "" },
	{ "on", "" }, { "at", "" }, { "to", "" }, { "place", "" }, { "places", "" },
	{ "play", "" }, { "plays", "" }, { "special", "" }, { "chit", "" },
	{ "the", "" },
};

/* Words for the ordinary chits, by kind. */
static const struct { const char *word; int kind; } chit_words[] = {
	{ "military", DL_MILITARY }, { "military option", DL_MILITARY },
	{ "mil", DL_MILITARY }, { "m", DL_MILITARY },
	{ "influence", DL_INFLUENCE }, { "inf", DL_INFLUENCE }, { "i", DL_INFLUENCE },
	{ "coup", DL_COUP }, { "coup!", DL_COUP }, { "c", DL_COUP },
	{ "void", DL_VOID }, { "v", DL_VOID },
	{ "star", DL_STAR }, { "star chit", DL_STAR },
};

#define K "(k\\d+)"
#define P "(p\\d+)"
enum { G_PLACE, G_PLACE2, G_STAR, G_KEEP, G_DISCARD, G_COUNTER, G_COUNT };
static const char *const grammar[G_COUNT] = {
	[G_PLACE]   = "^" K " " P "$",
	[G_PLACE2]  = "^" P " " K "$",            /* "Boeotia military" */
	[G_STAR]    = "^k4 (?:a )?(k[0-3]) " P "$",
	[G_KEEP]    = "^K " K "$",
	[G_DISCARD] = "^D " K "$",
	[G_COUNTER] = "^N " P "$",
};

static pcre2_code *compiled[G_COUNT];
static struct grammar orders_grammar = { "diceless order", G_COUNT, grammar, compiled, 0 };

int dl_is_keyword(const char *text)
{
	char buf[64];

	names_normalise(buf, sizeof buf, text, strlen(text));
	for (size_t k = 0; k < sizeof keywords / sizeof keywords[0]; k++)
		if (!strcmp(buf, keywords[k].word))
			return 1;
	return 0;
}

int dl_chit_names(const struct dl_map *m, const struct names *areas, struct names *chits)
{
	for (size_t i = 0; i < sizeof chit_words / sizeof chit_words[0]; i++)
		if (names_add(chits, chit_words[i].word, chit_words[i].kind))
			return fail("the chit word '%s' is given twice", chit_words[i].word);
	for (int k = DL_ORDINARY; k < m->nkinds; k++) {
		const char *both[2] = { m->kind[k].code, m->kind[k].name };
		for (int j = 0; j < 2; j++) {
			if (names_find(areas, both[j], strlen(both[j])) >= 0 || dl_is_keyword(both[j]))
				return fail("the chit name '%s' is also an area or a keyword", both[j]);
			if (names_add(chits, both[j], k) == NAMES_TAKEN)
				return fail("the chit name '%s' is given twice", both[j]);
		}
	}
	return 0;
}

/* Rewrite normalised text into tokens.  Returns 0 or -1 with err set. */
static int tokenize(const struct names *areas, const struct names *chits,
                    const char *s, size_t len, struct strbuf *out, char *err, size_t errlen)
{
	/* the longest word wins; a keyword beats a name as long, a chit an
	 * area */
	enum { KEYWORD, CHIT, AREA };
	const struct tokenizer tz = {
		.marks = " ,.:;", .nkinds = 3,
		.kind = { [KEYWORD] = { .words = keywords, .nwords = sizeof keywords / sizeof keywords[0] },
		          [CHIT] = { .names = chits, .letter = 'k' },
		          [AREA] = { .names = areas, .letter = 'p' } },
	};
	size_t at;
	unsigned seen;

	if (tokens_read(&tz, s, len, out, &at, &seen)) {
		/* a chit is the better guess until one has been read */
		int chit_seen = (seen >> CHIT) & 1;
		const struct names_guess g = { { chit_seen ? areas : chits, chit_seen ? chits : areas },
		                               1, "word" };
		names_unknown_among(&g, s + at, len - at, err, errlen);
		return -1;
	}
	return 0;
}

/* The number after the letter of token group g. */
static int group_num(const char *tok, PCRE2_SIZE *ov, int g)
{
	return atoi(tok + ov[2 * g] + 1);
}

/* Say what is wrong with a token string no pattern matched. */
static void explain(const struct dl_map *m, const char *tok, char *err, size_t errlen)
{
	int has_area = strchr(tok, 'p') != NULL;

	if (tok[0] == 'k' && !has_area) {
		int k = atoi(tok + 1);
		snprintf(err, errlen, "where? name the area after the chit, e.g. \"%s%s Boeotia\"",
		         k < m->nkinds ? m->kind[k].name : "Military", k == DL_STAR ? " as Coup" : "");
	} else if (!strncmp(tok, "k4 ", 3)) {
		snprintf(err, errlen, "say what the Star is played as: STAR AS MILITARY, "
		         "INFLUENCE, COUP or VOID, then the area");
	} else if (strstr(tok, "a k")) {
		snprintf(err, errlen, "only the Star is played \"as\" another chit");
	} else if (tok[0] == 'N') {
		snprintf(err, errlen, "COUNTER takes one area, e.g. \"COUNTER Megara\"");
	} else if (tok[0] == 'K' || tok[0] == 'D') {
		const char *verb = tok[0] == 'K' ? "KEEP" : "DISCARD";
		snprintf(err, errlen, "%s takes one chit, e.g. \"%s VOID\"", verb, verb);
	} else {
		snprintf(err, errlen, "not an order: write a chit and an area (MILITARY Boeotia, "
		         "STAR AS COUP Megara, PERICLES Ionia), KEEP <chit>, at Delphi DISCARD "
		         "<chit>, or at the set-up COUNTER <area>");
	}
}

int dl_parse_order(const struct dl_map *m, const struct names *areas, const struct names *chits,
                   const char *text, size_t len, struct dl_order *o, char *err, size_t errlen)
{
	char norm[256];
	size_t n = names_normalise(norm, sizeof norm, text, len);
	struct strbuf tok = STRBUF_INIT;
	pcre2_match_data *md;
	int g, rc = -1;

	memset(o, 0, sizeof *o);
	if (tokenize(areas, chits, norm, n, &tok, err, errlen)) {
		strbuf_release(&tok);
		return -1;
	}
	md = pcre2_match_data_create(4, NULL);
	g = grammar_match(&orders_grammar, tok.buf, tok.len, md);
	if (g >= 0) {
		PCRE2_SIZE *ov = pcre2_get_ovector_pointer(md);
		rc = 0;
		switch (g) {
		case G_PLACE:
		case G_PLACE2:
			o->verb = DL_PLACE;
			o->chit = (int8_t)group_num(tok.buf, ov, g == G_PLACE ? 1 : 2);
			o->area = (int8_t)group_num(tok.buf, ov, g == G_PLACE ? 2 : 1);
			o->as = m->kind[o->chit].type;
			if (o->as == DL_STAR) {
				snprintf(err, errlen, "say what the Star is played as: STAR AS "
				         "MILITARY, INFLUENCE, COUP or VOID, then the area");
				rc = -1;
			}
			break;
		case G_STAR:
			o->verb = DL_PLACE;
			o->chit = DL_STAR;
			o->as = (int8_t)group_num(tok.buf, ov, 1);
			o->area = (int8_t)group_num(tok.buf, ov, 2);
			break;
		case G_KEEP:
		case G_DISCARD:
			o->verb = g == G_KEEP ? DL_KEEP : DL_DISCARD;
			o->chit = (int8_t)group_num(tok.buf, ov, 1);
			o->as = m->kind[o->chit].type;
			o->area = DL_NONE;
			break;
		case G_COUNTER:
			o->verb = DL_COUNTER;
			o->chit = DL_NONE;
			o->as = DL_NONE;
			o->area = (int8_t)group_num(tok.buf, ov, 1);
			break;
		}
	} else {
		explain(m, tok.buf, err, errlen);
	}
	pcre2_match_data_free(md);
	strbuf_release(&tok);
	return rc;
}

/* Append s in capitals. */
static void add_upper(struct strbuf *sb, const char *s)
{
	for (; *s; s++)
		strbuf_addch(sb, toupper((unsigned char)*s));
}

void dl_format_order(const struct dl_map *m, const struct dl_order *o, struct strbuf *sb)
{
	switch (o->verb) {
	case DL_PLACE:
		add_upper(sb, m->kind[o->chit].name);
		if (o->chit == DL_STAR) {
			strbuf_addstr(sb, " AS ");
			add_upper(sb, dl_type_name(o->as));
		}
		strbuf_addf(sb, " %s", m->area[o->area].name);
		break;
	case DL_KEEP:
	case DL_DISCARD:
		strbuf_addstr(sb, o->verb == DL_KEEP ? "KEEP " : "DISCARD ");
		add_upper(sb, m->kind[o->chit].name);
		break;
	case DL_COUNTER:
		strbuf_addf(sb, "COUNTER %s", m->area[o->area].name);
		break;
	}
}

/* If text (len bytes) starts with word, any case, then a blank or its end:
 * the rest after the blanks; else NULL. */
static const char *after_word(const char *text, size_t len, const char *word)
{
	size_t w = strlen(word);

	if (len < w || strncasecmp(text, word, w) || (len > w && text[w] != ' '))
		return NULL;
	text += w;
	while (*text == ' ')
		text++;
	return text;
}

/* The chit kind whose name rest starts with (the longest that fits), and
 * where its name ends; DL_NONE if none. */
static int kind_prefix(const struct dl_map *m, const char *rest, size_t len, const char **end)
{
	int best = DL_NONE;
	size_t bestlen = 0;

	for (int k = 0; k < m->nkinds; k++) {
		const char *e = after_word(rest, len, m->kind[k].name);
		if (e && strlen(m->kind[k].name) > bestlen) {
			best = k;
			bestlen = strlen(m->kind[k].name);
			*end = e;
		}
	}
	return best;
}

/* The area whose name is exactly text, or DL_NONE. */
static int area_exact(const struct dl_map *m, const char *text, size_t len)
{
	for (int a = 0; a < m->nareas; a++)
		if (strlen(m->area[a].name) == len && !strncmp(m->area[a].name, text, len))
			return a;
	return DL_NONE;
}

int dl_read_order(const struct dl_map *m, const char *text, size_t len, struct dl_order *o)
{
	char buf[256];
	const char *r, *end = NULL;

	if (len >= sizeof buf)
		return -1;
	memcpy(buf, text, len);
	buf[len] = '\0';
	memset(o, 0, sizeof *o);
	if ((r = after_word(buf, len, "COUNTER"))) {
		o->verb = DL_COUNTER;
		o->chit = o->as = DL_NONE;
		o->area = (int8_t)area_exact(m, r, strlen(r));
		return o->area == DL_NONE ? -1 : 0;
	}
	if ((r = after_word(buf, len, "KEEP")) || (r = after_word(buf, len, "DISCARD"))) {
		o->verb = buf[0] == 'K' || buf[0] == 'k' ? DL_KEEP : DL_DISCARD;
		o->chit = (int8_t)kind_prefix(m, r, strlen(r), &end);
		o->area = DL_NONE;
		if (o->chit == DL_NONE || *end)
			return -1;
		o->as = m->kind[o->chit].type;
		return 0;
	}
	o->verb = DL_PLACE;
	o->chit = (int8_t)kind_prefix(m, buf, len, &end);
	if (o->chit == DL_NONE)
		return -1;
	o->as = m->kind[o->chit].type;
	if (o->chit == DL_STAR) {
		o->as = DL_NONE;
		if (!(r = after_word(end, strlen(end), "AS")))
			return -1;
		for (int t = DL_MILITARY; t < DL_STAR && o->as == DL_NONE; t++)
			if ((end = after_word(r, strlen(r), dl_type_name(t))))
				o->as = (int8_t)t, r = end;
		if (o->as == DL_NONE)
			return -1;
		end = r;
	}
	o->area = (int8_t)area_exact(m, end, strlen(end));
	return o->area == DL_NONE ? -1 : 0;
}
