/*
 * demo.c - `judge demo`: a short Classical game played through the real
 * mail path on the embedded default, told as a story on the console.
 * Five players and a master mail the Judge (their mail is dropped into a
 * local Maildir), the Judge reads it at once, cron runs at simulated
 * times, and every reply and result is delivered into each player's own
 * local Maildir.  Nothing leaves the machine.
 *
 * The console shows, phase by phase, who mailed what and the gist of what
 * the Judge answered, read back from the delivered mails (so the story is
 * what the players really got, not what the script hoped for).  The
 * script shows a rejected order and its correction, press between two
 * players, a bounce, a dislodgement and its retreat, and builds; it ends
 * with `show` and hints that run as printed.
 */
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "judge/cmd/commands.h"
#include "judge/db.h"
#include "maildir/maildir.h"
#include "base/error.h"
#include "base/strbuf.h"

#define DEMO_DIR "var/demo"
#define WIDTH 78                 /* console lines wrap here */

struct demo_player {
	const char *addr;
	const char *letter;
	const char *power;
};

/* The master first, then the seats in the order of the variant. */
enum { MASTER, CAR, EGY, MAC, ROM, SYR, NPEOPLE };
static const struct demo_player people[NPEOPLE] = {
	{ "master@demo.example", "M", "The master" },
	{ "hannibal@carthage.example", "C", "Carthage" },
	{ "ptolemy@egypt.example", "E", "Egypt" },
	{ "antigonus@macedon.example", "A", "Macedon" },
	{ "scipio@rome.example", "R", "Rome" },
	{ "seleucus@syria.example", "S", "Syria" },
};

/*
 * The script, on the Classical map's real adjacencies.  Macedon proposes
 * to keep Epirus empty, Rome agrees, Macedon walks in anyway; Rome brings
 * a fleet round to the Adriatic and, in the second spring, dislodges the
 * army with a supported attack across the Brundisium-Epirus land bridge.
 * A MAIL's body is what follows SIGNON; a PROCESS lets an hour pass and
 * runs cron, which adjudicates the phase (every order is in by then).
 */
