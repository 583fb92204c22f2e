/*
 * pelo_report.c - the sentences of the Peloponnesian War's results, one
 * small function per kind of fact the engine tells (adjudicator/
 * pelo_facts.h), found through a table indexed by the kind.
 *
 * The wording lives here, beside the other families' (dip_report.c,
 * diceless_report.c), so that the engine decides without writing prose
 * and the prose can change without touching a rule (replay compares
 * positions, not reports).  A player reads it on a phone: what the line
 * above said (the leader, the instruction, the city-state giving it) is
 * not said again.
 */
#include <assert.h>
#include <stdio.h>

#include "variants/pelo_report.h"

typedef void say_fn(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out);

static const char *city(const struct pelo_report *r, int c)
{
	return pelo_city_name(r->map, c);
}

static const char *space(const struct pelo_report *r, int s)
{
	return r->map->space[s].name;
}

static const char *plural(int n)
{
	return n == 1 ? "" : "s";
}

/* Upper-case a word into out: instructions are told as they are written. */
static void add_upper(struct strbuf *out, const char *w)
{
	for (; *w; w++)
		strbuf_addch(out, *w >= 'a' && *w <= 'z' ? (char)(*w - 'a' + 'A') : *w);
}

/* The instruction that decided a choice: " (Sparta: INTERCEPT STRONGER)",
 * " (default: INTERCEPT STRONGER)", or " (INTERCEPT STRONGER)" when the
 * sentence's subject gave it (who, or PELO_NONE): "Sparta does not
 * intercept (Sparta: ...)" says Sparta twice in a line a player reads
 * on a phone; nothing when src names none. */
static void add_source_of(const struct pelo_report *r, const struct pelo_source *src, int who,
                          struct strbuf *out)
{
	if (!src->set)
		return;
	if (src->by != PELO_NONE && src->by == who)
		strbuf_addstr(out, " (");
	else if (src->by != PELO_NONE)
		strbuf_addf(out, " (%s: ", city(r, src->by));
	else
		strbuf_addstr(out, " (default: ");
	add_upper(out, pelo_instr_word(src->instr));
	strbuf_addch(out, ' ');
	add_upper(out, pelo_choice_word(src->instr, src->value));
	strbuf_addch(out, ')');
}

static void add_source(const struct pelo_report *r, const struct pelo_source *src, struct strbuf *out)
{
	add_source_of(r, src, PELO_NONE, out);
}

/* ---- what players order, as the report and the echo say it ---- */

void pelo_action_describe(const struct pelo_map *m, const struct pelo_scenario *sc,
                          const struct pelo_action *a, struct strbuf *out)
{
	static const char *const words[PELO_ACT_KINDS] = {
		[PELO_ACT_PASS] = "passes",
		[PELO_ACT_CLAIM] = "claims dominance",
		[PELO_ACT_RELINQUISH] = "relinquishes dominance",
		[PELO_ACT_JOIN] = "joins the coalition of %s",
		[PELO_ACT_LEAVE] = "leaves its coalition",
		[PELO_ACT_WAR] = "declares war on %s",
		[PELO_ACT_ALLY] = "takes %s as an ally",
		[PELO_ACT_BREAK] = "tries to break the peace with %s",
		[PELO_ACT_TRIBUTE] = "makes %s its tributary",
		/* its effect's words describe a special action the scenario has */
		[PELO_ACT_SPECIAL] = "takes a special action",
	};
	static const char *const effect_words[PELO_SX_EFFECTS] = {
		[PELO_SX_ALLY] = "concludes %s",     /* the action's name */
		[PELO_SX_CONGRESS] = "convenes %s",
	};

	if (a->kind < 0 || a->kind >= PELO_ACT_KINDS) {
		strbuf_addstr(out, "does something unknown");
		return;
	}
	if (a->kind == PELO_ACT_SPECIAL && sc && a->target >= 0 && a->target < sc->nactions)
		strbuf_addf(out, effect_words[sc->action[a->target].effect], sc->action[a->target].name);
	else if (pelo_action_names_city(a->kind))
		strbuf_addf(out, words[a->kind], pelo_city_name(m, a->target));
	else
		strbuf_addstr(out, words[a->kind]);
}

void pelo_op_describe(const struct pelo_map *m, const struct pelo_scenario *sc, const struct pelo_op *op,
                      struct strbuf *out)
{
	int any = 0;

	switch (op->kind) {
	case PELO_OP_PASS:
		strbuf_addstr(out, "passes");
		return;
	case PELO_OP_RETURN:
		strbuf_addf(out, "sends its forces at %s home", m->space[op->to].name);
		return;
	case PELO_OP_STATION:
		strbuf_addf(out, "puts its forces at %s on year-round station", m->space[op->to].name);
		return;
	}
	strbuf_addstr(out, op->kind == PELO_OP_ATTACK ? "attacks " : "marches ");
	if (op->kind == PELO_OP_ATTACK)
		strbuf_addf(out, "%s", m->space[op->to].name);
	if (op->from != PELO_NONE) {
		strbuf_addstr(out, op->kind == PELO_OP_ATTACK ? " with " : "");
		for (int t = 0; t < PELO_SP_TYPES; t++)
			if (op->sp[t] > 0)
				strbuf_addf(out, "%s%d %s SP%s", any++ ? ", " : "", op->sp[t], pelo_sp_word(t),
				            op->sp[t] == 1 ? "" : "s");
			else if (op->sp[t] < 0 && !any++)
				strbuf_addstr(out, "all its SPs");
		strbuf_addf(out, " from %s", m->space[op->from].name);
		if (op->kind == PELO_OP_MOVE)
			strbuf_addf(out, " to %s", m->space[op->to].name);
		for (int i = 0; i < op->nvia; i++)
			strbuf_addf(out, "%s%s", i ? ", " : " by way of ", m->space[op->via[i]].name);
	} else
		strbuf_addstr(out, " with the army there");
	if (op->leader != PELO_NONE)
		strbuf_addf(out, ", led by %s", pelo_leader_name(sc, op->leader));
	if (op->nosiege)
		strbuf_addstr(out, ", without a siege");
}

/* The notes, a line each, already within 78 columns after the echo's
 * six blanks: rules a player meets only when it is too late otherwise
 * (RULES.md 3.5 and 5.5). */
