/*
 * outbox.c - queueing outgoing mail (see outbox.h).
 *
 * Every message is built in full here, Message-ID and all, and stored in
 * the caller's transaction, so a change and the mail it causes commit or
 * vanish together and delivery (send.c) only copies bytes.  Replies go
 * through one extra gate, the per-address rate and size limits, because
 * they are the only mail a stranger can make the Judge send; one held
 * back by the rate is never built, only noted in a row of its own, so a
 * flood grows the database by that row per mail.  Times are
 * shown in the reader's zone here, at the one door every Judge-written
 * mail passes, rather than by each command that writes a deadline.
 */
#include <assert.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "judge/db.h"
#include "judge/outbox.h"
#include "judge/store.h"
#include "judge/when.h"
#include "maildir/outmail.h"
#include "base/error.h"
#include "base/strbuf.h"

/* The Message-IDs this process queued since outbox_mine last took them,
 * one a line: what its sending at once hands over (send.c). */
static struct strbuf queued_here = STRBUF_INIT;

void outbox_mine(struct strbuf *ids)
{
	strbuf_reset(ids);
	strbuf_addstr(ids, queued_here.len ? queued_here.buf : "");
	strbuf_reset(&queued_here);
}

/* Build and queue one message of kind "mail" or "reply". */
static int queue(sqlite3 *db, const struct config *c, long long now, const char *rcpt,
                 const char *subject, const char *body, const struct thread *t,
                 long long picture, const char *kind)
{
	unsigned char rnd[8];
	char hex[17], id[512], date[64], token[40], *msg = NULL, *file = NULL;
	size_t len = 0;
	struct strbuf refs = STRBUF_INIT;
	time_t tt = (time_t)now;
	struct tm tm;

	assert(db && c && subject && body && kind);
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
	if (picture > 0) {
		sqlite3_stmt *st = db_stmt(db, "SELECT file FROM pictures WHERE id = ?");
		sqlite3_bind_int64(st, 1, picture);
		if (sqlite3_step(st) == SQLITE_ROW)
			file = xstrdup((const char *)sqlite3_column_text(st, 0));
		db_release(db, st);
		snprintf(token, sizeof token, OUTBOX_PICTURE_TOKEN "%lld", picture);
		o.image_type = "image/png";
		o.image_file = file ? file : "map.png";
		o.image_token = token;
	}
	if (outmail_build(&o, &msg, &len)) {
		fprintf(stderr, "judge: cannot mail %s: %s\n", rcpt, fail_text());
		strbuf_release(&refs);
		free(file);
		return -1;
	}
	/* a message the database refuses (too big, ...) is an error: never
	 * lost in silence */
	if (db_run(db, "INSERT INTO outbox (message_id, rcpt, message, created, kind, picture, rcpt_key)"
	           " VALUES (?1, ?2, ?3, ?4, ?5, nullif(?6, 0), address_counted(?2))", "ttbiti", id, rcpt, msg,
	           (int)len, now, kind, picture) != SQLITE_DONE)
		db_die(db, "queueing mail");
	/* a transaction rolled back leaves its ids here: they match no row */
	strbuf_addf(&queued_here, "%s\n", id);
	free(msg);
	free(file);
	strbuf_release(&refs);
	return 0;
}

/* Subject and body with their times also in rcpt's zone (when_localise):
 * *subject and *body replaced when they change, the copies to free in
 * owned[2]. */
static void localise(sqlite3 *db, const char *rcpt, const char **subject, const char **body,
                     char *owned[2])
{
	char zone[ZONE_MAX];

	owned[0] = owned[1] = NULL;
	address_zone(db, rcpt, zone, sizeof zone);
	if (!zone[0])
		return;
	if ((owned[0] = when_localise(*subject, zone)))
		*subject = owned[0];
	if ((owned[1] = when_localise(*body, zone)))
		*body = owned[1];
}

int outbox_queue(sqlite3 *db, const struct config *c, long long now, const char *rcpt,
                 const char *subject, const char *body, const struct thread *t)
{
	return outbox_queue_picture(db, c, now, rcpt, subject, body, t, 0);
}

int outbox_queue_picture(sqlite3 *db, const struct config *c, long long now, const char *rcpt,
                         const char *subject, const char *body, const struct thread *t,
                         long long picture)
{
	char *owned[2];
	localise(db, rcpt, &subject, &body, owned);
	/* what the Judge writes itself is wrapped at 78 columns */
	char *wrapped = outmail_wrap(body, 0);
	int rc = queue(db, c, now, rcpt, subject, wrapped ? wrapped : body, t, picture, "mail");
	free(wrapped);
	free(owned[0]);
	free(owned[1]);
	return rc;
}

