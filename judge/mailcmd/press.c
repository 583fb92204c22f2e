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

#include "judge/mailcmd.h"
#include "judge/outbox.h"

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
		strbuf_addf(text, "%s\n", line.buf);
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

	strbuf_addf(&body, "Press in game %s from %s", g->name, grey ? "someone" : seat_name(g, s->seat));
	strbuf_addstr(&body, ":\n\n");
	strbuf_addstr(&body, text);
	snprintf(subject, sizeof subject, "Game %s: press", g->name);
	for (int i = 0; i < n; i++) {
		if (p[i].seat == SEAT_NONE || p[i].seat == s->seat)
			continue;
		struct power_set theirs = seat_powers(s->db, g->name, p[i].seat);
		int hit = 0;
		for (int w = 0; w < g->v->npowers; w++)
			hit |= pset_has(&theirs, w) && pset_has(to, w);
		if (hit) {
			outbox_queue(s->db, s->cfg, s->now, p[i].email, subject, body.buf, NULL);
			sent++;
		}
	}
	if (s->seat >= 0 && all)   /* the master sees all broadcasts */
		outbox_queue(s->db, s->cfg, s->now, g->master_email, subject, body.buf, NULL), sent++;
	reply(s, "Press sent to %d recipient%s.\n", sent, sent == 1 ? "" : "s");
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
	if (!strcmp(s->game.press, "none") && s->seat != SEAT_MASTER)
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
