/*
 * process.c - PROCESS, PAUSE, RESUME: the master's hand on the clock.
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
