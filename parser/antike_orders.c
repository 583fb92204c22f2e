/*
 * antike_orders.c - Antike's order language: the players' grammar, the
 * canonical text and the strict reader (parser/antike_orders.h).
 *
 * Shaped as diceless_orders.c is: a line becomes tokens (parser/tokens.h)
 * and the token string is matched against one PCRE2 pattern per order
 * form.  Tokens: "p<n>" a province, "N<n>" a nation, "n<n>" a number,
 * "x<r>" a resource (x0..x2 marble, iron, gold; x3 coins: MARBLE, IRON and
 * GOLD name a wedge too, which the pattern after RONDEL decides), "w<w>" a
 * wedge that is no resource (w8: the bare MANEUVER, resolved by the check),
 * "u<u>" a unit type, "k<k>" a know-how, one capital per verb.  The words
 * are tables of data, so a new way of saying a thing is one line.
 *
 * The province and nation tables are built from the map at each call: the
 * map is the only owner of its names, a line is read once, and a table of
 * some two hundred short names costs nothing beside a mail.
 *
 * The strict reader parses a line and writes it back: a line is canonical
 * exactly when it comes back unchanged, so the reader cannot accept
 * anything ant_order_write does not write, whatever the grammar grows.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parser/antike_orders.h"
#include "parser/grammar.h"
#include "parser/names.h"
#include "parser/tokens.h"

static const char *const wedge_name[ANT_NWEDGES] = {
	"IRON", "TEMPLE", "GOLD", "MANEUVER1", "ARMING", "MARBLE", "KNOW-HOW", "MANEUVER2",
};
static const char *const res_name[ANT_NRES + 1] = { "MARBLE", "IRON", "GOLD", "COIN" };
static const char *const unit_name[ANT_NUNIT] = { "LEGION", "GALLEY" };
static const char *const know_name[ANT_NKNOW] = {
	"WHEEL", "ROADS", "SAILING", "NAVIGATION", "MARKET", "CURRENCY", "MONARCHY", "DEMOCRACY",
};
static const char *const stance_name[] = {
	[ANT_FIGHT_CITY] = "CITY", [ANT_FIGHT_ALWAYS] = "ALWAYS", [ANT_FIGHT_NEVER] = "NEVER",
};

/* The words of a turn's orders; "" is filler. */
static const struct grammar_word order_words[] = {
	{ "rondel", "R" }, { "pay", "Y" }, { "pays", "Y" }, { "paying", "Y" },
	{ "marble", "x0" }, { "marbles", "x0" }, { "iron", "x1" }, { "irons", "x1" },
	{ "gold", "x2" }, { "golds", "x2" }, { "coin", "x3" }, { "coins", "x3" },
	{ "temple", "T" }, { "temples", "T" },
	{ "maneuver1", "w3" }, { "maneuver 1", "w3" }, { "maneuver2", "w7" },
	{ "maneuver 2", "w7" }, { "maneuver", "w8" },
	{ "arming", "w4" }, { "arms", "w4" }, { "arm", "A" },
	{ "know-how", "w6" }, { "knowhow", "w6" }, { "know how", "w6" }, { "know-hows", "w6" },
	{ "know", "K" }, { "buy", "K" }, { "learn", "K" },
	{ "legion", "u0" }, { "legions", "u0" }, { "galley", "u1" }, { "galleys", "u1" },
	{ "wheel", "k0" }, { "roads", "k1" }, { "road", "k1" }, { "sailing", "k2" },
	{ "navigation", "k3" }, { "market", "k4" }, { "currency", "k5" }, { "monarchy", "k6" },
	{ "democracy", "k7" },
	{ "move", "M" }, { "moves", "M" }, { "fight", "F" }, { "attack", "X" }, { "attacks", "X" },
	{ "conquer", "Q" }, { "conquers", "Q" }, { "give", "V" }, { "giving", "V" },
	{ "found", "O" }, { "founds", "O" },
	{ "-", "" }, { "->", "" }, { "to", "" }, { "at", "" }, { "in", "" }, { "from", "" },
	{ "and", "" }, { "the", "" }, { "with", "" }, { "via", "" }, { "against", "" },
	{ "city", "" }, { "a", "" }, { "up", "" },
};

