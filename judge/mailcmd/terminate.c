/*
 * terminate.c - TERMINATE (master): end a game where it stands, whether it
 * is still forming (it never filled) or being played.  Everyone who
 * follows it is told, with the final position and the game's summary if
 * it was played; the game stays listed as terminated.
 */
#include <stdio.h>
#include <stdlib.h>

#include "judge/endgame.h"
#include "judge/mailcmd.h"
#include "judge/game_mail.h"

void mailcmd_terminate(struct session *s, const char *args)
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
	if (s->game.vs.pos) {       /* it was played: where it ended, and how */
		strbuf_addstr(&text, "\nThe final position:\n");
		variant_status(&s->game.vs, &text);
		endgame_summary(s->db, &s->game, &text);
	}
	snprintf(subject, sizeof subject, "Game %s terminated", s->game.name);
	game_mail_all(s->db, s->cfg, &s->game, s->now, subject, text.buf, NULL, 0);
	strbuf_release(&text);
	reply(s, "Game %s is terminated.\n", s->game.name);
}
