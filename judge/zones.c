/*
 * zones.c - readers' time zones in SQLite (see zones.h).
 */
#include <assert.h>

#include "judge/db.h"
#include "judge/zones.h"

void address_zone(sqlite3 *db, const char *address, char *out, size_t len)
{
	assert(address != NULL && out != NULL);
	db_text(db, "SELECT zone FROM zones WHERE email = ?", "t", out, len, address);
}

void address_set_zone(sqlite3 *db, const char *address, const char *zone)
{
	assert(address != NULL && zone != NULL);
	/* the upsert meets no constraint it does not handle; faults die in db_run */
	if (!*zone)
		(void)db_run(db, "DELETE FROM zones WHERE email = ?", "t", address);
	else
		(void)db_run(db, "INSERT INTO zones (email, zone) VALUES (?, ?) ON CONFLICT (email)"
		             " DO UPDATE SET zone = excluded.zone", "tt", address, zone);
}
