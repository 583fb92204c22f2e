/*
 * web_report.c - a phase's report (history.report, the text every
 * player read in the results mail) laid out as HTML, and the family's
 * score table.  The report's shape is read, not its words: paragraphs
 * split by blank lines, a heading line, columns parted by two spaces or
 * more.  A paragraph headed by a power's name is that power's orders and
 * results; one whose heading has columns is a table with that header; a
 * paragraph whose lines all have columns is a table (a line indented
 * deeper than the one before continues its row: a wrapped list); anything
 * else (rounds of a phase, prose) stays preformatted text.  So every
 * family is shown through its own report, with no family's name here.
 */
#include <ctype.h>
#include <string.h>

#include "judge/web_int.h"

#define MAX_COLS 12

struct cell {
	const char *p;
	size_t n;
};

/* Split line into cells at runs of two or more spaces.  Returns the count. */
static int columns(const char *line, size_t len, struct cell *c, int max)
{
	size_t i = 0;
	int n = 0;

	while (i < len && line[i] == ' ')
		i++;
	while (i < len && n < max) {
		size_t start = i, end;
		while (i < len && !(line[i] == ' ' && i + 1 < len && line[i + 1] == ' '))
			i++;
		end = i;
		while (end > start && line[end - 1] == ' ')
			end--;
		c[n++] = (struct cell){ line + start, end - start };
		while (i < len && line[i] == ' ')
			i++;
	}
	return n;
}

static size_t indent(const char *line, size_t len)
{
	size_t i = 0;
	while (i < len && line[i] == ' ')
		i++;
	return i;
}

struct para {
	const char *head;
	size_t head_len;
	const char *lines[256];
	size_t len[256];
	int n;
};

/* A logical row of a table: a line, and the lines after it indented
 * deeper (a list the text wrapped), whose first cell continues the row's
 * last; a cell is up to MAX_SEGS such pieces. */
#define MAX_SEGS 6

struct row {
	struct cell seg[MAX_COLS][MAX_SEGS];
	int nseg[MAX_COLS];
	int n;
};

/* Fill *r with the logical row that starts at line i of p; returns the
 * line after it. */
static int row_at(const struct para *p, int i, struct row *r)
{
	struct cell c[MAX_COLS];
	size_t base = indent(p->lines[i], p->len[i]);

	r->n = columns(p->lines[i], p->len[i], c, MAX_COLS);
	for (int k = 0; k < r->n; k++)
		r->seg[k][0] = c[k], r->nseg[k] = 1;
	for (i++; i < p->n && indent(p->lines[i], p->len[i]) > base; i++) {
		int m = columns(p->lines[i], p->len[i], c, MAX_COLS);
		for (int k = 0; k < m; k++) {
			int last = r->n - 1;
			if (k == 0 && last >= 0 && r->nseg[last] < MAX_SEGS)
				r->seg[last][r->nseg[last]++] = c[0];
			else if (r->n < MAX_COLS)
				r->seg[r->n][0] = c[k], r->nseg[r->n++] = 1;
		}
	}
	return i;
}

/* A row of a table: the first cell heads it. */
static void cells_row(struct strbuf *out, const struct row *r, int width)
{
	strbuf_addstr(out, "<tr>");
	for (int k = 0; k < width; k++) {
		strbuf_addstr(out, k ? "<td>" : "<th scope=\"row\">");
		for (int j = 0; k < r->n && j < r->nseg[k]; j++) {
			if (j)
				strbuf_addch(out, ' ');
			web_escn(out, r->seg[k][j].p, r->seg[k][j].n);
		}
		strbuf_addstr(out, k ? "</td>" : "</th>");
	}
	strbuf_addstr(out, "</tr>\n");
}

/* A power's orders: one row per order, its outcome apart; a line indented
 * deeper than the orders continues the row before. */
static void orders_table(const struct para *p, struct strbuf *out)
{
	size_t base = p->n ? indent(p->lines[0], p->len[0]) : 0;

	strbuf_addstr(out, "<div class=\"scroll\"><table class=\"orders\">\n<caption>");
	web_escn(out, p->head, p->head_len);
	strbuf_addstr(out, "</caption>\n<thead><tr><th scope=\"col\">Order</th>"
	              "<th scope=\"col\">Result</th></tr></thead>\n<tbody>\n");
	for (int i = 0; i < p->n; i++) {
		struct cell c[2];
		int n = columns(p->lines[i], p->len[i], c, 2);
		if (indent(p->lines[i], p->len[i]) > base && i > 0)
			strbuf_addstr(out, "<tr class=\"more\">");
		else
			strbuf_addstr(out, "<tr>");
		strbuf_addstr(out, "<td>");
		if (n > 0)
			web_escn(out, c[0].p, c[0].n);
		strbuf_addstr(out, "</td><td>");
		if (n > 1) {
			/* "(no order: holds)": the parentheses were for the text's
			 * columns */
			if (c[1].n >= 2 && c[1].p[0] == '(' && c[1].p[c[1].n - 1] == ')')
				web_escn(out, c[1].p + 1, c[1].n - 2);
			else
				web_escn(out, c[1].p, c[1].n);
		}
		strbuf_addstr(out, "</td></tr>\n");
	}
	strbuf_addstr(out, "</tbody></table></div>\n");
}

