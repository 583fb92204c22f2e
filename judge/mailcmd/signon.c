/*
 * signon.c - SIGNON: join a forming game ("SIGNON ?game password [prefs]")
 * or the next one forming ("SIGNON ? password", njudge's), or sign on to
 * play a seat ("SIGNON Rgame password", R being the letter
 * of the seat's first power; M is the master), the words after the
 * password read as the mail's next line.  A game starts by itself
 * when its last seat is taken (START starts it earlier, start.c).
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "judge/db.h"
#include "judge/guard.h"
#include "judge/mailcmd.h"
#include "judge/session_orders.h"
#include "judge/outbox.h"
#include "judge/phase.h"
#include "judge/powerlist.h"
#include "judge/settings.h"
#include "judge/takeover.h"

/* SIGNON ?game by a player who has joined it: with the right password,
 * the mail goes on as that player of the forming game (SET PREFERENCE),
 * and preferences on the line replace the ones given before. */
static void rejoin(struct session *s, const struct game *g, const char *pw, const char *prefs)
{
	char stored[160] = "", letters[VARIANT_MAX_POWERS + 1], why[160];

	db_text(s->db, "SELECT pw FROM players WHERE game = ? AND email = ?", "tt", stored,
	        sizeof stored, g->name, s->from);
	if (!password_check(pw, stored)) {
		reply(s, "You have already joined %s, and that is not your password for it.\n"
		      "Nothing after this line was read.\n", g->name);
		s->done = 1;
		return;
	}
	snprintf(s->joined, sizeof s->joined, "%s", g->name);
	s->proven = 1;
	reply(s, "You have already joined %s; it is still forming.\n", g->name);
	if (!*prefs)
		return;
	if (powerlist_parse(g->v, prefs, letters, NULL, why, sizeof why) < 0) {
		reply(s, "%s; your preferences were not changed.\n", why);
		return;
	}
	prefs_store(s, g, letters);
}

static void join(struct session *s, const char *game, const char *pw, const char *prefs)
{
	char hash[160], clean[VARIANT_MAX_POWERS + 1] = "";
	struct game g;
	int n;

	if (session_load_game(s, game, &g))
		return;
	if (g.status != GS_FORMING) {
		reply(s, "Game %s has already started; it takes no new players.\n", g.name);
		game_free(&g);
		return;
	}
	if (db_int(s->db, "SELECT 1 FROM players WHERE game = ? AND email = ?", "tt", 0, g.name, s->from)) {
		rejoin(s, &g, pw, prefs);
		game_free(&g);
		return;
	}
	/* preferences: power names ("Syria Rome") or letters ("SR", "S,R") */
	char why[160];
	if (powerlist_parse(g.v, prefs, clean, NULL, why, sizeof why) < 0)
		reply(s, "%s; preferences ignored.\n", why);
	if (!password_ok(pw, s->cfg->min_password, why, sizeof why)) {
		reply(s, "Cannot join %s: %s.\n", g.name, why);
		game_free(&g);
		return;
	}
	if (!guard_may_join(s, 0)) {
		game_free(&g);
		return;
	}
	int first = guard_new_address(s);
	password_hash(pw, hash, sizeof hash);
	db_run(s->db, "INSERT INTO players (game, email, pw, prefs, joined) VALUES (?, ?, ?, ?, ?)",
	       "tttti", g.name, s->from, hash, clean, s->now);
	guard_bound(s, g.name, "player", first);
	n = (int)db_int(s->db, "SELECT count(*) FROM players WHERE game = ?", "t", 0, g.name);
	reply(s, "You have joined %s (%s), player %d of %d.\n", g.name, g.v->name, n, g.v->max_players);
	/* the rest of this mail is the new player's, as after a later
	 * SIGNON ?game: SET PREFERENCE or TIMEZONE on the next line */
	snprintf(s->joined, sizeof s->joined, "%s", g.name);
	if (n >= g.v->max_players) {
		if (game_start(s->db, s->cfg, &g, s->now))
			reply(s, "The game could not start: %s.\n", fail_text());
		else
			reply(s, "The game is full and has started: see the mail announcing it.\n");
	} else if (n >= g.v->min_players) {
		reply(s, "The game has enough players to start; its master may START it now.\n");
	}
	game_free(&g);
}

