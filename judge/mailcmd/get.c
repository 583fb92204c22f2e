/*
 * get.c - GET <file>: the files a player can fetch by mail.  Each variant
 * has three, named <kind>.<variant>: info (how to play it by mail), rules
 * (its rule book) and map (its map as text, made from the loaded map so
 * it cannot disagree with the adjudicator); a family whose orders are not
 * Diplomacy's has a fourth, orders (every order with an example); besides
 * them "index" (the
 * list of all, also what a bare GET answers) and "variants".
 *
 * The kinds are one table, so the index lists exactly what GET serves.
 * Only names built from the variants' own descriptors are served, never
 * a path the sender chose.  A file is mailed as plain text: the rule
 * books are Markdown in the tree, converted at send (plaintext.h).
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "judge/mailcmd.h"
#include "judge/mailcmd/plaintext.h"

/* Append the file of kind for v to out.  Returns 0, or -1 if the
 * installation lacks it. */
typedef int (*file_fn)(const struct variant *v, struct strbuf *out);

static int info_file(const struct variant *v, struct strbuf *out)
{
	char path[1400];

	snprintf(path, sizeof path, "%s/%s/%s", variants_dir(), v->folder, v->info);
	return strbuf_read_file(out, path);
}

static int rules_file(const struct variant *v, struct strbuf *out)
{
	char path[1400];

	snprintf(path, sizeof path, "%s/%s/RULES.md", variants_dir(), v->folder);
	return strbuf_read_file(out, path);
}

static int map_file(const struct variant *v, struct strbuf *out)
{
	variant_map(v, out);
	return 0;
}

/* A family whose orders are not Diplomacy's writes them out, every order
 * with an example, in its folder's file "orders" (variants/FORMAT.md). */
static int orders_file(const struct variant *v, struct strbuf *out)
{
	char path[1400];

	snprintf(path, sizeof path, "%s/%s/orders", variants_dir(), v->folder);
	return strbuf_read_file(out, path);
}

/* The files every variant has: GET <kind>.<variant>. */
static const struct kind {
	const char *kind;
	file_fn fn;
	const char *what;        /* for the index, after the variant's name;
	                            short, so the line fits in 78 columns */
	int optional;            /* only some variants have it: the index
	                            lists it where it is, GET says "no file"
	                            where it is not */
} kinds[] = {
	{ "info", info_file, "how to play it by mail", 0 },
	{ "rules", rules_file, "the rule book", 0 },
	{ "map", map_file, "the map: each place and its neighbours", 0 },
	{ "orders", orders_file, "every order, with an example", 1 },
};

/* 1 if v has the file of kind k. */
static int has_file(const struct variant *v, const struct kind *k)
{
	struct strbuf probe = STRBUF_INIT;
	int ok = !k->optional || (v && !k->fn(v, &probe));

	strbuf_release(&probe);
	return ok;
}

#define NKINDS (sizeof kinds / sizeof kinds[0])

static void index_variant(const char *name, void *arg)
{
	struct session *s = arg;
	struct strbuf file;

	const struct variant *v = variant_find(name, NULL);

	strbuf_init(&file);
	for (size_t k = 0; k < NKINDS; k++) {
		if (!has_file(v, &kinds[k]))
			continue;
		strbuf_reset(&file);
		variant_file_name(&file, kinds[k].kind, name);
		reply(s, "  %-22s %s: %s\n", file.buf, name, kinds[k].what);
	}
	strbuf_release(&file);
}

/* The index: every file GET serves, a line each. */
static void send_index(struct session *s)
{
	reply(s, "Files the Judge sends: mail it GET <name>, e.g. GET map.classical.\n\n"
	      "  %-22s %s\n  %-22s %s\n  %-22s %s\n", "index", "this list",
	      "variants", "the names of the variants this Judge plays",
	      "map [game [phase]]", "a game's map picture (alone: your game's)");
	if (!reply_full(s))
		variant_each_name(index_variant, s);
	reply(s, "\nHELP lists the commands the Judge understands.\n");
}

void mailcmd_get(struct session *s, const char *args)
{
	char name[64];
	const struct variant *v;
	const struct kind *k = NULL;
	const char *dot;

	if (sscanf(args, "%63s", name) != 1) {
		send_index(s);
		return;
	}
	for (char *p = name; *p; p++)
		*p = (char)tolower((unsigned char)*p);
	if (!strcmp(name, "index")) {
		send_index(s);
		return;
	}
	if (!strcmp(name, "map")) {
		mailcmd_get_map(s, args + 3);
		return;
	}
	if (!strcmp(name, "variants") || !strcmp(name, "list")) {
		reply(s, "Variants: ");
		if (!reply_full(s))
			variant_list(&s->reply);
		reply(s, "\nGET index lists the files each variant has.\n");
		return;
	}
	if ((dot = strchr(name, '.')))
		for (size_t i = 0; i < NKINDS; i++)
			if (strlen(kinds[i].kind) == (size_t)(dot - name) &&
			    !strncmp(name, kinds[i].kind, (size_t)(dot - name)))
				k = &kinds[i];
	if (!k) {
		reply(s, "No file '%s'. GET index lists the files there are.\n", name);
		return;
	}
	if (!(v = variant_find(dot + 1, NULL))) {
		reply(s, "No file '%s': %s. GET index lists the files there are.\n", name, fail_text());
		return;
	}
	if (!has_file(v, k)) {
		reply(s, "No file '%s': %s has none. GET index lists the files there are.\n", name, v->name);
		return;
	}
	reply(s, "Here is %s:\n\n", name);
	if (reply_full(s))
		return;
	/* the files are Markdown in the source tree, read in a plain-text
	 * mail: their marks go at send */
	struct strbuf file = STRBUF_INIT;
	if (k->fn(v, &file))
		reply(s, "(the file is missing on this Judge; please tell its admin)\n");
	else
		plaintext_from_markdown(file.buf, &s->reply);
	strbuf_release(&file);
}
