/*
 * mastercopy.c - SET MASTERCOPY ON|OFF (the master's): whether the master
 * gets a copy of every reminder; lateness_copy sends them.
 */
#include <strings.h>

#include "judge/db.h"
#include "judge/settings.h"

void set_mastercopy(struct session *s, const char *v)
{
	int on = !strcasecmp(v, "ON");

	if (!on && strcasecmp(v, "OFF")) {
		reply(s, "SET MASTERCOPY ON or OFF.\n");
		return;
	}
	db_run(s->db, "UPDATE games SET master_copy = ? WHERE name = ?", "it", (long long)on,
	       s->game.name);
	reply(s, "%s", on ? "You will receive a copy of every reminder the Judge sends.\n" :
	      "You will no longer receive copies of the reminders.\n");
}
