/*
 * tests/check.h - the one check harness every C unit test uses.
 *
 * Owns: counting checks and failures, the shape of a failure line, and
 * the exit status Automake's test driver reads (0 pass, 1 fail, 77 skip).
 * A failure names its file:line and what was compared with the values
 * seen, so a failed run says what broke without a debugger; a passing
 * check prints nothing, so a failure is not lost among a thousand "ok"s.
 *
 * It is a header of static functions rather than a library because a
 * test program is one .c file, and a harness this small is easier to
 * read beside the test than to link.  A test keeps going after a failed
 * check (the others still tell something); what cannot go on (a fixture
 * missing, a test's own bug) exits at once with check_abort().
 *
 *	CHECK(cond, fmt, ...)	   cond holds; else prints the message
 *	EXPECT(cond)		   cond holds; else prints cond's text
 *	CHECK_EQ(got, want)	   integers equal; else prints both values
 *	CHECK_STR(what, got, want) strings equal (NULL only to NULL)
 *	return check_done(name);   the summary line and the exit status
 *	return check_skip(why);	   the test cannot run here (77)
 */
#ifndef TESTS_CHECK_H
#define TESTS_CHECK_H

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Automake's parallel-tests driver reads these exit codes. */
enum { CHECK_PASS = 0, CHECK_FAIL = 1, CHECK_SKIPPED = 77, CHECK_HARD = 99 };

static int check_count, check_failed;

__attribute__((format(printf, 3, 4), unused))
static int check_at(int ok, const char *where, const char *fmt, ...)
{
	va_list ap;

	check_count++;
	if (ok)
		return 1;
	check_failed++;
	printf("FAIL %s: ", where);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	return 0;
}

#define CHECK_STR_(x) #x
#define CHECK_WHERE_(f, l) f ":" CHECK_STR_(l)
#define CHECK_HERE CHECK_WHERE_(__FILE__, __LINE__)

#define CHECK(cond, ...) check_at(!!(cond), CHECK_HERE, __VA_ARGS__)

#define EXPECT(cond) check_at(!!(cond), CHECK_HERE, "%s", #cond)

__attribute__((unused))
static int check_eq_at(long long got, long long want, const char *gs, const char *ws,
                       const char *where)
{
	return check_at(got == want, where, "%s == %lld, expected %s == %lld", gs, got, ws, want);
}

#define CHECK_EQ(got, want) \
	check_eq_at((long long)(got), (long long)(want), #got, #want, CHECK_HERE)

__attribute__((unused))
static int check_str_at(const char *what, const char *g, const char *w, const char *where)
{
	int same = (g == NULL && w == NULL) || (g && w && strcmp(g, w) == 0);

	return check_at(same, where, "%s\n  got:  %s%s%s\n  want: %s%s%s", what,
	                g ? "[" : "", g ? g : "NULL", g ? "]" : "",
	                w ? "[" : "", w ? w : "NULL", w ? "]" : "");
}

#define CHECK_STR(what, got, want) check_str_at((what), (got), (want), CHECK_HERE)

/* The summary line; the exit status main returns. */
__attribute__((unused))
static int check_done(const char *name)
{
	printf("%s: %d checks, %d failed\n", name, check_count, check_failed);
	return check_failed ? CHECK_FAIL : CHECK_PASS;
}

/* This machine lacks what the test needs: a skip, not a failure. */
__attribute__((unused))
static int check_skip(const char *why)
{
	printf("SKIP: %s\n", why);
	return CHECK_SKIPPED;
}

/* The test itself cannot go on (a fixture missing, a bad table row):
 * a hard error, which the driver reports apart from a failed check. */
__attribute__((format(printf, 1, 2), noreturn, unused))
static void check_abort(const char *fmt, ...)
{
	va_list ap;

	printf("ERROR: ");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	exit(CHECK_HARD);
}

#endif
