/*
 * tz.h - local time in a named zone: the one place the Judge sets TZ.
 *
 * The C library has no call for "the local time in zone X" (localtime_r
 * and mktime read the process's TZ, and POSIX offers nothing taking a
 * zone), so the zone is put in TZ for the conversion and the previous
 * TZ restored after.  The Judge is single-threaded, so nothing else sees
 * the change.  No other file may set TZ or read the environment for a
 * zone: when.c brackets its conversions with these two calls.
 */
#ifndef TZ_H
#define TZ_H

/* Make name (an IANA zone) the zone of localtime_r, mktime and
 * strftime's %Z until tz_leave.  Calls do not nest. */
void tz_enter(const char *name);

/* Restore the TZ that was in force before tz_enter. */
void tz_leave(void);

/* The folder of the compiled zones the C library reads: $TZDIR, which
 * glibc honours itself, else /usr/share/zoneinfo.  when.c checks a zone
 * name there so that it accepts exactly what the library will find. */
const char *tz_dir(void);

#endif
