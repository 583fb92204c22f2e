## tests/local.mk - rules cases and end-to-end tests
## (each family's own tests are in its fragment, variants/<family>.mk)
# family_cases and family_games: the families' rules cases and games by
# mail, which tests/sanitizers/ runs on the sanitizer build
AM_TESTS_ENVIRONMENT = top_srcdir='$(abs_top_srcdir)' top_builddir='$(abs_top_builddir)' \
	family_cases='$(FAMILY_CASES)' family_games='$(FAMILY_GAMES)'; \
	export top_srcdir top_builddir family_cases family_games;
# every test timed (tests/timed-driver): check.sh names the slowest
LOG_DRIVER = $(SHELL) $(top_srcdir)/tests/timed-driver
TEST_LOG_DRIVER = $(LOG_DRIVER)
EXTRA_DIST += tests/timed-driver
TESTS += tests/game.test \
	tests/game/killsafe.test tests/game/shapes.test tests/game/master_draw.test \
	tests/game/flush.test tests/game/frontlayer.test tests/game/seats.test \
	tests/game/migrate.test tests/game/hostile.test tests/game/quarantine.test \
	tests/game/show_json.test \
	tests/game/concurrent.test tests/game/cron_parallel.test tests/game/loop.test tests/game/faults.test \
	tests/game/resigned.test tests/game/diskfull.test tests/demo.test tests/game/config.test \
	tests/game/press.test tests/game/njudge.test tests/game/standing.test \
	tests/game/limits.test tests/game/fixtures.test tests/game/datahash.test \
	tests/game/deadlines.test tests/game/get.test tests/game/experimental.test \
	tests/game/draws.test tests/game/lateness.test tests/game/guessing.test \
	tests/game/roles.test tests/game/spelling.test tests/game/habits.test tests/game/habits2.test tests/game/njudge_words.test tests/game/summary.test tests/game/njudge_mail.test \
	tests/game/master_tools.test tests/game/prefs.test \
	tests/game/upgrade.test tests/game/owner.test tests/game/backup.test tests/game/bounded.test tests/game/secrets.test tests/game/fontcache.test tests/game/check_config.test tests/game/bigmail.test tests/game/timelimit.test tests/game/nodb.test \
	tests/parser/cases_errors.test
TESTS += tests/game/bounds.test tests/game/maildir_busy.test tests/game/burst.test tests/game/verifier.test tests/game/walckpt.test
# the web site's writer (judge/web.h): privacy, incremental writes
TESTS += tests/web/privacy.test tests/web/incremental.test
EXTRA_DIST += tests/web/privacy.test tests/web/privacy.txt tests/web/incremental.test tests/web/incremental.txt
TESTS += tests/environment.test
EXTRA_DIST += tests/environment.test
EXTRA_DIST += tests/fuzz tests/parser/cases_errors.test tests/sanitizers tests/check.sh tests/check.order tests/rules_cases.sh \
	tests/game.test tests/game

# The Judge built with ASan and UBSan (configure --enable-sanitizers, in
# asan-build/ beside this build) runs the rules cases of every family, the
# three-year game by mail and cron at both ends of the clock's range on it,
# the front layer's game, hostile mail, the quarantine, the mail shapes,
# and every family's games by mail, without a single sanitizer report:
# split into tests that run side by side (tests/sanitizers/*.test) on ONE
# build.  Their logs depend on its mark, asan-build/built, so that the
# parallel harness makes it once before any starts (a test that built it
# would race the others, or hold them on a lock doing nothing); the rule
# is recursive ($(MAKE)), so that its compilers take make's job slots.
# tests/check.sh brings it up to date with the sources (make
# sanitizer-build, phony) before make check: a log whose prerequisite is
# still being made when make reaches it is put off by GNU make until
# every other test has started, which made the longest tests the last.
# Only these logs name it: a run of other tests (distcheck's, TESTS=...)
# never builds it.
SANITIZER_TESTS = tests/sanitizers/games1.test tests/sanitizers/games2.test \
	tests/sanitizers/games3.test tests/sanitizers/classical.test \
	tests/sanitizers/front.test tests/sanitizers/cases.test
$(SANITIZER_TESTS:.test=.log): asan-build/built
asan-build/built sanitizer-build:
	@MAKE='$(MAKE)' $(SHELL) $(top_srcdir)/tests/sanitizers/build.sh '$(abs_top_builddir)' '$(abs_top_srcdir)'
