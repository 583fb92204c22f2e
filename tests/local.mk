## tests/local.mk - rules cases and end-to-end tests
AM_TESTS_ENVIRONMENT = top_srcdir='$(abs_top_srcdir)' top_builddir='$(abs_top_builddir)'; \
	export top_srcdir top_builddir;
TESTS += tests/datc.test tests/classical.test tests/game.test \
	tests/game/killsafe.test tests/game/shapes.test tests/game/master_draw.test \
	tests/game/flush.test tests/game/frontlayer.test tests/game/seats.test \
	tests/game/migrate.test tests/game/hostile.test tests/game/quarantine.test \
	tests/game/show_json.test \
	tests/game/concurrent.test tests/game/loop.test tests/game/faults.test \
	tests/game/resigned.test tests/game/diskfull.test tests/demo.test tests/game/config.test \
	tests/game/press.test tests/game/njudge.test tests/game/standing.test \
	tests/game/limits.test tests/game/fixtures.test tests/game/datahash.test \
	tests/game/deadlines.test tests/game/get.test tests/game/experimental.test \
	tests/game/draws.test tests/game/lateness.test tests/game/guessing.test \
	tests/game/roles.test tests/game/spelling.test \
	tests/game/master_tools.test tests/game/prefs.test \
	tests/game/upgrade.test tests/game/owner.test tests/game/backup.test tests/game/bounded.test tests/game/secrets.test tests/game/fontcache.test tests/game/check_config.test tests/game/bigmail.test tests/game/timelimit.test \
	tests/sanitizers.test \
	tests/parser/orders_test tests/parser/map_load_test tests/parser/cases_errors.test \
	tests/parser/pelo_map_test
TESTS += tests/game/bounds.test tests/game/maildir_busy.test
TESTS += tests/environment.test
EXTRA_DIST += tests/environment.test
TESTS += tests/game/session_layers.test
EXTRA_DIST += tests/game/session_layers.test
check_PROGRAMS += tests/parser/orders_test tests/parser/map_load_test tests/parser/pelo_map_test
tests_parser_map_load_test_SOURCES = tests/parser/map_load_test.c
tests_parser_map_load_test_LDADD = variants/libvariants.a picture/libpicture.a $(CAIRO_LIBS) $(PNG_LIBS) -lm parser/libparser.a \
	adjudicator/libadjudicator.a $(PCRE2_LIBS) $(SODIUM_LIBS) base/libbase.a
tests_parser_pelo_map_test_SOURCES = tests/parser/pelo_map_test.c
tests_parser_pelo_map_test_LDADD = variants/libvariants.a picture/libpicture.a $(CAIRO_LIBS) $(PNG_LIBS) -lm parser/libparser.a \
	adjudicator/libadjudicator.a base/libbase.a
tests_parser_orders_test_SOURCES = tests/parser/orders_test.c
tests_parser_orders_test_LDADD = variants/libvariants.a picture/libpicture.a $(CAIRO_LIBS) $(PNG_LIBS) -lm parser/libparser.a \
	adjudicator/libadjudicator.a $(PCRE2_LIBS) $(SODIUM_LIBS) base/libbase.a
EXTRA_DIST += tests/fuzz tests/parser/cases_errors.test tests/sanitizers.test tests/check.sh tests/rules_cases.sh tests/datc.test tests/classical.test \
	tests/datc tests/classical tests/game.test tests/game

# the sanitizer build lives beside the normal one
clean-local: clean-asan
clean-asan:
	rm -rf asan-build asan-build.log
.PHONY: clean-asan

# the diceless variant: its rules, its draws (checked against an
# independent Python computation), and the variant through variant_ops
check_PROGRAMS += tests/diceless/diceless_test
tests_diceless_diceless_test_SOURCES = tests/diceless/diceless_test.c
tests_diceless_diceless_test_LDADD = variants/libvariants.a picture/libpicture.a $(CAIRO_LIBS) $(PNG_LIBS) -lm parser/libparser.a \
	adjudicator/libadjudicator.a $(SODIUM_LIBS) $(PCRE2_LIBS) base/libbase.a
TESTS += tests/diceless/diceless_test tests/diceless/draws.test \
	tests/diceless/game_by_mail.test tests/diceless/cases.test
EXTRA_DIST += tests/diceless/cases.test tests/diceless/cases \
	tests/diceless/draws.py tests/diceless/draws.test \
	tests/diceless/game_by_mail.py tests/diceless/game_by_mail.test

