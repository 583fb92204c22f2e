/*
 * game_mail.h - mail to every reader of one game (its players, observers
 * and master), each address its own copy with the parts only its reader
 * may see.
 *
 * A module of its own, below phase.c and the mail commands, because both
 * send such mail (a phase's results, a pause, a granted absence, a
 * takeover) and neither should reach into the other to do it.
 */
#ifndef GAME_MAIL_H
#define GAME_MAIL_H

#include <sqlite3.h>

#include "judge/config.h"
#include "judge/store.h"

/*
 * Mail text to everyone who follows g, each address its own copy: players,
 * observers and the master.  With rep, each copy also gets the parts of
 * the report for its reader (the master's, or each power of the reader's
 * seat); with with_private, what each of those powers alone may see now.
 */
void game_mail_all(sqlite3 *db, const struct config *c, const struct game *g, long long now,
                   const char *subject, const char *text, const struct variant_report *rep,
                   int with_private);

/* The same with map picture number picture (judge/picture.h; 0: none)
 * for every copy whose reader has not turned pictures off (SET NOMAP). */
void game_mail_all_picture(sqlite3 *db, const struct config *c, const struct game *g,
                           long long now, const char *subject, const char *text,
                           const struct variant_report *rep, int with_private, long long picture);

#endif
