/*
 * antike_map_text.c - Antike's map in words, for players without the
 * board (GET map): every province with its code, what it is and its
 * city's resource, where a legion and where a galley goes from it in one
 * action, then each number of nations' start cities.
 *
 * Written from struct ant_map alone, so that the text can never say
 * other than the map the engine plays; the lists are broken at commas
 * (base/wrap.h) so that no line passes 78 columns and no name is split.
 */
#include <stdio.h>

#include "base/wrap.h"
#include "variants/antike_board.h"

static const char *const res_name[ANT_NRES] = { "marble", "iron", "gold" };
static const char *const a_res[ANT_NRES] = { "a marble", "an iron", "a gold" };

/* Where a unit of type u goes from province p, in the map's order of
 * provinces: "Mediolanum (MED), ...", or why it goes nowhere. */
static void moves_from(const struct ant_map *m, int p, int u, struct strbuf *line)
{
	int n = 0;

	if (!ant_may_stand(m, u, p)) {
		strbuf_addstr(line, u == ANT_LEGION ? "none (a sea)" : "none (inland)");
		return;
	}
	for (int q = 0; q < m->nprov; q++)
		if (ant_crosses(u, ant_border(m, p, q)))
			strbuf_addf(line, "%s%s (%s)", n++ ? ", " : "", m->prov[q].name, m->prov[q].code);
	if (!n)
		strbuf_addstr(line, "none (an island)");
}

/* 1 if p is land no legion reaches: only galleys go there. */
static int is_island(const struct ant_map *m, int p)
{
	for (int i = 0; i < m->prov[p].nnb; i++)
		if (ant_crosses(ANT_LEGION, m->prov[p].nb[i].kind))
			return 0;
	return !m->prov[p].sea;
}

/* "Gades (GAD), land, a marble city, coastal" */
static void heading(const struct ant_map *m, int p, struct strbuf *out)
{
	const struct ant_province *pv = &m->prov[p];

	strbuf_addf(out, "%s (%s), ", pv->name, pv->code);
	if (pv->sea)
		strbuf_addstr(out, "sea\n");
	else
		strbuf_addf(out, "%s, %s city, %s\n", is_island(m, p) ? "island" : "land",
		            a_res[pv->res], pv->coastal ? "coastal" : "inland");
}

/* A list line: label, then the items, broken under the list at column
 * col. */
static void list_line(struct strbuf *out, struct strbuf *line, int col)
{
	strbuf_addch(line, '\n');
	wrap_add(out, line->buf, &WRAP_LIST(col));
	strbuf_reset(line);
}

static void start_cities(const struct ant_map *m, struct strbuf *out, struct strbuf *line)
{
	strbuf_addstr(out, "\nStart cities, by the number of nations in play (the first nation starts;\n"
	              "the others follow in the order given).\n");
	for (int n = ANT_START_NATIONS_MIN; n <= ANT_MAX_NATIONS; n++) {
		const struct ant_setup *s = &m->setup[n];
		if (!s->nnations)
			continue;
		strbuf_addf(out, "%d nations%s, %d personages win:\n", n,
		            n == m->two_player_nations ? " (and two players)" : "", s->target);
		for (int i = 0; i < s->nnations; i++) {
			int nat = s->order[i];
			strbuf_addf(line, "  %s: ", m->nation[nat].name);
			for (int r = 0; r < ANT_NRES; r++) {
				const struct ant_province *pv = &m->prov[s->start[nat][r]];
				strbuf_addf(line, "%s%s (%s) %s", r ? ", " : "", pv->name, pv->code, res_name[r]);
			}
			list_line(out, line, 4);
		}
	}
}

void ant_map_text(const struct ant_map *m, struct strbuf *out)
{
	int seas = 0, islands = 0;
	struct strbuf line = STRBUF_INIT;

	for (int p = 0; p < m->nprov; p++) {
		seas += m->prov[p].sea;
		islands += is_island(m, p);
	}
	strbuf_addf(out, "The map of Antike: %d land provinces (%d of them islands) and %d seas.\n",
	            m->nprov - seas, islands, seas);
	strbuf_addstr(out, "Each province with its code, what it is and its city's resource; the\n"
	              "other names players may write; then where one action takes a legion\n"
	              "(across land and both borders) and a galley (across sea and both\n"
	              "borders; galleys stand only in seas and coastal provinces).\n\n");
	for (int p = 0; p < m->nprov; p++) {
		const struct ant_province *pv = &m->prov[p];
		heading(m, p, out);
		if (pv->naliases) {
			strbuf_addstr(&line, "  also:   ");
			for (int a = 0; a < pv->naliases; a++)
				strbuf_addf(&line, "%s%s", a ? ", " : "", pv->alias[a]);
			list_line(out, &line, 10);
		}
		strbuf_addstr(&line, "  legion: ");
		moves_from(m, p, ANT_LEGION, &line);
		list_line(out, &line, 10);
		strbuf_addstr(&line, "  galley: ");
		moves_from(m, p, ANT_GALLEY, &line);
		list_line(out, &line, 10);
	}
	start_cities(m, out, &line);
	strbuf_release(&line);
}