void pelo_op_notes(const struct pelo_map *m, const struct pelo_op *op, struct strbuf *out)
{
	(void)m;
	if (op->kind != PELO_OP_MOVE && op->kind != PELO_OP_ATTACK)
		return;
	if (op->kind == PELO_OP_ATTACK && !op->nosiege)
		strbuf_addstr(out, "\n      Note: a siege's points are kept for a later operation only while"
		                   "\n      the besiegers stay: put them on STATION there (STATION <space>),"
		                   "\n      or they go home at the phase's end and the points are lost.");
	strbuf_addstr(out, "\n      Note: while these SPs are away from home and neither on STATION"
	                   "\n      nor besieging, no other army of their major may attempt a siege.");
}

/* ---- the rounds ---- */

static void say_passes(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	strbuf_addf(out, "    %s passes.\n", city(r, f->city));
}

static void say_action(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	strbuf_addf(out, "    %s ", city(r, f->city));
	pelo_action_describe(r->map, r->scen, f->act, out);
	strbuf_addstr(out, ".\n");
}

/* " (why)", or why an action allowed now was not taken: every major
 * passed before its turn came */
static void add_why_not(const struct pelo_fact *f, struct strbuf *out)
{
	strbuf_addf(out, " (%s).\n", f->text ? f->text : "the phase ended before its turn came");
}

static void say_action_not_taken(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	strbuf_addf(out, "  Not taken: %s ", city(r, f->city));
	pelo_action_describe(r->map, r->scen, f->act, out);
	add_why_not(f, out);
}

static void say_op(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	strbuf_addf(out, "    %s ", city(r, f->city));
	pelo_op_describe(r->map, r->scen, f->op, out);
	strbuf_addstr(out, ".\n");
}

static void say_op_forced(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	strbuf_addf(out, "    %s may not pass with SPs away from home: it ", city(r, f->city));
	pelo_op_describe(r->map, r->scen, f->op, out);
	strbuf_addstr(out, ".\n");
}

static void say_op_not_done(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	strbuf_addf(out, "  Not carried out: %s ", city(r, f->city));
	pelo_op_describe(r->map, r->scen, f->op, out);
	add_why_not(f, out);
}

static void say_all_passed(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	(void)r, (void)f;
	strbuf_addstr(out, "  Every major city-state passed in turn: the phase is over.\n");
}

static void say_round(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	(void)r;
	strbuf_addf(out, "  Round %d:\n", f->n[0]);
}

/* ---- what diplomatic actions did ---- */

static void say_relinquished(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	strbuf_addf(out, "      %s loses two bellicosity (now %d).\n", city(r, f->city), f->n[0]);
}

static void say_admitted(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	strbuf_addf(out, "      %s had agreed to admit %s.\n", city(r, f->other), city(r, f->city));
}

static void say_break(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	int roll = f->n[0], lasted = f->n[1];

	strbuf_addf(out, "      Die: %d against %d turn%s of peace: ", roll, lasted, plural(lasted));
	if (roll < lasted)
		strbuf_addf(out, "a pretext is found; the treaty with %s is annulled.\n", city(r, f->other));
	else if (roll > lasted)
		strbuf_addf(out, "all Greece is outraged; the peace holds and %s loses one bellicosity "
		            "(now %d).\n", city(r, f->city), f->n[2]);
	else
		strbuf_addstr(out, "no pretext is found; the peace holds.\n");
}

static void say_special_ally(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	strbuf_addf(out, "      %s is now an ally of %s.\n", city(r, f->city), city(r, f->other));
}

static void say_withdraws(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	struct strbuf what = STRBUF_INIT;

	for (int t = 0; t < PELO_SP_TYPES; t++)
		if (f->n[t])
			strbuf_addf(&what, "%s%d %s SP%s", what.len ? ", " : "", f->n[t], pelo_sp_word(t), plural(f->n[t]));
	if (f->n[3])
		strbuf_addf(&what, "%sits garrison", what.len ? " and " : "");
	strbuf_addf(out, "      %s withdraws %s from %s.\n", city(r, f->city), what.buf, space(r, f->space));
	strbuf_release(&what);
}

static void say_go_home(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	strbuf_addf(out, "        %d %s SP%s go%s home to %s.\n", f->n[0], pelo_sp_word(f->n[1]), plural(f->n[0]),
	            f->n[0] == 1 ? "es" : "", space(r, f->space));
}

static void say_passes_to(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	strbuf_addf(out, "      %s passes from %s to %s.\n", space(r, f->space), city(r, f->city), city(r, f->other));
}

static void say_congress_full(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	strbuf_addf(out, "      %s and %s would make peace, but no more treaties can be recorded.\n",
	            city(r, f->city), city(r, f->other));
}

static void say_congress_peace(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	strbuf_addf(out, "      %s and %s make peace.\n", city(r, f->city), city(r, f->other));
}

static void say_congress_none(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	strbuf_addf(out, "      No force from outside %s stands there: the congress has nothing to settle.\n",
	            r->map->area[f->n[0]].name);
}

/* ---- marches ---- */

static void say_returns(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	strbuf_addf(out, "      %d %s SP%s of %s go%s home to %s.\n", f->n[0], pelo_sp_word(f->n[1]), plural(f->n[0]),
	            r->map->city[f->city].name, f->n[0] == 1 ? "es" : "", space(r, f->space));
}

static void say_led(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	strbuf_addf(out, "    Led by %s.\n", pelo_leader_name(r->scen, f->leader));
}

/* The leader only when the operation's sentence just above did not name
 * him (the engine chose him). */
static void say_march(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	if (f->leader != PELO_NONE && f->leader == r->op_leader)
		strbuf_addf(out, "    %d talents to activate; by %s:", f->n[0], f->n[1] ? "sea" : "land");
	else
		strbuf_addf(out, "    Led by %s, %d talents to activate; by %s:", pelo_leader_name(r->scen, f->leader),
		            f->n[0], f->n[1] ? "sea" : "land");
	for (int i = 0; i < f->n[2]; i++)
		strbuf_addf(out, "%s%s", i ? " - " : " ", space(r, f->route[i]));
	strbuf_addstr(out, ".\n");
}

static void say_crossing(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	strbuf_addf(out, "    The crossing from %s to %s: die %d, %s.\n", space(r, f->space), space(r, f->to), f->n[0],
	            f->n[1] ? "a storm: the army is lost" : "calm seas");
}

static void say_no_interceptor(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	strbuf_addf(out, "    %s has no player to send it out: it does not intercept.\n", r->map->city[f->city].name);
}

