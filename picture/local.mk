## picture/local.mk - map pictures: the model, the palette and the drawing
## (cairo).  geo_coast.js is the development-time coastline converter.
noinst_LIBRARIES += picture/libpicture.a
picture_libpicture_a_SOURCES = picture/pic.h picture/geo.c picture/palette.c picture/draw.c \
	picture/png.c
picture_libpicture_a_CFLAGS = $(AM_CFLAGS) $(CAIRO_CFLAGS) $(PNG_CFLAGS)
EXTRA_DIST += picture/geo_coast.js
