/*
 * pelo_text_test.c - the Peloponnesian War's texts: the order grammar as
 * players write it (every form of every verb, names, codes, aliases, any
 * case; rejections with a reason and a suggestion), the canonical form
 * and its strict reader, the scenario's special actions by their phrases
 * and by SPECIAL and their minor, and the stored state (written, read
 * back and written again to the same text, hostages and used special
 * actions included; every damaged line refused with its line number).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parser/pelo_orders.h"
#include "variants/pelo_board.h"
#include "tests/pelo/pelo_test.h"


/* Parse text; on success its canonical form goes to canon. */
static int parse(const char *text, char *canon, size_t len, char *why, size_t whylen)
{
	struct pelo_order o;
	struct strbuf sb = STRBUF_INIT;
	const struct pelo_order_names nm = { &board.cities, &board.spaces, &board.specials };
	int rc = pelo_parse_order(m, &board.scen, &nm, text, strlen(text), &o, why, whylen);

	if (!rc) {
		pelo_format_order(m, &board.scen, &o, &sb);
		snprintf(canon, len, "%s", sb.buf);
	}
	strbuf_release(&sb);
	return rc;
}

static void reads_as(const char *text, const char *expect)
{
	char canon[64] = "", why[200] = "", what[300];
	int rc = parse(text, canon, sizeof canon, why, sizeof why);

	snprintf(what, sizeof what, "'%s' reads as '%s'%s%s", text, expect, rc ? ": " : "",
	         rc ? why : "");
	CHECK(!rc && !strcmp(canon, expect), "%s", what);
}

static void refused(const char *text, const char *reason)
{
	char canon[64], why[200] = "", what[300];
	int rc = parse(text, canon, sizeof canon, why, sizeof why);

	snprintf(what, sizeof what, "'%s' is refused with '%s' (got '%s')", text, reason, why);
	CHECK(rc && strstr(why, reason), "%s", what);
}

static void grammar(void)
{
	reads_as("CLAIM", "claim");
	reads_as("claim dominance", "claim");
	reads_as("Claim dominant status", "claim");
	reads_as("relinquish dominance", "relinquish");
	reads_as("give up dominance", "relinquish");
	reads_as("JOIN Sparta", "join spa");
	reads_as("join the coalition of Sparta", "join spa");
	reads_as("join Sparta's coalition", "join spa");
	reads_as("leave the coalition", "leave");
	reads_as("LEAVE", "leave");
	reads_as("Declare war on Argos", "war arg");
	reads_as("war arg", "war arg");
	reads_as("WAR ON ATHENAI", "war ath");
	reads_as("ally Argos", "ally arg");
	reads_as("take Argos as an ally", "ally arg");
	reads_as("Argos as ally", "ally arg");
	reads_as("TRIBUTE Lesbos", "tribute les");
	reads_as("make Lesbos a tributary", "tribute les");
	reads_as("reduce Mytilene to tributary", "tribute les");
	reads_as("break the peace with Sparta", "break spa");
	reads_as("break spa", "break spa");
	reads_as("pass", "pass");
	reads_as("admit Thebes", "admit thb");
	reads_as("accept peace with Sparta", "peace spa");
	reads_as("peace ath", "peace ath");
	reads_as("build 2 hoplites", "build hoplite 2");
	reads_as("BUILD naval", "build naval 1");
	reads_as("build cavalry 3", "build cavalry 3");
	reads_as("Buy 1 trireme.", "build naval 1");
	refused("declare war on Sprata", "did you mean 'sparta'");
	refused("join", "name a city-state");
	refused("build 2", "how many of which");
	refused("build 40 hoplites", "between 1 and 20");
	refused("march to Athens", "unknown word 'march'");
	refused("Argos", "not an order");
	/* the scenario's special actions: their phrases win over the city
	 * they contain, SPECIAL and the minor names them too */
	reads_as("Congress of Gela", "special gela");
	reads_as("convene the Congress of Gela", "special gela");
	reads_as("SPECIAL GELA", "special gela");
	reads_as("special Syracuse", "special gela");
	reads_as("Argos alliance", "special argos");
	reads_as("conclude the alliance with Argos", "special argos");
	reads_as("special action Argos", "special argos");
	reads_as("special argos", "special argos");
	reads_as("ally Argos", "ally arg");
	refused("special Sparta", "no special action of this scenario concerns Sparta");
	refused("special", "name the special action");

	/* the strict reader takes the canonical form and nothing else */
	const char *const canon[] = { "claim", "relinquish", "join spa", "leave", "war arg",
	                              "ally arg", "tribute les", "break spa", "pass", "admit thb", "peace spa",
	                              "build hoplite 2", "special gela", "special argos" };
	int ok = 1;
	for (size_t i = 0; i < sizeof canon / sizeof canon[0]; i++) {
		struct pelo_order o;
		struct strbuf sb = STRBUF_INIT;
		ok &= !pelo_read_order(m, &board.scen, canon[i], strlen(canon[i]), &o);
		pelo_format_order(m, &board.scen, &o, &sb);
		ok &= !strcmp(sb.buf, canon[i]);
		strbuf_release(&sb);
	}
	CHECK(ok, "every canonical order reads back to itself");
	const char *const wrong[] = { "Claim", "join Sparta", "war", "war xyz", "claim spa",
	                              "build hoplite", "build hoplite 0", "build elephant 2",
	                              "declare war on arg", "special", "special gel",
	                              "special Gela", "special gela arg" };
	ok = 1;
	for (size_t i = 0; i < sizeof wrong / sizeof wrong[0]; i++) {
		struct pelo_order o;
		ok &= pelo_read_order(m, &board.scen, wrong[i], strlen(wrong[i]), &o) == -1;
	}
	CHECK(ok, "the strict reader refuses what is not canonical");
}