/* Whether f is one more refusal to intercept like the one just said
 * (same city-state, same kind of SPs, same instruction). */
static int same_refusal(const struct pelo_report *r, const struct pelo_fact *f)
{
	const struct pelo_fact *h = &r->held.fact;

	return r->held.end && r->held.end == r->out->len && h->city == f->city && h->n[0] == f->n[0] &&
	       h->src.set == f->src.set && h->src.instr == f->src.instr && h->src.value == f->src.value &&
	       h->src.by == f->src.by && r->held.nspaces < PELO_MAX_SPACES;
}

/* Not in the table: it rewrites the sentence it said last, so it
 * changes r (tell calls it). */
static void say_no_intercept(struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	/* ships and land SPs are asked apart: "does not intercept at Gythium"
	 * then "tries to intercept at Gythium" would contradict itself */
	if (same_refusal(r, f))
		strbuf_setlen(out, r->held.at);
	else
		r->held.fact = *f, r->held.nspaces = 0;
	r->held.space[r->held.nspaces++] = (int8_t)f->space;
	r->held.at = out->len;
	strbuf_addf(out, "    %s does not intercept at ", r->map->city[f->city].name);
	for (int i = 0; i < r->held.nspaces; i++)
		strbuf_addf(out, "%s%s", i == 0 ? "" : i + 1 < r->held.nspaces ? ", " : " or ",
		            space(r, r->held.space[i]));
	strbuf_addf(out, " with %s", f->n[0] ? "ships" : "land SPs");
	add_source_of(r, &f->src, f->city, out);
	strbuf_addstr(out, ".\n");
	r->held.end = out->len;
}

/* Not in the table: the instruction is said at the first of a march's
 * attempts by the same city-state, the same kind of SPs and the same
 * instruction, not again at every space of its route. */
static void say_intercept(struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	int naval = f->n[0], die = f->n[1], sup = f->n[2];
	const struct pelo_fact *h = &r->tried;

	strbuf_addf(out, "    %s tries to intercept at %s with %s", r->map->city[f->city].name, space(r, f->space),
	            naval ? "ships" : "land SPs");
	if (!(r->tried_set && h->city == f->city && h->n[0] == naval && h->src.set == f->src.set &&
	      h->src.instr == f->src.instr && h->src.value == f->src.value && h->src.by == f->src.by))
		add_source_of(r, &f->src, f->city, out);
	r->tried = *f, r->tried_set = 1;
	if (sup)
		strbuf_addf(out, ": die %d +1 (more %s) = %d", die, naval ? "ships" : "cavalry", die + sup);
	else
		strbuf_addf(out, ": die %d", die);
	strbuf_addf(out, ", %s.\n", f->n[3] ? "intercepted" : "missed");
}

static void say_destroyed(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	(void)r, (void)f;
	strbuf_addstr(out, "    The army is destroyed.\n");
}

static void say_falls_back(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	strbuf_addf(out, "    The army falls back to %s", space(r, f->space));
	add_source(r, &f->src, out);
	strbuf_addstr(out, ".\n");
}

static void say_holds(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	strbuf_addf(out, "    The army holds %s", space(r, f->space));
	add_source(r, &f->src, out);
	strbuf_addstr(out, ".\n");
}

static void say_halts(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	strbuf_addf(out, "    The army halts at %s.\n", space(r, f->space));
}

static void say_never_reaches(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	strbuf_addf(out, "    The army never reaches %s: no combat there.\n", space(r, f->space));
}

static void say_no_battle(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	strbuf_addf(out, "    No enemy SPs give battle at %s.\n", space(r, f->space));
}

/* ---- battles ---- */

static void say_naval_battle(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	strbuf_addf(out, "    Naval battle at %s:\n", space(r, f->space));
}

static void say_land_battle(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	strbuf_addf(out, "    %s at %s:\n", f->n[0] ? "Skirmish" : "Hoplite battle", space(r, f->space));
}

/* "src." and the line's end: which instruction decided, then the stop;
 * every sentence that ends so has f->city for its subject */
static void add_source_stop(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	add_source_of(r, &f->src, f->city, out);
	strbuf_addstr(out, ".\n");
}

static void say_support(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	strbuf_addf(out, "      The SPs of %s at %s %s", city(r, f->city), space(r, f->space),
	            f->n[0] ? "join the battle" : "stay out of it");
	add_source_stop(r, f, out);
}

static void say_avoids(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	static const char *const how[] = {
		[PELO_AVOID_HARBOUR] = "keeps its ships in harbour",
		[PELO_AVOID_TO_SEA] = "puts to sea and avoids battle",
		[PELO_AVOID_WALLS] = "withdraws behind the walls and avoids battle",
	};

	strbuf_addf(out, "      %s %s", city(r, f->city), how[f->n[0]]);
	add_source_stop(r, f, out);
}

static void say_burns(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	if (f->n[0] == 1)
		strbuf_addf(out, "      %s burns its ship rather than give battle", city(r, f->city));
	else
		strbuf_addf(out, "      %s burns its %d ships rather than give battle", city(r, f->city), f->n[0]);
	add_source_stop(r, f, out);
}

/* Not in the table: a line of the interception it follows when that one
 * caught the army (the battle is the interception's), else a sentence of
 * its own, before the battle at the march's end: under a missed
 * interception it read as that one's outcome. */
static void say_defends(struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	strbuf_addf(out, "%s%s, free at home, takes command for %s at %s", r->intercepted ? "      " : "    ",
	            pelo_leader_name(r->scen, f->leader), city(r, f->city), space(r, f->space));
	add_source_stop(r, f, out);
}

static void say_skirmish_roll(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	strbuf_addf(out, "    %s seeks a skirmish at %s", city(r, f->city), space(r, f->space));
	add_source_of(r, &f->src, f->city, out);
	strbuf_addf(out, ": die %d", f->n[0]);
	if (f->n[1])
		strbuf_addf(out, " +%d (more cavalry)", f->n[1]);
	if (f->n[2])
		strbuf_addf(out, " +%d (%s)", f->n[2], pelo_leader_name(r->scen, f->leader));
	if (f->n[3])
		strbuf_addstr(out, " +1 (home area)");
	if (f->n[4])
		strbuf_addf(out, " -%d (fewer hoplites)", f->n[4]);
	strbuf_addf(out, " = %d: %s.\n", f->n[5], f->n[6] ? "a skirmish" : "no, a hoplite battle");
}

