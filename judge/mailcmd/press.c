/*
 * press.c - PRESS [TO <letters> | TO ALL BUT <letters>] and BROADCAST:
 * messages between players and to the master (M), the lines up to
 * ENDPRESS, ENDBROADCAST or SIGNOFF; what follows the end is read as
 * commands and orders again.  Each press says whether it is a broadcast or
 * to whom it went; the sender's reply names the recipients.
 *
 * Press is bounded in size (max_press_bytes for one, max_press_bytes_per_mail
 * for all a mail sends), since every reader gets a copy: one 2 MB press
 * to six readers was 10.7 MB of outgoing mail.  An over-long one is
 * refused whole, with the sizes, rather than cut where its writer did
 * not mean it to end.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "judge/db.h"
#include "judge/mailcmd.h"
#include "judge/outbox.h"
#include "maildir/unseen.h"

/* Read the lines up to ENDPRESS, ENDBROADCAST or SIGNOFF (or the end of
 * the mail) into text, without the characters a player could use to
 * dress press up as something else in a reader's terminal (unseen.h);
 * tabs stay.  Past max_press_bytes only the size is counted, in *size.
 * Returns 1 if an end line was found; SIGNOFF also ends the mail's
 * commands, as anywhere else. */
static int read_press(struct session *s, struct strbuf *text, size_t *size)
{
	struct strbuf line = STRBUF_INIT, clean = STRBUF_INIT;
	int ended = 0;

	*size = 0;
	while (session_next_line(s, &line)) {
		char *l = str_trim(line.buf);
		if (!strcasecmp(l, "ENDPRESS") || !strcasecmp(l, "ENDBROADCAST") || !strcasecmp(l, "SIGNOFF")) {
			ended = 1;
			s->done |= !strcasecmp(l, "SIGNOFF");
			break;
		}
		strbuf_reset(&clean);
		unseen_strip(&clean, line.buf, line.len);
		strbuf_addch(&clean, '\n');
		*size += clean.len;
		if (*size <= (size_t)s->cfg->max_press_bytes)
			strbuf_add(text, clean.buf, clean.len);
	}
	strbuf_release(&line);
	strbuf_release(&clean);
	return ended;
}

/* "Carthage, Egypt and the master": the readers of press sent to. */
static void readers(const struct game *g, const struct power_set *to, int master, struct strbuf *out)
{
	int n = master, k = 0;

	for (int w = 0; w < g->v->npowers; w++)
		n += pset_has(to, w);
	for (int w = 0; w < g->v->npowers; w++)
		if (pset_has(to, w))
			strbuf_addf(out, "%s%s", k++ ? (k == n ? " and " : ", ") : "", g->v->power[w].name);
	if (master)
		strbuf_addf(out, "%sthe master", k ? " and " : "");
}

/* to: the powers written to; master: the master too; all: a broadcast. */
static void send_press(struct session *s, const struct power_set *to, int master, int all, int grey,
                       const char *text)
{
	struct game *g = &s->game;
	struct player *p;
	int n = players_load(s->db, g->name, &p), sent = 0;
	struct strbuf body = STRBUF_INIT, who = STRBUF_INIT;
	char subject[128];

	/* the press is framed: every line of it starts with "| ", so that
	 * nothing a player writes can pass for a line of the Judge's; the
	 * sender's own powers are no readers */
	struct power_set others = *to;
	for (int w = 0; w < g->v->npowers; w++)
		if (pset_has(&s->powers, w))
			pset_del(&others, w);
	to = &others;
	readers(g, to, master, &who);
	strbuf_addf(&body, "Press in game %s from %s", g->name, grey ? "someone" : seat_name(g, s->seat));
	strbuf_addstr(&body, ":\n");
	if (all)
		strbuf_addstr(&body, "(a broadcast, to everyone in the game)\n\n");
	else
		strbuf_addf(&body, "(to %s)\n\n", who.buf);
	for (const char *t = text; *t;) {
		size_t len = strcspn(t, "\n");
		strbuf_addf(&body, "| %.*s\n", (int)len, t);
		t += len + (t[len] == '\n');
	}
	strbuf_addstr(&body, "(end of press)\n");
	snprintf(subject, sizeof subject, "Game %s: %s", g->name, all ? "broadcast" : "press");
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
	/* the master reads every broadcast, and press sent to M */
	if (s->seat != SEAT_MASTER && (all || master)) {
		outbox_queue_raw(s->db, s->cfg, s->now, g->master_email, subject, body.buf);
		sent++;
	}
	if (all)
		reply(s, "Broadcast to everyone in %s: %d recipient%s.\n", g->name, sent, sent == 1 ? "" : "s");
	else
		reply(s, "Press sent to %s: %d recipient%s.\n", who.buf, sent, sent == 1 ? "" : "s");
	db_run(s->db, "INSERT INTO press_log (game, phase_no, seat, sent) VALUES (?, ?, ?, ?)", "tiii",
	       g->name, (long long)g->phase_no, (long long)s->seat, s->now);
	free(p);
	strbuf_release(&body);
	strbuf_release(&who);
}

