## bench/local.mk - benchmarks: built by `make bench/adjudicate_bench`, not run
## by `make check`.
noinst_PROGRAMS += bench/adjudicate_bench
bench_adjudicate_bench_SOURCES = bench/adjudicate_bench.c
bench_adjudicate_bench_LDADD = variants/libvariants.a parser/libparser.a \
	adjudicator/libadjudicator.a $(PCRE2_LIBS) $(SODIUM_LIBS)
EXTRA_DIST += bench/README.md
