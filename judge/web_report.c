/*
 * web_report.c - a phase's report (history.report, the text every
 * player read in the results mail) laid out as HTML, and the family's
 * score table.  The report's shape is read, not its words, so every
 * family is shown through its own report with no family's name here:
 * paragraphs split by blank lines; in one, items (a line and the lines
 * that wrap it: a break after a comma, or hanging deeper than a child
 * would); an item at the left edge is prose, or heads the items indented
 * under it.  Those are a power's orders and results if it names a power,
 * a table if each has columns (parted by two spaces or more), else a
 * list, nested as deep as the indentation goes.  No <pre>: it wraps on a
 * phone and its columns no longer line up.
 */
#include <ctype.h>
#include <string.h>

#include "base/wrap.h"
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

/* A paragraph's lines as they are; items (item_at) group them. */
struct para {
	const char *lines[256];
	size_t len[256];
	int n;
};

/* A logical line of a paragraph: a line and the lines that continue it
 * (text the report wrapped), at its indentation. */
struct item {
	int first, n;
	size_t ind;
};

/* The characters of s[0..n) (UTF-8: the bytes that start one), as
 * wrap.c counts a line's width. */
static size_t chars(const char *s, size_t n)
{
	size_t c = 0;
	for (size_t i = 0; i < n; i++)
		c += ((unsigned char)s[i] & 0xC0) != 0x80;
	return c;
}

/* 1 if line prev, prose, was broken before next's first word: the word
 * would not have fitted on it in the width every report is wrapped to
 * (base/wrap.h).  A line a report ends early (a heading, an item whose
 * children follow) had room for it. */
static int broken_before(const char *prev, size_t pl, const char *next, size_t nl)
{
	size_t in = indent(next, nl), w = in;

	/* a row of columns (two spaces or more apart) is as long as its
	 * table makes it, not wrapped */
	for (size_t i = indent(prev, pl); i + 1 < pl; i++)
		if (prev[i] == ' ' && prev[i + 1] == ' ')
			return 0;
	while (w < nl && next[w] != ' ')
		w++;
	return chars(prev, pl) + 1 + chars(next + in, w - in) > WRAP_WIDTH;
}

/* 1 if the line next, after prev, continues the item whose first line is
 * indented base rather than starting an item of its own.  Wrapped text
 * breaks after a comma or semicolon; or where the next word did not fit,
 * and hangs deeper than the item's first line: two spaces in a family's
 * paragraphs (WRAP_HANG), as deep as a child item would sit, so the
 * width tells them apart ("Minor city-states and kingdoms" heads its
 * children, "... by land: Sparta - Tegea -" goes on); or, in text
 * wrapped narrower, mid-sentence and hanging deeper than a child: "Round
 * 1:", "Attica (Athens 2)" and "... Sparta." head children instead. */
static int continues(const char *prev, size_t pl, const char *next, size_t nl, size_t base)
{
	char c = prev[pl - 1];
	size_t ind = indent(next, nl);

	if (c == ',' || c == ';')
		return ind > base || (ind == 0 && base == 0);
	if (ind > base && broken_before(prev, pl, next, nl))
		return 1;
	return ind >= base + 4 && isalnum((unsigned char)c);
}

/* Split p's lines into items; returns their count. */
static int items_of(const struct para *p, struct item *it)
{
	int n = 0;

	for (int i = 0; i < p->n;) {
		struct item *t = &it[n++];
		t->first = i;
		t->ind = indent(p->lines[i], p->len[i]);
		for (i++; i < p->n; i++) {
			const char *prev = p->lines[i - 1];
			size_t pl = p->len[i - 1];
			if (!pl || !continues(prev, pl, p->lines[i], p->len[i], t->ind))
				break;
		}
		t->n = i - t->first;
	}
	return n;
}

