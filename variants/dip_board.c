/*
 * dip_board.c - the Diplomacy board behind a variant name.
 */
#include <stdio.h>
#include <string.h>

#include "variants/dip_board.h"
#include "variants/variant.h"

extern const struct variant_ops dip_variant_ops;

const struct dip_board *dip_board_find(const char *name)
{
	const struct variant *v = variant_find(name, NULL);

	if (!v)
		return NULL;
	if (v->ops != &dip_variant_ops) {
		fail("variant '%s' is not a Diplomacy variant", v->name);
		return NULL;
	}
	return v->data;
}
