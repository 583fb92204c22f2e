/*
 * help.c - HELP: the commands, and how orders are written.
 *
 * The command lines come from the dispatcher's table (dispatch.c, which
 * the session carries), so HELP never lists
 * a command that does not exist or misses one that does.  The guide to
 * orders is the variant's when the mail is about one (signed on to a
 * game, or HELP <variant>) and its folder has a file "help" of order
 * examples (variants/FORMAT.md): each family writes its own orders, so
 * Antike's players are not shown Diplomacy's; else Diplomacy's, here.
 */
#include <string.h>
#include <unistd.h>

#include "judge/mailcmd.h"

/* The variant the mail is about: the game signed on to, else the one HELP
 * names; NULL if neither. */
static const struct variant *about(struct session *s, const char *args)
{
	while (*args == ' ' || *args == '\t')
		args++;
	if (s->signed_on && s->game.v)
		return s->game.v;
	return *args ? variant_find(args, NULL) : NULL;
}

/* Reply with v's examples of orders.  Returns 0, or -1 if it has none. */
static int variant_examples(struct session *s, const struct variant *v)
{
	char path[1400];
	struct strbuf text = STRBUF_INIT;

	snprintf(path, sizeof path, "%s/%s/help", variants_dir(), v->folder);
	if (strbuf_read_file(&text, path) < 0) {
		strbuf_release(&text);
		return -1;
	}
	reply(s, "\n%s\n", text.buf);
	/* one file a line: a variant's long name never wraps mid-phrase */
	static const char *const files[][2] = {
		{ "info", "the guide to playing it by mail" },
		{ "rules", "its rule book" },
		{ "map", "its map as text" },
		{ "orders", "every order, with an example" },
	};
	for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
		snprintf(path, sizeof path, "%s/%s/%s", variants_dir(), v->folder, files[i][0]);
		if (!strcmp(files[i][0], "orders") && access(path, R_OK))
			continue;   /* only a family with orders of its own has one */
		strbuf_reset(&text);
		variant_file_name(&text, files[i][0], v->name);
		reply(s, "GET %s: %s\n", text.buf, files[i][1]);
	}
	strbuf_release(&text);
	return 0;
}

void mailcmd_help(struct session *s, const char *args)
{
	const struct variant *v = about(s, args);

	reply(s, "The Judge reads your mail line by line. Commands:\n\n");
	for (const struct mailcmd *c = s->commands; c->name; c++)
		reply(s, "  %s\n", c->usage);
	if (v && !variant_examples(s, v))
		return;
	reply(s, "\nAfter SIGNON as a power, every line that is not a command is an order,\n"
	      "for example:\n"
	      "  A Roma - Samnium      F cap S A rom - sam     F mty C A rom - sar\n"
	      "  A epi H               A epi - fet (retreat)   A epi disband\n"
	      "  Build A rom           Remove F kal            Waive\n"
	      "Provinces may be written in full, by code or by alias, in any case;\n"
	      "\"-\", \"->\" and \"to\" all mean a move. A unit's new order replaces its\n"
	      "earlier one; builds and removals come as one set; CLEAR withdraws them.\n"
	      "A seat of several powers writes \"Syria:\" before that power's orders;\n"
	      "PASS alone passes all of them where the phase allows it.\n"
	      "Quoted lines (\"> \") and everything after a \"-- \" signature line or\n"
	      "SIGNOFF are ignored.\n\n"
	      "GET index lists the files the Judge sends: for each variant a guide to\n"
	      "playing it by mail (GET info.classical), its rule book (GET\n"
	      "rules.classical) and its map as text (GET map.classical).\n");
}
