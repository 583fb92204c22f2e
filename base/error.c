/*
 * error.c - the last failure's message, and dying (see error.h).
 *
 * One static buffer, not an error object passed around: the Judge is
 * single-threaded and every failure is read by its caller before the next
 * one, so a function that fails just returns -1 and its message stays
 * here until whoever decides what to do (print, reply, tell the admin)
 * reads it.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "base/error.h"

static char last[1024];
int die_code = 1;

int fail(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(last, sizeof last, fmt, ap);
	va_end(ap);
	return -1;
}

const char *fail_text(void)
{
	return last;
}

int fail_print(void)
{
	fprintf(stderr, "judge: %s\n", last[0] ? last : "failed (no reason recorded)");
	return -1;
}

void die(const char *fmt, ...)
{
	va_list ap;

	fflush(stdout);
	fputs("judge: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(die_code);
}
