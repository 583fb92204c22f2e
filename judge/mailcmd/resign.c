/*
 * resign.c - RESIGN: a player leaves; the power stays on the board and
 * follows the rules for missing orders (units hold, retreats disband,
 * builds are waived, removals by distance).
 */
#include "judge/db.h"
#include "judge/mailcmd.h"
#include "judge/game_mail.h"

void mailcmd_resign(struct session *s, const char *args)
{
	struct strbuf text = STRBUF_INIT;
	char subject[96];

	(void)args;
	db_run(s->db, "UPDATE players SET resigned = 1, wait = 0, left_how = 'resigned', left_phase = ?"
	       " WHERE game = ? AND seat = ? AND resigned = 0", "iti", (long long)s->game.phase_no,
	       s->game.name, (long long)s->seat);
	for (int w = 0; w < s->game.v->npowers; w++)
		if (pset_has(&s->powers, w))
			db_run(s->db, "DELETE FROM orders WHERE game = ? AND phase_no = ? AND power = ?", "tii",
			       s->game.name, (long long)s->game.phase_no, (long long)w);
	reply(s, "You have resigned from %s. %s will hold and follow the rules for missing orders.\n"
	      "You will receive nothing more of the game (OBSERVE %s to follow it).\n",
	      s->game.name, seat_name(&s->game, s->seat), s->game.name);
	strbuf_addf(&text, "%s has resigned from game %s.\n", seat_name(&s->game, s->seat), s->game.name);
	snprintf(subject, sizeof subject, "Game %s: %s resigns", s->game.name, seat_name(&s->game, s->seat));
	game_mail_all(s->db, s->cfg, &s->game, s->now, subject, text.buf, NULL, 0);
	strbuf_release(&text);
	s->done = 1;
	game_free(&s->game);
	s->signed_on = 0;
}
