/*
 * antike_status.c - an Antike position as players read it: the block that
 * ends every results mail and that LIST and SHOW print (per nation its
 * resources, coins, cities, units, know-hows, personages against the
 * target, seas, wedge, standing battle orders, civil disorder; then the
 * bank and the warning of a nation one personage from victory), and the
 * same as JSON for `judge show --json`.
 *
 * Counts the rules decide on (cities, temples, seas held, personages) come
 * from the engine (adjudicator/antike.h), so that what a player reads is
 * what the engine awards by.  The bank is the position's, derived when
 * the state was read.  Lists are folded at 78 columns with base/wrap.h.
 */
#include <string.h>

#include "base/wrap.h"
#include "variants/antike_report.h"

/* "Roma (ROM, marble, temple), Neapolis (NEA, gold)"; "none". */
static void add_cities(const struct ant_map *m, const struct ant_pos *p, int k, struct strbuf *out)
{
	int any = 0;

	for (int v = 0; v < m->nprov; v++)
		if (p->owner[v] == k)
			strbuf_addf(out, "%s%s (%s, %s%s)", any++ ? ", " : "", m->prov[v].name,
			            m->prov[v].code, ant_res_word(m->prov[v].res),
			            p->temple[v] ? ", temple" : "");
	if (!any)
		strbuf_addstr(out, "none");
}

/* "ROM 2 legions, 1 galley; AEG 3 galleys"; "none". */
static void add_units(const struct ant_map *m, const struct ant_pos *p, int k, struct strbuf *out)
{
	int any = 0;

	for (int v = 0; v < m->nprov; v++) {
		const int16_t *u = p->units[v][k];
		if (!u[ANT_LEGION] && !u[ANT_GALLEY])
			continue;
		strbuf_addf(out, "%s%s", any++ ? ", " : "", m->prov[v].code);
		if (u[ANT_LEGION])
			strbuf_addf(out, " %d legion%s", u[ANT_LEGION], u[ANT_LEGION] == 1 ? "" : "s");
		if (u[ANT_GALLEY])
			strbuf_addf(out, "%s %d galley%s", u[ANT_LEGION] ? " +" : "", u[ANT_GALLEY],
			            u[ANT_GALLEY] == 1 ? "" : "s");
	}
	if (!any)
		strbuf_addstr(out, "none");
}

static void add_know(const struct ant_nation_state *n, struct strbuf *out)
{
	int any = 0;

	for (int i = 0; i < ANT_NKNOW; i++)
		if (n->know & (1u << i))
			strbuf_addf(out, "%s%s", any++ ? ", " : "", ant_know_word(i));
	if (!any)
		strbuf_addstr(out, "none");
}

/* Standing battle orders, a line each in the stored text: "; " between. */
static void add_standing(const char *text, struct strbuf *out)
{
	const char *line;
	size_t len;
	int any = 0;

	while (text && str_next_line(&text, &line, &len))
		strbuf_addf(out, "%s%.*s", any++ ? "; " : "", (int)len, line);
	if (!any)
		strbuf_addstr(out, "none given: FIGHT CITY, the default");
}

/* One labelled line, folded under its label. */
static void add_line(struct strbuf *out, const char *label, const struct strbuf *text)
{
	struct strbuf line = STRBUF_INIT;

	strbuf_addf(&line, "  %s: %s\n", label, text->buf);
	wrap_add(out, line.buf, &WRAP_LIST(4));
	strbuf_release(&line);
}

/* standing: the nations' standing battle orders, or NULL when the caller
 * does not know them (LIST and SHOW, which see only the state) */
static void nation_block(const struct ant_map *m, const struct ant_pos *p, int k,
                         const char *const *standing, struct strbuf *out)
{
	const struct ant_nation_state *n = &p->nat[k];
	struct strbuf t = STRBUF_INIT, label = STRBUF_INIT;
	int any = 0;

	strbuf_addf(&t, "%s (%c): on %s; marble %d, iron %d, gold %d, coins %d\n",
	            m->nation[k].name, m->nation[k].letter,
	            n->wedge == ANT_W_NONE ? "no wedge yet" : ant_wedge_word(n->wedge),
	            n->res[ANT_MARBLE], n->res[ANT_IRON], n->res[ANT_GOLD], n->coins);
	wrap_add(out, t.buf, &WRAP_LIST(4));
	strbuf_reset(&t);
	add_cities(m, p, k, &t);
	strbuf_addf(&label, "Cities (%d)", ant_cities(m, p, k));
	add_line(out, label.buf, &t);
	strbuf_reset(&t);
	add_units(m, p, k, &t);
	add_line(out, "Units", &t);
	strbuf_reset(&t);
	add_know(n, &t);
	add_line(out, "Know-hows", &t);
	strbuf_reset(&t);
	strbuf_addf(&t, "%d of %d", ant_personages(p, k), p->target);
	for (int i = 0; i < ANT_NPERSON; i++)
		if (n->person[i])
			strbuf_addf(&t, "%s%s %d", any++ ? ", " : " (", ant_person_word(i), n->person[i]);
	strbuf_addstr(&t, any ? ")" : "");
	add_line(out, "Personages", &t);
	strbuf_addf(out, "  Temples %d, seas held %d\n", ant_temples(m, p, k), ant_seas(m, p, k));
	if (standing) {
		strbuf_reset(&t);
		add_standing(standing[k], &t);
		add_line(out, "Standing battle orders", &t);
	}
	if (n->silent >= 3)
		strbuf_addf(out, "  In civil disorder: %d turns played by default.\n", n->silent);
	strbuf_release(&label);
	strbuf_release(&t);
}

