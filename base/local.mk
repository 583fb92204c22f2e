## base/local.mk - the base library every other folder builds on: growing
## strings, the one error convention, the line-record reader, and the
## line breaker every text for mail goes through, the JSON writer, and the
## halves every module of the program shares with it (dl_module.h).  It
## depends on nothing of the Judge's, so that no folder above it can be
## reached back from it.
noinst_LIBRARIES += base/libbase.a
base_libbase_a_SOURCES = base/strbuf.h base/strbuf.c base/error.h base/error.c \
	base/records.h base/records.c base/wrap.h base/wrap.c base/json.h base/json.c \
	base/dl_module.h base/module_load.c

# the shared text writers' own test (the line breaker, the JSON writer)
check_PROGRAMS += tests/base/text_test
tests_base_text_test_SOURCES = tests/base/text_test.c
tests_base_text_test_LDADD = base/libbase.a
TESTS += tests/base/text_test
