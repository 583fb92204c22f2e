/*
 * dip_picture.h - the Diplomacy family's map pictures (dip_picture.c).
 */
#ifndef DIP_PICTURE_H
#define DIP_PICTURE_H

#include "adjudicator/dip.h"
#include "picture/pic.h"

/* Fill s (initialised by pic_scene_init, title set by the caller) with
 * position after on geography g, and, when out is not NULL, the orders of
 * the phase that led to it with their results. */
void dip_picture_scene(const struct dip_map *m, const struct pic_geo *g,
                       const struct dip_outcome *out, const struct dip_position *after,
                       struct pic_scene *s);

#endif
