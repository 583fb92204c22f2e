/*
 * help.c - HELP: the commands, and how orders are written.
 *
 * The command lines come from the dispatcher's table (dispatch.c, which
 * the session carries), so HELP never lists
 * a command that does not exist or misses one that does; only the short
 * guide to orders is written here.
 */
#include "judge/mailcmd.h"

void mailcmd_help(struct session *s, const char *args)
{
	(void)args;
	reply(s, "The Judge reads your mail line by line. Commands:\n\n");
	for (const struct mailcmd *c = s->commands; c->name; c++)
		reply(s, "  %s\n", c->usage);
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
