/*
 * create.c - CREATE ?<game> <password> [variant]: a new game, forming,
 * with the sender as its master.
 */
#include <stdio.h>
#include <string.h>

#include "judge/db.h"
#include "judge/mailcmd.h"

MAILCMD(create)
{
	char name[64], pw[64], vname[64] = "Classical", key[GAME_NAME_MAX + 1], err[200], hash[160];
	const struct variant *v;
	int n = sscanf(args, "%63s %63s %63s", name, pw, vname);

	if (n < 2 || name[0] != '?') {
		reply(s, "Usage: CREATE ?<game> <password> [variant]\n");
		return;
	}
	if (!game_name_ok(name + 1, key)) {
		reply(s, "'%s' is not a good game name: use 1 to %d letters and digits.\n", name + 1, GAME_NAME_MAX);
		return;
	}
	if (!(v = variant_find(vname, err, sizeof err))) {
		reply(s, "Cannot create %s: %s. Variants: ", key, err);
		variant_list(&s->reply);
		reply(s, ".\n");
		return;
	}
	if (db_int(s->db, "SELECT 1 FROM games WHERE name = ?", "t", 0, key)) {
		reply(s, "There is already a game called %s.\n", key);
		return;
	}
	password_hash(pw, hash, sizeof hash);
	db_run(s->db, "INSERT INTO games (name, variant, status, master_email, master_pw, press, period, grace,"
	       " created) VALUES (?, ?, 'forming', ?, ?, ?, ?, ?, ?)", "tttttiii", key, v->name, s->from, hash,
	       v->press,
	       (long long)s->cfg->period_hours * 3600, (long long)s->cfg->grace_hours * 3600, s->now);
	reply(s, "Game %s (%s) is created and waiting for %d players; you are its master.\n"
	      "Press: %s (SET PRESS white|grey|none changes it).\n"
	      "Players join with: SIGNON ?%s <password> [power letters in order of preference]\n"
	      "Sign on as master with: SIGNON M%s <password>\n", key, v->name, v->npowers, v->press, key, key);
}
