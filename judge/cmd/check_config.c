/*
 * check_config.c - `judge check-config`, and the same checks for `judge
 * init`: every problem of the config an admin can find before the mail
 * does: the file itself (every unknown key and bad number, each with its
 * line; the other checks then see the file less its bad lines: one run
 * reports everything), addresses that are not addresses, a database
 * or backup folder this user cannot write, a database another user owns
 * (the Judge must run as its owner), the variants' data and those of the
 * games in the database, the delivery backend and the program it runs.
 * Warnings (an address only this host can reach, no admin) are told but
 * do not fail the check: a test Judge may want them.  Each check is one
 * line of the table below, so that adding one is adding a line.
 */
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "judge/cmd/commands.h"
#include "judge/db.h"
#include "judge/password.h"
#include "maildir/deliver.h"
#include "variants/variant.h"

/* 1 if s looks like an addr-spec: one @, something on both sides, no
 * blanks or angle brackets. */
static int address_ok(const char *s)
{
	const char *at = strchr(s, '@');
	return at && at != s && at[1] && !strchr(at + 1, '@') && !strpbrk(s, " \t<>\"");
}

/* 1 if the address's domain is one only this host knows: no dot, or a
 * name the Internet never resolves to this machine. */
static int address_local(const char *s)
{
	static const char *const tails[] = { ".localhost", ".localdomain", ".local" };
	const char *d = strchr(s, '@');

	d = d ? d + 1 : s;
	if (!strchr(d, '.') || !strcasecmp(d, "localhost"))
		return 1;
	for (size_t i = 0; i < sizeof tails / sizeof tails[0]; i++) {
		size_t n = strlen(d), k = strlen(tails[i]);
		if (n > k && !strcasecmp(d + n - k, tails[i]))
			return 1;
	}
	return 0;
}

/* 1 if this user can write in the folder dir, or make it: the nearest
 * folder of it that exists is writable (a folder is made when first
 * used).  dir is cut to that folder. */
static int folder_writable(char *dir)
{
	char *d = dir;
	while (access(d, F_OK) != 0 && strcmp(d, "/") && strcmp(d, "."))
		d = dirname(d);
	memmove(dir, d, strlen(d) + 1);
	return access(dir, W_OK | X_OK) == 0;
}

/* Each check prints its problems ("problem: ...") and warnings ("warning:
 * ...") on out and returns the problems it found. */
typedef int check_fn(const struct config *c, sqlite3 *db, FILE *out);

static int check_addresses(const struct config *c, sqlite3 *db, FILE *out)
{
	int problems = 0;

	(void)db;
	if (!address_ok(c->address))
		fprintf(out, "problem: address '%s' is not a mail address\n", c->address), problems++;
	else if (address_local(c->address))
		fprintf(out, "warning: address '%s' is local: players elsewhere cannot mail it"
		        " (set address)\n", c->address);
	if (c->admin[0] && !address_ok(c->admin))
		fprintf(out, "problem: admin '%s' is not a mail address\n", c->admin), problems++;
	else if (!c->admin[0])
		fprintf(out, "warning: admin is not set: nobody is told of damaged games,"
		        " quarantined or undeliverable mail\n");
	return problems;
}

static int check_storage(const struct config *c, sqlite3 *db, FILE *out)
{
	char dir[1024], a[64], b[64];
	struct stat st;
	int problems = 0;

	(void)db;
	snprintf(dir, sizeof dir, "%s", c->db);
	if (!folder_writable(dirname(dir)))
		fprintf(out, "problem: this user cannot write the database's folder %s\n", dir), problems++;
	else if (access(c->db, F_OK) == 0 && access(c->db, R_OK | W_OK) != 0)
		fprintf(out, "problem: this user cannot write the database %s\n", c->db), problems++;
	/* root can write anything, and would leave files the Judge's own user
	 * cannot: the owner of the database is who must run every command */
	if (stat(c->db, &st) == 0 && st.st_uid != geteuid())
		fprintf(out, "problem: the database %s belongs to %s, and this is %s: run the Judge as %s"
		        " (runuser -u %s -- judge ...)\n", c->db, db_user_name(st.st_uid, a, sizeof a),
		        db_user_name(geteuid(), b, sizeof b), a, a), problems++;
	if (c->backup_dir[0] && !folder_writable(strcpy(dir, c->backup_dir)))
		fprintf(out, "problem: this user cannot write the backup folder %s\n", dir), problems++;
	return problems;
}

/* a key file the Judge cannot use costs every sign-on an Argon2id check
 * (password.c) without a word anywhere else */
static int check_password_key(const struct config *c, sqlite3 *db, FILE *out)
{
	char why[1400];

	(void)db;
	if (!password_key_trouble(c->db, why, sizeof why))
		return 0;
	fprintf(out, "warning: %s; until then every sign-on costs an Argon2id check\n", why);
	return 0;
}

