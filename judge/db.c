/*
 * db.c - SQLite handling and the schema.
 */
#include <errno.h>
#include <libgen.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "judge/db.h"

/*
 * The migrations, in order: migration i brings user_version from i to
 * i + 1.  Never edit one that has shipped; add another.
 */
static const char *const migrations[] = {
	/* 1: games, players, orders, history, the outbox, seen messages */
	"CREATE TABLE games ("
	"  name TEXT PRIMARY KEY,"
	"  variant TEXT NOT NULL,"
	"  status TEXT NOT NULL CHECK (status IN ('forming','active','paused','finished')),"
	"  master_email TEXT NOT NULL,"
	"  master_pw TEXT NOT NULL,"
	"  phase_no INTEGER NOT NULL DEFAULT 0,"
	"  state TEXT,"
	"  seed BLOB,"
	"  next_seed BLOB,"
	"  deadline INTEGER,"
	"  period INTEGER NOT NULL,"
	"  grace INTEGER NOT NULL DEFAULT 0,"
	"  press TEXT NOT NULL DEFAULT 'white' CHECK (press IN ('white','grey','none')),"
	"  reminded INTEGER NOT NULL DEFAULT -1,"
	"  result TEXT,"
	"  created INTEGER NOT NULL);"
	"CREATE TABLE players ("
	"  game TEXT NOT NULL REFERENCES games(name) ON DELETE CASCADE,"
	"  email TEXT NOT NULL,"
	"  power INTEGER NOT NULL DEFAULT -1,"
	"  pw TEXT NOT NULL,"
	"  prefs TEXT NOT NULL DEFAULT '',"
	"  wait INTEGER NOT NULL DEFAULT 0,"
	"  draw INTEGER NOT NULL DEFAULT 0,"
	"  resigned INTEGER NOT NULL DEFAULT 0,"
	"  joined INTEGER NOT NULL,"
	"  PRIMARY KEY (game, email));"
	"CREATE UNIQUE INDEX players_power ON players(game, power) WHERE power >= 0;"
	"CREATE TABLE observers ("
	"  game TEXT NOT NULL REFERENCES games(name) ON DELETE CASCADE,"
	"  email TEXT NOT NULL,"
	"  PRIMARY KEY (game, email));"
	"CREATE TABLE orders ("
	"  game TEXT NOT NULL REFERENCES games(name) ON DELETE CASCADE,"
	"  phase_no INTEGER NOT NULL,"
	"  power INTEGER NOT NULL,"
	"  text TEXT NOT NULL,"
	"  received INTEGER NOT NULL,"
	"  PRIMARY KEY (game, phase_no, power));"
	"CREATE TABLE history ("
	"  game TEXT NOT NULL REFERENCES games(name) ON DELETE CASCADE,"
	"  phase_no INTEGER NOT NULL,"
	"  phase_name TEXT NOT NULL,"
	"  state TEXT NOT NULL,"
	"  seed BLOB,"
	"  report TEXT NOT NULL,"
	"  adjudicated INTEGER NOT NULL,"
	"  PRIMARY KEY (game, phase_no));"
	"CREATE TABLE seen ("
	"  message_id TEXT PRIMARY KEY,"
	"  received INTEGER NOT NULL,"
	"  outcome TEXT NOT NULL);"
	"CREATE TABLE outbox ("
	"  id INTEGER PRIMARY KEY,"
	"  message_id TEXT NOT NULL UNIQUE,"
	"  rcpt TEXT NOT NULL,"
	"  message BLOB NOT NULL,"
	"  created INTEGER NOT NULL,"
	"  status TEXT NOT NULL DEFAULT 'queued'"
	"    CHECK (status IN ('queued','sending','sent','failed','uncertain')),"
	"  attempts INTEGER NOT NULL DEFAULT 0,"
	"  next_try INTEGER NOT NULL DEFAULT 0,"
	"  last_error TEXT);"
	"CREATE INDEX outbox_pending ON outbox(status, next_try);",

	/* 2: each power's secret key for the game (struct variant_chance) */
	"ALTER TABLE players ADD COLUMN key BLOB;",
};

