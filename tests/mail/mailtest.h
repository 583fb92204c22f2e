/*
 * tests/mail/mailtest.h - what only the mail tests share: the fixtures
 * folder and reading a fixture whole.  The checks themselves are the
 * harness every unit test uses, tests/check.h.
 */
#ifndef TESTS_MAIL_MAILTEST_H
#define TESTS_MAIL_MAILTEST_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/strbuf.h"
#include "tests/check.h"

#define FIXTURES JUDGE_SRCDIR "/tests/mail/fixtures"

/* The whole file, NUL-terminated; exits on error (a broken test tree). */
static inline char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	struct strbuf sb = STRBUF_INIT;
	char buf[4096];
	size_t r;

	if (f == NULL)
		check_abort("cannot open %s", path);
	while ((r = fread(buf, 1, sizeof buf, f)) > 0)
		strbuf_add(&sb, buf, r);
	fclose(f);
	return strbuf_detach(&sb, len);
}

#endif
