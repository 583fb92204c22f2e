/*
 * pause.c - PAUSE (master): stop the clock.  The time that was left is
 * kept (lifecycle.h) and given back on RESUME.
 */
#include <stdio.h>

#include "judge/mailcmd.h"
#include "judge/game_mail.h"

void mailcmd_pause(struct session *s, const char *args)
{
	(void)args;
	if (s->game.status != GS_ACTIVE) {
		reply(s, "Game %s is %s, not active.\n", s->game.name, status_name(s->game.status));
		return;
	}
	if (game_transition(&s->game, GS_PAUSED, s->now)) {
		reply(s, "%s.\n", fail_text());
		return;
	}
	game_save(s->db, &s->game);
	char subject[96], text[200];
	snprintf(subject, sizeof subject, "Game %s paused", s->game.name);
	snprintf(text, sizeof text, "The master has paused the game %s: no deadline runs until it resumes.\n",
	         s->game.name);
	game_mail_all(s->db, s->cfg, &s->game, s->now, subject, text, NULL, 0);
	reply(s, "Game %s is paused.\n", s->game.name);
}
