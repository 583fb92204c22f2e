/*
 * variant_cases.c - rules cases for every family, through the front layer.
 *
 * `judge cases FILE` comes here.  The file's VARIANT_ALL line names the
 * variant; a family with a case format of its own (Diplomacy's jDip
 * format, ops->cases) reads the file itself, and every other family is
 * run with the generic format below, which needs nothing of the family
 * but its interface: a state in the family's own text, orders as players
 * mail them, and the chance, giving a next state and a report to check.
 * The format is documented in variants/FORMAT.md ("Case files"):
 *
 *     VARIANT_ALL Diceless
 *     CASE 4.1 a name
 *     STATE                   the family's state text, as stored
 *     ...
 *     ORDERS                  "Power: line", checked as if mailed
 *     STANDING                "Power: line", standing instructions
 *     SEED hex                this phase's seed (64 hex digits; default 0s)
 *     NEXT_SEED hex
 *     KEY Power hex           a power's game key
 *     ECHO                    lines the order echo must contain
 *     ECHO_NOT                lines (or parts of lines) it must not contain
 *     POSTSTATE               lines the next state must contain
 *     POSTSTATE_NOT           lines (or parts of lines) it must not contain
 *     REPORT                  lines the report to everyone must contain
 *     PRIVATE Power           lines that power's own report must contain
 *     END
 *
 * A power whose orders have a rejected line contributes none, as by mail.
 * With t->verbose (judge cases under $JUDGE_CASES_VERBOSE), a failing
 * case prints its echo, report and next state, for whoever is writing it.
 */
#include <ctype.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "variants/variant.h"

enum section { S_NONE, S_STATE, S_ORDERS, S_STANDING, S_ECHO, S_ECHO_NOT, S_POST, S_POST_NOT,
	S_REPORT, S_PRIVATE };

static const struct { const char *word; enum section s; } headers[] = {
	{ "STATE", S_STATE }, { "ORDERS", S_ORDERS }, { "STANDING", S_STANDING },
	{ "ECHO", S_ECHO }, { "ECHO_NOT", S_ECHO_NOT }, { "POSTSTATE", S_POST },
	{ "POSTSTATE_NOT", S_POST_NOT },
	{ "REPORT", S_REPORT },
	{ "PRIVATE", S_PRIVATE },
};

struct gcase {
	char id[96];
	char error[300];
	enum section sec;
	int private_power;
	struct strbuf state, echo_want, echo_not, post_want, post_not, report_want, private_want;
	struct strbuf *orders, *standing;         /* [npowers] */
	unsigned char seed[VARIANT_SEED_BYTES], next_seed[VARIANT_SEED_BYTES];
	unsigned char *keys;                      /* npowers x VARIANT_SEED_BYTES */
};

static void case_init(struct gcase *c, const struct variant *v, const char *id)
{
	memset(c, 0, sizeof *c);
	snprintf(c->id, sizeof c->id, "%s", *id ? id : "(no id)");
	strbuf_init(&c->state);
	strbuf_init(&c->echo_want);
	strbuf_init(&c->echo_not);
	strbuf_init(&c->post_want);
	strbuf_init(&c->post_not);
	strbuf_init(&c->report_want);
	strbuf_init(&c->private_want);
	c->orders = xcalloc((size_t)v->npowers, sizeof *c->orders);
	c->standing = xcalloc((size_t)v->npowers, sizeof *c->standing);
	for (int p = 0; p < v->npowers; p++) {
		strbuf_init(&c->orders[p]);
		strbuf_init(&c->standing[p]);
	}
	c->keys = xcalloc((size_t)v->npowers, VARIANT_SEED_BYTES);
	c->private_power = -1;
}

static void case_free(struct gcase *c, const struct variant *v)
{
	strbuf_release(&c->state);
	strbuf_release(&c->echo_want);
	strbuf_release(&c->echo_not);
	strbuf_release(&c->post_want);
	strbuf_release(&c->post_not);
	strbuf_release(&c->report_want);
	strbuf_release(&c->private_want);
	for (int p = 0; p < v->npowers; p++) {
		strbuf_release(&c->orders[p]);
		strbuf_release(&c->standing[p]);
	}
	free(c->orders);
	free(c->standing);
	free(c->keys);
}

static void case_error(struct gcase *c, const char *path, int lineno, const char *what)
{
	if (!c->error[0])
		snprintf(c->error, sizeof c->error, "%s:%d: %s", path, lineno, what);
}

/* "Power" at the start of s (name or letter), then ':' or a blank: the
 * power, with *rest after it; -1 if none. */
static int power_prefix(const struct variant *v, const char *s, const char **rest)
{
	size_t n = strcspn(s, ": \t");
	int p = variant_power_by_name(v, s, n);

	if (p < 0 && n == 1)
		p = variant_power_by_letter(v, s[0]);
	s += n;
	while (*s == ':' || isspace((unsigned char)*s))
		s++;
	*rest = s;
	return p;
}

