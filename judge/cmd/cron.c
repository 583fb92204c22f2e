/*
 * cron.c - `judge cron [--now TIME] [--verbose]`: adjudicate every game whose deadline
 * (plus grace) has passed, or whose orders are all in with nobody waiting;
 * remind players who have not ordered as a deadline nears.  Each game is
 * its own transaction, so one damaged game does not hold up the others:
 * a game whose state is damaged is suspended (a fault of that game), one
 * whose variant cannot be loaded is skipped and named (a fault of the
 * installation, which the admin fixes and the next run retries).
 * Quiet on success, so that a mail from the crontab means a problem;
 * --verbose names the games whose phases it processed.
 *
 * A due game's phase is adjudicated and its results picture, most of
 * its time, drawn before its write transaction, from a read snapshot
 * (phase_draft), so that drawing does not hold the writers' turn; the
 * transaction takes them only if its own inputs are the same (phase.h).
 * The games are shared by
 * cron_workers child processes, each with its own connection (none
 * crosses fork), while the parent waits: whatever befalls a worker, the
 * parent is there to say so and to finish the run.  Each worker takes the
 * next game from a counter in shared memory, so each game is claimed by
 * exactly one process and a slow game leaves no other worker idle, as a
 * split made in advance would; no claim is written to the database, so a
 * worker killed leaves nothing to clean up: its game's transaction rolls
 * back and the next run does it.  The games' outcomes come back through
 * the same shared memory, so that --verbose prints in the games' order.
 * What the pictures of a variant share (the region raster, most of a
 * process's first picture) is made in the parent before the fork, for the
 * workers to share.  The games' commits are synced once, after every
 * worker (take_games says why that is enough), and the log checkpointed
 * between games, outside the writers' turn; then pruning, the web site
 * and sending run once, in the parent.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "judge/cmd/commands.h"
#include "judge/db.h"
#include "judge/phase.h"
#include "judge/picture.h"
#include "judge/prune.h"
#include "judge/hooks.h"
#include "judge/send.h"
#include "judge/web.h"
#include "judge/writelock.h"

/* At most this many phases of one game per run: a phase nobody needs to
 * order in is processed at once, but never in an endless loop. */
#define MAX_PHASES_PER_RUN 8

/* take_games checkpoints the log when it has this many frames (4 KB
 * pages); a Classical game with its picture writes about 100. */
#define CHECKPOINT_FRAMES 4000

/* Whether g's late notice is to go now: at the deadline itself, grace
 * period or not, once a phase. */
static int late_due(sqlite3 *db, const struct game *g, long long now)
{
	return g->status == GS_ACTIVE && g->vs.pos && now >= g->deadline &&
	       db_int(db, "SELECT late_told FROM games WHERE name = ?", "t", -1, g->name) != g->phase_no;
}

/* Whether g's players are to be reminded now: before the deadline, in
 * the reminder window, once a phase (and only those who have not
 * ordered, which phase_remind finds).  Never in the run whose results
 * open the phase (a short retreat period starts inside the reminder
 * window): the next run reminds; run_game says processed. */
static int reminder_due(const struct config *c, const struct game *g, long long now)
{
	return g->status == GS_ACTIVE && g->reminded != g->phase_no && now < g->deadline &&
	       now >= g->deadline - c->reminder_hours * 3600;
}

/* The seats still without orders are told they are late, and the master
 * who is. */
static void tell_late(sqlite3 *db, const struct config *c, struct game *g, long long now)
{
	if (!late_due(db, g, now))
		return;
	phase_late(db, c, g, now);
	db_run(db, "UPDATE games SET late_told = ? WHERE name = ?", "it", (long long)g->phase_no, g->name);
}

/* Commit a game's turn (a crash point before it, for killsafe.test), or
 * roll it back if the commit fails.  Returns 0, or -1 said on stderr. */
MUST_CHECK static int commit_game(sqlite3 *db)
{
	crash_point("cron-before-commit");
	if (db_commit(db)) {
		fail_print();
		db_rollback(db);
		return -1;
	}
	return 0;
}

/* Whether g's phase is to be processed now: its deadline and grace
 * passed, or every order in with nobody waiting. */
static int due(sqlite3 *db, const struct game *g, long long now)
{
	return g->status == GS_ACTIVE && (now >= g->deadline + g->grace || phase_ready(db, g));
}

/* Whether g, read in a snapshot and not due, has nothing for run_game to
 * do: an active and readable game with no late notice and no reminder to
 * send. */
static int idle(sqlite3 *db, const struct config *c, const struct game *g, long long now)
{
	if (g->status != GS_ACTIVE || g->damaged || !g->vs.pos || late_due(db, g, now))
		return 0;
	if (!reminder_due(c, g, now))
		return 1;
	struct power_set missing = phase_missing(db, g);
	return pset_empty(&missing);
}

