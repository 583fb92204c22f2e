/*
 * pause.c - PAUSE (master): stop the clock.  While a game is paused its
 * deadline column holds the time that was left, given back on RESUME.
 */
#include <stdio.h>
#include <string.h>

#include "judge/mailcmd.h"
#include "judge/phase.h"

MAILCMD(pause)
{
	(void)args;
	if (strcmp(s->game.status, "active")) {
		reply(s, "Game %s is %s, not active.\n", s->game.name, s->game.status);
		return;
	}
	/* the time left is kept in deadline - now and given back on RESUME */
	snprintf(s->game.status, sizeof s->game.status, "paused");
	s->game.deadline -= s->now;
	game_save(s->db, &s->game);
	game_mail_all(s->db, s->cfg, &s->game, s->now, "Game paused",
	              "The master has paused the game: no deadline runs until it resumes.\n", 0);
	reply(s, "Game %s is paused.\n", s->game.name);
}
