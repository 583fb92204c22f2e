/*
 * pelo_status.c - a Peloponnesian War position as players read it: the
 * phase's name, and the state of every city-state (status box,
 * treasury, bellicosity, resentment), its forces, the markers on the
 * spaces, who holds the spaces of each area, the treaties, and the
 * hostages and used special actions when there are any.  The same
 * facts as JSON for tools (judge show --json).  Names, never codes, in
 * the text: a player reads it without the map file.
 */
#include <stdio.h>
#include <string.h>

#include "variants/pelo_board.h"

#define WIDTH 72    /* and a closing word or two still fit in 78 columns */

/*
 * Append item to out, which holds a line being built that started at
 * *start: a separator first unless first, and a new line indented by
 * four blanks when the item would pass WIDTH.
 */
static void add_item(struct strbuf *out, size_t *start, int first, const char *sep,
                     const char *item)
{
	size_t len = out->len - *start, need = strlen(item) + (first ? 0 : strlen(sep));

	if (!first)
		strbuf_addstr(out, sep[0] == ',' || sep[0] == ';' ? (char[]){ sep[0], 0 } : "");
	if (!first && len + need > WIDTH) {
		strbuf_addch(out, '\n');
		*start = out->len;
		strbuf_addstr(out, "    ");
	} else if (!first) {
		strbuf_addstr(out, sep + (sep[0] == ',' || sep[0] == ';'));
	}
	strbuf_addstr(out, item);
}

static const char *const phase_names[] = {
	[PELO_PH_DIPLOMATIC] = "Diplomatic phase",
	[PELO_PH_OPERATIONS] = "Operations phase",
	[PELO_PH_POLITICAL] = "Political phase",
	[PELO_PH_ECONOMIC] = "Economic phase",
	[PELO_PH_OVER] = "Game over",
};

void pelo_phase_name(const struct pelo_scenario *sc, const struct pelo_pos *p, struct strbuf *out)
{
	int first = sc->start_year - (p->turn - 1) * sc->years_per_turn;
	int last = first - sc->years_per_turn + 1;

	strbuf_addf(out, "Turn %d, %d-%d BC, %s", p->turn, first, last,
	            p->phase >= 0 && p->phase <= PELO_PH_OVER ? phase_names[p->phase] : "?");
}

/* "dominant", "junior partner of Sparta", "ally of Athens" ... */
static void box_text(const struct pelo_map *m, const struct pelo_status *st, struct strbuf *out)
{
	static const char *const words[] = {
		[PELO_BOX_NEUTRAL] = "neutral",
		[PELO_BOX_DOMINANT] = "dominant",
		[PELO_BOX_PARTNER] = "junior partner of",
		[PELO_BOX_AT_WAR] = "at war with",
		[PELO_BOX_ALLY] = "ally of",
		[PELO_BOX_TRIBUTARY] = "tributary of",
		[PELO_BOX_ENEMY] = "enemy of",
	};
	strbuf_addstr(out, words[st->box]);
	if (st->of != PELO_NONE)
		strbuf_addf(out, " %s", m->city[st->of].name);
}

static void majors(const struct pelo_map *m, const struct pelo_pos *p, struct strbuf *out)
{
	struct strbuf box = STRBUF_INIT;

	strbuf_addstr(out, "Major city-states  status                      treasury  bellic.  resent.\n");
	for (int k = 0; k < m->nmajors; k++) {
		int c = m->major[k];
		strbuf_reset(&box);
		box_text(m, &p->status[c], &box);
		if (p->surrendered_to[c] != PELO_NONE)
			strbuf_addf(&box, ", surrendered to %s", m->city[p->surrendered_to[c]].name);
		char who[40];
		snprintf(who, sizeof who, "%s (%c)", m->city[c].name, m->city[c].letter);
		strbuf_addf(out, "  %-16s %-28s %6d  %7d  %7d\n", who, box.buf, p->treasury[c],
		            p->bellicosity[c], p->resentment[c]);
	}
	strbuf_addstr(out, "  (treasury in talents; bellicosity, the will to fight, 0 to 12)\n");
	strbuf_release(&box);
}

