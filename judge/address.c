/*
 * address.c - the key of an address for counting (see address.h).
 *
 * Also an SQL function, because most counts are one SELECT over rows
 * stored with the address as written, and the key must be the same
 * whether C or SQL computes it.
 */
#include <ctype.h>
#include <string.h>

#include "judge/address.h"

void address_key(const char *addr, char *out, size_t size)
{
	const char *at = strrchr(addr, '@');
	size_t local = at ? (size_t)(at - addr) : strlen(addr), n = 0;

	if (!size)
		return;
	for (size_t i = 0; i < local && n + 1 < size; i++) {
		/* a '+' that begins the local part is its name, not a tag */
		if (addr[i] == '+' && i > 0)
			break;
		out[n++] = (char)tolower((unsigned char)addr[i]);
	}
	if (at) {
		size_t dlen = strlen(at);
		if (dlen > 1 && at[dlen - 1] == '.')
			dlen--;
		for (size_t i = 0; i < dlen && n + 1 < size; i++)
			out[n++] = (char)tolower((unsigned char)at[i]);
	}
	out[n] = '\0';
}

static void sql_address_key(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
	const unsigned char *addr = sqlite3_value_text(argv[0]);
	char key[512];

	(void)argc;
	if (!addr) {
		sqlite3_result_null(ctx);
		return;
	}
	address_key((const char *)addr, key, sizeof key);
	sqlite3_result_text(ctx, key, -1, SQLITE_TRANSIENT);
}

int address_key_register(sqlite3 *db)
{
	return sqlite3_create_function(db, "address_key", 1,
	                               SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS, NULL,
	                               sql_address_key, NULL, NULL);
}
