/*
 * when.h - times as people write them, and as each reader reads them.
 *
 * Owns: the deadline grammar of SET DEADLINE ("friday 18:00", "fri 18:00
 * Europe/Paris", "+24h", ISO 8601), the list of zone abbreviations the
 * Judge accepts (only those with one meaning), checking an IANA zone name
 * against the system's tzdata, and showing a time the Judge wrote in UTC
 * also in a reader's zone.  Zones are resolved by the C library from
 * tzdata (TZ, tzset, mktime), never from offsets written here, except for
 * the abbreviations, which name fixed offsets by definition.
 */
#ifndef WHEN_H
#define WHEN_H

#include <stddef.h>

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
long long when_parse(const char *text, const char *zone, long long now, char *why, size_t whylen);

/*
 * text with every time the Judge wrote in UTC (format_time's shape,
 * "2026-11-23 18:00 UTC (Mon)") followed by the same time in zone (" =
 * Mon 19:00 CET (Europe/Paris)"); malloc'd.  NULL if zone is "" or has no
 * such times: then text is shown as it is.
 */
char *when_localise(const char *text, const char *zone);

#endif