#define NMIGRATIONS ((int)(sizeof migrations / sizeof migrations[0]))

int db_schema_version(void)
{
	return NMIGRATIONS;
}

int db_die_code = 1;

void db_die(sqlite3 *db, const char *what)
{
	fprintf(stderr, "judge: database error in %s: %s\n", what, db ? sqlite3_errmsg(db) : "?");
	exit(db_die_code);
}

sqlite3_stmt *db_prepare(sqlite3 *db, const char *sql)
{
	sqlite3_stmt *st;
	if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK)
		db_die(db, sql);
	return st;
}

/*
 * Prepared statements kept for db_run and db_int, keyed by the address of
 * their SQL text: a mail or a phase runs the same dozen statements many
 * times, and preparing them was a quarter of `judge maildir`'s time.
 */
#define NCACHE 64
static struct {
	sqlite3 *db;
	const char *sql;
	sqlite3_stmt *st;
} cache[NCACHE];

static sqlite3_stmt *cached(sqlite3 *db, const char *sql)
{
	unsigned h = (unsigned)(((uintptr_t)sql >> 3) % NCACHE);
	for (int i = 0; i < NCACHE; i++, h = (h + 1) % NCACHE) {
		if (cache[h].db == db && cache[h].sql == sql)
			return cache[h].st;
		if (!cache[h].st) {
			if (sqlite3_prepare_v3(db, sql, -1, SQLITE_PREPARE_PERSISTENT, &cache[h].st, NULL) != SQLITE_OK)
				db_die(db, sql);
			cache[h].db = db;
			cache[h].sql = sql;
			return cache[h].st;
		}
	}
	return NULL;    /* full: the caller prepares a one-off statement */
}

/* Done with a statement: a cached one is reset for next time. */
static void done(sqlite3_stmt *st, int was_cached)
{
	if (was_cached) {
		sqlite3_reset(st);
		sqlite3_clear_bindings(st);
	} else {
		sqlite3_finalize(st);
	}
}

void db_close(sqlite3 *db)
{
	for (int i = 0; i < NCACHE; i++)
		if (cache[i].db == db) {
			sqlite3_finalize(cache[i].st);
			memset(&cache[i], 0, sizeof cache[i]);
		}
	sqlite3_close(db);
}

static void bind_all(sqlite3_stmt *st, const char *fmt, va_list ap)
{
	int i = 1;
	for (const char *f = fmt; f && *f; f++, i++) {
		if (*f == 't') {
			const char *s = va_arg(ap, const char *);
			if (s)
				sqlite3_bind_text(st, i, s, -1, SQLITE_TRANSIENT);
			else
				sqlite3_bind_null(st, i);
		} else if (*f == 'i') {
			sqlite3_bind_int64(st, i, va_arg(ap, long long));
		} else if (*f == 'b') {
			const void *p = va_arg(ap, const void *);
			int n = va_arg(ap, int);
			sqlite3_bind_blob(st, i, p, n, SQLITE_TRANSIENT);
		}
	}
}

int db_run(sqlite3 *db, const char *sql, const char *fmt, ...)
{
	va_list ap;
	sqlite3_stmt *st = cached(db, sql);
	int keep = st != NULL, rc;

	if (!st)
		st = db_prepare(db, sql);
	va_start(ap, fmt);
	bind_all(st, fmt, ap);
	va_end(ap);
	rc = sqlite3_step(st);
	done(st, keep);
	if (rc != SQLITE_DONE && rc != SQLITE_ROW && rc != SQLITE_CONSTRAINT)
		db_die(db, sql);
	return rc;
}

