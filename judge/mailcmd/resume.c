/*
 * resume.c - RESUME (master): restart the clock with the time that was
 * left at PAUSE (at least an hour).
 */
#include <stdio.h>
#include <string.h>

#include "judge/mailcmd.h"
#include "judge/phase.h"

MAILCMD(resume)
{
	char when[64];
	(void)args;
	if (strcmp(s->game.status, "paused")) {
		reply(s, "Game %s is not paused.\n", s->game.name);
		return;
	}
	snprintf(s->game.status, sizeof s->game.status, "active");
	s->game.deadline = s->now + (s->game.deadline > 3600 ? s->game.deadline : 3600);
	game_save(s->db, &s->game);
	format_time(s->game.deadline, when, sizeof when);
	struct strbuf text = STRBUF_INIT;
	strbuf_addf(&text, "The master has resumed the game. The deadline is %s.\n", when);
	game_mail_all(s->db, s->cfg, &s->game, s->now, "Game resumed", text.buf, 0);
	strbuf_release(&text);
	reply(s, "Game %s resumed; deadline %s.\n", s->game.name, when);
}
