/*
 * pw_board.h - the multi-player Peloponnesian War as the variant holds
 * it: the board and scenario (pw_map_load.h), the position as stored text
 * (pw_state.c), and the texts built from a position for players (the
 * status of every city-state, pw_status.c).  The rules themselves are in
 * the pure engine, adjudicator/pw.h.
 */
#ifndef PW_BOARD_H
#define PW_BOARD_H

#include "adjudicator/pw.h"
#include "parser/strbuf.h"
#include "variants/pw_map_load.h"

/* The word for a phase in the state and in "kind": "diplomatic". */
const char *pw_phase_word(int phase);

/* The position as the text the Judge stores (one fixed order); the
 * scenario gives the codes of its special actions. */
void pw_state_write(const struct pw_map *m, const struct pw_scenario *sc, const struct pw_pos *p,
                    struct strbuf *out);

/* Read text written by pw_state_write into *p.  Returns 0, or -1 after
 * fail("damaged state: line N: ..."). */
int pw_state_read(const struct pw_map *m, const struct pw_scenario *sc, const char *text,
                  struct pw_pos *p);

/* "Turn 1, 431-429 BC, Diplomatic phase". */
void pw_phase_name(const struct pw_scenario *sc, const struct pw_pos *p, struct strbuf *out);

/* The whole position for players and the master: the majors' statuses,
 * treasuries, bellicosity and resentment, every minor's box, forces,
 * markers, treaties, hostages and the special actions used. */
void pw_status(const struct pw_map *m, const struct pw_scenario *sc, const struct pw_pos *p,
               struct strbuf *out);

/* The same as JSON members, without the braces. */
void pw_status_json(const struct pw_map *m, const struct pw_scenario *sc, const struct pw_pos *p,
                    struct strbuf *out);

struct variant;
struct order_set;
struct pic_scene;
/* The Peloponnesian War's map picture (variant_ops.picture;
 * pw_picture.c). */
void pw_picture(const struct variant *v, const void *before,
                const struct order_set *orders, int norders,
                const struct order_set *standing, int nstanding,
                const void *after, struct pic_scene *s);

#endif
