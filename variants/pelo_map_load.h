/*
 * pelo_map_load.h - the multi-player Peloponnesian War as the Judge holds
 * it before any game is played: the board and the opening scenario read
 * from variants/peloponnesian/map.txt and scenario.txt, and the names
 * players may use for spaces and city-states.
 *
 * Two files, two calls: the scenario is read against a board already
 * loaded, so a later scenario (Mountford's other starts) needs no change
 * to the board file.  Errors are "FILE:LINE: what is wrong" (the format
 * is in variants/FORMAT.md).
 */
#ifndef PELO_MAP_LOAD_H
#define PELO_MAP_LOAD_H

#include <stddef.h>

#include "adjudicator/pelo_map.h"
#include "base/error.h"
#include "parser/names.h"

struct pelo_board {
	struct pelo_map map;
	struct pelo_scenario scen;
	struct names spaces;      /* space codes, names and aliases -> space */
	struct names cities;      /* city codes, names and aliases -> city */
	struct names specials;    /* special action codes, names, aliases ->
	                             index of scen.action */
	struct names leaders;     /* leader codes and names -> index of
	                             scen.leader */
};

/* Read the board file at path into b (which need not be initialised).
 * Returns 0, or -1 after fail() with nothing left to free. */
int pelo_map_load(const char *path, struct pelo_board *b);

/* Read the scenario file at path into b->scen, against the board
 * pelo_map_load filled in.  Returns 0, or -1 after fail() (the
 * board stays loaded; b->scen is then undefined). */
int pelo_scenario_load(const char *path, struct pelo_board *b);

/* Free the name tables of a loaded board. */
void pelo_board_free(struct pelo_board *b);

#endif
