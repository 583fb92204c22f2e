/*
 * pic_geo_load.h - reading a variant's picture geography (geo.txt).
 */
#ifndef PIC_GEO_LOAD_H
#define PIC_GEO_LOAD_H

#include "picture/pic.h"

/* Read dir/geo.txt into a new struct pic_geo (*out).  A folder without
 * geo.txt is no error: *out is NULL and the variant has no pictures.
 * Returns 0, or -1 after fail() naming the file and line. */
int pic_geo_load(const char *dir, struct pic_geo **out);

#endif
