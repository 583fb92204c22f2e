/*
 * pelo_picture_test.c - the Peloponnesian operations picture tells what
 * happened (issue 27, point 4): on the fixture tests/picture/
 * peloponnesian-battles.state with the zero seed, the scene the family
 * fills has a mark for each interception, battle (its winner's colour and
 * the losses), siege and ravaging the results tell, at the right space;
 * drawn without the phase's chance, or as a position, it has none.  The
 * scene is checked, not the pixels, so that a change of style does not
 * hide a lost event and a lost event is not hidden by a tolerant
 * comparison of pictures.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/error.h"
#include "picture/pic.h"
#include "tests/check.h"
#include "variants/variant.h"

/* The phase's orders, power by power, as the players mailed them. */
static const struct {
	const char *power, *orders;
} mailed[] = {
	{ "Athens", "attack Gythium from Piraeus with 6 ships leader Phormio\n"
	            "attack Megara from Athens with 7 hoplites 1 cavalry leader Pericles\n" },
	{ "Sparta", "attack Athens from Sparta with 5 hoplites leader Archidamus\n"
	            "attack Plataea from Corinth with 2 hoplites\n" },
};

/* What the results say happened, each a mark the scene must hold. */
static const struct {
	const char *space;
	int kind;
	const char *power;     /* whose colour, NULL for none */
	int failed;
	const char *text;
} expected[] = {
	{ "gyt", PIC_MARK_BATTLE, "Athens", 0, "ath won, spa -1" },
	{ "gyt", PIC_MARK_SIEGE, "Athens", 0, "taken by ath" },
	{ "ele", PIC_MARK_INTERCEPT, "Athens", 0, "ath intercepts" },
	{ "ele", PIC_MARK_BATTLE, "Athens", 0, "ath won, spa -4 meg -1" },
	{ "meg", PIC_MARK_RAVAGE, "Athens", 0, "ravaged by ath" },
	{ "meg", PIC_MARK_INTERCEPT, "Athens", 0, "ath intercepts" },
	{ "pag", PIC_MARK_INTERCEPT, "Athens", 1, "ath fails to intercept" },
	{ "pla", PIC_MARK_BATTLE, "Athens", 0, "ath won, cor -2" },
};

static int power_index(const struct pic_scene *s, const char *name)
{
	for (int p = 0; name && p < s->npowers; p++)
		if (!strcmp(s->power[p].name, name))
			return p;
	return -1;
}

int main(void)
{
	const char *top = getenv("top_srcdir") ? getenv("top_srcdir") : JUDGE_SRCDIR;
	char path[1024];
	unsigned char seed[VARIANT_SEED_BYTES] = { 0 };
	struct variant_chance chance = { seed, seed, NULL };
	struct strbuf state = STRBUF_INIT, next = STRBUF_INIT, echo = STRBUF_INIT;
	struct order_set sets[VARIANT_MAX_POWERS];
	struct vstate before, after;
	struct game_end end = { 0 };
	const struct variant *v = variant_find("peloponnesian", NULL);
	int nsets = 0;

	snprintf(path, sizeof path, "%s/tests/picture/peloponnesian-battles.state", top);
	if (!v || variant_geo(v) || strbuf_read_file(&state, path) < 0 || vstate_open(&before, v, state.buf))
		check_abort("cannot read the fixture: %s", fail_text());
	struct strbuf *accepted = xcalloc((size_t)v->npowers, sizeof *accepted);
	chance.keys = xcalloc((size_t)v->npowers, VARIANT_SEED_BYTES);
	for (size_t i = 0; i < sizeof mailed / sizeof mailed[0]; i++) {
		struct power_set seat = { 0 }, given = { 0 };
		int p = 0;
		while (p < v->npowers && strcmp(v->power[p].name, mailed[i].power))
			p++;
		pset_add(&seat, p);
		strbuf_init(&accepted[p]);
		CHECK(!variant_check(&before, &seat, p, 0, mailed[i].orders, accepted, &given, &echo),
		      "%s's orders rejected: %s", mailed[i].power, echo.buf);
		sets[nsets++] = (struct order_set){ p, accepted[p].buf };
	}
	struct variant_report *report = variant_report_new();
	if (variant_adjudicate(&before, sets, nsets, NULL, 0, &chance, &next, report, &end) ||
	    vstate_open(&after, v, next.buf))
		check_abort("cannot adjudicate the fixture: %s", fail_text());

	struct pic_scene *s = xmalloc(sizeof *s);
	pic_scene_init(s);
	v->ops->picture(v, before.pos, sets, nsets, NULL, 0, &chance, after.pos, s);
	CHECK_EQ(s->nmarks, (int)(sizeof expected / sizeof expected[0]));
	for (size_t i = 0; i < sizeof expected / sizeof expected[0]; i++) {
		int place = pic_geo_place(v->geo, expected[i].space), found = 0;
		for (int k = 0; k < s->nmarks; k++) {
			const struct pic_mark *m = &s->mark[k];
			if (m->place != place || m->kind != expected[i].kind)
				continue;
			found = 1;
			CHECK_EQ(m->power, power_index(s, expected[i].power));
			CHECK_EQ(m->failed, expected[i].failed);
			CHECK_STR(expected[i].space, m->text, expected[i].text);
		}
		CHECK(found, "no mark of kind %d at %s", expected[i].kind, expected[i].space);
	}
	/* the marks are in the order things happened: a reader follows them */
	CHECK(s->nmarks > 1 && s->mark[0].place == pic_geo_place(v->geo, "gyt") &&
	      s->mark[s->nmarks - 1].place == pic_geo_place(v->geo, "pla"),
	      "the marks are not in the order of the results");

	/* no chance, or a position: nothing to tell */
	pic_scene_init(s);
	v->ops->picture(v, before.pos, sets, nsets, NULL, 0, NULL, after.pos, s);
	CHECK_EQ(s->nmarks, 0);
	pic_scene_init(s);
	v->ops->picture(v, NULL, NULL, 0, NULL, 0, NULL, after.pos, s);
	CHECK_EQ(s->nmarks, 0);
	return check_done("pelo_picture_test");
}
