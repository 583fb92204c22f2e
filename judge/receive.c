/*
 * receive.c - one message through the Judge (receive_message), and the
 * `receive` command that feeds it one message from an MTA pipe.
 *
 * The stages: count the attempt (committed before anything parses the
 * mail, so that one which crashes or hangs the Judge is quarantined at
 * its next attempt past the limit, and the mail behind it goes on; taken
 * back when the Judge defers the mail cleanly for a fault of its own);
 * decode (maildir/inmail); in one write transaction, filter (each
 * Message-ID once per sender; never answer bounces and robots), execute
 * (session.c) and queue the reply; commit.
 */
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include "judge/commands.h"
#include "judge/db.h"
#include "judge/guard.h"
#include "judge/outbox.h"
#include "judge/receive.h"
#include "judge/send.h"
#include "judge/dispatch.h"
#include "maildir/inmail.h"
#include "maildir/outmail.h"

/* Whether crash points fire: not while reading a mail that
 * $JUDGE_CRASH_MAIL names none of. */
static int crash_armed = 1;

void crash_point(const char *point)
{
	const char *at = getenv("JUDGE_CRASH_AT"), *hang = getenv("JUDGE_HANG_AT");
	if (!crash_armed)
		return;
	if (at && !strcmp(at, point)) {
		fprintf(stderr, "judge: crashing at %s (JUDGE_CRASH_AT)\n", point);
		_exit(99);
	}
	if (hang && !strcmp(hang, point)) {
		fprintf(stderr, "judge: hanging at %s (JUDGE_HANG_AT)\n", point);
		for (;;)
			pause();
	}
}

static void remember(sqlite3 *db, const char *sender, const char *id, long long now,
                     const char *outcome)
{
	if (id && *id)
		db_run(db, "INSERT OR IGNORE INTO seen (sender, message_id, received, outcome)"
		       " VALUES (?, ?, ?, ?)", "ttit", sender ? sender : "", id, now, outcome);
}

static void reply_subject(const struct inmail *m, char *out, size_t len)
{
	const char *s = m->subject && *m->subject ? m->subject : "your mail";
	snprintf(out, len, "%s%s", strncasecmp(s, "Re:", 3) ? "Re: " : "", s);
}

/*
 * The reply to an address that had no role in any game before this mail
 * and opened no seat with a password in it is cut at the config's
 * stranger_reply_bytes and at stranger_reply_ratio times the size of the
 * mail answered, its picture left off, with a note.  Anyone can put any
 * address in From, so without this a 300-byte mail of LIST, HISTORY and
 * GET lines could make the Judge send a quarter of a megabyte to someone
 * who never wrote to it.
 */
static void bound_stranger(const struct config *c, struct session *s, size_t mail_len)
{
	struct strbuf note = STRBUF_INIT;
	size_t limit = (size_t)-1, keep;

	if (c->stranger_reply_bytes > 0)
		limit = (size_t)c->stranger_reply_bytes;
	if (c->stranger_reply_ratio > 0 && mail_len < limit / (size_t)c->stranger_reply_ratio)
		limit = mail_len * (size_t)c->stranger_reply_ratio;
	if (s->reply.len <= limit && !s->picture)
		return;
	/* cut what is sent: the outbox wraps the reply at 78 columns, which
	 * adds line breaks, and wrapping twice changes nothing */
	char *wrapped = outmail_wrap(s->reply.buf, 0);
	if (wrapped) {
		strbuf_reset(&s->reply);
		strbuf_addstr(&s->reply, wrapped);
		free(wrapped);
	}
	strbuf_addf(&note, "\n[The rest of this reply is not sent: an address that plays, masters or\n"
	            "observes no game here gets at most %zu bytes in answer to a mail of\n"
	            "%zu bytes, and no pictures, so that nobody can use the Judge to flood\n"
	            "another's mailbox.  Join or observe a game, or sign on, for the whole\n"
	            "reply.]\n", limit, mail_len);
	/* the note is within the limit too: it is the bound on the whole */
	keep = limit > note.len ? limit - note.len : 0;
	if (s->reply.len > keep) {
		while (keep && s->reply.buf[keep - 1] != '\n')
			keep--;
		strbuf_setlen(&s->reply, keep);
	}
	s->picture = 0;
	strbuf_addstr(&s->reply, note.buf);
	strbuf_release(&note);
}

/* Hex of the BLAKE2b-256 of raw: what identifies a message whatever its
 * headers say. */
static void message_hash(const char *raw, size_t len, char hex[65])
{
	unsigned char h[32];
	crypto_generichash(h, sizeof h, (const unsigned char *)raw, len, NULL, 0);
	sodium_bin2hex(hex, 65, h, sizeof h);
}

/*
 * Count this attempt at the message before anything parses it, in a
 * transaction of its own, so that a mail that crashes or hangs the Judge
 * is known at the next attempt.  Returns the attempts before this one, or
 * -1 after fail().  Committed with synchronous = NORMAL: the count must
 * survive the process, not a power cut, and costs no fsync of its own.
 */
