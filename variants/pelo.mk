## variants/pelo.mk - the multi-player Peloponnesian War: every file that
## is this family's own, in whatever folder, and its tests
## (variants/FORMAT.md, "A new family").

# its order grammars (the turn's and the operations')
parser_libparser_a_SOURCES += parser/pelo_orders.h parser/pelo_orders.c \
	parser/pelo_ops_orders.h parser/pelo_ops_orders.c

# its rules engine: the board and scenario as plain data, and the rules;
# its dice are adjudicator/chance.c, shared
adjudicator_libadjudicator_a_SOURCES += adjudicator/pelo_map.h adjudicator/pelo_map.c \
	adjudicator/pelo.h adjudicator/pelo_pos.c adjudicator/pelo_relation.c adjudicator/pelo_diplomacy.c \
	adjudicator/pelo_politics.c adjudicator/pelo_economy.c adjudicator/pelo_victory.c \
	adjudicator/pelo_ops.h adjudicator/pelo_instructions.c adjudicator/pelo_route.c \
	adjudicator/pelo_leaders.c adjudicator/pelo_battle.c adjudicator/pelo_siege.c \
	adjudicator/pelo_treasury.c adjudicator/pelo_operations.c adjudicator/pelo_facts.h \
	adjudicator/pelo_kingdoms.c

# its board and scenario reader, stored state, texts, ops and picture scene
variants_libvariants_a_SOURCES += variants/pelo_map_load.h variants/pelo_map_load.c \
	variants/pelo_board.h variants/pelo_state.c variants/pelo_status.c variants/pelo_variant.c \
	variants/pelo_picture.c variants/pelo_reading.h variants/pelo_reading.c variants/pelo_report.h variants/pelo_report.c

# its map reader, its rules engine and texts, its rules cases, and its
# games by mail (tests/game/pw*.txt, the whole war with four players in
# pw40) with every die redone from the seeds,
# and HELP by mail showing its orders, each of them accepted
check_PROGRAMS += tests/parser/pelo_map_test tests/pelo/pelo_diplomacy_test \
	tests/pelo/pelo_text_test tests/pelo/pelo_turn_test tests/pelo/pelo_picture_test
tests_parser_pelo_map_test_SOURCES = tests/parser/pelo_map_test.c
tests_parser_pelo_map_test_LDADD = $(VARIANT_LIBS)
tests_pelo_pelo_diplomacy_test_SOURCES = tests/pelo/pelo_diplomacy_test.c tests/pelo/pelo_test.h
tests_pelo_pelo_diplomacy_test_LDADD = $(VARIANT_LIBS)
tests_pelo_pelo_text_test_SOURCES = tests/pelo/pelo_text_test.c tests/pelo/pelo_test.h
tests_pelo_pelo_text_test_LDADD = $(VARIANT_LIBS)
tests_pelo_pelo_turn_test_SOURCES = tests/pelo/pelo_turn_test.c tests/pelo/pelo_test.h
tests_pelo_pelo_turn_test_LDADD = $(VARIANT_LIBS)
tests_pelo_pelo_picture_test_SOURCES = tests/pelo/pelo_picture_test.c
tests_pelo_pelo_picture_test_LDADD = $(VARIANT_LIBS)
FAMILY_CASES += tests/pelo/cases.test
# (pw40, the long war, is not among the games the sanitizer build plays
# again: the three games below take the family's code through it, and
# CI's time is bounded; three tests, not one, so that they run side by
# side in both builds)
FAMILY_GAMES += tests/game/pw4.test tests/game/pw2.test tests/game/pw10.test
TESTS += tests/parser/pelo_map_test tests/pelo/pelo_diplomacy_test \
	tests/pelo/pelo_text_test tests/pelo/pelo_turn_test tests/pelo/pelo_picture_test \
	tests/pelo/cases.test tests/game/pw4.test tests/game/pw2.test tests/game/pw10.test tests/game/pw40.test tests/pelo/facts.test \
	tests/pelo/help.test
EXTRA_DIST += tests/pelo/facts.test tests/pelo/cases.test tests/pelo/cases tests/pelo/dice.py \
	tests/pelo/help.test tests/pelo/help.txt \
	tests/picture/peloponnesian.orders tests/picture/peloponnesian.png \
	tests/picture/peloponnesian-operations.orders tests/picture/peloponnesian-operations.state \
	tests/picture/peloponnesian-operations.png tests/picture/peloponnesian-routes.orders \
	tests/picture/peloponnesian-routes.state tests/picture/peloponnesian-routes.png \
	tests/picture/peloponnesian-battles.orders tests/picture/peloponnesian-battles.state \
	tests/picture/peloponnesian-battles.png
