/*
 * antike_report.c - the sentences of Antike's results: one small function
 * per kind of fact the engine tells (adjudicator/antike.h, enum
 * ant_fact_kind), found through a table indexed by the kind, and the
 * reasons an order is skipped as a table indexed by enum ant_skip.
 *
 * The engine decides and tells numbers; the words live here, so that the
 * prose can change without touching a rule.  A fact is one line (the
 * caller folds long ones), indented two for what a turn's action does
 * and four for what follows from it (production per city, battles on the
 * way), so that the results read as a list of steps.  Every nation name
 * is plural ("the Romans"), which is what the verbs agree with.
 */
#include <string.h>

#include "variants/antike_report.h"

#define NELEM(a) (sizeof (a) / sizeof (a)[0])

static const char *const wedge_words[ANT_NWEDGES] = {
	"IRON", "TEMPLE", "GOLD", "MANEUVER1", "ARMING", "MARBLE", "KNOW-HOW", "MANEUVER2",
};

static const char *const know_words[ANT_NKNOW] = {
	"WHEEL", "ROADS", "SAILING", "NAVIGATION", "MARKET", "CURRENCY", "MONARCHY", "DEMOCRACY",
};

static const char *const res_words[ANT_NRES + 1] = { "marble", "iron", "gold", "coins" };

static const char *const person_words[ANT_NPERSON] = {
	"king", "scholar", "general", "citizen", "navigator",
};

static const char *word_of(const char *const *table, int n, int i)
{
	return i >= 0 && i < n ? table[i] : "?";
}

const char *ant_wedge_word(int w)
{
	return word_of(wedge_words, ANT_NWEDGES, w);
}

const char *ant_know_word(int k)
{
	return word_of(know_words, ANT_NKNOW, k);
}

const char *ant_res_word(int r)
{
	return word_of(res_words, ANT_NRES, r);
}

const char *ant_person_word(int k)
{
	return word_of(person_words, ANT_NPERSON, k);
}

int ant_word_index(const char *(*table)(int), int n, const char *word)
{
	for (int i = 0; i < n; i++)
		if (!strcmp(table(i), word))
			return i;
	return -1;
}

static const char *nation(const struct ant_words *w, int k)
{
	return k >= 0 && k < w->map->nnations ? w->map->nation[k].name : "nobody";
}

static const char *adjective(const struct ant_words *w, int k)
{
	return k >= 0 && k < w->map->nnations ? w->map->nation[k].adjective : "?";
}

/* "Roma (ROM)" */
static void add_prov(const struct ant_words *w, int v, struct strbuf *out)
{
	if (v >= 0 && v < w->map->nprov)
		strbuf_addf(out, "%s (%s)", w->map->prov[v].name, w->map->prov[v].code);
	else
		strbuf_addstr(out, "?");
}

static const char *plural(int n)
{
	return n == 1 ? "" : "s";
}

static const char *unit_word(int u, int n)
{
	if (u == ANT_GALLEY)
		return n == 1 ? "galley" : "galleys";
	return n == 1 ? "legion" : "legions";
}

/* "2 marble, 1 coin", or "nothing": a payment as the engine gives it,
 * marble, iron, gold, coins. */
static void add_paid(const int *paid, struct strbuf *out)
{
	int any = 0;

	for (int r = 0; r <= ANT_NRES; r++)
		if (paid[r])
			strbuf_addf(out, "%s%d %s", any++ ? ", " : "", paid[r],
			            r == ANT_COIN ? (paid[r] == 1 ? "coin" : "coins") : res_words[r]);
	if (!any)
		strbuf_addstr(out, "nothing");
}

typedef void say_fn(const struct ant_words *w, const struct ant_fact *f, struct strbuf *out);

