/*
 * layout.c - where each place's label and a dislodged unit go (pic.h),
 * so that no label, unit or dislodged unit hides another where places
 * crowd (Greece on the Classical map, the Low Countries on the Standard).
 *
 * A label sits below its place unless that covers a neighbour's unit or
 * label; then above, right or left of it, whichever covers least.
 * Every place is assumed to hold a unit, so labels depend on the
 * geography, the centres and the notes under labels only, never on where
 * the units are: a label stays where a player has learnt to find it, and
 * on a map without notes (Diplomacy's) it never moves.  A note goes on
 * its label's far side from the unit.  A dislodged unit goes to the diagonal beside its province
 * that covers the fewest units and labels and is not on the way its
 * attacker came.  The choice is greedy in
 * place order, then improved twice over; ties keep the earlier candidate,
 * so the same map is always laid out the same way.
 */
#include <assert.h>
#include <math.h>
#include <string.h>

#include "picture/pic.h"

#define UNIT_HALF_W 11.0f       /* a unit symbol's extent: the fleet's hull */
#define UNIT_HALF_H 9.0f
#define TEXT_UP 8.0f            /* a label's box above and below its baseline */
#define TEXT_DOWN 2.5f
#define MARK_W 11.0f            /* a centre's mark, left of its label */
#define GAP 2.0f                /* kept clear around a label */
#define CLASH 8.0f              /* two labels over each other cost this much
                                   a pixel: both are lost */
#define UNIT 4.0f               /* a label over a unit: it is lost only when
                                   a unit stands there */
#define CANDIDATES 16            /* eight around the unit, eight farther out */
#define FAR 9.0f
#define NEAR_X 140.0f           /* farther apart than this, two places' */
#define NEAR_Y 90.0f            /* labels and units cannot meet */
#define STEP 13.0f              /* a dislodged unit's offset on each axis */
#define NOTE_STEP 11.0f         /* a note's baseline from its label's */

struct box {
	float x0, y0, x1, y1;
};

/* What the layout is made from: the geography, each place's label width,
 * its note's width (0: no note) and whether a centre's mark goes left of
 * its label. */
struct input {
	const struct pic_geo *g;
	const float *w, *nw;
	const uint8_t *centre;
};

static float overlap(struct box a, struct box b)
{
	float w = (a.x1 < b.x1 ? a.x1 : b.x1) - (a.x0 > b.x0 ? a.x0 : b.x0);
	float h = (a.y1 < b.y1 ? a.y1 : b.y1) - (a.y0 > b.y0 ? a.y0 : b.y0);
	return w > 0 && h > 0 ? w * h : 0;
}

static struct box unit_box(float x, float y)
{
	return (struct box){ x - UNIT_HALF_W, y - UNIT_HALF_H, x + UNIT_HALF_W, y + UNIT_HALF_H };
}

/* The box of place i's label whose baseline is centred on x, y, with its
 * note note_dy below (above when negative). */
static struct box label_box(const struct input *in, int i, float x, float y, float note_dy)
{
	float half = in->w[i] / 2, nhalf = in->nw[i] / 2;
	struct box b = { x - half - (in->centre[i] ? MARK_W : 0) - GAP, y - TEXT_UP - GAP,
	                 x + half + GAP, y + TEXT_DOWN + GAP };
	if (in->nw[i] > 0) {
		if (x - nhalf - GAP < b.x0)
			b.x0 = x - nhalf - GAP;
		if (x + nhalf + GAP > b.x1)
			b.x1 = x + nhalf + GAP;
		if (note_dy > 0)
			b.y1 += note_dy;
		else
			b.y0 += note_dy;
	}
	return b;
}

static int shown(const struct pic_geo *g, int i)
{
	return !g->place[i].off;
}

static int edge(const struct pic_geo *g, struct box b)
{
	return b.x0 < 0 || b.y0 < 0 || b.x1 > g->width || b.y1 > g->height;
}

/* The places near enough to place i for their labels or units to meet
 * its label: only these are weighed, which keeps the layout to a few
 * hundred thousand steps on the largest map. */
struct near {
	int n;
	int16_t j[PIC_MAX_PLACES];
};

/* Candidate k (of CANDIDATES) for place i's label, as a baseline centre
 * and its note's offset: below first, then above, right, left and the
 * four corners, then the same eight a little farther out.  Beside the unit the label is shifted by its own width
 * (and its centre mark's) so that it starts or ends at the unit's edge;
 * above it, the note goes above the label. */
