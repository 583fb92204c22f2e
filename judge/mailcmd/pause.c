/*
 * pause.c - PAUSE (master): stop the clock.  The time that was left is
 * kept (lifecycle.h) and given back on RESUME.
 */
#include <stdio.h>

#include "judge/mailcmd.h"
#include "judge/phase.h"

MAILCMD(pause)
{
	(void)args;
	if (s->game.status != GS_ACTIVE) {
		reply(s, "Game %s is %s, not active.\n", s->game.name, status_name(s->game.status));
		return;
	}
	game_transition(&s->game, GS_PAUSED, s->now);
	game_save(s->db, &s->game);
	game_mail_all(s->db, s->cfg, &s->game, s->now, "Game paused",
	              "The master has paused the game: no deadline runs until it resumes.\n", NULL, 0);
	reply(s, "Game %s is paused.\n", s->game.name);
}
