/*
 * order_check.c - the conversation about a mail's orders, for every
 * family: splitting a seat's lines by power, PASS, the loop over the
 * lines and the echo the player reads, and merging a mail's orders into
 * the stored ones.
 *
 * A family says only what one line is (variant_ops.check_line: the
 * canonical order, or the reason it is refused) and, if it wants, a note
 * on the whole set (check_done).  The wording around each line is
 * written here once, so that the three families cannot drift apart
 * again: they had three loops with two wordings ("accepted as:" and
 * "accepted:").  The accepted orders are kept here too, as canonical
 * text, because a later line may replace an earlier one (a unit's second
 * order) and only the set as it stands at the end is stored.
 */
#include <assert.h>
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "variants/variant.h"

/* The canonical orders accepted so far in one power's set. */
struct accepted_set {
	struct strbuf *order;
	int n, cap;
};

static void set_put(struct accepted_set *a, int at, const struct strbuf *canon)
{
	if (at < 0 || at >= a->n) {
		if (a->n == a->cap) {
			a->cap = a->cap ? 2 * a->cap : 16;
			a->order = xrealloc(a->order, (size_t)a->cap * sizeof *a->order);
		}
		strbuf_init(&a->order[a->n]);
		at = a->n++;
	}
	strbuf_reset(&a->order[at]);
	strbuf_add(&a->order[at], canon->buf, canon->len);
}

static void set_release(struct accepted_set *a)
{
	for (int i = 0; i < a->n; i++)
		strbuf_release(&a->order[i]);
	free(a->order);
}

static void line_init(struct order_line *l)
{
	strbuf_init(&l->canon);
	strbuf_init(&l->shown);
	strbuf_init(&l->why);
	strbuf_init(&l->hint);
}

static void line_reset(struct order_line *l)
{
	strbuf_reset(&l->canon);
	strbuf_reset(&l->shown);
	strbuf_reset(&l->why);
	strbuf_reset(&l->hint);
	l->replaces = -1;
}

static void line_release(struct order_line *l)
{
	strbuf_release(&l->canon);
	strbuf_release(&l->shown);
	strbuf_release(&l->why);
	strbuf_release(&l->hint);
}

/* The one wording of a line's fate, for every family and for PASS. */
static void echo_accepted(struct strbuf *echo, const char *as, int replaces)
{
	strbuf_addf(echo, "    accepted as: %s%s\n", as,
	            replaces ? " (replaces the earlier order for this unit)" : "");
}

static void echo_rejected(struct strbuf *echo, const char *why, const char *who)
{
	strbuf_addf(echo, "    REJECTED: %s%s\n", who ? who : "", why);
}

/* text with the family's separators made line breaks, in *out. */
static const char *split_orders(const char *text, const char *separators, struct strbuf *out)
{
	if (!separators)
		return text;
	for (const char *c = text; *c; c++)
		strbuf_addch(out, strchr(separators, *c) ? '\n' : *c);
	return out->buf;
}

/*
 * Check the lines of one power's set with the family's check_line,
 * echoing each (when echo is not NULL), and append the canonical set to
 * accepted.  Returns the number of lines rejected.  The family's note on
 * the whole set (check_done) is about the set as it will stand: where a
 * mail's orders merge into the stored ones (per_unit) that is the stored
 * set, so a mail's check leaves it out and whole (variant_note) gives
 * only it, not the lines: a correction of one unit must not be told that
 * the others have no order.
 */
static int check_set(const struct vstate *s, int power, int standing, int whole,
                     const char *text, struct strbuf *accepted, struct strbuf *echo)
{
	const struct variant_ops *ops = s->v->ops;
	struct order_check c = { s->v, s->pos, power, standing, NULL };
	struct strbuf split = STRBUF_INIT, none = STRBUF_INIT, all = STRBUF_INIT;
	struct accepted_set set = { NULL, 0, 0 };
	struct order_line out;
	const char *line;
	size_t len, from;
	int rejected = 0;

	assert(ops->check_line);
	struct strbuf *lines_to = echo && !whole ? echo : &none;
	if (!echo)
		echo = &none;
	from = echo->len;
	c.scratch = xcalloc(1, ops->check_scratch ? ops->check_scratch : 1);
	line_init(&out);
	text = split_orders(text, standing ? NULL : ops->separators, &split);
	while (str_next_line(&text, &line, &len)) {
		line_reset(&out);
		strbuf_addf(lines_to, "  %.*s\n", (int)len, line);
		if (ops->check_line(&c, line, len, &out) == ORDER_REJECTED) {
			echo_rejected(lines_to, out.why.buf, NULL);
			strbuf_add(lines_to, out.hint.buf, out.hint.len);
			rejected++;
			continue;
		}
		assert(out.replaces < set.n);
		echo_accepted(lines_to, out.shown.len ? out.shown.buf : out.canon.buf, out.replaces >= 0);
		set_put(&set, out.replaces, &out.canon);
	}
	for (int i = 0; i < set.n; i++) {
		strbuf_add(&all, set.order[i].buf, set.order[i].len);
		strbuf_addch(&all, '\n');
	}
	strbuf_add(accepted, all.buf, all.len);
	if (ops->check_done && (whole || standing || !s->phase.per_unit))
		ops->check_done(&c, rejected, all.buf, echo, from);
	line_release(&out);
	set_release(&set);
	free(c.scratch);
	strbuf_release(&all);
	strbuf_release(&split);
	strbuf_release(&none);
	return rejected;
}

int variant_has_standing(const struct variant *v)
{
	return v->ops->takes_standing;
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

	if (!standing && only_pass(text)) {
		struct strbuf passes = STRBUF_INIT;
		strbuf_addstr(echo, "  PASS\n");
		if (s->phase.can_pass) {
			strbuf_addf(&passes, "%s passes this phase", v->power[power].name);
			echo_accepted(echo, passes.buf, 0);
			strbuf_release(&passes);
			return 0;
		}
		echo_rejected(echo, "nobody may pass in this phase", NULL);
		return 1;
	}
	return check_set(s, power, standing, 0, text, accepted, echo);
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

	assert(!standing || variant_has_standing(v));
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
			echo_rejected(echo, " has nothing to order in this phase", v->power[p].name);
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
	struct strbuf both = STRBUF_INIT;

	if (!s->phase.per_unit || !old || !*old) {
		strbuf_addstr(out, fresh);
		return;
	}
	/* every line was accepted alone, so the family's own check of the
	 * two together, later lines last, is what replaces what */
	strbuf_addstr(&both, old);
	strbuf_addstr(&both, fresh);
	if (check_set(s, power, 0, 0, both.buf, out, NULL)) {
		strbuf_reset(out);        /* they do not go together: the mail's */
		strbuf_addstr(out, fresh);
	}
	strbuf_release(&both);
}

void variant_note(const struct vstate *s, int power, const char *stored, struct strbuf *note)
{
	struct strbuf canon = STRBUF_INIT;

	assert(s != NULL && s->pos != NULL && stored != NULL);
	if (s->phase.per_unit)
		check_set(s, power, 0, 1, stored, &canon, note);
	strbuf_release(&canon);
}

int variant_unordered(const struct vstate *s, int power, const char *stored)
{
	assert(s != NULL && s->pos != NULL && stored != NULL);
	return s->v->ops->unordered ? s->v->ops->unordered(s->v, s->pos, power, stored) : 0;
}
