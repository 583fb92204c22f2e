## variants/diceless.mk - the diceless Peloponnesian War: board, state,
## texts and the variant_ops glue.
variants_libvariants_a_SOURCES += variants/diceless_board.h \
	variants/diceless_map_load.c variants/diceless_state.c \
	variants/diceless_status.c variants/diceless_report.c \
	variants/diceless_variant.c
EXTRA_DIST += variants/diceless
## Every program linking libvariants.a now needs libsodium: the registry
## names the diceless engine, whose draws use BLAKE2b.  judge/judge has it
## already; the link lines below are owned elsewhere, so they are extended
## here until their owners add $(SODIUM_LIBS) themselves.
bench_adjudicate_bench_LDADD += $(SODIUM_LIBS)
tests_parser_orders_test_LDADD += $(SODIUM_LIBS)
