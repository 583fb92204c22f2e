/*
 * antike_facts.c - the one way every part of the Antike engine says an
 * order was skipped, so that the fact always carries the same fields
 * (adjudicator/antike.h, ANT_F_SKIPPED) whichever rule refused it.
 */
#include <string.h>

#include "adjudicator/antike.h"

void ant_skip(ant_sink sink, void *arg, int nation, int index, int prov, int why, int n1, int n2)
{
	struct ant_fact f;

	if (!sink)
		return;
	memset(&f, 0, sizeof f);
	f.kind = ANT_F_SKIPPED;
	f.nation = (int8_t)nation;
	f.other = -1;
	f.prov = (int16_t)prov;
	f.why = (int8_t)why;
	f.n[0] = index;
	f.n[1] = n1;
	f.n[2] = n2;
	sink(arg, &f);
}
