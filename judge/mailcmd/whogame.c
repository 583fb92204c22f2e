/*
 * whogame.c - WHOGAME <game>: the players and their addresses.
 *
 * Addresses are public in play-by-email Diplomacy (negotiation happens
 * off the Judge), so anyone may ask.  Each seat is named by all the powers
 * it commands (seat_text), since one player may hold several.
 */
#include <stdio.h>
#include <stdlib.h>

#include "judge/mailcmd.h"

void mailcmd_whogame(struct session *s, const char *args)
{
	char name[64];
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
	if (session_load_game(s, name, &g))
		return;
	n = players_load(s->db, g.name, &p);
	reply(s, "Game %s (%s), master %s:\n", g.name, g.v->name, g.master_email);
	for (int i = 0; i < n; i++) {
		struct power_set mine = seat_powers(s->db, g.name, p[i].seat);
		struct strbuf who = STRBUF_INIT;
		if (p[i].seat != SEAT_NONE)
			seat_text(g.v, &mine, p[i].seat, &who);
		reply(s, "  %-12s %s%s%s%s\n", p[i].seat != SEAT_NONE ? who.buf : "(to be assigned)",
		      p[i].email, p[i].resigned ? " (" : "",
		      p[i].resigned ? (p[i].left[0] ? p[i].left : "resigned") : "",
		      p[i].resigned ? ")" : "");
		strbuf_release(&who);
	}
	if (!n)
		reply(s, "  nobody has joined yet\n");
	free(p);
	game_free(&g);
}
