/*
 * antike_engine.h - what the files of Antike's turn engine (pay, rondel,
 * economy, personages, turn) share beyond adjudicator/antike.h: a bill of
 * several prices paid all or nothing, the action a wedge carries, and
 * the one way a fact is started and told.
 *
 * Kept out of antike.h because no file outside the engine needs it: the
 * variant and the report see only the facts these produce.
 */
#ifndef ANTIKE_ENGINE_H
#define ANTIKE_ENGINE_H

#include <string.h>

#include "adjudicator/antike.h"

/* A fact of kind for nation with nothing else said (no other nation, no
 * province), so that every field a fact does not use reads the same. */
static inline void ant_fact_init(struct ant_fact *f, int kind, int nation)
{
	memset(f, 0, sizeof *f);
	f->kind = (int8_t)kind;
	f->nation = (int8_t)nation;
	f->other = -1;
	f->prov = -1;
}

/* Facts may be wanted by nobody (a test that checks only the position). */
static inline void ant_tell(ant_sink sink, void *arg, const struct ant_fact *f)
{
	if (sink)
		sink(arg, f);
}

/*
 * Pay a bill for nation, all of it or nothing: bill[ANT_COIN] coins
 * exactly, then bill[r] of each resource (each as ant_pay pays it), then
 * `any` units of whatever the nation holds most (a rondel step's
 * default).  paid[] gets what was taken; each 2-for-1 exchange is told
 * (ANT_F_EXCHANGE).  Returns 0, or -1 with nothing taken and *short_of
 * the part that could not be paid (a resource, or ANT_COIN for coins or
 * for `any`).
 */
int ant_pay_bill(struct ant_pos *p, int nation, const int bill[ANT_NRES + 1], int any,
                 int paid[ANT_NRES + 1], int *short_of, ant_sink sink, void *arg);

/* The action wedge w carries: the second MANEUVER wedge does what the
 * first does, so both answer ANT_W_MANEUVER1 (as ant_order_wedge does). */
int ant_wedge_action(int w);

/* The resource wedge w produces, or -1 if it is no production wedge. */
int ant_wedge_res(int w);

#endif