/* The minors and kingdoms, one line per box: "Allies of Sparta: Megara, ..." */
static void minors(const struct pelo_map *m, const struct pelo_pos *p, struct strbuf *out)
{
	struct strbuf head = STRBUF_INIT, item = STRBUF_INIT;

	strbuf_addstr(out, "\nMinor city-states and kingdoms\n");
	for (int box = PELO_BOX_NEUTRAL; box <= PELO_BOX_ENEMY; box++) {
		for (int of = -1; of < m->ncities; of++) {
			size_t start = out->len;
			int n = 0;
			for (int c = 0; c < m->ncities; c++) {
				const struct pelo_status *st = &p->status[c];
				if (m->city[c].class == PELO_MAJOR || st->box != box || st->of != of)
					continue;
				if (!n) {
					strbuf_reset(&head);
					box_text(m, st, &head);
					head.buf[0] = (char)(head.buf[0] - 'a' + 'A');
					strbuf_addf(out, "  %s: ", head.buf);
				}
				strbuf_reset(&item);
				strbuf_addstr(&item, m->city[c].name);
				if (st->sympathetic != PELO_NONE)
					strbuf_addf(&item, " (sympathetic to %s)", m->city[st->sympathetic].name);
				add_item(out, &start, !n++, ", ", item.buf);
			}
			if (n)
				strbuf_addch(out, '\n');
		}
	}
	strbuf_release(&head);
	strbuf_release(&item);
}

static const char sp_letters[PELO_SP_TYPES] = { 'H', 'C', 'N' };

/* "7H 1C", "G", "1H G", "2H S" (on station) */
static void force_text(const struct pelo_force *f, struct strbuf *out)
{
	int any = 0;

	for (int k = 0; k < PELO_SP_TYPES; k++)
		if (f->sp[k])
			strbuf_addf(out, "%s%d%c", any++ ? " " : "", f->sp[k], sp_letters[k]);
	if (f->garrison)
		strbuf_addf(out, "%sG", any++ ? " " : "");
	if (f->station)
		strbuf_addf(out, "%sS", any ? " " : "");
}

/*
 * The majors a line each; the minors and kingdoms run together, a
 * city-state whose one force stands in its own city as "Argos 4H", any
 * other as "Elis: Elis 1H, Cyllene 1N": thirteen short lines of
 * "Megara: Megara 1H" were a screen of a phone.
 */
static void forces(const struct pelo_map *m, const struct pelo_pos *p, struct strbuf *out)
{
	struct strbuf item = STRBUF_INIT;
	size_t mstart = 0;
	int nminor = 0;

	strbuf_addstr(out, "\nForces (SPs: H hoplite, C cavalry, N naval; G garrison; S on STATION)\n");
	for (int c = 0; c < m->ncities; c++) {
		int major = m->city[c].class == PELO_MAJOR, n = 0, only = -1;
		for (int i = 0; i < p->nforces; i++) {
			const struct pelo_force *f = &p->force[i];
			if (f->city == c && (f->sp[0] || f->sp[1] || f->sp[2] || f->garrison))
				only = n++ ? -1 : i;
		}
		if (!n)
			continue;
		strbuf_reset(&item);
		if (!major && only >= 0 && !strcmp(m->space[p->force[only].space].name, m->city[c].name)) {
			strbuf_addf(&item, "%s ", m->city[c].name);
			force_text(&p->force[only], &item);
		} else {
			size_t start = out->len;
			int k = 0;
			if (!major)     /* a run of its own on the minors' line */
				strbuf_addf(&item, "%s: ", m->city[c].name);
			else
				strbuf_addf(out, "  %s: ", m->city[c].name);
			for (int i = 0; i < p->nforces; i++) {
				const struct pelo_force *f = &p->force[i];
				if (f->city != c || !(f->sp[0] || f->sp[1] || f->sp[2] || f->garrison))
					continue;
				struct strbuf one = STRBUF_INIT;
				strbuf_addf(&one, "%s ", m->space[f->space].name);
				force_text(f, &one);
				if (major)
					add_item(out, &start, !k++, ", ", one.buf);
				else
					strbuf_addf(&item, "%s%s", k++ ? ", " : "", one.buf);
				strbuf_release(&one);
			}
			if (major) {
				strbuf_addch(out, '\n');
				continue;
			}
		}
		if (!nminor) {
			strbuf_addstr(out, "  ");
			mstart = out->len - 2;
		}
		add_item(out, &mstart, !nminor++, "; ", item.buf);
	}
	if (nminor)
		strbuf_addch(out, '\n');
	strbuf_release(&item);
}

/* Who holds the spaces of each area, a run of spaces per holder, and the
 * markers on them. */
