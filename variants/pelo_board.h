/*
 * pelo_board.h - the multi-player Peloponnesian War as the variant holds
 * it: the board and scenario (pelo_map_load.h), the position as stored text
 * (pelo_state.c), and the texts built from a position for players (the
 * status of every city-state, pelo_status.c).  The rules themselves are in
 * the pure engine, adjudicator/pelo.h.
 */
#ifndef PELO_BOARD_H
#define PELO_BOARD_H

#include "adjudicator/pelo.h"
#include "base/json.h"
#include "base/strbuf.h"
#include "variants/pelo_map_load.h"

/* The word for a phase in the state and in "kind": "diplomatic". */
const char *pelo_phase_word(int phase);

/* The position as the text the Judge stores (one fixed order); the
 * scenario gives the codes of its special actions. */
void pelo_state_write(const struct pelo_map *m, const struct pelo_scenario *sc, const struct pelo_pos *p,
                    struct strbuf *out);

/* Read text written by pelo_state_write into *p.  Returns 0, or -1 after
 * fail("damaged state: line N: ..."). */
int pelo_state_read(const struct pelo_map *m, const struct pelo_scenario *sc, const char *text,
                  struct pelo_pos *p);

/* "Turn 1, 431-429 BC, Diplomatic phase". */
void pelo_phase_name(const struct pelo_scenario *sc, const struct pelo_pos *p, struct strbuf *out);

/* The whole position for players and the master: the majors' statuses,
 * treasuries, bellicosity and resentment, every minor's box, forces,
 * markers, treaties, hostages and the special actions used. */
void pelo_status(const struct pelo_map *m, const struct pelo_scenario *sc, const struct pelo_pos *p,
               struct strbuf *out);

/* The position as a results mail gives it after what happened: the same
 * but for who holds each space, of which only the marked ones (rebellion,
 * ravaged) are listed; SUMMARY and the final mail give them all. */
void pelo_status_brief(const struct pelo_map *m, const struct pelo_scenario *sc, const struct pelo_pos *p,
                       struct strbuf *out);

/* The same as JSON members, written with j inside an object its caller
 * has opened. */
void pelo_status_json(const struct pelo_map *m, const struct pelo_scenario *sc, const struct pelo_pos *p,
                      struct json *j);

struct variant;
struct order_set;
struct variant_chance;
struct pic_scene;

/* The Peloponnesian War's map picture (variant_ops.picture;
 * pelo_picture.c). */
void pelo_picture(const struct variant *v, const void *before,
                const struct order_set *orders, int norders,
                const struct order_set *standing, int nstanding,
                const struct variant_chance *chance,
                const void *after, struct pic_scene *s);

#endif
