/*
 * pelo_picture.c - what a map picture of the Peloponnesian War shows
 * (picture/pic.h): each space shaded by how it stands towards a major
 * (held by the major: full; held by its ally: light; by its tributary:
 * hatched; a rebellion: crossed; neutral: plain), the SPs in it under its
 * name (each city-state's, "ath 7H1C", "G" for a garrison, "S" on
 * station; then the leaders there, siege points and "X" for ravaged), its
 * forces as symbols (hoplites and cavalry an army, naval SPs a fleet) in the colour
 * of their major (a minor's: the major it is allied or tributary to; a
 * rebel's black, as its crossed spaces), the home spaces marked, and
 * after the operations phase each march's and attack's route and what
 * happened on the way: interceptions, battles with who won and who lost
 * what, sieges begun, carried on, successful or lifted, and ravaging
 * (pic_scene marks).  The legend is this game's own (pic_scene.own_key).
 * Pure.
 *
 * What happened is learnt from the engine's facts, by playing the phase
 * again with the seed it was played with (pelo_replay_operations): the
 * positions before and after cannot tell who won a battle that changed
 * nothing on the map, and the facts are what the results mail tells, so
 * picture and mail agree.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adjudicator/pelo_facts.h"
#include "adjudicator/pelo_ops.h"
#include "parser/pelo_ops_orders.h"
#include "picture/pic.h"
#include "variants/pelo_board.h"
#include "variants/pelo_reading.h"
#include "variants/variant.h"

/* 1 if minor c is in rebellion: its home space carries the marker. */
static int rebel(const struct pelo_map *m, const struct pelo_pos *p, int c)
{
	int home = m->city[c].home;
	return home != PELO_NONE && p->rebellion[home];
}

/* The scene's power for city-state c: c itself if it is a major, else
 * the major it is allied or tributary to, else the last power, "others",
 * for a city that stands alone or has risen against its master (a
 * rebel's hoplites in its master's colour would read as the master's). */
static int power_of(const struct pelo_map *m, const struct pelo_pos *p, int c, const int *scene_of,
                    int others)
{
	if (c < 0)
		return -1;
	if (scene_of[c] >= 0)
		return scene_of[c];
	if (rebel(m, p, c))
		return others;
	int box = p->status[c].box, of = p->status[c].of;
	if ((box == PELO_BOX_ALLY || box == PELO_BOX_TRIBUTARY) && of >= 0 && of < m->ncities &&
	    scene_of[of] >= 0)
		return scene_of[of];
	return others;
}

/* The shading of a space held by holder. */
static int shade_of(const struct pelo_map *m, const struct pelo_pos *p, int holder)
{
	if (m->city[holder].class == PELO_MAJOR)
		return PIC_SHADE_FULL;
	switch (p->status[holder].box) {
	case PELO_BOX_ALLY:
		return PIC_SHADE_LIGHT;
	case PELO_BOX_TRIBUTARY:
		return PIC_SHADE_HATCH;
	default:
		return PIC_SHADE_NONE;
	}
}

/* The SPs of force f as "ath 7H1C" (G: a garrison, S: on year-round
 * station), appended to note. */
static void force_note(const struct pelo_map *m, const struct pelo_force *f, char *note, size_t size)
{
	static const char letter[PELO_SP_TYPES] = { 'H', 'C', 'N' };
	size_t n = strlen(note);
	n += (size_t)snprintf(note + n, size - n, "%s%s ", n ? " " : "", m->city[f->city].code);
	for (int t = 0; t < PELO_SP_TYPES && n < size; t++)
		if (f->sp[t])
			n += (size_t)snprintf(note + n, size - n, "%d%c", f->sp[t], letter[t]);
	if (f->garrison && n < size)
		n += (size_t)snprintf(note + n, size - n, "%sG", note[n - 1] == ' ' ? "" : " ");
	if (f->station && n < size)
		snprintf(note + n, size - n, " S");
}

/* What else stands in space sp, after its forces: the leaders with an
 * army there (the first five letters of each name), siege points and a
 * ravaged marker ("Brasi 2pt X"). */
