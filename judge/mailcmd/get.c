/*
 * get.c - GET <file>: a variant's help file (info.<variant>, rules.<variant>),
 * or the list of variants.  Only names from the variants' own descriptors
 * are served, never a path the sender chose.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "judge/mailcmd.h"

MAILCMD(get)
{
	char name[64], path[1400];
	const struct variant *v;
	const char *dot;

	if (sscanf(args, "%63s", name) != 1) {
		reply(s, "GET needs a file name, e.g. GET info.classical. GET variants lists the variants.\n");
		return;
	}
	for (char *p = name; *p; p++)
		*p = (char)tolower((unsigned char)*p);
	if (!strcmp(name, "variants") || !strcmp(name, "list")) {
		reply(s, "Variants: ");
		if (!reply_full(s))
			variant_list(&s->reply);
		reply(s, "\nGET info.<variant> for a variant's rules.\n");
		return;
	}
	dot = strchr(name, '.');
	if (!dot || (strncmp(name, "info.", 5) && strncmp(name, "rules.", 6))) {
		reply(s, "No file '%s'. Try GET info.classical, GET rules.classical or GET variants.\n", name);
		return;
	}
	if (!(v = variant_find(dot + 1, NULL))) {
		reply(s, "No file '%s': %s. GET variants lists the variants.\n", name, fail_text());
		return;
	}
	if (!strncmp(name, "info.", 5))
		snprintf(path, sizeof path, "%s/%s/%s", variants_dir(), v->folder, v->info);
	else
		snprintf(path, sizeof path, "%s/%s/RULES.md", variants_dir(), v->folder);
	reply(s, "Here is %s:\n\n", name);
	if (reply_full(s))
		return;
	if (strbuf_read_file(&s->reply, path))
		reply(s, "(the file is missing on this Judge; please tell its admin)\n");
}
