/*
 * orders_test.c - the order grammar: what players write, and what the
 * Judge understands (canonical text) or answers (the reason, with a
 * suggestion).  Each row is one input line on the Classical or Standard
 * map; the test fails on any row whose outcome differs.
 */
#include <stdio.h>
#include <string.h>

#include "parser/dip_orders.h"
#include "tests/check.h"
#include "variants/dip_board.h"

struct row {
	const char *variant;
	const char *power;        /* letter */
	const char *text;
	const char *want;         /* canonical text, or "!" + part of the error */
};

static const struct row rows[] = {
	{ "classical", "R", "A bru - epi", "A bru - epi" },
	{ "classical", "R", "a BRU -> EPI", "A bru - epi" },
	{ "classical", "R", "Army Brundisium to Epirus", "A bru - epi" },
	{ "classical", "R", "F Cumae - Mare Tyrrhenum", "F cap - mty" },
	{ "classical", "R", "F capua move mty", "F cap - mty" },
	{ "classical", "R", "A rom S A bru - sam", "A rom S A bru - sam" },
	{ "classical", "R", "A rom supports army brundisium", "A rom S A bru" },
	{ "classical", "R", "A rom s a bru h", "A rom S A bru" },
	{ "classical", "C", "F min C A car - sar", "F min C A car - sar" },
	{ "classical", "C", "F mare internum convoys a carthago to sardo", "F min C A car - sar" },
	{ "classical", "C", "f carthage h", "F car H" },
	{ "classical", "A", "A The Fetters - Athens", "A fet - ath" },
	{ "classical", "A", "A fetters holds", "A fet H" },
	{ "classical", "E", "F the - sor", "F the - sor" },
	{ "classical", "E", "F Thebes - Sea of Reeds", "F the - sor" },
	{ "classical", "E", "A Coele-Syria - Tyre", "A coe - tyr" },
	{ "classical", "S", "Build A ant", "Build A ant" },
	{ "classical", "S", "build army antioch", "Build A ant" },
	{ "classical", "S", "Remove F tyr", "Remove F tyr" },
	{ "classical", "S", "waive", "Waive" },
	{ "classical", "S", "A ant disband", "A ant disband" },
	{ "classical", "S", "A ant - cil via convoy", "A ant - cil via convoy" },
	{ "classical", "R", "A bru - epirus", "A bru - epi" },
	{ "classical", "R", "A bru - epirs", "!did you mean 'epirus'" },
	{ "classical", "C", "F min - mare internun", "!did you mean 'mare internum'" },
	{ "classical", "C", "F car - xyzzy", "!unknown word 'xyzzy'" },
	/* the unknown word ends at punctuation, as in every grammar */
	{ "classical", "C", "F car - xyzzy.", "!unknown word 'xyzzy'" },
	{ "classical", "C", "F car jumps", "!unknown" },
	{ "classical", "C", "F car min", "!not an order" },
	{ "classical", "C", "", "!empty" },
	{ "standard", "F", "F mid - spa/nc", "F mid - spa/nc" },
	{ "standard", "F", "F mid - spa (nc)", "F mid - spa/nc" },
	{ "standard", "F", "F mid - spain north coast", "F mid - spa/nc" },
	{ "standard", "F", "F Mid-Atlantic Ocean - Spain/sc", "F mid - spa/sc" },
	{ "standard", "F", "F mao - spa/xc", "!no such coast" },
	{ "standard", "R", "F stp/sc - bot", "F stp/sc - bot" },
	{ "standard", "E", "A yor - nth - nwy", "A yor - nth - nwy" },
	{ "standard", "E", "F nth C A yor - nwy", "F nth C A yor - nwy" },
};

int main(void)
{
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		const struct row *r = &rows[i];
		char err[300];
		const struct dip_board *b = dip_board_find(r->variant);
		struct dip_order o;
		struct strbuf got = STRBUF_INIT;

		if (!b)
			check_abort("%s: %s", r->variant, fail_text());
		int power = dip_power_by_letter(&b->map, r->power[0]);
		if (dip_parse_order(&b->map, &b->names, r->text, strlen(r->text), power, &o, err, sizeof err))
			strbuf_addf(&got, "!%s", err);
		else
			dip_format_order(&b->map, &o, &got);
		int ok = r->want[0] == '!' ? got.buf[0] == '!' && strstr(got.buf, r->want + 1) != NULL
		                           : strcmp(got.buf, r->want) == 0;
		CHECK(ok, "'%s' -> '%s', wanted '%s'", r->text, got.buf, r->want);
		/* what is stored is read back at adjudication by the strict
		 * reader: it must give the very same order */
		if (got.buf[0] != '!') {
			struct dip_order back;
			int same = !dip_read_order(&b->map, got.buf, got.len, power, &back) &&
			           back.kind == o.kind && back.type == o.type && back.loc == o.loc &&
			           back.dest == o.dest && back.target == o.target &&
			           back.target_type == o.target_type && back.target_dest == o.target_dest &&
			           back.via_convoy == o.via_convoy && back.npath == o.npath &&
			           !memcmp(back.path, o.path, sizeof o.path[0] * (size_t)o.npath);
			CHECK(same, "'%s' reads back differently", got.buf);
		}
		strbuf_release(&got);
	}
	return check_done("orders_test");
}
