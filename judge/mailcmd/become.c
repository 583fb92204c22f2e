/*
 * become.c - BECOME <power> (master): for the rest of the mail the master
 * acts as the seat commanding power: its order lines are that seat's
 * orders (for a player who cannot send them, as njudge's BECOME).  The
 * master stays who they are: the seat's password is not needed or
 * changed, and the lines are logged in the master's log (session.c).
 */
#include <stdio.h>

#include "judge/mailcmd.h"
#include "judge/powerlist.h"

void mailcmd_become(struct session *s, const char *args)
{
	char letters[VARIANT_MAX_POWERS + 1], why[160];
	struct game *g = &s->game;
	int n = powerlist_parse(g->v, args, letters, NULL, why, sizeof why);

	if (n != 1) {
		reply(s, "%s.\n", n < 0 ? why : "BECOME names one power: BECOME Rome (or BECOME R)");
		return;
	}
	if (!status_in_play(g->status) || !g->vs.pos) {
		reply(s, "Game %s is %s: there are no orders to give.\n", g->name, status_name(g->status));
		return;
	}
	int seat = seat_of_power(s->db, g->name, variant_power_by_letter(g->v, letters[0]));
	struct strbuf who = STRBUF_INIT;
	s->seat = seat;
	s->became = 1;
	s->powers = seat_powers(s->db, g->name, seat);
	seat_text(g->v, &s->powers, seat, &who);
	reply(s, "For the rest of this mail you act as %s in %s: its lines are\n"
	      "that seat's orders.\n", who.buf, g->name);
	strbuf_release(&who);
}
