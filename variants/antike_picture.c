/*
 * antike_picture.c - what a map picture of Antike shows (picture/pic.h):
 * each city's province in its owner's colour with the city dot, the
 * units as symbols (a legion an army, a galley a fleet) in their nation's
 * colour, their numbers and the temples written under the province's
 * name, and, for a turn just played, the active nation's moves and arms
 * as arrows.  Pure.
 *
 * The scene model draws one symbol per unit at a place's point and has no
 * count on a symbol, while Antike stacks units without limit: so one
 * symbol stands for all of a nation's units of a type in a province and
 * the note says how many.  A coastal province's galleys are drawn at its
 * spot "CODE/g" (geo.txt) so that they do not hide its legions.  The
 * scene's powers are the nations in play, in turn order, so the legend
 * reads as the round does, and its row keys only the symbols Antike has.
 */
#include <stdio.h>
#include <string.h>

#include "parser/antike_orders.h"
#include "picture/pic.h"
#include "variants/antike_board.h"
#include "variants/variant.h"

/* The place a unit of type u in province prov is drawn at, or -1. */
static int unit_place(const struct variant *v, const struct ant_map *m, int prov, int u)
{
	char spot[12];
	int pl;

	if (u == ANT_GALLEY && !m->prov[prov].sea) {
		snprintf(spot, sizeof spot, "%s/g", m->prov[prov].code);
		if ((pl = pic_geo_place(v->geo, spot)) >= 0)
			return pl;
	}
	return pic_geo_place(v->geo, m->prov[prov].code);
}

/* The legend: each nation in play with its personages against the
 * target and its cities ("2/9, 5 cities": a slot of the legend is a
 * quarter of the picture's width). */
static void powers(const struct variant *v, const struct ant_map *m, const struct ant_pos *p,
                   int scene_of[ANT_MAX_NATIONS], struct pic_scene *s)
{
	for (int n = 0; n < ANT_MAX_NATIONS; n++)
		scene_of[n] = -1;
	for (int i = 0; i < p->norder && s->npowers < PIC_MAX_POWERS; i++) {
		int nat = p->order[i], persons = 0, cities = 0;
		struct pic_power *pp = &s->power[s->npowers];
		char text[80];
		for (int k = 0; k < ANT_NPERSON; k++)
			persons += p->nat[nat].person[k];
		for (int prov = 0; prov < m->nprov; prov++)
			cities += p->owner[prov] == nat;
		scene_of[nat] = s->npowers++;
		snprintf(pp->name, sizeof pp->name, "%s", m->nation[nat].name);
		pp->colour = (int8_t)pic_geo_colour(v->geo, m->nation[nat].letter, scene_of[nat]);
		snprintf(text, sizeof text, "%d/%d, %d cit%s", persons, p->target, cities, cities == 1 ? "y" : "ies");
		snprintf(pp->note, sizeof pp->note, "%.39s", text);
	}
}

/* Under a province's name: "temple", then each nation's units there,
 * "R2L1G" (the Romans' 2 legions and 1 galley). */
static void note(const struct ant_map *m, const struct ant_pos *p, int prov, char *out, size_t size)
{
	size_t n = 0;

	out[0] = '\0';
	if (p->owner[prov] >= 0 && p->temple[prov])
		n += (size_t)snprintf(out, size, "temple");
	for (int i = 0; i < p->norder && n < size; i++) {
		int nat = p->order[i];
		const int16_t *u = p->units[prov][nat];
		if (!u[ANT_LEGION] && !u[ANT_GALLEY])
			continue;
		n += (size_t)snprintf(out + n, size - n, "%s%c", n ? " " : "", m->nation[nat].letter);
		if (u[ANT_LEGION] && n < size)
			n += (size_t)snprintf(out + n, size - n, "%dL", u[ANT_LEGION]);
		if (u[ANT_GALLEY] && n < size)
			n += (size_t)snprintf(out + n, size - n, "%dG", u[ANT_GALLEY]);
	}
}

/* The active nation's MOVE (an arrow a step) and ARM orders of the turn
 * played from before: its fresh orders, else those it held. */
static void arrows(const struct variant *v, const struct ant_map *m, const struct ant_state *before,
                   const struct order_set *orders, int norders, const int scene_of[ANT_MAX_NATIONS],
                   struct pic_scene *s)
{
	struct ant_turn_orders to;
	int nat = ant_active(&before->pos);
	const char *text = before->held[nat];

	for (int i = 0; i < norders; i++)
		if (orders[i].power == nat)
			text = orders[i].text;
	if (!text || scene_of[nat] < 0 || ant_orders_read(m, text, &to))
		return;
	for (int i = 0; i < to.n; i++) {
		const struct ant_order *o = &to.o[i];
		if (o->kind == ANT_O_MOVE)
			for (int k = 0; k + 1 < o->npath; k++)
				pic_scene_arrow(s, PIC_MOVE, scene_of[nat], 0, unit_place(v, m, o->path[k], o->unit),
				                unit_place(v, m, o->path[k + 1], o->unit), -1, -1);
		else if (o->kind == ANT_O_ARM)
			pic_scene_arrow(s, PIC_BUILD, scene_of[nat], 0, -1, unit_place(v, m, o->prov, o->unit),
			                -1, -1);
	}
}

/* The legend's lines on what the picture shows (its row of symbols,
 * PIC_KEY_CITIES, names them "army", "fleet", "city" and "move"). */
static const char *const keys[] = {
	"After a nation: its personages against the target, and its cities.",
	"A province in a nation's colour holds its city (the dot). An army symbol stands",
	"for a nation's legions there, a fleet for its galleys; the note under the name",
	"counts them (R2L1G: 2 legions, 1 galley of the Romans) and says if a temple stands.",
};

void ant_picture(const struct variant *v, const void *before,
                 const struct order_set *orders, int norders,
                 const struct order_set *standing, int nstanding,
                 const struct variant_chance *chance,
                 const void *after, struct pic_scene *s)
{
	const struct ant_map *m = &((const struct ant_board *)v->data)->map;
	const struct ant_pos *p = &((const struct ant_state *)after)->pos;
	int scene_of[ANT_MAX_NATIONS];

	(void)standing, (void)nstanding, (void)chance;   /* Antike draws no dice */
	s->own_key = PIC_KEY_CITIES;        /* no supports, convoys or retreats */
	powers(v, m, p, scene_of, s);
	for (int prov = 0; prov < m->nprov; prov++) {
		int pl = pic_geo_place(v->geo, m->prov[prov].code), owner = p->owner[prov];
		if (pl < 0)
			continue;
		if (owner >= 0 && scene_of[owner] >= 0) {
			s->owner[pl] = (int8_t)scene_of[owner];
			s->shade[pl] = PIC_SHADE_FULL;
			s->centre[pl] = 1;
		}
		note(m, p, prov, s->note[pl], sizeof s->note[pl]);
		/* in turn order, as the note counts them: the symbols that
		 * share a place stand side by side in the order added */
		for (int i = 0; i < p->norder; i++)
			for (int u = 0, nat = p->order[i]; u < ANT_NUNIT; u++)
				if (p->units[prov][nat][u] > 0 && scene_of[nat] >= 0)
					pic_scene_unit(s, unit_place(v, m, prov, u), scene_of[nat],
					               u == ANT_LEGION ? PIC_ARMY : PIC_FLEET, 0);
	}
	if (before)
		arrows(v, m, before, orders, norders, scene_of, s);
	for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++)
		snprintf(s->key[s->nkeys++], sizeof s->key[0], "%s", keys[k]);
}