enum act { MAIL, PROCESS };
static const struct step {
	enum act act;
	int who;
	const char *what;          /* how the console names the mail */
	int press;                 /* the body is press: shown quoted, as words */
	const char *body;
	const char *note;          /* the narrator's line before it, or NULL */
} script[] = {
	{ MAIL, MAC, "press to Rome", 1,
	  "PRESS TO R\nLet Epirus stay empty between us.\nENDPRESS\n", NULL },
	{ MAIL, ROM, "press to Macedon", 1,
	  "PRESS TO A\nAgreed: Rome stays out of Epirus.\nENDPRESS\n", NULL },
	{ MAIL, CAR, "orders", 0, "F car - min\nF pan - mgs\nF lep - sma\n", NULL },
	{ MAIL, EGY, "orders", 0, "A Thebes -> Libya\nF Alexandria to Ptolemaic Sea\nF mem - bop\n", NULL },
	{ MAIL, MAC, "orders", 0, "A pel - epi\nF cas - eub\nF kal - ans\n", "Macedon breaks its word:" },
	{ MAIL, ROM, "orders", 0, "A bru H\nA rom - Etrurai\nF cap - mio\n", NULL },
	{ MAIL, ROM, "orders again", 0, "A bru H\nA rom - Etruria\nF cap - mio\n", "Rome corrects the typo:" },
	{ MAIL, SYR, "orders", 0, "A ant - cil\nA dam - mes\nF tyr - ses\n", NULL },
	{ PROCESS, 0, NULL, 0, NULL, NULL },

	{ MAIL, CAR, "orders", 0, "F min - sar\nF sma - cyr\nF mgs H\n", NULL },
	{ MAIL, EGY, "orders", 0, "A lib H\nF pts - kno\nF bop - jer\n", NULL },
	{ MAIL, MAC, "orders", 0, "A epi H\nF eub - ath\nF ans H\n", NULL },
	{ MAIL, ROM, "orders", 0, "A bru H\nA etr - cis\nF mio - mad\n", "Rome brings a fleet round to Epirus:" },
	{ MAIL, SYR, "orders", 0, "A cil - pis\nA mes H\nF ses - cyp\n", NULL },
	{ PROCESS, 0, NULL, 0, NULL, NULL },

	{ MAIL, CAR, "builds", 0, "Build F car\nBuild F lep\n", NULL },
	{ MAIL, EGY, "builds", 0, "Build F ale\nBuild F mem\n", NULL },
	{ MAIL, MAC, "builds", 0, "Build F cas\n", NULL },
	{ MAIL, ROM, "builds", 0, "Build A rom\n", NULL },
	{ PROCESS, 0, NULL, 0, NULL, NULL },

	{ MAIL, CAR, "orders", 0, "F cyr - pts\nF sar H\nF mgs H\nF car H\nF lep H\n", NULL },
	{ MAIL, EGY, "orders", 0, "F kno - pts\nA lib H\nF jer H\nF ale H\nF mem H\n", NULL },
	{ MAIL, MAC, "orders", 0, "A epi H\nF ath H\nF ans H\nF cas H\n", NULL },
	{ MAIL, ROM, "orders", 0, "A bru - epi\nF mad S A bru - epi\nA cis H\nA rom H\n",
	  "Rome attacks Epirus with support:" },
	{ MAIL, SYR, "orders", 0, "A pis - rho\nA mes H\nF cyp H\n", NULL },
	{ PROCESS, 0, NULL, 0, NULL, NULL },

	{ MAIL, MAC, "retreat", 0, "A epi - pel\n", NULL },
	{ PROCESS, 0, NULL, 0, NULL, NULL },
};
#define NSTEPS (int)(sizeof script / sizeof script[0])

/* Rome's next mail, left in var/demo for the reader to edit and send. */
static const char example_mail[] =
	"From: <scipio@rome.example>\n"
	"To: judge@localhost\n"
	"Subject: my orders\n"
	"\n"
	"SIGNON Rdemo secret4\n"
	"A epi H\n"
	"F mad S A epi\n"
	"A cis - ill\n"
	"A rom - bru\n"
	"SIGNOFF\n";

static int seq;
static long long now;
static struct strbuf seen = STRBUF_INIT;   /* delivered mails already told, one name a line */

/* Print text after prefix, wrapped at WIDTH between the items that sep
 * separates (", " keeps each order whole, " " wraps words); continuation
 * lines are indented by cont spaces. */
static void say_wrapped(const char *prefix, const char *text, const char *sep, int cont)
{
	int col = printf("%s", prefix);
	const char *p = text;
	size_t seplen = strlen(sep);

	while (*p) {
		const char *next = strstr(p, sep);
		size_t len = next ? (size_t)(next - p) + seplen - 1 : strlen(p);
		if (p != text && col + 1 + (int)len > WIDTH)
			col = printf("\n%*s", cont, "") - 1;
		else if (p != text)
			col += printf(" ");
		col += printf("%.*s", (int)len, p);
		p += len;
		while (*p == ' ')
			p++;
	}
	printf("\n");
}

/* Drop one mail from people[who] into the Judge's inbox. */
static void post(int who, const char *subject, const char *body)
{
	struct strbuf m = STRBUF_INIT;
	char date[64];
	time_t t = (time_t)now;
	struct tm tm;

	gmtime_r(&t, &tm);
	strftime(date, sizeof date, "%a, %d %b %Y %H:%M:%S +0000", &tm);
	strbuf_addf(&m, "Return-Path: <%s>\nFrom: <%s>\nTo: judge@localhost\nSubject: %s\n"
	            "Date: %s\nMessage-ID: <demo.%d.%lld@demo.example>\nMIME-Version: 1.0\n"
	            "Content-Type: text/plain; charset=utf-8\n\n%s", people[who].addr,
	            people[who].addr, subject, date, ++seq, now, body);
	if (maildir_deliver(DEMO_DIR "/inbox", m.buf, m.len)) {
		fprintf(stderr, "judge demo: %s\n", fail_text());
		exit(1);
	}
	strbuf_release(&m);
}