/* njudge's "SIGNON ? password": join the next game forming, the oldest
 * one this address has not joined (njudge would make one; here only a
 * master creates a game, so with none forming the sender is told what to
 * write instead). */
static void join_next(struct session *s, const char *pw, const char *prefs)
{
	char name[GAME_NAME_MAX + 1] = "";

	db_text(s->db, "SELECT name FROM games g WHERE status = 'forming' AND NOT EXISTS"
	        " (SELECT 1 FROM players p WHERE p.game = g.name AND p.email = ?)"
	        " ORDER BY created, name LIMIT 1", "t", name, sizeof name, s->from);
	if (!name[0]) {
		reply(s, "No game is forming that you have not joined, so there is none to join.\n"
		      "LIST shows the games; SIGNON ?<game> <password> joins one as it forms,\n"
		      "and CREATE ?<game> <password> starts a new one, with you as its master.\n");
		return;
	}
	reply(s, "The next game forming is %s: you join it.\n", name);
	join(s, name, pw, prefs);
}

/* Sign on as the master of the loaded s->game. */
static void as_master(struct session *s, const char *pw)
{
	if (guard_locked(s, s->game.name, "M", s->game.master_email)) {
		game_free(&s->game);
		return;
	}
	if (!password_check(pw, s->game.master_pw)) {
		reply(s, "Wrong password for the master of %s. Nothing after this line was read.\n",
		      s->game.name);
		guard_failed(s, s->game.name, "M", s->game.master_email);
		game_free(&s->game);
		s->done = 1;
		return;
	}
	guard_passed(s, s->game.name);
	if (password_needs_upgrade(s->game.master_pw)) {
		char hash[160];
		password_hash(pw, hash, sizeof hash);
		db_run(s->db, "UPDATE games SET master_pw = ? WHERE name = ?", "tt", hash, s->game.name);
	}
	s->signed_on = s->proven = 1;
	s->seat = SEAT_MASTER;
	reply(s, "Signed on as master of %s.\n", s->game.name);
}

/* Someone signed on as owner's power from another address: owner hears
 * of it, so that a stolen password does not go unnoticed. */
static void tell_owner(struct session *s, const char *owner, int power)
{
	struct strbuf text = STRBUF_INIT;
	char subject[128], when[64];

	format_time(s->now, when, sizeof when);
	strbuf_addf(&text, "Someone signed on as %s in game %s with your password, from\n"
	            "%s, at %s.  If that was not you, choose a new password\n"
	            "(SET PASSWORD) and tell the game's master.\n",
	            s->game.v->power[power].name, s->game.name, s->from, when);
	snprintf(subject, sizeof subject, "Game %s: signed on from another address", s->game.name);
	outbox_queue(s->db, s->cfg, s->now, owner, subject, text.buf, NULL);
	strbuf_release(&text);
}

/* After a sign-on to a seat, the words after the password ("SIGNON
 * Rgame secret A bru - epi"): njudge players write the mail's first order
 * there, so they are the mail's next line, never dropped unsaid. */
static void rest_of_line(struct session *s, const char *rest)
{
	if (!*rest || !s->signed_on)
		return;
	if (strlen(rest) >= sizeof s->pending) {
		reply(s, "The words after the password are too long to be a line; they were not read.\n");
		return;
	}
	snprintf(s->pending, sizeof s->pending, "%s", rest);
	reply(s, "The words after the password (%s) are read as the mail's next line.\n", rest);
}

/* SIGNON with its words split off in full (w[0] who, w[1] the password,
 * prefs the rest of the line), so that the password is checked as it was
 * written, not a piece of it. */
