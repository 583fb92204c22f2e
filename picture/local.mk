## picture/local.mk - map pictures: the model, the palette and the drawing
## (cairo).  geo_coast.js is the development-time coastline converter.
##
## The drawing (raster.c, layout.c, draw.c, labels.c, png.c) is built twice: as a library that
## test and bench programs link directly, and as the module picture.so
## that the judge program opens only when it draws (module.h says why),
## in whose place the program links load.c.
noinst_LIBRARIES += picture/libpicture.a picture/libpicdraw.a picture/libpicload.a
picture_libpicture_a_SOURCES = picture/pic.h picture/geo.c picture/palette.c
picture_libpicdraw_a_SOURCES = picture/raster.c picture/layout.c picture/draw.c picture/labels.c picture/png.c
picture_libpicdraw_a_CFLAGS = $(AM_CFLAGS) $(CAIRO_CFLAGS) $(PNG_CFLAGS)
picture_libpicload_a_SOURCES = picture/module.h picture/load.c

# The module: only pic_module_open is exported (-fvisibility=hidden), and
# -z defs proves it needs nothing from the program but the table it is
# handed.  An installed judge finds it in $(pkglibdir), one run from the
# build tree in picture/ (variants/datadir.c).
# (automake takes no pkglib_PROGRAMS: a directory of our own names it)
picmoduledir = $(pkglibdir)
picmodule_PROGRAMS = picture/picture.so
# (the model and the palette too, which the drawing reads: their pure
# functions are compiled into both, so nothing crosses but the table)
picture_picture_so_SOURCES = picture/module.h picture/module.c picture/raster.c picture/layout.c picture/draw.c picture/labels.c \
	picture/png.c picture/geo.c picture/palette.c base/dl_module.h base/module_fail.c
picture_picture_so_CFLAGS = $(AM_CFLAGS) $(CAIRO_CFLAGS) $(PNG_CFLAGS) -fPIC -fvisibility=hidden
picture_picture_so_LDFLAGS = $(AM_LDFLAGS) -shared -Wl,-z,defs
picture_picture_so_LDADD = $(CAIRO_LIBS) $(PNG_LIBS) -lm

EXTRA_DIST += picture/geo_coast.js
