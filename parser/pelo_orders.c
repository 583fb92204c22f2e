/*
 * pelo_orders.c - the Peloponnesian War order grammar, in the two steps of
 * the other grammars: the line becomes tokens (a city-state "c<n>", a
 * number "n<n>", an SP type "t<n>", one capital letter per verb; filler
 * words such as "on", "the", "of", "coalition" vanish), then the token
 * string is matched against one PCRE2 pattern per order form.  The
 * scenario's special actions are named by the phrases the scenario file
 * gives them ("Congress of Gela", "Argos alliance"), a token "x<n>", or by
 * SPECIAL and the minor they concern ("special Argos").  The canonical
 * form has one word per verb and the map's and scenario's codes, read back
 * by pelo_read_order without the players' grammar.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "parser/grammar.h"
#include "parser/tokens.h"
#include "parser/pelo_orders.h"

/* The words of each verb: its canonical word, its token, and how a player
 * reads it. */
static const struct {
	const char *canon;
	char tok;
	int target;          /* names a city-state */
	const char *reads;   /* "declare war on %s" */
} verbs[PELO_V_COUNT] = {
	[PELO_V_PASS]       = { "pass", 'S', 0, "pass" },
	[PELO_V_CLAIM]      = { "claim", 'C', 0, "claim dominance" },
	[PELO_V_RELINQUISH] = { "relinquish", 'R', 0, "relinquish dominance" },
	[PELO_V_JOIN]       = { "join", 'J', 1, "join the coalition of %s" },
	[PELO_V_LEAVE]      = { "leave", 'L', 0, "leave the coalition" },
	[PELO_V_WAR]        = { "war", 'W', 1, "declare war on %s" },
	[PELO_V_ALLY]       = { "ally", 'A', 1, "take %s as an ally" },
	[PELO_V_BREAK]      = { "break", 'B', 1, "break the peace with %s" },
	[PELO_V_SPECIAL]    = { "special", 'X', 0, "special action: %s" },  /* target: sc->action */
	[PELO_V_TRIBUTE]    = { "tribute", 'T', 1, "make %s a tributary" },
	[PELO_V_ADMIT]      = { "admit", 'M', 1, "admit %s to the coalition" },
	[PELO_V_PEACE]      = { "peace", 'P', 1, "accept a peace with %s" },
	[PELO_V_BUILD]      = { "build", 'U', 0, "build" },
};

/* Player words: a verb's token, an SP type, or "" for filler. */
static const struct grammar_word keywords[] = {
	{ "pass", "S" }, { "passes", "S" },
	{ "claim", "C" }, { "claims", "C" }, { "assert", "C" },
	{ "relinquish", "R" }, { "relinquishes", "R" }, { "give up", "R" },
	{ "join", "J" }, { "joins", "J" },
	{ "leave", "L" }, { "leaves", "L" },
	{ "war", "W" },
	{ "ally", "A" }, { "allies", "A" }, { "as ally", "A" }, { "as an ally", "A" },
	{ "as allies", "A" },
	{ "break", "B" }, { "breaks", "B" },
	{ "tribute", "T" }, { "tributary", "T" }, { "as tributary", "T" }, { "as a tributary", "T" },
	{ "reduce", "" }, { "reduces", "" }, { "make", "" }, { "makes", "" },
	{ "admit", "M" }, { "admits", "M" }, { "allow", "M" },
	{ "peace", "P" },
	{ "special", "X" }, { "special action", "X" },
	{ "build", "U" }, { "builds", "U" }, { "buy", "U" }, { "raise", "U" },
	{ "hoplite", "t0" }, { "hoplites", "t0" }, { "h", "t0" },
	{ "cavalry", "t1" }, { "horse", "t1" },
	{ "naval", "t2" }, { "ship", "t2" }, { "ships", "t2" }, { "trireme", "t2" },
	{ "triremes", "t2" }, { "n", "t2" },
	/* filler */
	{ "declare", "" }, { "declares", "" }, { "on", "" }, { "with", "" }, { "the", "" },
	{ "of", "" }, { "to", "" }, { "a", "" }, { "an", "" }, { "take", "" }, { "takes", "" },
	{ "coalition", "" }, { "dominance", "" }, { "dominant", "" }, { "status", "" }, { "treaty", "" },
	{ "accept", "" }, { "accepts", "" }, { "into", "" }, { "sp", "" }, { "sps", "" },
	{ "our", "" }, { "my", "" }, { "s", "" }, { "convene", "" }, { "conclude", "" },
};

