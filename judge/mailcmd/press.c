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
 *
 * As njudge players expect: anonymous press is grey press (ANONYMOUS,
 * ANON, GRAY are GREY), a word the line does not know (FAKE among them:
 * this Judge does not disguise press) is refused with what to write, not
 * dropped; press to the master alone goes out in every game, and the
 * master's copy always names the sender, since he answers for the game.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "judge/db.h"
#include "judge/mailcmd.h"
#include "judge/outbox.h"
#include "judge/row.h"
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

/* The copy of a press its readers get, framed: every line of it starts
 * with "| ", so that nothing a player writes can pass for a line of the
 * Judge's.  signer: who it is from ("someone" when grey). */
static void press_body(const struct game *g, const char *signer, int all, const char *who,
                       const char *text, struct strbuf *body)
{
	strbuf_addf(body, "Press in game %s from %s:\n", g->name, signer);
	if (all)
		strbuf_addstr(body, "(a broadcast, to everyone in the game)\n\n");
	else
		strbuf_addf(body, "(to %s)\n\n", who);
	for (const char *t = text; *t;) {
		size_t len = strcspn(t, "\n");
		strbuf_addf(body, "| %.*s\n", (int)len, t);
		t += len + (t[len] == '\n');
	}
	strbuf_addstr(body, "(end of press)\n");
}

/* A broadcast to the game's observers who do not read it already as a
 * player or the master, nor wrote it; returns how many. */
static int broadcast_observers(struct session *s, const char *subject, const char *body)
{
	sqlite3_stmt *st = db_stmt(s->db, "SELECT email FROM observers o WHERE game = ?1 AND email <> ?2"
	                           " AND email <> (SELECT master_email FROM games WHERE name = ?1)"
	                           " AND NOT EXISTS (SELECT 1 FROM players p WHERE p.game = ?1"
	                           " AND p.email = o.email AND p.seat >= 0 AND p.resigned = 0)");
	int n = 0;

	sqlite3_bind_text(st, 1, s->game.name, -1, SQLITE_TRANSIENT);
	sqlite3_bind_text(st, 2, s->from, -1, SQLITE_TRANSIENT);
	while (row_next(s->db, st)) {
		outbox_queue_raw(s->db, s->cfg, s->now, (const char *)sqlite3_column_text(st, 0), subject, body);
		n++;
	}
	db_release(s->db, st);
	return n;
}

/* to: the powers written to; master: the master too; all: a broadcast
 * (observers read it, as the public does).  Grey press is unsigned for
 * the players only: the master, who answers for the game, always reads
 * who wrote, as in njudge. */