/* Run one judge command on the demo's files, its own console lines
 * ("1 phase processed") kept off the story; its errors still show. */
static void run(struct judge *j, int argc, ...)
{
	char *argv[8];
	va_list ap;
	int out, rc;

	va_start(ap, argc);
	for (int i = 0; i < argc && i < 8; i++)
		argv[i] = va_arg(ap, char *);
	va_end(ap);
	fflush(stdout);
	out = dup(STDOUT_FILENO);
	int null = open("/dev/null", O_WRONLY);
	if (out < 0 || null < 0 || dup2(null, STDOUT_FILENO) < 0) {
		fprintf(stderr, "judge demo: cannot quiet the console\n");
		exit(1);
	}
	close(null);
	rc = j->run(j, argc, argv);
	fflush(stdout);
	dup2(out, STDOUT_FILENO);
	close(out);
	if (rc > 1 || (rc == 1 && strcmp(argv[0], "maildir"))) {
		fprintf(stderr, "judge demo: %s failed\n", argv[0]);
		exit(1);
	}
}

/* The Judge at the simulated time: read the inbox, run cron, deliver. */
static void judge_round(struct judge *j, int with_cron)
{
	static char nowbuf[32];   /* the Judge's clock from now on (now_text) */
	snprintf(nowbuf, sizeof nowbuf, "%lld", now);
	j->now_text = nowbuf;
	run(j, 2, "maildir", DEMO_DIR "/inbox");
	if (with_cron)
		run(j, 3, "cron", "--now", nowbuf);
	run(j, 4, "flush", "--maildir", DEMO_DIR "/mail", "--quiet");
}

/* The game's phase now, as "Spring 273 BC, Movement", into buf. */
static void phase_now(struct judge *j, char *buf, size_t size)
{
	sqlite3 *db = db_open(j->db_path);
	struct game g;

	snprintf(buf, size, "(unknown phase)");
	if (!db)
		return;
	if (game_load(db, "demo", &g) == 0) {
		if (g.vs.pos)
			snprintf(buf, size, "%s", g.vs.phase.name);
		game_free(&g);
	}
	db_close(db);
}

/* The next line of *p, blank or not, with its indentation (the layout
 * of results is read from it); 0 at the end. */
static int next_line(const char **p, const char **line, size_t *len)
{
	const char *nl;

	if (!**p)
		return 0;
	*line = *p;
	nl = strchr(*p, '\n');
	*len = nl ? (size_t)(nl - *p) : strlen(*p);
	*p += *len + (nl != NULL);
	if (*len && (*line)[*len - 1] == '\r')
		(*len)--;
	return 1;
}

/* The value of header name in mail, into buf ("" if absent). */
static void header(const char *mail, const char *name, char *buf, size_t size)
{
	const char *p = mail, *line;
	size_t len, n = strlen(name);

	buf[0] = 0;
	while (next_line(&p, &line, &len) && len) {
		if (len > n + 1 && !strncasecmp(line, name, n) && line[n] == ':') {
			snprintf(buf, size, "%.*s", (int)(len - n - 1), line + n + 1);
			str_trim(buf);
			return;
		}
	}
}

/* The body of mail: what follows the first empty line. */
static const char *body_of(const char *mail)
{
	const char *b = strstr(mail, "\n\n");
	return b ? b + 2 : "";
}

