/*
 * check_config.c - `judge check-config`: every problem of the config an
 * admin can find before the mail does: the file itself (read at start:
 * every unknown key and bad number is printed with its line, and the
 * command stops there), addresses
 * that are not addresses, a database or backup folder this user cannot
 * write, the variants' data, the delivery backend.  Prints each problem; exit 1 if
 * there was any.
 */
#include <libgen.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "judge/commands.h"
#include "maildir/deliver.h"
#include "variants/variant.h"

/* 1 if s looks like an addr-spec: one @, something on both sides, no
 * blanks or angle brackets. */
static int address_ok(const char *s)
{
	const char *at = strchr(s, '@');
	return at && at != s && at[1] && !strchr(at + 1, '@') && !strpbrk(s, " \t<>\"");
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

int cmd_check_config(struct judge *j, int argc, char **argv)
{
	const struct config *c = &j->cfg;
	char dir[1024], names[4096];
	int problems = 0;

	(void)argv;
	if (argc != 1) {
		fprintf(stderr, "usage: judge check-config\n");
		return 2;
	}
	if (!address_ok(c->address))
		printf("problem: address '%s' is not a mail address\n", c->address), problems++;
	if (c->admin[0] && !address_ok(c->admin))
		printf("problem: admin '%s' is not a mail address\n", c->admin), problems++;
	snprintf(dir, sizeof dir, "%s", c->db);
	if (!folder_writable(dirname(dir)))
		printf("problem: this user cannot write the database's folder %s\n", dir), problems++;
	else if (access(c->db, F_OK) == 0 && access(c->db, R_OK | W_OK) != 0)
		printf("problem: this user cannot write the database %s\n", c->db), problems++;
	if (c->backup_dir[0] && !folder_writable(strcpy(dir, c->backup_dir)))
		printf("problem: this user cannot write the backup folder %s\n", dir), problems++;
	if (!deliver_lookup(c->deliver))
		printf("problem: deliver '%s' is not sendmail, smtp or maildir\n", c->deliver), problems++;
	struct strbuf list = STRBUF_INIT;
	variant_list(&list);
	snprintf(names, sizeof names, "%s", list.buf);
	strbuf_release(&list);
	if (!names[0])
		printf("problem: no variants in %s\n", variants_dir()), problems++;
	/* strtok_r: reentrant, so nothing variant_find calls can upset the walk */
	char *save;
	for (char *name = strtok_r(names, ", ", &save); name; name = strtok_r(NULL, ", ", &save))
		if (!variant_find(name, NULL))
			printf("problem: variant %s: %s\n", name, fail_text()), problems++;
	printf("%s: %d problem%s (database %s, variants %s, delivery %s)\n",
	       c->source[0] ? c->source : "the embedded default", problems,
	       problems == 1 ? "" : "s", c->db, variants_dir(), c->deliver);
	return problems ? 1 : 0;
}