.PHONY: sanitizer-build

# the sanitizer build and the short fuzz run's build live beside the
# normal one (distcheck's distcleancheck finds whatever is left)
clean-local: clean-test-builds
clean-test-builds:
	rm -rf asan-build asan-build.log fuzz-short fuzz-short-probe fuzz-short-probe.c
.PHONY: clean-test-builds

TESTS += tests/fuzz/short.test

# make install into a DESTDIR, the installed program run on its own data;
# and a data-only variant folder installed and played with no build edit
TESTS += tests/install.test tests/install_variant.test
EXTRA_DIST += tests/install.test tests/install_variant.test

# README's first command, `judge demo`; in the tarball too, or distcheck's
# run of the whole suite has no script for it
EXTRA_DIST += tests/demo.test

# The one check harness every C unit test (tests/**/*_test.c) includes.
EXTRA_DIST += tests/check.h

# The test folders are distributed whole (EXTRA_DIST names them), and
# automake copies the build tree's copy too: leave out the results of a
# test run there, which a VPATH build would take for its own.
dist-hook:
	find "$(distdir)/tests" \( -name '*.log' -o -name '*.trs' \) -exec rm -f {} +

# map pictures: a fixed phase of each variant drawn and compared with the
# committed picture (each family lists its own), every place inside its
# region, and the pictures through the mail path (tests/picture/,
# tests/game/map.*)
check_PROGRAMS += tests/picture/render tests/picture/places_test tests/picture/inset_test \
	tests/picture/layout_test tests/picture/png_test tests/picture/stack_test
tests_picture_render_SOURCES = tests/picture/render.c
tests_picture_render_LDADD = $(VARIANT_LIBS)
tests_picture_places_test_SOURCES = tests/picture/places_test.c
tests_picture_places_test_LDADD = $(tests_picture_render_LDADD)
tests_picture_inset_test_SOURCES = tests/picture/inset_test.c
tests_picture_inset_test_CFLAGS = $(AM_CFLAGS) $(CAIRO_CFLAGS)
tests_picture_inset_test_LDADD = $(tests_picture_render_LDADD)
tests_picture_layout_test_SOURCES = tests/picture/layout_test.c
tests_picture_layout_test_CFLAGS = $(AM_CFLAGS) $(CAIRO_CFLAGS)
tests_picture_layout_test_LDADD = $(tests_picture_render_LDADD)
tests_picture_png_test_SOURCES = tests/picture/png_test.c
tests_picture_png_test_CFLAGS = $(AM_CFLAGS) $(PNG_CFLAGS)
tests_picture_png_test_LDADD = $(tests_picture_render_LDADD)
tests_picture_stack_test_SOURCES = tests/picture/stack_test.c
tests_picture_stack_test_CFLAGS = $(AM_CFLAGS) $(PNG_CFLAGS)
tests_picture_stack_test_LDADD = $(tests_picture_render_LDADD)
TESTS += tests/picture/places_test tests/picture/inset_test tests/picture/layout_test tests/picture/png_test \
	tests/picture/stack_test \
	tests/picture/render.test tests/game/map.test
EXTRA_DIST += tests/picture/render.test tests/picture/pngdiff.py \
	tests/game/map.test tests/game/map.txt tests/game/pelomap.txt tests/lsan.supp

# tests/check.sh totals the rules cases from the logs of these tests,
# and starts the tests in its own order (tests/check.order)
print-family-cases:
	@echo $(FAMILY_CASES)
print-tests:
	@echo $(TESTS)
.PHONY: print-family-cases print-tests

# the layers: no cycle between the product's files or folders, as nm sees
# the built objects (tests/layers.py), and the checker's own test.
TESTS += tests/layers.test tests/layers_self.test
EXTRA_DIST += tests/layers.py tests/layers.test tests/layers_self.test

# the static web site (issue 28): its pages valid and self-contained, and
# walked in headless Chromium (both skip without their Debian packages);
# the games they are built from, and the screenshots, stay in the build
# tree between runs (tests/web/sites.sh) until make clean
TESTS += tests/web/valid.test tests/web/browser.test
EXTRA_DIST += tests/web/valid.test tests/web/browser.test tests/web/lib.sh tests/web/sites.sh \
	tests/web/check_site.py tests/web/browse.py tests/web/bad
clean-local: clean-web-tests
clean-web-tests:
	rm -rf tests/web/games tests/web/browser-shots
.PHONY: clean-web-tests
