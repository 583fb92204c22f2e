/*
 * picture.h - games' map pictures: drawn once per phase, stored in the
 * pictures table, attached to the mail of whoever wants them.
 */
#ifndef JUDGE_PICTURE_H
#define JUDGE_PICTURE_H

#include <sqlite3.h>

#include "judge/store.h"
#include "variants/variant.h"

/* The phase's short name for file names: "Spring 273 BC, Movement" ->
 * "S273BC-M" (the first letter of the first word, the rest of the words
 * before the comma run together, a dash, the first letter after it). */
void picture_short_phase(const char *phase, char *out, size_t size);

/*
 * Draw and store the picture of the results of g's current phase
 * (g->vs, g->phase_no): these orders and standing instructions, and the
 * state next they led to.  Returns the picture's number, or 0 if the
 * variant draws none or the drawing failed (said on stderr: a phase never
 * fails for its picture).
 */
long long picture_results(sqlite3 *db, const struct game *g, const struct order_set *orders,
                          int norders, const struct order_set *standing, int nstanding,
                          const char *next);

/* The same for the position g has just started in (phase_no -1, file
 * <game>-start.png). */
long long picture_start(sqlite3 *db, const struct game *g);

/* picture, or 0 if addr does not want pictures of g: the master said SET
 * NOMAP for the game, or addr, a player of g, for itself. */
long long picture_for(sqlite3 *db, const struct game *g, const char *addr, long long picture);

/* The picture of game after phase (its short name, "start", or its full
 * name, any case; NULL or "": the latest).  Returns its number, or 0. */
long long picture_find(sqlite3 *db, const char *game, const char *phase);

#endif
