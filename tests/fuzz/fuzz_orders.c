/*
 * fuzz_orders.c - libFuzzer target: any bytes as a power's orders, through
 * each variant's check_orders (the order grammars, the name tables, the
 * legality checks) on its opening position.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "variants/variant.h"

static const char *const names[] = { "standard", "classical", "diceless" };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char err[300], *text = malloc(size + 1);

	memcpy(text, data, size);
	text[size] = '\0';
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
		const struct variant *v = variant_find(names[i], err, sizeof err);
		struct variant_chance chance = { 0 };
		unsigned char zero[VARIANT_SEED_BYTES * VARIANT_MAX_POWERS] = { 0 };
		struct strbuf state = STRBUF_INIT, accepted = STRBUF_INIT, echo = STRBUF_INIT;

		if (!v)
			abort();
		chance.seed = chance.next_seed = chance.keys = zero;
		v->ops->initial(v, &chance, &state);
		v->ops->check_orders(v, state.buf, 0, text, &accepted, &echo);
		strbuf_release(&state);
		strbuf_release(&accepted);
		strbuf_release(&echo);
	}
	free(text);
	return 0;
}
