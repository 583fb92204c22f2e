/*
 * config.c - reading the config file.  The keys are a table: name, where
 * the value goes, what it means and, for a number, the range it must lie
 * in, so that a value no code path was written for (max_attempts = 0, a
 * period of 10^15 hours) stops at start with its line instead of in the
 * arithmetic later.  The reader goes on past a bad line and reports every
 * problem of the file at once, so that an admin mends them in one round.
 */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <fcntl.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "judge/config.h"
#include "base/error.h"
#include "base/strbuf.h"
#include "variants/datadir.h"

enum kind { STR, NUM };

/* The range of a number key added with N(): any count the Judge could
 * use, small enough that hours * 3600 or bytes * a few stay far from
 * overflowing a long. */
#define NUM_MAX 1000000000L

static const struct key {
	const char *name;
	enum kind kind;
	size_t offset;
	size_t size;
	const char *help;
	long min, max;            /* NUM: the values allowed */
} keys[] = {
#define S(f, h) { #f, STR, offsetof(struct config, f), sizeof ((struct config *)0)->f, h, 0, 0 }
#define R(f, lo, hi, h) { #f, NUM, offsetof(struct config, f), sizeof(long), h, lo, hi }
#define N(f, h) R(f, 0, NUM_MAX, h)
	S(address, "the Judge's mail address (From: of everything it sends)"),
	S(name, "display name on the Judge's mail"),
	S(loop_tag, "X-Loop value; incoming mail carrying it is never answered"),
	S(db, "the SQLite database file"),
	S(backup_dir, "where `judge backup` writes its dated copies (default: backups/ beside the database)"),
	R(backup_keep, 0, 10000, "dated backups kept there, the newest; older ones are deleted (0: keep all)"),
	S(web_dir, "the folder cron keeps the games' static web site in (web.h; empty: no site)"),
	S(web_url, "the site's address (https://host/judge/) for absolute links in its feeds; empty: relative"),
	S(admin, "the admin's address, told about undeliverable mail"),
	S(deliver, "default delivery for flush: sendmail, smtp or maildir"),
	S(deliver_arg, "its argument: a command, host[:port] or a directory"),
	R(deliver_at_once, 0, 1, "1: replies and results leave as soon as they are committed (0: at flush)"),
	R(deliver_timeout, 0, 3600, "seconds sending at once, or one hand-over in flush, may take; older claims are interrupted"),
	R(period_hours, 1, 8760, "hours a phase lasts when its variant gives no period for its kind"),
	R(grace_hours, 0, 8760, "default grace hours after a deadline"),
	R(reminder_hours, 0, 8760, "hours before a deadline to remind players who have not ordered"),
	R(abandon_after, 0, 1000, "phases late in a row after which a power is abandoned (0: never);\n"
	  "                     a game's master may change it (SET ABANDON)"),
	R(max_message_bytes, 1, 1073741824, "incoming mail larger than this is refused (default 10240000, Postfix's limit)"),
	R(allow_experimental, 0, 1, "1: CREATE may start games of variants marked experimental"),
	S(authserv_id, "the local MTA's Authentication-Results id; mail failing DMARC (or SPF without\n"
	  "                     DKIM) there may not take or change a role.  Empty: not checked"),
	R(max_attempts, 1, 100, "tries at one mail (crashed, killed) before it is quarantined"),
	R(max_lines, 1, 10000000, "lines of one mail read; the rest is ignored, with a note"),
	R(max_commands, 1, 1000000, "commands in one mail; the rest is ignored, with a note"),
	R(max_gets, 0, 10000, "GET and HELP in one mail"),
	R(max_reply_bytes, 0, 1073741824, "size of one reply; it is cut beyond, with a note"),
	R(max_press_per_mail, 0, 10000, "PRESS and BROADCAST in one mail"),
	R(max_press_per_phase, 0, 1000000, "PRESS and BROADCAST from one seat in one phase"),
	R(max_press_bytes, 1, 1048576, "bytes of one PRESS or BROADCAST; longer press is refused"),
	R(max_press_bytes_per_mail, 1, 10485760, "bytes of all the press one mail sends"),
	R(max_creates_per_day, 0, 1000000, "games one address may CREATE in 24 hours"),
	R(max_games_per_address, 0, 1000000, "forming and running games one address may be in"),
	R(max_observes_per_address, 0, 1000000, "games one address may OBSERVE at once"),
	R(stranger_reply_bytes, 0, 1073741824, "a reply to an address with no role in any game is cut at this size ..."),
	R(stranger_reply_ratio, 0, 1000000, "... and at this many times the size of the mail it answers"),
	R(min_password, 1, 63, "the shortest password that may be set"),
	R(max_replies_per_hour, 0, 1000000, "replies to one address in an hour; beyond, recorded but not sent"),
	R(guess_limit, 1, 1000000, "wrong passwords from one address (its game), or from others for one seat, that lock ..."),
	R(guess_window_hours, 1, 8760, "... within this many hours, until the window ends (never the seat's own address)"),
	R(keep_seen_days, 0, 36500, "days a Message-ID is remembered against duplicates, and released quarantined mail kept (at least 7; 0: for ever)"),
	R(keep_sent_days, 0, 36500, "days sent mail and held replies are kept (at least 7; 0: for ever)"),
	R(cron_workers, 0, 256, "processes cron adjudicates due games in, each game in one (0: one per online core)"),
	R(keep_picture_days, 0, 36500, "days a phase's map picture is kept (a game's latest: always; 0: for ever)"),
	S(hostname, "domain used in Message-IDs"),
#undef S
#undef R
#undef N
};