static void marker_note(const struct pelo_scenario *sc, const struct pelo_pos *p, int sp, char *note,
                        size_t size)
{
	size_t n = strlen(note);

	for (int l = 0; l < sc->nleaders && n < size; l++)
		if (p->leader_at[l] == sp && !p->leader_dead[l])
			n += (size_t)snprintf(note + n, size - n, "%s%.5s", n ? " " : "", sc->leader[l].name);
	if (p->siege[sp] && n < size)
		n += (size_t)snprintf(note + n, size - n, "%s%dpt", n ? " " : "", p->siege[sp]);
	if (p->ravaged[sp] && n < size)
		snprintf(note + n, size - n, "%sX", n ? " " : "");
}

/* The routes of the operations phase's marches and attacks, an arrow a
 * step, in the major's colour: the shortest route on the position the
 * phase began with (pelo_route, as the rounds found it unless an earlier
 * operation of the phase changed what is friendly on the way), so that a
 * fleet sent round the Peloponnese is not drawn across the Isthmus. */
static void routes(const struct pelo_map *m, const struct pelo_scenario *sc, const struct variant *v,
                   const struct pelo_pos *p, const struct order_set *orders, int norders,
                   const int *scene_of, struct pic_scene *s)
{
	for (int i = 0; i < norders; i++) {
		const char *t = orders[i].text, *line;
		size_t len;
		int c = orders[i].power >= 0 && orders[i].power < m->nmajors ? m->major[orders[i].power] : PELO_NONE;
		while (c != PELO_NONE && t && str_next_line(&t, &line, &len)) {
			struct pelo_op op;
			int8_t route[PELO_MAX_SPACES];
			char why[PELO_WHY_MAX];
			if (pelo_read_op(m, sc, line, len, &op) || op.from == PELO_NONE ||
			    (op.kind != PELO_OP_MOVE && op.kind != PELO_OP_ATTACK))
				continue;
			int by = op.sp[PELO_NAVAL_SP] > 0 ? PELO_BY_SEA : PELO_BY_LAND;
			int n = pelo_route(m, p, c, by, op.from, op.to, op.via, op.nvia, route, why);
			for (int k = 1; k < n; k++) {
				int a = pic_geo_place(v->geo, m->space[route[k - 1]].code);
				int b = pic_geo_place(v->geo, m->space[route[k]].code);
				if (a >= 0 && b >= 0)
					pic_scene_arrow(s, PIC_MOVE, scene_of[c], 0, a, b, -1, -1);
			}
		}
	}
}

/* An event of the operations phase on its way to becoming a mark: the
 * latest kind of each (a siege begun and later lifted is one mark). */
struct event {
	int space, kind, city, failed;
	char text[sizeof ((struct pic_mark *)0)->text];
};

/* The events gathered from the facts, in the order they happened. */
struct events {
	const struct pelo_map *m;
	int battle_at;           /* the space of the battle being told */
	int battle;              /* its event, whose losses follow, or -1 */
	int n;
	struct event e[PIC_MAX_MARKS];
};

/* The event of this kind at space, a new one if there is none yet (NULL
 * when the list is full). */
static struct event *event_at(struct events *ev, int space, int kind)
{
	for (int i = 0; i < ev->n; i++)
		if (ev->e[i].space == space && ev->e[i].kind == kind)
			return &ev->e[i];
	if (ev->n == PIC_MAX_MARKS || space == PELO_NONE)
		return NULL;
	ev->e[ev->n] = (struct event){ space, kind, PELO_NONE, 0, "" };
	return &ev->e[ev->n++];
}

/* Set e's city, failure and text (printf-style). */
__attribute__((format(printf, 4, 5)))
static void event_set(struct event *e, int city, int failed, const char *fmt, ...)
{
	va_list ap;

	if (!e)
		return;
	e->city = city;
	e->failed = failed;
	va_start(ap, fmt);
	vsnprintf(e->text, sizeof e->text, fmt, ap);
	va_end(ap);
}

