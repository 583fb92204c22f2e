/*
 * config.c - reading the config file.  The keys are a table: name, where
 * the value goes, and what it means.
 */
#include <ctype.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "judge/config.h"
#include "parser/error.h"
#include "parser/strbuf.h"
#include "variants/datadir.h"

enum kind { STR, NUM };

static const struct key {
	const char *name;
	enum kind kind;
	size_t offset;
	size_t size;
	const char *help;
} keys[] = {
#define S(f, h) { #f, STR, offsetof(struct config, f), sizeof ((struct config *)0)->f, h }
#define N(f, h) { #f, NUM, offsetof(struct config, f), sizeof(long), h }
	S(address, "the Judge's mail address (From: of everything it sends)"),
	S(name, "display name on the Judge's mail"),
	S(loop_tag, "X-Loop value; incoming mail carrying it is never answered"),
	S(db, "the SQLite database file"),
	S(backup_dir, "where `judge backup` writes its dated copies (default: backups/ beside the database)"),
	N(backup_keep, "dated backups kept there, the newest; older ones are deleted (0: keep all)"),
	S(admin, "the admin's address, told about undeliverable mail"),
	S(deliver, "default delivery for flush: sendmail, smtp or maildir"),
	S(deliver_arg, "its argument: a command, host[:port] or a directory"),
	N(deliver_at_once, "1: replies and results leave as soon as they are committed (0: at flush)"),
	N(deliver_timeout, "seconds sending at once, or one hand-over in flush, may take; older claims are interrupted"),
	N(period_hours, "hours a phase lasts when its variant gives no period for its kind"),
	N(grace_hours, "default grace hours after a deadline"),
	N(reminder_hours, "hours before a deadline to remind players who have not ordered"),
	N(abandon_after, "phases late in a row after which a power is abandoned (0: never);\n"
	  "                     a game's master may change it (SET ABANDON)"),
	N(max_message_bytes, "incoming mail larger than this is refused (default 10240000, Postfix's limit)"),
	N(allow_experimental, "1: CREATE may start games of variants marked experimental"),
	S(authserv_id, "the local MTA's Authentication-Results id; mail failing DMARC (or SPF without\n"
	  "                     DKIM) there may not take or change a role.  Empty: not checked"),
	N(max_attempts, "tries at one mail (crashed, killed) before it is quarantined"),
	N(max_lines, "lines of one mail read; the rest is ignored, with a note"),
	N(max_commands, "commands in one mail; the rest is ignored, with a note"),
	N(max_gets, "GET and HELP in one mail"),
	N(max_reply_bytes, "size of one reply; it is cut beyond, with a note"),
	N(max_press_per_mail, "PRESS and BROADCAST in one mail"),
	N(max_press_per_phase, "PRESS and BROADCAST from one seat in one phase"),
	N(max_creates_per_day, "games one address may CREATE in 24 hours"),
	N(max_games_per_address, "forming and running games one address may be in"),
	N(max_observes_per_address, "games one address may OBSERVE at once"),
	N(stranger_reply_bytes, "a reply to an address with no role in any game is cut at this size ..."),
	N(stranger_reply_ratio, "... and at this many times the size of the mail it answers"),
	N(min_password, "the shortest password that may be set"),
	N(max_replies_per_hour, "replies to one address in an hour; beyond, recorded but not sent"),
	N(guess_limit, "wrong passwords from one address (its game), or from others for one seat, that lock ..."),
	N(guess_window_hours, "... within this many hours, until the window ends (never the seat's own address)"),
	N(keep_seen_days, "days a Message-ID is remembered against duplicates (at least 7; 0: for ever)"),
	N(keep_sent_days, "days sent mail and held replies are kept (at least 7; 0: for ever)"),
	S(hostname, "domain used in Message-IDs"),
#undef S
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
	if (gethostname(c->hostname, sizeof c->hostname - 1) != 0 || !c->hostname[0])
		snprintf(c->hostname, sizeof c->hostname, "localhost");
}

/* One "key = value" line into c.  Returns 0, or -1 after fail(). */
static int set_key(struct config *c, const char *path, int lineno, char *key, int *loop_set)
{
	char *eq = strchr(key, '='), *val;
	const struct key *k = NULL;

	if (!eq)
		return fail("%s:%d: expected key = value", path, lineno);
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
	if (!k)
		return fail("%s:%d: unknown key '%s'", path, lineno, key);
	if (k->kind == STR) {
		if (strlen(val) >= k->size)
			return fail("%s:%d: value of %s is too long", path, lineno, key);
		memcpy((char *)c + k->offset, val, strlen(val) + 1);
	} else {
		char *end;
		long n = strtol(val, &end, 10);
		if (*end || n < 0 || !*val)
			return fail("%s:%d: %s must be a number", path, lineno, key);
		*(long *)((char *)c + k->offset) = n;
	}
	*loop_set |= !strcmp(key, "loop_tag");
	return 0;
}

int config_load(struct config *c, const char *path)
{
	struct strbuf text = STRBUF_INIT;
	const char *line;
	size_t len;
	int loop_set = 0, rc = 0;

	defaults(c);
	if (!path)
		path = getenv("JUDGE_CONFIG");
#ifdef JUDGE_SYSTEM_CONFIG
	/* a system-wide Judge's file, if the admin has not removed it */
	if ((!path || !*path) && !running_from_build_tree() && access(JUDGE_SYSTEM_CONFIG, F_OK) == 0)
		path = JUDGE_SYSTEM_CONFIG;
#endif
	if (!path || !*path)
		return 0;
	snprintf(c->source, sizeof c->source, "%s", path);
	if (strbuf_read_file(&text, path))
		return -1;
	struct lines r = LINES_INIT(text.buf);
	while (rc == 0 && lines_next(&r, &line, &len)) {
		char one[2048];
		snprintf(one, sizeof one, "%.*s", (int)len, line);
		if (one[0] != '#')
			rc = set_key(c, path, r.lineno, one, &loop_set);
	}
	strbuf_release(&text);
	if (!loop_set)      /* the loop tag follows the address unless set */
		snprintf(c->loop_tag, sizeof c->loop_tag, "%s", c->address);
	return rc;
}

void config_describe(FILE *f)
{
	for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
		fprintf(f, "  %-18s %s\n", keys[i].name, keys[i].help);
}