int outbox_queue_raw(sqlite3 *db, const struct config *c, long long now, const char *rcpt,
                       const char *subject, const char *body)
{
	return queue(db, c, now, rcpt, subject, body, NULL, 0, "mail");
}

/*
 * 1 if rcpt has had its hour's worth of replies: then the reply is only
 * noted (the table held), not built or sent, so that an autoresponder that strips every header cannot
 * hold the Judge in a loop; the admin hears of it once an hour.  Counted
 * per person (address_counted), so that spelling one address five ways
 * does not buy five hours' worth.
 */
static int over_rate(sqlite3 *db, const struct config *c, long long now, const char *rcpt)
{
	if (c->max_replies_per_hour <= 0 ||
	    db_int(db, "SELECT count(*) FROM outbox WHERE rcpt_key = address_counted(?) AND kind = 'reply'"
	           " AND created > ?", "ti", 0, rcpt, now - 3600) < c->max_replies_per_hour)
		return 0;
	if (c->admin[0] && strcasecmp(c->admin, rcpt) &&
	    db_int(db, "SELECT told FROM reply_limits WHERE rcpt = address_counted(?)", "t", 0, rcpt) <=
	    now - 3600) {
		struct strbuf text = STRBUF_INIT;
		strbuf_addf(&text, "%s has had %ld replies from the Judge in the last hour, the most\n"
		            "max_replies_per_hour allows; further replies to it are not sent, and\n"
		            "only noted (the table held: address, time, subject, size) until the\n"
		            "hour has passed.  A mail loop with an autoresponder looks like this.\n",
		            rcpt, c->max_replies_per_hour);
		queue(db, c, now, c->admin, "Replies held back", text.buf, NULL, 0, "mail");
		db_run(db, "INSERT INTO reply_limits (rcpt, told) VALUES (address_counted(?), ?) ON CONFLICT (rcpt)"
		       " DO UPDATE SET told = excluded.told", "ti", rcpt, now);
		strbuf_release(&text);
	}
	return 1;
}

int outbox_reply(sqlite3 *db, const struct config *c, long long now, const char *rcpt,
                 const char *subject, const char *body, const struct thread *t)
{
	return outbox_reply_picture(db, c, now, rcpt, subject, body, t, 0, 0);
}

int outbox_reply_picture(sqlite3 *db, const struct config *c, long long now, const char *rcpt,
                         const char *subject, const char *body, const struct thread *t,
                         long long picture, int proven)
{
	struct strbuf cut = STRBUF_INIT;
	char *owned[2];
	int rc;

	/* proven (a password in the mail): its owner's own, which mail
	 * forged in its name must not silence; it still counts */
	if (!proven && over_rate(db, c, now, rcpt)) {
		/* a short note, not the reply: what a flood makes the Judge
		 * store grows by a row of this size per mail, not by a reply */
		db_run(db, "INSERT INTO held (rcpt, created, subject, bytes, why) VALUES (?, ?, substr(?, 1, 200), ?, ?)",
		       "titit", rcpt, now, subject, (long long)strlen(body),
		       "more replies to this address in an hour than max_replies_per_hour");
		return 0;
	}
	localise(db, rcpt, &subject, &body, owned);
	if (c->max_reply_bytes > 0 && strlen(body) > (size_t)c->max_reply_bytes) {
		size_t keep = (size_t)c->max_reply_bytes;
		while (keep && body[keep - 1] != '\n')
			keep--;
		strbuf_add(&cut, body, keep);
		strbuf_addf(&cut, "\n[The rest of this reply is cut: a reply may be at most %ld bytes.\n"
		            "Send fewer commands in one mail.]\n", c->max_reply_bytes);
		body = cut.buf;
	}
	char *wrapped = outmail_wrap(body, 0);
	if (wrapped)
		body = wrapped;
	rc = queue(db, c, now, rcpt, subject, body, t, picture, "reply");
	if (rc && t) {
		/* the threading of the mail answered could not be written (a
		 * malformed References): the reply goes unthreaded, not lost */
		fprintf(stderr, "judge: replying to %s without threading\n", rcpt);
		rc = queue(db, c, now, rcpt, subject, body, NULL, picture, "reply");
	}
	free(wrapped);
	free(owned[0]);
	free(owned[1]);
	strbuf_release(&cut);
	return rc;
}
