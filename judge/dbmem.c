/*
 * dbmem.c - SQLite's memory in one transparent huge page (dbmem.h): its
 * page cache, the connection's lookaside and, while there is room, its
 * other allocations.
 *
 * A receive is a short process, and on this kind of virtual machine a
 * page's first touch is dear: 16 us of CPU for each 4 KiB page faulted
 * in, about 200 us for a whole 2 MiB huge page (bench/README.md, "recv7").
 * SQLite touched some fifty pages for the database pages a receive reads
 * (one slot of its page cache each), thirty for the lookaside it threads
 * at open and about forty of the heap for the schema and statements.  In
 * one huge page they cost its one fault.  The region is used only if the
 * kernel made it a huge page at the first touch (mincore then finds all
 * of it resident); otherwise it is given back and SQLite allocates as it
 * always did, and a kernel without transparent huge pages costs one small
 * page and four system calls.
 *
 * The allocations are bump-allocated from the region's tail and never
 * reused when freed: a receive's total is well below the room, and a long
 * process (cron, a maildir run) that uses it up goes on with SQLite's own
 * allocator, which then frees what it gave.  A page cache beyond its
 * slots, too, falls back to SQLite's allocator.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>

#include "judge/dbmem.h"

/* Not in a sanitizer build: AddressSanitizer checks the bounds of what
 * malloc gave, which a bump allocator would hide, and LeakSanitizer
 * does not look for pointers in a region it did not allocate, so a
 * block referred to only from SQLite's objects there would be reported
 * as leaked. */
#if defined(__SANITIZE_ADDRESS__)
#define DBMEM_OFF 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define DBMEM_OFF 1
#endif
#endif
#ifndef DBMEM_OFF
#define DBMEM_OFF 0
#endif

#define HUGE_BYTES ((size_t)2 << 20)
#define PAGE_BYTES 4096
/* SQLite's default lookaside: 100 slots of 1,200 bytes */
#define LOOKASIDE_SLOT 1200
#define LOOKASIDE_SLOTS 100
/* a receive reads 40 to 60 pages of the database */
#define PCACHE_SLOTS 128

static char *region;
static char *next, *end;            /* the allocations' room */
static sqlite3_mem_methods dflt;    /* SQLite's allocator, for the rest */

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

static int ours(const void *p)
{
	return (const char *)p >= region && (const char *)p < region + HUGE_BYTES;
}

/* Each allocation is its size in 8 bytes, then the bytes: SQLite wants
 * 8-byte alignment and the size back (xSize). */
static void *arena_malloc(int n)
{
	size_t need = 8 + (((size_t)n + 7) & ~(size_t)7);

	if (n > 0 && (size_t)(end - next) >= need) {
		char *p = next;
		next += need;
		*(long long *)p = n;
		return p + 8;
	}
	return dflt.xMalloc(n);
}

static void arena_free(void *p)
{
	if (!ours(p))
		dflt.xFree(p);
}

static int arena_size(void *p)
{
	return ours(p) ? (int)((long long *)p)[-1] : dflt.xSize(p);
}

static void *arena_realloc(void *p, int n)
{
	if (!ours(p))
		return dflt.xRealloc(p, n);
	int had = arena_size(p);
	void *q = arena_malloc(n);
	if (q)
		memcpy(q, p, (size_t)(had < n ? had : n));
	return q;
}

static int arena_roundup(int n)
{
	return dflt.xRoundup(n);
}

static int arena_init(void *arg)
{
	(void)arg;
	return dflt.xInit(dflt.pAppData);
}

static void arena_shutdown(void *arg)
{
	(void)arg;
	dflt.xShutdown(dflt.pAppData);
}

void dbmem_setup(void)
{
	static const sqlite3_mem_methods arena = {
		arena_malloc, arena_free, arena_realloc, arena_size, arena_roundup,
		arena_init, arena_shutdown, NULL,
	};
	int header = 0;

	if (DBMEM_OFF || region || !(region = huge_page()))
		return;
	/* none at open (SQLite would allocate its own and thread it, touching
	 * every page): dbmem_lookaside gives the connection the region's */
	sqlite3_config(SQLITE_CONFIG_LOOKASIDE, 0, 0);
	sqlite3_config(SQLITE_CONFIG_PCACHE_HDRSZ, &header);
	int slot = (PAGE_BYTES + header + 7) & ~7;
	char *cache = region + LOOKASIDE_SLOT * LOOKASIDE_SLOTS;
	sqlite3_config(SQLITE_CONFIG_PAGECACHE, cache, slot, PCACHE_SLOTS);
	next = cache + (size_t)slot * PCACHE_SLOTS;
	end = region + HUGE_BYTES;
	if (sqlite3_config(SQLITE_CONFIG_GETMALLOC, &dflt) == SQLITE_OK)
		sqlite3_config(SQLITE_CONFIG_MALLOC, &arena);
}

void dbmem_lookaside(sqlite3 *db)
{
	static int given;

	if (!region || given)
		return;
	given = 1;
	sqlite3_db_config(db, SQLITE_DBCONFIG_LOOKASIDE, region, LOOKASIDE_SLOT, LOOKASIDE_SLOTS);
}
