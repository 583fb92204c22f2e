/*
 * session.c - reading one message's commands (see session.h).
 *
 * One loop reads the mail line by line and hands each line to its command
 * or, for a signed-on seat, to the orders collected so far; the checks
 * every command needs (signed on, master or player, authentic, the
 * per-mail limits) are applied here from the command's table row, so no
 * command repeats them.  Orders are checked and stored as a set when they
 * end, so a typo never leaves a seat half-ordered.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "judge/db.h"
#include "judge/guard.h"
#include "judge/mailcmd.h"
#include "judge/masterlog.h"
#include "judge/phase.h"
#include "judge/session.h"

int reply_full(const struct session *s)
{
	return s->cfg->max_reply_bytes > 0 && s->reply.len > (size_t)s->cfg->max_reply_bytes;
}

void reply(struct session *s, const char *fmt, ...)
{
	va_list ap;

	/* outbox_reply cuts the reply at max_reply_bytes (with its note), so
	 * text beyond would only cost memory: thousands of HISTORY lines
	 * once made gigabytes of it */
	if (reply_full(s))
		return;
	va_start(ap, fmt);
	strbuf_vaddf(&s->reply, fmt, ap);
	va_end(ap);
}

const char *seat_name(const struct game *g, int seat)
{
	if (seat == SEAT_MASTER)
		return "Master";
	if (seat >= 0 && seat < g->v->npowers)
		return g->v->power[seat].name;
	return "?";
}

int session_load_game(struct session *s, const char *name, struct game *g)
{
	char key[GAME_NAME_MAX + 1];
	int rc = game_name_ok(name, key) ? game_load(s->db, key, g) : 1;

	if (rc > 0) {
		reply(s, "There is no game '%s'. LIST shows the games.\n", name);
		return 1;
	}
	if (rc < 0) {
		fprintf(stderr, "judge: game %s: %s\n", key, fail_text());
		s->fault = s->done = 1;
		return -1;
	}
	if (game_suspend_damaged(s->db, s->cfg, g, s->now))
		reply(s, "Game %s is suspended: its stored position is damaged (%s).\n"
		      "Its master and the Judge's admin have been told; nothing in it can change\n"
		      "until it is repaired.\n", g->name, g->fault ? g->fault : "?");
	return 0;
}

int session_next_line(struct session *s, struct strbuf *line)
{
	const char *l;
	size_t len;

	if (!s->rest || s->rest >= s->end)
		return 0;
	if (++s->nlines > s->cfg->max_lines) {
		reply(s, "\n(The Judge reads at most %ld lines of one mail; the rest was ignored.)\n",
		      s->cfg->max_lines);
		s->rest = NULL;
		return 0;
	}
	mem_next_line(&s->rest, s->end, &l, &len);
	strbuf_reset(line);
	strbuf_add(line, l, len);
	return 1;
}

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
	struct strbuf t = STRBUF_INIT;

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
			while (str_next_line(&rest, &line, &len))
				reply(s, "  %.*s\n", (int)len, line);
		}
	}
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

/* A line that is the start of a reply quote or a greeting is not worth an
 * error: only lines that look like commands or orders are answered. */
static int is_noise(const char *line, size_t len)
{
	return len == 0 || line[0] == '>' || (len >= 3 && !strncasecmp(line, "end", 3) && len == 3);
}

int session_run(struct session *s, const char *body)
{
	struct strbuf line = STRBUF_INIT;

	s->rest = body;
	s->end = body + strlen(body);
	while (!s->done && session_next_line(s, &line)) {
		char *l = line.buf, *word_end, *args;
		size_t wlen;
		while (isspace((unsigned char)*l))
			l++;
		size_t len = strlen(l);
		while (len && isspace((unsigned char)l[len - 1]))
			l[--len] = '\0';
		if (is_noise(l, len))
			continue;
		word_end = l;
		while (*word_end && !isspace((unsigned char)*word_end))
			word_end++;
		wlen = (size_t)(word_end - l);
		args = word_end;
		while (isspace((unsigned char)*args))
			args++;
		const struct mailcmd *c = mailcmd_find(l, wlen);
		/* everything the master does is logged, orders given as a
		 * power after BECOME included; SIGNON starts anew */
		int by_master = s->signed_on && (s->seat == SEAT_MASTER || s->became);
		if (by_master && (!c || strcmp(c->name, "SIGNON")) && (c || s->became))
			masterlog_add(s, l);
		if (!c) {
			if (s->signed_on && s->seat != SEAT_MASTER) {
				strbuf_addf(&s->orders, "%s\n", l);
				s->norder_lines++;
			} else if (s->signed_on) {
				reply(s, "\n> %s\nNot a command. The master gives no orders.\n", l);
			} else if (!s->told_unknown++) {
				reply(s, "\n> %s\nNot a command I know, and you are not signed on to a game,\n"
				      "so it cannot be an order. Send HELP for the commands.\n", l);
			} else {
				reply(s, "\n> %s\nIgnored: not a command either.\n", l);
			}
			continue;
		}
		/* a mail's order lines are one set, whatever commands stand
		 * between them (SET WAIT between two orders must not make the
		 * second replace the first); they are stored at SIGNOFF, at a
		 * new SIGNON, at the end, or before a command that reads them,
		 * their echo before that command's, so each reply stays next to
		 * its own echoed line */
		if (c->flags & CMD_ORDERS)
			session_flush_orders(s);
		reply(s, "\n> %s\n", l);
		if (++s->ncommands > s->cfg->max_commands) {
			reply(s, "The Judge carries out at most %ld commands from one mail; this one and\n"
			      "the rest were not read.\n", s->cfg->max_commands);
			s->done = 1;
			continue;
		}
		if ((c->flags & CMD_FILE) && ++s->ngets > s->cfg->max_gets) {
			reply(s, "At most %ld GET and HELP commands are answered per mail.\n", s->cfg->max_gets);
			continue;
		}
		if ((c->flags & CMD_ROLE) && !guard_authentic(s)) {
			s->done = 1;
			continue;
		}
		if (c->need != NEED_NOTHING && !s->signed_on) {
			reply(s, "%s needs you to SIGNON to a game first.\n", c->name);
			continue;
		}
		if (c->need == NEED_POWER && s->seat == SEAT_MASTER) {
			reply(s, "%s is for players, not the master.\n", c->name);
			continue;
		}
		if (c->need == NEED_MASTER && s->seat != SEAT_MASTER) {
			reply(s, "%s is for the game's master only%s.\n", c->name,
			      s->became ? " (after BECOME, sign on again as M)" : "");
			continue;
		}
		if (s->became && c->fn == mailcmd_resign) {
			reply(s, "RESIGN is the player's own word; the master ejects instead (EJECT).\n");
			continue;
		}
		c->fn(s, args);
	}
	session_signoff(s);
	strbuf_release(&line);
	return 0;
}