static void say_coins(const struct ant_words *w, const struct ant_fact *f, struct strbuf *out)
{
	(void)w;
	strbuf_addf(out, "  Round %d begins: every nation takes a coin from the bank (%d coin%s",
	            f->n[0], f->n[1], plural(f->n[1]));
	if (f->n[2])
		strbuf_addf(out, "; %d resource%s instead, the bank being empty", f->n[2], plural(f->n[2]));
	strbuf_addstr(out, ").\n");
}

static void say_coin_chip(const struct ant_words *w, const struct ant_fact *f, struct strbuf *out)
{
	strbuf_addf(out, "    The bank has no coin left: the %s take 1 %s instead.\n", nation(w, f->nation),
	            ant_res_word(f->n[0]));
}

static void say_default(const struct ant_words *w, const struct ant_fact *f, struct strbuf *out)
{
	strbuf_addf(out, "  The %s sent no orders: they play the default move (%d turn%s in a row).\n",
	            nation(w, f->nation), f->n[0], plural(f->n[0]));
}

static void say_rondel(const struct ant_words *w, const struct ant_fact *f, struct strbuf *out)
{
	if (f->n[0] == ANT_W_NONE)
		strbuf_addf(out, "  The %s place their marker on %s (the first turn's free choice).\n",
		            nation(w, f->nation), ant_wedge_word(f->n[1]));
	else {
		strbuf_addf(out, "  The %s move from %s to %s: %d step%s, ", nation(w, f->nation),
		            ant_wedge_word(f->n[0]), ant_wedge_word(f->n[1]), f->n[2], plural(f->n[2]));
		if (f->n[3]) {
			strbuf_addf(out, "%d paid with ", f->n[3]);
			add_paid(&f->n[4], out);
		} else
			strbuf_addstr(out, "free");
		strbuf_addstr(out, ".\n");
	}
}

static void say_produce_city(const struct ant_words *w, const struct ant_fact *f, struct strbuf *out)
{
	strbuf_addstr(out, "    ");
	add_prov(w, f->prov, out);
	strbuf_addf(out, " produces %d %s%s.\n", f->n[0], ant_res_word(f->n[1]),
	            f->n[2] ? " (with its temple)" : "");
}

static void say_produce_bonus(const struct ant_words *w, const struct ant_fact *f, struct strbuf *out)
{
	(void)w;
	strbuf_addf(out, "    %s adds %d %s.\n", ant_know_word(f->n[1]), f->n[0], ant_res_word(f->n[2]));
}

static void say_produce_total(const struct ant_words *w, const struct ant_fact *f, struct strbuf *out)
{
	strbuf_addf(out, "  The %s take %d %s in all.\n", nation(w, f->nation), f->n[0],
	            ant_res_word(f->n[1]));
}

static void say_temple(const struct ant_words *w, const struct ant_fact *f, struct strbuf *out)
{
	strbuf_addf(out, "  The %s build a temple in ", nation(w, f->nation));
	add_prov(w, f->prov, out);
	strbuf_addstr(out, " for ");
	add_paid(&f->n[0], out);
	strbuf_addstr(out, ".\n");
}

static void say_arm(const struct ant_words *w, const struct ant_fact *f, struct strbuf *out)
{
	strbuf_addf(out, "  The %s arm %d %s in ", nation(w, f->nation), f->n[0], unit_word(f->n[1], f->n[0]));
	add_prov(w, f->prov, out);
	strbuf_addstr(out, " for ");
	add_paid(&f->n[2], out);
	strbuf_addstr(out, ".\n");
}

static void say_know(const struct ant_words *w, const struct ant_fact *f, struct strbuf *out)
{
	strbuf_addf(out, "  The %s learn %s for %d gold%s, paid with ", nation(w, f->nation),
	            ant_know_word(f->n[0]), f->n[1], f->n[2] ? " (no nation knew it)" : "");
	add_paid(&f->n[3], out);
	strbuf_addstr(out, ".\n");
}