TESTS += tests/fuzz/short.test

# make install into a DESTDIR, the installed program run on its own data
TESTS += tests/install.test
EXTRA_DIST += tests/install.test

# README's first command, `judge demo`; in the tarball too, or distcheck's
# run of the whole suite has no script for it
EXTRA_DIST += tests/demo.test

# the multi-player Peloponnesian War's rules engine
check_PROGRAMS += tests/pelo/pelo_diplomacy_test
tests_pelo_pelo_diplomacy_test_SOURCES = tests/pelo/pelo_diplomacy_test.c tests/pelo/pelo_test.h
tests_pelo_pelo_diplomacy_test_LDADD = variants/libvariants.a picture/libpicture.a $(CAIRO_LIBS) $(PNG_LIBS) -lm parser/libparser.a \
	adjudicator/libadjudicator.a $(SODIUM_LIBS) base/libbase.a
TESTS += tests/pelo/pelo_diplomacy_test
check_PROGRAMS += tests/pelo/pelo_text_test
tests_pelo_pelo_text_test_SOURCES = tests/pelo/pelo_text_test.c tests/pelo/pelo_test.h
tests_pelo_pelo_text_test_LDADD = variants/libvariants.a picture/libpicture.a $(CAIRO_LIBS) $(PNG_LIBS) -lm parser/libparser.a \
	adjudicator/libadjudicator.a $(PCRE2_LIBS) $(SODIUM_LIBS) base/libbase.a
TESTS += tests/pelo/pelo_text_test tests/pelo/cases.test tests/game/pw.test
EXTRA_DIST += tests/pelo/cases.test tests/pelo/cases
EXTRA_DIST += tests/pelo/dice.py
TESTS += tests/pelo/facts.test
EXTRA_DIST += tests/pelo/facts.test
check_PROGRAMS += tests/pelo/pelo_turn_test
tests_pelo_pelo_turn_test_SOURCES = tests/pelo/pelo_turn_test.c tests/pelo/pelo_test.h
tests_pelo_pelo_turn_test_LDADD = variants/libvariants.a picture/libpicture.a $(CAIRO_LIBS) $(PNG_LIBS) -lm parser/libparser.a \
	adjudicator/libadjudicator.a $(SODIUM_LIBS) base/libbase.a
TESTS += tests/pelo/pelo_turn_test

# The one check harness every C unit test (tests/**/*_test.c) includes.
EXTRA_DIST += tests/check.h

# The test folders are distributed whole (EXTRA_DIST names them), and
# automake copies the build tree's copy too: leave out the results of a
# test run there, which a VPATH build would take for its own.
dist-hook:
	find "$(distdir)/tests" \( -name '*.log' -o -name '*.trs' \) -exec rm -f {} +

# map pictures: a fixed phase of each variant drawn and compared with the
# committed picture, every place inside its region, and the pictures
# through the mail path (tests/picture/, tests/game/map.*)
check_PROGRAMS += tests/picture/render tests/picture/places_test tests/picture/inset_test
tests_picture_render_SOURCES = tests/picture/render.c
tests_picture_render_LDADD = variants/libvariants.a picture/libpicture.a $(CAIRO_LIBS) $(PNG_LIBS) -lm \
	parser/libparser.a adjudicator/libadjudicator.a $(PCRE2_LIBS) $(SODIUM_LIBS) base/libbase.a
tests_picture_places_test_SOURCES = tests/picture/places_test.c
tests_picture_places_test_LDADD = $(tests_picture_render_LDADD)
tests_picture_inset_test_SOURCES = tests/picture/inset_test.c
tests_picture_inset_test_CFLAGS = $(AM_CFLAGS) $(CAIRO_CFLAGS)
tests_picture_inset_test_LDADD = $(tests_picture_render_LDADD)
TESTS += tests/picture/places_test tests/picture/inset_test tests/picture/render.test tests/game/map.test
EXTRA_DIST += tests/picture/render.test tests/picture/pngdiff.py tests/picture/classical.orders \
	tests/picture/standard.orders tests/picture/diceless.orders tests/picture/peloponnesian.orders \
	tests/picture/classical.png tests/picture/standard.png tests/picture/diceless.png \
	tests/picture/peloponnesian.png tests/picture/classical-fall.orders \
	tests/picture/classical-fall.state tests/picture/classical-fall.png tests/game/map.test tests/game/map.txt tests/lsan.supp