/* In a read transaction: work out g's results and draw their picture
 * into d if cron will process its phase, and say whether the game has
 * anything to do at all.  Writers go on meanwhile (WAL), and whatever
 * they change makes the draft's key differ, so it is worked out again
 * inside.  A game with nothing to do takes no write transaction: most of
 * the active games of a run, each of which used to take the writers'
 * turn, load the game again and commit nothing.  Deciding so on the
 * snapshot is what the write transaction would have decided had it run
 * at that moment; what comes in later is the next run's, as it would be
 * after that transaction.  Returns 1 if run_game is to go on. */
static int draft_game(sqlite3 *db, const struct config *c, const char *name, long long now,
                      struct phase_draft *d)
{
	struct game g;
	int todo = 1;

	if (sqlite3_exec(db, "BEGIN", NULL, NULL, NULL) != SQLITE_OK)
		return 1;               /* the transaction will see */
	if (!game_load(db, name, &g)) {
		if (!g.damaged && g.vs.pos && due(db, &g, now))
			phase_draft(db, &g, d);
		else
			todo = !idle(db, c, &g, now);
		game_free(&g);
	}
	sqlite3_exec(db, "COMMIT", NULL, NULL, NULL);
	return todo;
}

/* One game's turn of cron, in its own transaction.  Returns the phases
 * processed, or -1 if the game was skipped (said on stderr). */
MUST_CHECK static int run_game(sqlite3 *db, const struct config *c, const char *name, long long now)
{
	struct game g;
	struct phase_draft draft = PHASE_DRAFT_INIT;
	int processed = 0;

	if (!draft_game(db, c, name, now, &draft))
		return 0;
	if (db_begin(db)) {
		phase_draft_release(&draft);
		return fail_print();
	}
	if (game_load(db, name, &g)) {
		/* the installation's fault (its variant cannot be loaded): the
		 * game waits, untouched, and the other games go on */
		fprintf(stderr, "judge: game %s skipped: %s\n", name, fail_text());
		db_rollback(db);
		phase_draft_release(&draft);
		return -1;
	}
	if (game_suspend_damaged(db, c, &g, now)) {
		game_free(&g);
		phase_draft_release(&draft);
		/* skipped either way: suspended, or, if the commit failed (said
		 * on stderr), left as it was for the next run */
		if (commit_game(db))
			return -1;
		return -1;
	}
	tell_late(db, c, &g, now);
	while (processed < MAX_PHASES_PER_RUN && due(db, &g, now)) {
		/* the draft is of the first phase; a phase that follows at once
		 * (nobody to order in it) is drawn here */
		if (phase_process_drafted(db, c, &g, now, processed ? NULL : &draft)) {
			fprintf(stderr, "judge: game %s: %s\n", name, fail_text());
			break;
		}
		processed++;
	}
	phase_draft_release(&draft);
	/* a reminder before the deadline; after it, the late notice says it */
	if (!processed && reminder_due(c, &g, now)) {
		struct power_set missing = phase_missing(db, &g);
		if (!pset_empty(&missing))
			phase_remind(db, c, &g, now);
	}
	game_free(&g);
	if (commit_game(db))
		return -1;
	return processed;
}

/* What the workers share: the next game to claim, and each game's
 * outcome (run_game's, or NOT_RUN while no worker has finished it). */
#define NOT_RUN INT_MIN
struct claims {
	atomic_int next;
	int result[];
};

/* Claim games one by one until none is left.  Their commits are not
 * synced one by one (synchronous = NORMAL: SQLite then syncs the log only
 * when it checkpoints), but once, by sync_games after every worker: a
 * sync makes a commit survive a power cut, not a kill, and nothing that
 * rests on a game's commit leaves the Judge before that sync (the web
 * site and the mails come after it; a process that reads the new state
 * and answers for it commits, and so syncs the log whole, first).
 *
 * The log is checkpointed here, between games, not by SQLite inside a
 * COMMIT: that one runs while the writers' turn is held, and its two
 * syncs (about 15 ms each with a picture a game) kept the other worker,
 * and any receive, waiting for the turn.  A passive checkpoint takes no
 * writer's lock, so the others commit meanwhile.  It runs when the log
 * has grown by CHECKPOINT_FRAMES, more than SQLite's 1,000 pages: a page
 * that every game changes (the outbox's, the games' indices) is copied
 * and synced once a checkpoint, so fewer checkpoints write less.  The log
 * file keeps its size between them (journal_size_limit, which db_open
 * sets to 0: truncated, it would be grown block by block again). */
