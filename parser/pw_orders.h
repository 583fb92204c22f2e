/*
 * pw_orders.h - the Peloponnesian War's orders as players write them and
 * as the Judge keeps them.
 *
 * Three steps, as for the other variants: pw_parse_order reads a player's
 * line ("Declare war on Argos", "join the coalition of Sparta", "build 2
 * hoplites"), pw_format_order writes the canonical form the Judge stores
 * ("war arg", "join spa", "build hoplite 2", "special gela"), and
 * pw_read_order reads only
 * that canonical form back, strictly, at adjudication.  Which orders a
 * phase takes is the variant's business (variants/pw_variant.c).
 */
#ifndef PW_ORDERS_H
#define PW_ORDERS_H

#include <stddef.h>

#include "adjudicator/pw.h"
#include "parser/names.h"

enum pw_verb {
	PW_V_PASS,
	PW_V_CLAIM,
	PW_V_RELINQUISH,
	PW_V_JOIN,
	PW_V_LEAVE,
	PW_V_WAR,
	PW_V_ALLY,
	PW_V_BREAK,
	PW_V_SPECIAL,        /* one of the scenario's special actions */
	PW_V_ADMIT,          /* standing: a dominant admits a major to its coalition */
	PW_V_PEACE,          /* standing: accept a peace with a city-state */
	PW_V_BUILD,          /* economic phase: buy SPs */
	PW_V_COUNT,
};

struct pw_order {
	int8_t verb;         /* enum pw_verb */
	int8_t target;       /* a city-state, or PW_NONE; PW_V_SPECIAL: an
	                        index of sc->action */
	int8_t type;         /* PW_V_BUILD: enum pw_sp */
	int8_t n;            /* PW_V_BUILD: how many */
};

/* The names an order may use: city-states (codes, names, aliases), their
 * home spaces (may be NULL) and the scenario's special actions (codes,
 * names, aliases; may be NULL when the scenario has none). */
struct pw_order_names {
	const struct names *cities, *spaces, *specials;
};

/* Parse one line a player wrote against the map and scenario sc (its
 * special actions) with the names nm.  Returns 0, or -1 with why (a
 * reason and, where it helps, a suggestion) in err. */
int pw_parse_order(const struct pw_map *m, const struct pw_scenario *sc,
                   const struct pw_order_names *nm, const char *text, size_t len,
                   struct pw_order *o, char *err, size_t errlen);

/* The canonical text of o: "war arg", "special gela". */
void pw_format_order(const struct pw_map *m, const struct pw_scenario *sc, const struct pw_order *o,
                     struct strbuf *out);

/* Read the canonical text back.  Returns 0, or -1 if it is not exactly
 * what pw_format_order writes. */
int pw_read_order(const struct pw_map *m, const struct pw_scenario *sc, const char *text, size_t len,
                  struct pw_order *o);

/* How a player would read o: "declare war on Argos", "build 2 hoplite
 * SPs", "special action: the Congress of Gela". */
void pw_describe_order(const struct pw_map *m, const struct pw_scenario *sc, const struct pw_order *o,
                       struct strbuf *out);

/* The diplomatic action an order of verb PW_V_PASS .. PW_V_SPECIAL is. */
struct pw_action pw_order_action(const struct pw_order *o);

#endif