static void say_move(const struct ant_words *w, const struct ant_fact *f, struct strbuf *out)
{
	strbuf_addf(out, "  The %s move %d %s ", nation(w, f->nation), f->n[0], unit_word(f->n[1], f->n[0]));
	for (int i = 0; i < f->npath && i <= ANT_MAX_STEPS; i++) {
		if (i)
			strbuf_addstr(out, " - ");
		add_prov(w, f->path[i], out);
	}
	strbuf_addstr(out, ".\n");
}

static void say_enter_stopped(const struct ant_words *w, const struct ant_fact *f, struct strbuf *out)
{
	strbuf_addf(out, "    The %s %s stop in ", adjective(w, f->nation), unit_word(f->n[1], 2));
	add_prov(w, f->prov, out);
	if (f->n[0])
		strbuf_addf(out, ": %d left.\n", f->n[0]);
	else
		strbuf_addstr(out, ": none survive the battle.\n");
}

static void say_battle(const struct ant_words *w, const struct ant_fact *f, struct strbuf *out)
{
	static const char *const by[] = { "", "demanded by the %s", "demanded by the %s",
	                                  "demanded by both sides" };
	int who = f->n[3] >= 1 && f->n[3] <= 3 ? f->n[3] : 0;

	strbuf_addf(out, "    Battle of %s in ", unit_word(f->n[0], 2));
	add_prov(w, f->prov, out);
	strbuf_addstr(out, ", ");
	strbuf_addf(out, by[who], nation(w, who == 2 ? f->other : f->nation));
	strbuf_addf(out, ": %d %s against %d %s; each side loses %d.\n", f->n[1], adjective(w, f->nation),
	            f->n[2], adjective(w, f->other), f->n[4]);
}

static void say_conquer(const struct ant_words *w, const struct ant_fact *f, struct strbuf *out)
{
	strbuf_addf(out, "  The %s conquer the %s city of ", nation(w, f->nation), adjective(w, f->other));
	add_prov(w, f->prov, out);
	strbuf_addf(out, ": defence %d = city %d + units %d", f->n[0], f->n[1], f->n[2]);
	if (f->n[4] >= 0)
		strbuf_addf(out, " + %s %d", ant_know_word(f->n[4]), f->n[3]);
	strbuf_addf(out, "; they give up %d %s and %d %s; the %s lose %d %s, %d %s", f->n[5],
	            unit_word(ANT_LEGION, f->n[5]), f->n[6], unit_word(ANT_GALLEY, f->n[6]),
	            nation(w, f->other), f->n[7], unit_word(ANT_LEGION, f->n[7]), f->n[8],
	            unit_word(ANT_GALLEY, f->n[8]));
	strbuf_addstr(out, f->n[9] ? " and their temple, which goes back to the bank.\n" : ".\n");
}

static void say_found(const struct ant_words *w, const struct ant_fact *f, struct strbuf *out)
{
	strbuf_addf(out, "  The %s found a city of %s in ", nation(w, f->nation), ant_res_word(f->n[0]));
	add_prov(w, f->prov, out);
	strbuf_addstr(out, " for ");
	add_paid(&f->n[1], out);
	strbuf_addstr(out, ".\n");
}

static void say_personage(const struct ant_words *w, const struct ant_fact *f, struct strbuf *out)
{
	strbuf_addf(out, "  The %s win a %s: ", nation(w, f->nation), ant_person_word(f->n[0]));
	switch (f->n[1]) {
	case ANT_WHY_CITIES:
		strbuf_addf(out, "%d cities.\n", f->n[2]);
		break;
	case ANT_WHY_FIRST_KNOW:
		strbuf_addf(out, "the first to know %s.\n", ant_know_word(f->n[2]));
		break;
	case ANT_WHY_TEMPLE_DESTROYED:
		strbuf_addstr(out, "they destroyed the temple of ");
		add_prov(w, f->n[2], out);
		strbuf_addstr(out, ".\n");
		break;
	case ANT_WHY_TEMPLES:
		strbuf_addf(out, "%d temples.\n", f->n[2]);
		break;
	case ANT_WHY_SEAS:
		strbuf_addf(out, "%d seas held.\n", f->n[2]);
		break;
	case ANT_WHY_ALL_KNOW:
		strbuf_addstr(out, "all eight know-hows.\n");
		break;
	default:
		strbuf_addstr(out, "?\n");
	}
}