static int count_attempt(sqlite3 *db, const char *hash, long long now)
{
	int before;

	sqlite3_exec(db, "PRAGMA synchronous = NORMAL", NULL, NULL, NULL);
	if (db_begin(db))
		return -1;
	before = (int)db_int(db, "SELECT tries FROM attempts WHERE hash = ?", "t", 0, hash);
	db_run(db, "INSERT INTO attempts (hash, tries, last) VALUES (?, 1, ?)"
	       " ON CONFLICT (hash) DO UPDATE SET tries = tries + 1, last = excluded.last",
	       "ti", hash, now);
	if (db_commit(db)) {
		db_rollback(db);
		before = -1;
	}
	sqlite3_exec(db, "PRAGMA synchronous = FULL", NULL, NULL, NULL);
	return before;
}

/*
 * Take back the attempt count_attempt counted, in a transaction of its
 * own: the Judge is deferring the mail for a fault of the installation or
 * the database (variants missing, the database busy), not of the mail, and
 * an outage longer than max_attempts deliveries must not quarantine good
 * mail.  Only crashes, aborts and kills, which never get here, count.
 * Best effort: if the database cannot take it either, the attempt stays.
 */
static void take_back(sqlite3 *db, const char *hash)
{
	/* not db_run: it dies on an error, and a database that just failed
	 * may fail again; then the attempt simply stays counted */
	static const char *const sql[] = {
		"DELETE FROM attempts WHERE hash = ? AND tries <= 1",
		"UPDATE attempts SET tries = tries - 1 WHERE hash = ?",
	};
	int ok = 1;

	if (db_begin(db))
		return;
	for (size_t i = 0; ok && i < sizeof sql / sizeof sql[0]; i++) {
		sqlite3_stmt *st = NULL;
		ok = sqlite3_prepare_v2(db, sql[i], -1, &st, NULL) == SQLITE_OK &&
		     sqlite3_bind_text(st, 1, hash, -1, SQLITE_STATIC) == SQLITE_OK &&
		     sqlite3_step(st) == SQLITE_DONE;
		sqlite3_finalize(st);
	}
	if (!ok || db_commit(db))
		db_rollback(db);
}

/* Put the message aside: the database keeps it (from a pipe) or only its
 * place (path, from a Maildir: the caller moves the file), and the admin
 * is told. */
static int quarantine(sqlite3 *db, const struct config *c, long long now, const char *hash,
                      int tries, const char *raw, size_t len, const char *path)
{
	struct strbuf text = STRBUF_INIT;

	if (db_begin(db))
		return -1;
	db_run(db, "INSERT INTO quarantine (hash, received, tries, message, path) VALUES (?, ?, ?, ?, ?)",
	       "tiibt", hash, now, (long long)tries, path ? "" : raw, path ? 0 : (int)len, path);
	db_run(db, "DELETE FROM attempts WHERE hash = ?", "t", hash);
	strbuf_addf(&text, "A message failed the Judge %d times (it crashed or was stopped while\n"
	            "reading it), so it is set aside and the mail behind it goes on:\n"
	            "  %zu bytes, BLAKE2b-256 %s\n  %s%s\n\n"
	            "`judge quarantine` lists such mail; `judge quarantine release ID`\n"
	            "tries one again.\n", tries, len, hash,
	            path ? "moved to " : "kept in the database", path ? path : "");
	if (c->admin[0])
		outbox_queue(db, c, now, c->admin, "Mail quarantined", text.buf, NULL);
	fprintf(stderr, "judge: message %s quarantined after %d attempts\n", hash, tries);
	strbuf_release(&text);
	if (db_commit(db)) {
		db_rollback(db);
		return -1;
	}
	return 0;
}

static int receive_armed(sqlite3 *db, const struct config *c, long long now,
                         const char *raw, size_t len, const char *quarantine_path);

int receive_message(sqlite3 *db, const struct config *c, long long now,
                    const char *raw, size_t len, const char *quarantine_path)
{
	const char *only = getenv("JUDGE_CRASH_MAIL");
	int rc;

	crash_armed = !only || memmem(raw, len, only, strlen(only)) != NULL;
	rc = receive_armed(db, c, now, raw, len, quarantine_path);
	crash_armed = 1;
	return rc;
}

