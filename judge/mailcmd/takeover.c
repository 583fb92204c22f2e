/*
 * takeover.c - the mail's two halves of taking over a vacant seat (the
 * records are judge/takeover.c's): the new player's request, made by
 * signing on for the seat (takeover_ask, called by SIGNON), and the
 * master's TAKEOVER <power> [<address> [<password>]], which approves the
 * latest request (or that address's) or puts someone in directly.
 *
 * The new player gets a row of their own in players; the one who left
 * keeps theirs (resigned, with how they left), so the game's summary
 * names everyone who played the seat.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "judge/db.h"
#include "judge/guard.h"
#include "judge/mailcmd.h"
#include "judge/outbox.h"
#include "judge/game_mail.h"
#include "judge/powerlist.h"
#include "judge/takeover.h"

void takeover_ask(struct session *s, int seat, const char *pw)
{
	char hash[160], why[160], subject[128];
	struct strbuf text = STRBUF_INIT;
	const struct game *g = &s->game;

	if (!password_ok(pw, s->cfg->min_password, why, sizeof why)) {
		reply(s, "%s has no player; to take it over, sign on with a password you\n"
		      "choose: %s.\n", seat_name(g, seat), why);
		return;
	}
	password_hash(pw, hash, sizeof hash);
	db_run(s->db, "INSERT INTO takeovers (game, seat, email, pw, asked) VALUES (?, ?, ?, ?, ?)"
	       " ON CONFLICT (game, seat, email) DO UPDATE SET pw = excluded.pw,"
	       " asked = excluded.asked", "titti",
	       g->name, (long long)seat, s->from, hash, s->now);
	reply(s, "%s has no player now. Your request to take it over has gone to the\n"
	      "master of %s; once approved, sign on with this password.\n"
	      "Nothing after this line was read.\n", seat_name(g, seat), g->name);
	strbuf_addf(&text, "In game %s, %s asks to take over %s, which has no\nplayer. "
	            "To approve, send TAKEOVER %c after SIGNON M%s.\n", g->name, s->from,
	            seat_name(g, seat), g->v->power[seat].letter, g->name);
	snprintf(subject, sizeof subject, "Game %s: %s asks to take over %s", g->name, s->from,
	         seat_name(g, seat));
	outbox_queue(s->db, s->cfg, s->now, g->master_email, subject, text.buf, NULL);
	strbuf_release(&text);
}

/* Seat email (password hash pw) in seat; tell them and everyone. */
static void seat_player(struct session *s, int seat, const char *email, const char *pw)
{
	struct game *g = &s->game;
	struct strbuf text = STRBUF_INIT, who = STRBUF_INIT;
	char subject[128];

	if (db_int(s->db, "SELECT 1 FROM players WHERE game = ? AND email = ? AND resigned = 0"
	           " AND seat >= 0", "tt", 0, g->name, email)) {
		reply(s, "%s already plays a power in %s.\n", email, g->name);
		return;
	}
	/* a player who left this game before comes back in their own row */
	db_run(s->db, "INSERT INTO players (game, email, seat, pw, joined) VALUES (?, ?, ?, ?, ?)"
	       " ON CONFLICT (game, email) DO UPDATE SET seat = excluded.seat, pw = excluded.pw,"
	       " resigned = 0, left_how = NULL, left_phase = NULL, late_run = 0, wait = 0, draw = 0, concede = -1",
	       "ttiti", g->name, email, (long long)seat, pw, s->now);
	db_run(s->db, "DELETE FROM takeovers WHERE game = ? AND seat = ?", "ti", g->name, (long long)seat);
	struct power_set mine = seat_powers(s->db, g->name, seat);
	seat_text(g->v, &mine, seat, &who);
	reply(s, "%s now plays %s in %s.\n", email, who.buf, g->name);
	strbuf_addf(&text, "In game %s, %s now plays %s, which had no player.\n"
	            "They sign on with SIGNON %c%s <password>.\n", g->name, email, who.buf,
	            g->v->power[seat].letter, g->name);
	snprintf(subject, sizeof subject, "Game %s: %s has a new player", g->name, seat_name(g, seat));
	game_mail_all(s->db, s->cfg, g, s->now, subject, text.buf, NULL, 0);
	/* the request it approves may have been forged in email's name: its
	 * owner can undo the seat as any other role given by another's mail */
	char code[GUARD_CODE_SIZE];
	guard_bind(s, email, g->name, "player", code);
	strbuf_reset(&text);
	strbuf_addf(&text, "The master of game %s has made %s the player of %s.\n"
	            "If you did not ask for it, answer with the line\n"
	            "  REFUSE %s\n"
	            "and it is undone.\n", g->name, email, who.buf, code);
	snprintf(subject, sizeof subject, "Game %s: you play %s", g->name, seat_name(g, seat));
	outbox_queue(s->db, s->cfg, s->now, email, subject, text.buf, NULL);
	strbuf_release(&text);
	strbuf_release(&who);
}

void mailcmd_takeover(struct session *s, const char *args)
{
	char *copy = xstrdup(args), *w[4], letters[VARIANT_MAX_POWERS + 1], why[160];
	struct game *g = &s->game;
	int n = str_split(copy, w, 4);

	int k = n ? powerlist_parse(g->v, w[0], letters, NULL, why, sizeof why) : 0;

	if (n < 1 || n > 3 || k != 1) {
		if (k < 0)
			reply(s, "%s.\n", why);
		else
			reply(s, "TAKEOVER <power> approves the latest request for a vacant power,\n"
			      "TAKEOVER <power> <address> the request of that address;\n"
			      "TAKEOVER <power> <address> <password> puts someone in it.\n");
		free(copy);
		return;
	}
	int seat = seat_of_power(s->db, g->name, variant_power_by_letter(g->v, letters[0]));
	if (!status_in_play(g->status) || !takeover_vacant(s->db, g, seat)) {
		reply(s, "%s is not vacant in %s (game %s).\n", seat_name(g, seat), g->name,
		      status_name(g->status));
		free(copy);
		return;
	}
	if (n == 3) {
		char hash[160];
		if (!strchr(w[1], '@') || !password_ok(w[2], s->cfg->min_password, why, sizeof why)) {
			reply(s, "TAKEOVER %s <address> <password>: %s.\n", w[0],
			      strchr(w[1], '@') ? why : "the second word is the new player's address");
		} else {
			password_hash(w[2], hash, sizeof hash);
			seat_player(s, seat, w[1], hash);
		}
		free(copy);
		return;
	}
	char email[256] = "", pw[160] = "";
	if (n == 2)
		db_text(s->db, "SELECT email FROM takeovers WHERE game = ? AND seat = ? AND email = ?"
		        " COLLATE NOCASE", "tit", email, sizeof email, g->name, (long long)seat, w[1]);
	else
		db_text(s->db, "SELECT email FROM takeovers WHERE game = ? AND seat = ?"
		        " ORDER BY asked DESC, rowid DESC", "ti", email, sizeof email, g->name,
		        (long long)seat);
	db_text(s->db, "SELECT pw FROM takeovers WHERE game = ? AND seat = ? AND email = ?", "tit",
	        pw, sizeof pw, g->name, (long long)seat, email);
	if (!email[0])
		reply(s, "%s has not asked to take over %s; TAKEOVER %s <address> <password>\n"
		      "puts someone in it.\n", n == 2 ? w[1] : "Nobody", seat_name(g, seat), w[0]);
	else
		seat_player(s, seat, email, pw);
	free(copy);
}
