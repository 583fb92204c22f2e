/*
 * receive.c - one message through the Judge (receive_message), and the
 * `receive` command that feeds it one message from an MTA pipe.
 */
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "judge/commands.h"
#include "judge/db.h"
#include "judge/outbox.h"
#include "judge/receive.h"
#include "judge/session.h"
#include "maildir/inmail.h"

void crash_point(const char *point)
{
	const char *at = getenv("JUDGE_CRASH_AT");
	if (at && !strcmp(at, point)) {
		fprintf(stderr, "judge: crashing at %s (JUDGE_CRASH_AT)\n", point);
		_exit(99);
	}
}

static void remember(sqlite3 *db, const char *id, long long now, const char *outcome)
{
	if (id && *id)
		db_run(db, "INSERT OR IGNORE INTO seen (message_id, received, outcome) VALUES (?, ?, ?)",
		       "tit", id, now, outcome);
}

static void reply_subject(const struct inmail *m, char *out, size_t len)
{
	const char *s = m->subject && *m->subject ? m->subject : "your mail";
	snprintf(out, len, "%s%s", strncasecmp(s, "Re:", 3) ? "Re: " : "", s);
}

int receive_message(sqlite3 *db, const struct config *c, long long now,
                    const char *raw, size_t len)
{
	struct inmail m;
	char subject[300];
	int rc = 0;

	if (inmail_parse(raw, len, c->loop_tag, (size_t)c->max_message_bytes, &m)) {
		inmail_free(&m);
		return -1;
	}
	if (!m.message_id) {
		/* no Message-ID: the content itself identifies the message, so a
		 * copy redelivered after a crash is still recognised */
		unsigned char h[32];
		char hex[65];
		crypto_generichash(h, sizeof h, (const unsigned char *)raw, len, NULL, 0);
		sodium_bin2hex(hex, sizeof hex, h, sizeof h);
		m.message_id = xmalloc(80);
		snprintf(m.message_id, 80, "no-id.%s", hex);
	}
	if (db_int(db, "SELECT 1 FROM seen WHERE message_id = ?", "t", 0, m.message_id)) {
		fprintf(stderr, "judge: message %s was processed before; ignored\n", m.message_id);
		inmail_free(&m);
		return 0;
	}
	if (db_begin(db)) {
		inmail_free(&m);
		return -1;
	}
	struct thread t = { strncmp(m.message_id, "no-id.", 6) ? m.message_id : NULL, m.references };
	reply_subject(&m, subject, sizeof subject);
	if (m.silent) {
		fprintf(stderr, "judge: not answering %s (%s)\n", m.from ? m.from : "?", m.silent_why);
		remember(db, m.message_id, now, m.silent_why);
	} else if (m.error) {
		struct strbuf body = STRBUF_INIT;
		strbuf_addf(&body, "The Judge could not read your mail: %s\n\n"
		            "Nothing was changed. Please send your commands again as plain text.\n",
		            m.error_text ? m.error_text : inmail_errname(m.error));
		outbox_queue(db, c, now, m.from, subject, body.buf, &t);
		remember(db, m.message_id, now, inmail_errname(m.error));
		strbuf_release(&body);
	} else {
		struct session s;
		memset(&s, 0, sizeof s);
		s.db = db;
		s.cfg = c;
		s.now = now;
		s.from = m.from;
		strbuf_init(&s.reply);
		strbuf_init(&s.orders);
		session_run(&s, m.body ? m.body : "");
		if (s.fault) {
			/* the installation's fault, not the mail's: undo everything
			 * and let the MTA (or the Maildir) keep it for later */
			if (s.signed_on)
				game_free(&s.game);
			strbuf_release(&s.reply);
			strbuf_release(&s.orders);
			db_rollback(db);
			inmail_free(&m);
			return -1;
		}
		if (!s.reply.len)
			strbuf_addstr(&s.reply, "Your mail held no commands. Send HELP for a list of them.\n");
		if (m.note)
			strbuf_addf(&s.reply, "\nNote: %s\n", m.note);
		strbuf_addstr(&s.reply, "\n-- \nThe Judge. Send HELP for the commands.\n");
		outbox_queue(db, c, now, m.from, subject, s.reply.buf, &t);
		remember(db, m.message_id, now, "processed");
		strbuf_release(&s.reply);
		strbuf_release(&s.orders);
	}
	crash_point("before-commit");
	if (db_commit(db)) {
		db_rollback(db);
		rc = -1;
	}
	crash_point("after-commit");
	inmail_free(&m);
	return rc;
}

/* Read all of f. */
static char *slurp(FILE *f, size_t *len)
{
	struct strbuf sb = STRBUF_INIT;
	char buf[65536];
	size_t n;
	while ((n = fread(buf, 1, sizeof buf, f)) > 0)
		strbuf_add(&sb, buf, n);
	return strbuf_detach(&sb, len);
}

int cmd_receive(struct judge *j, int argc, char **argv)
{
	FILE *f = stdin;
	size_t len;
	char *raw;
	int rc;

	if (argc > 2) {
		fprintf(stderr, "usage: judge receive [FILE]\n");
		return 2;
	}
	if (argc == 2 && !(f = fopen(argv[1], "rb"))) {
		fprintf(stderr, "judge: cannot open %s\n", argv[1]);
		return 1;
	}
	raw = slurp(f, &len);
	if (f != stdin)
		fclose(f);
	rc = receive_message(j->db, &j->cfg, judge_now(NULL), raw, len);
	free(raw);
	/* 75 = EX_TEMPFAIL: the MTA keeps the message and retries */
	return rc ? 75 : 0;
}