static void candidate(const struct input *in, int i, int k, float *x, float *y, float *note_dy)
{
	float px = in->g->place[i].x, py = in->g->place[i].y;
	float far = k >= CANDIDATES / 2 ? FAR : 0;
	float side = UNIT_HALF_W + 3 + far + in->w[i] / 2;

	*note_dy = NOTE_STEP;
	float above = py - UNIT_HALF_H - 4 - far - (in->nw[i] > 0 ? NOTE_STEP : 0);
	float below = py + PIC_LABEL_BELOW + far;
	float right = px + side + (in->centre[i] ? MARK_W : 0), left = px - side;

	switch (k % (CANDIDATES / 2)) {
	case 0: *x = px; *y = below; break;
	case 1: *x = px; *y = above; *note_dy = -NOTE_STEP; break;
	case 2: *x = right; *y = py + 4; break;
	case 3: *x = left; *y = py + 4; break;
	case 4: *x = right - UNIT_HALF_W; *y = below; break;
	case 5: *x = left + UNIT_HALF_W; *y = below; break;
	case 6: *x = right - UNIT_HALF_W; *y = above; *note_dy = -NOTE_STEP; break;
	default: *x = left + UNIT_HALF_W; *y = above; *note_dy = -NOTE_STEP; break;
	}
}

/* What label i at x, y covers: every other place's unit and label, and
 * the map's edge; a label moved from below costs a little, so that it
 * moves only to uncover something. */
static float label_cost(const struct input *in, const struct near *nb, const struct pic_layout *l,
                        int i, int k, float x, float y, float note_dy)
{
	const struct pic_geo *g = in->g;
	struct box me = label_box(in, i, x, y, note_dy);
	float cost = k ? 1.0f + (k % (CANDIDATES / 2) >= 4) + 2 * (k >= CANDIDATES / 2) : 0.0f;

	if (edge(g, me))
		cost += 1000;
	for (int m = 0; m < nb->n; m++) {
		int j = nb->j[m];
		cost += UNIT * overlap(me, unit_box(g->place[j].x, g->place[j].y));
		if (g->place[j].kind != PIC_SPOT)
			cost += CLASH * overlap(me, label_box(in, j, l->lx[j], l->ly[j], l->note_dy[j]));
	}
	return cost;
}

/* Where a dislodged unit may go, in steps from its province's place:
 * the diagonals first, then beside and above it (below is its label),
 * then the same farther out. */
static const float beside[14][2] = {
	{ 1, -1 }, { -1, -1 }, { 1, 1 }, { -1, 1 }, { 1.4f, 0 }, { -1.4f, 0 }, { 0, -1.4f },
	{ 1.6f, -1.6f }, { -1.6f, -1.6f }, { 1.6f, 1.6f }, { -1.6f, 1.6f }, { 2.2f, 0 }, { -2.2f, 0 },
	{ 0, -2.2f },
};
#define SPOTS ((int)(sizeof beside / sizeof *beside))

/* How much a dislodged unit at place i, offset along d, sits on the way
 * in of an order arrow that ends at i: the attack that dislodged it
 * comes from there. */
static float in_the_way(const struct pic_geo *g, const struct pic_scene *s, int i, const float d[2])
{
	float cost = 0;

	for (int a = 0; a < s->narrows; a++) {
		const struct pic_arrow *ar = &s->arrow[a];
		if (ar->to != i || ar->from < 0 || ar->from == i)
			continue;
		float vx = g->place[ar->from].x - g->place[i].x, vy = g->place[ar->from].y - g->place[i].y;
		float len = sqrtf(vx * vx + vy * vy), dl = sqrtf(d[0] * d[0] + d[1] * d[1]);
		float dot = len > 0 ? (vx * d[0] + vy * d[1]) / (len * dl) : 0;
		if (dot > 0)
			cost += 2000 * dot;
	}
	return cost;
}

/* What a dislodged unit of place i covers at offset beside[k]: labels
 * and the scene's units (a place without a unit costs little: the
 * layout may be reused for a phase that has one there). */
