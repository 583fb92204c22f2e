/*
 * session.c - the context of the mail commands (see session.h): the
 * reply, the names of seats, reading on for a multi-line command, and
 * loading the game a command names.
 *
 * Nothing here knows a command: the dispatcher (dispatch.c) calls the
 * commands, and they call this, so the arrows run one way.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "judge/db.h"
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
		return SESSION_NO_GAME;
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

	if (s->pending[0]) {
		strbuf_reset(line);
		strbuf_addstr(line, s->pending);
		s->pending[0] = '\0';
		return 1;
	}
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

int session_game_arg(struct session *s, const char *args, struct game *g, const char **rest)
{
	char name[64], key[GAME_NAME_MAX + 1];
	int used = 0, rc;

	if (sscanf(args, "%63s%n", name, &used) == 1 && game_name_ok(name, key) &&
	    db_int(s->db, "SELECT 1 FROM games WHERE name = ?", "t", 0, key)) {
		if ((rc = session_load_game(s, key, g)))
			return rc;
		if (rest)
			*rest = args + used;
		return 0;
	}
	if (s->signed_on) {
		if ((rc = session_load_game(s, s->game.name, g)))
			return rc;
		if (rest)
			*rest = args;
		return 0;
	}
	reply(s, "Which game? Name one, or SIGNON first.\n");
	return SESSION_NO_GAME;
}
