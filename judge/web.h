/*
 * web.h - the static web site of the Judge's games (issue 28): plain
 * files any web server (or none) serves, written by `judge web DIR` and
 * kept up to date by cron when the config names a web_dir.
 *
 * The layout (stable: the browser and validation tests, the README and
 * admins' server configs rely on it):
 *   DIR/index.html            every published game: name, variant, status,
 *                             phase, powers (and players who opted in),
 *                             next deadline
 *   DIR/style.css             the one stylesheet; no script anywhere, and
 *                             nothing fetched from elsewhere
 *   DIR/<game>/index.html     the game: its phases, its end if it ended,
 *                             who played each power
 *   DIR/<game>/<n>.html       processed phase n (history.phase_no, from 0):
 *                             picture, results, public press, navigation
 *   DIR/<game>/<file>.png     the picture the mail carried (picture.c's
 *                             file name), drawn again if pruned
 *   DIR/<game>/feed.atom      an entry per processed phase; absolute links
 *                             when the config gives web_url, else relative
 *
 * What is published is only what every reader of the game's mail already
 * read: history.report (the part of a report for everyone), broadcasts
 * (grey ones have no signer stored), the game's row.  Addresses only of
 * players who said SET PUBLIC ADDRESS; a game whose master said SET
 * PRIVATE is left out and its folder removed.
 */
#ifndef JUDGE_WEB_H
#define JUDGE_WEB_H

#include <sqlite3.h>

#include "base/error.h"
#include "base/strbuf.h"
#include "judge/config.h"

struct session;

/* Where and how a site is written. */
struct web_site {
	sqlite3 *db;
	const char *dir;          /* the site's folder */
	const char *url;          /* web_url with a trailing slash, or "" */
	const char *host;         /* the Judge's hostname, for the feeds' ids */
	int full;                 /* write every page (judge web), not only the
	                             ones the bookkeeping says changed (cron) */
	int keep_books;           /* dir is the config's web_dir: record what
	                             was written (tables web_pages, web_games,
	                             web_folders) */
	long written;             /* files written (not those found unchanged) */
};

/* Write the site: every page when s->full, else only what changed since
 * the bookkeeping's last record.  Returns 0, or -1 after fail(). */
MUST_CHECK int web_write_site(struct web_site *s);

/* cron's hook: the config's web_dir brought up to date, if it names one.
 * Returns 0, or -1 after fail(). */
MUST_CHECK int web_cron(sqlite3 *db, const struct config *c);

/* SET PUBLIC [ADDRESS] / SET PRIVATE [ADDRESS] (set.c's table). */
void web_set_public(struct session *s, const char *value);
void web_set_private(struct session *s, const char *value);

#endif
