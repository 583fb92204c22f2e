/*
 * dbmem.c - SQLite's page cache and lookaside in one transparent huge
 * page (dbmem.h).
 *
 * A receive is a short process, and on this kind of virtual machine a
 * page's first touch is dear: 16 us of CPU for each 4 KiB page faulted in,
 * against about 200 us for a whole 2 MiB huge page (bench/README.md,
 * "recv7").  SQLite touches some fifty pages for the database pages a
 * receive reads (one slot of its page cache each) and thirty more for
 * the lookaside it threads at open.  Given both inside one huge page,
 * they cost that page's one fault.  The region is taken only when the
 * kernel makes it a huge page at the first touch (mincore then finds
 * all of it resident); otherwise it is given back at once and SQLite
 * allocates as before, so a kernel without transparent huge pages pays
 * one small page and three system calls.  SQLite's own allocator takes
 * over when the page cache's slots are used up.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>

#include "judge/dbmem.h"

#define HUGE_BYTES ((size_t)2 << 20)
/* SQLite's default lookaside, 100 slots of 1,200 bytes */
#define LOOKASIDE_SLOT 1200
#define LOOKASIDE_SLOTS 100
#define PAGE_BYTES 4096

static char *region;

/* A HUGE_BYTES-aligned huge page, or NULL. */
static char *huge_page(void)
{
	char *map = mmap(NULL, 2 * HUGE_BYTES, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	unsigned char resident[HUGE_BYTES / PAGE_BYTES];

	if (map == MAP_FAILED)
		return NULL;
	char *p = (char *)(((uintptr_t)map + HUGE_BYTES - 1) & ~(uintptr_t)(HUGE_BYTES - 1));
	if (madvise(p, HUGE_BYTES, MADV_HUGEPAGE) == 0) {
		p[0] = 0;    /* the one fault */
		if (mincore(p, HUGE_BYTES, resident) == 0 && (resident[sizeof resident - 1] & 1))
			return p;
	}
	munmap(map, 2 * HUGE_BYTES);
	return NULL;
}

void dbmem_setup(void)
{
	int header = 0;
	const char *off = getenv("JUDGE_NO_DBMEM");

	if (off || region || !(region = huge_page()))
		return;
	/* none at open (SQLite would allocate and thread its own, touching
	 * every page of it): dbmem_lookaside gives the connection this one */
	sqlite3_config(SQLITE_CONFIG_LOOKASIDE, 0, 0);
	sqlite3_config(SQLITE_CONFIG_PCACHE_HDRSZ, &header);
	int slot = (PAGE_BYTES + header + 7) & ~7;
	size_t cache = HUGE_BYTES - LOOKASIDE_SLOT * LOOKASIDE_SLOTS;
	sqlite3_config(SQLITE_CONFIG_PAGECACHE, region + LOOKASIDE_SLOT * LOOKASIDE_SLOTS, slot,
	               (int)(cache / (size_t)slot));
}

void dbmem_lookaside(sqlite3 *db)
{
	static int given;

	if (!region || given)
		return;
	given = 1;
	sqlite3_db_config(db, SQLITE_DBCONFIG_LOOKASIDE, region, LOOKASIDE_SLOT, LOOKASIDE_SLOTS);
}
