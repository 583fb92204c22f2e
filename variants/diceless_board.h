/*
 * diceless_board.h - the diceless variant as the Judge holds it: the
 * board read from variants/diceless/map.txt, the names players may use
 * for its areas and chits, and the texts built from a position (state,
 * results report, status, a player's private view).
 */
#ifndef DICELESS_BOARD_H
#define DICELESS_BOARD_H

#include <stddef.h>

#include "adjudicator/diceless.h"
#include "base/error.h"
#include "base/json.h"
#include "parser/names.h"
#include "base/strbuf.h"
#include "base/wrap.h"

struct dl_board {
	struct dl_map map;
	struct names areas;       /* area codes, names and aliases -> area */
	struct names chits;       /* chit words and special names -> kind */
};

/* Read the board file at path (format: the top of variants/diceless/map.txt).
 * Returns 0, or -1 after fail("FILE:LINE: what is wrong"). */
int dl_board_load(const char *path, struct dl_board *b);
void dl_board_free(struct dl_board *b);

/* The state text the Judge stores between phases (diceless_state.c). */
void dl_state_write(const struct dl_map *m, const struct dl_position *p, struct strbuf *out);
/* Returns 0, or -1 after fail() naming the bad line. */
int dl_state_read(const struct dl_map *m, const char *text, struct dl_position *p);

/* The results everyone receives (diceless_report.c): every chit placed,
 * every struggle step by step, the new orientation and the score, and
 * how the chance in it can be checked.  Shows nothing of a hand but the
 * chits that left it: not the chit kept, not the hands drawn for the next
 * turn, not what the cup they came from holds (only its size). */
void dl_report(const struct dl_map *m, const struct dl_position *before,
               const struct dl_outcome *out, const struct dl_position *after,
               struct strbuf *sb);
/* What only side may read in the results: after the Delphi phase, the
 * chit its holder drew in place of the one thrown back. */
void dl_report_private(const struct dl_map *m, const struct dl_outcome *out, int side,
                       struct strbuf *sb);

/* Texts for the players (diceless_status.c).  dl_status and
 * dl_status_json show only what both sides may know; dl_private adds what
 * side alone may see: its hand and where each of its chits may go. */
void dl_format_phase(const struct dl_map *m, const struct dl_position *p, struct strbuf *sb);
void dl_status(const struct dl_map *m, const struct dl_position *p, struct strbuf *sb);
void dl_status_json(const struct dl_map *m, const struct dl_position *p, struct json *j);
void dl_private(const struct dl_map *m, const struct dl_position *p, int side, struct strbuf *sb);

/* Helpers shared by the texts: "Military", "Star as Coup", "Persian Gold
 * (favours Sparta)"; a list of chits "Military, Coup and Void". */
void dl_chit_text(const struct dl_map *m, int kind, int as, struct strbuf *sb);
void dl_hand_text(const struct dl_map *m, const struct dl_hand *h, struct strbuf *sb);
/* The orientation of every area: each side's areas with their counters,
 * then the neutral ones, a line each. */
void dl_orientation(const struct dl_map *m, const struct dl_position *p, struct strbuf *sb);
/* A line per side: its areas, counters and the areas it needs to win. */
void dl_score_text(const struct dl_map *m, const struct dl_position *p, struct strbuf *sb);
/* How the family's paragraphs break: at 72 columns, so that a reply
 * quoting them still fits in 78, the rest of a line four columns in from
 * its start, so that each paragraph's first line stands out. */
#define DL_WRAP WRAP_HANG(72, 4)
/* "Athens 2", "neutral" for a track. */
void dl_track_text(const struct dl_map *m, int track, struct strbuf *sb);

struct variant;
struct order_set;
struct variant_chance;
struct pic_scene;
/* The diceless game's map picture (variant_ops.picture;
 * diceless_picture.c). */
void diceless_picture(const struct variant *v, const void *before,
                      const struct order_set *orders, int norders,
                      const struct order_set *standing, int nstanding,
                      const struct variant_chance *chance,
                      const void *after, struct pic_scene *s);

#endif