static float dislodged_cost(const struct input *in, const struct near *nb,
                            const struct pic_layout *l, const struct pic_scene *s, int i, int k)
{
	const struct pic_geo *g = in->g;
	struct box me = unit_box(g->place[i].x + STEP * beside[k][0], g->place[i].y + STEP * beside[k][1]);
	float cost = (edge(g, me) ? 1000 : 0) + (k >= SPOTS / 2 ? 2 : 0);

	for (int m = 0; m <= nb->n; m++) {
		int j = m < nb->n ? nb->j[m] : i;     /* its own label too */
		if (j != i)
			cost += overlap(me, unit_box(g->place[j].x, g->place[j].y));
		if (g->place[j].kind != PIC_SPOT)
			cost += CLASH * overlap(me, label_box(in, j, l->lx[j], l->ly[j], l->note_dy[j]));
	}
	for (int u = 0; u < s->nunits; u++)
		if (s->unit[u].place != i && !g->place[s->unit[u].place].off)
			cost += CLASH * overlap(me, unit_box(g->place[s->unit[u].place].x,
			                                     g->place[s->unit[u].place].y));
	return cost + in_the_way(g, s, i, beside[k]);
}

static void find_near(const struct pic_geo *g, struct near *nb)
{
	for (int i = 0; i < g->nplaces; i++) {
		nb[i].n = 0;
		for (int j = 0; j < g->nplaces; j++)
			if (j != i && shown(g, j) && fabsf(g->place[j].x - g->place[i].x) < NEAR_X &&
			    fabsf(g->place[j].y - g->place[i].y) < NEAR_Y)
				nb[i].j[nb[i].n++] = (int16_t)j;
	}
}

/* The labels: greedy in place order, then improved twice over. */
static void lay_labels(const struct input *in, const struct near *nb, struct pic_layout *l)
{
	const struct pic_geo *g = in->g;

	for (int i = 0; i < g->nplaces; i++)
		candidate(in, i, 0, &l->lx[i], &l->ly[i], &l->note_dy[i]);
	for (int pass = 0; pass < 3; pass++)
		for (int i = 0; i < g->nplaces; i++) {
			float best = 0, bx = 0, by = 0, bn = 0;
			if (!shown(g, i) || g->place[i].kind == PIC_SPOT)
				continue;
			for (int k = 0; k < CANDIDATES; k++) {
				float x, y, n, c;
				candidate(in, i, k, &x, &y, &n);
				c = label_cost(in, &nb[i], l, i, k, x, y, n);
				if (k == 0 || c < best) {
					best = c;
					bx = x, by = y, bn = n;
				}
			}
			l->lx[i] = bx, l->ly[i] = by, l->note_dy[i] = bn;
		}
}

/* The last labels laid out, and what they were made from: a run that
 * draws many phases of one variant (cron) lays its labels out once. */
static struct {
	const struct pic_geo *g;
	int nplaces;
	float w[PIC_MAX_PLACES], nw[PIC_MAX_PLACES];
	uint8_t centre[PIC_MAX_PLACES];
	struct pic_layout l;
} last;

void pic_layout(const struct pic_geo *g, const float *label_w, const float *note_w,
                const struct pic_scene *s, struct pic_layout *l)
{
	const struct input in = { g, label_w, note_w, s->centre };
	static struct near nb[PIC_MAX_PLACES];
	size_t n = (size_t)g->nplaces;

	int near_found = 0;

	assert(g->nplaces <= PIC_MAX_PLACES);
	if (last.g == g && last.nplaces == g->nplaces && !memcmp(last.w, label_w, n * sizeof *label_w) &&
	    !memcmp(last.nw, note_w, n * sizeof *note_w) && !memcmp(last.centre, s->centre, n)) {
		*l = last.l;
	} else {
		find_near(g, nb);
		near_found = 1;
		lay_labels(&in, nb, l);
		last.g = g;
		last.nplaces = g->nplaces;
		memcpy(last.w, label_w, n * sizeof *label_w);
		memcpy(last.nw, note_w, n * sizeof *note_w);
		memcpy(last.centre, s->centre, n);
		last.l = *l;
	}
	/* the dislodged units of this scene, each beside its province */
	for (int u = 0; u < s->nunits; u++) {
		int i = s->unit[u].place;
		float best = 0;
		if (!s->unit[u].dislodged || !shown(g, i))
			continue;
		if (!near_found++)
			find_near(g, nb);
		for (int k = 0; k < SPOTS; k++) {
			float c = dislodged_cost(&in, &nb[i], l, s, i, k);
			if (k == 0 || c < best) {
				best = c;
				l->dx[i] = STEP * beside[k][0];
				l->dy[i] = STEP * beside[k][1];
			}
		}
	}
}
