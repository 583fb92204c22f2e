/*
 * mime_bench.c - what reading one hostile mail costs, shape by shape
 * (issue 21): each shape a limit of the README names is grown to sizes
 * up to max_message_bytes' default, and inmail_parse() (the header, the
 * MIME guard, libetpan's MIME parse, charsets, the text) is timed in CPU
 * seconds.  The cost must be linear: about a second per MiB at most, for
 * mail that is read and mail that is refused alike.  bench/README.md
 * ("What one mail costs to read") has the figures.  A benchmark, not a
 * test: `make check` does not run it.
 *
 *   make bench/mime_bench && ./bench/mime_bench [DIR]
 *
 * With DIR, each shape at the largest size is also written there as
 * SHAPE.eml, to time through `judge receive` as the MTA runs it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "maildir/inmail.h"
#include "maildir/mime_guard.h"
#include "base/strbuf.h"

#define HEAD "From: bench@example.com\nSubject: shape\nMessage-ID: <b@example.com>\n"

/* Pad sb with unit until it holds size bytes (the last unit may be cut). */
static void fill(struct strbuf *sb, const char *unit, size_t size)
{
	size_t n = strlen(unit);

	while (sb->len + n <= size)
		strbuf_add(sb, unit, n);
}

/* A long line: the text is one line, no line break. */
static void long_line(struct strbuf *sb, size_t size)
{
	strbuf_addstr(sb, HEAD "Content-Type: text/plain\n\n");
	fill(sb, "A Par - Bur ", size - 1);
	strbuf_addch(sb, '\n');
}

/* Many header fields, then a short text. */
static void many_fields(struct strbuf *sb, size_t size)
{
	strbuf_addstr(sb, HEAD);
	fill(sb, "X-Field: value\n", size - 20);
	strbuf_addstr(sb, "\nA Par - Bur\n");
}

/* A Content-Type of parameters, folded over lines. */
static void many_params(struct strbuf *sb, size_t size)
{
	strbuf_addstr(sb, HEAD "Content-Type: text/plain");
	fill(sb, ";\n a=b", size - 20);
	strbuf_addstr(sb, "\n\nA Par - Bur\n");
}

/* Parts side by side, just under the part limit, each padded. */
static void many_parts(struct strbuf *sb, size_t size)
{
	size_t each = size / (MIME_MAX_PARTS - 1);
	int i;

	strbuf_addstr(sb, HEAD "Content-Type: multipart/mixed; boundary=b\n\n"
	    "--b\nContent-Type: text/plain\n\nA Par - Bur\n");
	for (i = 1; i < MIME_MAX_PARTS - 1; i++) {
		size_t end = sb->len + each;

		strbuf_addstr(sb, "--b\nContent-Type: application/octet-stream\n\n");
		fill(sb, "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\n", end);
		strbuf_addch(sb, '\n');
	}
	strbuf_addstr(sb, "--b--\n");
}

/* Multiparts nested to the container limit around a padded text part. */
static void deep(struct strbuf *sb, size_t size)
{
	int i, depth = MIME_MAX_CONTAINERS;

	strbuf_addstr(sb, HEAD);
	for (i = 0; i < depth; i++)
		strbuf_addf(sb, "Content-Type: multipart/mixed; boundary=\"b%dz\"\n\n--b%dz\n", i, i);
	strbuf_addstr(sb, "Content-Type: text/plain\n\nA Par - Bur\n");
	fill(sb, "x\n", size - (size_t)depth * 12);
	for (i = depth - 1; i >= 0; i--)
		strbuf_addf(sb, "--b%dz--\n", i);
}

/* H1: the text is one line of "Content-Type: x " repeated. */
static void h1(struct strbuf *sb, size_t size)
{
	strbuf_addstr(sb, HEAD "Content-Type: text/plain\n\n");
	fill(sb, "Content-Type: x ", size - 1);
	strbuf_addch(sb, '\n');
}

/* Every line of the text a Content-Type the guard parses. */
static void ct_lines(struct strbuf *sb, size_t size)
{
	strbuf_addstr(sb, HEAD "Content-Type: text/plain\n\n");
	fill(sb, "Content-Type: text/plain; charset=us-ascii; format=flowed\n", size);
}

/*
 * The guard's worst overlap: Content-Type names whose comments nest over
 * escaped line breaks, 63 deep, each reaching its own colon, and one
 * long value after them all, which each of them reads.
 */
static void nested_names(struct strbuf *sb, size_t size)
{
	int i, depth = MIME_MAX_COMMENT_DEPTH - 1;

	strbuf_addstr(sb, HEAD "Content-Type: text/plain\n\n");
	for (i = 0; i < depth; i++)
		strbuf_addstr(sb, "Content-Type (\\\n");
	for (i = 0; i < depth; i++)
		strbuf_addstr(sb, "):");
	fill(sb, "x", size - 1);
	strbuf_addch(sb, '\n');
}

static const struct shape {
	const char *name;
	void (*make)(struct strbuf *sb, size_t size);
} shapes[] = {
	{ "long-line", long_line },
	{ "header-fields", many_fields },
	{ "parameters", many_params },
	{ "parts", many_parts },
	{ "nesting", deep },
	{ "h1-content-type-line", h1 },
	{ "content-type-lines", ct_lines },
	{ "nested-names", nested_names },
};

int main(int argc, char **argv)
{
	static const size_t sizes[] = { 1 << 20, 4 << 20, 10240000 };
	const char *dir = argc > 1 ? argv[1] : NULL;
	double worst_all = 0;

	printf("%-22s %10s %-10s %8s %8s\n", "shape", "bytes", "outcome", "CPU s", "s/MiB");
	for (size_t k = 0; k < sizeof shapes / sizeof shapes[0]; k++) {
		for (size_t z = 0; z < sizeof sizes / sizeof sizes[0]; z++) {
			struct strbuf sb = STRBUF_INIT;
			struct inmail m;
			clock_t t0;
			double t, per;

			shapes[k].make(&sb, sizes[z]);
			t0 = clock();
			if (inmail_parse(sb.buf, sb.len, NULL, 0, &m))
				return fprintf(stderr, "mime_bench: out of memory\n"), 1;
			t = (double)(clock() - t0) / CLOCKS_PER_SEC;
			per = t / ((double)sb.len / (1 << 20));
			if (per > worst_all)
				worst_all = per;
			printf("%-22s %10zu %-10s %8.3f %8.3f\n", shapes[k].name, sb.len,
			    m.error ? inmail_errname(m.error) : "read", t, per);
			inmail_free(&m);
			if (dir && z + 1 == sizeof sizes / sizeof sizes[0]) {
				char path[1024];
				FILE *f;

				snprintf(path, sizeof path, "%s/%s.eml", dir, shapes[k].name);
				if ((f = fopen(path, "wb")) == NULL ||
				    fwrite(sb.buf, 1, sb.len, f) != sb.len || fclose(f))
					return fprintf(stderr, "mime_bench: cannot write %s\n", path), 1;
			}
			strbuf_release(&sb);
		}
	}
	printf("worst: %.3f s of CPU per MiB\n", worst_all);
	return worst_all > 1.0;
}