enum { G_BARE, G_TARGET, G_ALLY_AFTER, G_BUILD, G_BUILD_AFTER, G_SPECIAL, G_SPECIAL_MINOR, G_COUNT };
static const char *const grammar[G_COUNT] = {
	[G_BARE]        = "^([SCRL])$",
	[G_TARGET]      = "^([JWABMPT]) (?:P )?(c\\d+)$",  /* "break peace with Sparta" */
	[G_ALLY_AFTER]  = "^(c\\d+) ([AT])$",              /* "Argos as an ally", "make Lesbos a tributary" */
	[G_BUILD]       = "^U (?:(n\\d+) )?(t\\d)$",
	[G_BUILD_AFTER] = "^U (t\\d) (n\\d+)$",
	[G_SPECIAL]     = "^(?:X )?(x\\d+)$",              /* "Congress of Gela" */
	[G_SPECIAL_MINOR] = "^X (c\\d+)$",                 /* "special Argos" */
};

static pcre2_code *compiled[G_COUNT];
static struct grammar orders_grammar = { "Peloponnesian War order", G_COUNT, grammar, compiled, 0 };

/* A space's names stand for the city-state whose home it is ("Athenai",
 * "Ithome"); other spaces are no city. */
static int home_city(const void *arg, int space)
{
	const struct pelo_map *m = arg;

	return m->space[space].home_of == PELO_NONE ? -1 : m->space[space].home_of;
}

/* Rewrite normalised text into tokens.  Returns 0, or -1 with err set. */
static int tokenize(const struct pelo_map *m, const struct pelo_order_names *nm, const char *s,
                    size_t len, struct strbuf *out, char *err, size_t errlen)
{
	/* the longest word wins; a keyword beats a name as long, a city's
	 * name its home space's; a special action's phrase wins only when
	 * longer than the rest ("Argos" stays the city, "Argos alliance" is
	 * the action) */
	struct tokenizer tz = {
		.marks = " ,.:;!'\"", .numbers = 1, .arg = m, .nkinds = 2,
		.kind = { { .words = keywords, .nwords = sizeof keywords / sizeof keywords[0] },
		          { .names = nm->cities, .letter = 'c' } },
	};
	size_t at;

	if (nm->spaces)
		tz.kind[tz.nkinds++] = (struct token_kind){ .names = nm->spaces, .letter = 'c',
		                                            .map = home_city };
	if (nm->specials)
		tz.kind[tz.nkinds++] = (struct token_kind){ .names = nm->specials, .letter = 'x' };
	if (tokens_read(&tz, s, len, out, &at, NULL)) {
		names_unknown(nm->cities, s + at, len - at, err, errlen);
		return -1;
	}
	return 0;
}

static int group_num(const char *tok, PCRE2_SIZE *ov, int g)
{
	return ov[2 * g] == PCRE2_UNSET ? -1 : atoi(tok + ov[2 * g] + 1);
}

static int verb_of_token(char t)
{
	for (int v = 0; v < PELO_V_COUNT; v++)
		if (verbs[v].tok == t)
			return v;
	return PELO_V_PASS;
}

/* The special action of sc that concerns minor c: its index, -1 when
 * none does, -2 when several do (then the player names it by its
 * phrase). */
static int special_of_minor(const struct pelo_scenario *sc, int c)
{
	int found = -1;

	for (int i = 0; sc && i < sc->nactions; i++)
		if (sc->action[i].minor == c) {
			if (found >= 0)
				return -2;
			found = i;
		}
	return found;
}

