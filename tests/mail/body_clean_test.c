/*
 * tests/mail/body_clean_test.c - body_clean(): what is kept of a reply;
 * body_commands_len(): where the commands end.
 */
#include "maildir/body_clean.h"
#include "mailtest.h"
#include "tests/check.h"

static void check(const char *what, const char *in, const char *want)
{
	char *out = NULL;

	if (body_clean(in, strlen(in), &out) != 0) {
		CHECK(0, "%s: body_clean failed", what);
		return;
	}
	CHECK_STR(what, out, want);
	free(out);
}

static void commands(const char *what, const char *in, size_t want)
{
	size_t got = body_commands_len(in, strlen(in));

	CHECK(got == want, "%s: %zu, want %zu", what, got, want);
}

static void test_commands_len(void)
{
	commands("no end", "A Par - Bur\nA Mar H\n", 20);
	commands("empty", "", 0);
	commands("SIGNOFF", "A Par - Bur\nSIGNOFF\njunk\n", 19);
	commands("signoff, indented, any case", "x\n  SignOff now\n", 11);
	commands("SIGNOFF glued to junk", "x\nSIGNOFF\x01\xff", 9);
	commands("another word", "x\nSIGNOFFS\n", 11);
	commands("quoted SIGNOFF", "> SIGNOFF\nx\n", 12);
	commands("signature", "A Par - Bur\n-- \nBob\nSIGNOFF\n", 12);
	commands("signature first", "--\nBob\n", 0);
}

int main(void)
{
	test_commands_len();
	check("plain text is kept", "A Par - Bur\nA Mar S A Par - Bur\n",
	    "A Par - Bur\nA Mar S A Par - Bur\n");
	check("empty", "", "");
	check("only blank lines", "\n \n\t\n", "");
	check("no final newline", "A Par - Bur", "A Par - Bur\n");
	check("leading and trailing blank lines, trailing blanks",
	    "\n\n  A Par - Bur  \n\nA Mar H\t\n\n\n",
	    "  A Par - Bur\n\nA Mar H\n");
	check("quoted lines", "A Par - Bur\n> A Par - Pic\n  >> old\n>\nend\n",
	    "A Par - Bur\nend\n");
	check("signature", "A Par - Bur\n-- \nFrank\nA Par - Pic\n",
	    "A Par - Bur\n");
	check("signature without the space", "A Par - Bur\n--\nFrank\n",
	    "A Par - Bur\n");
	check("a dash line that is not a signature", "A Par - Bur\n---\nx\n",
	    "A Par - Bur\n---\nx\n");
	check("quoted signature does not cut", "> -- \n> sig\nA Par - Bur\n",
	    "A Par - Bur\n");
	check("Gmail attribution, one line",
	    "A Vie - Tyr\n\nOn Mon, Nov 2, 2026 at 10:00 AM Judge "
	    "<judge@example.net> wrote:\n\n> A Vie - Gal\n",
	    "A Vie - Tyr\n");
	check("Gmail attribution wrapped over two lines",
	    "A Vie - Tyr\n\nOn Mon, Nov 2, 2026 at 10:00 AM Diplomacy Judge <\n"
	    "judge@judge.example.net> wrote:\n\n> A Vie - Gal\n>\n",
	    "A Vie - Tyr\n");
	check("attribution followed by unquoted original ends the text",
	    "A Vie - Tyr\nOn 2 Nov 2026, at 10:00, Judge wrote:\n"
	    "Orders received:\nA Vie - Gal\n",
	    "A Vie - Tyr\n");
	check("bottom-posting keeps the answer under the quote",
	    "On 02/11/2026 10:00, Judge wrote:\n> A Mos - Ukr\n\n"
	    "A Mos - Sev\n",
	    "A Mos - Sev\n");
	check("inline answers between quotes",
	    "> Your orders?\nA Mos - Sev\n> And press?\nPRESS TO A\nhi\n"
	    "ENDPRESS\n",
	    "A Mos - Sev\nPRESS TO A\nhi\nENDPRESS\n");
	check("German attribution",
	    "A Ber - Kie\n\nAm Mo., 2. Nov. 2026 um 10:00 Uhr schrieb Judge "
	    "<judge@example.net>:\n> x\n",
	    "A Ber - Kie\n");
	check("French attribution",
	    "A Par - Bur\n\nLe lun. 2 nov. 2026 \xc3\xa0 10:00, Judge "
	    "<judge@example.net> a \xc3\xa9" "crit :\n> x\n",
	    "A Par - Bur\n");
	check("a line starting with On is not an attribution",
	    "On second thought:\nA Par - Gas\n",
	    "On second thought:\nA Par - Gas\n");
	check("Outlook original message",
	    "A Par - Bur\n\n-----Original Message-----\nFrom: Judge\n"
	    "A Par - Pic\n",
	    "A Par - Bur\n");
	check("spaced original message marker",
	    "A Par - Bur\n----- Original Message -----\nA Par - Pic\n",
	    "A Par - Bur\n");
	check("Outlook From/Sent block",
	    "F Kie - Den\n\nFrom: Diplomacy Judge <judge@example.net>\n"
	    "Sent: Monday, November 2, 2026 10:00\nTo: erin@example.com\n"
	    "Subject: Orders\n\nF Kie - Hol\n",
	    "F Kie - Den\n");
	check("Outlook block rendered with stars",
	    "F Kie - Den\n*From:* Judge\n*Sent:* Monday\n\nF Kie - Hol\n",
	    "F Kie - Den\n");
	check("a From: line alone is text",
	    "PRESS TO E\nFrom: your friend in Berlin\nENDPRESS\n",
	    "PRESS TO E\nFrom: your friend in Berlin\nENDPRESS\n");
	check("underscore separator",
	    "F Kie - Den\n________________________________\nF Kie - Hol\n",
	    "F Kie - Den\n");
	check("short underscores are text", "a\n____\nb\n", "a\n____\nb\n");
	check("phone taglines",
	    "A Con - Bul\n\nSent from my iPhone\n", "A Con - Bul\n");
	check("CR before LF is dropped", "A Par - Bur\r\n", "A Par - Bur\n");
	return check_done("body_clean_test");
}