/* The words of a standing battle order. */
static const struct grammar_word stance_words[] = {
	{ "fight", "F" }, { "fights", "F" }, { "city", "s0" }, { "always", "s1" },
	{ "never", "s2" }, { "against", "V" }, { "in", "I" }, { "at", "I" },
	{ "if", "" }, { "a", "" }, { "the", "" }, { "my", "" }, { "own", "" },
};

#define P "(p\\d+)"
#define U "(u[01])"
#define NUM "(?:(n\\d+) )?"
enum { G_RONDEL, G_TEMPLE, G_ARM, G_KNOW, G_MOVE, G_ATTACK, G_ATTACK2, G_CONQUER, G_FOUND,
       G_COUNT };
static const char *const order_patterns[G_COUNT] = {
	[G_RONDEL]   = "^R (x[012]|T|w[346-8]|A|K)((?: Y(?: (?:n\\d+ )?x[0-3])+)?)$",
	[G_TEMPLE]   = "^T " P "$",
	[G_ARM]      = "^A " NUM U " " P "$",
	[G_KNOW]     = "^(?:K|w6) (k[0-7])$",
	[G_MOVE]     = "^M " NUM U " (p\\d+(?: p\\d+)*)( F)?$",
	[G_ATTACK]   = "^X " U " " P " (N\\d+)$",
	[G_ATTACK2]  = "^X (N\\d+) " U " " P "$",
	[G_CONQUER]  = "^Q " P "((?: V(?: (?:n\\d+ )?u[01])+)?)$",
	[G_FOUND]    = "^O " P "$",
};
static pcre2_code *order_compiled[G_COUNT];
static struct grammar order_grammar = { "antike order", G_COUNT, order_patterns, order_compiled, 0 };

enum { S_IN_AGAINST, S_AGAINST_IN, S_COUNT };
static const char *const stance_patterns[S_COUNT] = {
	[S_IN_AGAINST] = "^F (s[0-2])(?: I " P ")?(?: V (N\\d+))?$",
	[S_AGAINST_IN] = "^F (s[0-2])(?: V (N\\d+))?(?: I " P ")?$",
};
static pcre2_code *stance_compiled[S_COUNT];
static struct grammar stance_grammar = { "antike standing order", S_COUNT, stance_patterns,
                                         stance_compiled, 0 };

/* The wedge each token after RONDEL names: the resources' words name the
 * production wedges, the verbs TEMPLE, ARM and KNOW their own. */
static const struct { const char *tok; int8_t wedge; } rondel_wedges[] = {
	{ "x0", ANT_W_MARBLE }, { "x1", ANT_W_IRON }, { "x2", ANT_W_GOLD },
	{ "T", ANT_W_TEMPLE }, { "A", ANT_W_ARMING }, { "w4", ANT_W_ARMING },
	{ "K", ANT_W_KNOWHOW }, { "w6", ANT_W_KNOWHOW },
	{ "w3", ANT_W_MANEUVER1 }, { "w7", ANT_W_MANEUVER2 }, { "w8", ANT_W_MANEUVER_NEARER },
};

/* What a rejected token string lacks, by its first token: the shape of
 * each order, to show the player. */
static const struct { char verb; const char *shape; } shapes[] = {
	{ 'R', "RONDEL takes one wedge (IRON, TEMPLE, GOLD, MANEUVER1, ARMING, MARBLE, KNOW-HOW, "
	       "MANEUVER2), then if steps are paid PAY and what pays them, e.g. "
	       "\"RONDEL MARBLE PAY 2 IRON\"" },
	{ 'T', "TEMPLE takes one province with your city, e.g. \"TEMPLE ROM\"" },
	{ 'A', "ARM takes a count, LEGION or GALLEY and a province, e.g. \"ARM 2 LEGION ROM\"" },
	{ 'K', "KNOW takes one know-how: WHEEL, ROADS, SAILING, NAVIGATION, MARKET, CURRENCY, "
	       "MONARCHY or DEMOCRACY" },
	{ 'M', "MOVE takes a count, LEGION or GALLEY and a path, e.g. \"MOVE 3 GALLEY PEL-AEG-ATH\"" },
	{ 'X', "ATTACK takes LEGION or GALLEY, a province and a nation, e.g. "
	       "\"ATTACK GALLEY ION PHOENICIANS\"" },
	{ 'Q', "CONQUER takes a province, then GIVE and the units given up if you choose them, "
	       "e.g. \"CONQUER DYR GIVE 1 LEGION 1 GALLEY\"" },
	{ 'O', "FOUND takes one province, e.g. \"FOUND CRT\"" },
	{ 'F', "FIGHT takes ALWAYS, NEVER or CITY, then AGAINST <nation> and IN <province> if you "
	       "wish, e.g. \"FIGHT ALWAYS AGAINST ROMANS IN ROM\"" },
};

