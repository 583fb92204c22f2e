/*
 * terminate.c - TERMINATE (master): end a game where it stands, whether it
 * is still forming (it never filled) or being played.  Everyone who
 * follows it is told; the game stays listed as terminated.
 */
#include <stdio.h>
#include <stdlib.h>

#include "judge/mailcmd.h"
#include "judge/phase.h"

MAILCMD(terminate)
{
	struct strbuf text = STRBUF_INIT;
	char subject[96];

	(void)args;
	if (game_transition(&s->game, GS_TERMINATED, s->now)) {
		reply(s, "%s.\n", fail_text());
		return;
	}
	free(s->game.result);
	s->game.result = xstrdup("terminated by the master");
	game_save(s->db, &s->game);
	strbuf_addf(&text, "The master has terminated game %s. It is over; nothing more will be\n"
	            "processed.\n", s->game.name);
	snprintf(subject, sizeof subject, "Game %s terminated", s->game.name);
	game_mail_all(s->db, s->cfg, &s->game, s->now, subject, text.buf, NULL, 0);
	strbuf_release(&text);
	reply(s, "Game %s is terminated.\n", s->game.name);
}