/* The facts the picture marks (pelo_facts.h): each names its space and
 * who acted; a battle's losses come city by city after its result. */
static void gather(void *ctx, const struct pelo_fact *f)
{
	struct events *ev = ctx;
	const struct pelo_city *city = ev->m->city;
	struct event *e;

	switch (f->kind) {
	case PELO_F_NAVAL_BATTLE:
	case PELO_F_LAND_BATTLE:
		ev->battle_at = f->space;
		break;
	case PELO_F_WINS:
		e = event_at(ev, ev->battle_at, PIC_MARK_BATTLE);
		event_set(e, f->city, 0, "%s won", city[f->city].code);
		ev->battle = e ? (int)(e - ev->e) : -1;
		break;
	case PELO_F_DRAW:
		e = event_at(ev, ev->battle_at, PIC_MARK_BATTLE);
		event_set(e, PELO_NONE, 0, "%s", f->n[0] ? "drawn" : "drawn, no loss");
		ev->battle = e ? (int)(e - ev->e) : -1;
		break;
	case PELO_F_LOST:
		if (ev->battle >= 0) {
			e = &ev->e[ev->battle];
			size_t n = strlen(e->text);
			snprintf(e->text + n, sizeof e->text - n, "%s %s -%d", f->n[3] ? "" : ",",
			         city[f->city].code, f->n[0] + f->n[1] + f->n[2]);
		}
		break;
	case PELO_F_STOP:
		ev->battle = -1;
		break;
	case PELO_F_INTERCEPT:
		event_set(event_at(ev, f->space, PIC_MARK_INTERCEPT), f->city, !f->n[3],
		          "%s %s", city[f->city].code, f->n[3] ? "intercepts" : "fails to intercept");
		break;
	case PELO_F_RAVAGES:
		event_set(event_at(ev, f->space, PIC_MARK_RAVAGE), f->city, 0, "ravaged by %s",
		          city[f->city].code);
		break;
	case PELO_F_SIEGE:
		/* points carried from an earlier operation: the siege goes on */
		event_set(event_at(ev, f->space, PIC_MARK_SIEGE), f->city, 0, "siege %s %d/%d",
		          f->n[7] > f->n[6] ? "on" : "begun", f->n[7], f->n[8]);
		break;
	case PELO_F_SIEGE_FALLS:
		event_set(event_at(ev, f->space, PIC_MARK_SIEGE), f->city, 0, "taken by %s",
		          city[f->city].code);
		break;
	case PELO_F_SIEGE_LIFTED:
		e = event_at(ev, f->space, PIC_MARK_SIEGE);
		event_set(e, e ? e->city : PELO_NONE, 1, "siege lifted, -%dpt", f->n[0]);
		break;
	}
}

/* The marks of what happened in the operations phase begun at p, played
 * again with its orders, instructions and chance. */
static void events(const struct pelo_map *m, const struct variant *v, const struct pelo_pos *p,
                   const struct pelo_pos *after, const struct order_set *orders, int norders,
                   const struct order_set *standing, int nstanding,
                   const struct variant_chance *chance, const int *scene_of, int others,
                   struct pic_scene *s)
{
	struct events *ev = xcalloc(1, sizeof *ev);
	struct pelo_facts sink = { gather, ev };

	ev->m = m;
	ev->battle_at = PELO_NONE;
	ev->battle = -1;
	pelo_replay_operations(v, p, orders, norders, standing, nstanding, chance, &sink);
	for (int i = 0; i < ev->n; i++) {
		const struct event *e = &ev->e[i];
		int who = e->city == PELO_NONE ? -1 : power_of(m, after, e->city, scene_of, others);
		pic_scene_mark(s, pic_geo_place(v->geo, m->space[e->space].code), e->kind, who, e->failed,
		               e->text);
	}
	free(ev);
}

