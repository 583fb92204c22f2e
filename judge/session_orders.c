/*
 * session_orders.c - the order lines of one mail (see session_orders.h):
 * checked as a set for the signed-on seat, stored, and echoed with the
 * complete set now stored.
 *
 * Apart from the context (session.c) because only the dispatcher and
 * the commands that end or read a seat's orders (SIGNON, SIGNOFF,
 * STANDING) need it, and apart from the dispatcher so that those
 * commands do not call back into the loop that calls them.
 */
#include <stdlib.h>

#include "judge/db.h"
#include "judge/phase.h"
#include "judge/session_orders.h"

/* The orders stored for power in the game's phase now ("" if none),
 * into out. */
static void stored_orders(struct session *s, int power, struct strbuf *out)
{
	sqlite3_stmt *st = db_prepare(s->db, "SELECT text FROM orders WHERE game = ? AND phase_no = ?"
	                              " AND power = ?");

	sqlite3_bind_text(st, 1, s->game.name, -1, SQLITE_TRANSIENT);
	sqlite3_bind_int64(st, 2, s->game.phase_no);
	sqlite3_bind_int(st, 3, power);
	if (sqlite3_step(st) == SQLITE_ROW && sqlite3_column_text(st, 0))
		strbuf_addstr(out, (const char *)sqlite3_column_text(st, 0));
	sqlite3_finalize(st);
}

int session_store(struct session *s, int standing, const char *text, struct strbuf *echo)
{
	struct game *g = &s->game;
	struct strbuf *accepted = xcalloc((size_t)g->v->npowers, sizeof *accepted);
	struct strbuf old = STRBUF_INIT, merged = STRBUF_INIT;
	struct power_set given;
	int rejected;

	for (int w = 0; w < g->v->npowers; w++)
		strbuf_init(&accepted[w]);
	rejected = variant_check(&g->vs, &s->powers, s->seat, standing, text, accepted, &given, echo);
	if (!rejected && pset_empty(&given))
		rejected = -1;
	for (int w = 0; rejected >= 0 && w < g->v->npowers; w++) {
		if (!pset_has(&given, w))
			continue;
		if (standing) {
			/* standing instructions stay a set: one bad line, none */
			if (!rejected)
				db_run(s->db, "INSERT INTO standing (game, power, text, updated) VALUES (?, ?, ?, ?)"
				       " ON CONFLICT (game, power) DO UPDATE SET text = excluded.text,"
				       " updated = excluded.updated", "titi",
				       g->name, (long long)w, accepted[w].buf, s->now);
			continue;
		}
		/* orders: the lines accepted are stored, the rejected ones are
		 * not; a power whose every line was rejected keeps what it had */
		if (rejected && !accepted[w].len)
			continue;
		strbuf_reset(&old);
		strbuf_reset(&merged);
		stored_orders(s, w, &old);
		variant_merge(&g->vs, w, old.buf, accepted[w].buf, &merged);
		db_run(s->db, "INSERT INTO orders (game, phase_no, power, text, received)"
		       " VALUES (?, ?, ?, ?, ?) ON CONFLICT (game, phase_no, power) DO UPDATE"
		       " SET text = excluded.text, received = excluded.received", "tiiti",
		       g->name, (long long)g->phase_no, (long long)w, merged.buf, s->now);
	}
	for (int w = 0; w < g->v->npowers; w++)
		strbuf_release(&accepted[w]);
	free(accepted);
	strbuf_release(&old);
	strbuf_release(&merged);
	return rejected;
}

/* Tell the seat the complete set of orders now stored for each of its
 * powers that may order. */
