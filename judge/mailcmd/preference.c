/*
 * preference.c - SET PREFERENCE <powers>: the powers a player would like,
 * best first, while the game is forming and the powers are not dealt.
 *
 * A joined player has no seat yet, so no SIGNON <letter>: the mail signs
 * on with SIGNON ?game <password> (the join command; for a player who
 * has joined, it checks the password) and then sets the preferences.  The
 * same list can follow that SIGNON on its line.
 */
#include <stdio.h>

#include "judge/db.h"
#include "judge/powerlist.h"
#include "judge/settings.h"

void prefs_store(struct session *s, const struct game *g, const char *letters)
{
	struct strbuf names = STRBUF_INIT;

	db_run(s->db, "UPDATE players SET prefs = ? WHERE game = ? AND email = ?", "ttt",
	       letters, g->name, s->from);
	powerlist_names(g->v, letters, &names);
	if (letters[0])
		reply(s, "Your preferences in %s, best first: %s.\n", g->name, names.buf);
	else
		reply(s, "You have no preferences in %s: any power will do.\n", g->name);
	strbuf_release(&names);
}

void set_preference(struct session *s, const char *v)
{
	char letters[VARIANT_MAX_POWERS + 1], why[160];
	struct game g;

	if (!s->joined[0]) {
		char game[GAME_NAME_MAX + 1] = "";
		if (!s->signed_on)
			db_text(s->db, "SELECT p.game FROM players p JOIN games g ON g.name = p.game"
			        " WHERE p.email = ? AND g.status = 'forming' ORDER BY p.joined DESC", "t",
			        game, sizeof game, s->from);
		if (s->signed_on)
			reply(s, "The powers of this game are dealt already; preferences are for a game\n"
			      "that is still forming.\n");
		else if (game[0])
			reply(s, "To change your preferences in %s, send SIGNON ?%s <password>\n"
			      "first, then SET PREFERENCE.\n", game, game);
		else
			reply(s, "SET PREFERENCE is for a game you have joined: send SIGNON ?<game>\n"
			      "<password> first.\n");
		return;
	}
	if (session_load_game(s, s->joined, &g))
		return;
	if (g.status != GS_FORMING)
		reply(s, "Game %s has started: its powers are dealt.\n", g.name);
	else if (powerlist_parse(g.v, v, letters, NULL, why, sizeof why) < 0)
		reply(s, "%s; your preferences were not changed.\n", why);
	else
		prefs_store(s, &g, letters);
	game_free(&g);
}
