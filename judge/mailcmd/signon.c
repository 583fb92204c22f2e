/*
 * signon.c - SIGNON: join a forming game ("SIGNON ?game password [prefs]")
 * or sign on to play a power ("SIGNON Rgame password"; M is the master).
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "judge/db.h"
#include "judge/mailcmd.h"
#include "judge/phase.h"

static void join(struct session *s, const char *game, const char *pw, const char *prefs)
{
	char key[GAME_NAME_MAX + 1], err[200], hash[160], clean[64] = "";
	struct game g;
	int n, k = 0;

	if (!game_name_ok(game, key) || game_load(s->db, key, &g, err, sizeof err)) {
		reply(s, "There is no game '%s'. LIST shows the games.\n", game);
		return;
	}
	if (strcmp(g.status, "forming")) {
		reply(s, "Game %s has already started; it takes no new players.\n", key);
		game_free(&g);
		return;
	}
	if (db_int(s->db, "SELECT 1 FROM players WHERE game = ? AND email = ?", "tt", 0, key, s->from)) {
		reply(s, "You have already joined %s.\n", key);
		game_free(&g);
		return;
	}
	for (const char *p = prefs; *p && k < (int)sizeof clean - 1; p++)
		if (isalpha((unsigned char)*p)) {
			if (variant_power_by_letter(g.v, *p) < 0) {
				reply(s, "'%c' is not a power of %s; preferences ignored.\n", *p, g.v->name);
				k = 0;
				break;
			}
			clean[k++] = (char)toupper((unsigned char)*p);
		}
	clean[k] = '\0';
	password_hash(pw, hash, sizeof hash);
	db_run(s->db, "INSERT INTO players (game, email, pw, prefs, joined) VALUES (?, ?, ?, ?, ?)",
	       "tttti", key, s->from, hash, clean, s->now);
	n = (int)db_int(s->db, "SELECT count(*) FROM players WHERE game = ?", "t", 0, key);
	reply(s, "You have joined %s (%s), player %d of %d.\n", key, g.v->name, n, g.v->npowers);
	if (n >= g.v->npowers) {
		game_start(s->db, s->cfg, &g, s->now);
		reply(s, "The game is full and has started: see the mail announcing it.\n");
	}
	game_free(&g);
}

MAILCMD(signon)
{
	char who[64], pw[64], prefs[64] = "", key[GAME_NAME_MAX + 1], err[200];
	int n = sscanf(args, "%63s %63s %63[^\n]", who, pw, prefs), power;
	struct player *p;

	session_signoff(s);
	if (n < 2 || strlen(who) < 2) {
		reply(s, "Usage: SIGNON <letter><game> <password>, or SIGNON ?<game> <password> to join.\n");
		return;
	}
	if (who[0] == '?') {
		join(s, who + 1, pw, prefs);
		return;
	}
	if (!game_name_ok(who + 1, key) || game_load(s->db, key, &s->game, err, sizeof err)) {
		reply(s, "There is no game '%s'. LIST shows the games.\n", who + 1);
		return;
	}
	if (toupper((unsigned char)who[0]) == 'M') {
		if (!password_check(pw, s->game.master_pw)) {
			reply(s, "Wrong password for the master of %s. Nothing after this line was read.\n", key);
			game_free(&s->game);
			s->done = 1;
			return;
		}
		s->signed_on = 1;
		s->power = POWER_MASTER;
		reply(s, "Signed on as master of %s.\n", key);
		return;
	}
	power = variant_power_by_letter(s->game.v, who[0]);
	if (power < 0) {
		reply(s, "%s has no power with the letter %c.\n", s->game.v->name, who[0]);
		game_free(&s->game);
		s->done = 1;
		return;
	}
	n = players_load(s->db, key, &p);
	for (int i = 0; i < n; i++)
		if (p[i].power == power && password_check(pw, p[i].pw) && !p[i].resigned) {
			s->signed_on = 1;
			s->power = power;
		}
	free(p);
	if (!s->signed_on) {
		/* the rest of the message would be read as orders for nobody:
		 * better to stop than to answer each line */
		reply(s, "Wrong password for %s in %s, or that power is not yours.\n"
		      "Nothing after this line was read.\n", s->game.v->power[power].name, key);
		game_free(&s->game);
		s->done = 1;
		return;
	}
	struct strbuf ph = STRBUF_INIT;
	s->game.v->ops->phase_name(s->game.v, s->game.state, &ph);
	reply(s, "Signed on as %s in %s (%s, %s).\n", s->game.v->power[power].name, key,
	      s->game.status, ph.buf);
	strbuf_release(&ph);
}
