/*
 * hooks.h - the Judge's test hooks, in one module below everything else in
 * judge/, so that the code they watch (receive, sending, cron, maildir)
 * depends on them and never on each other through them.
 *
 * The environment that drives them is read once, by main() at the start
 * of the program, and handed to hooks_init(); no library function reads
 * it.  Left
 * uninitialised (a unit test, a fuzzer) every hook is inert.
 */
#ifndef HOOKS_H
#define HOOKS_H

#include <stddef.h>

/* Arm the hooks with the values of $JUDGE_CRASH_AT, $JUDGE_HANG_AT and
 * $JUDGE_CRASH_MAIL (each NULL when unset); they are copied. */
void hooks_init(const char *crash_at, const char *hang_at, const char *crash_mail);

/* If $JUDGE_CRASH_AT equals point, exit at once as if killed, to prove
 * that no moment loses or duplicates anything; if $JUDGE_HANG_AT does,
 * stop there for good, as a mail that takes too long would.  With
 * $JUDGE_CRASH_MAIL set, only while a mail containing that text is
 * processed (hooks_mail). */
void crash_point(const char *point);

/* The mail of len bytes at raw is being processed (NULL: none is): the
 * crash points fire during it only if $JUDGE_CRASH_MAIL is unset or raw
 * contains it. */
void hooks_mail(const char *raw, size_t len);

#endif
