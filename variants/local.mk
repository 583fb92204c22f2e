## variants/local.mk - map data and the glue binding it to the engines
noinst_LIBRARIES += variants/libvariants.a
variants_libvariants_a_SOURCES = variants/variant.h variants/registry.c \
	variants/datadir.h variants/datadir.c \
	variants/dip_map_load.h variants/dip_map_load.c \
	variants/dip_board.h variants/dip_board.c variants/dip_state.c \
	variants/dip_report.c variants/dip_variant.c variants/dip_cases.c \
	variants/variant.c variants/order_check.c variants/variant_cases.c
# map pictures: the geography's reader, the front layer's drawing policy,
# the Diplomacy family's scene (the drawing itself is picture/)
variants_libvariants_a_SOURCES += variants/pic_geo_load.h variants/pic_geo_load.c \
	variants/variant_picture.c variants/dip_picture.h variants/dip_picture.c \
	variants/diceless_picture.c variants/pelo_picture.c
# registry.c hashes each variant's data with libsodium
variants_libvariants_a_CFLAGS = $(AM_CFLAGS) $(SODIUM_CFLAGS) $(PCRE2_CFLAGS) $(CAIRO_CFLAGS)
EXTRA_DIST += variants/FORMAT.md
variants_libvariants_a_SOURCES += variants/diceless_board.h \
	variants/diceless_map_load.c variants/diceless_state.c \
	variants/diceless_status.c variants/diceless_report.c \
	variants/diceless_variant.c
# the multi-player Peloponnesian War: its board and scenario, the stored
# state, the texts and the glue (the rules are adjudicator/pelo_*.c)
variants_libvariants_a_SOURCES += variants/pelo_map_load.h variants/pelo_map_load.c \
	variants/pelo_board.h variants/pelo_state.c variants/pelo_status.c variants/pelo_variant.c \
	variants/pelo_report.h variants/pelo_report.c

# Each variant's data, installed under $(pkgdatadir)/variants/ where the
# installed program reads it (datadir.c): the maps and scenario it loads,
# and the files players GET (info.<variant>, RULES.md), and the geography
# the map pictures are drawn from (geo.txt).
nobase_dist_pkgdata_DATA = \
	variants/classical/variant.txt variants/classical/map.txt \
	variants/classical/info.classical variants/classical/RULES.md \
	variants/classical/geo.txt variants/standard/geo.txt variants/diceless/geo.txt \
	variants/peloponnesian/geo.txt \
	variants/standard/variant.txt variants/standard/map.txt \
	variants/standard/info.standard variants/standard/RULES.md \
	variants/diceless/variant.txt variants/diceless/map.txt \
	variants/diceless/info.diceless variants/diceless/RULES.md \
	variants/peloponnesian/variant.txt variants/peloponnesian/map.txt \
	variants/peloponnesian/scenario.txt \
	variants/peloponnesian/info.peloponnesian variants/peloponnesian/RULES.md
