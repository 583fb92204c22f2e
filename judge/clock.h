/*
 * clock.h - the time a command acts on.  The command line sets it once,
 * before a command runs ($JUDGE_NOW or nothing: the clock), and every
 * library function that needs "now" without the context in hand asks
 * here, so that a test can run the whole Judge at a chosen time.  A file
 * of its own below every command, so that the commands do not reach back
 * up into main.c for it.
 */
#ifndef CLOCK_H
#define CLOCK_H

/* The running command's time: now_text ($JUDGE_NOW as main read it,
 * already checked), or NULL or "" for the clock.  The text must outlive
 * the command. */
void clock_set(const char *now_text);

/* The time to act on: now_arg if given, else the running command's
 * (clock_set), else the clock.  Returns -1 if the given time cannot be
 * read. */
long long judge_now(const char *now_arg);

#endif