/*
 * What a reply says that matters to the story, by the marker its lines
 * carry.  SAY prints the line; WITH_ORDER prints the line before (the
 * order it is about) too; COUNT only counts, for "N orders accepted";
 * NONE_STORED prints the line, and no count follows (valid lines of a
 * set that was refused are "accepted as" but not stored); ALL_IN adds
 * "All orders are in." to the count's line.
 */
enum mark_kind { SAY, WITH_ORDER, COUNT, NONE_STORED, ALL_IN };
static const struct reply_mark {
	const char *text;
	enum mark_kind kind;
} reply_marks[] = {
	{ "REJECTED", WITH_ORDER },
	{ "were stored", NONE_STORED },
	{ "was stored", NONE_STORED },
	{ "accepted as:", COUNT },
	{ "Press sent to", SAY },
	{ "Broadcast to", SAY },
	{ "All orders are in", ALL_IN },
};

static void gist_reply(const char *who, const char *mail)
{
	const char *p = body_of(mail), *line, *prev = "";
	size_t len, prevlen = 0;
	int accepted = 0, refused = 0, all_in = 0;
	char label[96];

	snprintf(label, sizeof label, "    Judge to %s: ", who);
	while (str_next_line(&p, &line, &len)) {
		char text[256];
		snprintf(text, sizeof text, "%.*s", (int)len, line);
		str_trim(text);
		for (size_t i = 0; i < sizeof reply_marks / sizeof reply_marks[0]; i++) {
			if (!strstr(text, reply_marks[i].text))
				continue;
			if (reply_marks[i].kind == COUNT)
				accepted++;
			else if (reply_marks[i].kind == ALL_IN)
				all_in = 1;
			else if (reply_marks[i].kind == WITH_ORDER) {
				printf("%s%.*s\n", label, (int)prevlen, prev);
				say_wrapped("      ", text, " ", 6);
			} else
				say_wrapped(label, text, " ", 6);
			refused |= reply_marks[i].kind == NONE_STORED;
			break;
		}
		while (len && (*line == ' ' || *line == '>'))
			line++, len--;
		prev = line, prevlen = len;
	}
	if (accepted && !refused)
		printf("%s%d order%s accepted.%s\n", label, accepted, accepted == 1 ? "" : "s",
		       all_in ? " All orders are in." : "");
}

/* Press as its reader got it: from whom, and its first line. */
static void gist_press(const char *who, const char *mail)
{
	const char *p = body_of(mail), *line, *from;
	char sender[128] = "someone", said[256] = "", prefix[200];
	size_t len;

	while (str_next_line(&p, &line, &len)) {
		if (len > 9 && !strncmp(line, "Press in ", 9) && (from = strstr(line, " from ")) &&
		    from < line + len)
			snprintf(sender, sizeof sender, "%.*s", (int)(line + len - from - 6 - 1), from + 6);
		else if (!*said && len > 2 && !strncmp(line, "| ", 2))
			snprintf(said, sizeof said, "\"%.*s\"", (int)len - 2, line + 2);
	}
	snprintf(prefix, sizeof prefix, "    %s reads press from %s: ", who, sender);
	say_wrapped(prefix, said, " ", 6);
}

/* The first line of a notice (the game has started, ...). */
static void gist_first(const char *who, const char *mail)
{
	const char *p = body_of(mail), *line;
	size_t len;

	(void)who;
	while (str_next_line(&p, &line, &len) && !len)
		;
	printf("    Judge to everyone: %.*s\n", (int)len, line);
}

/*
 * The key lines of a phase's results: orders with an outcome noted
 * ("(fails: bounced)", "(dislodged)"), every order of a retreat or
 * adjustment phase (there each one is news), and the sections listing
 * dislodged units and adjustments due.
 */
static const char *const result_sections[] = {
	"Dislodged units", "Adjustments due",
};

/* Print one power's key orders, if any, and start the next power's. */
static int flush_power(const char *power, struct strbuf *orders)
{
	int any = orders->len > 0;

	if (any)
		say_wrapped(power, orders->buf, ", ", 14);
	strbuf_reset(orders);
	return any;
}

