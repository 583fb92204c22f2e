/*
 * standing.c - STANDING: a seat's standing instructions, which last across
 * phases until it changes them and are handed to the rules at every
 * adjudication beside the phase's orders (what they mean is the
 * variant's: RULES.md).
 *
 *   STANDING              the lines up to ENDSTANDING replace the seat's
 *   ...                   instructions (as a set: one rejected line and
 *   ENDSTANDING           none is stored); "<power>:" lines as in orders
 *   STANDING LIST         what is stored
 *   STANDING CLEAR        remove them all
 *
 * They are private to the seat until used.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "judge/db.h"
#include "judge/mailcmd.h"
#include "judge/session_orders.h"

static void list(struct session *s)
{
	sqlite3_stmt *st = db_prepare(s->db, "SELECT power, text FROM standing WHERE game = ? ORDER BY power");
	int n = 0;

	sqlite3_bind_text(st, 1, s->game.name, -1, SQLITE_TRANSIENT);
	while (sqlite3_step(st) == SQLITE_ROW) {
		int w = sqlite3_column_int(st, 0);
		if (!pset_has(&s->powers, w))
			continue;
		reply(s, "%sStanding instructions of %s:\n%s", n++ ? "\n" : "", s->game.v->power[w].name,
		      (const char *)sqlite3_column_text(st, 1));
	}
	sqlite3_finalize(st);
	if (!n)
		reply(s, "You have no standing instructions.\n");
}

static void clear(struct session *s)
{
	for (int w = 0; w < s->game.v->npowers; w++)
		if (pset_has(&s->powers, w))
			db_run(s->db, "DELETE FROM standing WHERE game = ? AND power = ?", "ti",
			       s->game.name, (long long)w);
	reply(s, "Your standing instructions are removed.\n");
}

/* The lines up to ENDSTANDING (or the end of the mail). */
static int read_block(struct session *s, struct strbuf *text)
{
	struct strbuf line = STRBUF_INIT;
	int ended = 0;

	while (session_next_line(s, &line)) {
		char *l = str_trim(line.buf);
		if (!strcasecmp(l, "ENDSTANDING")) {
			ended = 1;
			break;
		}
		strbuf_addf(text, "%s\n", l);
	}
	strbuf_release(&line);
	return ended;
}

static void set(struct session *s)
{
	struct game *g = &s->game;
	struct strbuf text = STRBUF_INIT, echo = STRBUF_INIT;
	int ended = read_block(s, &text), rejected;

	if (!ended)
		reply(s, "(no ENDSTANDING: the instructions ran to the end of your mail)\n");
	if (!g->vs.pos || !status_in_play(g->status)) {
		reply(s, "Game %s is %s: no standing instructions are taken now.\n", g->name,
		      status_name(g->status));
		strbuf_release(&text);
		return;
	}
	rejected = session_store(s, 1, text.buf, &echo);
	reply(s, "Standing instructions for %s:\n%s", seat_name(g, s->seat), echo.buf);
	if (rejected > 0)
		reply(s, "\n%d line%s rejected, so NONE were stored; your earlier standing\n"
		      "instructions stand.\n", rejected, rejected == 1 ? " was" : "s were");
	else if (rejected < 0)
		reply(s, "\nThe block was empty; nothing was stored (STANDING CLEAR removes them).\n");
	else
		reply(s, "\nThese replace your standing instructions; they apply from the next\n"
		      "adjudication until you change them (STANDING CLEAR removes them).\n");
	strbuf_release(&text);
	strbuf_release(&echo);
}

void mailcmd_standing(struct session *s, const char *args)
{
	if (!variant_has_standing(s->game.v)) {
		reply(s, "%s has no standing instructions.\n", s->game.v->name);
		struct strbuf skip = STRBUF_INIT;
		if (!*args)
			read_block(s, &skip);
		strbuf_release(&skip);
	} else if (!strcasecmp(args, "LIST")) {
		list(s);
	} else if (!strcasecmp(args, "CLEAR")) {
		clear(s);
	} else if (!*args) {
		set(s);
	} else {
		reply(s, "STANDING takes nothing (then lines up to ENDSTANDING), LIST or CLEAR.\n");
	}
}
