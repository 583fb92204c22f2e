/*
 * tz.c - setting TZ for one conversion (see tz.h for why it exists).
 *
 * The only getenv and setenv of TZ and TZDIR in the program are here, so
 * that the process-wide change is made, and undone, in one place.
 */
#include <assert.h>
#include <stdlib.h>
#include <time.h>

#include "judge/tz.h"
#include "base/strbuf.h"

/* The TZ in force before tz_enter, restored by tz_leave. */
static char *saved_tz;
static int had_tz, entered;

void tz_enter(const char *name)
{
	const char *old = getenv("TZ");

	assert(name != NULL && !entered);
	entered = 1;
	had_tz = old != NULL;
	free(saved_tz);
	saved_tz = old ? xstrdup(old) : NULL;
	/* setenv fails only out of memory, which xstrdup above would have
	 * died of; the conversion then reads UTC, as the Judge writes */
	(void)setenv("TZ", name, 1);
	tzset();
}

void tz_leave(void)
{
	assert(entered);
	entered = 0;
	if (had_tz && saved_tz)
		(void)setenv("TZ", saved_tz, 1);
	else
		(void)unsetenv("TZ");
	tzset();
}

const char *tz_dir(void)
{
	const char *dir = getenv("TZDIR");

	return dir && *dir ? dir : "/usr/share/zoneinfo";
}
