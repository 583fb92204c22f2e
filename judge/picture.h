/*
 * picture.h - games' map pictures: drawn once per phase, stored in the
 * pictures table for keep_picture_days, attached to the mail of whoever
 * wants them.
 */
#ifndef JUDGE_PICTURE_H
#define JUDGE_PICTURE_H

#include <sqlite3.h>

#include "judge/store.h"
#include "variants/variant.h"

/* The phase's short name for file names: "Spring 273 BC, Movement" ->
 * "S273BC-M" (the first letter of the first word, the rest of the words
 * before the first comma run together, a dash, the first letter after the
 * last comma: "Turn 1, 431-429 BC, Operations phase" -> "T1-O"). */
void picture_short_phase(const char *phase, char *out, size_t size);

/*
 * A results picture drawn before the write transaction that stores it
 * (cron draws while other processes write; judge/phase.c keys it, with
 * the adjudication it was drawn from, by the inputs it read, and hands it
 * to picture_results only if the transaction's inputs are the same).
 */
struct picture_draft {
	int drawn;                  /* 1: png holds the picture */
	struct strbuf png;
};
#define PICTURE_DRAFT_INIT { 0, STRBUF_INIT }
void picture_draft_release(struct picture_draft *d);

/* Draw into d the picture picture_results would store for these inputs.
 * Touches no database.  A variant without pictures, or a drawing that
 * fails, leaves d undrawn (the transaction then tries, and says why). */
void picture_draft_draw(struct picture_draft *d, const struct game *g, const struct order_set *orders,
                        int norders, const struct order_set *standing, int nstanding,
                        const struct variant_chance *chance, const char *next);

/*
 * Draw and store the picture of the results of g's current phase
 * (g->vs, g->phase_no) at now: these orders, standing instructions and
 * chance (the phase's, as adjudication had them), and the state next they
 * led to; draft's bytes if it is drawn (NULL: none), which the caller
 * has made sure were drawn from these same inputs.
 * Returns the picture's number, or 0 if the variant draws none or the
 * drawing failed (said on stderr: a phase never fails for its picture).
 */
long long picture_results(sqlite3 *db, const struct game *g, const struct order_set *orders,
                          int norders, const struct order_set *standing, int nstanding,
                          const struct variant_chance *chance, const char *next, long long now,
                          const struct picture_draft *draft);

/* The same for the position g has just started in (phase_no -1, file
 * <game>-start.png). */
long long picture_start(sqlite3 *db, const struct game *g, long long now);

/* Make once in this process what every picture of g's variant shares
 * and what costs most of a process's first picture: the geography read,
 * its regions built and its coast stroked (pic_geo_prepare), the drawing
 * module loaded; so that processes forked after it share them instead
 * of each making its own (`judge cron` calls it before its workers
 * fork).  A variant without pictures costs nothing. */
void picture_prepare(const struct game *g);

/* picture, or 0 if addr does not want pictures of g: the master said SET
 * NOMAP for the game, or addr, a player of g, for itself. */
long long picture_for(sqlite3 *db, const struct game *g, const char *addr, long long picture);

/* The picture of game after phase (its short name, "start", or its full
 * name, any case; NULL or "": the latest).  Returns its number, or 0. */
long long picture_find(sqlite3 *db, const char *game, const char *phase);

/*
 * cron's policy for the pictures table (README.md, "Map pictures"): delete
 * the pictures drawn more than days before now (when their phase was
 * processed), except each game's latest and any a mail not yet sent
 * names.  days 0: keep all.
 * Returns the pictures deleted, or -1 after fail().
 */
MUST_CHECK long picture_prune(sqlite3 *db, long days, long long now);

#endif
