/*
 * observe.c - OBSERVE <game>: receive a game's results without playing;
 * UNOBSERVE <game>: stop.
 *
 * Observing needs no password, so it goes through the same binding guard
 * as a role (guard_bound): the address is told, with a code to REFUSE it,
 * each time it is made an observer, whether or not it had roles before,
 * and nobody can fill a stranger's mailbox with a game's results
 * unnoticed.  How many games one person observes is limited
 * (max_observes_per_address), so neither can a forger make a player the
 * observer of every game.  UNOBSERVE is the Judge's own word (njudge has
 * none): SIGNOFF already ends a mail's commands and cannot also mean it.
 */
#include <stdio.h>

#include "judge/db.h"
#include "judge/guard.h"
#include "judge/mailcmd.h"

/* The key of the existing game named in args into key; 0 after telling
 * the sender there is none. */
static int game_named(struct session *s, const char *args, const char *cmd, char key[GAME_NAME_MAX + 1])
{
	char name[64];

	if (sscanf(args, "%63s", name) != 1 || !game_name_ok(name, key) ||
	    !db_int(s->db, "SELECT 1 FROM games WHERE name = ?", "t", 0, key)) {
		reply(s, "%s needs the name of an existing game.\n", cmd);
		return 0;
	}
	return 1;
}

void mailcmd_observe(struct session *s, const char *args)
{
	char key[GAME_NAME_MAX + 1];

	if (!game_named(s, args, "OBSERVE", key))
		return;
	if (db_int(s->db, "SELECT 1 FROM observers WHERE game = ? AND email = ?", "tt", 0, key, s->from)) {
		reply(s, "You already receive the results of %s.\n", key);
		return;
	}
	if (!guard_may_observe(s))
		return;
	int first = guard_new_address(s);
	db_run(s->db, "INSERT INTO observers (game, email) VALUES (?, ?)", "tt", key, s->from);
	reply(s, "You will receive the results of %s.\n", key);
	guard_bound(s, key, "observer", first);
}

void mailcmd_unobserve(struct session *s, const char *args)
{
	char key[GAME_NAME_MAX + 1];

	if (!game_named(s, args, "UNOBSERVE", key))
		return;
	if (!db_int(s->db, "SELECT 1 FROM observers WHERE game = ? AND email = ?", "tt", 0, key, s->from)) {
		reply(s, "You do not observe %s.\n", key);
		return;
	}
	db_run(s->db, "DELETE FROM observers WHERE game = ? AND email = ?", "tt", key, s->from);
	/* the code that would have refused it has nothing left to undo */
	db_run(s->db, "DELETE FROM bindings WHERE game = ? AND email = ? AND role = 'observer'", "tt", key,
	       s->from);
	reply(s, "You no longer receive the results of %s.\n", key);
}