static void spaces(const struct pelo_map *m, const struct pelo_pos *p, struct strbuf *out)
{
	struct strbuf item = STRBUF_INIT;

	strbuf_addstr(out, "\nSpaces by area, and who holds them ([R] rebellion, [X] ravaged)\n");
	for (int a = 0; a < m->nareas; a++) {
		size_t start = out->len;
		int n = 0;
		uint8_t told[PELO_MAX_CITIES + 1] = { 0 };
		strbuf_addf(out, "  %s: ", m->area[a].name);
		for (int s0 = 0; s0 < m->nspaces; s0++) {
			int h = p->control[s0];
			if (m->space[s0].area != a || told[h + 1])
				continue;
			told[h + 1] = 1;
			/* every space of this area that h holds, then h */
			int k = 0, last = s0;
			for (int s = s0; s < m->nspaces; s++)
				if (m->space[s].area == a && p->control[s] == h)
					last = s;
			for (int s = s0; s <= last; s++) {
				if (m->space[s].area != a || p->control[s] != h)
					continue;
				strbuf_reset(&item);
				strbuf_addf(&item, "%s%s%s", m->space[s].name, p->rebellion[s] ? " [R]" : "",
				            p->ravaged[s] ? " [X]" : "");
				if (s == last)   /* the holder goes on the line of its last space */
					strbuf_addf(&item, " (%s)", h == PELO_NONE ? "nobody" : m->city[h].name);
				add_item(out, &start, !n++, k++ ? ", " : "; ", item.buf);
			}
		}
		strbuf_addch(out, '\n');
	}
	strbuf_release(&item);
}

static void treaties(const struct pelo_map *m, const struct pelo_pos *p, struct strbuf *out)
{
	strbuf_addstr(out, "\nPeace treaties:");
	if (!p->ntreaties)
		strbuf_addstr(out, " none");
	for (int i = 0; i < p->ntreaties; i++)
		strbuf_addf(out, "%s %s and %s (turn %d)", i ? ";" : "", m->city[p->treaty[i].a].name,
		            m->city[p->treaty[i].b].name, p->treaty[i].turn);
	strbuf_addch(out, '\n');
}

/* "Hostages: Sparta holds 1 of Athens; ..." and "Special actions used:
 * the Congress of Gela"; each line only when there is something to say,
 * since most turns of part 1 have neither and the status is long enough. */
static void hostages_and_specials(const struct pelo_map *m, const struct pelo_scenario *sc,
                                  const struct pelo_pos *p, struct strbuf *out)
{
	struct strbuf item = STRBUF_INIT;
	size_t start = out->len;
	int n = 0;

	for (int h = 0; h < m->ncities; h++)
		for (int c = 0; c < m->ncities; c++) {
			if (!p->hostages[h][c])
				continue;
			if (!n)
				strbuf_addstr(out, "Hostages: ");
			strbuf_reset(&item);
			strbuf_addf(&item, "%s holds %d of %s", m->city[h].name, p->hostages[h][c], m->city[c].name);
			add_item(out, &start, !n++, "; ", item.buf);
		}
	if (n)
		strbuf_addch(out, '\n');
	start = out->len;
	n = 0;
	for (int i = 0; i < sc->nactions; i++) {
		if (!p->special_used[i])
			continue;
		if (!n)
			strbuf_addstr(out, "Special actions used: ");
		add_item(out, &start, !n++, "; ", sc->action[i].name);
	}
	if (n)
		strbuf_addch(out, '\n');
	strbuf_release(&item);
}

/* "Leaders with armies: Archidamus (Sparta) at Attica; ...", the dead
 * of the named ones, and the sieges under way. */
static void leaders_and_sieges(const struct pelo_map *m, const struct pelo_scenario *sc,
                               const struct pelo_pos *p, struct strbuf *out)
{
	static const char *const heads[] = { "Leaders with armies: ", "Leaders fallen: " };
	struct strbuf item = STRBUF_INIT;

	for (int dead = 0; dead < 2; dead++) {
		size_t start = out->len;
		int n = 0;
		for (int l = 0; l < sc->nleaders; l++) {
			if (dead ? !p->leader_dead[l] || sc->leader[l].generic : p->leader_at[l] == PELO_NONE)
				continue;
			if (!n)
				strbuf_addstr(out, heads[dead]);
			strbuf_reset(&item);
			strbuf_addf(&item, "%s (%s)", sc->leader[l].name, m->city[sc->leader[l].city].name);
			if (!dead)
				strbuf_addf(&item, " at %s", m->space[p->leader_at[l]].name);
			add_item(out, &start, !n++, "; ", item.buf);
		}
		if (n)
			strbuf_addch(out, '\n');
	}
	size_t start = out->len;
	int n = 0;
	for (int s = 0; s < m->nspaces; s++) {
		if (!p->siege[s])
			continue;
		if (!n)
			strbuf_addstr(out, "Sieges: ");
		strbuf_reset(&item);
		strbuf_addf(&item, "%s by %s, %d point%s", m->space[s].name, m->city[p->siege_by[s]].name,
		            p->siege[s], p->siege[s] == 1 ? "" : "s");
		add_item(out, &start, !n++, "; ", item.buf);
	}
	if (n)
		strbuf_addch(out, '\n');
	strbuf_release(&item);
}

