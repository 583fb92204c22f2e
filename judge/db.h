/*
 * db.h - the SQLite store: opening, the schema and its migrations, and
 * transactions.
 *
 * Everything the Judge knows lives in one SQLite file in WAL mode with
 * foreign keys on.  A state change and the mail it causes are written in
 * one transaction (see outbox.h), so a crash leaves either both or
 * neither.  The schema's version is PRAGMA user_version; db_open applies
 * the missing migrations in order, each in its own transaction.
 */
#ifndef DB_H
#define DB_H

#include <sqlite3.h>
#include <stddef.h>
#include <sys/types.h>

#include "base/error.h"

/* Open (creating the file, and its folder if that folder's parent exists)
 * and migrate.  Returns the handle, or NULL after fail(). */
sqlite3 *db_open(const char *path);

/* mkdir -p of the folder holding path (mode 0755).  Returns 0, or -1
 * with errno set. */
int db_make_parent(const char *path);

/* The name of user uid into buf (size bytes), or its number: who owns
 * the database, in the messages that say it is not this user. */
const char *db_user_name(uid_t uid, char *buf, size_t size);

/* Close a handle from db_open, with the statements it keeps. */
void db_close(sqlite3 *db);

/* The frames in the log after the handle's last commit (db_open's WAL
 * hook counts them; db.c says when the log is checkpointed). */
int db_log_frames(sqlite3 *db);

/* on = 0: the handle's commits no longer checkpoint the log at SQLite's
 * 1,000 frames, for a process that checkpoints it itself between its
 * transactions (cron: judge/cmd/cron.c); on = 1 as db_open left it. */
void db_log_checkpoints(sqlite3 *db, int on);

/* The schema version this program writes. */
int db_schema_version(void);

/* BEGIN IMMEDIATE / COMMIT / ROLLBACK.  Return 0, or -1 after fail(). */
int db_begin(sqlite3 *db);
int db_commit(sqlite3 *db);
void db_rollback(sqlite3 *db);

/* Prepare sql; on error print it and abort: a statement that does not
 * prepare is a bug in the program, not a condition to handle. */
sqlite3_stmt *db_prepare(sqlite3 *db, const char *sql);

/* A prepared statement for sql, kept for the next call as db_run's are
 * (sql must be a string literal); give it back with db_release, which
 * resets it (or finalizes it, if the cache was full). */
sqlite3_stmt *db_stmt(sqlite3 *db, const char *sql);
void db_release(sqlite3 *db, sqlite3_stmt *st);

/* Run one statement with text/integer parameters given by fmt: each
 * character is 't' (const char *), 'i' (long long) or 'b' (blob: const
 * void *, int length).  Returns the sqlite3_step result code.  sql must
 * be a string literal (or live as long as the handle): the prepared
 * statement is kept, keyed by that pointer, for the next call. */
int db_run(sqlite3 *db, const char *sql, const char *fmt, ...);

/* The first column of the first row as an integer, or dflt. */
long long db_int(sqlite3 *db, const char *sql, const char *fmt, long long dflt, ...);

/* The first column of the first row as text into out (len bytes), or
 * "" if there is none. */
void db_text(sqlite3 *db, const char *sql, const char *fmt, char *out, size_t len, ...);

/* For code that dies if the store fails mid-way: the transaction is
 * rolled back by SQLite when the process exits, so nothing half-done
 * survives.  die()s, with die_code (error.h). */
void db_die(sqlite3 *db, const char *what) __attribute__((noreturn));

#endif
