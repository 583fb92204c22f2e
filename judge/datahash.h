/*
 * datahash.h - a game's record of the variant data it started with, so
 * that a rules change under a running game is said, not silent: the
 * variant's data hash (variant.h) is stored when the game starts, and
 * adjudication and replay compare it with the data of today.
 */
#ifndef DATAHASH_H
#define DATAHASH_H

#include <sqlite3.h>

#include "judge/store.h"
#include "base/strbuf.h"

/* Record the hash of g's variant data now (at the start of the game). */
void game_record_data_hash(sqlite3 *db, const struct game *g);

/* 1 if g's variant data is not what the game started with, with a note
 * saying so appended to note; 0 if it is, or if the game started before
 * the hash was recorded. */
int game_data_changed(sqlite3 *db, const struct game *g, struct strbuf *note);

#endif
