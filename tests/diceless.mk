## tests/diceless.mk - the diceless variant's tests: the engine's rules,
## the draws (checked against an independent Python computation), and the
## variant driven through variant_ops.
check_PROGRAMS += tests/diceless/diceless_test
tests_diceless_diceless_test_SOURCES = tests/diceless/diceless_test.c
tests_diceless_diceless_test_LDADD = variants/libvariants.a parser/libparser.a \
	adjudicator/libadjudicator.a $(SODIUM_LIBS) $(PCRE2_LIBS)
TESTS += tests/diceless/diceless_test tests/diceless/draws.test
EXTRA_DIST += tests/diceless/draws.py tests/diceless/draws.test
