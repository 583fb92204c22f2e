/*
 * maildir/mime_guard.c - the bounds on what libetpan's parsers are given;
 * see mime_guard.h.  Only header fields are located here (a field name at
 * a line start, comments and white space, the colon, the folded value),
 * generously where unsure, since a field too many only makes a count
 * higher: what a field means is libetpan's to say.
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <libetpan/libetpan.h>

#include "maildir/mime_guard.h"
#include "base/error.h"
#include "base/strbuf.h"

/* What the scan of one message has found so far. */
struct scan {
	int containers;		/* fields read as a container's type */
	int bad_boundary;	/* a boundary libetpan cannot take */
	int bare_cr;		/* a delimiter after a bare CR */
	int escaped_break;	/* a Content-Type name's comment goes on
				 * over an escaped line break */
	int nboundary;
	char *boundary[MIME_MAX_CONTAINERS + 1];	/* distinct ones */
	size_t blen[MIME_MAX_CONTAINERS + 1];
	size_t last_colon;	/* the last field's colon, and whether it */
	int last_counted;	/* was a container (two starts, one field) */
};

/* Whether c is white space that folds a header line (WSP). */
static int is_wsp(char c)
{
	return c == ' ' || c == '\t';
}

/* Whether the LF at raw[i] continues the field: a folded line follows. */
static int folds(const char *raw, size_t len, size_t i)
{
	return i + 1 < len && is_wsp(raw[i + 1]);
}

size_t mime_guard_comments(const char *raw, size_t len)
{
	size_t i, start = 0;
	int depth = 0, esc = 0;

	for (i = 0; i < len; i++) {
		char c = raw[i];

		if (c == '(') {
			/* counted even when escaped: never fewer than mailimf */
			if (++depth > MIME_MAX_COMMENT_DEPTH)
				return start;
		} else if (c == ')' && !esc && depth > 0) {
			depth--;
		} else if (c == '\n' && !esc && !folds(raw, len, i)) {
			depth = 0;
			start = i + 1;
		}
		esc = c == '\\' && !esc;
	}
	return len;
}

/*
 * If a header field named Content-Type (any case) can start at raw + i,
 * the offset just past its colon; else 0.  As mailimf reads a field: the
 * name, then comments and folding white space (a comment may hold
 * "\"-escaped characters, line breaks included), then ':'.
 */
static size_t content_type_colon(const char *raw, size_t len, size_t i,
    int *escaped_break)
{
	int depth = 0;

	if (len - i < 13 || (raw[i] | 0x20) != 'c' ||
	    strncasecmp(raw + i, "content-type", 12) != 0)
		return 0;
	for (i += 12; i < len; i++) {
		char c = raw[i];

		if (c == '\\' && depth > 0 && i + 1 < len && raw[i + 1] == '\n') {
			/* the next line would be both in this comment and a
			 * field start of its own: no mail does that */
			*escaped_break = 1;
			return 0;
		} else if (c == '\\' && depth > 0)
			i++;
		else if (c == '\n' && !folds(raw, len, i))
			return 0;
		else if (c == '(')
			depth++;
		else if (depth > 0)
			depth -= c == ')';
		else if (c == ':')
			return i + 1;
		else if (c != ' ' && c != '\t' && c != '\r' && c != '\n')
			return 0;
	}
	return 0;
}

/*
 * The field value from raw + i (just past the colon) as mailimf hands it
 * to mailmime: leading WSP skipped, up to the line break that ends the
 * field (folds kept), cut at a NUL.  *end is set to that line break.
 */
static char *field_value(const char *raw, size_t len, size_t i, size_t *end)
{
	size_t e;

	while (i < len && is_wsp(raw[i]))
		i++;
	for (e = i; e < len && !(raw[e] == '\n' && !folds(raw, len, e)); e++)
		;
	*end = e;
	if (e > i && e < len && raw[e - 1] == '\r')
		e--;
	return xstrndup(raw + i, e - i);
}

/* The value without its line breaks, as the brief for the guard asks
 * too: a container either way is counted. */
static char *unfold(const char *v)
{
	char *u = xstrdup(v), *p, *q;

	for (p = q = u; *p; p++)
		if (*p != '\r' && *p != '\n')
			*q++ = *p;
	*q = '\0';
	return u;
}

/* Remember the boundary libetpan will look for (as
 * mailmime_extract_boundary makes it: one quote off each end). */
static void add_boundary(struct scan *s, const char *v)
{
	size_t n = strlen(v);
	char *b;
	int k;

	if (strpbrk(v, "\r\n") != NULL) {
		/* no real boundary has one, and the scan for delimiters
		 * stays within a line only without them */
		s->bad_boundary = 1;
		return;
	}
	if (v[0] == '"') {
		if (n < 2) {
			/* libetpan would copy (size_t)-1 bytes */
			s->bad_boundary = 1;
			return;
		}
		b = xstrndup(v + 1, n - 2);
	} else {
		b = xstrdup(v);
	}
	for (k = 0; k < s->nboundary; k++)
		if (strcmp(s->boundary[k], b) == 0)
			break;
	if (k < s->nboundary || s->nboundary > MIME_MAX_CONTAINERS) {
		free(b);
	} else {
		s->blen[s->nboundary] = strlen(b);
		s->boundary[s->nboundary++] = b;
	}
}

/*
 * Whether libetpan reads "Content-Type: value" as a container
 * (multipart/..., message/...), with mailmime_field_parse as mailmime_parse
 * does; a multipart's boundary is remembered.  When libetpan runs out of
 * memory the field is counted.
 */
