/*
 * backup.c - `judge backup [--verbose] [DIR | FILE]`: a consistent copy of
 * the database, made with SQLite's online backup API while receive, cron
 * and flush go on writing (in WAL mode the copy is one read transaction,
 * which holds up no writer).  Into a folder (DIR, else the config's
 * backup_dir, else backups/ beside the database) the copy is named
 * judge-YYYYMMDD-HHMMSS.db (UTC) and only the newest backup_keep are
 * kept; into FILE, that file.  The copy is written under a temporary
 * name, checked, synced and renamed, so a backup killed half-way never
 * leaves a half file under a final name.  Quiet on success, since a
 * timer runs it; one backup runs at a time in a folder (a lock on it).
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "judge/cmd/commands.h"
#include "judge/db.h"

#define STAMP_LEN 15              /* YYYYMMDD-HHMMSS */

/* Format into out (size bytes) as snprintf does, but a path that does
 * not fit is an error, never a shorter path.  Returns 0, or -1 after
 * fail(). */
static int path_fmt(char *out, size_t size, const char *fmt, const char *a, const char *b)
{
	int n = snprintf(out, size, fmt, a, b);
	return n < 0 || (size_t)n >= size ? fail("the backup's path is too long: %s%s", a, b) : 0;
}

/* The folder the config names for backups into out: backup_dir, or
 * backups/ in the database's folder.  Returns 0, or -1 after fail(). */
static int config_folder(const struct config *c, char *out, size_t size)
{
	char buf[1024];

	if (c->backup_dir[0])
		return path_fmt(out, size, "%s%s", c->backup_dir, "");
	if (path_fmt(buf, sizeof buf, "%s%s", c->db, ""))
		return -1;
	return path_fmt(out, size, "%s%s", dirname(buf), "/backups");
}

/* 1 if path names the database db or one of the files SQLite keeps
 * beside it: a backup written there would replace the live data. */
static int is_database(const char *db, const char *path)
{
	static const char *const beside[] = { "", "-wal", "-shm", "-journal" };
	struct stat a, b;
	char name[1100];

	for (size_t i = 0; i < sizeof beside / sizeof beside[0]; i++) {
		snprintf(name, sizeof name, "%s%s", db, beside[i]);
		if (!strcmp(name, path) ||
		    (stat(name, &a) == 0 && stat(path, &b) == 0 && a.st_dev == b.st_dev &&
		     a.st_ino == b.st_ino))
			return 1;
	}
	return 0;
}

/* 1 if name is a dated backup's, judge-YYYYMMDD-HHMMSS.db. */
static int dated_name(const char *name)
{
	if (strncmp(name, "judge-", 6) || strlen(name) != 6 + STAMP_LEN + 3 ||
	    strcmp(name + 6 + STAMP_LEN, ".db"))
		return 0;
	for (int i = 0; i < STAMP_LEN; i++)
		if (i == 8 ? name[6 + i] != '-' : (name[6 + i] < '0' || name[6 + i] > '9'))
			return 0;
	return 1;
}

/* 1 if name is a temporary file a killed dated backup left behind: the
 * copy (.judge-YYYYMMDD-HHMMSS.db.part) or SQLite's journal beside it
 * (.part-journal).  Nothing else in the folder is the backup's to
 * delete. */
static int part_name(const char *name)
{
	static const char *const tails[] = { ".part", ".part-journal" };
	char dated[64];

	for (size_t t = 0; t < sizeof tails / sizeof tails[0]; t++) {
		size_t n = strlen(name), k = strlen(tails[t]);
		if (name[0] != '.' || n <= k + 1 || n - k - 1 >= sizeof dated ||
		    strcmp(name + n - k, tails[t]))
			continue;
		snprintf(dated, sizeof dated, "%.*s", (int)(n - k - 1), name + 1);
		if (dated_name(dated))
			return 1;
	}
	return 0;
}

static int dated_filter(const struct dirent *e) { return dated_name(e->d_name); }
static int part_filter(const struct dirent *e) { return part_name(e->d_name); }

/* Delete, in dir, the files filter picks but the last keep of them in
 * name order (keep 0: none kept).  Returns how many were deleted, or -1
 * after fail(). */