/* Read letters (run together or with commas) into to (M: master).
 * Returns 0, or -1 after telling the sender. */
static int letters(struct session *s, const char *word, struct power_set *to, int *master)
{
	for (const char *c = word; *c; c++) {
		int pw = variant_power_by_letter(s->game.v, *c);
		if (*c == ',')
			continue;
		if (toupper((unsigned char)*c) == 'M') {
			*master = 1;
			continue;
		}
		if (pw < 0) {
			reply(s, "'%c' is not a power letter of %s (M is the master).\n", *c, s->game.v->name);
			return -1;
		}
		pset_add(to, pw);
	}
	return 0;
}

/*
 * PRESS [GREY] [TO <letters> | TO ALL BUT <letters>] and BROADCAST [GREY].
 * Who signs: in a white game the sender; in a grey game nobody; in an
 * "any" game the sender unless they write GREY; in a game without press
 * only the master may write.
 */
static void press(struct session *s, const char *args, int broadcast)
{
	struct strbuf text = STRBUF_INIT;
	struct power_set to;
	int grey = 0, all = 1, master = 0, bad = 0;
	size_t size;

	char buf[256], *w[8];
	int nw;

	memset(&to, 0xff, sizeof to);
	snprintf(buf, sizeof buf, "%s", args);
	nw = str_split(buf, w, 8);
	for (int i = 0; i < nw && !bad; i++) {
		if (!strcasecmp(w[i], "GREY") || !strcasecmp(w[i], "GRAY")) {
			grey = 1;
		} else if (!broadcast && !strcasecmp(w[i], "TO") && i + 1 < nw) {
			all = 0;
			memset(&to, 0, sizeof to);
			if (i + 3 < nw && !strcasecmp(w[i + 1], "ALL") && !strcasecmp(w[i + 2], "BUT")) {
				struct power_set but = { { 0 } };
				bad = letters(s, w[i + 3], &but, &master);
				for (int p = 0; p < s->game.v->npowers; p++)
					if (!pset_has(&but, p))
						pset_add(&to, p);
				master = !master;       /* ALL BUT M leaves the master out */
				i += 3;
			} else {
				bad = letters(s, w[++i], &to, &master);
			}
		}
	}
	int ended = read_press(s, &text, &size);
	if (bad) {
		strbuf_release(&text);
		return;
	}
	if (!ended)
		reply(s, "(no ENDPRESS: the press ran to the end of your mail)\n");
	int phase_press = (int)db_int(s->db, "SELECT count(*) FROM press_log WHERE game = ? AND phase_no = ?"
	                              " AND seat = ?", "tii", 0, s->game.name, (long long)s->game.phase_no,
	                              (long long)s->seat);
	if (!strcmp(s->game.press, "grey"))
		grey = 1;
	if (++s->npress > s->cfg->max_press_per_mail)
		reply(s, "At most %ld press messages are sent from one mail; this one was not.\n",
		      s->cfg->max_press_per_mail);
	else if (phase_press >= s->cfg->max_press_per_phase)
		reply(s, "You have sent %d press messages in this phase, the most this Judge allows;\n"
		      "this one was not sent.\n", phase_press);
	else if (!strcmp(s->game.press, "none") && s->seat != SEAT_MASTER)
		reply(s, "Game %s has no press; your message was not sent.\n", s->game.name);
	else if (grey && !strcmp(s->game.press, "white"))
		reply(s, "Game %s allows only signed (white) press; nothing was sent.\n", s->game.name);
	else if (!size)
		reply(s, "The press was empty; nothing was sent.\n");
	else if (size > (size_t)s->cfg->max_press_bytes)
		reply(s, "Your press is %zu bytes; this Judge sends at most %ld in one. Nothing was sent.\n",
		      size, s->cfg->max_press_bytes);
	else if (s->press_bytes + size > (size_t)s->cfg->max_press_bytes_per_mail)
		reply(s, "Press from one mail may total at most %ld bytes;\n"
		      "this one (%zu bytes) would make it %zu. It was not sent.\n",
		      s->cfg->max_press_bytes_per_mail, size, s->press_bytes + size);
	else {
		s->press_bytes += size;
		send_press(s, &to, master, all, grey && s->seat != SEAT_MASTER, text.buf);
	}
	strbuf_release(&text);
}

void mailcmd_press(struct session *s, const char *args)
{
	press(s, args, 0);
}

void mailcmd_broadcast(struct session *s, const char *args)
{
	press(s, args, 1);
}