void ant_position(const struct ant_map *m, const struct ant_pos *p,
                  const char *const standing[ANT_MAX_NATIONS], struct strbuf *out)
{
	int temples = 0;

	if (p->over)
		strbuf_addf(out, "The position at the end, in round %d, after %d turn%s:\n\n", p->round,
		            p->turn, p->turn == 1 ? "" : "s");
	else
		strbuf_addf(out, "Round %d, after %d turn%s: the %s are to play.\nThe target is %d "
		            "personages.\n\n", p->round, p->turn, p->turn == 1 ? "" : "s",
		            m->nation[ant_active(p)].name, p->target);
	for (int i = 0; i < p->norder; i++) {
		nation_block(m, p, p->order[i], standing, out);
		strbuf_addch(out, '\n');
	}
	for (int v = 0; v < m->nprov; v++)
		temples += p->temple[v];
	strbuf_addf(out, "The bank: %d coin%s, %d temple%s.\nPersonages left:", p->bank_coins,
	            p->bank_coins == 1 ? "" : "s", ANT_TEMPLES - temples, ANT_TEMPLES - temples == 1 ? "" : "s");
	for (int i = 0; i < ANT_NPERSON; i++)
		strbuf_addf(out, "%s %s %d", i ? "," : "", ant_person_word(i), p->bank_person[i]);
	strbuf_addstr(out, ".\n");
	if (p->sudden_death && !p->over)
		strbuf_addstr(out, "Every personage is out: the next nation to destroy a temple wins.\n");
	for (int i = 0; i < p->norder && !p->over; i++)
		if (ant_personages(p, p->order[i]) == p->target - 1)
			strbuf_addf(out, "Warning: the %s are one personage from victory.\n",
			            m->nation[p->order[i]].name);
}

void ant_position_json(const struct ant_map *m, const struct ant_pos *p, struct json *j)
{
	char letter[2] = { 0, 0 };

	json_kint(j, "round", p->round);
	json_kint(j, "turn", p->turn);
	letter[0] = m->nation[ant_active(p)].letter;
	json_kstring(j, "active", letter);
	json_kint(j, "target", p->target);
	json_kbool(j, "over", p->over);
	if (p->over) {
		letter[0] = p->winner >= 0 ? m->nation[p->winner].letter : 0;
		json_kstring(j, "winner", p->winner >= 0 ? letter : NULL);
	}
	json_key(j, "nations");
	json_array(j);
	for (int i = 0; i < p->norder; i++) {
		int k = p->order[i];
		const struct ant_nation_state *n = &p->nat[k];
		json_object(j);
		letter[0] = m->nation[k].letter;
		json_kstring(j, "letter", letter);
		json_kstring(j, "name", m->nation[k].name);
		json_kstring(j, "wedge", n->wedge == ANT_W_NONE ? NULL : ant_wedge_word(n->wedge));
		for (int r = 0; r < ANT_NRES; r++)
			json_kint(j, ant_res_word(r), n->res[r]);
		json_kint(j, "coins", n->coins);
		json_key(j, "know");
		json_array(j);
		for (int x = 0; x < ANT_NKNOW; x++)
			if (n->know & (1u << x))
				json_string(j, ant_know_word(x));
		json_array_end(j);
		json_key(j, "personages");
		json_object(j);
		for (int x = 0; x < ANT_NPERSON; x++)
			json_kint(j, ant_person_word(x), n->person[x]);
		json_object_end(j);
		json_kint(j, "seas", ant_seas(m, p, k));
		json_kint(j, "silent", n->silent);
		json_key(j, "cities");
		json_array(j);
		for (int v = 0; v < m->nprov; v++)
			if (p->owner[v] == k) {
				json_object(j);
				json_kstring(j, "prov", m->prov[v].code);
				json_kstring(j, "resource", ant_res_word(m->prov[v].res));
				json_kbool(j, "temple", p->temple[v]);
				json_object_end(j);
			}
		json_array_end(j);
		json_key(j, "units");
		json_array(j);
		for (int v = 0; v < m->nprov; v++)
			if (p->units[v][k][ANT_LEGION] || p->units[v][k][ANT_GALLEY]) {
				json_object(j);
				json_kstring(j, "prov", m->prov[v].code);
				json_kint(j, "legions", p->units[v][k][ANT_LEGION]);
				json_kint(j, "galleys", p->units[v][k][ANT_GALLEY]);
				json_object_end(j);
			}
		json_array_end(j);
		json_object_end(j);
	}
	json_array_end(j);
	json_key(j, "bank");
	json_object(j);
	json_kint(j, "coins", p->bank_coins);
	{
		int temples = 0;
		for (int v = 0; v < m->nprov; v++)
			temples += p->temple[v];
		json_kint(j, "temples", ANT_TEMPLES - temples);
	}
	json_key(j, "personages");
	json_object(j);
	for (int x = 0; x < ANT_NPERSON; x++)
		json_kint(j, ant_person_word(x), p->bank_person[x]);
	json_object_end(j);
	json_object_end(j);
}