static int container(struct scan *s, char *value)
{
	struct mailimf_optional_field of = { (char *)"Content-Type", value };
	struct mailmime_field *f = NULL;
	struct mailmime_content *ct;
	const char *b;
	int r, yes;

	r = mailmime_field_parse(&of, &f);
	if (r != MAILIMF_NO_ERROR)
		return r == MAILIMF_ERROR_MEMORY;
	ct = f->fld_type == MAILMIME_FIELD_TYPE ? f->fld_data.fld_content : NULL;
	yes = ct && ct->ct_type &&
	    ct->ct_type->tp_type == MAILMIME_TYPE_COMPOSITE_TYPE;
	if (yes && ct->ct_type->tp_data.tp_composite_type->ct_type ==
	    MAILMIME_COMPOSITE_TYPE_MULTIPART &&
	    (b = mailmime_content_param_get(ct, (char *)"boundary")) != NULL)
		add_boundary(s, b);
	mailmime_field_free(f);
	return yes;
}

/* Count the field that may start at raw + i. */
static void scan_field(struct scan *s, const char *raw, size_t len,
    size_t i)
{
	size_t colon = content_type_colon(raw, len, i, &s->escaped_break), end;
	char *v, *u;
	int yes;

	if (colon == 0)
		return;
	if (colon == s->last_colon) {
		/* this start lies in the comment of an earlier one that
		 * reached the same colon: the same value, parsed once */
		s->containers += s->last_counted;
		return;
	}
	v = field_value(raw, len, colon, &end);
	u = unfold(v);
	yes = container(s, v) || container(s, u);
	free(u);
	free(v);
	s->last_colon = colon;
	s->last_counted = yes;
	s->containers += yes;
}

/* The length of the known boundary that "--" at raw + i is followed by,
 * from the k-th boundary on, with its index in *k; 0 if none. */
static size_t boundary_at(const struct scan *s, const char *raw, size_t len,
    size_t i, int *k)
{
	if (len - i < 2 || raw[i] != '-' || raw[i + 1] != '-')
		return 0;
	for (; *k < s->nboundary; ++*k) {
		size_t n = s->blen[*k];

		if (n > 0 && len - i - 2 >= n &&
		    memcmp(raw + i + 2, s->boundary[*k], n) == 0)
			return n;
	}
	return 0;
}

/*
 * The fields that may start at the line start raw + p: one there, and
 * one right after each known boundary that a "--" there is followed by.
 */
static void scan_line(struct scan *s, const char *raw, size_t len, size_t p)
{
	size_t n;
	int k;

	scan_field(s, raw, len, p);
	for (k = 0; (n = boundary_at(s, raw, len, p, &k)) > 0; k++)
		scan_field(s, raw, len, p + 2 + n);
}

/* Note a known delimiter right after a bare CR in raw[p, e). */
static void scan_bare_cr(struct scan *s, const char *raw, size_t len,
    size_t p, size_t e)
{
	const char *cr;
	int k = 0;

	while ((cr = memchr(raw + p, '\r', e - p)) != NULL) {
		p = (size_t)(cr - raw) + 1;
		if (boundary_at(s, raw, len, p, &k) > 0)
			s->bare_cr = 1;
		k = 0;
	}
}

/*
 * Run the scan over the message; stops counting past the limits.  Fields
 * are tried at the line starts, and right after a delimiter at a line
 * start; a bare CR followed by a delimiter is noted, for refusal.
 */
static void scan_all(struct scan *s, const char *raw, size_t len,
    long *delimiters)
{
	const char *nl;
	size_t p = 0, e;
	int k;

	memset(s, 0, sizeof *s);
	*delimiters = 0;
	while (p < len && s->containers <= MIME_MAX_CONTAINERS &&
	    !s->escaped_break) {
		nl = memchr(raw + p, '\n', len - p);
		e = nl ? (size_t)(nl - raw) : len;
		scan_line(s, raw, len, p);
		scan_bare_cr(s, raw, len, p, e);
		k = 0;
		if (*delimiters <= MIME_MAX_PARTS &&
		    boundary_at(s, raw, len, p, &k) > 0)
			++*delimiters;
		p = e + 1;
	}
}

/* Free what the scan holds. */
static void scan_free(struct scan *s)
{
	int k;

	for (k = 0; k < s->nboundary; k++)
		free(s->boundary[k]);
}

void mime_guard_count(const char *raw, size_t len, int *containers,
    long *delimiters)
{
	struct scan s;

	scan_all(&s, raw, len, delimiters);
	*containers = s.containers;
	scan_free(&s);
}

int mime_guard_structure(const char *raw, size_t len)
{
	struct scan s;
	long delimiters;
	int r = 0;

	assert(raw != NULL || len == 0);

	scan_all(&s, raw, len, &delimiters);
	if (s.containers > MIME_MAX_CONTAINERS)
		r = fail("The message has too many nested MIME parts to be "
		    "read (more than %d multipart or message parts).",
		    MIME_MAX_CONTAINERS);
	else if (s.bad_boundary)
		r = fail("The message's MIME structure could not be read (a "
		    "multipart boundary is malformed).");
	else if (s.escaped_break)
		r = fail("The message's MIME structure could not be read (a "
		    "comment in a Content-Type field name goes on over an "
		    "escaped line break).");
	else if (s.bare_cr)
		r = fail("The message's MIME structure could not be read (a "
		    "multipart delimiter follows a bare carriage return).");
	else if (delimiters > MIME_MAX_PARTS)
		r = fail("The message has too many MIME parts to be read "
		    "(more than %d).", MIME_MAX_PARTS);
	scan_free(&s);
	return r;
}
