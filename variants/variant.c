/*
 * variant.c - the front layer between the Judge and the rules families
 * (variant.h says why it exists).  With registry.c (load) and
 * variant_cases.c (cases) the only code that calls a family's ops: every
 * policy that holds for all families (reading a state once, splitting a
 * seat's lines by power, passing, reports by audience) is here, once.
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

void variant_initial(const struct variant *v, const struct variant_chance *chance,
                     struct strbuf *state)
{
	v->ops->initial(v, chance, state);
}

int variant_has_standing(const struct variant *v)
{
	return v->ops->check_standing != NULL;
}

int variant_uses_keys(const struct variant *v)
{
	return v->ops->uses_keys;
}

int variant_uses_seeds(const struct variant *v)
{
	return v->ops->uses_seeds;
}

/* If line is "<name of a power of seat>:" alone, that power; else -1. */
static int power_header(const struct variant *v, const struct power_set *seat,
                        const char *line, size_t len)
{
	if (len < 2 || line[len - 1] != ':')
		return -1;
	len--;
	while (len && isspace((unsigned char)line[len - 1]))
		len--;
	int p = variant_power_by_name(v, line, len);
	if (p < 0 && len == 1)
		p = variant_power_by_letter(v, line[0]);
	return pset_has(seat, p) ? p : -1;
}

/* 1 if text is the one line PASS. */
static int only_pass(const char *text)
{
	const char *line;
	size_t len;
	int n = 0, pass = 0;

	while (str_next_line(&text, &line, &len)) {
		n++;
		pass = len == 4 && !strncasecmp(line, "PASS", 4);
	}
	return n == 1 && pass;
}

/* Check the lines one power was given. */
static int check_power(const struct vstate *s, int power, int standing, const char *text,
                       struct strbuf *accepted, struct strbuf *echo)
{
	const struct variant *v = s->v;

	if (standing)
		return v->ops->check_standing(v, s->pos, power, text, accepted, echo);
	if (only_pass(text)) {
		strbuf_addstr(echo, "  PASS\n");
		if (s->phase.can_pass) {
			strbuf_addf(echo, "    accepted: %s passes this phase\n", v->power[power].name);
			return 0;
		}
		strbuf_addstr(echo, "    REJECTED: nobody may pass in this phase\n");
		return 1;
	}
	return v->ops->check_orders(v, s->pos, power, text, accepted, echo);
}

int variant_check(const struct vstate *s, const struct power_set *seat, int first,
                  int standing, const char *text, struct strbuf *accepted,
                  struct power_set *given, struct strbuf *echo)
{
	const struct variant *v = s->v;
	struct strbuf *lines = xcalloc((size_t)v->npowers, sizeof *lines);
	int power = first, rejected = 0, multi = 0, headers = 0;
	const char *line, *all = text;
	size_t len;

	for (int p = 0; p < v->npowers; p++)
		strbuf_init(&lines[p]);
	memset(given, 0, sizeof *given);
	for (int p = 0; p < v->npowers; p++)
		multi += pset_has(seat, p);
	while (str_next_line(&text, &line, &len)) {
		int h = multi > 1 ? power_header(v, seat, line, len) : -1;
		if (h >= 0) {
			power = h;     /* a header with no line after it gives nothing */
			headers++;
			continue;
		}
		pset_add(given, power);
		strbuf_add(&lines[power], line, len);
		strbuf_addch(&lines[power], '\n');
	}
	/* a bare PASS from a seat of several powers passes every one of
	 * them that may order now, not only the first */
	if (multi > 1 && !headers && !standing && only_pass(all)) {
		for (int p = 0; p < v->npowers; p++) {
			if (p == first || !pset_has(seat, p) || !pset_has(&s->phase.may, p))
				continue;
			pset_add(given, p);
			strbuf_addstr(&lines[p], "PASS\n");
		}
		if (!pset_has(&s->phase.may, first) && !pset_empty(given)) {
			pset_del(given, first);
			strbuf_reset(&lines[first]);
		}
	}
	for (int p = 0; p < v->npowers; p++) {
		if (!pset_has(given, p))
			continue;
		if (multi > 1)
			strbuf_addf(echo, "%s:\n", v->power[p].name);
		if (!standing && !pset_has(&s->phase.may, p) && lines[p].len) {
			strbuf_addf(echo, "    REJECTED: %s has nothing to order in this phase\n",
			            v->power[p].name);
			rejected++;
			continue;
		}
		rejected += check_power(s, p, standing, lines[p].buf, &accepted[p], echo);
	}
	for (int p = 0; p < v->npowers; p++)
		strbuf_release(&lines[p]);
	free(lines);
	return rejected;
}

void variant_merge(const struct vstate *s, int power, const char *old, const char *fresh,
                   struct strbuf *out)
{
	struct strbuf both = STRBUF_INIT, echo = STRBUF_INIT;

	if (!s->phase.per_unit || !old || !*old) {
		strbuf_addstr(out, fresh);
		return;
	}
	/* every line was accepted alone, so the family's own check of the
	 * two together, later lines last, is what replaces what */
	strbuf_addstr(&both, old);
	strbuf_addstr(&both, fresh);
	if (s->v->ops->check_orders(s->v, s->pos, power, both.buf, out, &echo)) {
		strbuf_reset(out);        /* they do not go together: the mail's */
		strbuf_addstr(out, fresh);
	}
	strbuf_release(&both);
	strbuf_release(&echo);
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

