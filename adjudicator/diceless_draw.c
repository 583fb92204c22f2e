/*
 * diceless_draw.c - drawing chits from the cup, with the streams of
 * adjudicator/chance.c (RULES.md section 10 gives the method and a Python
 * script).  Two kinds of secret feed them: a phase's seed (revealed with
 * that phase's results: the set-up toss, the Judge's placements) and a
 * side's game key (revealed when the game ends: that side's hands and
 * its chits kept at random, which must stay secret longer).
 */
#include "adjudicator/diceless.h"

int dl_draw_chit(const struct dl_map *m, uint8_t cup[DL_MAX_KINDS], struct chance_stream *s)
{
	int n = dl_cup_size(m, cup);
	return n ? dl_cup_take(m, cup, chance_below(s, n)) : DL_NONE;
}
