/*
 * clear.c - CLEAR: withdraw every order the seat has stored for this
 * phase (njudge's CLEAR), so that its units follow the rules for missing
 * orders unless new ones come.  Order lines before CLEAR in the same mail
 * are stored first and withdrawn with the rest; lines after it are new
 * orders.  Standing instructions are not touched: STANDING CLEAR is theirs.
 */
#include "judge/db.h"
#include "judge/mailcmd.h"

void mailcmd_clear(struct session *s, const char *args)
{
	struct game *g = &s->game;
	int n = 0;

	(void)args;
	if (!g->vs.pos || !status_in_play(g->status)) {
		reply(s, "Game %s is %s: there are no orders to withdraw.\n", g->name, status_name(g->status));
		return;
	}
	for (int w = 0; w < g->v->npowers; w++) {
		if (!pset_has(&s->powers, w))
			continue;
		if (db_int(s->db, "SELECT 1 FROM orders WHERE game = ? AND phase_no = ? AND power = ?",
		           "tii", 0, g->name, (long long)g->phase_no, (long long)w)) {
			db_run(s->db, "DELETE FROM orders WHERE game = ? AND phase_no = ? AND power = ?", "tii",
			       g->name, (long long)g->phase_no, (long long)w);
			reply(s, "The orders of %s for %s are withdrawn.\n", g->v->power[w].name, g->vs.phase.name);
			n++;
		}
	}
	if (!n)
		reply(s, "You had no orders stored for %s.\n", g->vs.phase.name);
}