/* The marked spaces alone, for the brief position: a space changes hands
 * only by a siege or a change of box, both told in the results above. */
static void marked_spaces(const struct pelo_map *m, const struct pelo_pos *p, struct strbuf *out)
{
	static const char *const heads[] = { "\nIn rebellion: ", "\nRavaged: " };
	struct strbuf item = STRBUF_INIT;

	for (int mark = 0; mark < 2; mark++) {
		size_t start = 0;
		int n = 0;
		for (int s = 0; s < m->nspaces; s++) {
			if (!(mark ? p->ravaged[s] : p->rebellion[s]))
				continue;
			if (!n) {
				strbuf_addstr(out, heads[mark]);
				start = out->len - strlen(heads[mark]) + 1;
			}
			strbuf_reset(&item);
			strbuf_addf(&item, "%s (%s)", m->space[s].name,
			            p->control[s] == PELO_NONE ? "nobody" : m->city[p->control[s]].name);
			add_item(out, &start, !n++, ", ", item.buf);
		}
	}
	strbuf_addstr(out, "\nWho holds every space: SUMMARY <game> (or GET map <game>).\n");
	strbuf_release(&item);
}

/* Both positions: the whole, or the brief one with only marked spaces. */
static void status(const struct pelo_map *m, const struct pelo_scenario *sc, const struct pelo_pos *p,
                   int brief, struct strbuf *out)
{
	pelo_phase_name(sc, p, out);
	strbuf_addstr(out, "\n\n");
	majors(m, p, out);
	minors(m, p, out);
	forces(m, p, out);
	if (brief)
		marked_spaces(m, p, out);
	else
		spaces(m, p, out);
	treaties(m, p, out);
	hostages_and_specials(m, sc, p, out);
	leaders_and_sieges(m, sc, p, out);
}

void pelo_status(const struct pelo_map *m, const struct pelo_scenario *sc, const struct pelo_pos *p,
               struct strbuf *out)
{
	status(m, sc, p, 0, out);
}

void pelo_status_brief(const struct pelo_map *m, const struct pelo_scenario *sc, const struct pelo_pos *p,
                       struct strbuf *out)
{
	status(m, sc, p, 1, out);
}

static const char *const box_codes[] = {
	[PELO_BOX_NEUTRAL] = "neutral", [PELO_BOX_DOMINANT] = "dominant", [PELO_BOX_PARTNER] = "partner",
	[PELO_BOX_AT_WAR] = "war", [PELO_BOX_ALLY] = "ally", [PELO_BOX_TRIBUTARY] = "tributary",
	[PELO_BOX_ENEMY] = "enemy",
};

/* A city-state as JSON: its code, or null for none. */
static void json_city(struct json *j, const struct pelo_map *m, const char *name, int c)
{
	json_key(j, name);
	if (c == PELO_NONE)
		json_null(j);
	else
		json_string(j, m->city[c].code);
}

static void cities_json(const struct pelo_map *m, const struct pelo_pos *p, struct json *j)
{
	json_key(j, "cities");
	json_array(j);
	for (int c = 0; c < m->ncities; c++) {
		const struct pelo_status *st = &p->status[c];
		json_object(j);
		json_kstring(j, "code", m->city[c].code);
		json_kstring(j, "name", m->city[c].name);
		json_kstring(j, "box", box_codes[st->box]);
		json_city(j, m, "of", st->of);
		json_city(j, m, "sympathetic", st->sympathetic);
		if (m->city[c].class == PELO_MAJOR) {
			json_kint(j, "treasury", p->treasury[c]);
			json_kint(j, "bellicosity", p->bellicosity[c]);
			json_kint(j, "resentment", p->resentment[c]);
			json_kbool(j, "plague", p->plague_done[c]);
			json_city(j, m, "surrendered_to", p->surrendered_to[c]);
		}
		json_object_end(j);
	}
	json_array_end(j);
}

