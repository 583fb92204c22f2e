/*
 * zones.h - the time zone each address reads its mail in (SET TIMEZONE).
 *
 * Owns: the zones table.  What a zone name may be, and showing times in
 * it, are when.h's.
 */
#ifndef ZONES_H
#define ZONES_H

#include <sqlite3.h>
#include <stddef.h>

/* The time zone of address (an IANA name) into out, or "" (UTC) if it
 * has none. */
void address_zone(sqlite3 *db, const char *address, char *out, size_t len);

/* Set address's time zone to zone (an IANA name; "" forgets it: UTC). */
void address_set_zone(sqlite3 *db, const char *address, const char *zone);

#endif