/* The province and nation names of the map, for the tokenizer. */
struct map_names {
	struct names prov, nation, words;
};

static void map_names_build(const struct ant_map *m, const struct grammar_word *words,
                            size_t nwords, struct map_names *t)
{
	names_init(&t->prov);
	names_init(&t->nation);
	names_init(&t->words);
	/* a name given twice is the map loader's to refuse; here the first
	 * holder keeps it */
	for (int p = 0; p < m->nprov; p++) {
		const struct ant_province *pr = &m->prov[p];
		(void)!names_add(&t->prov, pr->code, p);
		(void)!names_add(&t->prov, pr->name, p);
		for (int a = 0; a < pr->naliases; a++)
			(void)!names_add(&t->prov, pr->alias[a], p);
	}
	for (int n = 0; n < m->nnations; n++) {
		const struct ant_nation *na = &m->nation[n];
		char letter[2] = { na->letter, 0 };
		(void)!names_add(&t->nation, na->name, n);
		(void)!names_add(&t->nation, na->adjective, n);
		(void)!names_add(&t->nation, letter, n);
	}
	for (size_t w = 0; w < nwords; w++)
		if (isalpha((unsigned char)words[w].word[0]) && *words[w].tok)
			(void)!names_add(&t->words, words[w].word, (int)w);
}

static void map_names_free(struct map_names *t)
{
	names_free(&t->prov);
	names_free(&t->nation);
	names_free(&t->words);
}

/* The offset in the player's line of offset at of its normalised text
 * (names_normalise only lowers case and folds blanks). */
static size_t original_offset(const char *line, size_t len, const char *norm, size_t at)
{
	size_t j = 0;

	while (j < len && isspace((unsigned char)line[j]))
		j++;
	for (size_t i = 0; i < at && j < len; i++) {
		if (norm[i] == ' ')
			while (j < len && isspace((unsigned char)line[j]))
				j++;
		else
			j++;
	}
	return j;
}

/* Say the word at s is unknown, with the nearest province or word. */
static void unknown_word(const struct ant_map *m, const struct map_names *t, const char *line,
                         size_t len, const char *norm, size_t at, struct strbuf *why)
{
	size_t o = original_offset(line, len, norm, at), e = o;
	int dp = 1000, dw = 1000;

	while (e < len && !isspace((unsigned char)line[e]) && line[e] != '-' && line[e] != ',')
		e++;
	if (e == o)
		e = o + 1 <= len ? o + 1 : len;
	const struct name *np = names_suggest(&t->prov, line + o, e - o, &dp);
	const struct name *nw = names_suggest(&t->words, line + o, e - o, &dw);
	const struct name *nn = names_suggest(&t->nation, line + o, e - o, NULL);
	if (np && (!nw || dp <= dw)) {
		strbuf_addf(why, "unknown province '%.*s' (did you mean %s, %s?)", (int)(e - o),
		            line + o, m->prov[np->id].code, m->prov[np->id].name);
	} else if (nw) {
		char upper[64];
		size_t i = 0;
		for (; nw->text[i] && i + 1 < sizeof upper; i++)
			upper[i] = (char)toupper((unsigned char)nw->text[i]);
		upper[i] = '\0';
		strbuf_addf(why, "unknown word '%.*s' (did you mean %s?)", (int)(e - o), line + o,
		            upper);
	} else if (nn) {
		strbuf_addf(why, "unknown word '%.*s' (did you mean %s?)", (int)(e - o), line + o,
		            m->nation[nn->id].name);
	} else {
		strbuf_addf(why, "unknown word '%.*s'", (int)(e - o), line + o);
	}
}

