/*
 * process.c - PROCESS (master): adjudicate the phase now, whatever the
 * deadline and whoever is missing.
 */
#include <string.h>

#include "judge/mailcmd.h"
#include "judge/phase.h"

MAILCMD(process)
{
	(void)args;
	if (strcmp(s->game.status, "active") && strcmp(s->game.status, "paused")) {
		reply(s, "Game %s is %s: there is nothing to process.\n", s->game.name, s->game.status);
		return;
	}
	snprintf(s->game.status, sizeof s->game.status, "active");
	phase_process(s->db, s->cfg, &s->game, s->now);
	reply(s, "Processed: the results have been mailed to everyone.\n");
}
