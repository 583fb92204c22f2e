/*
 * observe.c - OBSERVE <game>: receive a game's results without playing.
 *
 * Observing needs no password, so it goes through the same first-binding
 * guard as a role (guard_new_address, guard_bound): an address that never
 * asked can REFUSE it, and nobody can fill a stranger's mailbox with a
 * game's results unnoticed.
 */
#include <stdio.h>

#include "judge/db.h"
#include "judge/guard.h"
#include "judge/mailcmd.h"

MAILCMD(observe)
{
	char name[64], key[GAME_NAME_MAX + 1];

	if (sscanf(args, "%63s", name) != 1 || !game_name_ok(name, key) ||
	    !db_int(s->db, "SELECT 1 FROM games WHERE name = ?", "t", 0, key)) {
		reply(s, "OBSERVE needs the name of an existing game.\n");
		return;
	}
	int first = guard_new_address(s);
	db_run(s->db, "INSERT OR IGNORE INTO observers (game, email) VALUES (?, ?)", "tt", key, s->from);
	reply(s, "You will receive the results of %s.\n", key);
	if (first)
		guard_bound(s, key, "observer");
}
