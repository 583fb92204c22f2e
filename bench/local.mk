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
	bench/burst.sh bench/burst_run.sh bench/burst_submit.py bench/rusage_run.c bench/receive_cpu.sh \
	bench/turn_burst.sh
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

## `make bench/godip_bench`: the adjudicator side by side with godip on the
## same phase file (bench/godip.sh; bench/README.md, "Against godip").  The
## Go side is outside the C build; it is only shipped.
noinst_PROGRAMS += bench/godip_bench
bench_godip_bench_SOURCES = bench/godip_bench.c
bench_godip_bench_LDADD = $(bench_adjudicate_bench_LDADD)
EXTRA_DIST += bench/godip.sh bench/godip/main.go bench/godip/go.mod

## `make cron-bench`: what `judge cron` costs per due game, its picture
## included (bench/cron_bench.sh; bench/README.md, "Map pictures").  Set
## BASE=path/to/another/judge to compare the two side by side.
EXTRA_DIST += bench/cron_bench.sh bench/bench.conf
.PHONY: cron-bench
cron-bench: judge/judge
	JUDGE=./judge/judge sh $(srcdir)/bench/cron_bench.sh

## `make web-bench`: a full `judge web` of GAMES games and cron's extra
## time with web_dir (bench/web_bench.sh; bench/README.md, "The web site")
EXTRA_DIST += bench/web_bench.sh
.PHONY: web-bench
web-bench: judge/judge
	JUDGE=./judge/judge sh $(srcdir)/bench/web_bench.sh

## `make bench/turn_bench`: the writers' turn alone, writers arriving
## faster than it serves them: their wait and their order
## (bench/README.md, "The writers' turn in order").
noinst_PROGRAMS += bench/turn_bench
bench_turn_bench_SOURCES = bench/turn_bench.c judge/writelock.c judge/turnqueue.c judge/waitbound.c
bench_turn_bench_LDADD = base/libbase.a