/* Tokens of a line, or 1 with why set. */
static int tokenize(const struct ant_map *m, const struct grammar_word *words, size_t nwords,
                    const char *line, size_t len, struct strbuf *tok, struct strbuf *why)
{
	struct map_names t;
	char norm[512];
	size_t n, at;
	int rc = 0;

	if (len >= sizeof norm) {
		strbuf_addstr(why, "the line is too long for an order");
		return 1;
	}
	n = names_normalise(norm, sizeof norm, line, len);
	map_names_build(m, words, nwords, &t);
	/* the longest word wins; of equal ones a keyword beats a province
	 * ("arm" is no place) and a province a nation */
	const struct tokenizer tz = {
		.marks = " ,.:;()", .numbers = 1, .nkinds = 3,
		.kind = { { .words = words, .nwords = nwords },
		          { .names = &t.prov, .letter = 'p' },
		          { .names = &t.nation, .letter = 'N' } },
	};
	if (tokens_read(&tz, norm, n, tok, &at, NULL)) {
		unknown_word(m, &t, line, len, norm, at, why);
		rc = 1;
	}
	map_names_free(&t);
	return rc;
}

/* The number after the letter(s) of group g, or dflt if it did not match. */
static int group_num(const char *tok, PCRE2_SIZE *ov, int g, int dflt)
{
	if (ov[2 * g] == PCRE2_UNSET || ov[2 * g] == ov[2 * g + 1])
		return dflt;
	const char *s = tok + ov[2 * g];
	while (!isdigit((unsigned char)*s))
		s++;
	return atoi(s);
}

/* The tokens of group g as a copy (for the lists: PAY, GIVE, a path). */
static void group_text(const char *tok, PCRE2_SIZE *ov, int g, char *dst, size_t size)
{
	size_t n = ov[2 * g] == PCRE2_UNSET ? 0 : ov[2 * g + 1] - ov[2 * g];

	if (n >= size)
		n = size - 1;
	memcpy(dst, tok + (n ? ov[2 * g] : 0), n);
	dst[n] = '\0';
}

/* "n2 x0 x3" (a count before each kind, 1 when left out) into sum[kind];
 * kind_letter is the letter of the kinds.  Returns the total, or -1 for a
 * count of none. */
static int count_list(const char *s, char kind_letter, int sum[], int nkinds)
{
	int count = 1, total = 0;

	for (const char *w = s; *w; w++) {
		if (*w == ' ')
			continue;
		if (*w == 'n') {
			count = atoi(w + 1);
			if (count < 1)
				return -1;
		} else if (*w == kind_letter) {
			int k = atoi(w + 1);
			if (k >= 0 && k < nkinds)
				sum[k] += count;
			total += count;
			count = 1;
		}
		while (w[1] && w[1] != ' ')
			w++;
	}
	return total;
}

/* Say what a token string no pattern matched lacks. */
static void explain(const char *tok, struct strbuf *why)
{
	if (tok[0] == 'Y') {
		strbuf_addstr(why, "PAY belongs on the RONDEL line, e.g. \"RONDEL MARBLE PAY 2 IRON\"");
		return;
	}
	for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++)
		if (tok[0] == shapes[i].verb) {
			strbuf_addstr(why, shapes[i].shape);
			return;
		}
	strbuf_addstr(why, "not an order: a turn is RONDEL <wedge> [PAY ...], then TEMPLE, ARM, "
	              "KNOW, MOVE, ATTACK, CONQUER or FOUND lines");
}