static void defaults(struct config *c)
{
	memset(c, 0, sizeof *c);
	snprintf(c->address, sizeof c->address, "judge@localhost");
	snprintf(c->name, sizeof c->name, "The Judge");
	snprintf(c->loop_tag, sizeof c->loop_tag, "judge@localhost");
	snprintf(c->db, sizeof c->db, "var/judge.db");
#ifdef JUDGE_SYSTEM_DB
	if (!running_from_build_tree())
		snprintf(c->db, sizeof c->db, "%s", JUDGE_SYSTEM_DB);
#endif
	snprintf(c->deliver, sizeof c->deliver, "sendmail");
	snprintf(c->deliver_arg, sizeof c->deliver_arg, "/usr/sbin/sendmail -t -oi");
	c->backup_keep = 7;
	c->period_hours = 48;
	c->grace_hours = 0;
	c->deliver_at_once = 1;
	c->deliver_timeout = 20;
	c->reminder_hours = 12;
	c->abandon_after = 3;
	c->max_message_bytes = 10240000;
	c->max_attempts = 3;
	c->max_lines = 2000;
	c->max_commands = 200;
	c->max_gets = 5;
	c->max_reply_bytes = 256 * 1024;
	c->max_press_per_mail = 10;
	c->max_press_per_phase = 50;
	c->max_press_bytes = 16384;
	c->max_press_bytes_per_mail = 65536;
	c->max_creates_per_day = 5;
	c->max_games_per_address = 20;
	c->max_observes_per_address = 20;
	c->stranger_reply_bytes = 16384;
	c->stranger_reply_ratio = 50;
	c->min_password = 6;
	c->max_replies_per_hour = 60;
	c->guess_limit = 5;
	c->guess_window_hours = 1;
	c->keep_seen_days = 30;
	c->keep_sent_days = 30;
	c->keep_picture_days = 30;
	if (gethostname(c->hostname, sizeof c->hostname - 1) != 0 || !c->hostname[0])
		snprintf(c->hostname, sizeof c->hostname, "localhost");
}

/* Every problem of the last config_load, one "file:line: why" a line. */
static struct strbuf problems = STRBUF_INIT;

__attribute__((format(printf, 1, 2)))
static void problem(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	strbuf_vaddf(&problems, fmt, ap);
	va_end(ap);
	strbuf_addch(&problems, '\n');
}

/* val as a number of key k into *n.  Returns 0, or -1 after problem(). */
static int number(const struct key *k, const char *path, int lineno, const char *val, long *n)
{
	char *end;

	errno = 0;
	*n = strtol(val, &end, 10);
	if (!*val || *end || (!isdigit((unsigned char)*val) && *val != '-' && *val != '+'))
		problem("%s:%d: %s must be a number", path, lineno, k->name);
	else if (errno == ERANGE || *n < k->min || *n > k->max)
		problem("%s:%d: %s must be from %ld to %ld", path, lineno, k->name, k->min, k->max);
	else
		return 0;
	return -1;
}

/* One "key = value" line into c; a bad one is recorded with problem()
 * and changes nothing. */
