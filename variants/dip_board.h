/*
 * dip_board.h - a loaded Diplomacy-family variant: its map and the names
 * players use for its provinces, found by variant name.
 */
#ifndef DIP_BOARD_H
#define DIP_BOARD_H

#include <stddef.h>

#include "adjudicator/dip_map.h"
#include "parser/names.h"

struct dip_board {
	struct dip_map map;
	struct names names;
};

/* The folder holding the variants' data: $JUDGE_VARIANTS, else the source
 * tree's variants/ when running from a build tree, else the installed
 * data directory. */
const char *variants_dir(void);

/*
 * The board of the Diplomacy-family variant called name (any case; the
 * map's "variant" or an "alias-variant" name), loaded on first use and kept
 * for the life of the process.  Returns NULL with the reason in err.
 */
const struct dip_board *dip_board_find(const char *name, char *err, size_t errlen);

#endif
