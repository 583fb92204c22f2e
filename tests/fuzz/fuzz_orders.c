/*
 * fuzz_orders.c - libFuzzer target: any bytes as a power's orders, through
 * each variant's order check as the Judge makes it (the front layer's
 * variant_check: the grammars, the name tables, the legality checks) on
 * its opening position, and back through adjudication from the canonical
 * text it accepted.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "variants/variant.h"

static const char *const names[] = { "standard", "classical", "diceless", "peloponnesian", "antike" };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = malloc(size + 1);

	memcpy(text, data, size);
	text[size] = '\0';
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
		const struct variant *v = variant_find(names[i], NULL);
		struct variant_chance chance = { 0 };
		unsigned char zero[VARIANT_SEED_BYTES * VARIANT_MAX_POWERS] = { 0 };
		struct strbuf state = STRBUF_INIT, echo = STRBUF_INIT, next = STRBUF_INIT;
		struct strbuf accepted[VARIANT_MAX_POWERS];
		struct power_set seat = { { 0 } }, given;
		struct vstate vs;
		struct game_end end;

		if (!v)
			abort();
		for (int p = 0; p < v->npowers; p++)
			strbuf_init(&accepted[p]);
		chance.seed = chance.next_seed = chance.keys = zero;
		variant_initial(v, v->max_players, &chance, &state);
		if (vstate_open(&vs, v, state.buf))
			abort();
		pset_add(&seat, 0);
		if (!variant_check(&vs, &seat, 0, 0, text, accepted, &given, &echo)) {
			struct order_set set = { 0, accepted[0].buf };
			struct variant_report *rep = variant_report_new();
			variant_adjudicate(&vs, &set, 1, NULL, 0, &chance, &next, rep, &end);
			/* an accepted order must read back: nothing is "not usable" */
			if (strstr(rep->all.buf, "not usable"))
				abort();
			variant_report_free(rep);
		}
		vstate_close(&vs);
		for (int p = 0; p < v->npowers; p++)
			strbuf_release(&accepted[p]);
		strbuf_release(&state);
		strbuf_release(&echo);
		strbuf_release(&next);
	}
	free(text);
	return 0;
}
