/*
 * antike_board.h - what the Antike family's files in variants/ share: the
 * loaded board (the map of variants/antike/map.txt), a game's parsed
 * state (the engine's position and the orders held for nations' next
 * turns), and the functions one file of the family offers another.
 *
 * One header for the family's variants/ files so that the ops table
 * (antike_variant.c) names every part in one place; the engine's types are
 * adjudicator/antike.h's, the grammar's parser/antike_orders.h's.
 */
#ifndef ANTIKE_BOARD_H
#define ANTIKE_BOARD_H

#include "adjudicator/antike.h"
#include "base/error.h"
#include "base/json.h"
#include "base/strbuf.h"

struct variant;
struct order_set;
struct variant_chance;
struct pic_scene;

struct ant_board {
	struct ant_map map;
};

/* A game's state as read: the position, and per nation the canonical
 * orders held for its next turn (NULL: none). */
struct ant_state {
	struct ant_pos pos;
	char *held[ANT_MAX_NATIONS];
};

/* antike_map_load.c: read map.txt at path into *b and check it (every
 * border's ends, land and sea, each setup's nations and start cities,
 * the map connected for legions and galleys as the data claims).
 * Returns 0, or -1 after fail("path:line: ...") / fail("path: ..."). */
MUST_CHECK int ant_board_load(const char *path, struct ant_board *b);

/* antike_map_text.c: the map for players without a board (GET map). */
void ant_map_text(const struct ant_map *m, struct strbuf *out);

/* antike_state.c: the state text (docs: the comment atop antike_state.c).
 * read returns 0, or -1 after fail() naming the line; free releases
 * held[]. */
MUST_CHECK int ant_state_read(const struct ant_map *m, const char *text, struct ant_state *s);
void ant_state_write(const struct ant_map *m, const struct ant_state *s, struct strbuf *out);
void ant_state_free(struct ant_state *s);

/* antike_picture.c: variant_ops.picture (before and after are struct
 * ant_state). */
void ant_picture(const struct variant *v, const void *before,
                 const struct order_set *orders, int norders,
                 const struct order_set *standing, int nstanding,
                 const struct variant_chance *chance,
                 const void *after, struct pic_scene *scene);

#endif