static void take_games(sqlite3 *db, const struct config *c, char **names, int n, long long now,
                       struct claims *cl)
{
	int i, frames, mark = 0;

	sqlite3_exec(db, "PRAGMA synchronous = NORMAL", NULL, NULL, NULL);
	sqlite3_exec(db, "PRAGMA journal_size_limit = -1", NULL, NULL, NULL);
	db_log_checkpoints(db, 0);
	while ((i = atomic_fetch_add(&cl->next, 1)) < n) {
		cl->result[i] = run_game(db, c, names[i], now);
		frames = db_log_frames(db);
		/* the log begins again once a checkpoint has copied it all
		 * and no reader still needs its frames (another worker's may);
		 * until then it grows, and is checkpointed as it grows */
		if (frames < mark)
			mark = 0;
		if (frames - mark >= CHECKPOINT_FRAMES) {
			sqlite3_wal_checkpoint_v2(db, NULL, SQLITE_CHECKPOINT_PASSIVE, NULL, NULL);
			mark = frames;
		}
	}
	db_log_checkpoints(db, 1);
	sqlite3_exec(db, "PRAGMA journal_size_limit = 0", NULL, NULL, NULL);
	sqlite3_exec(db, "PRAGMA synchronous = FULL", NULL, NULL, NULL);
}

/* The one sync of the games' commits (take_games): the log, which holds
 * every frame committed since the last checkpoint, whichever process
 * wrote it, and which a checkpoint synced before copying any of them into
 * the database.  Without a log there is nothing unsynced.  Returns 0, or
 * -1 after fail(). */
MUST_CHECK static int sync_games(const char *db)
{
	char wal[sizeof ((struct config *)0)->db + 8];
	int fd, rc;

	snprintf(wal, sizeof wal, "%s-wal", db);
	if ((fd = open(wal, O_RDONLY | O_CLOEXEC)) < 0)
		return errno == ENOENT ? 0 : fail("%s: %s", wal, strerror(errno));
	rc = fdatasync(fd);
	if (rc)
		fail("cannot sync %s: %s", wal, strerror(errno));
	close(fd);
	return rc ? -1 : 0;
}

/* A child's life: its own connection and turn file, games until none is
 * left.  Its outcome is in cl; its exit status says only whether it ran. */
static _Noreturn void worker(const struct config *c, char **names, int n, long long now,
                             struct claims *cl)
{
	writelock_after_fork();
	sqlite3 *db = db_open(c->db);
	if (!db) {
		fail_print();
		_exit(1);
	}
	take_games(db, c, names, n, now, cl);
	db_close(db);
	_exit(0);
}

/* the config's own limit; a machine with more cores gets this many */
#define MAX_WORKERS 256

/* How many processes share the games: the config's, or one per online
 * core; never more than there are games. */
static int workers_for(const struct config *c, int n)
{
	long w = c->cron_workers;

	if (w <= 0)
		w = sysconf(_SC_NPROCESSORS_ONLN);
	if (w < 1)
		w = 1;
	if (w > MAX_WORKERS)
		w = MAX_WORKERS;
	return w < n ? (int)w : n;
}

/* In the parent, before the workers fork: the fixed parts of the
 * pictures of each variant that a game due by its deadline plays, made
 * once here (picture_prepare), so that the workers share them copy on
 * write instead of each making them anew; the region raster alone is
 * most of a first picture's time.  A game ready before its deadline (its
 * orders all in) of another variant has its worker make them, as a run
 * with one worker does: finding those here would load every game. */
static void prepare_pictures(sqlite3 *db, long long now)
{
	sqlite3_stmt *st = db_prepare(db, "SELECT min(name) FROM games WHERE status = ? AND"
	                                  " deadline + grace <= ? GROUP BY variant");

	sqlite3_bind_text(st, 1, status_name(GS_ACTIVE), -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 2, now);
	while (sqlite3_step(st) == SQLITE_ROW) {
		struct game g;
		if (game_load(db, (const char *)sqlite3_column_text(st, 0), &g))
			continue;       /* its worker skips it, and says why */
		picture_prepare(&g);
		game_free(&g);
	}
	sqlite3_finalize(st);
}

/* Run the n games in workers_for() processes: in this one if that is
 * one, else in children while this one waits for them (j->db closed
 * across the forks and opened again), so that a worker killed at any
 * moment still leaves a parent to say so and to send what the others
 * committed.  The outcomes in cl.  Returns 0, or -1 if a child did not
 * finish (said on stderr); its unfinished game is left for the next run. */
