/*
 * antike_check.h - Antike's checks on arrival: one line of a nation's
 * orders against the position it will be played on (variant_ops's
 * check_line, check_done and check_scratch).
 *
 * Its own header rather than a part of antike_board.h because the scratch
 * is the check's own memory (what the lines so far have used up), which
 * no other file of the family reads.
 */
#ifndef ANTIKE_CHECK_H
#define ANTIKE_CHECK_H

#include <stddef.h>

#include "adjudicator/antike.h"
#include "variants/variant.h"

/*
 * What the accepted lines of one set have used, so that each line is
 * checked against what is left: a copy of the position with the set's
 * costs paid, its units armed and moved (the active nation's units
 * counted by actions left, as the maneuver counts them), its temples
 * built and know-hows bought.  Zeroed by the front layer before the
 * first line (ready 0), filled at the first.
 */
struct ant_check_scratch {
	int ready;
	int rondel;                    /* a RONDEL line was accepted */
	int rondel_refused;            /* one was given and refused */
	int round_coin;                /* a round begins before the turn: the
	                                  copy holds its coin already */
	int wedge;                     /* its wedge, canonical */
	int lines;                     /* accepted lines */
	struct ant_pos pos;            /* the position with the set's effects */
	int16_t left[ANT_MAX_PROV][ANT_NUNIT][ANT_MAX_STEPS + 1];
	int armed[ANT_MAX_PROV];       /* new units per province */
	int8_t ordered_to[ANT_MAX_PROV]; /* a MOVE of the set ends there */
	int8_t found_waits[ANT_MAX_PROV]; /* a FOUND with no unit there yet: a
	                                  later MOVE of the set may bring one */
};

enum order_verdict ant_check_line(const struct order_check *c, const char *line, size_t len,
                                  struct order_line *out);
void ant_check_done(const struct order_check *c, int rejected, const char *accepted,
                    struct strbuf *echo, size_t from);

#endif