/* The end of the children of item k (the items after it indented deeper). */
static int kids_end(const struct item *it, int n, int k)
{
	int e = k + 1;
	while (e < n && it[e].ind > it[k].ind)
		e++;
	return e;
}

/* An item's text on one line, its columns and wraps run together (HTML
 * collapses the spaces). */
static void item_text(const struct para *p, const struct item *t, struct strbuf *out)
{
	for (int i = t->first; i < t->first + t->n; i++) {
		size_t in = indent(p->lines[i], p->len[i]), l = p->len[i];
		while (l > in && p->lines[i][l - 1] == ' ')
			l--;
		if (i > t->first)
			strbuf_addch(out, ' ');
		web_escn(out, p->lines[i] + in, l - in);
	}
}

/* A logical row of a table: an item's first line's columns; a wrapped
 * line's first cell continues the row's last cell, its others follow.  A
 * cell is up to MAX_SEGS such pieces. */
#define MAX_SEGS 6

struct row {
	struct cell seg[MAX_COLS][MAX_SEGS];
	int nseg[MAX_COLS];
	int n;
};

static void row_of(const struct para *p, const struct item *t, struct row *r)
{
	struct cell c[MAX_COLS];
	int i = t->first;

	r->n = columns(p->lines[i], p->len[i], c, MAX_COLS);
	for (int k = 0; k < r->n; k++)
		r->seg[k][0] = c[k], r->nseg[k] = 1;
	for (i++; i < t->first + t->n; i++) {
		int m = columns(p->lines[i], p->len[i], c, MAX_COLS);
		for (int k = 0; k < m; k++) {
			int last = r->n - 1;
			if (k == 0 && last >= 0 && r->nseg[last] < MAX_SEGS)
				r->seg[last][r->nseg[last]++] = c[0];
			else if (r->n < MAX_COLS)
				r->seg[r->n][0] = c[k], r->nseg[r->n++] = 1;
		}
	}
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

/* End the caption begun in out: a text line heads what follows with a
 * colon ("Carthage:", "Units:"), which a table's caption, set above the
 * table, has no use for. */
static void caption_end(struct strbuf *out)
{
	while (out->len && (out->buf[out->len - 1] == ' ' || out->buf[out->len - 1] == ':'))
		strbuf_setlen(out, out->len - 1);
	strbuf_addstr(out, "</caption>\n");
}

/* A power's orders (the lines from..to of p): one row per order, its
 * outcome apart, "succeeds" where the report says nothing against it; a
 * line indented deeper than the orders continues the row before. */
static void orders_table(const struct para *p, const char *head, size_t hl, int from, int to,
                         struct strbuf *out)
{
	size_t base = indent(p->lines[from], p->len[from]);

	strbuf_addstr(out, "<div class=\"scroll\"><table class=\"orders\">\n<caption>");
	web_escn(out, head, hl);
	caption_end(out);
	strbuf_addstr(out, "<thead><tr><th scope=\"col\">Order</th>"
	              "<th scope=\"col\">Result</th></tr></thead>\n<tbody>\n");
	for (int i = from; i < to; i++) {
		struct cell c[2];
		int n = columns(p->lines[i], p->len[i], c, 2);
		int more = indent(p->lines[i], p->len[i]) > base && i > from;
		strbuf_addstr(out, more ? "<tr class=\"more\"><td>" : "<tr><td>");
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
		} else if (!more) {
			strbuf_addstr(out, "succeeds");
		}
		strbuf_addstr(out, "</td></tr>\n");
	}
	strbuf_addstr(out, "</tbody></table></div>\n");
}

/* The items a..b (children of head, which may be NULL) as a table, if
 * none has children and each has 2 columns or more, short rows padded
 * ("Unowned 13"); one-column items at the end (a legend, a line of
 * prose) follow the table as notes.  The heading's columns, if it has as
 * many as the widest row, head the table; else it is its caption. */