/* Take the order line cur among the key ones if it is (every order, or
 * it has an outcome: "A Epirus (epi) H  (dislodged)", the outcome two
 * blanks away, the places' codes one), and empty cur. */
static void add_order(struct strbuf *cur, int every, struct strbuf *orders)
{
	if (cur->len && (every || strstr(cur->buf, "  ("))) {
		if (orders->len)
			strbuf_addstr(orders, ", ");
		for (size_t i = 0; i < cur->len; i++)
			if (cur->buf[i] != ' ' || (i + 1 < cur->len && cur->buf[i + 1] != ' '))
				strbuf_addch(orders, cur->buf[i]);
	}
	strbuf_reset(cur);
}

static void gist_results(const char *who, const char *mail)
{
	const char *p = body_of(mail), *line;
	char power[64] = "", subject[160];
	struct strbuf orders = STRBUF_INIT, cur = STRBUF_INIT;
	size_t len;
	int in_orders = 0, in_section = 0, every, told = 0;

	(void)who;
	header(mail, "Subject", subject, sizeof subject);
	every = !strstr(subject, "Movement");
	printf("  Results:\n");
	while (next_line(&p, &line, &len)) {
		if (!len) {
			add_order(&cur, every, &orders);
			in_section = 0;
			continue;
		}
		if (line[0] != ' ') {
			add_order(&cur, every, &orders);
			told += flush_power(power, &orders);
			in_section = 0;
			for (size_t i = 0; i < sizeof result_sections / sizeof result_sections[0]; i++)
				if (!strncmp(line, result_sections[i], strlen(result_sections[i]))) {
					printf("    %.*s\n", (int)len, line);
					in_section = told = 1;
				}
			if (!strncmp(line, "Results of ", 11))
				in_orders = 1;
			else if (!strncmp(line, "Supply centres", 14) || !strncmp(line, "Units:", 6))
				in_orders = 0;
			else if (in_orders && line[len - 1] == ':')
				snprintf(power, sizeof power, "    %-9.*s ", (int)len - 1, line);
			continue;
		}
		size_t indent = 0;
		while (len && *line == ' ')
			line++, len--, indent++;
		if (in_section) {
			printf("      %.*s\n", (int)len, line);
		} else if (in_orders && indent > 2 && cur.len) {
			/* a long order's next line: its outcome goes back two
			 * blanks away, as on a line of its own */
			strbuf_addstr(&cur, *line == '(' ? "  " : " ");
			strbuf_add(&cur, line, len);
		} else if (in_orders) {
			add_order(&cur, every, &orders);
			strbuf_add(&cur, line, len);
		}
	}
	add_order(&cur, every, &orders);
	strbuf_release(&cur);
	told += flush_power(power, &orders);
	if (!told)
		printf("    no bounce, no dislodgement: every unit went where it was ordered\n");
	strbuf_release(&orders);
}

/* How each kind of delivered mail is told, by its subject; the first
 * match wins.  once: sent to everyone, told from the master's copy only. */
static const struct mail_kind {
	const char *subject;
	int once;
	void (*tell)(const char *who, const char *mail);
} mail_kinds[] = {
	{ "Re: ", 0, gist_reply },
	{ ": press", 0, gist_press },
	{ "results", 1, gist_results },
	{ "has started", 1, gist_first },
};