static int prune(const char *dir, int (*filter)(const struct dirent *), long keep)
{
	struct dirent **list;
	int n = scandir(dir, &list, filter, alphasort), gone = 0, rc = 0;

	if (n < 0)
		return fail("cannot read the backup folder %s: %s", dir, strerror(errno));
	for (int i = 0; i < n; i++) {
		if (i < n - keep && rc == 0) {
			char path[2048];
			snprintf(path, sizeof path, "%s/%s", dir, list[i]->d_name);
			if (unlink(path) == 0)
				gone++;
			else
				rc = fail("cannot delete the old backup %s: %s", path, strerror(errno));
		}
		free(list[i]);
	}
	free(list);
	return rc ? rc : gone;
}

/* Make the folder dir (0750: a backup holds password hashes), lock it
 * against another backup, and return the lock's descriptor (an open
 * handle on dir, also used to sync it), or -1 after fail(). */
static int lock_folder(const char *dir)
{
	char probe[1100];
	int fd;

	snprintf(probe, sizeof probe, "%s/x", dir);
	if ((db_make_parent(dir) || (mkdir(dir, 0750) && errno != EEXIST)) ||
	    (fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) < 0)
		return fail("cannot make the backup folder %s: %s", dir, strerror(errno));
	if (flock(fd, LOCK_EX | LOCK_NB)) {
		close(fd);
		return fail("another backup is running in %s", dir);
	}
	return fd;
}

/* Copy the open database src into the new file tmp in one read
 * transaction, then make the copy a self-contained rollback-journal
 * database and check it.  Returns 0, or -1 after fail(). */
static int copy_database(sqlite3 *src, const char *tmp)
{
	sqlite3 *dst = NULL;
	sqlite3_backup *b;
	int rc, tries = 0;
	char check[64] = "";

	if (sqlite3_open_v2(tmp, &dst, SQLITE_OPEN_READWRITE, NULL) != SQLITE_OK) {
		rc = fail("%s: %s", tmp, dst ? sqlite3_errmsg(dst) : "cannot open");
		sqlite3_close(dst);
		return rc;
	}
	if (!(b = sqlite3_backup_init(dst, "main", src, "main"))) {
		rc = fail("cannot start the backup: %s", sqlite3_errmsg(dst));
		sqlite3_close(dst);
		return rc;
	}
	/* -1: every page in one step, so one snapshot of the source */
	while ((rc = sqlite3_backup_step(b, -1)) == SQLITE_BUSY || rc == SQLITE_LOCKED) {
		if (++tries > 200)
			break;
		sqlite3_sleep(50);
	}
	sqlite3_backup_finish(b);
	if (rc != SQLITE_DONE) {
		rc = fail("the backup failed: %s", rc == SQLITE_BUSY || rc == SQLITE_LOCKED ?
		          "the database stayed locked" : sqlite3_errstr(rc));
		sqlite3_close(dst);
		return rc;
	}
	sqlite3_exec(dst, "PRAGMA synchronous = FULL", NULL, NULL, NULL);
	if (sqlite3_exec(dst, "PRAGMA journal_mode = DELETE", NULL, NULL, NULL) != SQLITE_OK)
		rc = fail("%s: %s", tmp, sqlite3_errmsg(dst));
	else {
		sqlite3_stmt *st = NULL;
		if (sqlite3_prepare_v2(dst, "PRAGMA quick_check", -1, &st, NULL) == SQLITE_OK &&
		    sqlite3_step(st) == SQLITE_ROW)
			snprintf(check, sizeof check, "%s", (const char *)sqlite3_column_text(st, 0));
		sqlite3_finalize(st);
		rc = strcmp(check, "ok") ? fail("the copy %s fails its check: %s", tmp,
		                                check[0] ? check : sqlite3_errmsg(dst)) : 0;
	}
	if (sqlite3_close(dst) != SQLITE_OK && rc == 0)
		rc = fail("%s: cannot close the copy", tmp);
	return rc;
}

/* Back src up into final through tmp (in the same folder, whose open
 * handle dirfd is): create tmp, copy, rename, sync the folder.  Returns
 * 0, or -1 after fail() with tmp removed. */
