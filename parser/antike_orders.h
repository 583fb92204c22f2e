/*
 * antike_orders.h - Antike's order language: a line as players write it,
 * the canonical text the Judge stores and replays, and the strict reader of
 * that text; the same for the standing battle orders
 * (/work/notes/antike_spec.md until RULES.md says it: "Orders").
 *
 * Two readers on purpose, as the other families have: the players' grammar
 * is forgiving and may grow, while stored orders are read back by a reader
 * that accepts only what ant_order_write writes, so an old game replays
 * the same whatever the grammar becomes.
 */
#ifndef ANTIKE_ORDERS_H
#define ANTIKE_ORDERS_H

#include <stddef.h>

#include "adjudicator/antike.h"
#include "base/error.h"
#include "base/strbuf.h"

/* The wedge of "RONDEL MANEUVER" as ant_parse_line reads it: the nearer
 * of the two maneuver wedges ahead, which only the nation's wedge decides;
 * the check stores MANEUVER1 or MANEUVER2 (ant_maneuver_wedge), and the
 * strict reader refuses it. */
#define ANT_W_MANEUVER_NEARER (-2)

/* One line of a player's orders into *o.  Returns 0, or 1 with the reason
 * (one line, no newline) in why when the line cannot be read.  Checks only
 * the words (names, numbers, the shape of a path), not the position. */
int ant_parse_line(const struct ant_map *m, const char *line, size_t len, struct ant_order *o,
                   struct strbuf *why);

/* The canonical text of o (no newline). */
void ant_order_write(const struct ant_map *m, const struct ant_order *o, struct strbuf *out);

/* Canonical lines (as written by ant_order_write, one a line) into *out.
 * Returns 0, or -1 after fail() naming the line. */
MUST_CHECK int ant_orders_read(const struct ant_map *m, const char *text, struct ant_turn_orders *out);

/* The same three for a standing battle order. */
int ant_parse_stance(const struct ant_map *m, const char *line, size_t len, struct ant_stance_rule *r,
                     struct strbuf *why);
void ant_stance_write(const struct ant_map *m, const struct ant_stance_rule *r, struct strbuf *out);
MUST_CHECK int ant_standing_read(const struct ant_map *m, const char *text, struct ant_standing *out);

#endif