int pelo_parse_order(const struct pelo_map *m, const struct pelo_scenario *sc,
                   const struct pelo_order_names *nm, const char *text, size_t len,
                   struct pelo_order *o, char *err, size_t errlen)
{
	char norm[256];
	size_t n = names_normalise(norm, sizeof norm, text, len);
	struct strbuf tok = STRBUF_INIT;
	pcre2_match_data *md;
	int g, rc = -1;

	*o = (struct pelo_order){ PELO_V_PASS, PELO_NONE, 0, 0 };
	/* "Sparta's coalition" is "Sparta s coalition": the s is filler */
	for (size_t i = 0; i < n; i++)
		if (norm[i] == '\'')
			norm[i] = ' ';
	if (tokenize(m, nm, norm, n, &tok, err, errlen)) {
		strbuf_release(&tok);
		return -1;
	}
	md = pcre2_match_data_create(4, NULL);
	g = grammar_match(&orders_grammar, tok.buf, tok.len, md);
	PCRE2_SIZE *ov = pcre2_get_ovector_pointer(md);
	switch (g) {
	case G_BARE:
		o->verb = (int8_t)verb_of_token(tok.buf[ov[2]]);
		rc = 0;
		break;
	case G_TARGET:
		o->verb = (int8_t)verb_of_token(tok.buf[ov[2]]);
		o->target = (int8_t)group_num(tok.buf, ov, 2);
		rc = 0;
		break;
	case G_ALLY_AFTER:
		o->verb = (int8_t)verb_of_token(tok.buf[ov[4]]);
		o->target = (int8_t)group_num(tok.buf, ov, 1);
		rc = 0;
		break;
	case G_BUILD:
	case G_BUILD_AFTER: {
		int count = group_num(tok.buf, ov, g == G_BUILD ? 1 : 2);
		o->verb = PELO_V_BUILD;
		o->type = (int8_t)group_num(tok.buf, ov, g == G_BUILD ? 2 : 1);
		o->n = (int8_t)(count < 0 ? 1 : count);
		if (o->n < 1 || o->n > 20) {
			snprintf(err, errlen, "build between 1 and 20 SPs in one order");
			break;
		}
		rc = 0;
		break;
	}
	case G_SPECIAL:
	case G_SPECIAL_MINOR:
		o->verb = PELO_V_SPECIAL;
		o->target = (int8_t)(g == G_SPECIAL ? group_num(tok.buf, ov, 1)
		                     : special_of_minor(sc, group_num(tok.buf, ov, 1)));
		if (o->target < 0 || !sc || o->target >= sc->nactions) {
			if (g == G_SPECIAL_MINOR)
				snprintf(err, errlen, o->target == -2 ? "several special actions concern %s: "
				         "name the one you mean" : "no special action of this scenario concerns %s",
				         m->city[group_num(tok.buf, ov, 1)].name);
			else
				snprintf(err, errlen, "no such special action");
			break;
		}
		rc = 0;
		break;
	default:
		if (tok.len && tok.buf[0] == 'X')
			snprintf(err, errlen, "name the special action, e.g. \"Congress of Gela\" or "
			         "\"special Argos\"");
		else if (tok.len && strchr("JWABMPT", tok.buf[0]) && !strchr(tok.buf, 'c'))
			snprintf(err, errlen, "name a city-state after it, e.g. \"%s\"",
			         tok.buf[0] == 'W' ? "declare war on Argos" :
			         tok.buf[0] == 'J' ? "join Sparta" : "ally Argos");
		else if (tok.len && tok.buf[0] == 'U')
			snprintf(err, errlen, "say how many of which SPs, e.g. \"build 2 hoplites\" "
			         "(hoplite, cavalry or naval)");
		else
			snprintf(err, errlen, "not an order: write CLAIM, RELINQUISH, JOIN <major>, "
			         "LEAVE, WAR <city-state>, ALLY <minor>, TRIBUTE <minor>, BREAK <city-state>, "
			         "SPECIAL <action>, BUILD <n> <hoplite|cavalry|naval> or PASS");
		break;
	}
	if (!rc && verbs[o->verb].target && (o->target < 0 || o->target >= m->ncities)) {
		snprintf(err, errlen, "no such city-state");
		rc = -1;
	}
	pcre2_match_data_free(md);
	strbuf_release(&tok);
	return rc;
}