/* A table if every logical row (row_at) has 2 columns or more (a short
 * row, "Unowned 13", is padded), and the heading's columns, if it has as
 * many as the widest row, as its header. */
static int try_table(const struct para *p, struct strbuf *out)
{
	struct cell h[MAX_COLS];
	struct row r;
	int width = 0, nh = columns(p->head, p->head_len, h, MAX_COLS);

	for (int i = 0; i < p->n;) {
		i = row_at(p, i, &r);
		if (r.n < 2)
			return 0;
		if (r.n > width)
			width = r.n;
	}
	if (!p->n || width < 2)
		return 0;
	strbuf_addstr(out, "<div class=\"scroll\"><table>\n");
	if (nh == width) {
		strbuf_addstr(out, "<thead><tr>");
		for (int k = 0; k < nh; k++) {
			strbuf_addstr(out, "<th scope=\"col\">");
			web_escn(out, h[k].p, h[k].n);
			strbuf_addstr(out, "</th>");
		}
		strbuf_addstr(out, "</tr></thead>\n");
	} else {
		strbuf_addstr(out, "<caption>");
		web_escn(out, p->head, p->head_len);
		strbuf_addstr(out, "</caption>\n");
	}
	strbuf_addstr(out, "<tbody>\n");
	for (int i = 0; i < p->n;) {
		i = row_at(p, i, &r);
		cells_row(out, &r, width);
	}
	strbuf_addstr(out, "</tbody></table></div>\n");
	return 1;
}

static void para_html(const struct variant *v, const struct para *p, struct strbuf *out)
{
	size_t hl = p->head_len;

	while (hl && (p->head[hl - 1] == ':' || p->head[hl - 1] == ' '))
		hl--;
	if (p->n && variant_power_by_name(v, p->head, hl) >= 0) {
		struct para q = *p;
		q.head_len = hl;
		orders_table(&q, out);
		return;
	}
	/* a heading is followed by indented lines only; else the first line
	 * was prose wrapped onto the next (the diceless game's notes) */
	for (int i = 0; i < p->n; i++)
		if (!indent(p->lines[i], p->len[i])) {
			strbuf_addstr(out, "<pre>");
			web_escn(out, p->head, p->head_len);
			strbuf_addch(out, '\n');
			for (int k = 0; k < p->n; k++) {
				web_escn(out, p->lines[k], p->len[k]);
				strbuf_addch(out, '\n');
			}
			strbuf_addstr(out, "</pre>\n");
			return;
		}
	if (try_table(p, out))
		return;
	strbuf_addstr(out, "<h3>");
	web_escn(out, p->head, hl);
	strbuf_addstr(out, "</h3>\n");
	if (!p->n)
		return;
	strbuf_addstr(out, "<pre>");
	for (int i = 0; i < p->n; i++) {
		web_escn(out, p->lines[i], p->len[i]);
		strbuf_addch(out, '\n');
	}
	strbuf_addstr(out, "</pre>\n");
}

void web_report_html(const struct variant *v, const char *report, struct strbuf *out)
{
	const char *rest = report, *end = report + strlen(report), *line;
	size_t len;
	struct para p = { 0 };

	while (1) {
		/* every line as it is: the blank ones part paragraphs, and the
		 * indentation says what continues what */
		int more = mem_next_line(&rest, end, &line, &len);
		int blank = !more || indent(line, len) == len;
		if (blank) {
			if (p.head)
				para_html(v, &p, out);
			memset(&p, 0, sizeof p);
			if (!more)
				break;
			continue;
		}
		/* the heading is the paragraph's first line, unless it is
		 * indented (a paragraph of items only) */
		if (!p.head && !indent(line, len)) {
			p.head = line;
			p.head_len = len;
		} else if (!p.head) {
			p.head = "";
			p.head_len = 0;
			p.lines[p.n] = line;
			p.len[p.n++] = len;
		} else if (p.n < (int)(sizeof p.lines / sizeof p.lines[0])) {
			p.lines[p.n] = line;
			p.len[p.n++] = len;
		}
	}
}

void web_score_table(const struct variant *v, const char *state, struct strbuf *out)
{
	struct vstate vs;
	struct variant_score sc;

	if (vstate_open(&vs, v, state))
		return;
	variant_score(&vs, &sc);
	strbuf_addstr(out, "<div class=\"scroll\"><table class=\"score\">\n<caption>Standing after "
	              "this phase</caption>\n<thead><tr><th scope=\"col\">Power</th>");
	for (int m = 0; m < sc.nmeasures; m++) {
		strbuf_addstr(out, "<th scope=\"col\">");
		web_esc(out, sc.measure[m].label);
		strbuf_addstr(out, "</th>");
	}
	strbuf_addstr(out, "</tr></thead>\n<tbody>\n");
	for (int p = 0; p < v->npowers; p++) {
		strbuf_addstr(out, "<tr><th scope=\"row\">");
		web_esc(out, v->power[p].name);
		strbuf_addstr(out, "</th>");
		for (int m = 0; m < sc.nmeasures; m++)
			strbuf_addf(out, "<td>%d</td>", sc.measure[m].of[p]);
		strbuf_addstr(out, "</tr>\n");
	}
	strbuf_addstr(out, "</tbody></table></div>\n");
	vstate_close(&vs);
}