/* Tell the mails delivered to people[who] since the last look. */
static void tell_new(int who)
{
	char dir[256], **names = NULL;
	int n = 0;

	snprintf(dir, sizeof dir, "%s/mail/%s", DEMO_DIR, people[who].addr);
	if (access(dir, F_OK) || maildir_scan(dir, &names, &n))
		return;
	for (int i = 0; i < n; i++) {
		char *mail = NULL, subject[160];
		size_t len;
		struct strbuf key = STRBUF_INIT;

		if (!seen.len)
			strbuf_addch(&seen, '\n');     /* every name framed by newlines */
		strbuf_addf(&key, "\n%s\n", names[i]);
		if (strstr(seen.buf, key.buf)) {
			strbuf_release(&key);
			continue;
		}
		strbuf_addstr(&seen, key.buf + 1);
		strbuf_release(&key);
		if (maildir_read(dir, names[i], 0, &mail, &len))
			continue;
		header(mail, "Subject", subject, sizeof subject);
		for (size_t k = 0; k < sizeof mail_kinds / sizeof mail_kinds[0]; k++)
			if (strstr(subject, mail_kinds[k].subject)) {
				if (!mail_kinds[k].once || who == MASTER)
					mail_kinds[k].tell(people[who].power, mail);
				break;
			}
		free(mail);
	}
	maildir_names_free(names, n);
}

/* Tell what the Judge sent since the last look: the sender's mail first. */
static void tell_all(int sender)
{
	tell_new(sender);
	for (int i = 0; i < NPEOPLE; i++)
		if (i != sender)
			tell_new(i);
}

/* One player's mail, as the console shows it and as the Judge gets it. */
static void mail_step(struct judge *j, const struct step *s)
{
	const struct demo_player *p = &people[s->who];
	struct strbuf mail = STRBUF_INIT, shown = STRBUF_INIT;
	const char *rest = s->body, *line;
	size_t len;
	char prefix[160];

	strbuf_addf(&mail, "SIGNON %sdemo secret%d\n%sSIGNOFF\n", p->letter, s->who, s->body);
	/* the console shows the orders on one line, and press without its
	 * PRESS TO ... ENDPRESS frame */
	while (str_next_line(&rest, &line, &len)) {
		if (!strncmp(line, "PRESS", 5) || !strncmp(line, "ENDPRESS", 8))
			continue;
		strbuf_addf(&shown, "%s%.*s", shown.len ? ", " : "", (int)len, line);
	}
	if (s->note)
		printf("  %s\n", s->note);
	snprintf(prefix, sizeof prefix, "  %s (%s) %s: ", p->power, p->addr, s->what);
	if (s->press) {
		struct strbuf quoted = STRBUF_INIT;
		strbuf_addf(&quoted, "\"%s\"", shown.buf);
		say_wrapped(prefix, quoted.buf, " ", 6);
		strbuf_release(&quoted);
	} else
		say_wrapped(prefix, shown.buf, ", ", 6);
	post(s->who, s->what, mail.buf);
	judge_round(j, 0);
	tell_all(s->who);
	strbuf_release(&mail);
	strbuf_release(&shown);
}

/* The judge binary as the reader can run it: relative to the current
 * folder when it is inside it ("build/judge/judge"), else absolute. */
