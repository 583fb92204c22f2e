/*
 * address.c - the comparisons of address.h.  The local part ends at the
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