static void send_press(struct session *s, const struct power_set *to, int master, int all, int grey,
                       const char *text)
{
	struct game *g = &s->game;
	struct player *p;
	int n = players_load(s->db, g->name, &p), sent = 0;
	struct strbuf body = STRBUF_INIT, signed_body = STRBUF_INIT, who = STRBUF_INIT;
	char subject[128], signer[160];

	/* the sender's own powers are no readers */
	struct power_set others = *to;
	for (int w = 0; w < g->v->npowers; w++)
		if (pset_has(&s->powers, w))
			pset_del(&others, w);
	to = &others;
	readers(g, to, master, &who);
	press_body(g, grey ? "someone" : seat_name(g, s->seat), all, who.buf, text, &body);
	snprintf(signer, sizeof signer, "%s%s", seat_name(g, s->seat), grey ? " (sent grey)" : "");
	press_body(g, signer, all, who.buf, text, &signed_body);
	snprintf(subject, sizeof subject, "Game %s: %s", g->name, all ? "broadcast" : "press");
	for (int i = 0; i < n; i++) {
		/* a player who left the game reads nothing more of it */
		if (p[i].seat == SEAT_NONE || p[i].seat == s->seat || p[i].resigned)
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
		outbox_queue_raw(s->db, s->cfg, s->now, g->master_email, subject, signed_body.buf);
		sent++;
	}
	if (all)
		sent += broadcast_observers(s, subject, body.buf);
	if (all)
		reply(s, "Broadcast to everyone in %s: %d recipient%s.\n", g->name, sent, sent == 1 ? "" : "s");
	else
		reply(s, "Press sent to %s: %d recipient%s.\n", who.buf, sent, sent == 1 ? "" : "s");
	db_run(s->db, "INSERT INTO press_log (game, phase_no, seat, sent) VALUES (?, ?, ?, ?)", "tiii",
	       g->name, (long long)g->phase_no, (long long)s->seat, s->now);
	/* a broadcast joins the game's public record, as its readers read it:
	 * a grey one without who wrote it */
	if (all)
		db_run(s->db, "INSERT INTO broadcasts (game, phase_no, phase_name, sent, signer, text)"
		       " VALUES (?, ?, ?, ?, ?, ?)", "tititt", g->name, (long long)g->phase_no,
		       g->vs.pos ? g->vs.phase.name : "", (long long)s->now, grey ? NULL : seat_name(g, s->seat), text);
	free(p);
	strbuf_release(&body);
	strbuf_release(&signed_body);
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

/* The words that make press unsigned: njudge's and the plain English. */
static const char *const grey_words[] = { "GREY", "GRAY", "ANON", "ANONYMOUS", NULL };

static int word_in(const char *w, const char *const *list)
{
	for (; *list; list++)
		if (!strcasecmp(w, *list))
			return 1;
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
	int grey = 0, white = 0, all = 1, master = 0, bad = 0;
	size_t size;

	char buf[256], *w[8];
	int nw;

	memset(&to, 0xff, sizeof to);
	snprintf(buf, sizeof buf, "%s", args);
	nw = str_split(buf, w, 8);
	for (int i = 0; i < nw && !bad; i++) {
		if (word_in(w[i], grey_words)) {
			grey = 1;
		} else if (!strcasecmp(w[i], "WHITE")) {
			white = 1;
		} else if (!strcasecmp(w[i], "FAKE")) {
			reply(s, "This Judge does not disguise press (FAKE): write PRESS TO <letters>,\n"
			      "PRESS GREY TO <letters> or BROADCAST (GREY where the game allows it);\n"
			      "nothing was sent.\n");
			bad = -1;
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
		} else {
			reply(s, "'%s' is not a word of %s: write %s [GREY] [TO <letters> | TO ALL BUT <letters>];\n"
			      "nothing was sent.\n", w[i], broadcast ? "BROADCAST" : "PRESS",
			      broadcast ? "BROADCAST" : "PRESS");
			bad = -1;
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
	/* press to the master alone is always allowed and always signed:
	 * he reads who wrote in every game, as in njudge */
	int master_only = master && !all;
	for (int w = 0; master_only && w < s->game.v->npowers; w++)
		master_only = !pset_has(&to, w) || pset_has(&s->powers, w);
	int asked_grey = grey;
	if (!strcmp(s->game.press, "grey"))
		grey = 1;
	if (++s->npress > s->cfg->max_press_per_mail)
		reply(s, "At most %ld press messages are sent from one mail; this one was not.\n",
		      s->cfg->max_press_per_mail);
	else if (phase_press >= s->cfg->max_press_per_phase)
		reply(s, "You have sent %d press messages in this phase, the most this Judge allows;\n"
		      "this one was not sent.\n", phase_press);
	else if (!strcmp(s->game.press, "none") && s->seat != SEAT_MASTER && !master_only)
		reply(s, "Game %s has no press: only press to the master (PRESS TO M) is sent;\n"
		      "your message was not.\n", s->game.name);
	else if (asked_grey && !master_only && !strcmp(s->game.press, "white"))
		reply(s, "Game %s allows only signed (white) press: anonymous press is grey press,\n"
		      "which this game does not allow. Nothing was sent; write it without %s.\n",
		      s->game.name, "GREY or ANONYMOUS");
	else if (white && !master_only && !strcmp(s->game.press, "grey"))
		reply(s, "Game %s allows only grey (unsigned) press; nothing was sent.\n"
		      "Write it without WHITE: it goes out grey.\n", s->game.name);
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
		send_press(s, &to, master, all, grey && s->seat != SEAT_MASTER && !master_only, text.buf);
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