static void set_key(struct config *c, const char *path, int lineno, char *key, int *loop_set)
{
	char *eq = strchr(key, '='), *val;
	const struct key *k = NULL;

	if (!eq) {
		problem("%s:%d: expected key = value", path, lineno);
		return;
	}
	*eq = '\0';
	key = str_trim(key);
	/* "key = value   # a comment": a # after a blank ends the value, so
	 * the README's example can be pasted as it is */
	for (char *h = eq + 1; *h; h++)
		if (*h == '#' && (h == eq + 1 || h[-1] == ' ' || h[-1] == '\t')) {
			*h = '\0';
			break;
		}
	val = str_trim(eq + 1);
	for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
		if (!strcmp(keys[i].name, key))
			k = &keys[i];
	if (!k) {
		problem("%s:%d: unknown key '%s'", path, lineno, key);
		return;
	}
	if (k->kind == STR) {
		if (strlen(val) >= k->size) {
			problem("%s:%d: value of %s is too long (at most %zu bytes)", path, lineno, key, k->size - 1);
			return;
		}
		memcpy((char *)c + k->offset, val, strlen(val) + 1);
	} else {
		long n;
		if (number(k, path, lineno, val, &n))
			return;
		*(long *)((char *)c + k->offset) = n;
	}
	*loop_set |= !strcmp(key, "loop_tag");
}

/* The file at path into text: a regular file of at most CONFIG_MAX_BYTES
 * (a device or a pipe named by mistake would be read without end).
 * Returns 0, or -1 after problem(). */
static int read_config(struct strbuf *text, const char *path)
{
	char buf[8192];
	struct stat st;
	ssize_t n = 0;
	int fd = open(path, O_RDONLY | O_NOCTTY | O_NONBLOCK);

	if (fd < 0) {
		problem("%s: cannot open: %s", path, strerror(errno));
		return -1;
	}
	if (fstat(fd, &st) || !S_ISREG(st.st_mode))
		problem("%s: not a regular file", path);
	else if (st.st_size > CONFIG_MAX_BYTES)
		problem("%s: larger than %d bytes, not a config file", path, CONFIG_MAX_BYTES);
	else
		while (text->len <= CONFIG_MAX_BYTES && (n = read(fd, buf, sizeof buf)) > 0)
			strbuf_add(text, buf, (size_t)n);
	close(fd);
	if (n < 0)
		problem("%s: cannot read: %s", path, strerror(errno));
	else if (text->len > CONFIG_MAX_BYTES)      /* it grew while read */
		problem("%s: larger than %d bytes, not a config file", path, CONFIG_MAX_BYTES);
	return problems.len ? -1 : 0;
}

int config_load(struct config *c, const char *path)
{
	struct strbuf text = STRBUF_INIT;
	const char *line;
	size_t len;
	int loop_set = 0;

	defaults(c);
	strbuf_reset(&problems);
#ifdef JUDGE_SYSTEM_CONFIG
	/* a system-wide Judge's file, if the admin has not removed it */
	if ((!path || !*path) && !running_from_build_tree() && access(JUDGE_SYSTEM_CONFIG, F_OK) == 0)
		path = JUDGE_SYSTEM_CONFIG;
#endif
	if (!path || !*path)
		return 0;
	snprintf(c->source, sizeof c->source, "%s", path);
	if (read_config(&text, path) == 0) {
		struct lines r = LINES_INIT(text.buf);
		while (lines_next(&r, &line, &len)) {
			char one[2048];
			if (len >= sizeof one)
				problem("%s:%d: line longer than %zu bytes", path, r.lineno, sizeof one - 1);
			else if (line[0] != '#') {
				snprintf(one, sizeof one, "%.*s", (int)len, line);
				set_key(c, path, r.lineno, one, &loop_set);
			}
		}
	}
	strbuf_release(&text);
	if (!loop_set)      /* the loop tag follows the address unless set */
		snprintf(c->loop_tag, sizeof c->loop_tag, "%s", c->address);
	if (!problems.len)
		return 0;
	/* fail() keeps one message: the first; config_problems() has all */
	return fail("%.*s", (int)strcspn(problems.buf, "\n"), problems.buf);
}

const char *config_problems(void)
{
	return problems.buf;
}

void config_describe(FILE *f)
{
	for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
		if (keys[i].kind == NUM)
			fprintf(f, "  %-18s %s (%ld to %ld)\n", keys[i].name, keys[i].help, keys[i].min, keys[i].max);
		else
			fprintf(f, "  %-18s %s\n", keys[i].name, keys[i].help);
}
