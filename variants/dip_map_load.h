/*
 * dip_map_load.h - reading a Diplomacy-family map from its text file
 * (variants/FORMAT.md) into a struct dip_map and a name table.
 */
#ifndef DIP_MAP_LOAD_H
#define DIP_MAP_LOAD_H

#include <stddef.h>

#include "adjudicator/dip_map.h"
#include "parser/names.h"

/*
 * Load the map at path into *m and its province names (codes, full names,
 * aliases) into *names, which must be initialised.  The data is checked
 * completely.  Returns 0, or -1 after fail("path:line: what is wrong").
 */
int dip_map_load(const char *path, struct dip_map *m, struct names *names);

#endif
