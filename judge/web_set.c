/*
 * web_set.c - the site's two settings, in set.c's table: SET PUBLIC
 * ADDRESS / SET PRIVATE ADDRESS by a player (the address shown beside
 * their power on the site, or not: by default powers are named, not
 * people), and SET PRIVATE / SET PUBLIC by the master (the game left out
 * of the site, its pages removed by the next pass, or published again).
 * Both words carry both meanings so that a player and a master each
 * write the natural sentence.
 */
#include <strings.h>

#include "judge/db.h"
#include "judge/mailcmd.h"
#include "judge/web.h"

static void set_site(struct session *s, const char *value, int public)
{
	if (!strcasecmp(value, "ADDRESS")) {
		if (s->seat == SEAT_MASTER || s->became) {
			reply(s, "SET %s ADDRESS is a player's own choice: sign on as the power.\n",
			      public ? "PUBLIC" : "PRIVATE");
			return;
		}
		db_run(s->db, "UPDATE players SET public_address = ? WHERE game = ? AND seat = ? AND resigned = 0",
		       "iti", (long long)public, s->game.name, (long long)s->seat);
		reply(s, public ? "The web pages of %s will show your address beside your power.\n" :
		                  "The web pages of %s will name your power only, not your address.\n",
		      s->game.name);
		return;
	}
	if (*value || s->seat != SEAT_MASTER) {
		reply(s, "SET PUBLIC ADDRESS or SET PRIVATE ADDRESS (a player: whether the web pages\n"
		      "show your address); SET PRIVATE or SET PUBLIC (the master: whether the game\n"
		      "is on the web pages at all).\n");
		return;
	}
	db_run(s->db, "UPDATE games SET web_private = ? WHERE name = ?", "it", (long long)!public,
	       s->game.name);
	reply(s, public ? "%s will be on the Judge's web pages.\n" :
	                  "%s is left out of the Judge's web pages (its pages are removed).\n",
	      s->game.name);
}

void web_set_public(struct session *s, const char *value)
{
	set_site(s, value, 1);
}

void web_set_private(struct session *s, const char *value)
{
	set_site(s, value, 0);
}
