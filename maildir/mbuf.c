/*
 * maildir/mbuf.c - a small growable byte buffer; see mbuf.h.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "maildir/mbuf.h"

void mbuf_init(struct mbuf *b)
{
	b->buf = NULL;
	b->len = 0;
	b->cap = 0;
	b->failed = 0;
}

/* Make room for n more bytes plus the terminating NUL. */
static int grow(struct mbuf *b, size_t n)
{
	size_t want, cap;
	char *p;

	if (b->failed)
		return -1;
	if (n > (size_t)-1 - b->len - 1)
		goto fail;
	want = b->len + n + 1;
	if (want <= b->cap)
		return 0;
	cap = b->cap ? b->cap : 64;
	while (cap < want)
		cap = cap > (size_t)-1 / 2 ? want : cap * 2;
	p = realloc(b->buf, cap);
	if (p == NULL)
		goto fail;
	b->buf = p;
	b->cap = cap;
	return 0;
fail:
	b->failed = 1;
	return -1;
}

int mbuf_add(struct mbuf *b, const void *p, size_t n)
{
	if (grow(b, n) < 0)
		return -1;
	if (n)
		memcpy(b->buf + b->len, p, n);
	b->len += n;
	b->buf[b->len] = '\0';
	return 0;
}

int mbuf_addc(struct mbuf *b, int c)
{
	char ch = (char)c;

	return mbuf_add(b, &ch, 1);
}

int mbuf_adds(struct mbuf *b, const char *s)
{
	return mbuf_add(b, s, strlen(s));
}

int mbuf_printf(struct mbuf *b, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0 || grow(b, (size_t)n) < 0) {
		b->failed = 1;
		return -1;
	}
	va_start(ap, fmt);
	vsnprintf(b->buf + b->len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	b->len += (size_t)n;
	return 0;
}

void mbuf_reset(struct mbuf *b)
{
	b->len = 0;
	if (b->buf)
		b->buf[0] = '\0';
}

int mbuf_failed(const struct mbuf *b)
{
	return b->failed;
}

char *mbuf_detach(struct mbuf *b, size_t *len)
{
	char *s;

	if (b->buf == NULL && !b->failed)
		grow(b, 0);
	if (b->failed) {
		mbuf_free(b);
		return NULL;
	}
	b->buf[b->len] = '\0';
	s = b->buf;
	if (len)
		*len = b->len;
	mbuf_init(b);
	return s;
}

void mbuf_free(struct mbuf *b)
{
	free(b->buf);
	mbuf_init(b);
}