/* "7 hoplite, 1 cavalry", or "nothing" */
static void add_strength(const int n[PELO_SP_TYPES], struct strbuf *out)
{
	int any = 0;

	for (int t = 0; t < PELO_SP_TYPES; t++)
		if (n[t])
			strbuf_addf(out, "%s%d %s", any++ ? ", " : "", n[t], pelo_sp_word(t));
	if (!any)
		strbuf_addstr(out, "nothing");
}

static void say_battle(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	strbuf_addf(out, "      %s (", city(r, f->city));
	add_strength(f->n, out);
	strbuf_addf(out, "; %s) against %s (", pelo_leader_name(r->scen, f->leader), city(r, f->other));
	add_strength(f->n + PELO_SP_TYPES, out);
	strbuf_addf(out, "; %s).\n", pelo_leader_name(r->scen, f->n[2 * PELO_SP_TYPES]));
}

static void say_battle_roll(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	strbuf_addf(out, "      %s: die %d", city(r, f->city), f->n[0]);
	if (f->n[1])
		strbuf_addf(out, " +%d (%s)", f->n[1], pelo_leader_name(r->scen, f->leader));
	if (f->n[2])
		strbuf_addf(out, " +2 (%s %s)", r->map->city[f->other].adjective,
		            f->n[3] == PELO_NAVAL_SP ? "ships" : "hoplites");
	if (f->n[4])
		strbuf_addf(out, " +%d (more %s)", f->n[4], f->n[5] == PELO_NAVAL_SP ? "ships" : "hoplites");
	if (f->n[6])
		strbuf_addf(out, " +%d (more cavalry)", f->n[6]);
	strbuf_addf(out, " = %d\n", f->n[7]);
}

static void say_wins(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	strbuf_addf(out, "      %s wins%s; %s loses %d SP%s.\n", city(r, f->city), f->n[1] ? " on its leader" : "",
	            city(r, f->other), f->n[0], plural(f->n[0]));
}

static void say_draw(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	(void)r;
	strbuf_addstr(out, f->n[0] ? "      A draw: each side loses one SP.\n"
	                           : "      A draw with one SP a side: nobody loses.\n");
}

static void say_split(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	strbuf_addstr(out, "      The split the partners agreed (SPLIT):");
	for (int j = 0; j < f->n[0]; j++)
		strbuf_addf(out, " %s %d", city(r, f->cities[j]), f->counts[j]);
	strbuf_addstr(out, ".\n");
}

static void say_no_split(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	(void)r, (void)f;
	strbuf_addstr(out, "      No split agreed (SPLIT): each city-state loses the full amount.\n");
}

static void say_allocates(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	strbuf_addf(out, "      %s allocates its losses", city(r, f->city));
	add_source_stop(r, f, out);
}

static void say_lost(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	int any = 0;

	for (int t = 0; t < PELO_SP_TYPES; t++)
		if (f->n[t])
			strbuf_addf(out, "%s%d %s", any++ ? ", " : f->n[3] ? "; " : "      Lost: ", f->n[t],
			            pelo_sp_word(t));
	strbuf_addf(out, " (%s)", city(r, f->city));
}

static void say_stop(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	(void)r, (void)f;
	strbuf_addstr(out, ".\n");
}

/* A change of bellicosity, or why there was none: "12 -> 12" reads as a
 * slip when the scale's end held it. */
static void add_bellicosity(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	if (f->n[0] != f->n[1])
		strbuf_addf(out, "      Bellicosity of %s %d -> %d", city(r, f->city), f->n[0], f->n[1]);
	else
		strbuf_addf(out, "      Bellicosity of %s stays at %d, its %s", city(r, f->city), f->n[0],
		            f->n[0] == PELO_BELLICOSITY_MAX ? "highest" : "lowest");
}

static void say_battle_bellicosity(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	add_bellicosity(r, f, out);
	strbuf_addstr(out, ".\n");
}

static void say_hostages(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	strbuf_addf(out, "      %s takes hostages from %s.\n", r->map->city[f->city].name, r->map->city[f->other].name);
}

static void say_bravery(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	strbuf_addf(out, "      %s rolled %d, within his bravery (%d).\n", pelo_leader_name(r->scen, f->leader), f->n[0],
	            f->n[1]);
}

static void say_stands(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	strbuf_addf(out, "      %s stands its ground", city(r, f->city));
	add_source_stop(r, f, out);
}

static void say_retreats(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	strbuf_addf(out, "      %d SP%s of %s retreat%s to %s", f->n[0], plural(f->n[0]), city(r, f->city),
	            f->n[0] == 1 ? "s" : "", space(r, f->space));
	add_source_stop(r, f, out);
}

static void say_no_ravage(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	strbuf_addf(out, "      %s may not ravage %s: %s holds hostages of %s.\n", city(r, f->city), space(r, f->space),
	            r->map->city[f->other].name, r->map->city[f->n[0]].name);
}

static void say_ravages(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	strbuf_addf(out, "      %s ravages %s", city(r, f->city), space(r, f->space));
	add_source_stop(r, f, out);
}

/* ---- sieges ---- */

static void say_siege_none(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	strbuf_addf(out, "    No siege of %s: %s.\n", space(r, f->space), f->text);
}

static void say_siege(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	static const char *const plus[] = {
		[PELO_SIEGE_PLAIN] = "",
		[PELO_SIEGE_REBELLION] = " +1 (rebellion)",
		[PELO_SIEGE_NOT_HOME] = " +1 (not the defender's home)",
	};

	strbuf_addf(out, "    Siege of %s by %s (%d talents for %d SP%s): die %d%s%s", space(r, f->space),
	            city(r, f->city), f->n[0], f->n[1], plural(f->n[1]), f->n[2], plus[f->n[3]],
	            f->n[4] ? " -1 (their ships rule the sea)" : "");
	strbuf_addf(out, " = %d: %d siege point%s", f->n[5], f->n[6], plural(f->n[6]));
	/* "4 of 3" reads as a slip: once the points pass the need, say
	 * how many were needed rather than count towards it */
	if (f->n[7] <= f->n[8])
		strbuf_addf(out, ", %d of %d", f->n[7], f->n[8]);
	else if (f->n[7] == f->n[6])
		strbuf_addf(out, ", %d needed", f->n[8]);
	else
		strbuf_addf(out, ", %d in all, %d needed", f->n[7], f->n[8]);
	strbuf_addf(out, "; %s is ravaged.\n", space(r, f->space));
}

