/*
 * create.c - CREATE ?<game> <password> [variant]: a new game, forming,
 * with the sender as its master.  Its periods start as the variant's, per
 * phase kind; kinds the variant gives none for take the config's.
 */
#include <stdio.h>
#include <stdlib.h>

#include "judge/db.h"
#include "judge/guard.h"
#include "judge/mailcmd.h"

/* CREATE with its words (w[0] the ?game, w[1] the password, w[2] the
 * variant if n is 3) split off in full, so that the password rules see
 * the password as it was written, not a piece of it. */
static void create(struct session *s, char **w, int n)
{
	char key[GAME_NAME_MAX + 1], hash[160];
	const char *name = n > 0 ? w[0] : "", *pw = n > 1 ? w[1] : "", *vname = n > 2 ? w[2] : "Classical";
	const struct variant *v;
	int installation;

	if (n < 2 || name[0] != '?') {
		reply(s, "Usage: CREATE ?<game> <password> [variant]\n");
		return;
	}
	if (!game_name_ok(name + 1, key)) {
		reply(s, "'%.64s' is not a good game name: use 1 to %d letters and digits.\n", name + 1,
		      GAME_NAME_MAX);
		return;
	}
	if (!(v = variant_find(vname, &installation))) {
		if (installation) {
			fprintf(stderr, "judge: variant %s: %s\n", vname, fail_text());
			s->fault = s->done = 1;
			return;
		}
		reply(s, "Cannot create %s: %s. Variants: ", key, fail_text());
		if (!reply_full(s))
			variant_list(&s->reply);
		reply(s, ".\n");
		return;
	}
	if (v->experimental && !s->cfg->allow_experimental) {
		reply(s, "%s is still experimental, and this Judge does not start games of it.\n", v->name);
		return;
	}
	if (db_int(s->db, "SELECT 1 FROM games WHERE name = ?", "t", 0, key)) {
		reply(s, "There is already a game called %s.\n", key);
		return;
	}
	char why[160];
	if (!password_ok(pw, s->cfg->min_password, why, sizeof why)) {
		reply(s, "Cannot create %s: %s.\n", key, why);
		return;
	}
	if (!guard_may_join(s, 1))
		return;
	int first = guard_new_address(s);
	password_hash(pw, hash, sizeof hash);
	db_run(s->db, "INSERT INTO games (name, variant, status, master_email, master_pw, press, period, grace,"
	       " created) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", "ttttttiii", key, v->name, status_name(GS_FORMING), s->from, hash,
	       v->press, (long long)s->cfg->period_hours * 3600, (long long)s->cfg->grace_hours * 3600, s->now);
	for (int i = 0; i < v->nperiods; i++)
		db_run(s->db, "INSERT INTO periods (game, kind, seconds) VALUES (?, ?, ?)", "tti",
		       key, v->period[i].kind, (long long)v->period[i].hours * 3600);
	if (v->min_players == v->max_players)
		reply(s, "Game %s (%s) is created and waiting for %d players; you are its master.\n",
		      key, v->name, v->max_players);
	else
		reply(s, "Game %s (%s) is created and waiting for %d to %d players; you are its master.\n"
		      "It starts when %d have joined, or when you send START once %d have.\n",
		      key, v->name, v->min_players, v->max_players, v->max_players, v->min_players);
	reply(s, "Press: %s (SET PRESS white|grey|any|none changes it).\n"
	      "Players join with: SIGNON ?%s <password> [power letters in order of preference]\n"
	      "Sign on as master with: SIGNON M%s <password>\n", v->press, key, key);
	guard_bound(s, key, "master", first);
}

void mailcmd_create(struct session *s, const char *args)
{
	char *copy = xstrdup(args), *w[3];

	create(s, w, str_split(copy, w, 3));
	free(copy);
}