/* Fill o from pattern g's groups; 0, or 1 with why set. */
static int fill(int g, const char *tok, PCRE2_SIZE *ov, struct ant_order *o, struct strbuf *why)
{
	char list[256];
	int sum[ANT_NRES + 1] = { 0 }, total;

	switch (g) {
	case G_RONDEL: {
		o->kind = ANT_O_RONDEL;
		for (size_t i = 0; i < sizeof rondel_wedges / sizeof rondel_wedges[0]; i++)
			if (!strncmp(tok + ov[2], rondel_wedges[i].tok, ov[3] - ov[2]) &&
			    !rondel_wedges[i].tok[ov[3] - ov[2]])
				o->wedge = rondel_wedges[i].wedge;
		group_text(tok, ov, 2, list, sizeof list);
		total = count_list(list, 'x', sum, ANT_NRES + 1);
		if (total < 0 || total > 5) {
			strbuf_addstr(why, "PAY names 1 to 5 paid steps: a move has at most 5");
			return 1;
		}
		for (int r = 0; r <= ANT_NRES; r++)
			o->pay[r] = (int8_t)sum[r];
		return 0;
	}
	case G_TEMPLE:
	case G_FOUND:
		o->kind = g == G_TEMPLE ? ANT_O_TEMPLE : ANT_O_FOUND;
		o->prov = (int16_t)group_num(tok, ov, 1, -1);
		return 0;
	case G_ARM:
		o->kind = ANT_O_ARM;
		o->count = (int16_t)group_num(tok, ov, 1, 1);
		o->unit = (int8_t)group_num(tok, ov, 2, 0);
		o->prov = (int16_t)group_num(tok, ov, 3, -1);
		if (o->count < 1 || o->count > 3) {
			strbuf_addstr(why, "ARM takes 1 to 3 units (at most 3 new units in a province)");
			return 1;
		}
		return 0;
	case G_KNOW:
		o->kind = ANT_O_KNOW;
		o->know = (int8_t)group_num(tok, ov, 1, 0);
		return 0;
	case G_MOVE: {
		o->kind = ANT_O_MOVE;
		o->count = (int16_t)group_num(tok, ov, 1, 1);
		o->unit = (int8_t)group_num(tok, ov, 2, 0);
		o->fight = ov[8] != PCRE2_UNSET && ov[8] != ov[9];
		group_text(tok, ov, 3, list, sizeof list);
		int np = 0;
		for (const char *s = list; (s = strchr(s, 'p')); s++) {
			if (np <= ANT_MAX_STEPS)
				o->path[np] = (int16_t)atoi(s + 1);
			np++;
		}
		if (o->count < 1 || o->count > ANT_UNITS_EACH) {
			strbuf_addf(why, "MOVE takes 1 to %d units", ANT_UNITS_EACH);
			return 1;
		}
		if (np < 2) {
			strbuf_addstr(why, "a path needs at least two provinces (where the units are, "
			              "then where they go)");
			return 1;
		}
		if (np > ANT_MAX_STEPS + 1) {
			strbuf_addf(why, "a path has at most %d provinces: a unit crosses at most %d "
			            "borders in a turn", ANT_MAX_STEPS + 1, ANT_MAX_STEPS);
			return 1;
		}
		o->npath = (int8_t)np;
		o->prov = o->path[0];
		return 0;
	}
	case G_ATTACK:
	case G_ATTACK2:
		o->kind = ANT_O_ATTACK;
		o->unit = (int8_t)group_num(tok, ov, g == G_ATTACK ? 1 : 2, 0);
		o->prov = (int16_t)group_num(tok, ov, g == G_ATTACK ? 2 : 3, -1);
		o->against = (int8_t)group_num(tok, ov, g == G_ATTACK ? 3 : 1, -1);
		return 0;
	case G_CONQUER:
		o->kind = ANT_O_CONQUER;
		o->prov = (int16_t)group_num(tok, ov, 1, -1);
		group_text(tok, ov, 2, list, sizeof list);
		o->give[ANT_LEGION] = o->give[ANT_GALLEY] = -1;
		if (*list) {
			int give[ANT_NUNIT] = { 0 };
			total = count_list(list, 'u', give, ANT_NUNIT);
			if (total < 1 || total > 2 * ANT_UNITS_EACH) {
				strbuf_addstr(why, "GIVE names the units given up, e.g. \"GIVE 1 LEGION 1 GALLEY\"");
				return 1;
			}
			o->give[ANT_LEGION] = (int16_t)give[ANT_LEGION];
			o->give[ANT_GALLEY] = (int16_t)give[ANT_GALLEY];
		}
		return 0;
	}
	return 1;
}