static void say_personage_none(const struct ant_words *w, const struct ant_fact *f, struct strbuf *out)
{
	strbuf_addf(out, "  The %s earned a %s, but none is left.\n", nation(w, f->nation),
	            ant_person_word(f->n[0]));
}

static void say_exchange(const struct ant_words *w, const struct ant_fact *f, struct strbuf *out)
{
	strbuf_addf(out, "    The %s, knowing all eight know-hows, pay %d %s for %d %s.\n",
	            nation(w, f->nation), f->n[0], ant_res_word(f->n[1]), f->n[2],
	            f->n[3] == ANT_COIN ? "coins" : ant_res_word(f->n[3]));
}

/* The reasons, with the fact's n[1] and n[2] where they take them. */
static const char *const skip_words[ANT_NSKIPS] = {
	[ANT_SKIP_WRONG_WEDGE] = "it belongs to another wedge's action",
	[ANT_SKIP_CANNOT_PAY] = "they cannot pay it",
	[ANT_SKIP_NOT_OWNER] = "the city is not theirs",
	[ANT_SKIP_HAS_TEMPLE] = "the city has a temple already",
	[ANT_SKIP_NO_TEMPLES] = "all twenty temples are on the board",
	[ANT_SKIP_ARM_LIMIT] = "%d new units were placed there this turn already",
	[ANT_SKIP_NO_SUPPLY] = "all seventeen units of that type are on the board",
	[ANT_SKIP_INLAND] = "no galley can stand there",
	[ANT_SKIP_KNOWN] = "they know it already",
	[ANT_SKIP_NO_UNITS] = "not enough units with actions left there (%d)",
	[ANT_SKIP_BORDER] = "those units cannot cross the border to step %d of the path",
	[ANT_SKIP_TOO_FAR] = "%d borders, but the units have %d actions",
	[ANT_SKIP_NO_ENEMY] = "no units of that nation and type are there",
	[ANT_SKIP_NO_CITY] = "no foreign city is there",
	[ANT_SKIP_LAST_CITY] = "it is the defender's last city, which cannot be taken",
	[ANT_SKIP_TOO_WEAK] = "%d upright units against a defence of %d",
	[ANT_SKIP_NO_UNIT_THERE] = "none of their units stands there",
	[ANT_SKIP_NO_STONES] = "all twenty-five of their city stones are in use",
	[ANT_SKIP_SEA] = "a sea holds no city",
	[ANT_SKIP_GIVE] = "the units named to give up are not there upright, or do not make up the defence",
};

/* The order skipped, quoted from the stored lines: the n-th line. */
static void add_order(const struct ant_words *w, int index, struct strbuf *out)
{
	const char *t = w->lines, *line;
	size_t len;
	int i = 0;

	while (t && str_next_line(&t, &line, &len))
		if (i++ == index) {
			strbuf_addf(out, " (%.*s)", (int)len, line);
			return;
		}
}

