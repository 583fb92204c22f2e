## bench/local.mk - benchmarks: built by `make bench/adjudicate_bench`, not run
## by `make check`.
noinst_PROGRAMS += bench/adjudicate_bench
bench_adjudicate_bench_SOURCES = bench/adjudicate_bench.c
bench_adjudicate_bench_LDADD = variants/libvariants.a picture/libpicdraw.a picture/libpicture.a $(CAIRO_LIBS) $(PNG_LIBS) -lm parser/libparser.a \
	adjudicator/libadjudicator.a $(PCRE2_LIBS) $(SODIUM_LIBS) base/libbase.a
EXTRA_DIST += bench/README.md
noinst_PROGRAMS += bench/operations_bench
bench_operations_bench_SOURCES = bench/operations_bench.c
bench_operations_bench_CPPFLAGS = $(AM_CPPFLAGS) -DJUDGE_SRCDIR='"$(abs_top_srcdir)"'
bench_operations_bench_LDADD = variants/libvariants.a parser/libparser.a \
	adjudicator/libadjudicator.a $(PCRE2_LIBS) $(SODIUM_LIBS) base/libbase.a

## `make mail-bench`: the mail-path benchmark (bench/mail_bench.sh; see
## bench/README.md).  A phony target of its own, never part of `make check`.
EXTRA_DIST += bench/mail_bench.sh bench/guesses.sh bench/latency.sh bench/flush_backends.sh \
	bench/receive_cpu.sh
.PHONY: mail-bench
mail-bench: judge/judge
	JUDGE=./judge/judge sh $(srcdir)/bench/mail_bench.sh

## `make bench/picture_bench`: how long a Classical results picture takes
## to draw (bench/README.md, "Map pictures").
noinst_PROGRAMS += bench/picture_bench
bench_picture_bench_SOURCES = bench/picture_bench.c
bench_picture_bench_LDADD = variants/libvariants.a picture/libpicdraw.a picture/libpicture.a $(CAIRO_LIBS) $(PNG_LIBS) -lm \
	parser/libparser.a adjudicator/libadjudicator.a $(PCRE2_LIBS) $(SODIUM_LIBS) base/libbase.a

## `make bench/mime_bench`: what reading one hostile mail costs, shape by
## shape (bench/README.md, "What one mail costs to read").
noinst_PROGRAMS += bench/mime_bench
bench_mime_bench_SOURCES = bench/mime_bench.c
bench_mime_bench_CFLAGS = $(AM_CFLAGS) $(ETPAN_CFLAGS)
bench_mime_bench_LDADD = $(MAIL_TEST_LIBS)
