/*
 * dip_orders.h - Diplomacy orders as players write them, and back.
 *
 * Owns: turning one line of order text into a struct dip_order (province
 * names, codes and aliases in any case; "-", "->", "to", "S", "C", "H",
 * "via convoy", coasts as "/nc", "(nc)" or "north coast"; builds, removals,
 * waives, disbands) and writing an order in the canonical form the Judge
 * echoes and stores ("A bru - epi", "F nth C A lon - bel", "Build A rom").
 * Legality in the position is the engine's business (dip_check_order).
 */
#ifndef DIP_ORDERS_H
#define DIP_ORDERS_H

#include <stddef.h>

#include "base/error.h"
#include "adjudicator/dip.h"
#include "parser/names.h"
#include "base/strbuf.h"

/*
 * Parse text (one order, no power prefix) for power.  Returns 0 and fills
 * *o, or -1 with a reason in err, including a "did you mean" suggestion
 * when a province name is not recognised.
 */
MUST_CHECK int dip_parse_order(const struct dip_map *m, const struct names *names,
                    const char *text, size_t len, int power,
                    struct dip_order *o, char *err, size_t errlen);

/*
 * Read back one order in the canonical form dip_format_order writes, for
 * power: a strict reader of codes, not the players' grammar, for orders
 * that were checked when they arrived.  Returns 0 and fills *o, or -1 if
 * text is not canonical.
 */
MUST_CHECK int dip_read_order(const struct dip_map *m, const char *text, size_t len, int power,
                   struct dip_order *o);

/* Append the canonical text of o to sb (no power prefix). */
void dip_format_order(const struct dip_map *m, const struct dip_order *o,
                      struct strbuf *sb);

/* The same order as a player reads it, every place with its name beside
 * its code: "A Jerusalem (jer) - Sinai (sin)".  Never read back. */
void dip_format_order_named(const struct dip_map *m, const struct dip_order *o,
                            struct strbuf *sb);

/* "Jerusalem (jer)": one place, name and code. */
void dip_add_place(const struct dip_map *m, int loc, struct strbuf *sb);

/* The power named by text: its name, adjective or letter, any case; a
 * misspelt name within two edits is accepted.  Returns DIP_NO_POWER if none. */
int dip_parse_power(const struct dip_map *m, const char *text, size_t len);

/* Append "Spring 273 BC, Movement" or "Spring 1901, Movement" for p. */
void dip_format_phase(const struct dip_map *m, const struct dip_position *p,
                      struct strbuf *sb);

/* Parse "Spring 1901, Movement" / "Fall 273 BC, Retreat" / "Winter 273 BC,
 * Adjustment" (also "Fall ..., Adjustment", as the DATC writes it) into
 * year/season/phase of p.  Returns 0 or -1. */
MUST_CHECK int dip_parse_phase(const struct dip_map *m, const char *text, struct dip_position *p);

#endif
