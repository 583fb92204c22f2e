/*
 * clock.c - the time a command acts on (clock.h).  One static, set by
 * the command line before each command, since the Judge runs one command
 * at a time (the demo runs them one after another).
 */
#include <time.h>

#include "judge/clock.h"
#include "judge/when.h"

static const char *run_now;

void clock_set(const char *now_text)
{
	run_now = now_text && *now_text ? now_text : NULL;
}

long long judge_now(const char *now_arg)
{
	if (now_arg)
		return parse_time(now_arg);
	if (run_now)
		return parse_time(run_now);
	return (long long)time(NULL);
}
