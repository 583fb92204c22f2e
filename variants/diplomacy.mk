## variants/diplomacy.mk - the Diplomacy family (the Classical and Standard
## variants): every file that is this family's own, in whatever folder,
## and its tests.  A family is this fragment, its include line in
## Makefile.am and its line in registry.c's table (variants/FORMAT.md,
## "A new family"); its variants' data needs no line (variants/local.mk
## installs every variant folder).

# its order grammar
parser_libparser_a_SOURCES += parser/dip_orders.h parser/dip_orders.c

# its rules engine
adjudicator_libadjudicator_a_SOURCES += \
	adjudicator/dip.h adjudicator/dip_map.h adjudicator/dip_internal.h \
	adjudicator/dip_map.c adjudicator/dip_check.c adjudicator/dip_movement.c \
	adjudicator/dip_retreat.c adjudicator/dip_adjust.c adjudicator/dip_phase.c

# its map reader, stored state, reports, ops (dip_variant.c), cases and
# picture scene
variants_libvariants_a_SOURCES += \
	variants/dip_map_load.h variants/dip_map_load.c \
	variants/dip_board.h variants/dip_board.c variants/dip_state.c \
	variants/dip_report.c variants/dip_variant.c variants/dip_cases.c \
	variants/dip_picture.h variants/dip_picture.c

# its rules cases: all 167 DATC cases and the Classical map's own
FAMILY_CASES += tests/datc.test tests/classical.test
TESTS += tests/datc.test tests/classical.test
EXTRA_DIST += tests/datc.test tests/classical.test tests/datc tests/classical

# its order reader and map reader
check_PROGRAMS += tests/parser/orders_test tests/parser/map_load_test
tests_parser_orders_test_SOURCES = tests/parser/orders_test.c
tests_parser_orders_test_LDADD = $(VARIANT_LIBS)
tests_parser_map_load_test_SOURCES = tests/parser/map_load_test.c
tests_parser_map_load_test_LDADD = $(VARIANT_LIBS)
TESTS += tests/parser/orders_test tests/parser/map_load_test

# its fixed phases drawn (tests/picture/render.test draws each .orders)
EXTRA_DIST += tests/picture/classical.orders tests/picture/classical.png \
	tests/picture/standard.orders tests/picture/standard.png \
	tests/picture/classical-fall.orders tests/picture/classical-fall.state \
	tests/picture/classical-fall.png
