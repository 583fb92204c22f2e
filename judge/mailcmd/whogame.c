/*
 * whogame.c - WHOGAME <game>: the players and their addresses.
 */
#include <stdio.h>
#include <stdlib.h>

#include "judge/mailcmd.h"

MAILCMD(whogame)
{
	char name[64], key[GAME_NAME_MAX + 1], err[200];
	struct game g;
	struct player *p;
	int n;

	if (sscanf(args, "%63s", name) != 1) {
		if (!s->signed_on) {
			reply(s, "WHOGAME needs a game name.\n");
			return;
		}
		snprintf(name, sizeof name, "%s", s->game.name);
	}
	if (!game_name_ok(name, key) || game_load(s->db, key, &g, err, sizeof err)) {
		reply(s, "There is no game '%s'.\n", name);
		return;
	}
	n = players_load(s->db, g.name, &p);
	reply(s, "Game %s (%s), master %s:\n", g.name, g.v->name, g.master_email);
	for (int i = 0; i < n; i++)
		reply(s, "  %-12s %s%s\n", p[i].power >= 0 ? g.v->power[p[i].power].name : "(to be assigned)",
		      p[i].email, p[i].resigned ? " (resigned)" : "");
	if (!n)
		reply(s, "  nobody has joined yet\n");
	free(p);
	game_free(&g);
}
