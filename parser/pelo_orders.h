/*
 * pelo_orders.h - the Peloponnesian War's orders as players write them and
 * as the Judge keeps them.
 *
 * Three steps, as for the other variants: pelo_parse_order reads a player's
 * line ("Declare war on Argos", "join the coalition of Sparta", "build 2
 * hoplites"), pelo_format_order writes the canonical form the Judge stores
 * ("war arg", "join spa", "build hoplite 2", "special gela"), and
 * pelo_read_order reads only
 * that canonical form back, strictly, at adjudication.  Which orders a
 * phase takes is the variant's business (variants/pelo_variant.c).
 */
#ifndef PELO_ORDERS_H
#define PELO_ORDERS_H

#include <stddef.h>

#include "base/error.h"
#include "adjudicator/pelo.h"
#include "base/strbuf.h"
#include "parser/names.h"

enum pelo_verb {
	PELO_V_PASS,
	PELO_V_CLAIM,
	PELO_V_RELINQUISH,
	PELO_V_JOIN,
	PELO_V_LEAVE,
	PELO_V_WAR,
	PELO_V_ALLY,
	PELO_V_BREAK,
	PELO_V_TRIBUTE,        /* make a conquered minor a tributary */
	PELO_V_SPECIAL,        /* one of the scenario's special actions */
	PELO_V_ADMIT,          /* standing: a dominant admits a major to its coalition */
	PELO_V_PEACE,          /* standing: accept a peace with a city-state */
	PELO_V_BUILD,          /* economic phase: buy SPs */
	PELO_V_COUNT,
};

struct pelo_order {
	int8_t verb;         /* enum pelo_verb */
	int8_t target;       /* a city-state, or PELO_NONE; PELO_V_SPECIAL: an
	                        index of sc->action */
	int8_t type;         /* PELO_V_BUILD: enum pelo_sp */
	int8_t n;            /* PELO_V_BUILD: how many */
};

/* The names an order may use: city-states (codes, names, aliases), their
 * home spaces (may be NULL) and the scenario's special actions (codes,
 * names, aliases; may be NULL when the scenario has none). */
struct pelo_order_names {
	const struct names *cities, *spaces, *specials;
};

/* Parse one line a player wrote against the map and scenario sc (its
 * special actions) with the names nm.  Returns 0, or -1 with why (a
 * reason and, where it helps, a suggestion) in err. */
MUST_CHECK int pelo_parse_order(const struct pelo_map *m, const struct pelo_scenario *sc,
                   const struct pelo_order_names *nm, const char *text, size_t len,
                   struct pelo_order *o, char *err, size_t errlen);

/* The canonical text of o: "war arg", "special gela". */
void pelo_format_order(const struct pelo_map *m, const struct pelo_scenario *sc, const struct pelo_order *o,
                     struct strbuf *out);

/* Read the canonical text back.  Returns 0, or -1 if it is not exactly
 * what pelo_format_order writes. */
MUST_CHECK int pelo_read_order(const struct pelo_map *m, const struct pelo_scenario *sc, const char *text, size_t len,
                  struct pelo_order *o);

/* How a player would read o: "declare war on Argos", "build 2 hoplite
 * SPs", "special action: the Congress of Gela". */
void pelo_describe_order(const struct pelo_map *m, const struct pelo_scenario *sc, const struct pelo_order *o,
                       struct strbuf *out);

/* The diplomatic action an order of verb PELO_V_PASS .. PELO_V_SPECIAL is. */
struct pelo_action pelo_order_action(const struct pelo_order *o);

#endif