static void say_siege_falls(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	strbuf_addf(out, "      %s falls to %s.\n", space(r, f->space), city(r, f->city));
}

static void say_siege_garrison(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	strbuf_addf(out, "      %s places a garrison", city(r, f->city));
	add_source_of(r, &f->src, f->city, out);
	strbuf_addstr(out, ".\n");
}

static void say_siege_bellicosity(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	add_bellicosity(r, f, out);
	strbuf_addstr(out, " (a city-state taken).\n");
}

static void say_siege_lifted(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	static const char *const why[] = {
		[PELO_LIFT_GONE] = "the besiegers have gone",
		[PELO_LIFT_FRIENDLY] = "the space is friendly now",
		[PELO_LIFT_SHIPS] = "the defenders have more ships",
		[PELO_LIFT_CAVALRY] = "the defenders have more cavalry",
	};

	strbuf_addf(out, "    The siege of %s is lifted (%s): its %d point%s lost.\n", space(r, f->space),
	            why[f->n[1]], f->n[0], f->n[0] == 1 ? " is" : "s are");
}

static void say_leader_killed(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	strbuf_addf(out, "      %s is killed.\n", pelo_leader_name(r->scen, f->leader));
}

/* ---- the political phase ---- */

static void say_now(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	if (f->n[1] == PELO_NOW_ENEMY_CAME)
		strbuf_addf(out, " (enemy SPs came into %s: no +1)", r->map->area[f->n[2]].name);
	else if (f->n[1] == PELO_NOW_BOUND)
		strbuf_addf(out, ", bounded by %d", f->n[0]);
	strbuf_addf(out, ": now %d.\n", f->n[0]);
}

static void say_plague(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	(void)r, (void)f;
	strbuf_addstr(out, "  Plague (6.1):\n");
}

static void say_plague_done(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	strbuf_addf(out, "    %s was ravaged, but the plague has struck it already.\n", city(r, f->city));
}

static void say_plague_roll(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	strbuf_addf(out, "    %s was ravaged: die %d + %d hoplite SP%s = %d: ", space(r, f->space), f->n[0], f->n[1],
	            plural(f->n[1]), f->n[0] + f->n[1]);
	if (!f->n[3])
		strbuf_addf(out, "less than %d, no plague.\n", f->n[2]);
	else
		strbuf_addf(out, "plague in %s: two hoplite SPs die, the treasury loses %d (now %d).\n",
		            city(r, f->city), f->n[4], f->n[5]);
}

static void say_plague_none(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	(void)r, (void)f;
	strbuf_addstr(out, "    No commercial city-state's home space was ravaged: no roll.\n");
}

static void say_bellicosity(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	(void)r, (void)f;
	strbuf_addstr(out, "  Bellicosity (6.2):\n");
}

static void say_bellicosity_of(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	strbuf_addf(out, "    %s: %d", city(r, f->city), f->n[0]);
}

static void say_bellicosity_lost(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	strbuf_addf(out, " - 1 (%s is %s)", space(r, f->space), f->n[0] ? "ravaged" : "unfriendly");
}

static void say_bellicosity_ravaged(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	strbuf_addf(out, " - 1 (%s itself was ravaged)", space(r, f->space));
}

static void say_bellicosity_calm(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	strbuf_addf(out, " + 1 (no enemy in %s)", r->map->area[f->n[0]].name);
}

static void say_surrender(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	(void)r, (void)f;
	strbuf_addstr(out, "  Surrender (6.3):\n");
}

static void say_fights_on(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	strbuf_addf(out, "    %s's bellicosity is 0, but no dominant city-state is its enemy: it fights on.\n",
	            city(r, f->city));
}

static void say_surrender_tie(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	strbuf_addf(out, "    %s's bellicosity is 0; %d dominant city-states tie with %d SPs in %s: die %d picks %s.\n",
	            city(r, f->city), f->n[0], f->n[1], r->map->area[f->n[2]].name, f->n[3], city(r, f->other));
}

static void say_bellicosity_zero(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	strbuf_addf(out, "    %s's bellicosity is 0.\n", city(r, f->city));
}

static void say_surrenders(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	strbuf_addf(out, "    %s surrenders to %s.\n", city(r, f->city), city(r, f->other));
}

static void say_neutral(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	strbuf_addf(out, "      %s is now neutral.\n", city(r, f->city));
}

static void say_surrendered(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	strbuf_addf(out, "      %s keeps one SP of each type at home and follows %s as a junior partner.\n",
	            city(r, f->city), city(r, f->other));
}

static void say_surrender_none(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	(void)r, (void)f;
	strbuf_addstr(out, "    No major's bellicosity is 0.\n");
}

static void say_rebellion(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	(void)r, (void)f;
	strbuf_addstr(out, "  Resentment and rebellion (6.4):\n");
}

static void say_resentment_of(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	strbuf_addf(out, "    %s: resentment %d", city(r, f->city), f->n[0]);
}

/* The grievances are listed after the resentment they move, the first
 * after a semicolon, the others after commas (RULES.md 6.4). */
static void say_grievance(const struct pelo_fact *f, struct strbuf *out)
{
	strbuf_addstr(out, f->n[0] ? ", " : "; grievances: ");
}

static void say_resentment_rebel(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	say_grievance(f, out);
	strbuf_addf(out, "%s in rebellion", city(r, f->city));
}

static void say_resentment_unprotected(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	say_grievance(f, out);
	strbuf_addf(out, "%s unprotected", city(r, f->city));
}

static void say_resentment_weak(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	(void)r;
	say_grievance(f, out);
	strbuf_addf(out, "its bellicosity %d", f->n[1]);
}

static void say_grievances(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	(void)r;
	if (!f->n[0])
		strbuf_addstr(out, "; no grievance");
	else
		strbuf_addf(out, " (%d)", f->n[0]);
	if (f->n[0] > f->n[1])
		strbuf_addstr(out, ", so it rises to them");
	else if (f->n[0] < f->n[1])
		strbuf_addstr(out, ", so it ebbs by one");
}

static void say_rebel_roll(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	strbuf_addf(out, "      %s: die %d + resentment %d = %d: ", city(r, f->city), f->n[0], f->n[1],
	            f->n[0] + f->n[1]);
	if (f->n[2])
		strbuf_addf(out, "rises in rebellion against %s.\n", city(r, f->other));
	else
		strbuf_addstr(out, "stays loyal.\n");
}

