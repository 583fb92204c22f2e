/*
 * pelo_victory.c - how the Peloponnesian War is won (chapter 9, RULES.md 9):
 * each major's victory conditions, checked at the end of the phase the
 * chapter names, and the score that decides after the last turn.
 *
 * The conditions are one table: a row is one way for one major to win,
 * made of up to three clauses that must all hold, each clause a kind of
 * test (a surrender, spaces held, a treasury, ...) with the codes it reads.
 * Thebes' row is chapter 9's own; the rows of Athens, Sparta and Corinth
 * are the research proposal's, since chapter 9's lists of them are lost.
 * A table keeps each condition readable as one line of the rule book and
 * lets a later scenario change them without new code.
 */
#include <stdio.h>
#include <string.h>

#include "adjudicator/pelo.h"

enum clause_kind {
	CL_NONE,
	CL_SURRENDERED,        /* city has surrendered (to anyone) */
	CL_HOLDS,              /* the major holds every space of "where" */
	CL_FRIENDLY,           /* every space of "where" is friendly to the major */
	CL_BELLICOSITY_AT_MOST,/* city's bellicosity is n or less */
	CL_TREASURY_AT_LEAST,  /* the major's treasury is n or more */
	CL_HOLDS_AREAS,        /* the major holds every space of the areas "where" */
	CL_FORTRESSES,         /* the major holds n fortress spaces in the areas "where" */
	CL_DISTRICTS_LOST,     /* in n of the districts "where" (areas, districts
	                          separated by '|'), no fortress space is friendly
	                          to city */
};

struct clause {
	int kind;              /* enum clause_kind */
	const char *city;      /* the other city-state a clause is about */
	const char *where;     /* map codes of spaces or areas */
	int n;
};

static const struct {
	const char *major;
	int phase;             /* PELO_PH_POLITICAL or PELO_PH_ECONOMIC */
	const char *words;     /* what the results say when it holds */
	struct clause clause[3];
} ways[] = {
	{ "ath", PELO_PH_POLITICAL, "Sparta has surrendered",
	  { { CL_SURRENDERED, "spa", "", 0 } } },
	{ "ath", PELO_PH_POLITICAL, "Athens holds Pylos and Cythera and Sparta's bellicosity is 3 or less",
	  { { CL_HOLDS, "", "pyl cyt", 0 }, { CL_BELLICOSITY_AT_MOST, "spa", "", 3 } } },
	{ "spa", PELO_PH_POLITICAL, "Athens has surrendered",
	  { { CL_SURRENDERED, "ath", "", 0 } } },
	{ "spa", PELO_PH_POLITICAL, "Sparta holds Piraeus",
	  { { CL_HOLDS, "", "pir", 0 } } },
	/* the four tribute districts of 438 BC (the Carian merged into the
	 * Ionian): Ionian, Hellespontine, Thracian, Island */
	{ "spa", PELO_PH_POLITICAL, "Athens has lost every fortress of two tribute districts",
	  { { CL_DISTRICTS_LOST, "ath", "ion sms chs les|hel|thr chd lms|cyc agn eub", 2 } } },
	{ "cor", PELO_PH_ECONOMIC, "Corinth has 3000 talents and Corcyra and Potidaea are friendly to it",
	  { { CL_TREASURY_AT_LEAST, "", "", 3000 }, { CL_FRIENDLY, "", "crc pot", 0 } } },
	{ "thb", PELO_PH_POLITICAL, "Thebes holds all Boeotia and four fortress spaces in Attica, Locris, "
	  "Phocis or Thessaly",
	  { { CL_HOLDS_AREAS, "", "boe", 0 }, { CL_FORTRESSES, "", "att loc pho ths", 4 } } },
};

int pelo_holds(const struct pelo_pos *p, int s, int c)
{
	return p->control[s] == c && !p->rebellion[s];
}

/* 1 if space s is in one of the areas listed in where (up to a '|'). */
static int in_areas(const struct pelo_map *m, int s, const char *where)
{
	char code[8];

	while (pelo_next_code(&where, code))
		if (m->space[s].area == pelo_area_by_code(m, code))
			return 1;
	return 0;
}

/* 1 if no fortress space of the areas in where (up to a '|') is friendly to c. */
static int district_lost(const struct pelo_map *m, const struct pelo_pos *p, const char *where, int c)
{
	for (int s = 0; s < m->nspaces; s++)
		if ((m->space[s].kinds & PELO_FORTRESS) && in_areas(m, s, where) &&
		    pelo_space_relation(m, p, s, c) == PELO_FRIENDLY)
			return 0;
	return 1;
}

