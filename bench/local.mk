## bench/local.mk - benchmarks: built by `make bench/adjudicate_bench`, not run
## by `make check`.
noinst_PROGRAMS += bench/adjudicate_bench
bench_adjudicate_bench_SOURCES = bench/adjudicate_bench.c
bench_adjudicate_bench_LDADD = variants/libvariants.a picture/libpicture.a $(CAIRO_LIBS) $(PNG_LIBS) -lm parser/libparser.a \
	adjudicator/libadjudicator.a $(PCRE2_LIBS) $(SODIUM_LIBS)
EXTRA_DIST += bench/README.md

## `make mail-bench`: the mail-path benchmark (bench/mail_bench.sh; see
## bench/README.md).  A phony target of its own, never part of `make check`.
EXTRA_DIST += bench/mail_bench.sh bench/guesses.sh bench/latency.sh
.PHONY: mail-bench
mail-bench: judge/judge
	JUDGE=./judge/judge sh $(srcdir)/bench/mail_bench.sh
