/*
 * settings.h - the SET settings that live in files of their own; set.c
 * keeps the one table that names them all, with who may use each.
 * Every function takes the text after the setting's name, trimmed, and
 * tells the sender what it did or why it did nothing.
 */
#ifndef SETTINGS_H
#define SETTINGS_H

#include "judge/session.h"

/* draw_vote.c: SET DRAW [powers], NODRAW, CONCEDE <power>, NOCONCEDE
 * (players); DIAS, NODIAS (master). */
void set_draw(struct session *s, const char *v);
void set_nodraw(struct session *s, const char *v);
void set_concede(struct session *s, const char *v);
void set_noconcede(struct session *s, const char *v);
void set_dias(struct session *s, const char *v);
void set_nodias(struct session *s, const char *v);

/* preference.c: SET PREFERENCE <powers>, by a player of a forming game
 * signed on with SIGNON ?game. */
void set_preference(struct session *s, const char *v);

/* Store letters as the preferences of the sender in forming game g, and
 * tell them. */
void prefs_store(struct session *s, const struct game *g, const char *letters);

/* mailcmd/absence.c: SET ABSENCE <from> [TO <until>] (players); SET ABSENCE
 * GRANT|REFUSE <n> and SET ABSENCE alone (master: the list). */
void set_absence(struct session *s, const char *v);

/* mailcmd/abandon.c, mastercopy.c: SET ABANDON <phases> and SET
 * MASTERCOPY ON|OFF (master). */
void set_abandon(struct session *s, const char *v);
void set_mastercopy(struct session *s, const char *v);

#endif