static void say_skipped(const struct ant_words *w, const struct ant_fact *f, struct strbuf *out)
{
	int kind = w->orders && f->n[0] >= 0 && f->n[0] < w->orders->n ? w->orders->o[f->n[0]].kind : -1;

	strbuf_addf(out, "  Skipped: order %d of the %s", f->n[0] + 1, nation(w, f->nation));
	add_order(w, f->n[0], out);
	strbuf_addstr(out, ": ");
	if (f->why == ANT_SKIP_NO_CITY && kind == ANT_O_FOUND)
		strbuf_addstr(out, "a city stands there already");
	else if (f->why == ANT_SKIP_CANNOT_PAY && f->n[1] >= 0 && f->n[1] < ANT_NRES)
		strbuf_addf(out, "not enough %s", res_words[f->n[1]]);
	else if (f->why == ANT_SKIP_CANNOT_PAY)
		strbuf_addstr(out, "not enough resources and coins in all");
	else if (f->why >= 0 && f->why < ANT_NSKIPS && skip_words[f->why])
		strbuf_addf(out, skip_words[f->why], f->n[1], f->n[2]);
	else
		strbuf_addstr(out, "it cannot be carried out");
	strbuf_addstr(out, ".\n");
}

static void say_disorder(const struct ant_words *w, const struct ant_fact *f, struct strbuf *out)
{
	strbuf_addf(out, "  The %s have played %d turns by default: they are in civil disorder "
	            "until a player takes them over.\n", nation(w, f->nation), f->n[0]);
}

static void say_victory(const struct ant_words *w, const struct ant_fact *f, struct strbuf *out)
{
	if (f->n[2])
		strbuf_addf(out, "  The %s win the game: theirs is the first temple destroyed after the "
		            "last personage went out (%d personages).\n", nation(w, f->nation), f->n[0]);
	else
		strbuf_addf(out, "  The %s win the game with %d personages (the target is %d).\n",
		            nation(w, f->nation), f->n[0], f->n[1]);
}

static void say_all_out(const struct ant_words *w, const struct ant_fact *f, struct strbuf *out)
{
	(void)w, (void)f;
	strbuf_addstr(out, "  The last personage is out: the next nation to destroy a temple wins.\n");
}

static say_fn *const say[ANT_NFACT_KINDS] = {
	[ANT_F_COINS] = say_coins,
	[ANT_F_COIN_CHIP] = say_coin_chip,
	[ANT_F_DEFAULT] = say_default,
	[ANT_F_RONDEL] = say_rondel,
	[ANT_F_PRODUCE_CITY] = say_produce_city,
	[ANT_F_PRODUCE_BONUS] = say_produce_bonus,
	[ANT_F_PRODUCE_TOTAL] = say_produce_total,
	[ANT_F_TEMPLE] = say_temple,
	[ANT_F_ARM] = say_arm,
	[ANT_F_KNOW] = say_know,
	[ANT_F_MOVE] = say_move,
	[ANT_F_ENTER_STOPPED] = say_enter_stopped,
	[ANT_F_BATTLE] = say_battle,
	[ANT_F_CONQUER] = say_conquer,
	[ANT_F_FOUND] = say_found,
	[ANT_F_PERSONAGE] = say_personage,
	[ANT_F_PERSONAGE_NONE] = say_personage_none,
	[ANT_F_EXCHANGE] = say_exchange,
	[ANT_F_SKIPPED] = say_skipped,
	[ANT_F_CIVIL_DISORDER] = say_disorder,
	[ANT_F_VICTORY] = say_victory,
	[ANT_F_ALL_OUT] = say_all_out,
};

void ant_report_sink(void *arg, const struct ant_fact *f)
{
	const struct ant_words *w = arg;

	if (f->kind >= 0 && f->kind < ANT_NFACT_KINDS && say[f->kind])
		say[f->kind](w, f, w->out);
	else
		strbuf_addf(w->out, "  (an event the Judge cannot word: kind %d)\n", f->kind);
}

void ant_phase_name(const struct ant_map *m, const struct ant_pos *p, struct strbuf *out)
{
	const char *name;
	size_t n;

	if (p->over) {
		strbuf_addf(out, "Round %d: the game is over", p->round);
		return;
	}
	name = m->nation[ant_active(p)].name;
	n = strlen(name);
	/* names are plural and end in s; "the Germanic tribes' turn" */
	strbuf_addf(out, "Round %d: the %s%s turn", p->round, name, n && name[n - 1] == 's' ? "'" : "'s");
}
