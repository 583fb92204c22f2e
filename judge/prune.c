/*
 * prune.c - `cron`'s pruning: without it the Judge keeps every
 * Message-ID it was sent and every mail it sent, and anyone can grow the
 * database, and fill the disk, by mailing it.
 *
 * Only what nothing reads after its age goes.  seen serves the duplicate
 * check, which matters while a copy of a mail can still come: an MTA
 * retries a deferred mail for days (Postfix 5, Exim 4, sendmail 5), so no
 * age below PRUNE_MIN_DAYS is used, whatever the config says; the count
 * of attempts at a mail that crashed the Judge serves only while the mail
 * can come again, and goes with it, as does a quarantined mail the admin
 * released.  A sent
 * mail's row serves the check that a mail is not the Judge's own come
 * back (its X-Loop and From checks remain after) and the hour of
 * max_replies_per_hour; mail queued, being sent, failed or uncertain is
 * kept whatever its age, until it leaves or the admin deals with it.
 * `judge replay` reads the history, orders and seeds, none of them here.
 * The cut is by time, a table of data: each row a table, its condition
 * and which keep_ key gives the age.
 */
#include <stddef.h>

#include "judge/db.h"
#include "judge/prune.h"
#include "base/error.h"

static const struct rule {
	const char *sql;        /* one ? : the cut-off time */
	int sent;               /* 1: keep_sent_days; 0: keep_seen_days */
} rules[] = {
	{ "DELETE FROM seen WHERE received < ?", 0 },
	/* a count of crashes at a mail no MTA is retrying any more */
	{ "DELETE FROM attempts WHERE last < ?", 0 },
	/* quarantined mail, kept whole (up to the 10 MB a mail may be), once
	 * released: it was processed again then, and a copy that comes back
	 * is the seen check's; mail still waiting for the admin's word
	 * (released IS NULL) stays, whatever its age */
	{ "DELETE FROM quarantine WHERE released < ?", 0 },
	{ "DELETE FROM outbox WHERE status = 'sent' AND created < ?", 1 },
	{ "DELETE FROM held WHERE created < ?", 1 },
	{ "DELETE FROM reply_limits WHERE told < ?", 1 },
};

long prune_old(sqlite3 *db, const struct config *c, long long now)
{
	long deleted = 0;

	if (db_begin(db))
		return -1;
	for (size_t i = 0; i < sizeof rules / sizeof rules[0]; i++) {
		long days = rules[i].sent ? c->keep_sent_days : c->keep_seen_days;
		if (days <= 0)
			continue;               /* kept for ever */
		if (days < PRUNE_MIN_DAYS)
			days = PRUNE_MIN_DAYS;
		db_run(db, rules[i].sql, "i", now - (long long)days * 86400);
		deleted += sqlite3_changes(db);
	}
	if (db_commit(db)) {
		db_rollback(db);
		return -1;
	}
	return deleted;
}