static void say_kingdoms(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	(void)r, (void)f;
	strbuf_addstr(out, "  The kingdoms (6.6):\n");
}

static void say_kingdom_side(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	if (f->other == PELO_NONE)
		strbuf_addf(out, "    %s: neutral now (%s).\n", city(r, f->city), f->text);
	else
		strbuf_addf(out, "    %s: an ally of %s now (%s).\n", city(r, f->city), city(r, f->other), f->text);
}

static void say_subsidy(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	strbuf_addf(out, "    %s pays %s a subsidy of %d talents: treasury now %d.\n", city(r, f->other),
	            city(r, f->city), f->n[0], f->n[1]);
}

static void say_kingdoms_none(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	(void)r, (void)f;
	strbuf_addstr(out, "    The kingdoms keep their sides.\n");
}

static void say_peace(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	(void)r, (void)f;
	strbuf_addstr(out, "  Peace treaties (6.5):\n");
}

static void say_peace_full(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	strbuf_addf(out, "    %s and %s would make peace, but no more treaties can be recorded.\n",
	            city(r, f->city), city(r, f->other));
}

static void say_peace_made(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	strbuf_addf(out, "    %s and %s make peace.\n", city(r, f->city), city(r, f->other));
}

static void say_hostages_released(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	if (f->n[0] == 1)
		strbuf_addf(out, "      %s releases the hostage it held of %s.\n", city(r, f->city),
		            city(r, f->other));
	else
		strbuf_addf(out, "      %s releases the %d hostages it held of %s.\n", city(r, f->city), f->n[0],
		            city(r, f->other));
}

static void say_peace_leaves(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	strbuf_addf(out, "      %s leaves %s's Enemies box: it is neutral.\n", city(r, f->city), city(r, f->other));
}

static void say_peace_minor(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	strbuf_addf(out, "    %s makes peace with %s, which is neutral again.\n", city(r, f->city),
	            city(r, f->other));
}

static void say_peace_none(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	(void)r, (void)f;
	strbuf_addstr(out, "    No peace is made.\n");
}

/* ---- revenue ---- */

/* Why a space spoils an area for c: "Melos is not friendly to Athens". */
static void add_unsound(const struct pelo_report *r, int s, int ravaged, int c, struct strbuf *out)
{
	if (ravaged)
		strbuf_addf(out, "%s is ravaged", space(r, s));
	else
		strbuf_addf(out, "%s is not friendly to %s", space(r, s), city(r, c));
}

static void say_revenue_none(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	strbuf_addf(out, "  %s has surrendered: no revenue.\n", city(r, f->city));
}

static void say_revenue_of(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	strbuf_addf(out, "  %s:\n", city(r, f->city));
}

static void say_revenue_home(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	strbuf_addf(out, "    home area %s: %d", r->map->area[f->n[1]].name, f->n[0]);
	if (!f->n[2]) {
		strbuf_addstr(out, " (");
		add_unsound(r, f->space, f->n[3], f->city, out);
		strbuf_addstr(out, ")");
	}
	strbuf_addstr(out, "\n");
}

static void say_tribute_rebellion(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	strbuf_addf(out, "    tribute from %s: none (in rebellion)\n", city(r, f->city));
}

static void say_tribute(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	strbuf_addf(out, "    tribute from %s: %d", city(r, f->city), f->n[0]);
	if (f->n[0] != f->n[1]) {
		strbuf_addstr(out, f->n[0] ? " (half: " : " (none: ");
		add_unsound(r, f->space, f->n[2], f->other, out);
		if (f->text)
			strbuf_addf(out, ", and %s", f->text);
		strbuf_addstr(out, ")");
	}
	strbuf_addstr(out, "\n");
}

static void say_route(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	strbuf_addf(out, "    %s: %d", f->text, f->n[0]);
	switch ((enum pelo_route_closed)f->n[1]) {
	case PELO_ROUTE_OPEN:
		break;
	case PELO_ROUTE_ENEMY_SHIPS:
		strbuf_addf(out, " (closed: enemy ships reach %s)", space(r, f->space));
		break;
	case PELO_ROUTE_UNFRIENDLY:
	case PELO_ROUTE_NOT_FRIENDLY:
		strbuf_addf(out, " (closed: %s is %s)", space(r, f->space),
		            f->n[1] == PELO_ROUTE_UNFRIENDLY ? "unfriendly" : "not friendly");
		break;
	case PELO_ROUTE_NO_LANDING:
		strbuf_addstr(out, " (closed: no landing on the straits is friendly and free of enemy ships)");
		break;
	}
	strbuf_addstr(out, "\n");
}

static void say_revenue(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	(void)r;
	strbuf_addf(out, "    revenue %d: the treasury will hold %d\n", f->n[0], f->n[1]);
}

/* ---- the economic phase ---- */

static void say_economic_revenue(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	(void)r, (void)f;
	strbuf_addstr(out, "  Revenue (7.1):\n");
}

static void say_receives(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	strbuf_addf(out, "    %s receives %d talents (treasury now %d).\n", city(r, f->city), f->n[0], f->n[1]);
}

static void say_builds(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	(void)r, (void)f;
	strbuf_addstr(out, "  Builds:\n");
}

static void say_build(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	strbuf_addf(out, "    %s %s %d %s SP%s", city(r, f->city), f->text ? "does not build" : "builds", f->n[0],
	            pelo_sp_word(f->n[1]), plural(f->n[0]));
	if (f->text)
		strbuf_addf(out, ": %s.\n", f->text);
	else
		strbuf_addf(out, " in %s for %d talents.\n", space(r, f->space), f->n[2]);
}

static void say_spends(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	strbuf_addf(out, "    %s spends %d talents (treasury now %d).\n", city(r, f->city), f->n[0], f->n[1]);
}

static void say_nobody_builds(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	(void)r, (void)f;
	strbuf_addstr(out, "    Nobody builds.\n");
}

static void say_recover(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	strbuf_addf(out, "  The fields of %s recover: its ravaged marker is removed.\n", space(r, f->space));
}

static void say_new_general(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	strbuf_addf(out, "  %s elects a new general in place of %s.\n", r->map->city[f->city].name,
	            r->scen->leader[f->leader].name);
}

