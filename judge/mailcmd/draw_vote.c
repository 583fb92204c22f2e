/*
 * draw_vote.c - the votes that end a game by agreement: SET DRAW [powers],
 * SET NODRAW, SET CONCEDE <power>, SET NOCONCEDE (players), and SET DIAS,
 * SET NODIAS (the master).  draw.h says when the votes agree; here they
 * are only checked, stored (for the phase: phase_process clears them) and
 * answered, the answer saying when the game would end.
 */
#include <stdio.h>
#include <string.h>

#include "judge/db.h"
#include "judge/agreement.h"
#include "judge/game_mail.h"
#include "judge/powerlist.h"
#include "judge/settings.h"

/* Say whether the votes stored now would end the game this phase. */
static void tell_agreement(struct session *s)
{
	struct strbuf result = STRBUF_INIT;

	if (draw_agreement(s->db, &s->game, -1, &result) != AGREE_NONE)
		reply(s, "Every player still in the game agrees: unless a vote is withdrawn, the\n"
		      "game ends when this phase is processed (after its orders), a %s.\n",
		      result.buf);
	strbuf_release(&result);
}

/* 0 if the game is in play (votes mean something), else -1, told. */
static int in_play(struct session *s)
{
	if (status_in_play(s->game.status) && s->game.vs.pos)
		return 0;
	reply(s, "Game %s is %s: there is nothing to vote on.\n", s->game.name,
	      status_name(s->game.status));
	return -1;
}

void set_draw(struct session *s, const char *v)
{
	char letters[VARIANT_MAX_POWERS + 1] = "", why[160];
	struct strbuf names = STRBUF_INIT;
	int nodias = draw_nodias(s->db, &s->game);

	if (in_play(s))
		return;
	if (*v && !nodias) {
		reply(s, "Draws in %s include every power still in the game (DIAS): send SET DRAW\n"
		      "alone. Only the master may let draws name their powers (SET NODIAS).\n",
		      s->game.name);
		return;
	}
	if (*v && powerlist_parse(s->game.v, v, letters, NULL, why, sizeof why) < 0) {
		reply(s, "%s; your vote was not recorded.\n", why);
		return;
	}
	for (int i = 0; letters[i]; i++)
		if (!variant_in_game(&s->game.vs, variant_power_by_letter(s->game.v, letters[i]))) {
			reply(s, "%s is out of the game and cannot share a draw; your vote was not\n"
			      "recorded.\n", s->game.v->power[variant_power_by_letter(s->game.v, letters[i])].name);
			return;
		}
	if (nodias && !letters[0])      /* no names: every power still in */
		for (int w = 0, k = 0; w < s->game.v->npowers; w++)
			if (variant_in_game(&s->game.vs, w)) {
				letters[k++] = s->game.v->power[w].letter;
				letters[k] = '\0';
			}
	if (nodias && !letters[1]) {
		reply(s, "A draw needs two powers or more; to give one power the game, SET CONCEDE.\n");
		return;
	}
	/* kept in the variant's order of powers, so that two votes naming the
	 * same powers in another order are the same vote */
	char sorted[VARIANT_MAX_POWERS + 1];
	int k = 0;
	for (int w = 0; w < s->game.v->npowers; w++)
		if (strchr(letters, s->game.v->power[w].letter))
			sorted[k++] = s->game.v->power[w].letter;
	sorted[k] = '\0';
	db_run(s->db, "UPDATE players SET draw = 1, draw_with = ? WHERE game = ? AND seat = ?"
	       " AND resigned = 0", "tti", sorted, s->game.name, (long long)s->seat);
	if (nodias) {
		powerlist_names(s->game.v, sorted, &names);
		reply(s, "You vote for a draw between %s, this phase (the vote is cleared\n"
		      "when the phase is processed). Every player still in must vote for the\n"
		      "same powers.\n", names.buf);
	} else {
		reply(s, "You vote for a draw among all the powers still in the game, this phase\n"
		      "(the vote is cleared when the phase is processed).\n");
	}
	strbuf_release(&names);
	tell_agreement(s);
}

void set_nodraw(struct session *s, const char *v)
{
	(void)v;
	db_run(s->db, "UPDATE players SET draw = 0, draw_with = '' WHERE game = ? AND seat = ?"
	       " AND resigned = 0", "ti", s->game.name, (long long)s->seat);
	reply(s, "You withdraw your vote for a draw.\n");
}

void set_concede(struct session *s, const char *v)
{
	char letters[VARIANT_MAX_POWERS + 1], why[160];
	int n;

	if (in_play(s))
		return;
	if ((n = powerlist_parse(s->game.v, v, letters, NULL, why, sizeof why)) != 1) {
		reply(s, "%s.\n", n < 0 ? why : "SET CONCEDE names one power: SET CONCEDE Rome");
		return;
	}
	int w = variant_power_by_letter(s->game.v, letters[0]);
	if (pset_has(&s->powers, w)) {
		reply(s, "You cannot concede to a power you play.\n");
		return;
	}
	if (!variant_in_game(&s->game.vs, w)) {
		reply(s, "%s is out of the game.\n", s->game.v->power[w].name);
		return;
	}
	db_run(s->db, "UPDATE players SET concede = ? WHERE game = ? AND seat = ? AND resigned = 0",
	       "iti", (long long)w, s->game.name, (long long)s->seat);
	reply(s, "You concede the game to %s, this phase (the vote is cleared when the\n"
	      "phase is processed). Every other player still in must concede to it too.\n",
	      s->game.v->power[w].name);
	tell_agreement(s);
}

void set_noconcede(struct session *s, const char *v)
{
	(void)v;
	db_run(s->db, "UPDATE players SET concede = -1 WHERE game = ? AND seat = ? AND resigned = 0",
	       "ti", s->game.name, (long long)s->seat);
	reply(s, "You withdraw your concession.\n");
}

/* SET DIAS / SET NODIAS: whether draws include every power still in. */
static void set_dias_to(struct session *s, int nodias)
{
	db_run(s->db, "UPDATE games SET nodias = ? WHERE name = ?", "it", (long long)nodias,
	       s->game.name);
	/* votes cast under the other rule mean something else: start again */
	db_run(s->db, "UPDATE players SET draw = 0, draw_with = '' WHERE game = ?", "t", s->game.name);
	reply(s, "%s", nodias ?
	      "Draws in this game now name their powers (NODIAS): SET DRAW <powers>,\n"
	      "and every player still in must name the same ones. Votes so far are cleared.\n" :
	      "Draws in this game now include every power still in it (DIAS). Votes so\n"
	      "far are cleared.\n");
	char subject[96];
	struct strbuf text = STRBUF_INIT;
	snprintf(subject, sizeof subject, "Game %s: draws are now %s", s->game.name,
	         nodias ? "NODIAS" : "DIAS");
	strbuf_addf(&text, "The master of %s has set %s: %s\n", s->game.name,
	            nodias ? "NODIAS" : "DIAS", nodias ?
	            "a draw names its powers (SET DRAW\n<powers>), and passes when every player "
	            "still in names the same ones." :
	            "a draw includes every power still\nin the game, and passes when every player "
	            "still in has voted SET DRAW.");
	game_mail_all(s->db, s->cfg, &s->game, s->now, subject, text.buf, NULL, 0);
	strbuf_release(&text);
}

void set_dias(struct session *s, const char *v)
{
	(void)v;
	set_dias_to(s, 0);
}

void set_nodias(struct session *s, const char *v)
{
	(void)v;
	set_dias_to(s, 1);
}
