/*
 * eject.c - EJECT <power> (master): the player of the seat commanding
 * power leaves the game, as if resigned; the seat is vacant and can be
 * taken over (takeover.c).  The power stays on the board and follows the
 * rules for missing orders, and shares a draw as a power without a player.
 */
#include <stdio.h>

#include "judge/db.h"
#include "judge/mailcmd.h"
#include "judge/outbox.h"
#include "judge/game_mail.h"
#include "judge/powerlist.h"

void mailcmd_eject(struct session *s, const char *args)
{
	char letters[VARIANT_MAX_POWERS + 1], why[160], subject[128];
	struct game *g = &s->game;
	struct strbuf text = STRBUF_INIT, who = STRBUF_INIT;
	int n = powerlist_parse(g->v, args, letters, NULL, why, sizeof why);

	if (n != 1) {
		reply(s, "%s.\n", n < 0 ? why : "EJECT names one power: EJECT Rome (or EJECT R)");
		return;
	}
	if (!status_in_play(g->status)) {
		reply(s, "Game %s is %s: nobody can be ejected.\n", g->name, status_name(g->status));
		return;
	}
	int seat = seat_of_power(s->db, g->name, variant_power_by_letter(g->v, letters[0]));
	char email[256] = "";
	db_text(s->db, "SELECT email FROM players WHERE game = ? AND seat = ? AND resigned = 0", "ti",
	        email, sizeof email, g->name, (long long)seat);
	if (!email[0]) {
		reply(s, "Nobody plays %s in %s now.\n", seat_name(g, seat), g->name);
		return;
	}
	db_run(s->db, "UPDATE players SET resigned = 1, wait = 0, left_how = 'ejected', left_phase = ?"
	       " WHERE game = ? AND email = ?", "itt", (long long)g->phase_no, g->name, email);
	struct power_set mine = seat_powers(s->db, g->name, seat);
	for (int w = 0; w < g->v->npowers; w++)
		if (pset_has(&mine, w))
			db_run(s->db, "DELETE FROM orders WHERE game = ? AND phase_no = ? AND power = ?", "tii",
			       g->name, (long long)g->phase_no, (long long)w);
	seat_text(g->v, &mine, seat, &who);
	reply(s, "%s (%s) is ejected from %s; the seat is vacant.\n", who.buf, email, g->name);
	strbuf_addf(&text, "The master of %s has ejected the player of %s. %s\n"
	            "follows the rules for missing orders until a new player takes it over\n"
	            "(SIGNON %c%s <password>, which the master approves).\n", g->name, who.buf,
	            who.buf, g->v->power[seat].letter, g->name);
	snprintf(subject, sizeof subject, "Game %s: %s ejected", g->name, seat_name(g, seat));
	game_mail_all(s->db, s->cfg, g, s->now, subject, text.buf, NULL, 0);
	/* the one ejected is told, and that is the last of the game they get
	 * unless they observe it (game_recipients) */
	if (!db_int(s->db, "SELECT 1 FROM observers WHERE game = ? AND email = ?", "tt", 0, g->name, email)) {
		strbuf_addf(&text, "\nYou will receive nothing more of %s (OBSERVE %s to follow it).\n",
		            g->name, g->name);
		outbox_queue_raw(s->db, s->cfg, s->now, email, subject, text.buf);
	}
	strbuf_release(&text);
	strbuf_release(&who);
}