static void self_path(char *buf, size_t size)
{
	char exe[PATH_MAX], cwd[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
	size_t clen;

	if (n <= 0) {
		snprintf(buf, size, "judge");
		return;
	}
	exe[n] = 0;
	if (getcwd(cwd, sizeof cwd) && (clen = strlen(cwd)) > 1 && !strncmp(exe, cwd, clen) &&
	    exe[clen] == '/')
		snprintf(buf, size, "%s", exe + clen + 1);
	else
		snprintf(buf, size, "%s", exe);
}

/* A fresh var/demo with its inbox and its config. */
static int setup_files(void)
{
	/* a fresh demo each time: old demo state would only confuse */
	if (system("rm -rf " DEMO_DIR) != 0)
		return -1;
	mkdir("var", 0755);
	mkdir(DEMO_DIR, 0755);
	if (maildir_make(DEMO_DIR "/inbox")) {
		fprintf(stderr, "judge demo: %s\n", fail_text());
		return -1;
	}
	FILE *f = fopen(DEMO_DIR "/judge.conf", "w");
	if (!f) {
		fprintf(stderr, "judge demo: cannot write %s/judge.conf\n", DEMO_DIR);
		return -1;
	}
	/* the db is named here so that the hints need only --config */
	fprintf(f, "# written by judge demo: its mail goes to local Maildirs\n"
	        "db = %s/judge.db\ndeliver = maildir\ndeliver_arg = %s/mail\n", DEMO_DIR, DEMO_DIR);
	fclose(f);
	f = fopen(DEMO_DIR "/mail.eml", "w");
	if (!f) {
		fprintf(stderr, "judge demo: cannot write %s/mail.eml\n", DEMO_DIR);
		return -1;
	}
	fputs(example_mail, f);
	fclose(f);
	return 0;
}

int cmd_demo(struct judge *j, int argc, char **argv)
{
	struct judge dj = { .db_path = DEMO_DIR "/judge.db", .config_path = DEMO_DIR "/judge.conf", .run = j->run };
	char self[PATH_MAX], phase[128];

	(void)j;
	(void)argv;
	if (argc != 1) {
		fprintf(stderr, "usage: judge demo\n");
		return 2;
	}
	if (setup_files())
		return 1;
	now = (long long)time(NULL);
	self_path(self, sizeof self);

	printf("A short game of Classical Diplomacy, played by mail in %s/: each\n"
	       "mail to the Judge, and indented under it the gist of what the Judge\n"
	       "mailed back (read from the players' Maildirs).\n\n", DEMO_DIR);
	post(MASTER, "new game", "CREATE ?demo masterpw classical\nSIGNOFF\n");
	for (int i = CAR; i < NPEOPLE; i++) {
		char body[128];
		snprintf(body, sizeof body, "SIGNON ?demo secret%d %s\n", i, people[i].letter);
		post(i, "join", body);
	}
	printf("%s (%s) creates game demo; five players sign on:\n", people[MASTER].power,
	       people[MASTER].addr);
	for (int i = CAR; i < NPEOPLE; i++)     /* two to a line */
		printf((i - CAR) % 2 ? "%-9s %s\n" : i + 1 < NPEOPLE ? "  %-9s %-28s" : "  %-9s %s",
		       people[i].power, people[i].addr);
	if ((NPEOPLE - CAR) % 2)
		printf("\n");
	judge_round(&dj, 1);
	tell_all(MASTER);

	for (int i = 0; i < NSTEPS; i++) {
		const struct step *s = &script[i];
		if (i == 0 || script[i - 1].act == PROCESS) {
			phase_now(&dj, phase, sizeof phase);
			printf("\n--- %s ---\n", phase);
		}
		if (s->act == MAIL) {
			mail_step(&dj, s);
			continue;
		}
		now += 3600;
		judge_round(&dj, 1);
		tell_all(MASTER);
	}

	phase_now(&dj, phase, sizeof phase);
	printf("\nThe game goes on; the position now, as `show demo` gives it:\n\n");
	fflush(stdout);
	if (dj.run(&dj, 2, (char *[]){ "show", "demo" }))
		return 1;
	fflush(stdout);
	printf("\nDone. Every mail the Judge sent is in %s/mail/<address>/new/.\n"
	       "Try these (they run as printed, from this folder):\n"
	       "  $ %s --config %s/judge.conf show demo\n"
	       "  $ %s --config %s/judge.conf replay demo\n"
	       "Mail the Judge yourself: %s/mail.eml is Rome's next mail; edit the\n"
	       "orders, send it, and read the Judge's answer in Rome's Maildir:\n"
	       "  $ %s --config %s/judge.conf receive < %s/mail.eml\n"
	       "  $ ls %s/mail/scipio@rome.example/new/\n",
	       DEMO_DIR, self, DEMO_DIR, self, DEMO_DIR, DEMO_DIR, self, DEMO_DIR, DEMO_DIR, DEMO_DIR);
	strbuf_release(&seen);
	return 0;
}
