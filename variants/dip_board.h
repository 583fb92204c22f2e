/*
 * dip_board.h - a loaded Diplomacy-family variant: its map and the names
 * players use for its provinces.
 *
 * The family's private data (struct variant's data), kept in one struct
 * so the state reader, the order parser and the report all share one
 * board per variant, loaded once and never changed afterwards.
 */
#ifndef DIP_BOARD_H
#define DIP_BOARD_H

#include <stddef.h>

#include "adjudicator/dip.h"
#include "base/error.h"
#include "parser/names.h"
#include "base/strbuf.h"

struct dip_board {
	struct dip_map map;
	struct names names;
};

/*
 * The board of the Diplomacy-family variant called name (see variant_find),
 * loaded on first use and kept for the life of the process.  Returns NULL
 * after fail(), also when the variant is of another family.  For tests and
 * benchmarks of the engine; the Judge itself goes through variant.h.
 */
const struct dip_board *dip_board_find(const char *name);

/* Write p as the state text the Judge stores (see dip_state.c). */
void dip_state_write(const struct dip_map *m, const struct dip_position *p,
                     struct strbuf *out);

/* Read state text into *p.  Returns 0, or -1 after fail() naming the bad
 * line. */
int dip_state_read(const struct dip_map *m, const char *text, struct dip_position *p);

/* Append the results report of one adjudicated phase. */
void dip_report(const struct dip_map *m, const struct dip_position *before,
                const struct dip_outcome *out, const struct dip_position *after,
                struct strbuf *sb);

/* Append the position as text: units, dislodged units with their retreat
 * options, centres, and adjustments due. */
void dip_status(const struct dip_map *m, const struct dip_position *p,
                struct strbuf *sb);

/* The places of set, sorted by name, each with its code: "Coele Syria
 * (coe), Sinai (sin)".  For a list a player reads. */
void dip_add_places(const struct dip_map *m, const dip_set *set, struct strbuf *sb);

/* Where the dislodged unit d may retreat, as dip_add_places writes them,
 * or that it has nowhere and will be disbanded. */
void dip_add_retreats(const struct dip_map *m, const struct dip_position *p,
                      const struct dip_dislodged *d, struct strbuf *sb);

/*
 * Read a file of jDip cases (dip_cases.c) and hand each case's position
 * and orders to fn instead of adjudicating and checking it: for
 * benchmarks that must read the very phases another program reads
 * (bench/godip_bench.c).  Returns 0, or -1 after fail() if a case is
 * malformed (each one is also printed).
 */
typedef void dip_case_fn(void *ctx, const struct dip_position *p,
                         const struct dip_order *orders, int norders);
MUST_CHECK int dip_each_case(const struct dip_board *b, const char *path,
                             const char *text, dip_case_fn *fn, void *ctx);

#endif