/* receive_message, with the test hooks armed for this mail or not. */
static int receive_armed(sqlite3 *db, const struct config *c, long long now,
                         const char *raw, size_t len, const char *quarantine_path)
{
	struct inmail m;
	char subject[300], hash[65];
	int rc = 0, tries;

	message_hash(raw, len, hash);
	if ((tries = count_attempt(db, hash, now)) < 0)
		return -1;
	if (tries >= c->max_attempts) {
		if (quarantine(db, c, now, hash, tries, raw, len, quarantine_path))
			return -1;
		return quarantine_path ? RECEIVE_QUARANTINED : 0;
	}
	crash_point("before-parse");
	if (inmail_parse(raw, len, c->loop_tag, (size_t)c->max_message_bytes, &m)) {
		inmail_free(&m);
		return -1;
	}
	if (!m.message_id) {
		/* no Message-ID: the content itself identifies the message, so a
		 * copy redelivered after a crash is still recognised */
		m.message_id = xmalloc(80);
		snprintf(m.message_id, 80, "no-id.%s", hash);
	}
	if (db_begin(db)) {
		inmail_free(&m);
		take_back(db, hash);
		return -1;
	}
	db_run(db, "DELETE FROM attempts WHERE hash = ?", "t", hash);
	/* inside the write transaction, so that two runs given the same
	 * message cannot both find it new; per sender, so that nobody can use
	 * up another's Message-ID (rows from before schema 4 have sender '') */
	if (db_int(db, "SELECT 1 FROM seen WHERE message_id = ? AND (sender = ? OR sender = '')", "tt", 0,
	           m.message_id, m.from ? m.from : "")) {
		fprintf(stderr, "judge: message %s was processed before; ignored\n", m.message_id);
		goto commit;
	}
	/* mail the Judge sent, come back without its X-Loop (a forwarder
	 * stripped it, or another Judge): never answered, or two could loop */
	if (!m.silent && m.from && !strcasecmp(m.from, c->address))
		m.silent = 1, m.silent_why = "from the Judge's own address";
	if (!m.silent && db_int(db, "SELECT 1 FROM outbox WHERE message_id = ?", "t", 0, m.message_id))
		m.silent = 1, m.silent_why = "a message the Judge sent";
	struct thread t = { strncmp(m.message_id, "no-id.", 6) ? m.message_id : NULL, m.references };
	reply_subject(&m, subject, sizeof subject);
	if (m.silent) {
		fprintf(stderr, "judge: not answering %s (%s)\n", m.from ? m.from : "?", m.silent_why);
		remember(db, m.from, m.message_id, now, m.silent_why);
	} else if (m.error) {
		struct strbuf body = STRBUF_INIT;
		strbuf_addf(&body, "The Judge could not read your mail: %s\n\n"
		            "Nothing was changed. Please send your commands again as plain text.\n",
		            m.error_text ? m.error_text : inmail_errname(m.error));
		outbox_reply(db, c, now, m.from, subject, body.buf, &t);
		remember(db, m.from, m.message_id, now, inmail_errname(m.error));
		strbuf_release(&body);
	} else {
		struct session s;
		memset(&s, 0, sizeof s);
		s.db = db;
		s.cfg = c;
		s.now = now;
		s.from = m.from;
		s.auth_results = m.auth_results;
		strbuf_init(&s.reply);
		strbuf_init(&s.orders);
		/* known before the mail, so that a role the mail itself gives
		 * (OBSERVE, then HISTORY) buys no long reply */
		int known = !guard_new_address(&s);
		session_run(&s, m.body ? m.body : "");
		if (s.fault) {
			/* the installation's fault, not the mail's: undo everything
			 * and let the MTA (or the Maildir) keep it for later */
			strbuf_release(&s.reply);
			strbuf_release(&s.orders);
			db_rollback(db);
			inmail_free(&m);
			take_back(db, hash);
			return -1;
		}
		if (!known && !s.proven)
			bound_stranger(c, &s, len);
		if (!s.reply.len)
			strbuf_addstr(&s.reply, "Your mail held no commands. Send HELP for a list of them.\n");
		if (m.note)
			strbuf_addf(&s.reply, "\nNote: %s\n", m.note);
		strbuf_addstr(&s.reply, "\n-- \nThe Judge. Send HELP for the commands.\n");
		outbox_reply_picture(db, c, now, m.from, subject, s.reply.buf, &t, s.picture, s.proven);
		remember(db, m.from, m.message_id, now, "processed");
		strbuf_release(&s.reply);
		strbuf_release(&s.orders);
	}
commit:
	crash_point("before-commit");
	if (db_commit(db)) {
		db_rollback(db);
		take_back(db, hash);
		rc = -1;
	}
	crash_point("after-commit");
	inmail_free(&m);
	return rc;
}

size_t receive_read_max(const struct config *c)
{
	return c->max_message_bytes > 0 ? (size_t)c->max_message_bytes : INMAIL_MAX_SIZE_DEFAULT;
}

/* Read f up to one byte past max: a longer mail is refused after its
 * header, and holding it whole would cost its size in memory (a 300 MB
 * mail peaked at 595 MB).  The rest is left unread. */
static char *slurp(FILE *f, size_t max, size_t *len)
{
	struct strbuf sb = STRBUF_INIT;
	char buf[65536];
	size_t n;
	while (sb.len <= max &&
	       (n = fread(buf, 1, max + 1 - sb.len < sizeof buf ? max + 1 - sb.len : sizeof buf, f)) > 0)
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
	raw = slurp(f, receive_read_max(&j->cfg), &len);
	if (f != stdin)
		fclose(f);
	long long now = judge_now(NULL);
	rc = receive_message(j->db, &j->cfg, now, raw, len, NULL);
	free(raw);
	if (rc == 0)
		outbox_send_now(j->db, &j->cfg, now);
	/* 75 = EX_TEMPFAIL: the MTA keeps the message and retries */
	return rc ? 75 : 0;
}
