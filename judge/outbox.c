/*
 * outbox.c - queueing outgoing mail (see outbox.h).
 */
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "judge/db.h"
#include "judge/outbox.h"
#include "maildir/outmail.h"
#include "parser/error.h"
#include "parser/strbuf.h"

int outbox_queue(sqlite3 *db, const struct config *c, long long now, const char *rcpt,
                 const char *subject, const char *body, const struct thread *t)
{
	unsigned char rnd[8];
	char hex[17], id[512], date[64], *msg = NULL;
	size_t len = 0;
	struct strbuf refs = STRBUF_INIT;
	time_t tt = (time_t)now;
	struct tm tm;

	randombytes_buf(rnd, sizeof rnd);
	sodium_bin2hex(hex, sizeof hex, rnd, sizeof rnd);
	snprintf(id, sizeof id, "judge.%lld.%s@%s", now, hex, c->hostname);
	gmtime_r(&tt, &tm);
	strftime(date, sizeof date, "%a, %d %b %Y %H:%M:%S +0000", &tm);
	if (t && t->message_id) {
		if (t->references)
			strbuf_addf(&refs, "%s ", t->references);
		strbuf_addstr(&refs, t->message_id);
	}
	struct outmail o = {
		.from = c->address, .from_name = c->name, .to = rcpt, .subject = subject,
		.body = body, .message_id = id,
		.in_reply_to = t ? t->message_id : NULL,
		.references = refs.len ? refs.buf : NULL,
		.loop_tag = c->loop_tag, .date = date,
	};
	if (outmail_build(&o, &msg, &len)) {
		fprintf(stderr, "judge: cannot mail %s: %s\n", rcpt, fail_text());
		strbuf_release(&refs);
		return -1;
	}
	/* a message the database refuses (too big, ...) is an error: never
	 * lost in silence */
	if (db_run(db, "INSERT INTO outbox (message_id, rcpt, message, created) VALUES (?, ?, ?, ?)",
	           "ttbi", id, rcpt, msg, (int)len, now) != SQLITE_DONE)
		db_die(db, "queueing mail");
	free(msg);
	strbuf_release(&refs);
	return 0;
}

int outbox_reply(sqlite3 *db, const struct config *c, long long now, const char *rcpt,
                 const char *subject, const char *body, const struct thread *t)
{
	struct strbuf cut = STRBUF_INIT;
	int rc;

	if (c->max_reply_bytes > 0 && strlen(body) > (size_t)c->max_reply_bytes) {
		size_t keep = (size_t)c->max_reply_bytes;
		while (keep && body[keep - 1] != '\n')
			keep--;
		strbuf_add(&cut, body, keep);
		strbuf_addf(&cut, "\n[The rest of this reply is cut: a reply may be at most %ld bytes.\n"
		            "Send fewer commands in one mail.]\n", c->max_reply_bytes);
		body = cut.buf;
	}
	rc = outbox_queue(db, c, now, rcpt, subject, body, t);
	if (rc && t) {
		/* the threading of the mail answered could not be written (a
		 * malformed References): the reply goes unthreaded, not lost */
		fprintf(stderr, "judge: replying to %s without threading\n", rcpt);
		rc = outbox_queue(db, c, now, rcpt, subject, body, NULL);
	}
	strbuf_release(&cut);
	return rc;
}