static void say_turn_begins(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	(void)r;
	strbuf_addf(out, "  Turn %d begins (%d BC): the diplomatic phase.\n", f->n[0], f->n[1]);
}

static void say_last_turn(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	(void)r;
	strbuf_addf(out, "  Turn %d, the last, is over: the score decides.\n", f->n[0]);
}

/* ---- victory ---- */

static void say_victory_check(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	(void)r;
	strbuf_addf(out, "  Victory (end of the %s phase):\n",
	            f->n[0] == PELO_PH_ECONOMIC ? "economic" : "political");
}

static void say_victory_met(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	strbuf_addf(out, "    %s has met its victory conditions: %s.\n", city(r, f->city), f->text);
}

static void say_victory_none(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	(void)r, (void)f;
	strbuf_addstr(out, "    No major city-state has met its victory conditions.\n");
}

static void say_victory_won(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	if (f->n[0] > 1)
		strbuf_addstr(out, "    More than one at once: the score decides among them "
		                   "(bellicosity, then treasury).\n");
	if (f->city == PELO_NONE)
		strbuf_addstr(out, "    They tie on the score: they share the victory.\n");
	else
		strbuf_addf(out, "    %s wins the war.\n", city(r, f->city));
}

static void say_score(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	(void)r, (void)f;
	strbuf_addstr(out, "  The score (bellicosity, then treasury; surrendered majors do not count):\n");
}

static void say_score_of(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	char name[40];

	snprintf(name, sizeof name, "%s:", city(r, f->city));
	strbuf_addf(out, "    %-9s bellicosity %2d, treasury %6d\n", name, f->n[0], f->n[1]);
}

static void say_score_won(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	if (f->city == PELO_NONE)
		strbuf_addstr(out, "    The best tie on both: they share the victory.\n");
	else
		strbuf_addf(out, "    %s wins the war on the score.\n", city(r, f->city));
}

/* The end table: one row a major, in columns, so that it never wraps
 * (the longest status, "surrendered to Corinth", fits its column). */
static void say_over(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	(void)r, (void)f;
	strbuf_addf(out, "  The game is over.  The major city-states at the end:\n"
	            "    %-8s %-26s %8s %7s %7s  %s\n", "", "status", "treasury", "bellic.", "resent.",
	            "forces");
}

static void say_standing(const struct pelo_report *r, const struct pelo_fact *f, struct strbuf *out)
{
	static const char *const boxes[] = {
		[PELO_BOX_NEUTRAL] = "neutral", [PELO_BOX_DOMINANT] = "dominant",
		[PELO_BOX_PARTNER] = "junior partner of", [PELO_BOX_AT_WAR] = "at war with",
		[PELO_BOX_ALLY] = "ally of", [PELO_BOX_TRIBUTARY] = "tributary of", [PELO_BOX_ENEMY] = "enemy of",
	};
	int of = f->n[1];
	char box[64];

	/* a surrendered major is its conqueror's partner: saying both is the
	 * phrase that wrapped */
	if (f->n[8])
		snprintf(box, sizeof box, "surrendered%s%s", of != PELO_NONE ? " to " : "",
		         of != PELO_NONE ? city(r, of) : "");
	else
		snprintf(box, sizeof box, "%s%s%s", boxes[f->n[0]], of != PELO_NONE ? " " : "",
		         of != PELO_NONE ? city(r, of) : "");
	strbuf_addf(out, "    %-8s %-26s %8d %7d %7d  %dH %dC %dN\n", city(r, f->city), box, f->n[2], f->n[3],
	            f->n[4], f->n[5], f->n[6], f->n[7]);
}

