/*
 * dip_internal.h - helpers shared by the engine's phase files; not part of
 * the engine's public interface.
 *
 * Kept out of dip.h so that callers of the engine see only the three
 * adjudication entry points and the checks they need, and these helpers
 * can change with the phase files without touching anyone else.
 */
#ifndef DIP_INTERNAL_H
#define DIP_INTERNAL_H

#include "adjudicator/dip.h"

/* Seas reachable from province 'from' through seas in 'allowed' (NULL: all). */
void dip_sea_reach(const struct dip_map *m, int from, const dip_set *allowed, dip_set *out);

/* 1 if an army could be convoyed from province 'from' to province 'to'
 * through seas in 'allowed' (NULL: any seas at all). */
int dip_sea_route(const struct dip_map *m, int from, int to, const dip_set *allowed);

/* The coast a fleet at 'from' reaches when ordered to 'dest' without a
 * coast: the only reachable one, else DIP_NO_LOC.  Provinces without
 * coasts give themselves back when adjacent. */
int dip_fleet_dest(const struct dip_map *m, int from, int dest);

/* What the legality checks of one position share, built once per phase
 * (dip_movement) instead of once per order: which unit stands in each
 * province (-1: none) and the seas holding fleets. */
struct dip_tables {
	int16_t at[DIP_MAX_LOC];
	dip_set fleet_seas;
};
void dip_tables_build(const struct dip_map *m, const struct dip_position *p,
                      struct dip_tables *t);

/* dip_check_order for a movement phase, over tables built for p. */
int dip_check_movement(const struct dip_map *m, const struct dip_position *p,
                       const struct dip_tables *t, const struct dip_order *o);

int dip_movement(const struct dip_map *m, const struct dip_position *p,
                 const struct dip_order *orders, int norders,
                 struct dip_outcome *out, struct dip_position *next);
int dip_retreat(const struct dip_map *m, const struct dip_position *p,
                const struct dip_order *orders, int norders,
                struct dip_outcome *out, struct dip_position *next);
int dip_adjustment(const struct dip_map *m, const struct dip_position *p,
                   const struct dip_order *orders, int norders,
                   struct dip_outcome *out, struct dip_position *next);

#endif
