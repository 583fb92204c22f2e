/*
 * resume.c - RESUME (master): restart the clock of a paused game with the
 * time that was left at PAUSE (at least an hour); or put a suspended game
 * back in play once its state has been repaired.  The new deadline, as
 * every deadline, falls after the absences granted (while paused too).
 */
#include <stdio.h>
#include <stdlib.h>

#include "judge/absence.h"
#include "judge/game_mail.h"
#include "judge/mailcmd.h"

void mailcmd_resume(struct session *s, const char *args)
{
	char when[64];
	(void)args;
	if (s->game.status != GS_PAUSED && s->game.status != GS_SUSPENDED) {
		reply(s, "Game %s is not paused.\n", s->game.name);
		return;
	}
	if (s->game.status == GS_SUSPENDED && (s->game.damaged || !s->game.vs.pos)) {
		reply(s, "Game %s stays suspended: its stored position still does not read back.\n",
		      s->game.name);
		return;
	}
	if (game_transition(&s->game, GS_ACTIVE, s->now)) {
		reply(s, "%s.\n", fail_text());
		return;
	}
	free(s->game.fault);
	s->game.fault = NULL;
	/* an absence the master granted while the clock stood still holds
	 * from now on: the new deadline must not fall in it either */
	s->game.deadline = absence_adjust(s->db, &s->game, s->game.deadline);
	game_save(s->db, &s->game);
	format_time(s->game.deadline, when, sizeof when);
	struct strbuf text = STRBUF_INIT;
	strbuf_addf(&text, "The master has resumed the game %s. The deadline is %s.\n", s->game.name, when);
	char subject[96];
	snprintf(subject, sizeof subject, "Game %s resumed", s->game.name);
	game_mail_all(s->db, s->cfg, &s->game, s->now, subject, text.buf, NULL, 0);
	strbuf_release(&text);
	reply(s, "Game %s resumed; deadline %s.\n", s->game.name, when);
}