static const char *const sp_words[PELO_SP_TYPES] = { "hoplite", "cavalry", "naval" };

void pelo_format_order(const struct pelo_map *m, const struct pelo_scenario *sc, const struct pelo_order *o,
                     struct strbuf *out)
{
	strbuf_addstr(out, verbs[o->verb].canon);
	if (o->verb == PELO_V_SPECIAL)
		strbuf_addf(out, " %s", sc->action[o->target].code);
	if (verbs[o->verb].target)
		strbuf_addf(out, " %s", m->city[o->target].code);
	if (o->verb == PELO_V_BUILD)
		strbuf_addf(out, " %s %d", sp_words[o->type], o->n);
}

int pelo_read_order(const struct pelo_map *m, const struct pelo_scenario *sc, const char *text, size_t len,
                  struct pelo_order *o)
{
	char buf[64], *w[4];
	int n;

	if (len >= sizeof buf)
		return -1;
	memcpy(buf, text, len);
	buf[len] = '\0';
	n = str_split(buf, w, 4);
	*o = (struct pelo_order){ PELO_V_PASS, PELO_NONE, 0, 0 };
	for (int v = 0; v < PELO_V_COUNT; v++) {
		if (n < 1 || strcmp(w[0], verbs[v].canon))
			continue;
		o->verb = (int8_t)v;
		if (verbs[v].target) {
			if (n != 2 || (o->target = (int8_t)pelo_city_by_code(m, w[1])) == PELO_NONE)
				return -1;
			return 0;
		}
		if (v == PELO_V_SPECIAL) {
			for (int i = 0; n == 2 && sc && i < sc->nactions; i++)
				if (!strcmp(w[1], sc->action[i].code)) {
					o->target = (int8_t)i;
					return 0;
				}
			return -1;
		}
		if (v != PELO_V_BUILD)
			return n == 1 ? 0 : -1;
		if (n != 3)
			return -1;
		for (int t = 0; t < PELO_SP_TYPES; t++)
			if (!strcmp(w[1], sp_words[t])) {
				char *end;
				long k = strtol(w[2], &end, 10);
				o->type = (int8_t)t;
				o->n = (int8_t)k;
				return *end || k < 1 || k > 20 ? -1 : 0;
			}
		return -1;
	}
	return -1;
}

void pelo_describe_order(const struct pelo_map *m, const struct pelo_scenario *sc, const struct pelo_order *o,
                       struct strbuf *out)
{
	if (o->verb == PELO_V_SPECIAL)
		strbuf_addf(out, verbs[o->verb].reads, sc->action[o->target].name);
	else if (o->verb == PELO_V_BUILD)
		strbuf_addf(out, "build %d %s SP%s", o->n, sp_words[o->type], o->n == 1 ? "" : "s");
	else if (verbs[o->verb].target)
		strbuf_addf(out, verbs[o->verb].reads, m->city[o->target].name);
	else
		strbuf_addstr(out, verbs[o->verb].reads);
}

struct pelo_action pelo_order_action(const struct pelo_order *o)
{
	static const int8_t act[PELO_V_COUNT] = {
		[PELO_V_PASS] = PELO_ACT_PASS, [PELO_V_CLAIM] = PELO_ACT_CLAIM,
		[PELO_V_RELINQUISH] = PELO_ACT_RELINQUISH, [PELO_V_JOIN] = PELO_ACT_JOIN,
		[PELO_V_LEAVE] = PELO_ACT_LEAVE, [PELO_V_WAR] = PELO_ACT_WAR, [PELO_V_ALLY] = PELO_ACT_ALLY,
		[PELO_V_BREAK] = PELO_ACT_BREAK, [PELO_V_SPECIAL] = PELO_ACT_SPECIAL,
		[PELO_V_TRIBUTE] = PELO_ACT_TRIBUTE,
	};
	return (struct pelo_action){ o->verb < PELO_V_ADMIT ? act[o->verb] : PELO_ACT_PASS, o->target };
}
