/*
 * prune.h - forgetting what the Judge no longer needs, so the database
 * stays bounded (prune.c says what and why).
 */
#ifndef PRUNE_H
#define PRUNE_H

#include <sqlite3.h>

#include "judge/config.h"

/* The shortest age, in days, either keep_ key is taken as: longer than
 * an MTA keeps retrying a mail (Postfix gives up after 5 days). */
#define PRUNE_MIN_DAYS 7

/* Delete, in one transaction, the seen Message-IDs, attempt counts and
 * released quarantined mail older than keep_seen_days and the sent mail, held-reply notes and reply-limit
 * notices older than keep_sent_days (as of now).  Returns the rows
 * deleted, or -1 after fail() (nothing deleted). */
long prune_old(sqlite3 *db, const struct config *c, long long now);

#endif