static say_fn *const say[PELO_F_KINDS] = {
	[PELO_F_PASSES] = say_passes,
	[PELO_F_ACTION] = say_action,
	[PELO_F_ACTION_NOT_TAKEN] = say_action_not_taken,
	[PELO_F_OP] = say_op,
	[PELO_F_OP_FORCED] = say_op_forced,
	[PELO_F_OP_NOT_DONE] = say_op_not_done,
	[PELO_F_ALL_PASSED] = say_all_passed,
	[PELO_F_ROUND] = say_round,
	[PELO_F_RELINQUISHED] = say_relinquished,
	[PELO_F_ADMITTED] = say_admitted,
	[PELO_F_BREAK] = say_break,
	[PELO_F_SPECIAL_ALLY] = say_special_ally,
	[PELO_F_WITHDRAWS] = say_withdraws,
	[PELO_F_GO_HOME] = say_go_home,
	[PELO_F_PASSES_TO] = say_passes_to,
	[PELO_F_CONGRESS_FULL] = say_congress_full,
	[PELO_F_CONGRESS_PEACE] = say_congress_peace,
	[PELO_F_CONGRESS_NONE] = say_congress_none,
	[PELO_F_RETURNS] = say_returns,
	[PELO_F_LED] = say_led,
	[PELO_F_MARCH] = say_march,
	[PELO_F_CROSSING] = say_crossing,
	[PELO_F_NO_INTERCEPTOR] = say_no_interceptor,
	[PELO_F_DESTROYED] = say_destroyed,
	[PELO_F_FALLS_BACK] = say_falls_back,
	[PELO_F_HOLDS] = say_holds,
	[PELO_F_HALTS] = say_halts,
	[PELO_F_NEVER_REACHES] = say_never_reaches,
	[PELO_F_NO_BATTLE] = say_no_battle,
	[PELO_F_NAVAL_BATTLE] = say_naval_battle,
	[PELO_F_LAND_BATTLE] = say_land_battle,
	[PELO_F_SUPPORT] = say_support,
	[PELO_F_AVOIDS] = say_avoids,
	[PELO_F_BURNS] = say_burns,
	[PELO_F_SKIRMISH_ROLL] = say_skirmish_roll,
	[PELO_F_BATTLE] = say_battle,
	[PELO_F_BATTLE_ROLL] = say_battle_roll,
	[PELO_F_WINS] = say_wins,
	[PELO_F_DRAW] = say_draw,
	[PELO_F_SPLIT] = say_split,
	[PELO_F_NO_SPLIT] = say_no_split,
	[PELO_F_ALLOCATES] = say_allocates,
	[PELO_F_LOST] = say_lost,
	[PELO_F_STOP] = say_stop,
	[PELO_F_BATTLE_BELLICOSITY] = say_battle_bellicosity,
	[PELO_F_HOSTAGES] = say_hostages,
	[PELO_F_BRAVERY] = say_bravery,
	[PELO_F_STANDS] = say_stands,
	[PELO_F_RETREATS] = say_retreats,
	[PELO_F_NO_RAVAGE] = say_no_ravage,
	[PELO_F_RAVAGES] = say_ravages,
	[PELO_F_SIEGE_NONE] = say_siege_none,
	[PELO_F_SIEGE] = say_siege,
	[PELO_F_SIEGE_FALLS] = say_siege_falls,
	[PELO_F_SIEGE_GARRISON] = say_siege_garrison,
	[PELO_F_SIEGE_BELLICOSITY] = say_siege_bellicosity,
	[PELO_F_SIEGE_LIFTED] = say_siege_lifted,
	[PELO_F_LEADER_KILLED] = say_leader_killed,
	[PELO_F_NOW] = say_now,
	[PELO_F_PLAGUE] = say_plague,
	[PELO_F_PLAGUE_DONE] = say_plague_done,
	[PELO_F_PLAGUE_ROLL] = say_plague_roll,
	[PELO_F_PLAGUE_NONE] = say_plague_none,
	[PELO_F_BELLICOSITY] = say_bellicosity,
	[PELO_F_BELLICOSITY_OF] = say_bellicosity_of,
	[PELO_F_BELLICOSITY_LOST] = say_bellicosity_lost,
	[PELO_F_BELLICOSITY_RAVAGED] = say_bellicosity_ravaged,
	[PELO_F_BELLICOSITY_CALM] = say_bellicosity_calm,
	[PELO_F_SURRENDER] = say_surrender,
	[PELO_F_FIGHTS_ON] = say_fights_on,
	[PELO_F_SURRENDER_TIE] = say_surrender_tie,
	[PELO_F_BELLICOSITY_ZERO] = say_bellicosity_zero,
	[PELO_F_SURRENDERS] = say_surrenders,
	[PELO_F_NEUTRAL] = say_neutral,
	[PELO_F_SURRENDERED] = say_surrendered,
	[PELO_F_SURRENDER_NONE] = say_surrender_none,
	[PELO_F_REBELLION] = say_rebellion,
	[PELO_F_RESENTMENT_OF] = say_resentment_of,
	[PELO_F_RESENTMENT_REBEL] = say_resentment_rebel,
	[PELO_F_RESENTMENT_UNPROTECTED] = say_resentment_unprotected,
	[PELO_F_RESENTMENT_WEAK] = say_resentment_weak,
	[PELO_F_GRIEVANCES] = say_grievances,
	[PELO_F_KINGDOMS] = say_kingdoms,
	[PELO_F_KINGDOM_SIDE] = say_kingdom_side,
	[PELO_F_SUBSIDY] = say_subsidy,
	[PELO_F_KINGDOMS_NONE] = say_kingdoms_none,
	[PELO_F_REBEL_ROLL] = say_rebel_roll,
	[PELO_F_PEACE] = say_peace,
	[PELO_F_PEACE_FULL] = say_peace_full,
	[PELO_F_PEACE_MADE] = say_peace_made,
	[PELO_F_HOSTAGES_RELEASED] = say_hostages_released,
	[PELO_F_PEACE_LEAVES] = say_peace_leaves,
	[PELO_F_PEACE_MINOR] = say_peace_minor,
	[PELO_F_PEACE_NONE] = say_peace_none,
	[PELO_F_REVENUE_NONE] = say_revenue_none,
	[PELO_F_REVENUE_OF] = say_revenue_of,
	[PELO_F_REVENUE_HOME] = say_revenue_home,
	[PELO_F_TRIBUTE_REBELLION] = say_tribute_rebellion,
	[PELO_F_TRIBUTE] = say_tribute,
	[PELO_F_ROUTE] = say_route,
	[PELO_F_REVENUE] = say_revenue,
	[PELO_F_ECONOMIC_REVENUE] = say_economic_revenue,
	[PELO_F_RECEIVES] = say_receives,
	[PELO_F_BUILDS] = say_builds,
	[PELO_F_BUILD] = say_build,
	[PELO_F_SPENDS] = say_spends,
	[PELO_F_NOBODY_BUILDS] = say_nobody_builds,
	[PELO_F_RECOVER] = say_recover,
	[PELO_F_NEW_GENERAL] = say_new_general,
	[PELO_F_TURN_BEGINS] = say_turn_begins,
	[PELO_F_LAST_TURN] = say_last_turn,
	[PELO_F_VICTORY_CHECK] = say_victory_check,
	[PELO_F_VICTORY_MET] = say_victory_met,
	[PELO_F_VICTORY_NONE] = say_victory_none,
	[PELO_F_VICTORY_WON] = say_victory_won,
	[PELO_F_SCORE] = say_score,
	[PELO_F_SCORE_OF] = say_score_of,
	[PELO_F_SCORE_WON] = say_score_won,
	[PELO_F_OVER] = say_over,
	[PELO_F_STANDING] = say_standing,
};

/* The sentences that depend on what was said before them are not in the
 * table: they read and change r. */
static void tell(void *ctx, const struct pelo_fact *f)
{
	struct pelo_report *r = ctx;

	if (f->kind == PELO_F_NO_INTERCEPT)
		say_no_intercept(r, f, r->out);
	else if (f->kind == PELO_F_INTERCEPT)
		say_intercept(r, f, r->out);
	else if (f->kind == PELO_F_DEFENDS)
		say_defends(r, f, r->out);
	else {
		assert(f->kind >= 0 && f->kind < PELO_F_KINDS && say[f->kind]);
		say[f->kind](r, f, r->out);
	}
	/* what the next sentences need not say again, or depend on */
	r->intercepted = f->kind == PELO_F_INTERCEPT && f->n[3];
	if (f->kind == PELO_F_OP || f->kind == PELO_F_OP_FORCED)
		r->op_leader = f->op->leader, r->tried_set = 0;
	else if (f->kind == PELO_F_MARCH)
		r->op_leader = PELO_NONE;
}

struct pelo_facts *pelo_report_init(struct pelo_report *r, const struct pelo_map *m,
                                    const struct pelo_scenario *sc, struct strbuf *out)
{
	assert(m && out);
	*r = (struct pelo_report){ .map = m, .scen = sc, .out = out, .op_leader = PELO_NONE };
	r->facts = (struct pelo_facts){ .tell = tell, .ctx = r };
	return &r->facts;
}
