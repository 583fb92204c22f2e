/*
 * start.c - START (master): start a forming game that has at least the
 * variant's fewest players, without waiting for the seats to fill; the
 * reply names the seats dealt.
 */
#include <stdio.h>
#include <stdlib.h>

#include "judge/db.h"
#include "judge/mailcmd.h"
#include "judge/phase.h"

void mailcmd_start(struct session *s, const char *args)
{
	struct player *p;
	int n;

	(void)args;
	if (s->game.status != GS_FORMING) {
		reply(s, "Game %s is %s: only a forming game can be started.\n", s->game.name,
		      status_name(s->game.status));
		return;
	}
	if (game_start(s->db, s->cfg, &s->game, s->now)) {
		reply(s, "Game %s cannot start: %s.\n", s->game.name, fail_text());
		return;
	}
	reply(s, "Game %s has started. The seats:\n", s->game.name);
	n = players_load(s->db, s->game.name, &p);
	for (int i = 0; i < n; i++) {
		struct power_set mine = seat_powers(s->db, s->game.name, p[i].seat);
		struct strbuf who = STRBUF_INIT;
		seat_text(s->game.v, &mine, p[i].seat, &who);
		reply(s, "  %c %-12s %s\n", s->game.v->power[p[i].seat].letter, who.buf, p[i].email);
		strbuf_release(&who);
	}
	free(p);
}