static void list_stored(struct session *s)
{
	struct game *g = &s->game;
	struct strbuf t = STRBUF_INIT, note = STRBUF_INIT;

	for (int w = 0; w < g->v->npowers; w++) {
		if (!pset_has(&s->powers, w) || !pset_has(&g->vs.phase.may, w))
			continue;
		strbuf_reset(&t);
		int has = db_int(s->db, "SELECT 1 FROM orders WHERE game = ? AND phase_no = ? AND power = ?",
		                 "tii", 0, g->name, (long long)g->phase_no, (long long)w);
		stored_orders(s, w, &t);
		if (!has)
			reply(s, "No orders are stored for %s yet.\n", g->v->power[w].name);
		else if (!t.len)
			reply(s, "Stored for %s: PASS.\n", g->v->power[w].name);
		else {
			reply(s, "Orders now stored for %s:\n", g->v->power[w].name);
			const char *rest = t.buf, *line;
			size_t len;
			struct strbuf named = STRBUF_INIT;
			while (str_next_line(&rest, &line, &len)) {
				strbuf_reset(&named);
				variant_order_named(&g->vs, w, line, len, &named);
				reply(s, "  %s\n", named.buf);
			}
			strbuf_release(&named);
		}
		/* what becomes of the units left out is said of this set, the
		 * one adjudicated, not of the mail that corrected it */
		if (has) {
			strbuf_reset(&note);
			variant_note(&g->vs, w, t.buf, &note);
			if (note.len)
				reply(s, "%s", note.buf);
		}
	}
	strbuf_release(&note);
	strbuf_release(&t);
}

/*
 * The order lines of a mail are checked line by line: an accepted line is
 * stored, a rejected one is not and comes back with the reason, as in
 * njudge.  Where the phase is per unit, a unit's new order replaces its
 * earlier one and the other units keep theirs; else (builds, the diceless
 * placements) the accepted lines replace the stored set.  The reply ends
 * with the complete set now stored.
 */
void session_flush_orders(struct session *s)
{
	struct game *g = &s->game;
	struct strbuf echo = STRBUF_INIT;
	int rejected;

	if (!s->signed_on || !s->norder_lines)
		return;
	s->norder_lines = 0;
	if (s->seat == SEAT_MASTER) {
		reply(s, "\nThe master does not give orders; these lines were ignored:\n%s", s->orders.buf);
		strbuf_reset(&s->orders);
		return;
	}
	if (!status_in_play(g->status) || !g->vs.pos) {
		reply(s, "\nGame %s is %s: no orders are taken now.\n", g->name, status_name(g->status));
		strbuf_reset(&s->orders);
		return;
	}
	int may = 0;
	for (int w = 0; w < g->v->npowers; w++)
		may |= pset_has(&s->powers, w) && pset_has(&g->vs.phase.may, w);
	if (!may) {
		reply(s, "\n%s has nothing to order in %s; these lines were not stored:\n%s",
		      seat_name(g, s->seat), g->vs.phase.name, s->orders.buf);
		strbuf_reset(&s->orders);
		return;
	}
	rejected = session_store(s, 0, s->orders.buf, &echo);
	strbuf_reset(&s->orders);
	struct strbuf who = STRBUF_INIT;
	seat_text(g->v, &s->powers, s->seat, &who);
	reply(s, "\nOrders for %s in %s, %s:\n%s", who.buf, g->name, g->vs.phase.name, echo.buf);
	strbuf_release(&who);
	if (rejected < 0) {
		reply(s, "\nNo orders were given; nothing was stored.\n");
		strbuf_release(&echo);
		return;
	}
	if (rejected > 0)
		reply(s, "\n%d line%s rejected and not stored; the lines accepted were stored.\n",
		      rejected, rejected == 1 ? " was" : "s were");
	else
		reply(s, "\n%s\n", g->vs.phase.per_unit ?
		      "A new order for a unit replaces its earlier one; the other units keep theirs." :
		      "These orders replace any you sent before for this phase.");
	list_stored(s);
	if (phase_ready(s->db, g))
		reply(s, "All orders are in; the phase will be processed at the next run.\n");
	strbuf_release(&echo);
}

void session_signoff(struct session *s)
{
	session_flush_orders(s);
	if (s->signed_on)
		game_free(&s->game);
	s->signed_on = 0;
	s->became = 0;
}