MUST_CHECK static int run_games(struct judge *j, char **names, int n, long long now, struct claims *cl)
{
	int nworkers = workers_for(&j->cfg, n), nkids = 0, failed = 0;
	pid_t pid[MAX_WORKERS];

	if (nworkers <= 1) {
		take_games(j->db, &j->cfg, names, n, now, cl);
		return 0;
	}
	prepare_pictures(j->db, now);
	db_close(j->db);
	j->db = NULL;
	fflush(NULL);
	for (; nkids < nworkers; nkids++) {
		if ((pid[nkids] = fork()) < 0) {
			perror("judge: cron worker not started");
			break;          /* the others take its games */
		}
		if (!pid[nkids])
			worker(&j->cfg, names, n, now, cl);
	}
	for (int k = 0; k < nkids; k++) {
		int status = 0, rc;
		while ((rc = waitpid(pid[k], &status, 0)) < 0 && errno == EINTR)
			;           /* the child is still ours to wait for */
		if (rc > 0 && WIFEXITED(status) && WEXITSTATUS(status) == 0)
			continue;
		if (rc < 0)
			fprintf(stderr, "judge: cron worker %d lost: %s\n", (int)pid[k], strerror(errno));
		else if (WIFSIGNALED(status))
			fprintf(stderr, "judge: cron worker %d killed by signal %d\n", (int)pid[k], WTERMSIG(status));
		else
			fprintf(stderr, "judge: cron worker %d exited %d\n", (int)pid[k], WEXITSTATUS(status));
		failed = -1;
	}
	if ((j->db = db_open(j->cfg.db)) == NULL)
		return fail_print();
	/* no child started: the games are this process's */
	if (!nkids)
		take_games(j->db, &j->cfg, names, n, now, cl);
	return failed;
}

int cmd_cron(struct judge *j, int argc, char **argv)
{
	const char *now_arg = NULL;
	struct strbuf names = STRBUF_INIT;
	sqlite3_stmt *st;
	int failed = 0, verbose = 0, n = 0;

	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--now") && i + 1 < argc)
			now_arg = argv[++i];
		else if (!strcmp(argv[i], "--verbose"))
			verbose = 1;
		else {
			fprintf(stderr, "usage: judge cron [--now TIME] [--verbose]\n");
			return 2;
		}
	}
	long long now = judge_now(now_arg);
	if (now < 0) {
		fprintf(stderr, "judge: --now wants " TIME_FORMS "\n");
		return 2;
	}
	st = db_prepare(j->db, "SELECT name FROM games WHERE status = ? ORDER BY name");
	sqlite3_bind_text(st, 1, status_name(GS_ACTIVE), -1, SQLITE_STATIC);
	while (sqlite3_step(st) == SQLITE_ROW) {
		strbuf_addf(&names, "%s", sqlite3_column_text(st, 0));
		strbuf_addch(&names, '\0');
		n++;
	}
	sqlite3_finalize(st);
	char **name = xmalloc(((size_t)n + 1) * sizeof *name);
	for (int i = 0, at = 0; i < n; at += (int)strlen(names.buf + at) + 1)
		name[i++] = names.buf + at;
	/* shared with the workers, so MAP_SHARED, and anonymous: it goes with
	 * the last of them */
	size_t size = sizeof(struct claims) + ((size_t)n + 1) * sizeof(int);
	struct claims *cl = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (cl == MAP_FAILED)
		die("cron: no shared memory for %d games", n);
	atomic_init(&cl->next, 0);
	for (int i = 0; i < n; i++)
		cl->result[i] = NOT_RUN;
	failed |= run_games(j, name, n, now, cl) < 0;
	for (int i = 0; i < n; i++) {
		failed |= cl->result[i] < 0;
		if (cl->result[i] > 0 && verbose)
			printf("%s: %d phase%s processed\n", name[i], cl->result[i],
			       cl->result[i] == 1 ? "" : "s");
	}
	munmap(cl, size);
	free(name);
	strbuf_release(&names);
	if (sync_games(j->cfg.db)) {
		/* the games may not survive a power cut: nothing that rests
		 * on them goes out */
		fail_print();
		return 1;
	}
	if (!j->db)
		return 1;           /* said by run_games: nothing more to do without it */
	/* after the games, which need nothing it deletes */
	if (prune_old(j->db, &j->cfg, now) < 0) {
		fprintf(stderr, "judge: old mail not pruned: %s\n", fail_text());
		failed = 1;
	}
	if (picture_prune(j->db, j->cfg.keep_picture_days, now) < 0) {
		fprintf(stderr, "judge: old pictures not pruned: %s\n", fail_text());
		failed = 1;
	}
	if (web_cron(j->db, &j->cfg) < 0) {
		fprintf(stderr, "judge: web site not written: %s\n", fail_text());
		failed = 1;
	}
	/* results and reminders leave in the run that made them */
	send_now(j->db, &j->cfg, now);
	return failed ? 1 : 0;
}