long long db_int(sqlite3 *db, const char *sql, const char *fmt, long long dflt, ...)
{
	va_list ap;
	sqlite3_stmt *st = cached(db, sql);
	int keep = st != NULL;
	long long v = dflt;

	if (!st)
		st = db_prepare(db, sql);
	va_start(ap, dflt);
	bind_all(st, fmt, ap);
	va_end(ap);
	if (sqlite3_step(st) == SQLITE_ROW && sqlite3_column_type(st, 0) != SQLITE_NULL)
		v = sqlite3_column_int64(st, 0);
	done(st, keep);
	return v;
}

int db_begin(sqlite3 *db)
{
	char *msg = NULL;
	if (sqlite3_exec(db, "BEGIN IMMEDIATE", NULL, NULL, &msg) != SQLITE_OK) {
		fprintf(stderr, "judge: cannot begin a transaction: %s\n", msg ? msg : "?");
		sqlite3_free(msg);
		return -1;
	}
	return 0;
}

int db_commit(sqlite3 *db)
{
	char *msg = NULL;
	if (sqlite3_exec(db, "COMMIT", NULL, NULL, &msg) != SQLITE_OK) {
		fprintf(stderr, "judge: cannot commit: %s\n", msg ? msg : "?");
		sqlite3_free(msg);
		return -1;
	}
	return 0;
}

void db_rollback(sqlite3 *db)
{
	sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
}

/* mkdir -p of the folder holding path. */
static int make_parent(const char *path)
{
	char buf[1024], *dir;
	snprintf(buf, sizeof buf, "%s", path);
	dir = dirname(buf);
	for (char *p = dir + 1; *p; p++)
		if (*p == '/') {
			*p = '\0';
			if (mkdir(dir, 0755) && errno != EEXIST)
				return -1;
			*p = '/';
		}
	return mkdir(dir, 0755) && errno != EEXIST ? -1 : 0;
}

static int migrate(sqlite3 *db, char *err, size_t errlen)
{
	int version = (int)db_int(db, "PRAGMA user_version", "", 0);

	if (version > NMIGRATIONS) {
		snprintf(err, errlen, "database schema %d is newer than this judge (%d)", version, NMIGRATIONS);
		return -1;
	}
	for (; version < NMIGRATIONS; version++) {
		char *msg = NULL, pragma[64];
		if (db_begin(db))
			return -1;
		snprintf(pragma, sizeof pragma, "PRAGMA user_version = %d", version + 1);
		if (sqlite3_exec(db, migrations[version], NULL, NULL, &msg) != SQLITE_OK ||
		    sqlite3_exec(db, pragma, NULL, NULL, &msg) != SQLITE_OK) {
			snprintf(err, errlen, "migration %d failed: %s", version + 1, msg ? msg : "?");
			sqlite3_free(msg);
			db_rollback(db);
			return -1;
		}
		if (db_commit(db))
			return -1;
	}
	return 0;
}

sqlite3 *db_open(const char *path, char *err, size_t errlen)
{
	sqlite3 *db = NULL;

	if (make_parent(path)) {
		snprintf(err, errlen, "cannot create the folder for %s", path);
		return NULL;
	}
	if (sqlite3_open(path, &db) != SQLITE_OK) {
		snprintf(err, errlen, "%s: %s", path, db ? sqlite3_errmsg(db) : "cannot open");
		db_close(db);
		return NULL;
	}
	sqlite3_busy_timeout(db, 10000);
	sqlite3_exec(db, "PRAGMA journal_mode = WAL", NULL, NULL, NULL);
	/* FULL: a commit must survive a power cut, because the message it
	 * answers is moved out of Maildir/new right after it */
	sqlite3_exec(db, "PRAGMA synchronous = FULL", NULL, NULL, NULL);
	sqlite3_exec(db, "PRAGMA foreign_keys = ON", NULL, NULL, NULL);
	if (migrate(db, err, errlen)) {
		db_close(db);
		return NULL;
	}
	return db;
}
