/*
 * quarantine.c - `judge quarantine [list | release ID]`: the mail set
 * aside because it failed the Judge too often (receive.c), listed for the
 * admin, and let through again once the Judge is fixed.  Mail from a pipe
 * is kept in the database and released by processing it now; mail from a
 * Maildir was moved to DIR/quarantine and is released by moving it back to
 * DIR/new, for the next `judge maildir`.
 */
#include <errno.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "judge/cmd/commands.h"
#include "judge/db.h"
#include "judge/cmd/receive.h"

static int list(sqlite3 *db)
{
	sqlite3_stmt *st = db_prepare(db, "SELECT id, received, tries, length(message), path, hash"
	                              " FROM quarantine WHERE released IS NULL ORDER BY id");
	int n = 0;

	while (sqlite3_step(st) == SQLITE_ROW) {
		char when[64];
		const char *path = (const char *)sqlite3_column_text(st, 4);
		format_time(sqlite3_column_int64(st, 1), when, sizeof when);
		printf("%4lld  %s  %d tries  %s  %s\n", (long long)sqlite3_column_int64(st, 0), when,
		       sqlite3_column_int(st, 2), path && *path ? path : "(in the database)",
		       (const char *)sqlite3_column_text(st, 5));
		n++;
	}
	sqlite3_finalize(st);
	printf("%d message%s in quarantine\n", n, n == 1 ? "" : "s");
	return 0;
}

/* Move a quarantined Maildir message back to DIR/new. */
static int move_back(const char *path)
{
	char dir[2048], to[2400], *base = strrchr(path, '/');

	snprintf(dir, sizeof dir, "%.*s", base ? (int)(base - path) : 0, path);
	snprintf(to, sizeof to, "%s/../new/%s", dir, base ? base + 1 : path);
	if (rename(path, to))
		return fail("cannot move %s back to %s: %s", path, to, strerror(errno));
	printf("moved back to %s\n", to);
	return 0;
}

static int release(struct judge *j, long long id)
{
	sqlite3_stmt *st = db_prepare(j->db, "SELECT hash, message, path FROM quarantine"
	                              " WHERE id = ? AND released IS NULL");
	char hash[80] = "", *raw = NULL, path[2048] = "";
	size_t len = 0;
	int rc = 0;

	sqlite3_bind_int64(st, 1, id);
	if (sqlite3_step(st) == SQLITE_ROW) {
		snprintf(hash, sizeof hash, "%s", (const char *)sqlite3_column_text(st, 0));
		len = (size_t)sqlite3_column_bytes(st, 1);
		raw = xstrndup(sqlite3_column_blob(st, 1) ? sqlite3_column_blob(st, 1) : "", len);
		if (sqlite3_column_text(st, 2))
			snprintf(path, sizeof path, "%s", (const char *)sqlite3_column_text(st, 2));
	}
	sqlite3_finalize(st);
	if (!hash[0]) {
		free(raw);
		fprintf(stderr, "judge: no message %lld in quarantine\n", id);
		return 1;
	}
	/* it starts again with no failed attempt behind it */
	db_run(j->db, "UPDATE quarantine SET released = ? WHERE id = ?", "ii", judge_now(NULL), id);
	db_run(j->db, "DELETE FROM attempts WHERE hash = ?", "t", hash);
	if (path[0])
		rc = move_back(path) ? fail_print() : 0;
	else
		rc = receive_message(j->db, &j->cfg, judge_now(NULL), raw, len, NULL);
	free(raw);
	return rc ? 1 : 0;
}

int cmd_quarantine(struct judge *j, int argc, char **argv)
{
	if (argc == 1 || (argc == 2 && !strcmp(argv[1], "list")))
		return list(j->db);
	if (argc == 3 && !strcmp(argv[1], "release"))
		return release(j, atoll(argv[2]));
	fprintf(stderr, "usage: judge quarantine [list | release ID]\n");
	return 2;
}
