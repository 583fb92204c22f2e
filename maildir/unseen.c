/*
 * maildir/unseen.c - finding the characters of unseen.h with one PCRE2
 * pattern in UTF mode: \p{Cf} is the Unicode database's own list, kept up
 * to date by PCRE2, so no table of code points lives here to go stale.
 * PCRE2_MATCH_INVALID_UTF lets the pattern run over text that is not all
 * UTF-8 (it never matches there) instead of refusing the whole subject.
 */
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <stdio.h>
#include <stdlib.h>

#include "maildir/unseen.h"
#include "base/strbuf.h"

static pcre2_code *unseen_re;
static pcre2_match_data *md;

static void compile(void)
{
	int err;
	PCRE2_SIZE off;

	if (unseen_re)
		return;
	unseen_re = pcre2_compile((PCRE2_SPTR) "[\\x{0}-\\x{8}\\x{a}-\\x{1f}\\x{7f}-\\x{9f}\\p{Cf}]+",
	                          PCRE2_ZERO_TERMINATED, PCRE2_UTF | PCRE2_MATCH_INVALID_UTF, &err, &off, NULL);
	if (!unseen_re) {
		fprintf(stderr, "judge: the unseen-character pattern does not compile (at %zu)\n", (size_t)off);
		abort();
	}
	pcre2_jit_compile(unseen_re, PCRE2_JIT_COMPLETE);
	if (!(md = pcre2_match_data_create_from_pattern(unseen_re, NULL)))
		abort();
}

/* The next run of such characters in s[from, n): 1 with [*at, *end), or 0. */
static int next(const char *s, size_t n, size_t from, size_t *at, size_t *end)
{
	compile();
	if (pcre2_match(unseen_re, (PCRE2_SPTR)s, n, from, 0, md, NULL) < 0)
		return 0;
	PCRE2_SIZE *ov = pcre2_get_ovector_pointer(md);
	*at = ov[0];
	*end = ov[1];
	return 1;
}

void unseen_strip(struct strbuf *out, const char *s, size_t n)
{
	size_t from = 0, at, end;

	while (from < n && next(s, n, from, &at, &end)) {
		strbuf_add(out, s + from, at - from);
		from = end;
	}
	strbuf_add(out, s + from, n - from);
}

int unseen_any(const char *s, size_t n)
{
	size_t at, end;

	return next(s, n, 0, &at, &end);
}
