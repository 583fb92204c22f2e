/*
 * dbmem.h - where SQLite keeps its memory: its page cache, a connection's
 * lookaside and its allocations in one transparent huge page when the
 * kernel gives one (dbmem.c says why).
 */
#ifndef DBMEM_H
#define DBMEM_H

#include <sqlite3.h>

/* Before SQLite initialises (it refuses sqlite3_config after): take the
 * huge page, if any, and give SQLite its page cache and allocator there.
 * Without one, nothing changes. */
void dbmem_setup(void);

/* The rest of the huge page as db's lookaside (the first caller only). */
void dbmem_lookaside(sqlite3 *db);

#endif
