/*
 * strbuf.c - growable text buffers, and the line readers.
 *
 * Allocation failure aborts (strbuf.h says why), so none of these
 * functions returns an error.  The line readers live here because every
 * layer needs one and they must agree on what a line is: str_next_line and
 * lines_next for text the Judge parses (trimmed, blank lines skipped),
 * mem_next_line for mail as it comes (length-bounded, nothing trimmed).
 */
#include <assert.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/error.h"
#include "base/strbuf.h"

char strbuf_empty[1];

static void die_oom(size_t n)
{
	fprintf(stderr, "judge: out of memory allocating %zu bytes\n", n);
	abort();
}

void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);
	if (!p)
		die_oom(n);
	return p;
}

void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);
	if (!p)
		die_oom(n * size);
	return p;
}

void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p)
		die_oom(n);
	return p;
}

char *xstrdup(const char *s)
{
	return xstrndup(s, strlen(s));
}

char *xstrndup(const char *s, size_t n)
{
	char *p = xmalloc(n + 1);
	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

void strbuf_init(struct strbuf *sb)
{
	sb->buf = strbuf_empty;
	sb->len = sb->alloc = 0;
}

void strbuf_release(struct strbuf *sb)
{
	if (sb->alloc)
		free(sb->buf);
	strbuf_init(sb);
}

char *strbuf_detach(struct strbuf *sb, size_t *len)
{
	char *p;

	if (!sb->alloc)
		strbuf_grow(sb, 0);
	p = sb->buf;
	if (len)
		*len = sb->len;
	strbuf_init(sb);
	return p;
}

void strbuf_reset(struct strbuf *sb)
{
	strbuf_setlen(sb, 0);
}

void strbuf_setlen(struct strbuf *sb, size_t len)
{
	if (len > sb->len)
		return;
	sb->len = len;
	if (sb->alloc)
		sb->buf[len] = '\0';
}

void strbuf_grow(struct strbuf *sb, size_t extra)
{
	size_t need = sb->len + extra + 1;

	if (need <= sb->alloc)
		return;
	size_t alloc = sb->alloc ? sb->alloc : 64;
	while (alloc < need)
		alloc *= 2;
	if (sb->alloc) {
		sb->buf = xrealloc(sb->buf, alloc);
	} else {
		sb->buf = xmalloc(alloc);
		sb->buf[0] = '\0';
	}
	sb->alloc = alloc;
}

void strbuf_add(struct strbuf *sb, const void *data, size_t len)
{
	strbuf_grow(sb, len);
	memcpy(sb->buf + sb->len, data, len);
	sb->len += len;
	sb->buf[sb->len] = '\0';
}

void strbuf_addstr(struct strbuf *sb, const char *s)
{
	strbuf_add(sb, s, strlen(s));
}

void strbuf_addch(struct strbuf *sb, int c)
{
	char ch = (char)c;
	strbuf_add(sb, &ch, 1);
}

void strbuf_vaddf(struct strbuf *sb, const char *fmt, va_list ap)
{
	va_list copy;
	int n;

	strbuf_grow(sb, 64);
	va_copy(copy, ap);
	n = vsnprintf(sb->buf + sb->len, sb->alloc - sb->len, fmt, copy);
	va_end(copy);
	if (n < 0)
		return;
	if ((size_t)n >= sb->alloc - sb->len) {
		strbuf_grow(sb, (size_t)n);
		vsnprintf(sb->buf + sb->len, sb->alloc - sb->len, fmt, ap);
	}
	sb->len += (size_t)n;
}

void strbuf_addf(struct strbuf *sb, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	strbuf_vaddf(sb, fmt, ap);
	va_end(ap);
}

char *str_trim(char *s)
{
	char *e;

	while (isspace((unsigned char)*s))
		s++;
	e = s + strlen(s);
	while (e > s && isspace((unsigned char)e[-1]))
		*--e = '\0';
	return s;
}

int str_split(char *s, char **w, int max)
{
	int n = 0;

	while (*s && n < max) {
		while (isspace((unsigned char)*s))
			s++;
		if (!*s)
			break;
		w[n++] = s;
		while (*s && !isspace((unsigned char)*s))
			s++;
		if (*s)
			*s++ = '\0';
	}
	return n;
}

void str_copy(char *dst, size_t size, const char *src)
{
	size_t n = strnlen(src, size - 1);

	assert(size > 0);
	memcpy(dst, src, n);
	dst[n] = '\0';
}

int lines_next(struct lines *r, const char **line, size_t *len)
{
	if (!str_next_line(&r->next, line, len))
		return 0;
	/* memchr, not a test of every byte: a map file is read on every mail */
	for (const char *nl; (nl = memchr(r->counted, '\n', (size_t)(*line - r->counted)));)
		r->lineno++, r->counted = nl + 1;
	r->counted = *line;
	return 1;
}

int mem_next_line(const char **p, const char *end, const char **line, size_t *len)
{
	const char *nl;

	if (*p >= end)
		return 0;
	nl = memchr(*p, '\n', (size_t)(end - *p));
	*line = *p;
	*len = (size_t)((nl ? nl : end) - *p);
	*p = nl ? nl + 1 : end;
	return 1;
}

int strbuf_read_file(struct strbuf *sb, const char *path)
{
	char buf[65536];
	size_t n;
	FILE *f = fopen(path, "rb");

	if (!f)
		return fail("%s: cannot open", path);
	while ((n = fread(buf, 1, sizeof buf, f)) > 0)
		strbuf_add(sb, buf, n);
	n = ferror(f);
	fclose(f);
	return n ? fail("%s: cannot read", path) : 0;
}

int str_next_line(const char **text, const char **line, size_t *len)
{
	while (**text) {
		const char *l = *text;
		size_t n = strcspn(l, "\n");
		*text += n + (l[n] == '\n');
		while (n && (*l == ' ' || *l == '\t'))
			l++, n--;
		while (n && (l[n - 1] == ' ' || l[n - 1] == '\r' || l[n - 1] == '\t'))
			n--;
		if (n) {
			*line = l;
			*len = n;
			return 1;
		}
	}
	return 0;
}
