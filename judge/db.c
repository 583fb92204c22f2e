/*
 * db.c - the SQLite store (see db.h): the schema as a list of
 * migrations, statement helpers, transactions and opening.
 *
 * The schema is never written as it is today but as the migrations that
 * lead to it, so an old database and a new one take the same path and a
 * migration, once shipped, is never edited.  db_run and db_int bind by a
 * format string and keep their statements prepared, because a mail runs
 * the same dozen statements many times; an SQL error that no caller can
 * handle is db_die, not a code every caller would have to pass up.
 */
#include <assert.h>
#include <errno.h>
#include <libgen.h>
#include <pwd.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "judge/address.h"
#include "judge/db.h"
#include "judge/dbmem.h"
#include "judge/password.h"
#include "judge/walopen.h"
#include "judge/writelock.h"
#include "base/strbuf.h"

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

	/* 3: seats and powers (each power's game key moves with it), statuses of the lifecycle (lifecycle.h), a
	 * paused game's time left in its own column, periods per phase kind,
	 * standing instructions.  games is rebuilt for its new CHECK; a
	 * paused game's deadline column held the time left, which moves. */
	"CREATE TABLE games_new ("
	"  name TEXT PRIMARY KEY,"
	"  variant TEXT NOT NULL,"
	"  status TEXT NOT NULL CHECK (status IN"
	"    ('forming','active','paused','suspended','finished','terminated')),"
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
	"  created INTEGER NOT NULL,"
	"  paused_left INTEGER NOT NULL DEFAULT 0,"
	"  fault TEXT);"
	"INSERT INTO games_new (name, variant, status, master_email, master_pw, phase_no, state,"
	"  seed, next_seed, deadline, period, grace, press, reminded, result, created, paused_left)"
	" SELECT name, variant, status, master_email, master_pw, phase_no, state, seed, next_seed,"
	"  CASE status WHEN 'paused' THEN 0 ELSE deadline END, period, grace, press, reminded,"
	"  result, created, CASE status WHEN 'paused' THEN deadline ELSE 0 END FROM games;"
	"DROP TABLE games;"
	"ALTER TABLE games_new RENAME TO games;"
	"ALTER TABLE players RENAME COLUMN power TO seat;"
	"CREATE TABLE seat_powers ("
	"  game TEXT NOT NULL REFERENCES games(name) ON DELETE CASCADE,"
	"  seat INTEGER NOT NULL,"
	"  power INTEGER NOT NULL,"
	"  key BLOB,"
	"  PRIMARY KEY (game, power));"
	"INSERT INTO seat_powers (game, seat, power, key)"
	" SELECT game, seat, seat, key FROM players WHERE seat >= 0;"
	"ALTER TABLE players DROP COLUMN key;"
	"CREATE TABLE periods ("
	"  game TEXT NOT NULL REFERENCES games(name) ON DELETE CASCADE,"
	"  kind TEXT NOT NULL,"
	"  seconds INTEGER NOT NULL,"
	"  PRIMARY KEY (game, kind));"
	"CREATE TABLE standing ("
	"  game TEXT NOT NULL REFERENCES games(name) ON DELETE CASCADE,"
	"  power INTEGER NOT NULL,"
	"  text TEXT NOT NULL,"
	"  updated INTEGER NOT NULL,"
	"  PRIMARY KEY (game, power));",

	/* 4: against hostile mail.  A Message-ID is seen per sender, so
	 * nobody can use up someone else's (rows from before have sender '',
	 * matched for any sender); each attempt at a message is counted
	 * before it is parsed, and one that keeps failing is quarantined;
	 * failed password guesses, first bindings of an address to a role
	 * (REFUSE undoes them), and press counted per phase. */
	"CREATE TABLE seen_new ("
	"  sender TEXT NOT NULL,"
	"  message_id TEXT NOT NULL,"
	"  received INTEGER NOT NULL,"
	"  outcome TEXT NOT NULL,"
	"  PRIMARY KEY (sender, message_id));"
	"INSERT INTO seen_new SELECT '', message_id, received, outcome FROM seen;"
	"DROP TABLE seen;"
	"ALTER TABLE seen_new RENAME TO seen;"
	"CREATE INDEX seen_id ON seen(message_id);"
	"CREATE TABLE attempts ("
	"  hash TEXT PRIMARY KEY,"
	"  tries INTEGER NOT NULL,"
	"  last INTEGER NOT NULL);"
	"CREATE TABLE quarantine ("
	"  id INTEGER PRIMARY KEY,"
	"  hash TEXT NOT NULL,"
	"  received INTEGER NOT NULL,"
	"  tries INTEGER NOT NULL,"
	"  message BLOB,"
	"  path TEXT,"
	"  released INTEGER);"
	"CREATE TABLE guesses ("
	"  game TEXT NOT NULL,"
	"  who TEXT NOT NULL,"
	"  failures INTEGER NOT NULL,"
	"  since INTEGER NOT NULL,"
	"  told INTEGER NOT NULL DEFAULT 0,"
	"  PRIMARY KEY (game, who));"
	"CREATE TABLE bindings ("
	"  code TEXT PRIMARY KEY,"
	"  email TEXT NOT NULL,"
	"  game TEXT NOT NULL,"
	"  role TEXT NOT NULL,"
	"  created INTEGER NOT NULL);"
	"CREATE TABLE press_log ("
	"  game TEXT NOT NULL,"
	"  phase_no INTEGER NOT NULL,"
	"  seat INTEGER NOT NULL,"
	"  sent INTEGER NOT NULL);"
	"CREATE INDEX press_log_phase ON press_log(game, phase_no, seat);",

	/* 5: against loops: what kind of mail each outgoing message is (a
	 * reply to a mail is rate-limited per address; results are not), and
	 * when the admin was last told that an address's replies were held */
	"ALTER TABLE outbox ADD COLUMN kind TEXT NOT NULL DEFAULT 'mail';"
	"CREATE INDEX outbox_replies ON outbox(rcpt, created) WHERE kind = 'reply';"
	"CREATE TABLE reply_limits ("
	"  rcpt TEXT PRIMARY KEY,"
	"  told INTEGER NOT NULL);",

	/* 6: press "any" (white unless the sender writes PRESS GREY); games is
	 * rebuilt for its new CHECK, as in 3 */
	"CREATE TABLE games_new ("
	"  name TEXT PRIMARY KEY,"
	"  variant TEXT NOT NULL,"
	"  status TEXT NOT NULL CHECK (status IN"
	"    ('forming','active','paused','suspended','finished','terminated')),"
	"  master_email TEXT NOT NULL,"
	"  master_pw TEXT NOT NULL,"
	"  phase_no INTEGER NOT NULL DEFAULT 0,"
	"  state TEXT,"
	"  seed BLOB,"
	"  next_seed BLOB,"
	"  deadline INTEGER,"
	"  period INTEGER NOT NULL,"
	"  grace INTEGER NOT NULL DEFAULT 0,"
	"  press TEXT NOT NULL DEFAULT 'white' CHECK (press IN ('white','grey','none','any')),"
	"  reminded INTEGER NOT NULL DEFAULT -1,"
	"  result TEXT,"
	"  created INTEGER NOT NULL,"
	"  paused_left INTEGER NOT NULL DEFAULT 0,"
	"  fault TEXT);"
	"INSERT INTO games_new SELECT name, variant, status, master_email, master_pw, phase_no,"
	"  state, seed, next_seed, deadline, period, grace, press, reminded, result, created,"
	"  paused_left, fault FROM games;"
	"DROP TABLE games;"
	"ALTER TABLE games_new RENAME TO games;",

	/* 7: the standing instructions each phase was adjudicated with, so
	 * that replay uses those and not the seat's instructions of today.
	 * Phases stored before this have none recorded and replay with none:
	 * only a game that used standing orders on a schema 3 to 6 Judge
	 * (standing came with 3) can differ. */
	"CREATE TABLE standing_used ("
	"  game TEXT NOT NULL REFERENCES games(name) ON DELETE CASCADE,"
	"  phase_no INTEGER NOT NULL,"
	"  power INTEGER NOT NULL,"
	"  text TEXT NOT NULL,"
	"  PRIMARY KEY (game, phase_no, power));",

	/* 8: when a message was claimed for sending, so that only a claim
	 * older than any live sender's is taken for an interrupted one (a
	 * claim from before has none, and is old) */
	"ALTER TABLE outbox ADD COLUMN claimed INTEGER;",

	/* 9: the hash of the variant's data when the game started, so that
	 * replay and adjudication can say when the data changed under a
	 * game (games started before have none, and are not judged) */
	"ALTER TABLE games ADD COLUMN data_hash TEXT;",

	/* 10: the phase whose late seats were told, so that they are told at
	 * the deadline itself, once, grace or not */
	"ALTER TABLE games ADD COLUMN late_told INTEGER NOT NULL DEFAULT -1;",

	/* 11: each address's time zone (SET TIMEZONE), an IANA name: it belongs
	 * to the address, not to a seat, because one person plays several
	 * games from one address and reads every game's mail in one zone */
	"CREATE TABLE zones ("
	"  email TEXT PRIMARY KEY COLLATE NOCASE,"
	"  zone TEXT NOT NULL);",

	/* 12: draws, lateness and the master's tools (issue 12).  games: a
	 * draw names its powers (nodias), how many phases late in a row
	 * abandon a power (NULL: the config's abandon_after), reminders
	 * copied to the master.  players: the powers a NODIAS vote names
	 * (letters), the power conceded to, phases late in a row, how a
	 * player left (resigned, abandoned, ejected); a seat left by one
	 * player can be taken by another, so only the players still in hold
	 * a seat uniquely.  takeovers: who asked for a vacant seat; absences:
	 * announced absences and the master's word; master_log: every master
	 * command.  history holds the rows in force; a phase ROLLBACK undid
	 * moves to history_superseded, kept, with the time it was undone and
	 * the standing instructions it had used. */
	"ALTER TABLE games ADD COLUMN nodias INTEGER NOT NULL DEFAULT 0;"
	"ALTER TABLE games ADD COLUMN abandon_after INTEGER;"
	"ALTER TABLE games ADD COLUMN master_copy INTEGER NOT NULL DEFAULT 0;"
	"ALTER TABLE players ADD COLUMN draw_with TEXT NOT NULL DEFAULT '';"
	"ALTER TABLE players ADD COLUMN concede INTEGER NOT NULL DEFAULT -1;"
	"ALTER TABLE players ADD COLUMN late_run INTEGER NOT NULL DEFAULT 0;"
	"ALTER TABLE players ADD COLUMN left_how TEXT;"
	"UPDATE players SET left_how = 'resigned' WHERE resigned = 1;"
	"DROP INDEX players_power;"
	"CREATE UNIQUE INDEX players_seat ON players(game, seat) WHERE seat >= 0 AND resigned = 0;"
	"CREATE TABLE takeovers ("
	"  game TEXT NOT NULL REFERENCES games(name) ON DELETE CASCADE,"
	"  seat INTEGER NOT NULL,"
	"  email TEXT NOT NULL,"
	"  pw TEXT NOT NULL,"
	"  asked INTEGER NOT NULL,"
	"  PRIMARY KEY (game, seat, email));"
	"CREATE TABLE absences ("
	"  id INTEGER PRIMARY KEY,"
	"  game TEXT NOT NULL REFERENCES games(name) ON DELETE CASCADE,"
	"  seat INTEGER NOT NULL,"
	"  start INTEGER NOT NULL,"
	"  until INTEGER NOT NULL,"
	"  status TEXT NOT NULL DEFAULT 'asked' CHECK (status IN ('asked','granted','refused')),"
	"  asked INTEGER NOT NULL);"
	"CREATE TABLE master_log ("
	"  id INTEGER PRIMARY KEY,"
	"  game TEXT NOT NULL REFERENCES games(name) ON DELETE CASCADE,"
	"  phase_no INTEGER NOT NULL,"
	"  at INTEGER NOT NULL,"
	"  line TEXT NOT NULL);"
	"CREATE TABLE history_superseded ("
	"  game TEXT NOT NULL REFERENCES games(name) ON DELETE CASCADE, phase_no INTEGER NOT NULL,"
	"  phase_name TEXT NOT NULL, state TEXT NOT NULL, seed BLOB, report TEXT NOT NULL,"
	"  adjudicated INTEGER NOT NULL, superseded INTEGER NOT NULL, standing TEXT);",
	/* 13: map pictures (judge/picture.c), one per phase and game, not one
	 * per recipient: a mail that carries one names it (outbox.picture)
	 * and it is put in at delivery; phase_no -1 is the starting position.
	 * SET NOMAP: for a player (players.nomap) or, by the master, for the
	 * whole game (games.nomap) */
	"CREATE TABLE pictures ("
	"  id INTEGER PRIMARY KEY,"
	"  game TEXT NOT NULL REFERENCES games(name) ON DELETE CASCADE,"
	"  phase_no INTEGER NOT NULL,"
	"  phase_name TEXT NOT NULL,"
	"  file TEXT NOT NULL,"
	"  png BLOB NOT NULL,"
	"  UNIQUE (game, phase_no));"
	"ALTER TABLE outbox ADD COLUMN picture INTEGER REFERENCES pictures(id) ON DELETE SET NULL;"
	"ALTER TABLE players ADD COLUMN nomap INTEGER NOT NULL DEFAULT 0;"
	"ALTER TABLE games ADD COLUMN nomap INTEGER NOT NULL DEFAULT 0;",

	/* 14: what processing a phase did to its players' lateness
	 * (judge/lateness.c), so that ROLLBACK can undo it: for each player
	 * whose count it changed, the seat they played then, the count
	 * before it (players.late_run) and whether it abandoned the seat
	 * (the seat is kept because a player may have moved to another since).  A row ROLLBACK undid stays, marked
	 * with the time (superseded), as history_superseded keeps the
	 * results; only the rows in force are unique.  Phases processed
	 * before this have no rows, and ROLLBACK leaves their lateness. */
	"CREATE TABLE lateness_record ("
	"  game TEXT NOT NULL REFERENCES games(name) ON DELETE CASCADE,"
	"  phase_no INTEGER NOT NULL,"
	"  email TEXT NOT NULL,"
	"  seat INTEGER NOT NULL,"
	"  late_run INTEGER NOT NULL,"
	"  abandoned INTEGER NOT NULL,"
	"  superseded INTEGER);"
	"CREATE UNIQUE INDEX lateness_in_force ON lateness_record(game, phase_no, email)"
	"  WHERE superseded IS NULL;",

	/* 15: a bounded database (judge/prune.c).  A reply held back by
	 * max_replies_per_hour is recorded as who, when, its subject, size
	 * and why, not built and kept whole (those held before are moved
	 * here); the indexes let cron find seen and sent mail past its age */
	"CREATE TABLE held ("
	"  id INTEGER PRIMARY KEY,"
	"  rcpt TEXT NOT NULL,"
	"  created INTEGER NOT NULL,"
	"  subject TEXT NOT NULL,"
	"  bytes INTEGER NOT NULL,"
	"  why TEXT NOT NULL);"
	"CREATE INDEX held_created ON held(created);"
	"INSERT INTO held (rcpt, created, subject, bytes, why)"
	"  SELECT rcpt, created, '', length(message), last_error FROM outbox"
	"  WHERE status = 'failed' AND kind = 'reply' AND last_error LIKE 'held:%';"
	"DELETE FROM outbox WHERE status = 'failed' AND kind = 'reply' AND last_error LIKE 'held:%';"
	"CREATE INDEX seen_received ON seen(received);"
	"CREATE INDEX outbox_sent ON outbox(created) WHERE status = 'sent';",

	/* 16: wrong passwords counted per sender too (judge/guard.c), the
	 * address in its counted form (judge/address.h), so that one
	 * address guessing is stopped in the whole game while the seat's
	 * own address, whose guesses count only here, is never shut out by
	 * others'; guesses keeps the count of the others per seat */
	"CREATE TABLE guess_senders ("
	"  game TEXT NOT NULL,"
	"  sender TEXT NOT NULL,"
	"  failures INTEGER NOT NULL,"
	"  since INTEGER NOT NULL,"
	"  PRIMARY KEY (game, sender));",

	/* 17: each mail's recipient also as address_counted (judge/address.h),
	 * so that the replies an hour to one person are counted by an index
	 * however its address is spelt */
	"ALTER TABLE outbox ADD COLUMN rcpt_key TEXT;"
	"UPDATE outbox SET rcpt_key = address_counted(rcpt);"
	"CREATE INDEX outbox_reply_keys ON outbox(rcpt_key, created) WHERE kind = 'reply';",

	/* 18: when each picture was drawn, for cron's keep_picture_days
	 * (judge/picture.c).  A picture stored before has no time of its own:
	 * its phase's history row gives when it was processed (the start's,
	 * the first phase's), else the game's creation */
	"ALTER TABLE pictures ADD COLUMN drawn INTEGER NOT NULL DEFAULT 0;"
	"UPDATE pictures SET drawn = coalesce((SELECT adjudicated FROM history h"
	"  WHERE h.game = pictures.game AND h.phase_no = max(pictures.phase_no, 0)),"
	"  (SELECT created FROM games WHERE name = pictures.game), 0);"
	"CREATE INDEX pictures_drawn ON pictures(drawn);",

	/* 19: the game's public record of press (judge/mailcmd/press.c): each
	 * broadcast, as everyone in the game read it, for HISTORY and the web
	 * pages.  Press to some powers only is never kept, and a grey
	 * broadcast is kept without its sender (signer NULL), so that the
	 * record can be shown to anyone without betraying who wrote it */
	"CREATE TABLE broadcasts ("
	"  id INTEGER PRIMARY KEY,"
	"  game TEXT NOT NULL REFERENCES games(name) ON DELETE CASCADE,"
	"  phase_no INTEGER NOT NULL,"
	"  phase_name TEXT NOT NULL,"
	"  sent INTEGER NOT NULL,"
	"  signer TEXT,"
	"  text TEXT NOT NULL);"
	"CREATE INDEX broadcasts_game ON broadcasts(game, phase_no);",

	/* 20: the static web site (judge/web.h).  A game its master set
	 * private (SET PRIVATE) is left out; a player's address is shown only
	 * if they said SET PUBLIC ADDRESS.  web_pages: each phase page written
	 * into the config's web_dir, as the history row it showed (its time)
	 * and whether it had a next link; web_games: each game's signature
	 * when its pages were last written and its row of the site's index,
	 * so that cron visits only the games that changed */
	"ALTER TABLE games ADD COLUMN web_private INTEGER NOT NULL DEFAULT 0;"
	"ALTER TABLE players ADD COLUMN public_address INTEGER NOT NULL DEFAULT 0;"
	"CREATE TABLE web_pages ("
	"  game TEXT NOT NULL REFERENCES games(name) ON DELETE CASCADE,"
	"  phase_no INTEGER NOT NULL,"
	"  adjudicated INTEGER NOT NULL,"
	"  has_next INTEGER NOT NULL,"
	"  PRIMARY KEY (game, phase_no));"
	"CREATE TABLE web_games ("
	"  game TEXT PRIMARY KEY REFERENCES games(name) ON DELETE CASCADE,"
	"  sig TEXT NOT NULL,"
	"  row TEXT NOT NULL);",

	/* 21: the phase in which a player left the game (resigned, ejected,
	 * abandoned, refused): its number, not a time, because a mail and the
	 * run that processes a phase may carry the same second; so that
	 * SUMMARY can say "until <phase>" of a leaver nobody followed.  NULL
	 * for a player still in, and for those who left before this column,
	 * whose phase was never kept */
	"ALTER TABLE players ADD COLUMN left_phase INTEGER;",

	/* 22: the game folders the web site's writer made
	 * in web_dir, kept apart from web_games because that row goes with
	 * its game (ON DELETE CASCADE) and the folder must not: the writer
	 * removes the folder of a game gone from the database, and only a
	 * folder named here.  Those it made already are web_games' */
	"CREATE TABLE web_folders (game TEXT PRIMARY KEY);"
	"INSERT INTO web_folders (game) SELECT game FROM web_games;",
};

