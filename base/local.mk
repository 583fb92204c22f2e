## base/local.mk - the base library every other folder builds on: growing
## strings, the one error convention, and the line-record reader.  It
## depends on nothing of the Judge's, so that no folder above it can be
## reached back from it.
noinst_LIBRARIES += base/libbase.a
base_libbase_a_SOURCES = base/strbuf.h base/strbuf.c base/error.h base/error.c \
	base/records.h base/records.c
