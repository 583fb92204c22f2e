/*
 * address.c - the comparisons of address.h, and address_counted as an
 * SQL function for the counts written as one SELECT.  The local part ends at the
 * last '@' (a quoted local part may hold one), as maildir/inmail.c finds
 * the domain it lower-cases.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "judge/address.h"

static size_t local_len(const char *addr)
{
	const char *at = strrchr(addr, '@');
	return at ? (size_t)(at - addr) : strlen(addr);
}

int address_same(const char *a, const char *b)
{
	size_t n = local_len(a);

	return n == local_len(b) && !strncmp(a, b, n) && !strcasecmp(a + n, b + n);
}

void address_counted(const char *addr, char *out, size_t size)
{
	size_t n = local_len(addr), keep = strcspn(addr, "+");
	size_t o = 0;

	if (!size)
		return;
	/* "+" starting the local part is its name, not a tag */
	if (keep > n || keep == 0)
		keep = n;
	for (size_t i = 0; addr[i] && o + 1 < size; i++) {
		if (i >= keep && i < n)
			continue;
		out[o++] = (char)tolower((unsigned char)addr[i]);
	}
	out[o] = '\0';
}

static void sql_counted(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
	const unsigned char *addr = sqlite3_value_text(argv[0]);
	char key[512];

	(void)argc;
	if (!addr) {
		sqlite3_result_null(ctx);
		return;
	}
	address_counted((const char *)addr, key, sizeof key);
	sqlite3_result_text(ctx, key, -1, SQLITE_TRANSIENT);
}

int address_counted_register(sqlite3 *db)
{
	return sqlite3_create_function(db, "address_counted", 1,
	                               SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS, NULL,
	                               sql_counted, NULL, NULL);
}
