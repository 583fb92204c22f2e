/*
 * when.h - times as people write them, and as each reader reads them.
 *
 * Owns: the Judge's one time parser (parse_time for --now and
 * JUDGE_NOW, when_parse for SET DEADLINE: "friday 18:00", "Dec 6 18:00", "fri 18:00
 * Europe/Paris", "+24h", ISO 8601), the one shape of a time in mail
 * (format_time), the list of zone abbreviations the
 * Judge accepts (only those with one meaning), checking an IANA zone name
 * against the system's tzdata, and showing a time the Judge wrote in UTC
 * also in a reader's zone.  Zones are resolved by the C library from
 * tzdata (TZ, tzset, mktime), never from offsets written here, except for
 * the abbreviations, which name fixed offsets by definition.
 */
#ifndef WHEN_H
#define WHEN_H

#include <stddef.h>

#include "base/error.h"

/* The times the Judge takes from its command line, environment or
 * clock: 2000-01-01T00:00Z to 9999-12-31T23:59:59Z.  Within them a
 * deadline (now plus at most a year of hours) cannot overflow. */
#define TIME_MIN 946684800LL
#define TIME_MAX 253402300799LL
#define TIME_FORMS "ISO 8601 (2026-11-23T18:00Z) or epoch seconds, from 2000 to 9999"

/* Parse a time for --now and JUDGE_NOW: epoch seconds, or ISO 8601
 * "2026-11-23T18:00[:00][Z]" / "2026-11-23 18:00" / "2026-11-23" in UTC
 * (Z, UTC or none), read by when_parse's grammar.  Returns -1 if it is
 * not a time or lies outside TIME_MIN..TIME_MAX. */
MUST_CHECK long long parse_time(const char *s);

/* "2026-11-23 18:00 UTC (Mon)": the one shape of a time in the Judge's
 * mail, which the outbox shows also in each reader's zone
 * (when_localise). */
void format_time(long long t, char *out, size_t len);

/* The longest IANA zone name kept (tzdata's longest is 32). */
#define ZONE_MAX 64

/*
 * 1 if name is an IANA zone the system's tzdata has ("Europe/Paris",
 * "UTC"); written as tzdata spells it, or with each word's first letter
 * in the wrong case ("europe/paris"): the spelling found goes to out.
 */
int zone_known(const char *name, char out[ZONE_MAX]);

/*
 * Parse text by the deadline grammar (README.md, "Playing by mail"),
 * relative to now; a time written without a zone is in zone (an IANA
 * name; "" for UTC).  Returns the time in epoch seconds, or -1 with the
 * reason, fit for the sender, in why.  The caller checks the range.
 */
MUST_CHECK long long when_parse(const char *text, const char *zone, long long now, char *why, size_t whylen);

/* when_parse for the end of a span (SET ABSENCE ... TO <day>): a date
 * written without a time of day means the end of that day, as a player
 * who is away until the 12th is away all of the 12th. */
MUST_CHECK long long when_parse_until(const char *text, const char *zone, long long now, char *why,
                                      size_t whylen);

/*
 * text with every time the Judge wrote in UTC (format_time's shape,
 * "2026-11-23 18:00 UTC (Mon)") followed by the same time in zone (" =
 * Mon 19:00 CET (Europe/Paris)"); malloc'd.  NULL if zone is "" or has no
 * such times: then text is shown as it is.
 */
char *when_localise(const char *text, const char *zone);

#endif
