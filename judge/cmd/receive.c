/*
 * receive.c - one message through the Judge (receive_message), and the
 * `receive` command that feeds it one message from an MTA pipe.
 *
 * The stages, each a function below with what it owns: count the
 * attempt (committed before anything parses the mail, so that one which
 * crashes or hangs the Judge is quarantined at its next attempt past the
 * limit, and the mail behind it goes on; taken back when the Judge defers
 * the mail cleanly for a fault of its own); decode (maildir/inmail); in
 * one write transaction, filter (each Message-ID once per sender; never
 * answer bounces and robots), execute (session.c) and queue the reply;
 * commit.  What one message carries from stage to stage is a struct
 * delivery, so that each stage's signature says only what it is.
 */
#include <assert.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include "judge/cmd/commands.h"
#include "judge/db.h"
#include "judge/guard.h"
#include "judge/hooks.h"
#include "judge/outbox.h"
#include "judge/cmd/receive.h"
#include "judge/send.h"
#include "judge/mailcmd/dispatch.h"
#include "maildir/inmail.h"
#include "maildir/outmail.h"

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
 * -1 after fail().  Committed with synchronous = NORMAL, no fsync of its
 * own: the count guards against a mail that kills the Judge, and a killed
 * process leaves what it wrote in the kernel's page cache, which the next
 * attempt reads.  A power cut may lose the count, which costs only that:
 * the power cut was not the mail's doing, and the next attempt counts
 * afresh.  It cannot cost more, because the log is only appended to: the
 * session's FULL commit after it syncs the log up to its own frames, the
 * count's included, and a log cut short by a power cut ends, for SQLite,
 * at its last whole commit, never in the middle of an older one.
 */
MUST_CHECK static int count_attempt(sqlite3 *db, const char *hash, long long now)
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
MUST_CHECK static int quarantine(sqlite3 *db, const struct config *c, long long now, const char *hash,
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
	/* the admin's address is the config's, checked at start: a failure
	 * is said on stderr, as is the quarantine itself below */
	if (c->admin[0])
		(void)outbox_queue(db, c, now, c->admin, "Mail quarantined", text.buf, NULL);
	fprintf(stderr, "judge: message %s quarantined after %d attempts\n", hash, tries);
	strbuf_release(&text);
	if (db_commit(db)) {
		db_rollback(db);
		return -1;
	}
	return 0;
}

/* One message on its way through the stages: what the caller gave, and
 * what each stage leaves for the next. */
struct delivery {
	sqlite3 *db;
	const struct config *c;
	long long now;
	const char *raw;
	size_t len;
	char hash[65];            /* BLAKE2b-256 of raw, the attempts' key */
	struct inmail m;          /* decode's */
	char subject[300];        /* the reply's */
	struct thread t;          /* the reply's threading */
};

/*
 * decode: the mail's bytes into d->m (maildir/inmail), a mail the parser
 * cannot read at all included (m.error says why: it is answered, not
 * dropped), and an identity for the mail that has no Message-ID.
 * Returns 0, or -1 if the parser itself failed (out of memory).
 */
MUST_CHECK static int decode(struct delivery *d)
{
	struct inmail *m = &d->m;

	if (inmail_parse(d->raw, d->len, d->c->loop_tag, (size_t)d->c->max_message_bytes, m)) {
		inmail_free(m);
		return -1;
	}
	if (!m->message_id) {
		/* no Message-ID: the content itself identifies the message, so a
		 * copy redelivered after a crash is still recognised */
		m->message_id = xmalloc(80);
		snprintf(m->message_id, 80, "no-id.%s", d->hash);
	}
	d->t.message_id = strncmp(m->message_id, "no-id.", 6) ? m->message_id : NULL;
	d->t.references = m->references;
	reply_subject(m, d->subject, sizeof d->subject);
	return 0;
}

/* filter's verdicts on a decoded mail. */
enum filter_verdict {
	FILTER_ANSWER,            /* a mail to execute and answer */
	FILTER_SEEN,              /* this sender's Message-ID, processed before */
	FILTER_SILENT,            /* a bounce, a robot, the Judge's own: never answered */
};

/*
 * filter, inside the write transaction (so that two runs given the same
 * message cannot both find it new): each Message-ID once per sender, so
 * that nobody can use up another's (rows from before schema 4 have
 * sender ''); mail never to be answered is remembered as seen.
 */
static enum filter_verdict filter(struct delivery *d)
{
	struct inmail *m = &d->m;

	if (db_int(d->db, "SELECT 1 FROM seen WHERE message_id = ? AND (sender = ? OR sender = '')", "tt", 0,
	           m->message_id, m->from ? m->from : "")) {
		fprintf(stderr, "judge: message %s was processed before; ignored\n", m->message_id);
		return FILTER_SEEN;
	}
	/* mail the Judge sent, come back without its X-Loop (a forwarder
	 * stripped it, or another Judge): never answered, or two could loop */
	if (!m->silent && m->from && !strcasecmp(m->from, d->c->address))
		m->silent = 1, m->silent_why = "from the Judge's own address";
	if (!m->silent && db_int(d->db, "SELECT 1 FROM outbox WHERE message_id = ?", "t", 0, m->message_id))
		m->silent = 1, m->silent_why = "a message the Judge sent";
	if (!m->silent)
		return FILTER_ANSWER;
	fprintf(stderr, "judge: not answering %s (%s)\n", m->from ? m->from : "?", m->silent_why);
	remember(d->db, m->from, m->message_id, d->now, m->silent_why);
	return FILTER_SILENT;
}

