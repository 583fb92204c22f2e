/*
 * abandon.c - SET ABANDON <phases> (the master's): how many phases late
 * in a row abandon a seat in the game, 0 for never.  The counting is
 * lateness.c's; this only writes the game's limit and says what it is.
 */
#include <stdlib.h>

#include "judge/db.h"
#include "judge/settings.h"

void set_abandon(struct session *s, const char *v)
{
	char *end;
	long n = strtol(v, &end, 10);

	if (!*v || *end || n < 0 || n > 100) {
		reply(s, "SET ABANDON takes a number of phases late in a row, 0 to 100 (0: never).\n");
		return;
	}
	db_run(s->db, "UPDATE games SET abandon_after = ? WHERE name = ?", "it", (long long)n,
	       s->game.name);
	if (n)
		reply(s, "In %s a power late %ld phases in a row is abandoned.\n", s->game.name, n);
	else
		reply(s, "In %s no power is abandoned for being late.\n", s->game.name);
}