static void state(void)
{
	struct pelo_pos p, q;
	struct strbuf a = STRBUF_INIT, b = STRBUF_INIT;

	pelo_pos_initial(m, &board.scen, &p);
	p.treaty[p.ntreaties++] = (struct pelo_treaty){ 0, 2, 1 };
	p.ravaged[pelo_space_by_code(m, "ele")] = 1;
	p.surrendered_to[pelo_city_by_code(m, "thb")] = (int8_t)pelo_city_by_code(m, "ath");
	p.plague_done[pelo_city_by_code(m, "ath")] = 1;
	int spa = pelo_city_by_code(m, "spa"), ath = pelo_city_by_code(m, "ath");
	p.hostages[spa][ath] = 1;
	p.hostages[ath][pelo_city_by_code(m, "cor")] = 2;
	p.special_used[1] = 1;
	pelo_state_write(m, &board.scen, &p, &a);
	CHECK(!pelo_state_read(m, &board.scen, a.buf, &q), "the state reads back");
	pelo_state_write(m, &board.scen, &q, &b);
	CHECK(!strcmp(a.buf, b.buf), "and writes the same text again");
	CHECK(!memcmp(p.status, q.status, sizeof p.status) && !memcmp(p.control, q.control, sizeof p.control) &&
	      p.ntreaties == q.ntreaties && q.ravaged[pelo_space_by_code(m, "ele")] &&
	      q.plague_done[pelo_city_by_code(m, "ath")] && p.nforces == q.nforces,
	      "the position read is the one written");
	CHECK(strstr(a.buf, "turn 1 diplomatic\n") && strstr(a.buf, "status cor partner spa\n") &&
	      strstr(a.buf, "money ath 6000 10 0\n") && strstr(a.buf, "force ath ath 7 1 0\n") &&
	      strstr(a.buf, "rebellion pot\n") && strstr(a.buf, "sympathy syr cor\n"),
	      "the text is the documented records");
	CHECK(strstr(a.buf, "hostages spa ath 1\n") && strstr(a.buf, "hostages ath cor 2\n") &&
	      strstr(a.buf, "special-used gela\n") && !strstr(a.buf, "special-used argos") &&
	      !memcmp(p.hostages, q.hostages, sizeof p.hostages) &&
	      !memcmp(p.special_used, q.special_used, sizeof p.special_used),
	      "hostages and used special actions are stored and read back");

	const struct { const char *text, *error; } bad[] = {
		{ "status ath dominant\n", "no turn line" },
		{ "turn 1 diplomatic\nstatus xyz neutral\n", "line 2: unknown city-state" },
		{ "turn 1 diplomatic\nstatus meg dominant\n", "line 2: a box of the other class" },
		{ "turn 1 diplomatic\nstatus cor partner\n", "line 2: wrong number of words" },
		{ "turn 1 sleeping\n", "line 1: unknown phase" },
		{ "turn 1 diplomatic\nmoney ath 6000 13 0\n", "line 2: a number out of range" },
		{ "turn 1 diplomatic\nmoney meg 1 1 1\n", "line 2: not a major" },
		{ "turn 1 diplomatic\nforce ath xyz 1 0 0\n", "line 2: unknown space" },
		{ "turn 1 diplomatic\nfrobnicate\n", "line 2: unknown record" },
		{ "turn 1 diplomatic\nhostages spa meg 1\n", "line 2: not a major" },
		{ "turn 1 diplomatic\nhostages spa spa 1\n", "line 2: a major holds no hostages of itself" },
		{ "turn 1 diplomatic\nhostages spa ath 0\n", "line 2: a number out of range" },
		{ "turn 1 diplomatic\nspecial-used delos\n", "line 2: unknown special action" },
	};
	int ok = 1;
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		int rc = pelo_state_read(m, &board.scen, bad[i].text, &q);
		if (rc != -1 || !strstr(fail_text(), bad[i].error)) {
			printf("  '%s' gave '%s'\n", bad[i].text, fail_text());
			ok = 0;
		}
	}
	CHECK(ok, "a damaged state is refused, naming its line");
	strbuf_release(&a);
	strbuf_release(&b);
}