static void spaces_json(const struct pelo_map *m, const struct pelo_pos *p, struct json *j)
{
	json_key(j, "spaces");
	json_array(j);
	for (int s = 0; s < m->nspaces; s++) {
		json_object(j);
		json_kstring(j, "code", m->space[s].code);
		json_city(j, m, "holder", p->control[s]);
		json_kbool(j, "rebellion", p->rebellion[s]);
		json_kbool(j, "ravaged", p->ravaged[s]);
		json_object_end(j);
	}
	json_array_end(j);
	json_key(j, "forces");
	json_array(j);
	for (int i = 0; i < p->nforces; i++) {
		const struct pelo_force *f = &p->force[i];
		if (!(f->sp[0] || f->sp[1] || f->sp[2] || f->garrison))
			continue;
		json_object(j);
		json_kstring(j, "city", m->city[f->city].code);
		json_kstring(j, "space", m->space[f->space].code);
		json_kint(j, "hoplite", f->sp[0]);
		json_kint(j, "cavalry", f->sp[1]);
		json_kint(j, "naval", f->sp[2]);
		json_kbool(j, "garrison", f->garrison);
		json_kbool(j, "station", f->station);
		json_object_end(j);
	}
	json_array_end(j);
}

static void treaties_json(const struct pelo_map *m, const struct pelo_pos *p, struct json *j)
{
	json_key(j, "treaties");
	json_array(j);
	for (int i = 0; i < p->ntreaties; i++) {
		json_object(j);
		json_kstring(j, "a", m->city[p->treaty[i].a].code);
		json_kstring(j, "b", m->city[p->treaty[i].b].code);
		json_kint(j, "turn", p->treaty[i].turn);
		json_object_end(j);
	}
	json_array_end(j);
	json_key(j, "hostages");
	json_array(j);
	for (int h = 0; h < m->ncities; h++)
		for (int c = 0; c < m->ncities; c++)
			if (p->hostages[h][c]) {
				json_object(j);
				json_kstring(j, "holder", m->city[h].code);
				json_kstring(j, "of", m->city[c].code);
				json_kint(j, "n", p->hostages[h][c]);
				json_object_end(j);
			}
	json_array_end(j);
}

static void leaders_json(const struct pelo_map *m, const struct pelo_scenario *sc,
                         const struct pelo_pos *p, struct json *j)
{
	json_key(j, "leaders");
	json_array(j);
	for (int l = 0; l < sc->nleaders; l++) {
		json_object(j);
		json_kstring(j, "code", sc->leader[l].code);
		json_kstring(j, "name", sc->leader[l].name);
		json_kstring(j, "city", m->city[sc->leader[l].city].code);
		json_kint(j, "battle", sc->leader[l].battle);
		json_kint(j, "bravery", sc->leader[l].bravery);
		json_kint(j, "from", sc->leader[l].from);
		json_kint(j, "to", sc->leader[l].to);
		json_kbool(j, "dead", p->leader_dead[l]);
		json_key(j, "at");
		if (p->leader_at[l] == PELO_NONE)
			json_null(j);
		else
			json_string(j, m->space[p->leader_at[l]].code);
		json_object_end(j);
	}
	json_array_end(j);
	json_key(j, "sieges");
	json_array(j);
	for (int s = 0; s < m->nspaces; s++)
		if (p->siege[s]) {
			json_object(j);
			json_kstring(j, "space", m->space[s].code);
			json_kstring(j, "by", m->city[p->siege_by[s]].code);
			json_kint(j, "points", p->siege[s]);
			json_object_end(j);
		}
	json_array_end(j);
	json_key(j, "specials_used");
	json_array(j);
	for (int i = 0; i < sc->nactions; i++)
		if (p->special_used[i])
			json_string(j, sc->action[i].code);
	json_array_end(j);
}

void pelo_status_json(const struct pelo_map *m, const struct pelo_scenario *sc, const struct pelo_pos *p,
                      struct json *j)
{
	json_kint(j, "turn", p->turn);
	json_kstring(j, "phase_kind", pelo_phase_word(p->phase));
	json_city(j, m, "winner", p->phase == PELO_PH_OVER ? p->winner : PELO_NONE);
	cities_json(m, p, j);
	spaces_json(m, p, j);
	treaties_json(m, p, j);
	leaders_json(m, sc, p, j);
}
