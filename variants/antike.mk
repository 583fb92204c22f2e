## variants/antike.mk - Antike (Mac Gerdts), seed 001's maneuver in the
## whole game it belongs to: every file that is this family's own, in
## whatever folder, and its tests (variants/FORMAT.md, "A new family").

# its order grammar (a turn's orders and the standing battle orders)
parser_libparser_a_SOURCES += parser/antike_orders.h parser/antike_orders.c

# its rules engine: pure, the map handed in, facts out
adjudicator_libadjudicator_a_SOURCES += adjudicator/antike.h adjudicator/antike_facts.c \
	adjudicator/antike_map.c adjudicator/antike_pay.c adjudicator/antike_rondel.c \
	adjudicator/antike_economy.c adjudicator/antike_maneuver.c \
	adjudicator/antike_personages.c adjudicator/antike_turn.c

# its map reader, stored state, order checks, texts, ops and picture scene
variants_libvariants_a_SOURCES += variants/antike_board.h variants/antike_map_load.c \
	variants/antike_map_text.c variants/antike_picture.c variants/antike_state.c \
	variants/antike_check.h variants/antike_check.c variants/antike_report.h \
	variants/antike_report.c variants/antike_status.c variants/antike_variant.c

# ---- its tests ----

# the map and its checks on load

# the engine: economy, rondel, personages, whole turns

# the maneuver: moves, battles, conquest (seed 001's examples)

# the order grammar and the checks on arrival

# the stored state, the texts and the ops

# the rules cases (generic format, judge cases)
FAMILY_CASES += tests/antike/cases.test
TESTS += tests/antike/cases.test
EXTRA_DIST += tests/antike/cases.test tests/antike/cases

# games by mail and their replays
