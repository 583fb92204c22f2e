/*
 * dip_board.c - the Diplomacy board behind a variant name.
 *
 * For code outside the front layer that needs a Diplomacy map itself (the
 * order-grammar test, the adjudication benchmark): it goes through the
 * registry like everything else and refuses a variant of another family,
 * so no caller looks at a family's private data by mistake.
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