static int hex_seed(const char *hex, unsigned char *out)
{
	size_t n = 0;
	return sodium_hex2bin(out, VARIANT_SEED_BYTES, hex, strlen(hex), NULL, &n, NULL) || n != VARIANT_SEED_BYTES
	       ? -1 : 0;
}

/* Every line of want must be a line (or, loose, a part of a line) of got;
 * the ones that are not are added to why. */
static void expect_lines(const char *want, const char *got, const char *what, struct strbuf *why)
{
	const char *line;
	size_t len;

	while (str_next_line(&want, &line, &len)) {
		char needle[512];
		snprintf(needle, sizeof needle, "%.*s", (int)len, line);
		if (!strstr(got, needle))
			strbuf_addf(why, " %s lacks '%s';", what, needle);
	}
}

/* No line of unwanted may be part of got. */
static void refuse_lines(const char *unwanted, const char *got, const char *what, struct strbuf *why)
{
	const char *line;
	size_t len;

	while (str_next_line(&unwanted, &line, &len)) {
		char needle[512];
		snprintf(needle, sizeof needle, "%.*s", (int)len, line);
		if (strstr(got, needle))
			strbuf_addf(why, " %s has '%s';", what, needle);
	}
}

/* Run case c: check the orders, adjudicate, compare. */
static void run_case(const struct variant *v, struct gcase *c, struct case_tally *t)
{
	struct strbuf why = STRBUF_INIT, echo = STRBUF_INIT, next = STRBUF_INIT;
	struct strbuf *acc = xcalloc((size_t)v->npowers, sizeof *acc);
	struct strbuf *sacc = xcalloc((size_t)v->npowers, sizeof *sacc);
	struct order_set *sets = xcalloc((size_t)v->npowers, sizeof *sets);
	struct order_set *stand = xcalloc((size_t)v->npowers, sizeof *stand);
	struct variant_report *rep = variant_report_new();
	struct vstate s;
	struct game_end end;
	int nsets = 0, nstand = 0;

	for (int p = 0; p < v->npowers; p++) {
		strbuf_init(&acc[p]);
		strbuf_init(&sacc[p]);
	}
	if (!c->error[0] && vstate_open(&s, v, c->state.buf))
		snprintf(c->error, sizeof c->error, "STATE: %s", fail_text());
	if (!c->error[0]) {
		for (int p = 0; p < v->npowers; p++) {
			struct power_set one = { { 0 } }, given;
			pset_add(&one, p);
			if (c->standing[p].len && variant_has_standing(v)) {
				if (!variant_check(&s, &one, p, 1, c->standing[p].buf, sacc, &given, &echo)) {
					stand[nstand].power = p;
					stand[nstand++].text = sacc[p].buf;
				}
			}
			if (!c->orders[p].len)
				continue;
			if (!variant_check(&s, &one, p, 0, c->orders[p].buf, acc, &given, &echo) &&
			    pset_has(&given, p)) {
				sets[nsets].power = p;
				sets[nsets++].text = acc[p].buf;
			}
		}
		struct variant_chance chance = { c->seed, c->next_seed, c->keys };
		if (variant_adjudicate(&s, sets, nsets, stand, nstand, &chance, &next, rep, &end))
			strbuf_addf(&why, " %s;", fail_text());
		vstate_close(&s);
		expect_lines(c->echo_want.buf, echo.buf, "echo", &why);
		refuse_lines(c->echo_not.buf, echo.buf, "echo", &why);
		expect_lines(c->post_want.buf, next.buf, "next state", &why);
		refuse_lines(c->post_not.buf, next.buf, "next state", &why);
		expect_lines(c->report_want.buf, rep->all.buf, "report", &why);
		if (c->private_power >= 0)
			expect_lines(c->private_want.buf, rep->power[c->private_power].buf, "private report", &why);
	}
	if (c->error[0]) {
		printf("CASE %s: FAIL: %s\n", c->id, c->error);
		t->failed++;
	} else if (why.len) {
		printf("CASE %s: FAIL:%s\n", c->id, why.buf);
		if (t->verbose)   /* for whoever writes the case */
			printf("--- echo\n%s--- report\n%s--- next state\n%s---\n", echo.buf, rep->all.buf, next.buf);
		t->failed++;
	} else {
		printf("CASE %s: PASS\n", c->id);
		t->passed++;
	}
	for (int p = 0; p < v->npowers; p++) {
		strbuf_release(&acc[p]);
		strbuf_release(&sacc[p]);
	}
	free(acc);
	free(sacc);
	free(sets);
	free(stand);
	variant_report_free(rep);
	strbuf_release(&why);
	strbuf_release(&echo);
	strbuf_release(&next);
}