int ant_parse_line(const struct ant_map *m, const char *line, size_t len, struct ant_order *o,
                   struct strbuf *why)
{
	struct strbuf tok = STRBUF_INIT;
	pcre2_match_data *md;
	int rc = 1;

	memset(o, 0, sizeof *o);
	o->prov = -1;
	o->against = -1;
	o->wedge = ANT_W_NONE;
	o->give[0] = o->give[1] = -1;
	if (tokenize(m, order_words, sizeof order_words / sizeof order_words[0], line, len, &tok, why)) {
		strbuf_release(&tok);
		return 1;
	}
	md = pcre2_match_data_create(8, NULL);
	int g = grammar_match(&order_grammar, tok.buf, tok.len, md);
	if (g >= 0)
		rc = fill(g, tok.buf, pcre2_get_ovector_pointer(md), o, why);
	else
		explain(tok.buf, why);
	pcre2_match_data_free(md);
	strbuf_release(&tok);
	return rc;
}

/* A nation's name in capitals, as orders write it. */
static void add_nation(const struct ant_map *m, int n, struct strbuf *out)
{
	for (const char *s = m->nation[n].name; *s; s++)
		strbuf_addch(out, toupper((unsigned char)*s));
}

void ant_order_write(const struct ant_map *m, const struct ant_order *o, struct strbuf *out)
{
	switch (o->kind) {
	case ANT_O_RONDEL: {
		int any = 0;
		strbuf_addf(out, "RONDEL %s", o->wedge >= 0 && o->wedge < ANT_NWEDGES
		            ? wedge_name[o->wedge] : "MANEUVER");
		for (int r = 0; r <= ANT_NRES; r++)
			if (o->pay[r] > 0) {
				strbuf_addf(out, "%s %d %s", any ? "" : " PAY", o->pay[r], res_name[r]);
				any = 1;
			}
		break;
	}
	case ANT_O_TEMPLE:
		strbuf_addf(out, "TEMPLE %s", m->prov[o->prov].code);
		break;
	case ANT_O_ARM:
		strbuf_addf(out, "ARM %d %s %s", o->count, unit_name[o->unit], m->prov[o->prov].code);
		break;
	case ANT_O_KNOW:
		strbuf_addf(out, "KNOW %s", know_name[o->know]);
		break;
	case ANT_O_MOVE:
		strbuf_addf(out, "MOVE %d %s ", o->count, unit_name[o->unit]);
		for (int i = 0; i < o->npath; i++)
			strbuf_addf(out, "%s%s", i ? "-" : "", m->prov[o->path[i]].code);
		if (o->fight)
			strbuf_addstr(out, " FIGHT");
		break;
	case ANT_O_ATTACK:
		strbuf_addf(out, "ATTACK %s %s ", unit_name[o->unit], m->prov[o->prov].code);
		add_nation(m, o->against, out);
		break;
	case ANT_O_CONQUER:
		strbuf_addf(out, "CONQUER %s", m->prov[o->prov].code);
		if (o->give[ANT_LEGION] >= 0 || o->give[ANT_GALLEY] >= 0) {
			strbuf_addstr(out, " GIVE");
			for (int u = 0; u < ANT_NUNIT; u++)
				if (o->give[u] > 0)
					strbuf_addf(out, " %d %s", o->give[u], unit_name[u]);
		}
		break;
	case ANT_O_FOUND:
		strbuf_addf(out, "FOUND %s", m->prov[o->prov].code);
		break;
	}
}

/* Every non-blank line of text through parse, refused unless it writes
 * back as it stands; n lines at most, each of size bytes at dst. */
typedef int (*parse_fn)(const struct ant_map *m, const char *line, size_t len, void *dst,
                        struct strbuf *why);
typedef void (*write_fn)(const struct ant_map *m, const void *src, struct strbuf *out);

