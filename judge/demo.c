/*
 * demo.c - `judge demo`: a short Classical game played through the real
 * mail path on the embedded default.  Five players and a master mail the
 * Judge (their mail is dropped into a local Maildir), the Judge reads the
 * Maildir, cron runs at simulated deadlines, and flush delivers every
 * reply and result into each player's own local Maildir.  Nothing leaves
 * the machine.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "judge/commands.h"
#include "maildir/maildir.h"
#include "parser/error.h"
#include "parser/strbuf.h"

#define DEMO_DIR "var/demo"

struct demo_player {
	const char *addr;
	const char *letter;
	const char *spring, *fall, *winter;
};

static const struct demo_player players[] = {
	{ "hannibal@carthage.example", "C",
	  "F car - min\nF pan - mgs\nF lep - sma\n",
	  "F min - sar\nF sma - cyr\nF mgs H\n",
	  "Build F car\nBuild F lep\n" },
	{ "ptolemy@egypt.example", "E",
	  "A Thebes -> Libya\nF Alexandria to Ptolemaic Sea\nF mem - bop\n",
	  "A lib H\nF pts - kno\nF bop - jer\n",
	  "Build F ale\nBuild F mem\n" },
	{ "antigonus@macedon.example", "A",
	  "A pel - epi\nF cas - eub\nF kal - ans\n",
	  "F eub - ath\nA pel H\nF ans H\n",
	  "Build F cas\n" },
	{ "scipio@rome.example", "R",
	  "A bru - epi\nA rom - etr\nF Cumae - Mare Tyrrhenum\n",
	  "A etr - cis\nA bru H\nF mty - lip\n",
	  "Build A rom\n" },
	{ "seleucus@syria.example", "S",
	  "A ant - cil\nA dam - mes\nF tyr - ses\n",
	  "A cil - pis\nA mes H\nF ses - cyp\n",
	  "" },
};
#define NPLAYERS (int)(sizeof players / sizeof players[0])

static int seq;

/* Drop one player's mail into the Judge's inbox. */
static void post(const char *from, const char *subject, const char *body, long long now)
{
	struct strbuf m = STRBUF_INIT;
	char date[64];
	time_t t = (time_t)now;
	struct tm tm;

	gmtime_r(&t, &tm);
	strftime(date, sizeof date, "%a, %d %b %Y %H:%M:%S +0000", &tm);
	strbuf_addf(&m, "Return-Path: <%s>\nFrom: <%s>\nTo: judge@localhost\nSubject: %s\n"
	            "Date: %s\nMessage-ID: <demo.%d.%lld@demo.example>\nMIME-Version: 1.0\n"
	            "Content-Type: text/plain; charset=utf-8\n\n%s", from, from, subject, date,
	            ++seq, now, body);
	if (maildir_deliver(DEMO_DIR "/inbox", m.buf, m.len)) {
		fprintf(stderr, "judge demo: %s\n", fail_text());
		exit(1);
	}
	strbuf_release(&m);
}

static void run(struct judge *j, int argc, ...)
{
	char *argv[8];
	va_list ap;
	va_start(ap, argc);
	for (int i = 0; i < argc && i < 8; i++)
		argv[i] = va_arg(ap, char *);
	va_end(ap);
	if (judge_run(j, argc, argv) > 1) {
		fprintf(stderr, "judge demo: %s failed\n", argv[0]);
		exit(1);
	}
}

static void deliver_round(struct judge *j, long long now)
{
	char nowbuf[32];
	snprintf(nowbuf, sizeof nowbuf, "%lld", now);
	setenv("JUDGE_NOW", nowbuf, 1);
	run(j, 2, "maildir", DEMO_DIR "/inbox");
	run(j, 3, "cron", "--now", nowbuf);
	run(j, 3, "flush", "--maildir", DEMO_DIR "/mail");
}

static void orders_round(struct judge *j, long long now, int which)
{
	for (int i = 0; i < NPLAYERS; i++) {
		const char *o = which == 0 ? players[i].spring : which == 1 ? players[i].fall : players[i].winter;
		struct strbuf body = STRBUF_INIT;
		if (!*o)
			continue;
		strbuf_addf(&body, "SIGNON %sdemo secret%d\n%sSIGNOFF\n", players[i].letter, i, o);
		post(players[i].addr, "orders", body.buf, now);
		strbuf_release(&body);
	}
	deliver_round(j, now);
}

int cmd_demo(struct judge *j, int argc, char **argv)
{
	/* the embedded default, but mail is delivered into local Maildirs:
	 * nothing leaves the machine */
	struct judge dj = { .db_path = DEMO_DIR "/judge.db", .config_path = DEMO_DIR "/judge.conf" };
	long long now = (long long)time(NULL);

	(void)argv;
	if (argc != 1) {
		fprintf(stderr, "usage: judge demo\n");
		return 2;
	}
	/* a fresh demo each time: old demo state would only confuse */
	if (system("rm -rf " DEMO_DIR) != 0)
		return 1;
	mkdir("var", 0755);
	mkdir(DEMO_DIR, 0755);
	if (maildir_make(DEMO_DIR "/inbox")) {
		fprintf(stderr, "judge demo: %s\n", fail_text());
		return 1;
	}
	FILE *conf = fopen(DEMO_DIR "/judge.conf", "w");
	if (!conf) {
		fprintf(stderr, "judge demo: cannot write %s/judge.conf\n", DEMO_DIR);
		return 1;
	}
	(void)j;
	fprintf(conf, "# written by judge demo: its mail goes to local Maildirs\n"
	        "deliver = maildir\ndeliver_arg = %s/mail\n", DEMO_DIR);
	fclose(conf);
	printf("The demo game is played by mail in %s.\n\n", DEMO_DIR);
	post("master@demo.example", "new game", "CREATE ?demo masterpw classical\nSIGNOFF\n", now);
	for (int i = 0; i < NPLAYERS; i++) {
		char body[128];
		snprintf(body, sizeof body, "SIGNON ?demo secret%d %s\n", i, players[i].letter);
		post(players[i].addr, "join", body, now);
	}
	deliver_round(&dj, now);
	now += 3600;
	orders_round(&dj, now, 0);           /* Spring 273 BC: all in, processed early */
	now += 3600;
	orders_round(&dj, now, 1);           /* Fall 273 BC */
	now += 3600;
	orders_round(&dj, now, 2);           /* Winter 273 BC: builds */
	now += 49 * 3600;                    /* Spring 272 BC: nobody orders; the deadline passes */
	deliver_round(&dj, now);

	printf("\nDone. Where to look:\n"
	       "  %s/mail/<address>/new/   every mail the Judge sent, one Maildir per player\n"
	       "  %s/judge.db              the game in SQLite\n"
	       "  judge --db %s/judge.db show demo    the position now\n",
	       DEMO_DIR, DEMO_DIR, DEMO_DIR);
	return 0;
}