void pelo_picture(const struct variant *v, const void *before,
                const struct order_set *orders, int norders,
                const struct order_set *standing, int nstanding,
                const struct variant_chance *chance,
                const void *after, struct pic_scene *s)
{
	const struct pelo_map *m = &((const struct pelo_board *)v->data)->map;
	const struct pelo_scenario *sc = &((const struct pelo_board *)v->data)->scen;
	const struct pelo_pos *p = after;
	int scene_of[PELO_MAX_CITIES], others;

	for (int c = 0; c < m->ncities; c++) {
		scene_of[c] = -1;
		if (m->city[c].class != PELO_MAJOR || s->npowers == PIC_MAX_POWERS - 1)
			continue;
		scene_of[c] = s->npowers;
		struct pic_power *pp = &s->power[s->npowers];
		snprintf(pp->name, sizeof pp->name, "%s", m->city[c].name);
		pp->colour = (int8_t)pic_geo_colour(v->geo, m->city[c].letter, s->npowers);
		snprintf(pp->note, sizeof pp->note, "%d talents", p->treasury[c]);
		s->npowers++;
	}
	others = s->npowers++;
	snprintf(s->power[others].name, sizeof s->power[others].name, "Others");
	s->power[others].colour = (int8_t)pic_palette_find("black");
	snprintf(s->power[others].note, sizeof s->power[others].note, "alone, or in rebellion");

	for (int sp = 0; sp < m->nspaces; sp++) {
		int pl = pic_geo_place(v->geo, m->space[sp].code), holder = p->control[sp];
		if (pl < 0)
			continue;
		s->centre[pl] = m->space[sp].home_of != PELO_NONE;
		if (holder < 0)
			continue;
		s->owner[pl] = (int8_t)(p->rebellion[sp] ? others : power_of(m, p, holder, scene_of, others));
		s->shade[pl] = (int8_t)(p->rebellion[sp] ? PIC_SHADE_REBEL : shade_of(m, p, holder));
		if (s->shade[pl] == PIC_SHADE_NONE)
			s->owner[pl] = -1;
	}
	for (int i = 0; i < p->nforces; i++) {
		const struct pelo_force *f = &p->force[i];
		int pl = pic_geo_place(v->geo, m->space[f->space].code);
		int who = power_of(m, p, f->city, scene_of, others);
		if (pl < 0)
			continue;
		force_note(m, f, s->note[pl], sizeof s->note[pl]);
		if (f->sp[PELO_HOPLITE] || f->sp[PELO_CAVALRY])
			pic_scene_unit(s, pl, who, PIC_ARMY, 0);
		else if (f->sp[PELO_NAVAL_SP])
			pic_scene_unit(s, pl, who, PIC_FLEET, 0);
	}
	for (int sp = 0; sp < m->nspaces; sp++) {
		int pl = pic_geo_place(v->geo, m->space[sp].code);
		if (pl >= 0)
			marker_note(sc, p, sp, s->note[pl], sizeof s->note[pl]);
	}
	if (before && ((const struct pelo_pos *)before)->phase == PELO_PH_OPERATIONS) {
		routes(m, sc, v, before, orders, norders, scene_of, s);
		if (chance && chance->seed)
			events(m, v, before, p, orders, norders, standing, nstanding, chance, scene_of, others,
			       s);
	}
	/* this game's words: SPs, stations, leaders, sieges, ravaging,
	 * rebellion, tributaries; never centres, convoys or retreats */
	s->own_key = PIC_KEY_ROUTES;
	s->nkeys = 4;
	snprintf(s->key[0], sizeof s->key[0],
	         "Spaces: full colour held by a major, light by its ally, striped by its tributary,");
	snprintf(s->key[1], sizeof s->key[1],
	         "crossed black in rebellion; a ringed dot is a city-state's home. Army: hoplite and");
	snprintf(s->key[2], sizeof s->key[2],
	         "cavalry SPs; fleet: naval SPs. Under a name: each city's SPs (H, C, N), G a garrison,");
	snprintf(s->key[3], sizeof s->key[3],
	         "S on year-round station; leaders (first letters), siege points (2pt), X ravaged.");
}
