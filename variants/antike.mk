## variants/antike.mk - Antike (Mac Gerdts), seed 001's maneuver in the
## whole game it belongs to: every file that is this family's own, in
## whatever folder, and its tests (variants/FORMAT.md, "A new family").

# its order grammar (a turn's orders and the standing battle orders)
parser_libparser_a_SOURCES += parser/antike_orders.h parser/antike_orders.c

# its rules engine: pure, the map handed in, facts out
adjudicator_libadjudicator_a_SOURCES += adjudicator/antike.h adjudicator/antike_facts.c \
	adjudicator/antike_map.c adjudicator/antike_pay.c adjudicator/antike_rondel.c \
	adjudicator/antike_economy.c adjudicator/antike_maneuver.c \
	adjudicator/antike_personages.c adjudicator/antike_turn.c \
	adjudicator/antike_engine.h adjudicator/antike_pos.c

# its map reader, stored state, order checks, texts, ops and picture scene
variants_libvariants_a_SOURCES += variants/antike_board.h variants/antike_map_load.c \
	variants/antike_map_text.c variants/antike_picture.c variants/antike_state.c \
	variants/antike_check.h variants/antike_check.c variants/antike_report.h \
	variants/antike_report.c variants/antike_status.c variants/antike_variant.c

# ---- its tests ----

# the map and its checks on load
check_PROGRAMS += tests/antike/antike_map_test
tests_antike_antike_map_test_SOURCES = tests/antike/antike_map_test.c
tests_antike_antike_map_test_LDADD = $(VARIANT_LIBS)
TESTS += tests/antike/antike_map_test
EXTRA_DIST += tests/antike/maps

# the engine: economy, rondel, personages, whole turns
check_PROGRAMS += tests/antike/antike_engine_test
tests_antike_antike_engine_test_SOURCES = tests/antike/antike_engine_test.c \
	tests/antike/antike_engine_test.h
tests_antike_antike_engine_test_LDADD = $(VARIANT_LIBS)
check_PROGRAMS += tests/antike/antike_turn_test
tests_antike_antike_turn_test_SOURCES = tests/antike/antike_turn_test.c \
	tests/antike/antike_engine_test.h
tests_antike_antike_turn_test_LDADD = $(VARIANT_LIBS)
TESTS += tests/antike/antike_engine_test tests/antike/antike_turn_test

# the maneuver: moves, battles, conquest (seed 001's examples)
check_PROGRAMS += tests/antike/antike_maneuver_test
tests_antike_antike_maneuver_test_SOURCES = tests/antike/antike_maneuver_test.c
tests_antike_antike_maneuver_test_LDADD = $(VARIANT_LIBS)
TESTS += tests/antike/antike_maneuver_test

# the order grammar and the checks on arrival
check_PROGRAMS += tests/antike/antike_orders_test
tests_antike_antike_orders_test_SOURCES = tests/antike/antike_orders_test.c
tests_antike_antike_orders_test_LDADD = $(VARIANT_LIBS)
TESTS += tests/antike/antike_orders_test

# the stored state, the texts and the ops
check_PROGRAMS += tests/antike/antike_state_test
tests_antike_antike_state_test_SOURCES = tests/antike/antike_state_test.c tests/check.h
tests_antike_antike_state_test_LDADD = $(VARIANT_LIBS)
TESTS += tests/antike/antike_state_test

# the rules cases (generic format, judge cases)
FAMILY_CASES += tests/antike/cases.test
TESTS += tests/antike/cases.test
EXTRA_DIST += tests/antike/cases.test tests/antike/cases

# games by mail and their replays
FAMILY_GAMES += tests/antike/game4.test
TESTS += tests/antike/game4.test tests/antike/game6.test tests/antike/game.test
EXTRA_DIST += tests/antike/game.test tests/antike/game4.test tests/antike/game6.test tests/antike/game_by_mail.py

# `make bench/antike_bench`: one turn and a whole silent game (bench/README.md)
noinst_PROGRAMS += bench/antike_bench
bench_antike_bench_SOURCES = bench/antike_bench.c
bench_antike_bench_LDADD = $(VARIANT_LIBS)
