/*
 * refuse.c - REFUSE <code>: undo the role the sender's address was given
 * by a mail it did not send.  The code went only to that address, in the
 * reply that gave the role (guard_bound), so whoever can read its mail
 * may refuse.  A player or observer is removed (a player of a game under
 * way resigns instead, so the game keeps its seat); a master's forming
 * game is deleted.
 */
#include <stdio.h>
#include <string.h>

#include "judge/db.h"
#include "judge/guard.h"
#include "judge/mailcmd.h"

void mailcmd_refuse(struct session *s, const char *args)
{
	char code[32], game[GAME_NAME_MAX + 1] = "", role[16] = "";
	sqlite3_stmt *st;

	if (sscanf(args, "%31s", code) != 1) {
		reply(s, "REFUSE needs the code the Judge sent you.\n");
		return;
	}
	st = db_stmt(s->db, "SELECT game, role FROM bindings WHERE code = ? AND email = ?");
	sqlite3_bind_text(st, 1, code, -1, SQLITE_TRANSIENT);
	sqlite3_bind_text(st, 2, s->from, -1, SQLITE_TRANSIENT);
	if (sqlite3_step(st) == SQLITE_ROW) {
		snprintf(game, sizeof game, "%s", (const char *)sqlite3_column_text(st, 0));
		snprintf(role, sizeof role, "%s", (const char *)sqlite3_column_text(st, 1));
	}
	db_release(s->db, st);
	if (!game[0]) {
		reply(s, "No role of yours has the code %s.\n", code);
		return;
	}
	if (!strcmp(role, "observer")) {
		db_run(s->db, "DELETE FROM observers WHERE game = ? AND email = ?", "tt", game, s->from);
	} else if (!strcmp(role, "player")) {
		db_run(s->db, "DELETE FROM players WHERE game = ? AND email = ? AND seat < 0", "tt", game, s->from);
		db_run(s->db, "UPDATE players SET resigned = 1, left_how = 'refused',"
		       " left_phase = (SELECT phase_no FROM games WHERE name = ?1)"
		       " WHERE game = ?1 AND email = ?2", "tt", game, s->from);
	} else if (db_int(s->db, "SELECT 1 FROM games WHERE name = ? AND master_email = ? AND status = ?",
	                  "ttt", 0, game, s->from, status_name(GS_FORMING))) {
		db_run(s->db, "DELETE FROM games WHERE name = ?", "t", game);
	} else {
		reply(s, "Game %s has started; its master cannot be refused any more. Ask the\n"
		      "Judge's admin.\n", game);
		return;
	}
	db_run(s->db, "DELETE FROM bindings WHERE code = ?", "t", code);
	reply(s, "Refused: you are no longer the %s of game %s.\n", role, game);
}
