/*
 * maildir/mbuf.h - a small growable byte buffer.
 *
 * Owns nothing but its own memory.  The buffer is always NUL-terminated so
 * it can be handed out as a C string, and an allocation failure is sticky:
 * a caller may append many times and check mbuf_failed() (or the result of
 * mbuf_detach()) once at the end.
 */
#ifndef MAILDIR_MBUF_H
#define MAILDIR_MBUF_H

#include <stddef.h>

struct mbuf {
	char *buf;	/* NULL until the first append */
	size_t len;	/* bytes used, not counting the trailing NUL */
	size_t cap;
	int failed;	/* an allocation failed; contents are incomplete */
};

#define MBUF_INIT { NULL, 0, 0, 0 }

void mbuf_init(struct mbuf *b);

/* Append n bytes (may contain NULs).  0 ok, -1 out of memory. */
int mbuf_add(struct mbuf *b, const void *p, size_t n);
int mbuf_addc(struct mbuf *b, int c);
int mbuf_adds(struct mbuf *b, const char *s);
int mbuf_printf(struct mbuf *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* Forget the contents but keep the memory. */
void mbuf_reset(struct mbuf *b);

int mbuf_failed(const struct mbuf *b);

/*
 * Hand the contents over as a malloc'd NUL-terminated string (never NULL
 * on success, even when empty) and reinitialise b.  Returns NULL if any
 * earlier append failed; the buffer is freed either way.
 */
char *mbuf_detach(struct mbuf *b, size_t *len);

void mbuf_free(struct mbuf *b);

#endif