static void signon(struct session *s, char **w, int n, const char *prefs)
{
	const char *who = n > 0 ? w[0] : "", *pw = n > 1 ? w[1] : "";
	int power, seat;
	struct player *p;

	session_signoff(s);
	s->joined[0] = '\0';
	if (n == 2 && !strcmp(who, "?")) {
		join_next(s, pw, prefs);
		return;
	}
	if (n < 2 || strlen(who) < 2) {
		reply(s, "Usage: SIGNON <letter><game> <password>, or SIGNON ?<game> <password> to join.\n");
		return;
	}
	if (who[0] == '?') {
		join(s, who + 1, pw, prefs);
		return;
	}
	if (session_load_game(s, who + 1, &s->game))
		return;
	if (toupper((unsigned char)who[0]) == 'M') {
		as_master(s, pw);
		rest_of_line(s, prefs);
		return;
	}
	if (s->game.status == GS_FORMING) {
		reply(s, "Game %s is still forming: the powers are dealt when it starts.\n"
		      "Nothing after this line was read.\n", s->game.name);
		game_free(&s->game);
		s->done = 1;
		return;
	}
	power = variant_power_by_letter(s->game.v, who[0]);
	if (power < 0) {
		reply(s, "%s has no power with the letter %c.\n", s->game.v->name, who[0]);
		game_free(&s->game);
		s->done = 1;
		return;
	}
	seat = seat_of_power(s->db, s->game.name, power);
	if (seat != SEAT_NONE && seat != power) {
		reply(s, "In %s, %s is commanded by the seat of %s: sign on with %c%s.\n"
		      "Nothing after this line was read.\n", s->game.name, s->game.v->power[power].name,
		      s->game.v->power[seat].name, s->game.v->power[seat].letter, s->game.name);
		game_free(&s->game);
		s->done = 1;
		return;
	}
	char letter[2] = { s->game.v->power[power].letter, '\0' }, owner[256];
	guard_owner(s, letter, owner, sizeof owner);
	if (guard_locked(s, s->game.name, letter, owner)) {
		game_free(&s->game);
		return;
	}
	if (status_in_play(s->game.status) && takeover_vacant(s->db, &s->game, power)) {
		/* nobody plays it: a sign-on is a request to take it over */
		takeover_ask(s, power, pw);
		game_free(&s->game);
		s->done = 1;
		return;
	}
	n = players_load(s->db, s->game.name, &p);
	for (int i = 0; i < n; i++) {
		if (p[i].seat != power || p[i].resigned)
			continue;
		if (!password_check(pw, p[i].pw))
			continue;
		s->signed_on = s->proven = 1;
		s->seat = power;
		if (password_needs_upgrade(p[i].pw)) {
			char hash[160];
			password_hash(pw, hash, sizeof hash);
			db_run(s->db, "UPDATE players SET pw = ? WHERE game = ? AND email = ?", "ttt",
			       hash, s->game.name, p[i].email);
		}
		if (strcasecmp(p[i].email, s->from))
			tell_owner(s, p[i].email, power);
	}
	free(p);
	if (!s->signed_on) {
		/* the rest of the message would be read as orders for nobody:
		 * better to stop than to answer each line */
		reply(s, "Wrong password for %s in %s, or that power is not yours.\n"
		      "Nothing after this line was read.\n", s->game.v->power[power].name, s->game.name);
		guard_failed(s, s->game.name, letter, owner);
		game_free(&s->game);
		s->done = 1;
		return;
	}
	guard_passed(s, s->game.name);
	s->powers = seat_powers(s->db, s->game.name, s->seat);
	struct strbuf who_text = STRBUF_INIT;
	seat_text(s->game.v, &s->powers, s->seat, &who_text);
	reply(s, "Signed on as %s in %s (%s, %s).\n", who_text.buf, s->game.name,
	      status_name(s->game.status), s->game.vs.pos ? s->game.vs.phase.name : "no phase");
	strbuf_release(&who_text);
	if (!pset_empty(&s->powers) && s->game.vs.pos) {
		int multi = 0;
		for (int w = 0; w < s->game.v->npowers; w++)
			multi += pset_has(&s->powers, w);
		if (multi > 1)
			reply(s, "Your lines are orders for %s until a line \"<power>:\" names another of"
			      " your powers.\n", s->game.v->power[s->seat].name);
	}
	rest_of_line(s, prefs);
}

void mailcmd_signon(struct session *s, const char *args)
{
	char *copy = xstrdup(args), *w[2];
	int n = str_split(copy, w, 2);
	/* the preferences are the rest of the line, after the password */
	const char *prefs = n == 2 ? args + (w[1] - copy) + strlen(w[1]) : "";

	while (isspace((unsigned char)*prefs))
		prefs++;
	signon(s, w, n, prefs);
	free(copy);
}