static int read_strict(const struct ant_map *m, const char *text, const char *what, parse_fn parse,
                       write_fn write, void *dst, size_t size, int max, int *n)
{
	struct strbuf why = STRBUF_INIT, back = STRBUF_INIT;
	const char *line;
	size_t len;
	int no = 0, rc = 0;

	*n = 0;
	while (rc == 0 && str_next_line(&text, &line, &len)) {
		no++;
		if (len == 0)
			continue;
		void *o = (char *)dst + (size_t)*n * size;
		strbuf_reset(&why);
		strbuf_reset(&back);
		if (*n >= max)
			rc = fail("%s line %d: more than %d lines", what, no, max);
		else if (parse(m, line, len, o, &why))
			rc = fail("%s line %d: %s", what, no, why.buf);
		else if ((write(m, o, &back), back.len != len || memcmp(back.buf, line, len)))
			rc = fail("%s line %d: '%.*s' is not canonical (\"%s\")", what, no, (int)len,
			          line, back.buf);
		else
			(*n)++;
	}
	strbuf_release(&why);
	strbuf_release(&back);
	return rc;
}

static int parse_order(const struct ant_map *m, const char *line, size_t len, void *dst,
                       struct strbuf *why)
{
	struct ant_order *o = dst;

	if (ant_parse_line(m, line, len, o, why))
		return 1;
	if (o->kind == ANT_O_RONDEL && o->wedge == ANT_W_MANEUVER_NEARER) {
		strbuf_addstr(why, "a stored RONDEL names MANEUVER1 or MANEUVER2");
		return 1;
	}
	return 0;
}

static void write_order(const struct ant_map *m, const void *src, struct strbuf *out)
{
	ant_order_write(m, src, out);
}

int ant_orders_read(const struct ant_map *m, const char *text, struct ant_turn_orders *out)
{
	memset(out, 0, sizeof *out);
	return read_strict(m, text, "orders", parse_order, write_order, out->o, sizeof out->o[0],
	                   ANT_MAX_ORDERS, &out->n);
}

int ant_parse_stance(const struct ant_map *m, const char *line, size_t len, struct ant_stance_rule *r,
                     struct strbuf *why)
{
	struct strbuf tok = STRBUF_INIT;
	pcre2_match_data *md;
	int rc = 1;

	r->stance = ANT_FIGHT_CITY;
	r->against = -1;
	r->prov = -1;
	if (tokenize(m, stance_words, sizeof stance_words / sizeof stance_words[0], line, len, &tok,
	             why)) {
		strbuf_release(&tok);
		return 1;
	}
	md = pcre2_match_data_create(4, NULL);
	int g = grammar_match(&stance_grammar, tok.buf, tok.len, md);
	if (g >= 0) {
		PCRE2_SIZE *ov = pcre2_get_ovector_pointer(md);
		r->stance = (int8_t)group_num(tok.buf, ov, 1, ANT_FIGHT_CITY);
		r->prov = (int16_t)group_num(tok.buf, ov, g == S_IN_AGAINST ? 2 : 3, -1);
		r->against = (int8_t)group_num(tok.buf, ov, g == S_IN_AGAINST ? 3 : 2, -1);
		rc = 0;
	} else {
		strbuf_addstr(why, shapes[sizeof shapes / sizeof shapes[0] - 1].shape);
	}
	pcre2_match_data_free(md);
	strbuf_release(&tok);
	return rc;
}

void ant_stance_write(const struct ant_map *m, const struct ant_stance_rule *r, struct strbuf *out)
{
	strbuf_addf(out, "FIGHT %s", stance_name[r->stance]);
	if (r->against >= 0) {
		strbuf_addstr(out, " AGAINST ");
		add_nation(m, r->against, out);
	}
	if (r->prov >= 0)
		strbuf_addf(out, " IN %s", m->prov[r->prov].code);
}

static int parse_stance(const struct ant_map *m, const char *line, size_t len, void *dst,
                        struct strbuf *why)
{
	return ant_parse_stance(m, line, len, dst, why);
}

static void write_stance(const struct ant_map *m, const void *src, struct strbuf *out)
{
	ant_stance_write(m, src, out);
}

int ant_standing_read(const struct ant_map *m, const char *text, struct ant_standing *out)
{
	memset(out, 0, sizeof *out);
	return read_strict(m, text, "standing orders", parse_stance, write_stance, out->r,
	                   sizeof out->r[0], ANT_MAX_STANCES, &out->n);
}
