/*
 * press.c - PRESS [TO <letters>] and BROADCAST: messages between players,
 * the lines up to ENDPRESS.  White press is signed; in a grey game a
 * player may write "PRESS GREY ..." to send it unsigned; in a game without
 * press only the master may write to the players.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "judge/db.h"
#include "judge/mailcmd.h"
#include "judge/outbox.h"

/* Append line to text without control characters (escape sequences, a
 * bell), which a player could use to dress press up as something else
 * in a reader's terminal; tabs stay. */
static void add_clean(struct strbuf *text, const char *line)
{
	for (const unsigned char *c = (const unsigned char *)line; *c; c++)
		if (*c >= 0x20 ? *c != 0x7f : *c == '\t')
			strbuf_addch(text, *c);
	strbuf_addch(text, '\n');
}

/* Read the lines up to ENDPRESS (or the end of the mail) into text. */
static int read_press(struct session *s, struct strbuf *text)
{
	struct strbuf line = STRBUF_INIT;
	int ended = 0;

	while (session_next_line(s, &line)) {
		char *l = line.buf;
		while (isspace((unsigned char)*l))
			l++;
		if (!strncasecmp(l, "ENDPRESS", 8)) {
			ended = 1;
			break;
		}
		add_clean(text, line.buf);
	}
	strbuf_release(&line);
	return ended;
}

/* to: the powers written to; all: it was written to everyone. */
static void send_press(struct session *s, const struct power_set *to, int all, int grey,
                       const char *text)
{
	struct game *g = &s->game;
	struct player *p;
	int n = players_load(s->db, g->name, &p), sent = 0;
	struct strbuf body = STRBUF_INIT;
	char subject[128];

	/* the press is framed: every line of it starts with "| ", so that
	 * nothing a player writes can pass for a line of the Judge's */
	strbuf_addf(&body, "Press in game %s from %s", g->name, grey ? "someone" : seat_name(g, s->seat));
	strbuf_addstr(&body, ":\n\n");
	for (const char *t = text; *t;) {
		size_t len = strcspn(t, "\n");
		strbuf_addf(&body, "| %.*s\n", (int)len, t);
		t += len + (t[len] == '\n');
	}
	strbuf_addstr(&body, "(end of press)\n");
	snprintf(subject, sizeof subject, "Game %s: press", g->name);
	for (int i = 0; i < n; i++) {
		if (p[i].seat == SEAT_NONE || p[i].seat == s->seat)
			continue;
		struct power_set theirs = seat_powers(s->db, g->name, p[i].seat);
		int hit = 0;
		for (int w = 0; w < g->v->npowers; w++)
			hit |= pset_has(&theirs, w) && pset_has(to, w);
		if (hit) {
			outbox_queue_raw(s->db, s->cfg, s->now, p[i].email, subject, body.buf);
			sent++;
		}
	}
	if (s->seat >= 0 && all)   /* the master sees all broadcasts */
		outbox_queue_raw(s->db, s->cfg, s->now, g->master_email, subject, body.buf), sent++;
	reply(s, "Press sent to %d recipient%s.\n", sent, sent == 1 ? "" : "s");
	db_run(s->db, "INSERT INTO press_log (game, phase_no, seat, sent) VALUES (?, ?, ?, ?)", "tiii",
	       g->name, (long long)g->phase_no, (long long)s->seat, s->now);
	free(p);
	strbuf_release(&body);
}

static void press(struct session *s, const char *args, int broadcast)
{
	struct strbuf text = STRBUF_INIT;
	struct power_set to;
	int grey = 0, all = 1;

	memset(&to, 0xff, sizeof to);
	char word[32];

	while (sscanf(args, "%31s", word) == 1) {
		args = strstr(args, word) + strlen(word);
		if (!strcasecmp(word, "GREY") || !strcasecmp(word, "GRAY")) {
			grey = 1;
		} else if (!broadcast && !strcasecmp(word, "TO") && sscanf(args, "%31s", word) == 1) {
			args = strstr(args, word) + strlen(word);
			memset(&to, 0, sizeof to);
			all = 0;
			for (char *c = word; *c; c++) {
				int pw = variant_power_by_letter(s->game.v, *c);
				if (*c == ',')
					continue;
				if (pw < 0) {
					reply(s, "'%c' is not a power letter of %s.\n", *c, s->game.v->name);
					read_press(s, &text);
					strbuf_release(&text);
					return;
				}
				pset_add(&to, pw);
			}
		}
	}
	if (!read_press(s, &text))
		reply(s, "(no ENDPRESS: the press ran to the end of your mail)\n");
	int phase_press = (int)db_int(s->db, "SELECT count(*) FROM press_log WHERE game = ? AND phase_no = ?"
	                              " AND seat = ?", "tii", 0, s->game.name, (long long)s->game.phase_no,
	                              (long long)s->seat);
	if (++s->npress > s->cfg->max_press_per_mail)
		reply(s, "At most %ld press messages are sent from one mail; this one was not.\n",
		      s->cfg->max_press_per_mail);
	else if (phase_press >= s->cfg->max_press_per_phase)
		reply(s, "You have sent %d press messages in this phase, the most this Judge allows;\n"
		      "this one was not sent.\n", phase_press);
	else if (!strcmp(s->game.press, "none") && s->seat != SEAT_MASTER)
		reply(s, "Game %s has no press; your message was not sent.\n", s->game.name);
	else if (grey && strcmp(s->game.press, "grey"))
		reply(s, "Game %s allows only signed (white) press; nothing was sent.\n", s->game.name);
	else if (!text.len)
		reply(s, "The press was empty; nothing was sent.\n");
	else
		send_press(s, &to, all, grey, text.buf);
	strbuf_release(&text);
}

MAILCMD(press)
{
	press(s, args, 0);
}

MAILCMD(broadcast)
{
	press(s, args, 1);
}
