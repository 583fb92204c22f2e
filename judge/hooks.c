/*
 * hooks.c - the test hooks (hooks.h): crash and hang points named by the
 * environment.  main() reads the variables and they are copied at start, so that a point costs a
 * string compare and the code that calls it has no environment of its own.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "judge/hooks.h"

/* NULL while unset; copies, as a later setenv may free the originals. */
static char *crash_at, *hang_at, *crash_mail;

/* Whether crash points fire: not while reading a mail that
 * $JUDGE_CRASH_MAIL names none of. */
static int armed = 1;

static char *dup_or_null(const char *v)
{
	return v ? strdup(v) : NULL;
}

void hooks_init(const char *crash, const char *hang, const char *mail)
{
	free(crash_at);
	free(hang_at);
	free(crash_mail);
	crash_at = dup_or_null(crash);
	hang_at = dup_or_null(hang);
	crash_mail = dup_or_null(mail);
	armed = 1;
}

void hooks_mail(const char *raw, size_t len)
{
	armed = !raw || !crash_mail || memmem(raw, len, crash_mail, strlen(crash_mail)) != NULL;
}

void crash_point(const char *point)
{
	if (!armed)
		return;
	if (crash_at && !strcmp(crash_at, point)) {
		fprintf(stderr, "judge: crashing at %s (JUDGE_CRASH_AT)\n", point);
		_exit(99);
	}
	if (hang_at && !strcmp(hang_at, point)) {
		fprintf(stderr, "judge: hanging at %s (JUDGE_HANG_AT)\n", point);
		for (;;)
			pause();
	}
}
