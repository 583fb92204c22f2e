/*
 * tests/mail/mailtest.h - the little the mail tests share: checks that
 * count failures, and reading fixtures.  Each test program prints one
 * line per failure and a summary, and exits 1 if anything failed.
 */
#ifndef TESTS_MAIL_MAILTEST_H
#define TESTS_MAIL_MAILTEST_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/strbuf.h"

#define FIXTURES JUDGE_SRCDIR "/tests/mail/fixtures"

static int failures, checks;

#define CHECK(cond, ...) do {						\
	checks++;							\
	if (!(cond)) {							\
		failures++;						\
		printf("FAIL %s:%d: ", __FILE__, __LINE__);		\
		printf(__VA_ARGS__);					\
		printf("\n");						\
	}								\
} while (0)

/* Equal strings, NULL only equal to NULL; prints both on failure. */
#define CHECK_STR(what, got, want) do {					\
	const char *g_ = (got), *w_ = (want);				\
	checks++;							\
	if (!((g_ == NULL && w_ == NULL) ||				\
	    (g_ && w_ && strcmp(g_, w_) == 0))) {			\
		failures++;						\
		printf("FAIL %s:%d: %s\n  got:  %s%s%s\n  want: %s%s%s\n",\
		    __FILE__, __LINE__, what,				\
		    g_ ? "[" : "", g_ ? g_ : "NULL", g_ ? "]" : "",	\
		    w_ ? "[" : "", w_ ? w_ : "NULL", w_ ? "]" : "");	\
	}								\
} while (0)

static inline int test_summary(const char *name)
{
	printf("%s: %d checks, %d failed\n", name, checks, failures);
	return failures ? 1 : 0;
}

/* The whole file, NUL-terminated; exits on error (a broken test tree). */
static inline char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	struct strbuf sb = STRBUF_INIT;
	char buf[4096];
	size_t r;

	if (f == NULL) {
		printf("FAIL cannot open %s\n", path);
		exit(1);
	}
	while ((r = fread(buf, 1, sizeof buf, f)) > 0)
		strbuf_add(&sb, buf, r);
	fclose(f);
	return strbuf_detach(&sb, len);
}

#endif
