/*
 * powers.c - a variant's powers: adding them as a family loads its data,
 * and finding one by letter or name.  A file of its own, below both the
 * registry and the families: the registry's table names every family's
 * ops, and every family's load() adds its powers, so if these lived in
 * registry.c the two would depend on each other.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "variants/variant.h"

void variant_add_power(struct variant *v, char letter, const char *name)
{
	if (v->npowers == VARIANT_MAX_POWERS)
		return;      /* the families' own limits are lower */
	v->power[v->npowers].letter = letter;
	snprintf(v->power[v->npowers].name, sizeof v->power[0].name, "%s", name);
	v->npowers++;
}

int variant_power_by_letter(const struct variant *v, char c)
{
	for (int i = 0; i < v->npowers; i++)
		if (v->power[i].letter == toupper((unsigned char)c))
			return i;
	return -1;
}

int variant_power_by_name(const struct variant *v, const char *name, size_t len)
{
	for (int i = 0; i < v->npowers; i++)
		if (strlen(v->power[i].name) == len && !strncasecmp(v->power[i].name, name, len))
			return i;
	return -1;
}
