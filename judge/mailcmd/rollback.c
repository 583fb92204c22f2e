/*
 * rollback.c - ROLLBACK (master): undo the last processed phase.  The
 * game goes back to the position stored before it (its history row),
 * the phase is played again with the orders it had (players may change
 * them; they stand for the deadline but do not count as "all in", so the
 * phase waits for its deadline or for orders given since) and a fresh seed, whose hash goes out again; the orders given
 * since are dropped, a finished game is played on.
 *
 * Nothing is thrown away: the undone history row moves to
 * history_superseded, marked with the time, with the standing
 * instructions it used, so the record shows what was undone; history
 * keeps only the rows in force, which is what `judge replay` follows.
 * What the phase did to its players' lateness is undone too (their
 * counts, and the seats it abandoned unless taken over since:
 * lateness_undo), its record kept the same way.  Everyone who follows
 * the game is told.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "judge/db.h"
#include "judge/lateness.h"
#include "judge/mailcmd.h"
#include "judge/game_mail.h"
#include "judge/phase.h"

/* Move the history row of phase_no of game (and its standing
 * instructions used) aside, marked superseded at now. */
static void supersede(sqlite3 *db, const char *game, int phase_no, long long now)
{
	db_run(db, "INSERT INTO history_superseded (game, phase_no, phase_name, state, seed, report,"
	       " adjudicated, superseded, standing) SELECT game, phase_no, phase_name, state, seed,"
	       " report, adjudicated, ?, (SELECT group_concat(power || ':' || text, char(10))"
	       " FROM standing_used u WHERE u.game = h.game AND u.phase_no = h.phase_no)"
	       " FROM history h WHERE game = ? AND phase_no = ?", "iti", now, game, (long long)phase_no);
	db_run(db, "DELETE FROM history WHERE game = ? AND phase_no = ?", "ti", game, (long long)phase_no);
	db_run(db, "DELETE FROM standing_used WHERE game = ? AND phase_no = ?", "ti", game,
	       (long long)phase_no);
}

void mailcmd_rollback(struct session *s, const char *args)
{
	struct game *g = &s->game;
	int last = (int)db_int(s->db, "SELECT max(phase_no) FROM history WHERE game = ?", "t", -1, g->name);
	char name[128] = "", subject[160];
	struct strbuf text = STRBUF_INIT, back = STRBUF_INIT, kept = STRBUF_INIT;
	sqlite3_stmt *st;

	(void)args;
	if (g->status == GS_TERMINATED || g->status == GS_FORMING || g->status == GS_SUSPENDED) {
		reply(s, "Game %s is %s: it cannot be rolled back.\n", g->name, status_name(g->status));
		return;
	}
	if (last < 0) {
		reply(s, "No phase of %s has been processed: there is nothing to roll back.\n", g->name);
		return;
	}
	/* the move first, in memory: refused, it leaves nothing changed; a
	 * position that does not read back below reloads the game */
	int finished = g->status == GS_FINISHED;
	if (finished && game_transition(g, GS_ACTIVE, s->now)) {
		reply(s, "%s.\n", fail_text());
		return;
	}
	st = db_prepare(s->db, "SELECT phase_name, state FROM history WHERE game = ? AND phase_no = ?");
	sqlite3_bind_text(st, 1, g->name, -1, SQLITE_TRANSIENT);
	sqlite3_bind_int(st, 2, last);
	char *state = NULL;
	if (sqlite3_step(st) == SQLITE_ROW) {
		snprintf(name, sizeof name, "%s", (const char *)sqlite3_column_text(st, 0));
		state = xstrdup((const char *)sqlite3_column_text(st, 1));
	}
	sqlite3_finalize(st);
	if (!state || game_set_state(g, state)) {
		/* the stored row does not read back: change nothing */
		reply(s, "The position before %s does not read back (%s); nothing was changed.\n",
		      name, state ? fail_text() : "missing");
		game_free(g);
		/* back to the stored game; one that no longer loads is no
		 * longer signed on to (its memory is gone with game_free) */
		if (session_load_game(s, g->name, g))
			s->signed_on = 0;
		return;
	}
	supersede(s->db, g->name, last, s->now);
	lateness_undo(s->db, s->cfg, g, last, s->now, &back, &kept);
	db_run(s->db, "DELETE FROM orders WHERE game = ? AND phase_no > ?", "ti", g->name, (long long)last);
	/* the orders that stand are dated before the rollback, however fast
	 * it came: they are used at the deadline but do not make the phase
	 * "all in" (phase_ready), or the next run would replay it at once */
	db_run(s->db, "UPDATE orders SET received = min(received, ?) WHERE game = ? AND phase_no = ?",
	       "iti", s->now - 1, g->name, (long long)last);
	db_run(s->db, "UPDATE players SET wait = 0, draw = 0, draw_with = '', concede = -1"
	       " WHERE game = ?", "t", g->name);
	db_run(s->db, "UPDATE games SET late_told = -1 WHERE name = ?", "t", g->name);
	if (finished) {
		free(g->result);
		g->result = NULL;
	}
	g->phase_no = last;
	/* a fresh seed: the one revealed with the undone results is known */
	seed_new(g->seed);
	seed_new(g->next_seed);
	g->reminded = -1;
	if (g->status == GS_PAUSED)
		g->paused_left = phase_deadline(s->db, g, s->now) - s->now;
	else
		g->deadline = phase_deadline(s->db, g, s->now);
	game_save(s->db, g);

	/* a sentence a line: the mail's wrapper folds a long one where it
	 * must, which a break written mid-sentence would meet */
	strbuf_addf(&text, "The master of %s has rolled the game back.\n"
	            "The results of %s are withdrawn, and the phase is played again from the"
	            " position before it.\n"
	            "The orders given for it stand until changed; orders given since are gone.\n\n",
	            g->name, name);
	if (back.len)
		strbuf_addf(&text, "%s\n", back.buf);
	variant_status(&g->vs, &text);
	phase_next_text(g, &text);
	snprintf(subject, sizeof subject, "Game %s: rolled back to %s", g->name, name);
	game_mail_all(s->db, s->cfg, g, s->now, subject, text.buf, NULL, 1);
	strbuf_release(&text);
	strbuf_release(&back);
	reply(s, "Game %s is back at %s; everyone has been told.\n%s", g->name, name, kept.buf);
	strbuf_release(&kept);
}