static int check_delivery(const struct config *c, sqlite3 *db, FILE *out)
{
	char prog[1024];

	(void)db;
	if (!deliver_lookup(c->deliver)) {
		fprintf(out, "problem: deliver '%s' is not sendmail, smtp or maildir\n", c->deliver);
		return 1;
	}
	if (strcmp(c->deliver, "sendmail"))
		return 0;
	/* the command's program, as the shell-less hand-over runs it: a path,
	 * or a name found on $PATH */
	snprintf(prog, sizeof prog, "%.*s", (int)strcspn(c->deliver_arg, " \t"), c->deliver_arg);
	if (!prog[0]) {
		fprintf(out, "problem: deliver_arg names no program for deliver = sendmail\n");
		return 1;
	}
	if (strchr(prog, '/')) {
		if (access(prog, X_OK) == 0)
			return 0;
	} else {
		const char *path = getenv("PATH");
		char dir[4096], full[5200];
		snprintf(dir, sizeof dir, "%s", path ? path : "/usr/bin:/bin");
		char *save;
		for (char *d = strtok_r(dir, ":", &save); d; d = strtok_r(NULL, ":", &save)) {
			snprintf(full, sizeof full, "%s/%s", d, prog);
			if (access(full, X_OK) == 0)
				return 0;
		}
	}
	fprintf(out, "problem: deliver_arg's program %s does not exist or cannot be run:"
	        " every reply would wait in the outbox\n", prog);
	return 1;
}

static int check_variants(const struct config *c, sqlite3 *db, FILE *out)
{
	char names[4096];
	int problems = 0;

	(void)c;
	struct strbuf list = STRBUF_INIT;
	variant_list(&list);
	snprintf(names, sizeof names, "%s", list.buf);
	strbuf_release(&list);
	if (!names[0])
		fprintf(out, "problem: no variants in %s\n", variants_dir()), problems++;
	/* strtok_r: reentrant, so nothing variant_find calls can upset the walk */
	char *save;
	for (char *name = strtok_r(names, ", ", &save); name; name = strtok_r(NULL, ", ", &save)) {
		const struct variant *v = variant_find(name, NULL);
		/* its pictures' geography too, which a game reads only to draw */
		if (!v || variant_geo(v))
			fprintf(out, "problem: variant %s: %s\n", name, fail_text()), problems++;
	}
	if (!db)
		return problems;
	/* the games' own: a variant's folder gone while its games run defers
	 * their every mail and skips them at every cron */
	sqlite3_stmt *st;
	if (sqlite3_prepare_v2(db, "SELECT variant, count(*) FROM games WHERE status NOT IN"
	                       " ('finished', 'terminated') GROUP BY variant ORDER BY variant",
	                       -1, &st, NULL) != SQLITE_OK)
		return problems;
	while (sqlite3_step(st) == SQLITE_ROW) {
		const char *v = (const char *)sqlite3_column_text(st, 0);
		int n = sqlite3_column_int(st, 1);
		if (v && !variant_find(v, NULL))
			fprintf(out, "problem: %d game%s of variant %s, which cannot be loaded: %s\n",
			        n, n == 1 ? "" : "s", v, fail_text()), problems++;
	}
	sqlite3_finalize(st);
	return problems;
}

static check_fn *const checks[] = { check_addresses, check_storage, check_password_key, check_delivery, check_variants };

int config_check(const struct config *c, sqlite3 *db, FILE *out)
{
	sqlite3 *mine = NULL;
	int problems = 0;

	/* read-only, and only if it exists: checking makes nothing */
	if (!db && access(c->db, R_OK) == 0 &&
	    sqlite3_open_v2(c->db, &mine, SQLITE_OPEN_READONLY, NULL) == SQLITE_OK)
		db = mine;
	for (size_t i = 0; i < sizeof checks / sizeof checks[0]; i++)
		problems += checks[i](c, db, out);
	sqlite3_close(mine);
	return problems;
}

int cmd_check_config(struct judge *j, int argc, char **argv)
{
	const struct config *c = &j->cfg;

	(void)argv;
	if (argc != 1) {
		fprintf(stderr, "usage: judge check-config\n");
		return 2;
	}
	/* the file's own problems first, each with its line; the checks
	 * below then see the file as read, every bad line left out */
	int problems = 0;
	for (const char *p = config_problems(), *nl; *p; p = nl + 1, problems++) {
		nl = strchr(p, '\n');
		printf("problem: %.*s\n", (int)(nl - p), p);
	}
	problems += config_check(c, NULL, stdout);
	printf("%s: %d problem%s (database %s, variants %s, delivery %s)\n",
	       c->source[0] ? c->source : "the embedded default", problems,
	       problems == 1 ? "" : "s", c->db, variants_dir(), c->deliver);
	return problems ? 1 : 0;
}