#define NMIGRATIONS ((int)(sizeof migrations / sizeof migrations[0]))

int db_schema_version(void)
{
	return NMIGRATIONS;
}

void db_die(sqlite3 *db, const char *what)
{
	die("database error in %s: %s", what, db ? sqlite3_errmsg(db) : "?");
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

sqlite3_stmt *db_stmt(sqlite3 *db, const char *sql)
{
	sqlite3_stmt *st = cached(db, sql);
	return st ? st : db_prepare(db, sql);
}

void db_release(sqlite3 *db, sqlite3_stmt *st)
{
	int was_cached = 0;

	for (int i = 0; i < NCACHE && !was_cached; i++)
		was_cached = cache[i].db == db && cache[i].st == st;
	done(st, was_cached);
}

/*
 * The checkpoint.  SQLite copies the log into the database when the last
 * connection closes: two fdatasyncs (the log, the database), the pages
 * written into the database and the log truncated, then one more sync
 * for the log's new header at the next commit, in every process, though
 * a receive adds some fourteen frames.  Left in the log, those frames
 * cost the next process their reading when it rebuilds the log's index
 * at open (SQLite empties the -shm of a database nobody has open), about
 * 5 K instructions and a pread each.  So a process checkpoints at its
 * close only when its last commit left the log at CKPT_FRAMES frames or
 * more: 100, about seven receives, cost least of the counts from 0 to
 * 400 (bench/README.md, "recv7").  Nothing is less safe for it: a FULL
 * commit syncs the log, whose frames are the database's to every later
 * process whether or not they were copied, and a kill or a power cut
 * during a checkpoint leaves them in the log.  SQLite's own
 * autocheckpoint, which this hook replaces, is kept for a long process
 * that commits without closing.
 */
#define CKPT_FRAMES 100
#define AUTOCKPT_FRAMES 1000

/* Each open connection's log, as its WAL hook counts it; found again by
 * the handle (db_log_frames), since SQLite hands a hook's argument back
 * only to the next sqlite3_wal_hook.  A process has one or two. */
struct wal_log {
	sqlite3 *db;
	int frames;             /* in the log after the last commit */
	int checkpoints;        /* 0 while its owner checkpoints it itself */
	struct wal_log *next;
};
static struct wal_log *logs;

/* Where db's log is linked in logs (*result NULL if it is not). */
static struct wal_log **log_at(sqlite3 *db)
{
	struct wal_log **at = &logs;

	while (*at && (*at)->db != db)
		at = &(*at)->next;
	return at;
}

static struct wal_log *log_of(sqlite3 *db)
{
	return *log_at(db);
}

static int on_wal_commit(void *arg, sqlite3 *db, const char *name, int frames)
{
	struct wal_log *l = arg;

	l->frames = frames;
	if (l->checkpoints && frames >= AUTOCKPT_FRAMES)
		sqlite3_wal_checkpoint(db, name);
	return SQLITE_OK;
}

int db_log_frames(sqlite3 *db)
{
	struct wal_log *l = log_of(db);

	assert(l != NULL);
	return l->frames;
}

void db_log_checkpoints(sqlite3 *db, int on)
{
	struct wal_log *l = log_of(db);

	assert(l != NULL);
	l->checkpoints = on;
}

/* The frames the log file holds, by its length: what a connection that
 * committed little or nothing itself closes on when other processes
 * filled the log (cron's parent, after its workers).  The Judge never
 * sets a page size, so a frame is SQLite's default 4,096 bytes and a
 * 24-byte header; a database made otherwise would only be checkpointed
 * sooner or later than CKPT_FRAMES says. */
static int log_file_frames(sqlite3 *db)
{
	sqlite3_file *f = NULL;
	sqlite3_int64 size = 0;

	if (sqlite3_file_control(db, "main", SQLITE_FCNTL_JOURNAL_POINTER, &f) != SQLITE_OK ||
	    !f || !f->pMethods || f->pMethods->xFileSize(f, &size) != SQLITE_OK || size <= 32)
		return 0;
	return (int)((size - 32) / (24 + 4096));
}

void db_close(sqlite3 *db)
{
	for (int i = 0; i < NCACHE; i++)
		if (cache[i].db == db) {
			sqlite3_finalize(cache[i].st);
			memset(&cache[i], 0, sizeof cache[i]);
		}
	if (db) {
		struct wal_log **at = log_at(db), *l = *at;
		int skip = (!l || l->frames < CKPT_FRAMES) && log_file_frames(db) < CKPT_FRAMES;
		sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, skip, NULL);
		if (l) {
			*at = l->next;
			sqlite3_wal_hook(db, NULL, NULL);
			free(l);
		}
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

void db_text(sqlite3 *db, const char *sql, const char *fmt, char *out, size_t len, ...)
{
	va_list ap;
	sqlite3_stmt *st = cached(db, sql);
	int keep = st != NULL;

	if (!st)
		st = db_prepare(db, sql);
	va_start(ap, len);
	bind_all(st, fmt, ap);
	va_end(ap);
	out[0] = '\0';
	if (sqlite3_step(st) == SQLITE_ROW && sqlite3_column_text(st, 0))
		snprintf(out, len, "%s", (const char *)sqlite3_column_text(st, 0));
	done(st, keep);
}

/* Run sql; returns 0, or -1 after fail() with what and SQLite's reason. */
static int exec(sqlite3 *db, const char *sql, const char *what)
{
	char *msg = NULL;
	int rc = 0;

	if (sqlite3_exec(db, sql, NULL, NULL, &msg) != SQLITE_OK)
		rc = fail("%s: %s", what, msg ? msg : sqlite3_errmsg(db));
	sqlite3_free(msg);
	return rc;
}

/* The file whose writers take turns (writelock.h); NULL for a database
 * in memory, which no other process can write. */
static const char *write_path(sqlite3 *db)
{
	const char *path = sqlite3_db_filename(db, "main");
	return path && path[0] ? path : NULL;
}

/* How long a writer waits for its turn before the command gives up (and
 * `receive` exits 75): as long as SQLite's busy timeout behind it. */
#define WRITE_WAIT_SECONDS 10

int db_begin(sqlite3 *db)
{
	const char *path = write_path(db);
	int turn = path ? writelock_take(path, WRITE_WAIT_SECONDS) : WRITELOCK_HELD;

	if (turn < 0)
		return -1;
	if (exec(db, "BEGIN IMMEDIATE", "cannot begin a transaction")) {
		if (turn == 0)
			writelock_drop(path);
		return -1;
	}
	return 0;
}

int db_commit(sqlite3 *db)
{
	const char *path = write_path(db);

	if (exec(db, "COMMIT", "cannot commit"))
		return -1;
	/* a failed COMMIT leaves the transaction open: the turn goes with
	 * the caller's ROLLBACK */
	if (path)
		writelock_drop(path);
	return 0;
}

void db_rollback(sqlite3 *db)
{
	const char *path = write_path(db);

	sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
	if (path)
		writelock_drop(path);
}

int db_make_parent(const char *path)
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

/* PRAGMA user_version, or -1 after fail(). */
static int schema_version(sqlite3 *db)
{
	sqlite3_stmt *st;
	int version = -1;

	if (sqlite3_prepare_v2(db, "PRAGMA user_version", -1, &st, NULL) == SQLITE_OK) {
		if (sqlite3_step(st) == SQLITE_ROW)
			version = sqlite3_column_int(st, 0);
		sqlite3_finalize(st);
	}
	if (version < 0)
		return fail("cannot read the schema version: %s", sqlite3_errmsg(db));
	if (version > NMIGRATIONS)
		return fail("database schema %d is newer than this judge (%d)", version, NMIGRATIONS);
	return version;
}

/*
 * Bring the schema up to date, each migration in its own transaction.
 * Foreign keys are off meanwhile, as SQLite's procedure for rebuilding a
 * table requires, and checked before they go back on.  A version that
 * cannot be read is an error, never a new database.
 *
 * Another process may be migrating the same file (a package upgrade's
 * `judge init` while mail arrives): the version is read again inside each
 * write transaction, so a migration is never applied twice; one that
 * waits longer than the busy timeout fails, and `receive` exits 75.
 */
static int migrate(sqlite3 *db)
{
	int version = schema_version(db);

	if (version < 0)
		return -1;
	if (version == NMIGRATIONS)
		return 0;
	if (exec(db, "PRAGMA foreign_keys = OFF", "cannot turn foreign keys off"))
		return -1;
	for (;;) {
		char pragma[64];
		if (db_begin(db))
			return -1;
		if ((version = schema_version(db)) < 0 || version == NMIGRATIONS) {
			db_rollback(db);
			return version < 0 ? -1 : 0;
		}
		snprintf(pragma, sizeof pragma, "PRAGMA user_version = %d", version + 1);
		if (exec(db, migrations[version], "migration") || exec(db, pragma, "migration")) {
			char why[600];
			snprintf(why, sizeof why, "%s", fail_text());
			db_rollback(db);
			return fail("migration %d failed: %s", version + 1, why);
		}
		if (db_int(db, "SELECT count(*) FROM pragma_foreign_key_check", "", 0)) {
			db_rollback(db);
			return fail("migration %d would break foreign keys", version + 1);
		}
		if (db_commit(db))
			return -1;
	}
}

const char *db_user_name(uid_t uid, char *buf, size_t size)
{
	struct passwd *pw = getpwuid(uid);
	if (pw)
		snprintf(buf, size, "%s", pw->pw_name);
	else
		snprintf(buf, size, "%lu", (unsigned long)uid);
	return buf;
}

/*
 * Whether this user can write the database and its folder (SQLite makes
 * the -wal and -shm files beside it).  Returns 0, or -1 after fail()
 * naming the user and the owner: the usual fault of an install where the
 * MTA runs the pipe as another user than the one who made the database.
 */
static int writable(const char *path)
{
	char buf[1024], me[64], owner[64];
	const char *what = path;
	struct stat st;

	snprintf(buf, sizeof buf, "%s", path);
	if (stat(path, &st) != 0 || access(path, R_OK | W_OK) == 0) {
		what = dirname(buf);
		if (stat(what, &st) != 0 || access(what, W_OK | X_OK) == 0)
			return 0;
	}
	return fail("%s: user %s cannot write it (its owner is %s); run the Judge as its owner",
	            what, db_user_name(geteuid(), me, sizeof me), db_user_name(st.st_uid, owner, sizeof owner));
}

/*
 * Make the folder that holds path if it is missing, but only that one and
 * only where its own parent exists: a mistyped --db (/nonexistent/x/y.db)
 * is an error, not a tree of folders made for it.  Returns 0, or -1
 * after fail().
 */
static int make_own_folder(const char *path)
{
	char buf[1024], up[1024], *dir;
	struct stat st;

	if (snprintf(buf, sizeof buf, "%s", path) >= (int)sizeof buf)
		return fail("%s: the path is too long", path);
	dir = dirname(buf);
	if (stat(dir, &st) == 0)
		return S_ISDIR(st.st_mode) ? 0 : fail("%s: %s is not a folder", path, dir);
	snprintf(up, sizeof up, "%s", dir);
	if (stat(dirname(up), &st) != 0 || !S_ISDIR(st.st_mode))
		return fail("%s: neither its folder %s nor that folder's parent exists", path, dir);
	if (mkdir(dir, 0755) && errno != EEXIST)
		return fail("%s: cannot create its folder %s: %s", path, dir, strerror(errno));
	return 0;
}

sqlite3 *db_open(const char *path)
{
	sqlite3 *db = NULL;

	if (make_own_folder(path))
		return NULL;
	if (writable(path))
		return NULL;
	/* The Judge runs no threads: SQLite's own mutexes and its count of
	 * allocated memory (taken under a mutex at every malloc) are work a
	 * receive pays for nothing, 0.4 M instructions of 8.5 M.  Both must be
	 * chosen before SQLite initialises; once it has (a second open), the
	 * calls are refused and change nothing. */
	static int configured;
	if (!configured) {
		sqlite3_config(SQLITE_CONFIG_SINGLETHREAD);
		sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
		dbmem_setup();
		configured = 1;
	}
	if (sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, walopen_vfs()) != SQLITE_OK) {
		fail("%s: %s", path, db ? sqlite3_errmsg(db) : "cannot open");
		db_close(db);
		return NULL;
	}
	dbmem_lookaside(db);
	/* behind the writers' turn (db_begin), for writers that do not take
	 * it: the admin's sqlite3, and a statement written outside
	 * db_begin */
	sqlite3_busy_timeout(db, WRITE_WAIT_SECONDS * 1000);
	/* before the migrations: one of them keys the outbox with it */
	if (address_counted_register(db) != SQLITE_OK) {
		fail("%s: %s", path, sqlite3_errmsg(db));
		db_close(db);
		return NULL;
	}
	sqlite3_exec(db, "PRAGMA journal_mode = WAL", NULL, NULL, NULL);
	/* FULL: a commit must survive a power cut, because the message it
	 * answers is moved out of Maildir/new right after it */
	sqlite3_exec(db, "PRAGMA synchronous = FULL", NULL, NULL, NULL);
	/* The WAL file stays when the last process closes the database (a
	 * WAL made anew costs a sync of the folder at its first commit; with
	 * frames in it, walopen.c spares that sync too), and a checkpoint
	 * (db_close, CKPT_FRAMES) empties it: frames left in it after a
	 * checkpoint are still valid to the next process, which knows nothing
	 * of the checkpoint, so it would read and checksum them all when it
	 * rebuilt the WAL index, and copy them again at its own checkpoint.
	 * Emptied, the next commit writes the log's header anew and syncs it
	 * (bench/README.md, "Syncs of one receive" and "recv7"). */
	int persist = 1;
	sqlite3_file_control(db, "main", SQLITE_FCNTL_PERSIST_WAL, &persist);
	sqlite3_exec(db, "PRAGMA journal_size_limit = 0", NULL, NULL, NULL);
	struct wal_log *log = xmalloc(sizeof *log);
	*log = (struct wal_log){ db, 0, 1, logs };
	logs = log;
	sqlite3_wal_hook(db, on_wal_commit, log);
	if (migrate(db) || exec(db, "PRAGMA foreign_keys = ON", "cannot turn foreign keys on")) {
		char why[600];
		snprintf(why, sizeof why, "%s", fail_text());
		db_close(db);
		fail("%s: %s", path, why);
		return NULL;
	}
	/* the passwords' verifiers are keyed by a file beside the database,
	 * which must never be in it (judge/password.c) */
	password_key_beside(path);
	return db;
}
