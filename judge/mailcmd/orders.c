/*
 * orders.c - ORDERS: what the Judge holds for the seat now, mailed back:
 * the orders stored for this phase, power by power, the seat's standing
 * instructions, and what only the seat may see (the diceless hand).
 *
 * A player who is not sure an earlier mail arrived, or which of two sets
 * is the one in force, asks for this instead of sending everything again.
 * The orders are shown in the canonical form the Judge keeps, which is
 * what adjudication will read.
 */
#include <stdio.h>
#include <stdlib.h>

#include "judge/db.h"
#include "judge/mailcmd.h"

void mailcmd_orders(struct session *s, const char *args)
{
	struct game *g = &s->game;
	struct strbuf priv = STRBUF_INIT;
	sqlite3_stmt *st;

	(void)args;
	if (!g->vs.pos || !status_in_play(g->status)) {
		reply(s, "Game %s is %s: there are no orders to show.\n", g->name, status_name(g->status));
		return;
	}
	reply(s, "Game %s, %s.\n", g->name, g->vs.phase.name);
	for (int w = 0; w < g->v->npowers; w++) {
		if (!pset_has(&s->powers, w))
			continue;
		st = db_prepare(s->db, "SELECT text FROM orders WHERE game = ? AND phase_no = ? AND power = ?");
		sqlite3_bind_text(st, 1, g->name, -1, SQLITE_TRANSIENT);
		sqlite3_bind_int64(st, 2, g->phase_no);
		sqlite3_bind_int(st, 3, w);
		if (sqlite3_step(st) == SQLITE_ROW) {
			const char *text = (const char *)sqlite3_column_text(st, 0);
			reply(s, "\nOrders of %s for this phase:\n%s", g->v->power[w].name,
			      text && *text ? "" : "  (PASS)\n");
			for (const char *t = text ? text : "", *line; ; ) {
				size_t len;
				if (!str_next_line(&t, &line, &len))
					break;
				reply(s, "  %.*s\n", (int)len, line);
			}
		} else if (pset_has(&g->vs.phase.may, w)) {
			reply(s, "\n%s has no orders for this phase yet.\n", g->v->power[w].name);
		} else {
			reply(s, "\n%s has nothing to order in this phase.\n", g->v->power[w].name);
		}
		sqlite3_finalize(st);
		st = db_prepare(s->db, "SELECT text FROM standing WHERE game = ? AND power = ?");
		sqlite3_bind_text(st, 1, g->name, -1, SQLITE_TRANSIENT);
		sqlite3_bind_int(st, 2, w);
		if (sqlite3_step(st) == SQLITE_ROW)
			reply(s, "Standing instructions of %s:\n%s", g->v->power[w].name,
			      (const char *)sqlite3_column_text(st, 0));
		sqlite3_finalize(st);
		strbuf_reset(&priv);
		variant_private(&g->vs, w, &priv);
		if (priv.len)
			reply(s, "Only for %s:\n%s", g->v->power[w].name, priv.buf);
	}
	strbuf_release(&priv);
}