static int backup_to(sqlite3 *src, const char *tmp, const char *final, int dirfd)
{
	int fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0640);

	if (fd < 0)
		return fail("cannot write %s: %s", tmp, strerror(errno));
	close(fd);
	if (copy_database(src, tmp)) {
		unlink(tmp);
		return -1;
	}
	if (rename(tmp, final)) {
		int e = errno;
		unlink(tmp);
		return fail("cannot rename %s to %s: %s", tmp, final, strerror(e));
	}
	if (fsync(dirfd))
		return fail("cannot sync the folder of %s: %s", final, strerror(errno));
	return 0;
}

int cmd_backup(struct judge *j, int argc, char **argv)
{
	int verbose = 0, fd, rc, removed = 0, into_file = 0;
	const char *target = NULL;
	char dir[1024], final[2048], tmp[2100], name[64];
	struct stat st;

	for (int i = 1; i < argc; i++)
		if (!strcmp(argv[i], "--verbose"))
			verbose = 1;
		else if (argv[i][0] && argv[i][0] != '-' && !target)
			target = argv[i];
		else {
			fprintf(stderr, "usage: judge backup [--verbose] [DIR | FILE]\n");
			return 2;
		}
	/* a folder is one that exists, or a name ending in "/"; anything
	 * else is the file to write */
	if (!target)
		rc = config_folder(&j->cfg, dir, sizeof dir);
	else if ((stat(target, &st) == 0 && S_ISDIR(st.st_mode)) || target[strlen(target) - 1] == '/')
		rc = path_fmt(dir, sizeof dir, "%s%s", target, "");
	else {
		char buf[1024];
		into_file = 1;
		rc = path_fmt(buf, sizeof buf, "%s%s", target, "") ||
		     path_fmt(dir, sizeof dir, "%s%s", dirname(buf), "") ||
		     path_fmt(final, sizeof final, "%s%s", target, "") ||
		     path_fmt(tmp, sizeof tmp, "%s%s", target, ".part") ? -1 : 0;
		if (!rc && (is_database(j->cfg.db, final) || is_database(j->cfg.db, tmp)))
			rc = fail("%s is the database itself (or a file SQLite keeps beside it): "
			          "a backup goes elsewhere", target);
	}
	if (rc)
		return fail_print(), 1;
	long long clock = judge_now(NULL);
	if (clock < 0) {
		fprintf(stderr, "judge: $JUDGE_NOW is not a time\n");
		return 2;
	}
	if ((fd = lock_folder(dir)) < 0)
		return fail_print(), 1;
	/* a name a backup already has (two within one second) takes the next
	 * second's: under the lock nobody else names one, names stay in the
	 * order they were made, and prune's pattern needs no new form */
	for (time_t now = (time_t)clock; !into_file; now++) {
		strftime(name, sizeof name, "judge-%Y%m%d-%H%M%S.db", gmtime(&now));
		if (path_fmt(final, sizeof final, "%s/%s", dir, name) ||
		    path_fmt(tmp, sizeof tmp, "%s/.%s.part", dir, name)) {
			close(fd);
			return fail_print(), 1;
		}
		if (access(final, F_OK) != 0)
			break;
	}
	/* under the lock no other backup runs: a .part file is a dead one's */
	if (into_file) {
		char journal[2200];
		snprintf(journal, sizeof journal, "%s-journal", tmp);
		rc = (unlink(tmp) && errno != ENOENT) || (unlink(journal) && errno != ENOENT) ?
		     fail("cannot delete %s: %s", tmp, strerror(errno)) : 0;
	}
	else
		rc = prune(dir, part_filter, 0) < 0 ? -1 : 0;
	if (rc == 0)
		rc = backup_to(j->db, tmp, final, fd);
	if (rc == 0 && !into_file && j->cfg.backup_keep > 0)
		rc = (removed = prune(dir, dated_filter, j->cfg.backup_keep)) < 0 ? -1 : 0;
	close(fd);
	if (rc)
		return fail_print(), 1;
	if (verbose && stat(final, &st) == 0)
		printf("judge: %s backed up into %s (%lld bytes, %d older backup%s removed)\n", j->cfg.db,
		       final, (long long)st.st_size, removed, removed == 1 ? "" : "s");
	return 0;
}
