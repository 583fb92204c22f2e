/*
 * process.c - PROCESS (master): adjudicate the phase now, whatever the
 * deadline and whoever is missing.  The master's explicit word, so it
 * runs inside the mail that asks for it; a phase that is merely ready
 * waits for cron.
 */
#include <stdio.h>

#include "judge/mailcmd.h"
#include "judge/phase.h"

void mailcmd_process(struct session *s, const char *args)
{
	(void)args;
	if (!status_in_play(s->game.status) || !s->game.vs.pos) {
		reply(s, "Game %s is %s: there is nothing to process.\n", s->game.name,
		      status_name(s->game.status));
		return;
	}
	if (s->game.status == GS_PAUSED && game_transition(&s->game, GS_ACTIVE, s->now)) {
		reply(s, "%s.\n", fail_text());
		return;
	}
	struct power_set missing = phase_missing(s->db, &s->game);
	int k = 0;
	for (int w = 0; w < s->game.v->npowers; w++)
		if (pset_has(&missing, w))
			reply(s, "%s%s", k++ ? ", " : "Processed without orders from: ", s->game.v->power[w].name);
	if (k)
		reply(s, ".\n");
	if (phase_process(s->db, s->cfg, &s->game, s->now)) {
		reply(s, "The phase could not be processed: %s.\n", fail_text());
		return;
	}
	reply(s, "Processed: the results have been mailed to everyone.\n");
}
