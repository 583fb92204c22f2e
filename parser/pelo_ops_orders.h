/*
 * pelo_ops_orders.h - the Peloponnesian War's operations and standing
 * instructions as players write them and as the Judge keeps them
 * (RULES.md 3 and 11).
 *
 * Apart from pelo_orders.c because its words are spaces and leaders, where
 * the diplomatic and economic orders' words are city-states: "Athens" is
 * a space here and a city-state there.  The same three steps: parse a
 * player's line, format the canonical line the Judge stores ("move ath
 * meg 7 1 0 leader pericles"), read the canonical line back strictly.
 */
#ifndef PELO_OPS_ORDERS_H
#define PELO_OPS_ORDERS_H

#include <stddef.h>

#include "base/error.h"
#include "adjudicator/pelo.h"
#include "base/strbuf.h"
#include "parser/names.h"

/* A standing instruction: instr is an enum pelo_instr with its value, or
 * PELO_I_KINDS for SPLIT with one weight per major (pelo_map.major order). */
struct pelo_standing {
	int8_t instr;
	int8_t value;
	int8_t split[PELO_MAX_MAJORS];
};

/* Spaces (codes, names, aliases) and leaders (codes, names). */
struct pelo_ops_names {
	const struct names *spaces, *leaders;
};

/* Parse an operation.  Returns 0, or -1 with the reason in err. */
MUST_CHECK int pelo_parse_op(const struct pelo_map *m, const struct pelo_scenario *sc, const struct pelo_ops_names *nm,
                const char *text, size_t len, struct pelo_op *op, char *err, size_t errlen);
void pelo_format_op(const struct pelo_map *m, const struct pelo_scenario *sc, const struct pelo_op *op,
                  struct strbuf *out);
MUST_CHECK int pelo_read_op(const struct pelo_map *m, const struct pelo_scenario *sc, const char *text, size_t len,
               struct pelo_op *op);

/* Parse a standing instruction ("intercept never", "split Sparta 2
 * Corinth 1").  Returns 0; 1 when the line does not start with an
 * instruction's word (it may be another standing order); -1 with the
 * reason in err. */
MUST_CHECK int pelo_parse_standing(const struct pelo_map *m, const struct names *cities, const char *text,
                      size_t len, struct pelo_standing *st, char *err, size_t errlen);
void pelo_format_standing(const struct pelo_map *m, const struct pelo_standing *st, struct strbuf *out);
MUST_CHECK int pelo_read_standing(const struct pelo_map *m, const char *text, size_t len, struct pelo_standing *st);
/* "intercept only when not outnumbered" ... for the echo. */
void pelo_describe_standing(const struct pelo_map *m, const struct pelo_standing *st, struct strbuf *out);

#endif
