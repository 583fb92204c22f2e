/*
 * variant.c - the front layer between the Judge and the rules families
 * (variant.h says why it exists).  With registry.c (load) and
 * variant_cases.c (cases) and order_check.c (a mail's orders) the only
 * code that calls a family's ops: every policy that holds for all
 * families (reading a state once, reports by audience) is here, once.
 */
#include <assert.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "variants/variant.h"

static long reads;

int pset_empty(const struct power_set *s)
{
	for (size_t i = 0; i < sizeof s->w / sizeof s->w[0]; i++)
		if (s->w[i])
			return 0;
	return 1;
}

struct power_set variant_seat_powers(const struct variant *v, int n, int seat)
{
	struct power_set s = { { 0 } };

	if (n < v->min_players || n > v->max_players)
		n = v->max_players;
	for (int p = 0; p < v->npowers; p++)
		if (v->seat_of[n][p] == seat)
			pset_add(&s, p);
	return s;
}

int variant_period_hours(const struct variant *v, const char *kind)
{
	for (int i = 0; i < v->nperiods; i++)
		if (!strcasecmp(v->period[i].kind, kind))
			return v->period[i].hours;
	return 0;
}

int vstate_open(struct vstate *s, const struct variant *v, const char *state)
{
	memset(s, 0, sizeof *s);
	s->v = v;
	reads++;
	if (!state || !*state)
		return fail("damaged state: the game has no stored position");
	if (!(s->pos = v->ops->read(v, state))) {
		char why[600];
		snprintf(why, sizeof why, "%s", fail_text());
		return fail("damaged state: %s", why);
	}
	v->ops->phase(v, s->pos, &s->phase);
	return 0;
}

void vstate_close(struct vstate *s)
{
	if (s->pos)
		s->v->ops->release(s->v, s->pos);
	s->pos = NULL;
}

long vstate_reads(void)
{
	return reads;
}

void variant_initial(const struct variant *v, int players, const struct variant_chance *chance,
                     struct strbuf *state)
{
	assert(players >= v->min_players && players <= v->max_players);
	v->ops->initial(v, players, chance, state);
}

int variant_uses_keys(const struct variant *v)
{
	return v->ops->uses_keys;
}

int variant_uses_seeds(const struct variant *v)
{
	return v->ops->uses_seeds;
}

int variant_adjudicate(const struct vstate *s, const struct order_set *orders, int norders,
                       const struct order_set *standing, int nstanding,
                       const struct variant_chance *chance, struct strbuf *next,
                       struct variant_report *report, struct game_end *end)
{
	memset(end, 0, sizeof *end);
	end->winner = -1;
	return s->v->ops->adjudicate(s->v, s->pos, orders, norders, standing, nstanding, chance,
	                             next, report, end);
}

struct variant_report *variant_report_new(void)
{
	struct variant_report *r = xmalloc(sizeof *r);

	strbuf_init(&r->all);
	strbuf_init(&r->master);
	for (int p = 0; p < VARIANT_MAX_POWERS; p++)
		strbuf_init(&r->power[p]);
	return r;
}

void variant_report_free(struct variant_report *r)
{
	if (!r)
		return;
	strbuf_release(&r->all);
	strbuf_release(&r->master);
	for (int p = 0; p < VARIANT_MAX_POWERS; p++)
		strbuf_release(&r->power[p]);
	free(r);
}

void variant_status(const struct vstate *s, struct strbuf *out)
{
	s->v->ops->status(s->v, s->pos, out);
}

void variant_order_named(const struct vstate *s, int power, const char *order, size_t len,
                         struct strbuf *out)
{
	if (s->v->ops->order_named)
		s->v->ops->order_named(s->v, power, order, len, out);
	else
		strbuf_add(out, order, len);
}

void variant_status_json(const struct vstate *s, struct json *j)
{
	s->v->ops->status_json(s->v, s->pos, j);
}

void variant_score(const struct vstate *s, struct variant_score *score)
{
	assert(s->pos && score && s->v->ops->score);   /* every family scores */
	memset(score, 0, sizeof *score);
	s->v->ops->score(s->v, s->pos, score);
	assert(score->nmeasures >= 1 && score->nmeasures <= VARIANT_MAX_MEASURES);
}

int variant_in_game(const struct vstate *s, int power)
{
	return !s->v->ops->in_game || s->v->ops->in_game(s->v, s->pos, power);
}

void variant_private(const struct vstate *s, int power, struct strbuf *out)
{
	if (s->v->ops->private_info)
		s->v->ops->private_info(s->v, s->pos, power, out);
}

void variant_file_name(struct strbuf *out, const char *kind, const char *variant)
{
	strbuf_addf(out, "%s.", kind);
	for (const char *p = variant; *p; p++)
		strbuf_addch(out, tolower((unsigned char)*p));
}

void variant_map(const struct variant *v, struct strbuf *out)
{
	if (v->ops->map_text)
		v->ops->map_text(v, out);
	else
		strbuf_addf(out, "The %s variant has no map to send.\n", v->name);
}

