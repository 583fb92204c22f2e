## variants/diceless.mk - the diceless Peloponnesian War (two players,
## chits instead of dice): every file that is this family's own, in
## whatever folder, and its tests (variants/FORMAT.md, "A new family").

# its order grammar
parser_libparser_a_SOURCES += parser/diceless_orders.h parser/diceless_orders.c

# its rules engine; its seeded draws are adjudicator/chance.c, shared
adjudicator_libadjudicator_a_SOURCES += adjudicator/diceless.h \
	adjudicator/diceless_map.c adjudicator/diceless_chits.c \
	adjudicator/diceless_draw.c adjudicator/diceless_range.c \
	adjudicator/diceless_check.c adjudicator/diceless_struggle.c \
	adjudicator/diceless_victory.c adjudicator/diceless_turn.c

# its map reader, stored state, status and reports, ops and picture scene
variants_libvariants_a_SOURCES += variants/diceless_board.h \
	variants/diceless_map_load.c variants/diceless_state.c \
	variants/diceless_status.c variants/diceless_report.c \
	variants/diceless_variant.c variants/diceless_picture.c

# its rules, its draws (checked against an independent Python
# computation), the variant through variant_ops, its rules cases, and a
# whole game by mail, and HELP by mail showing its orders, each of them read
check_PROGRAMS += tests/diceless/diceless_test
tests_diceless_diceless_test_SOURCES = tests/diceless/diceless_test.c
tests_diceless_diceless_test_LDADD = $(VARIANT_LIBS)
FAMILY_CASES += tests/diceless/cases.test
FAMILY_GAMES += tests/diceless/game_by_mail.test
TESTS += tests/diceless/diceless_test tests/diceless/draws.test \
	tests/diceless/game_by_mail.test tests/diceless/cases.test \
	tests/diceless/help.test
EXTRA_DIST += tests/diceless/cases.test tests/diceless/cases \
	tests/diceless/draws.py tests/diceless/draws.test \
	tests/diceless/game_by_mail.py tests/diceless/game_by_mail.test \
	tests/diceless/help.test tests/diceless/help.txt \
	tests/picture/diceless.orders tests/picture/diceless.png
