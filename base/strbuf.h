/*
 * strbuf.h - growable text buffers, after git's strbuf.
 *
 * Owns: a NUL-terminated byte buffer that grows as text is appended.  A
 * strbuf is usable once initialised with STRBUF_INIT or strbuf_init; its
 * buf is never NULL.  Running out of memory aborts the program: a judge
 * that cannot allocate a few bytes cannot do anything useful, and every
 * caller is spared an error path that could never be tested.
 */
#ifndef STRBUF_H
#define STRBUF_H

#include <stdarg.h>
#include <stddef.h>

struct strbuf {
	char *buf;
	size_t len;
	size_t alloc;
};

extern char strbuf_empty[];
#define STRBUF_INIT { strbuf_empty, 0, 0 }

void strbuf_init(struct strbuf *sb);
void strbuf_release(struct strbuf *sb);
/* Hand the buffer to the caller (free() it); sb is left empty. */
char *strbuf_detach(struct strbuf *sb, size_t *len);
void strbuf_reset(struct strbuf *sb);
/* Cut sb to its first len bytes (len at most its length). */
void strbuf_setlen(struct strbuf *sb, size_t len);
void strbuf_grow(struct strbuf *sb, size_t extra);
void strbuf_add(struct strbuf *sb, const void *data, size_t len);
void strbuf_addstr(struct strbuf *sb, const char *s);
void strbuf_addch(struct strbuf *sb, int c);
void strbuf_addf(struct strbuf *sb, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void strbuf_vaddf(struct strbuf *sb, const char *fmt, va_list ap);

/* Cut the blanks off both ends of s, in place; returns the first non-blank. */
char *str_trim(char *s);

/* Copy src into dst (size bytes, size > 0), cut to fit and always
 * terminated: snprintf's "%s" without its format parsing, which loading
 * a map did a few hundred times for every mail. */
void str_copy(char *dst, size_t size, const char *src);

/* Split s in place at blanks into at most max words, stored in w; returns
 * how many.  Words past the max-th are not split off (and not returned). */
int str_split(char *s, char **w, int max);

/* The next non-blank line of *text, without its surrounding blanks (or
 * CR): sets *line and *len, advances *text past it and returns 1; returns
 * 0 at the end of the text. */
int str_next_line(const char **text, const char **line, size_t *len);

/* The same, also counting the lines of the text, blank ones included, so
 * that errors can name the line: start with LINES_INIT(text). */
struct lines {
	const char *next, *counted;
	int lineno;               /* of the line last returned, 1-based */
};
#define LINES_INIT(text) { (text), (text), 1 }
int lines_next(struct lines *r, const char **line, size_t *len);

/*
 * The next line of the len-bounded text [*p, end), for mail as it comes:
 * any bytes, NULs included, up to but not including the next '\n', or to
 * end when the last line has none.  Nothing is trimmed and no line is
 * skipped: blank lines are returned (len 0), and the '\r' of a CRLF stays
 * at the end of the line for the caller to judge.  Sets *line and *len,
 * advances *p past the '\n' and returns 1; returns 0 once *p reaches end
 * (so a text ending in '\n' has no empty line after it).  The line ended
 * in a '\n' exactly when *line + *len < end.
 */
int mem_next_line(const char **p, const char *end, const char **line, size_t *len);

/* Append the whole file at path to sb.  Returns 0, or -1 after fail(). */
int strbuf_read_file(struct strbuf *sb, const char *path);

/* Allocation that aborts on failure, for the same reason. */
void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);

#endif
