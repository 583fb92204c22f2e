/*
 * list.c - LIST: every game in one line each, or one game in detail.
 *
 * A signed-on sender gets its own game, not the whole list (njudge's
 * habit): after SIGNON that is the game the question is about.  Detail
 * shows only what everyone may know: who has ordered, who waits, which
 * powers have no player, the public status from the variant.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "judge/db.h"
#include "judge/agreement.h"
#include "judge/mailcmd.h"
#include "judge/phase.h"

/* The seats of g nobody plays now (resigned, abandoned, ejected), which
 * a newcomer may ask for. */
static void vacant(struct session *s, const struct game *g)
{
	sqlite3_stmt *st = db_prepare(s->db, "SELECT DISTINCT seat FROM players p WHERE game = ?1"
	                                     " AND seat >= 0 AND NOT EXISTS (SELECT 1 FROM players q"
	                                     " WHERE q.game = ?1 AND q.seat = p.seat AND q.resigned = 0)"
	                                     " ORDER BY seat");
	int k = 0;

	sqlite3_bind_text(st, 1, g->name, -1, SQLITE_TRANSIENT);
	while (sqlite3_step(st) == SQLITE_ROW)
		reply(s, "%s%s", k++ ? ", " : "Without a player: ", seat_name(g, sqlite3_column_int(st, 0)));
	sqlite3_finalize(st);
	if (k)
		reply(s, "\n(SIGNON <letter>%s <password> asks the master to take one over.)\n", g->name);
}

static void list_one(struct session *s, const char *name)
{
	struct game g;
	char when[64];
	int n;

	if (session_load_game(s, name, &g))
		return;
	reply(s, "Game %s: %s, %s. Master: %s. Press: %s.\n", g.name, g.v->name,
	      status_name(g.status), g.master_email, g.press);
	if (draw_nodias(s->db, &g))
		reply(s, "Draws name their powers (NODIAS): SET DRAW <powers>.\n");
	if (g.status == GS_FORMING) {
		n = (int)db_int(s->db, "SELECT count(*) FROM players WHERE game = ?", "t", 0, g.name);
		if (g.v->min_players == g.v->max_players)
			reply(s, "%d of %d players have joined. SIGNON ?%s <password> to join.\n",
			      n, g.v->max_players, g.name);
		else
			reply(s, "%d have joined; it takes %d to %d players. SIGNON ?%s <password> to join.\n",
			      n, g.v->min_players, g.v->max_players, g.name);
	} else {
		if (status_in_play(g.status) && g.vs.pos) {
			format_time(g.deadline, when, sizeof when);
			if (g.status == GS_PAUSED)
				reply(s, "Deadline: paused, %lld hours left\n", g.paused_left / 3600);
			else
				reply(s, "Deadline: %s\n", when);
			if (g.status == GS_ACTIVE && s->now >= g.deadline && s->now < g.deadline + g.grace) {
				format_time(g.deadline + g.grace, when, sizeof when);
				reply(s, "Grace period: the deadline has passed; orders are taken until %s\n", when);
			}
			struct power_set missing = phase_missing(s->db, &g);
			int k = 0;
			reply(s, "Orders in: ");
			for (int w = 0; w < g.v->npowers; w++)
				if (!pset_has(&missing, w) && seat_of_power(s->db, g.name, w) != SEAT_NONE)
					reply(s, "%s%s", k++ ? ", " : "", g.v->power[w].name);
			reply(s, "%s\n", k ? "" : "none yet");
			struct player *p;
			int np = players_load(s->db, g.name, &p), kw = 0;
			for (int i = 0; i < np; i++)
				if (p[i].wait && !p[i].resigned && p[i].seat != SEAT_NONE)
					reply(s, "%s%s", kw++ ? ", " : "Waiting (SET WAIT): ", g.v->power[p[i].seat].name);
			if (kw)
				reply(s, "\n");
			free(p);
			vacant(s, &g);
		}
		if (g.result)
			reply(s, "Result: %s\n", g.result);
		if (g.vs.pos && !reply_full(s))
			variant_status(&g.vs, &s->reply);
	}
	game_free(&g);
}

void mailcmd_list(struct session *s, const char *args)
{
	char name[64];
	sqlite3_stmt *st;
	int n = 0;

	if (sscanf(args, "%63s", name) == 1) {
		list_one(s, name);
		return;
	}
	if (s->signed_on) {     /* signed on: your game, not every game */
		list_one(s, s->game.name);
		return;
	}
	st = db_prepare(s->db, "SELECT name, variant, status FROM games ORDER BY name");
	while (sqlite3_step(st) == SQLITE_ROW) {
		if (!n++)
			reply(s, "%-24s %-12s %s\n", "Game", "Variant", "Status");
		reply(s, "%-24s %-12s %s\n", sqlite3_column_text(st, 0), sqlite3_column_text(st, 1),
		      sqlite3_column_text(st, 2));
	}
	sqlite3_finalize(st);
	if (!n)
		reply(s, "There are no games yet. CREATE ?<name> <password> [variant] starts one.\n");
}