static void texts(void)
{
	struct pelo_pos p;
	struct strbuf s = STRBUF_INIT;
	struct json j;

	pelo_pos_initial(m, &board.scen, &p);
	pelo_phase_name(&board.scen, &p, &s);
	CHECK(!strcmp(s.buf, "Turn 1, 431-429 BC, Diplomatic phase"), "the first phase's name");
	strbuf_reset(&s);
	p.turn = 2;
	p.phase = PELO_PH_ECONOMIC;
	pelo_phase_name(&board.scen, &p, &s);
	CHECK(!strcmp(s.buf, "Turn 2, 428-426 BC, Economic phase"), "turn 2 is 428-426 BC");
	strbuf_reset(&s);
	pelo_pos_initial(m, &board.scen, &p);
	pelo_status(m, &board.scen, &p, &s);
	CHECK(strstr(s.buf, "  Corinth (C)      junior partner of Sparta       1500       10        0\n") &&
	      strstr(s.buf, "Tributary of Athens: ") && strstr(s.buf, "Argos (sympathetic to Athens)") &&
	      strstr(s.buf, "  Athens: Athens 7H 1C, Piraeus 12N") &&
	      strstr(s.buf, "Chalcidice: Potidaea [R] (Chalcidice); Scione (Athens)") && strstr(s.buf, "Peace treaties: none"),
	      "the status names every city-state's box, forces, holders and markers");
	strbuf_reset(&s);
	json_init(&j, &s);
	pelo_status_json(m, &board.scen, &p, &j);
	CHECK(strstr(s.buf, "\"turn\":1,\"phase_kind\":\"diplomatic\"") &&
	      strstr(s.buf, "{\"code\":\"cor\",\"name\":\"Corinth\",\"box\":\"partner\",\"of\":\"spa\"") &&
	      strstr(s.buf, "\"treasury\":6000,\"bellicosity\":10") &&
	      strstr(s.buf, "\"hostages\":[],\"leaders\":[{\"code\":\"pericles\"") &&
	      strstr(s.buf, "\"sieges\":[],\"specials_used\":[]"),
	      "and the same as JSON");
	CHECK(!strstr(s.buf, "Hostages:"), "no hostages line while none are held");
	/* hostages and a used special action, in the text and in JSON */
	p.hostages[pelo_city_by_code(m, "spa")][pelo_city_by_code(m, "ath")] = 1;
	p.special_used[0] = 1;
	strbuf_reset(&s);
	pelo_status(m, &board.scen, &p, &s);
	CHECK(strstr(s.buf, "Hostages: Sparta holds 1 of Athens\n") &&
	      strstr(s.buf, "Special actions used: the alliance with Argos\n"),
	      "the status tells the hostages and the special actions used");
	strbuf_reset(&s);
	json_init(&j, &s);
	pelo_status_json(m, &board.scen, &p, &j);
	CHECK(strstr(s.buf, "\"hostages\":[{\"holder\":\"spa\",\"of\":\"ath\",\"n\":1}]") &&
	      strstr(s.buf, "\"specials_used\":[\"argos\"]"),
	      "and JSON");
	strbuf_release(&s);
}

int main(void)
{
	if (load_board())
		return 1;
	grammar();
	state();
	texts();
	pelo_board_free(&board);
	return check_done("pelo_text_test");
}