/* The reply to m could not be built (an address the outbox cannot write
 * to, which it named on stderr): the mail is done with all the same, as
 * no reply can reach its sender, and the log says so. */
static void unanswerable(const struct inmail *m)
{
	fprintf(stderr, "judge: message %s left unanswered\n", m->message_id);
}

/*
 * execute, inside the write transaction: the mail's commands (session.c)
 * or, for a mail that could not be read, the reason; then the reply,
 * queued, and the mail remembered as seen.  Returns 0, or -1 when the
 * session met a fault of the installation (then the caller rolls back).
 */
MUST_CHECK static int execute(struct delivery *d)
{
	struct inmail *m = &d->m;

	if (m->error) {
		struct strbuf body = STRBUF_INIT;
		strbuf_addf(&body, "The Judge could not read your mail: %s\n\n"
		            "Nothing was changed. Please send your commands again as plain text.\n",
		            m->error_text ? m->error_text : inmail_errname(m->error));
		if (outbox_reply(d->db, d->c, d->now, m->from, d->subject, body.buf, &d->t))
			unanswerable(m);
		remember(d->db, m->from, m->message_id, d->now, inmail_errname(m->error));
		strbuf_release(&body);
		return 0;
	}
	struct session s;
	memset(&s, 0, sizeof s);
	s.db = d->db;
	s.cfg = d->c;
	s.now = d->now;
	s.from = m->from;
	s.auth_results = m->auth_results;
	strbuf_init(&s.reply);
	strbuf_init(&s.orders);
	/* known before the mail, so that a role the mail itself gives
	 * (OBSERVE, then HISTORY) buys no long reply */
	int known = !guard_new_address(&s);
	session_run(&s, m->body ? m->body : "");
	if (s.fault) {
		/* the installation's fault, not the mail's */
		strbuf_release(&s.reply);
		strbuf_release(&s.orders);
		return -1;
	}
	if (!known && !s.proven)
		bound_stranger(d->c, &s, d->len);
	if (!s.reply.len)
		strbuf_addstr(&s.reply, "Your mail held no commands. Send HELP for a list of them.\n");
	if (m->note)
		strbuf_addf(&s.reply, "\nNote: %s\n", m->note);
	strbuf_addstr(&s.reply, "\n-- \nThe Judge. Send HELP for the commands.\n");
	if (outbox_reply_picture(d->db, d->c, d->now, m->from, d->subject, s.reply.buf, &d->t,
	                         s.picture, s.proven))
		unanswerable(m);
	remember(d->db, m->from, m->message_id, d->now, "processed");
	strbuf_release(&s.reply);
	strbuf_release(&s.orders);
	return 0;
}

/* commit: the change, the reply and the mail's place in seen, together;
 * if the database refuses, the attempt is taken back and the mail kept
 * for later.  Returns 0, or -1. */
MUST_CHECK static int commit(struct delivery *d)
{
	int rc = 0;

	crash_point("before-commit");
	if (db_commit(d->db)) {
		db_rollback(d->db);
		take_back(d->db, d->hash);
		rc = -1;
	}
	crash_point("after-commit");
	return rc;
}

/* receive_message, the test hooks armed for this mail or not: counting
 * the attempt, then the stages. */
MUST_CHECK static int receive_stages(struct delivery *d, const char *quarantine_path)
{
	int tries;

	message_hash(d->raw, d->len, d->hash);
	if ((tries = count_attempt(d->db, d->hash, d->now)) < 0)
		return -1;
	if (tries >= d->c->max_attempts) {
		if (quarantine(d->db, d->c, d->now, d->hash, tries, d->raw, d->len, quarantine_path))
			return -1;
		return quarantine_path ? RECEIVE_QUARANTINED : 0;
	}
	crash_point("before-parse");
	if (decode(d))
		return -1;
	if (db_begin(d->db)) {
		inmail_free(&d->m);
		take_back(d->db, d->hash);
		return -1;
	}
	db_run(d->db, "DELETE FROM attempts WHERE hash = ?", "t", d->hash);
	if (filter(d) == FILTER_ANSWER && execute(d)) {
		/* undo everything and let the MTA (or the Maildir) keep it */
		db_rollback(d->db);
		inmail_free(&d->m);
		take_back(d->db, d->hash);
		return -1;
	}
	int rc = commit(d);
	inmail_free(&d->m);
	return rc;
}

int receive_message(sqlite3 *db, const struct config *c, long long now,
                    const char *raw, size_t len, const char *quarantine_path)
{
	struct delivery d;
	int rc;

	assert(db && c && raw);
	memset(&d, 0, sizeof d);
	d.db = db;
	d.c = c;
	d.now = now;
	d.raw = raw;
	d.len = len;
	hooks_mail(raw, len);
	rc = receive_stages(&d, quarantine_path);
	hooks_mail(NULL, 0);
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
	/* its own replies only, and without the sender's lock: in a burst
	 * the MTA runs twenty receives at once, and each hands its replies
	 * over beside the others rather than after them */
	if (rc == 0)
		send_own_now(j->db, &j->cfg, now);
	/* 75 = EX_TEMPFAIL: the MTA keeps the message and retries; its
	 * log (and a bounce after its retries end) carries this line, the
	 * admin's only way to learn why */
	if (rc) {
		fprintf(stderr, "judge: mail kept for the MTA to retry: %s\n",
		        fail_text()[0] ? fail_text() : "the Judge could not take it now");
		return 75;
	}
	return 0;
}
