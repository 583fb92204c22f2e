/*
 * diceless_orders.h - the diceless game's orders as players write them,
 * and back (RULES.md section 11 is the grammar players read).
 *
 * Owns: turning one line into a struct dl_order ("MILITARY Boeotia",
 * "star as coup megara", "Persian Gold -> Corinth", "KEEP VOID", "DISCARD
 * influence", "COUNTER Delphi"; any case, area names, codes or aliases,
 * chit names or their short forms), and writing an order in the canonical
 * form the Judge echoes and stores.  Whether the order is allowed in the
 * position is the engine's business (dl_check_order).
 */
#ifndef DICELESS_ORDERS_H
#define DICELESS_ORDERS_H

#include <stddef.h>

#include "base/error.h"
#include "adjudicator/diceless.h"
#include "parser/names.h"
#include "base/strbuf.h"

/* Fill chits with every name of every chit of m: the ordinary chits'
 * words and short forms, each special chit's code and name.  Returns 0,
 * or -1 after fail() when a chit name is also the name of an area or a
 * keyword, or is given twice. */
MUST_CHECK int dl_chit_names(const struct dl_map *m, const struct names *areas, struct names *chits);

/* 1 if text is one of the grammar's own words ("keep", "as", "to" ...),
 * which cannot also name an area. */
int dl_is_keyword(const char *text);

/* Parse one line of orders.  Returns 0 and fills *o, or -1 with the reason
 * in err, with a "did you mean" when a name is not recognised. */
MUST_CHECK int dl_parse_order(const struct dl_map *m, const struct names *areas, const struct names *chits,
                   const char *text, size_t len, struct dl_order *o, char *err, size_t errlen);

/* Read back one order in the canonical form dl_format_order writes: a
 * strict reader of exact names, not the players' grammar, for orders that
 * were checked when they arrived.  Returns 0 and fills *o, or -1. */
MUST_CHECK int dl_read_order(const struct dl_map *m, const char *text, size_t len, struct dl_order *o);

/* Append the canonical text of o ("STAR AS COUP Megara"). */
void dl_format_order(const struct dl_map *m, const struct dl_order *o, struct strbuf *sb);

#endif