static int try_table(const struct para *p, const struct item *it, int a, int b,
                     const struct item *head, struct strbuf *out)
{
	struct cell h[MAX_COLS];
	struct row r;
	int width = 0, nh = 0, rows = b;

	for (int k = a; k < b; k++)
		if (it[k].ind != it[a].ind)
			return 0;
	while (rows > a) {
		row_of(p, &it[rows - 1], &r);
		if (r.n > 1)
			break;
		rows--;
	}
	for (int k = a; k < rows; k++) {
		row_of(p, &it[k], &r);
		if (r.n < 2)
			return 0;
		if (r.n > width)
			width = r.n;
	}
	if (rows == a)
		return 0;
	if (head)
		nh = columns(p->lines[head->first], p->len[head->first], h, MAX_COLS);
	strbuf_addstr(out, "<div class=\"scroll\"><table>\n");
	if (head && nh == width && head->n == 1) {
		strbuf_addstr(out, "<thead><tr>");
		for (int k = 0; k < nh; k++) {
			strbuf_addstr(out, "<th scope=\"col\">");
			web_escn(out, h[k].p, h[k].n);
			strbuf_addstr(out, "</th>");
		}
		strbuf_addstr(out, "</tr></thead>\n");
	} else if (head) {
		strbuf_addstr(out, "<caption>");
		item_text(p, head, out);
		caption_end(out);
	}
	strbuf_addstr(out, "<tbody>\n");
	for (int k = a; k < rows; k++) {
		row_of(p, &it[k], &r);
		cells_row(out, &r, width);
	}
	strbuf_addstr(out, "</tbody></table></div>\n");
	for (int k = rows; k < b; k++) {
		strbuf_addstr(out, "<p class=\"note\">");
		item_text(p, &it[k], out);
		strbuf_addstr(out, "</p>\n");
	}
	return 1;
}

/* The items a..b as a list, each with its own children nested. */
static void item_list(const struct para *p, const struct item *it, int a, int b, struct strbuf *out)
{
	strbuf_addstr(out, "<ul>\n");
	for (int k = a; k < b;) {
		int e = kids_end(it, b, k);
		strbuf_addstr(out, "<li>");
		item_text(p, &it[k], out);
		if (e > k + 1 && !try_table(p, it, k + 1, e, NULL, out))
			item_list(p, it, k + 1, e, out);
		strbuf_addstr(out, "</li>\n");
		k = e;
	}
	strbuf_addstr(out, "</ul>\n");
}

/* A paragraph: each item at its left edge is prose, or heads what is
 * indented under it: a power's orders, a table, or a list. */
static void para_html(const struct variant *v, const struct para *p, struct strbuf *out)
{
	struct item it[256];
	int n = items_of(p, it);

	for (int k = 0; k < n;) {
		int e = kids_end(it, n, k);
		const char *h = p->lines[it[k].first] + it[k].ind;
		size_t hl = p->len[it[k].first] - it[k].ind;

		while (hl && (h[hl - 1] == ':' || h[hl - 1] == ' '))
			hl--;
		if (e == k + 1) {
			strbuf_addstr(out, "<p>");
			item_text(p, &it[k], out);
			strbuf_addstr(out, "</p>\n");
		} else if (it[k].n == 1 && variant_power_by_name(v, h, hl) >= 0) {
			orders_table(p, h, hl, it[k + 1].first, it[e - 1].first + it[e - 1].n, out);
		} else if (!try_table(p, it, k + 1, e, &it[k], out)) {
			strbuf_addstr(out, "<h3>");
			item_text(p, &it[k], out);
			strbuf_addstr(out, "</h3>\n");
			item_list(p, it, k + 1, e, out);
		}
		k = e;
	}
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
		if (!more || indent(line, len) == len) {
			if (p.n)
				para_html(v, &p, out);
			p.n = 0;
			if (!more)
				break;
			continue;
		}
		if (p.n < (int)(sizeof p.lines / sizeof p.lines[0])) {
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