static int clause_holds(const struct pelo_map *m, const struct pelo_pos *p, int c, const struct clause *k)
{
	/* unused clauses of a row are all zero: no city, no spaces */
	int other = k->city && *k->city ? pelo_city_by_code(m, k->city) : PELO_NONE, count = 0;
	const char *w = k->where ? k->where : "";
	char code[8];

	switch (k->kind) {
	case CL_NONE:
		return 1;
	case CL_SURRENDERED:
		return other != PELO_NONE && p->surrendered_to[other] != PELO_NONE;
	case CL_BELLICOSITY_AT_MOST:
		return other != PELO_NONE && p->bellicosity[other] <= k->n;
	case CL_TREASURY_AT_LEAST:
		return p->treasury[c] >= k->n;
	case CL_HOLDS:
	case CL_FRIENDLY:
		while (pelo_next_code(&w, code)) {
			int s = pelo_space_by_code(m, code);
			if (s == PELO_NONE || !(k->kind == CL_HOLDS ? pelo_holds(p, s, c)
			                                          : pelo_space_relation(m, p, s, c) == PELO_FRIENDLY))
				return 0;
		}
		return 1;
	case CL_HOLDS_AREAS:
		for (int s = 0; s < m->nspaces; s++)
			if (in_areas(m, s, w) && !pelo_holds(p, s, c))
				return 0;
		return 1;
	case CL_FORTRESSES:
		for (int s = 0; s < m->nspaces; s++)
			count += (m->space[s].kinds & PELO_FORTRESS) && in_areas(m, s, w) && pelo_holds(p, s, c);
		return count >= k->n;
	case CL_DISTRICTS_LOST:
		for (;;) {
			count += other != PELO_NONE && district_lost(m, p, w, other);
			w = strchr(w, '|');
			if (!w++)
				break;
		}
		return count >= k->n;
	}
	return 0;
}

/* 1 if major a ranks above major b on the score. */
static int ranks_above(const struct pelo_pos *p, int a, int b)
{
	if (p->bellicosity[a] != p->bellicosity[b])
		return p->bellicosity[a] > p->bellicosity[b];
	return p->treasury[a] > p->treasury[b];
}

/* Of the majors with met[c] set, the best on the score, or PELO_NONE when
 * the best two tie. */
static int best_of(const struct pelo_map *m, const struct pelo_pos *p, const uint8_t met[PELO_MAX_CITIES])
{
	int best = PELO_NONE, tied = 0;

	for (int k = 0; k < m->nmajors; k++) {
		int c = m->major[k];
		if (!met[c])
			continue;
		if (best == PELO_NONE || ranks_above(p, c, best))
			best = c, tied = 0;
		else if (!ranks_above(p, best, c))
			tied = 1;
	}
	return tied ? PELO_NONE : best;
}

int pelo_victory_check(const struct pelo_map *m, const struct pelo_pos *p, int phase, int *winner,
                     struct pelo_facts *out)
{
	uint8_t met[PELO_MAX_CITIES] = { 0 };
	int n = 0;

	pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_VICTORY_CHECK, .n = { phase } });
	for (size_t i = 0; i < sizeof ways / sizeof ways[0]; i++) {
		int c = pelo_city_by_code(m, ways[i].major), ok = 1;
		if (ways[i].phase != phase || !pelo_major_active(m, p, c) || met[c])
			continue;
		for (int j = 0; j < 3; j++)
			ok &= clause_holds(m, p, c, &ways[i].clause[j]);
		if (!ok)
			continue;
		met[c] = 1;
		n++;
		pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_VICTORY_MET, .city = c,
		                                    .text = ways[i].words });
	}
	if (!n) {
		pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_VICTORY_NONE });
		*winner = PELO_NONE;
		return 0;
	}
	*winner = best_of(m, p, met);
	pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_VICTORY_WON, .city = *winner, .n = { n } });
	return 1;
}

int pelo_score_winner(const struct pelo_map *m, const struct pelo_pos *p, struct pelo_facts *out)
{
	uint8_t met[PELO_MAX_CITIES] = { 0 };
	int winner;

	pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_SCORE });
	for (int k = 0; k < m->nmajors; k++) {
		int c = m->major[k];
		met[c] = (uint8_t)pelo_major_active(m, p, c);
		if (met[c])
			pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_SCORE_OF, .city = c,
			                                    .n = { p->bellicosity[c], p->treasury[c] } });
	}
	winner = best_of(m, p, met);
	pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_SCORE_WON, .city = winner });
	return winner;
}

void pelo_standing(const struct pelo_map *m, const struct pelo_pos *p, struct pelo_facts *out)
{
	pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_OVER });
	for (int k = 0; k < m->nmajors; k++) {
		int c = m->major[k], sp[PELO_SP_TYPES] = { 0 };

		for (int i = 0; i < p->nforces; i++)
			for (int t = 0; t < PELO_SP_TYPES && p->force[i].city == c; t++)
				sp[t] += p->force[i].sp[t];
		pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_STANDING, .city = c,
		                                    .n = { p->status[c].box, p->status[c].of, p->treasury[c],
		                                           p->bellicosity[c], p->resentment[c],
		                                           sp[PELO_HOPLITE], sp[PELO_CAVALRY], sp[PELO_NAVAL_SP],
		                                           p->surrendered_to[c] != PELO_NONE } });
	}
}
