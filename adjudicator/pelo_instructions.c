/*
 * pelo_instructions.c - the standing instructions of the operations phase
 * (RULES.md 3.6): their words, their defaults, and whose choice decided
 * (the results word it: variants/pelo_report.c).
 *
 * One table, so that the grammar, the echo, the rule book and the engine
 * cannot disagree about what an instruction may say or what happens when
 * a player never wrote it.  Every default is the cautious choice a player
 * of the board game would make without thinking (intercept only when not
 * outnumbered, avoid battle when outnumbered, keep one's own SPs).
 */
#include <assert.h>
#include <string.h>

#include "adjudicator/pelo.h"

#define NELEM(a) (sizeof (a) / sizeof (a)[0])

struct instr_row {
	const char *word;
	const char *const value[PELO_C_STRONGER + 1];   /* by enum pelo_choice */
	int dflt;
	const char *const meaning[PELO_C_STRONGER + 1]; /* for the echo */
};

static const struct instr_row instr[PELO_I_KINDS] = {
	[PELO_I_INTERCEPT] = { "intercept", { "never", "always", NULL, "stronger" }, PELO_C_STRONGER,
	                    { "never intercept", "intercept every march that comes in reach", NULL, "intercept when at least as strong as the army" } },
	[PELO_I_SUPPORT] = { "support", { "never", "always" }, PELO_C_ALWAYS,
	                    { "forces in the next spaces stay out of battles", "forces in the next spaces join battles there" } },
	[PELO_I_AVOID] = { "avoid", { "never", "always", "weaker" }, PELO_C_WEAKER,
	                    { "never avoid battle", "avoid battle whenever allowed", "avoid battle when allowed and outnumbered" } },
	[PELO_I_BURN] = { "burn", { "never", NULL, "weaker" }, PELO_C_NEVER,
	                    { "never burn ships", NULL, "burn ships that must fight outnumbered" } },
	[PELO_I_SKIRMISH] = { "skirmish", { "never", "always", "weaker" }, PELO_C_WEAKER,
	                    { "never seek a skirmish", "seek a skirmish in every land battle on friendly ground", "seek a skirmish on friendly ground when outnumbered" } },
	[PELO_I_RETREAT] = { "retreat", { "no", "yes" }, PELO_C_YES,
	                    { "losers stand their ground", "losers retreat" } },
	[PELO_I_LOSSES] = { "losses", { "allies", "own" }, PELO_C_ALLIES,
	                    { "battle losses fall on allies first", "battle losses fall on its own SPs first" } },
	[PELO_I_RAVAGE] = { "ravage", { "no", "yes" }, PELO_C_YES,
	                    { "never ravage", "ravage when the enemy avoids battle" } },
	[PELO_I_GARRISON] = { "garrison", { "no", "yes" }, PELO_C_YES,
	                    { "no garrison after a siege", "a garrison in every space taken by siege" } },
	[PELO_I_DEFEND] = { "defend", { "no", "yes" }, PELO_C_YES,
	                    { "no leader sent home to defend", "a free leader takes command at home when it is attacked" } },
};

const char *pelo_instr_word(int i)
{
	return i >= 0 && i < PELO_I_KINDS ? instr[i].word : NULL;
}

const char *pelo_choice_word(int i, int value)
{
	if (i < 0 || i >= PELO_I_KINDS || value < 0 || value >= (int)NELEM(instr[i].value))
		return NULL;
	return instr[i].value[value];
}

const char *pelo_choice_meaning(int i, int value)
{
	if (!pelo_choice_word(i, value))
		return NULL;
	return instr[i].meaning[value];
}

int pelo_instr_default(int i)
{
	return instr[i].dflt;
}

int pelo_choice_by_word(int i, const char *word)
{
	for (int v = 0; v < (int)NELEM(instr[i].value); v++)
		if (instr[i].value[v] && !strcmp(instr[i].value[v], word))
			return v;
	return -1;
}

int pelo_instr_by_word(const char *word)
{
	for (int i = 0; i < PELO_I_KINDS; i++)
		if (!strcmp(instr[i].word, word))
			return i;
	return -1;
}

int pelo_instr(const struct pelo_map *m, const struct pelo_instructions *in, int c, int i,
             struct pelo_source *src)
{
	int own = c != PELO_NONE && in && in->given[c][i];
	int v = own ? in->value[c][i] : instr[i].dflt;

	assert(i >= 0 && i < PELO_I_KINDS && (c == PELO_NONE || (c >= 0 && c < m->ncities)));
	if (src)
		*src = (struct pelo_source){ .set = 1, .instr = i, .value = v, .by = own ? c : PELO_NONE };
	return v;
}
