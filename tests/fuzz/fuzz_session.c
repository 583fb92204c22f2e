/*
 * fuzz_session.c - libFuzzer target: any text as the body of a mail,
 * through the Judge's command session (judge/mailcmd/dispatch.c's session_run,
 * so every mail command, the order checks and the reply builder) on a
 * scratch SQLite database, and the reply through outbox_reply (the cut
 * at max_reply_bytes, the wrap, the threading and outmail_build), as
 * receive_message queues it.
 *
 * Owns only the harness.  The database is made once per process with
 * three games: "forming" (Classical, waiting for players), "active"
 * (Classical, all five powers signed on, so orders are checked) and
 * "dice" (the diceless Peloponnesian War, both sides signed on).  Each
 * input runs in a transaction that is rolled back, so every input meets
 * the same games.  The first byte of an input picks the sender (the
 * master, a player of each game, a stranger); the rest is the body.
 * Passwords are "secret" for the master and "secret0".."secret4" for
 * the seats (p0..p4 of "active" ask for R, C, E, A, S; d0 and d1 of
 * "dice" for A and S), so seeds can sign on (FUZZ_SESSION_SHOW=1 prints each reply, to see what
 * a seed reaches).  A session must never crash, never report an
 * installation fault on this healthy database, and always reply.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "judge/config.h"
#include "judge/db.h"
#include "judge/outbox.h"
#include "judge/mailcmd/dispatch.h"

static sqlite3 *db;
static struct config cfg;
static const long long t0 = 1800000000LL;	/* setup; inputs an hour on */
static char path[64];

/* Remove the scratch database and its WAL files (at exit). */
static void cleanup(void)
{
	char f[80];

	db_close(db);
	unlink(path);
	snprintf(f, sizeof f, "%s-wal", path);
	unlink(f);
	snprintf(f, sizeof f, "%s-shm", path);
	unlink(f);
}

static const char *const senders[] = {
	"master@fuzz.example", "p0@fuzz.example", "p1@fuzz.example",
	"p2@fuzz.example", "d0@fuzz.example", "d1@fuzz.example",
	"stranger@fuzz.example",
};

/* Run body from sender in s (set up as receive_message does); returns
 * the session's fault flag.  The reply is left in s->reply. */
static int run(struct session *s, const char *from, long long now,
    const char *body)
{
	memset(s, 0, sizeof *s);
	s->db = db;
	s->cfg = &cfg;
	s->now = now;
	s->from = from;
	strbuf_init(&s->reply);
	strbuf_init(&s->orders);
	session_run(s, body);
	if (s->signed_on)
		game_free(&s->game);
	strbuf_release(&s->orders);
	return s->fault;
}

/* One setup mail, committed; exits if the Judge refuses it outright. */
static void setup(const char *from, long long now, const char *body)
{
	struct session s;

	if (db_begin(db))
		abort();
	if (run(&s, from, now, body)) {
		fprintf(stderr, "fuzz_session: setup fault: %s\n", s.reply.buf);
		abort();
	}
	if (getenv("FUZZ_SESSION_SHOW"))
		fprintf(stderr, "--- setup reply ---\n%s", s.reply.buf);
	strbuf_release(&s.reply);
	if (db_commit(db))
		abort();
}

/* Make the scratch database and its games, once. */
static void init(void)
{
	char body[128];
	int i;

	snprintf(path, sizeof path, "/tmp/fuzz_session.%d.db", (int)getpid());
	unlink(path);
	if (config_load(&cfg, NULL) || !(db = db_open(path)))
		abort();
	setup(senders[0], t0, "CREATE ?forming secret classical\nSIGNOFF\n");
	setup(senders[0], t0, "CREATE ?active secret classical\nSIGNOFF\n");
	for (i = 0; i < 5; i++) {	/* p0 Rome, p1 Carthage, ... */
		char from[64];

		snprintf(from, sizeof from, "p%d@fuzz.example", i);
		snprintf(body, sizeof body, "SIGNON ?active secret%d %c\n"
		    "SIGNOFF\n", i, "RCEAS"[i]);
		setup(from, t0, body);
	}
	setup(senders[0], t0, "CREATE ?dice secret diceless\nSIGNOFF\n");
	setup(senders[4], t0, "SIGNON ?dice secret0 A\nSIGNOFF\n");
	setup(senders[5], t0, "SIGNON ?dice secret1 S\nSIGNOFF\n");
	atexit(cleanup);
}

/* The libFuzzer entry: data[0] picks the sender, the rest is the body. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct session s;
	char *body;

	if (db == NULL)
		init();
	if (size == 0)
		return 0;
	body = malloc(size);
	memcpy(body, data + 1, size - 1);
	body[size - 1] = '\0';
	if (db_begin(db))
		abort();
	if (run(&s, senders[data[0] % (sizeof senders / sizeof senders[0])],
	    t0 + 3600, body))
		abort();	/* a fault on a healthy database is a bug */
	if (getenv("FUZZ_SESSION_SHOW"))	/* to see what seeds reach */
		fprintf(stderr, "--- reply ---\n%s", s.reply.buf);
	/* the reply builder, with threading as a real mail has it; the
	 * input's own bytes make up the subject, as a Re: would */
	const struct thread t = { "<fuzz.1@fuzz.example>", "<fuzz.0@fuzz.example>" };
	char subject[80];
	snprintf(subject, sizeof subject, "Re: %.60s", body);
	if (outbox_reply(db, &cfg, t0 + 3600, senders[data[0] % (sizeof senders / sizeof senders[0])],
	    subject, s.reply.buf, &t))
		abort();	/* every sender here has a good address */
	strbuf_release(&s.reply);
	db_rollback(db);
	free(body);
	return 0;
}