/* One line of a case: a keyword, or a line of the open section. */
static void case_line(const struct variant *v, struct gcase *c, const char *path, int lineno,
                      const char *line)
{
	char word[32] = "";
	const char *arg, *rest;

	sscanf(line, "%31s", word);
	arg = line + strlen(word);
	while (isspace((unsigned char)*arg))
		arg++;
	for (size_t i = 0; i < sizeof headers / sizeof headers[0]; i++)
		if (!strcmp(word, headers[i].word)) {
			c->sec = headers[i].s;
			if (c->sec == S_PRIVATE && (c->private_power = power_prefix(v, arg, &rest)) < 0)
				case_error(c, path, lineno, "PRIVATE needs a power");
			return;
		}
	if (!strcmp(word, "SEED") || !strcmp(word, "NEXT_SEED")) {
		if (hex_seed(arg, word[0] == 'S' ? c->seed : c->next_seed))
			case_error(c, path, lineno, "a seed is 64 hex digits");
		c->sec = S_NONE;
		return;
	}
	if (!strcmp(word, "KEY")) {
		int p = power_prefix(v, arg, &rest);
		if (p < 0 || hex_seed(rest, c->keys + (size_t)p * VARIANT_SEED_BYTES))
			case_error(c, path, lineno, "KEY needs a power and 64 hex digits");
		c->sec = S_NONE;
		return;
	}
	switch (c->sec) {
	case S_STATE:
		strbuf_addf(&c->state, "%s\n", line);
		break;
	case S_ORDERS:
	case S_STANDING: {
		int p = power_prefix(v, line, &rest);
		if (p < 0)
			case_error(c, path, lineno, "expected 'Power: line'");
		else
			strbuf_addf(&(c->sec == S_ORDERS ? c->orders : c->standing)[p], "%s\n", rest);
		break;
	}
	case S_ECHO:
		strbuf_addf(&c->echo_want, "%s\n", line);
		break;
	case S_ECHO_NOT:
		strbuf_addf(&c->echo_not, "%s\n", line);
		break;
	case S_POST:
		strbuf_addf(&c->post_want, "%s\n", line);
		break;
	case S_POST_NOT:
		strbuf_addf(&c->post_not, "%s\n", line);
		break;
	case S_REPORT:
		strbuf_addf(&c->report_want, "%s\n", line);
		break;
	case S_PRIVATE:
		strbuf_addf(&c->private_want, "%s\n", line);
		break;
	default:
		case_error(c, path, lineno, "a line outside any section");
	}
}

/* The generic format: every case of text. */
static void generic_cases(const struct variant *v, const char *path, const char *text,
                          struct case_tally *t)
{
	struct lines r = LINES_INIT(text);
	const char *line;
	size_t len;
	int lineno = 1, in_case = 0;
	struct gcase *c = xmalloc(sizeof *c);

	while (lines_next(&r, &line, &len)) {
		char buf[1024];
		lineno = r.lineno;
		snprintf(buf, sizeof buf, "%.*s", (int)len, line);
		if (buf[0] == '#' || !strncmp(buf, "VARIANT_ALL", 11))
			continue;
		if (!strncmp(buf, "CASE", 4) && (!buf[4] || isspace((unsigned char)buf[4]))) {
			if (in_case) {
				case_error(c, path, lineno, "CASE without END before it");
				run_case(v, c, t);
				case_free(c, v);
			}
			case_init(c, v, str_trim(buf + 4));
			in_case = 1;
		} else if (!in_case) {
			fprintf(stderr, "%s:%d: line outside a case, ignored\n", path, lineno);
		} else if (!strcmp(buf, "END")) {
			run_case(v, c, t);
			case_free(c, v);
			in_case = 0;
		} else {
			case_line(v, c, path, lineno, buf);
		}
	}
	if (in_case) {
		case_error(c, path, lineno, "file ends inside a case (no END)");
		run_case(v, c, t);
		case_free(c, v);
	}
	free(c);
}

int variant_cases(const char *path, struct case_tally *t)
{
	struct strbuf text = STRBUF_INIT;
	char name[64] = "Standard";
	const char *p, *line;
	size_t len;
	const struct variant *v;

	if (strbuf_read_file(&text, path)) {
		strbuf_release(&text);
		return -1;
	}
	/* the variant: the first VARIANT_ALL line, Standard without one (as jDip) */
	p = text.buf;
	while (str_next_line(&p, &line, &len))
		if (len > 11 && !strncmp(line, "VARIANT_ALL", 11)) {
			snprintf(name, sizeof name, "%.*s", (int)(len - 11), line + 11);
			break;
		}
	if (!(v = variant_find(str_trim(name), NULL))) {
		char why[600];
		snprintf(why, sizeof why, "%s", fail_text());
		strbuf_release(&text);
		return fail("%s: %s", path, why);
	}
	if (v->ops->cases)
		v->ops->cases(v, path, text.buf, t);
	else
		generic_cases(v, path, text.buf, t);
	strbuf_release(&text);
	return 0;
}
