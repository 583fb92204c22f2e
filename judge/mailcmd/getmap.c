/*
 * getmap.c - GET map [<game> [<phase>]]: the map picture of a game as
 * last processed, or after any past phase, attached to the reply; and
 * SET NOMAP / SET MAP, whether results mails carry pictures (a player for
 * its own address, the master for the whole game).
 *
 * Only stored pictures are sent, and they are drawn when a phase is
 * processed, so a picture never shows pending orders: anyone may GET any
 * game's, as anyone may read its results.  cron deletes old ones
 * (keep_picture_days, judge/picture.c), which the refusal says.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "judge/db.h"
#include "judge/mailcmd.h"
#include "judge/picture.h"

/* The game the sender means without naming one: the signed-on game, else
 * the latest game the address plays, observes or masters.  Copies its
 * name to name.  Returns 0, or -1 if there is none. */
static int own_game(struct session *s, char *name, size_t size)
{
	sqlite3_stmt *st;
	int rc = -1;

	if (s->signed_on) {
		snprintf(name, size, "%s", s->game.name);
		return 0;
	}
	st = db_prepare(s->db, "SELECT name FROM games WHERE master_email = ?1 COLLATE NOCASE"
	                " OR name IN (SELECT game FROM players WHERE email = ?1 COLLATE NOCASE"
	                " UNION SELECT game FROM observers WHERE email = ?1 COLLATE NOCASE)"
	                " ORDER BY created DESC, name LIMIT 1");
	sqlite3_bind_text(st, 1, s->from, -1, SQLITE_TRANSIENT);
	if (sqlite3_step(st) == SQLITE_ROW) {
		snprintf(name, size, "%s", (const char *)sqlite3_column_text(st, 0));
		rc = 0;
	}
	sqlite3_finalize(st);
	return rc;
}

void mailcmd_get_map(struct session *s, const char *args)
{
	char game[64] = "", phase[96] = "";
	struct game g;
	long long id;

	while (isspace((unsigned char)*args))
		args++;
	if (!*args && own_game(s, game, sizeof game)) {
		reply(s, "GET map: which game? GET map <game> [<phase>].\n");
		return;
	}
	if (*args) {
		int used = 0;
		sscanf(args, "%63s %n", game, &used);
		snprintf(phase, sizeof phase, "%s", args + used);
		for (size_t n = strlen(phase); n && isspace((unsigned char)phase[n - 1]); n--)
			phase[n - 1] = '\0';
	}
	/* the first word is always the game here, never a phase: a name that
	 * is no game is answered so, not taken for the sender's own game */
	if (session_load_game(s, game, &g))
		return;
	if (!variant_has_picture(g.v)) {
		reply(s, "The %s variant has no map pictures; GET map.%s has its map as text.\n",
		      g.v->name, g.v->folder);
	} else if (!(id = picture_find(s->db, g.name, phase))) {
		reply(s, "Game %s has no picture%s%s. GET map %s alone sends the latest;\n"
		      "a phase is named as in the pictures' file names (S273BC-M), or start.\n",
		      g.name, *phase ? " of " : " yet", phase, g.name);
		if (*phase && s->cfg->keep_picture_days > 0)
			reply(s, "Pictures are kept %ld days after their phase, a game's latest always.\n",
			      s->cfg->keep_picture_days);
	} else if (s->picture && s->picture != id) {
		reply(s, "GET map: one picture a mail; send another mail for this one.\n");
	} else {
		sqlite3_stmt *st = db_prepare(s->db, "SELECT file, phase_no, phase_name FROM pictures WHERE id = ?");
		sqlite3_bind_int64(st, 1, id);
		if (sqlite3_step(st) == SQLITE_ROW)
			reply(s, "The map of %s %s %s is attached (%s).\n", g.name,
			      sqlite3_column_int(st, 1) < 0 ? "at the start," : "after",
			      (const char *)sqlite3_column_text(st, 2),
			      (const char *)sqlite3_column_text(st, 0));
		sqlite3_finalize(st);
		s->picture = id;
	}
	game_free(&g);
}

/* SET NOMAP (off = 1) or SET MAP (off = 0). */
static void set_map_flag(struct session *s, int off)
{
	if (s->seat == SEAT_MASTER) {
		db_run(s->db, "UPDATE games SET nomap = ? WHERE name = ?", "it", (long long)off, s->game.name);
		reply(s, "Results mails of %s %s.\n", s->game.name,
		      off ? "no longer carry a map picture, for anyone" :
		            "carry a map picture again (for players who have not said SET NOMAP)");
		return;
	}
	db_run(s->db, "UPDATE players SET nomap = ? WHERE game = ? AND email = ? COLLATE NOCASE", "itt",
	       (long long)off, s->game.name, s->from);
	reply(s, "Your results mails of %s %s.\n", s->game.name,
	      off ? "no longer carry a map picture (GET map sends one when you want it)" :
	            "carry a map picture again");
}

void mailcmd_set_nomap(struct session *s, const char *value)
{
	(void)value;
	set_map_flag(s, 1);
}

void mailcmd_set_map(struct session *s, const char *value)
{
	(void)value;
	set_map_flag(s, 0);
}
