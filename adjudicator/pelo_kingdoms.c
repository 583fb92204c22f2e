/*
 * pelo_kingdoms.c - the three bordering kingdoms of the Peloponnesian War
 * (RULES.md 6.6): the Odrysians, Macedon and Persia, whom seed 000 leaves
 * to "special scenario rules" and no player commands.
 *
 * The Judge plays them in the last segment of the political phase by
 * fixed rules, without dice, so that a player can foresee what a king
 * will do from the position alone and a replay needs nothing more.  One
 * static function per kingdom, in the order the segment plays them
 * (Macedon first, as it looks to the Odrysians before their alliance
 * lapses at the end of turn 1); the kingdoms are found by
 * their codes in the map file, and a map without one simply has no such
 * rule.  The figures are the named constants below; RULES.md gives each
 * its source.
 */
#include <assert.h>

#include "adjudicator/pelo_ops.h"

#define ODRYSIAN_LAST_TURN  1     /* Sitalces' alliance, 431-429 BC */
#define PERSIA_FIRST_TURN   7     /* 413-411 BC: the treaties of 412 */
#define PERSIA_WEAK_MASTER  4     /* ... or once Ionia's master is this weak */
#define PERSIA_SUBSIDY      500   /* talents a turn */

/* The areas where Perdiccas watched the armies: his own, and the
 * Chalcidian and Thracian coasts he coveted and feared for. */
static const char *const north[] = { "mac", "chd", "thr" };

/* Put kingdom k in major c's Allies box, or the Neutral box when c is
 * PELO_NONE, telling why; nothing when it is there already.  1 if it
 * moved. */
static int side_with(struct pelo_pos *p, int k, int c, const char *why, struct pelo_facts *out)
{
	int box = c == PELO_NONE ? PELO_BOX_NEUTRAL : PELO_BOX_ALLY;

	if (p->status[k].box == box && p->status[k].of == c)
		return 0;
	pelo_set_box(p, k, box, c);
	pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_KINGDOM_SIDE, .city = k, .other = c, .text = why });
	return 1;
}

/* The Odrysians: Athens' allies at the start, for Sitalces' one campaign;
 * after turn ODRYSIAN_LAST_TURN the alliance lapses. */
static int odrysians(const struct pelo_map *m, struct pelo_pos *p, struct pelo_facts *out)
{
	int k = pelo_city_by_code(m, "ody");

	if (k == PELO_NONE || p->turn < ODRYSIAN_LAST_TURN)
		return 0;
	return side_with(p, k, PELO_NONE, "Sitalces has gone home and his alliance lapses", out);
}

/* The SPs of c and its junior partners in the north. */
static int sps_in_north(const struct pelo_map *m, const struct pelo_pos *p, int c)
{
	int n = 0;

	for (int i = 0; i < p->nforces; i++) {
		const struct pelo_force *f = &p->force[i];
		int a = m->space[f->space].area;
		if (pelo_side(m, p, f->city) != c || m->city[f->city].class != PELO_MAJOR)
			continue;
		for (size_t j = 0; j < sizeof north / sizeof north[0]; j++)
			if (a == pelo_area_by_code(m, north[j]))
				n += f->sp[PELO_HOPLITE] + f->sp[PELO_CAVALRY] + f->sp[PELO_NAVAL_SP];
	}
	return n;
}

/* Macedon: while the Odrysians are a major's allies it is that major's
 * ally too; otherwise it sides with the dominant city-state whose side
 * has more SPs in the north than any other, and stays as it is when none
 * has. */
static int macedon(const struct pelo_map *m, struct pelo_pos *p, struct pelo_facts *out)
{
	int k = pelo_city_by_code(m, "mac"), ody = pelo_city_by_code(m, "ody"), best = PELO_NONE, most = 0, tie = 0;

	if (k == PELO_NONE)
		return 0;
	if (ody != PELO_NONE && p->status[ody].box == PELO_BOX_ALLY)
		return side_with(p, k, p->status[ody].of, "the Odrysian host keeps Perdiccas to his word", out);
	for (int j = 0; j < m->nmajors; j++) {
		int c = m->major[j], n;
		if (!pelo_major_active(m, p, c) || p->status[c].box != PELO_BOX_DOMINANT)
			continue;
		n = sps_in_north(m, p, c);
		if (n > most)
			most = n, best = c, tie = 0;
		else if (n == most && n > 0)
			tie = 1;
	}
	if (best == PELO_NONE || tie)
		return 0;
	return side_with(p, k, best, "Perdiccas follows the strongest army in the north", out);
}

/* The dominant city-state unfriendly to c with the most naval SPs (the
 * fleet Persia paid), then the smaller treasury, then the map's order. */
static int paymaster_choice(const struct pelo_map *m, const struct pelo_pos *p, int c)
{
	int best = PELO_NONE, ships = -1;

	for (int j = 0; j < m->nmajors; j++) {
		int x = m->major[j], n = 0;
		if (!pelo_major_active(m, p, x) || p->status[x].box != PELO_BOX_DOMINANT ||
		    pelo_relation(m, p, x, c) != PELO_UNFRIENDLY)
			continue;
		for (int i = 0; i < p->nforces; i++)
			if (p->force[i].city == x)
				n += p->force[i].sp[PELO_NAVAL_SP];
		if (n > ships || (n == ships && p->treasury[x] < p->treasury[best]))
			best = x, ships = n;
	}
	return best;
}

/* Persia: from turn PERSIA_FIRST_TURN, or once the master of Ionia is
 * weak, it pays a subsidy to that master's strongest enemy at sea, and is
 * that enemy's ally while it pays. */
static int persia(const struct pelo_map *m, struct pelo_pos *p, struct pelo_facts *out)
{
	int k = pelo_city_by_code(m, "prs"), ion = pelo_city_by_code(m, "ion"), master, to;

	if (k == PELO_NONE || ion == PELO_NONE)
		return 0;
	master = p->status[ion].box == PELO_BOX_TRIBUTARY ? p->status[ion].of : PELO_NONE;
	if (master == PELO_NONE || !pelo_major_active(m, p, master))
		return side_with(p, k, PELO_NONE, "no city-state takes tribute from Ionia", out);
	if (p->turn < PERSIA_FIRST_TURN && p->bellicosity[master] > PERSIA_WEAK_MASTER)
		return side_with(p, k, PELO_NONE, "the master of Ionia is strong: the King waits", out);
	if ((to = paymaster_choice(m, p, master)) == PELO_NONE)
		return side_with(p, k, PELO_NONE, "nobody fights the master of Ionia", out);
	side_with(p, k, to, "the King wants Ionia back", out);
	p->treasury[to] += PERSIA_SUBSIDY;
	pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_SUBSIDY, .city = to, .other = k,
	                                    .n = { PERSIA_SUBSIDY, p->treasury[to] } });
	return 1;
}

void pelo_kingdoms(const struct pelo_map *m, struct pelo_pos *p, struct pelo_facts *out)
{
	assert(m && p);
	pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_KINGDOMS });
	/* all three are played, whatever the first ones did */
	int moved = macedon(m, p, out);
	moved |= odrysians(m, p, out);
	moved |= persia(m, p, out);
	if (!moved)
		pelo_tell(out, &(struct pelo_fact){ .kind = PELO_F_KINGDOMS_NONE });
}
