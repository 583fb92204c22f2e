/*
 * tests/mail/inmail_test.c - inmail_parse() on messages shaped as real
 * clients send them (the .eml files in fixtures/), on generated extremes
 * (3 MB, deep nesting in every form libetpan reads, many parts, deep
 * comments, binary, no header), and on damaged input (every
 * fixture cut short, random bytes), which must never crash nor break the
 * contract: either a body or an error.
 */
#include <time.h>

#include "maildir/inmail.h"
#include "maildir/mime_guard.h"
#include "mailtest.h"
#include "tests/check.h"
#include "base/strbuf.h"

#define LOOP "judge@judge.example.net"

struct expect {
	const char *file;
	const char *from, *display, *subject, *message_id;
	const char *silent_why;		/* NULL: must be answered */
	int error;
	const char *body;		/* checked when error is 0 */
};

#define FORWARD_NOTE "Your mail had no text of its own, so the Judge " \
	"read the message attached to it."

/* The fixtures read with a note for the reply; any other has none. */
static const struct {
	const char *file, *note;
} notes[] = {
	{ "unknown_charset.eml", "Your mail says it is written in the "
	  "character set \"x-klingon\", which the Judge does not know; it "
	  "was read as plain ASCII." },
	{ "unknown_charset_ascii.eml", "Your mail says it is written in the "
	  "character set \"x-unknown-foo\", which the Judge does not know; "
	  "it was read as plain ASCII, with every other character shown as "
	  "\"?\". Please send UTF-8." },
	{ "forward_attached.eml", FORWARD_NOTE },
	{ "forward_attached_html.eml", FORWARD_NOTE },
};

static const char *note_for(const char *file)
{
	size_t i;

	for (i = 0; i < sizeof notes / sizeof notes[0]; i++)
		if (strcmp(notes[i].file, file) == 0)
			return notes[i].note;
	return NULL;
}

static const struct expect fixtures[] = {
	{ "plain_ascii.eml", "alice@example.org", "Alice Player", "orders",
	  "plain-1@example.org", NULL, 0,
	  "SIGNON Rclassic secret\nA Rom - Nea\nF Nap S A Rom - Nea\n\n"
	  "SIGNOFF\n" },
	/* as Postfix's local(8) pipes it: an mbox "From " line first */
	{ "postfix_pipe.eml", "alice@example.org", "Alice Player", "orders",
	  "pipe-1@example.org", NULL, 0,
	  "SIGNON Rclassic secret\nA Rom - Nea\nF Nap S A Rom - Nea\n\n"
	  "SIGNOFF\n" },
	{ "qp_utf8.eml", "bruno@example.it", NULL, "press", "qp-1@example.it",
	  NULL, 0,
	  "PRESS TO ALL\n"
	  "Gr\u00fc\u00dfe aus M\u00fcnchen \u2014 let\u2019s make peace in "
	  "the Aegean, friends.\nENDPRESS\nx = y\n" },
	{ "base64_utf8.eml", "claire@example.fr", "Claire", "ordres",
	  "b64-1@example.fr", NULL, 0,
	  "Ordres pour l\u2019\u00e9t\u00e9 :\nA Mar - Bur\nF Bre - MAO\n" },
	/* text/plain preferred over text/html; a Gmail attribution wrapped
	 * over two lines, then the quote. */
	{ "gmail_alternative.eml", "dana.smith@gmail.com", "Dana Smith",
	  "Re: Orders received", "CAF=gmail-1@mail.gmail.com", NULL, 0,
	  "A Vie - Tyr\nA Bud - Ser\n" },
	/* HTML only, windows-1252 in quoted-printable, Outlook's reply
	 * header block after the text. */
	{ "outlook_html_only.eml", "Bob.Jones@example.com", "Bob Jones",
	  "RE: Orders received",
	  "DB9PR01MB1234ABCD@DB9PR01MB1234.eurprd01.prod.exchangelabs.com",
	  NULL, 0,
	  "F Lon \u2013 NTH\nA Lvp - Yor\n"
	  "F Edi S F Lon -> NTH & that\u2019s all\nRegards,\nBob\n" },
	{ "thunderbird_flowed.eml", "carl@example.de", "Carl", "orders",
	  "tb-1@example.de", NULL, 0,
	  "F Tri - Alb\nA Ser S A Bud - Rum\n"
	  "PRESS TO T: in the spring we shall see whether the Turks keep "
	  "their word, and whether the sultan's fleet stays home.\n"
	  "From Vienna, with love.\nENDPRESS\n" },
	{ "applemail_flowed_delsp.eml", "ines@icloud.com", "Ines",
	  "Re: Orders received",
	  "A1B2C3D4-0000-4000-8000-000000000001@icloud.com", NULL, 0,
	  "A Mos - Sev\nF Sev S A Mos - Ukr, if Austria agrees to the "
	  "\u00e9change of Galicia.\n" },
	{ "applemail_reply.eml", "jane@me.com", "Jane Doe",
	  "Re: Orders received",
	  "B2C3D4E5-0000-4000-8000-000000000002@me.com", NULL, 0,
	  "F Ank - Bla\nA Con - Bul\n" },
	/* Bottom-posting: the answer below the quote is kept. */
	{ "thunderbird_bottom.eml", "kolya@example.ru", "Kolya",
	  "Re: Orders received", "tb-2@example.ru", NULL, 0,
	  "A Mos - Sev\nF Sev - Bla\n" },
	{ "outlook_reply.eml", "dave@example.com", "Dave",
	  "RE: Orders received",
	  "000001d9abcd$12345678$9abcdef0@example.com", NULL, 0,
	  "A Par - Bur\nA Mar S A Par - Bur\n" },
	{ "outlook_fromsent.eml", "erin@outlook.com", "Erin",
	  "Re: Orders received",
	  "AM0PR02MB5555@AM0PR02MB5555.eurprd02.prod.outlook.com", NULL, 0,
	  "F Kie - Den\n" },
	{ "signature.eml", "frank@example.de", "Frank", "orders",
	  "sig-1@example.de", NULL, 0, "A Ber - Kie\n" },
	{ "cp1252.eml", "gus@example.com", "Gus", "press",
	  "cp1252-1@example.com", NULL, 0,
	  "PRESS TO A\n\u201cPeace in our time\u201d \u2013 said the "
	  "Kaiser\nENDPRESS\n" },
	{ "latin1.eml", "hugo@example.fr", "Hugo", "ordres",
	  "latin1-1@example.fr", NULL, 0,
	  "A Mar - Gas, \u00e9videmment\n" },
	{ "undeclared_utf8.eml", "ulla@example.se", "Ulla", "orders",
	  "undeclared-1@example.se", NULL, 0,
	  "PRESS TO G\nH\u00e4lsningar fr\u00e5n Malm\u00f6\nENDPRESS\n" },
	/* The sender is From, never Reply-To (anyone may write one). */
	{ "encoded_headers.eml", "renee@example.fr",
	  "Ren\u00e9e Dupont", "Ordres d\u2019\u00e9t\u00e9 \u2014 France",
	  "enc-1@example.fr", NULL, 0, "A Par - Bur\n" },
	/* The text/plain attachment and the PDF are not the text. */
	{ "attachment.eml", "ivan@example.com", "Ivan", "orders and map",
	  "att-1@example.com", NULL, 0, "A Smy - Syr\nF Ank - Bla\n" },
	{ "bounce.eml", "MAILER-DAEMON@mx.example.com", NULL,
	  "Undelivered Mail Returned to Sender",
	  "20261102123000.1A2B3C4D5E@mx.example.com", "bounce", 0, NULL },
	{ "readreceipt.eml", "kim@example.com", "Kim",
	  "Read: Orders received", "mdn-1@example.com", "report", 0,
	  "Your message was read.\n" },
	{ "autoreply.eml", "lena@example.com", "Lena",
	  "Out of office: Orders received", "ooo-1@example.com",
	  "auto-submitted", 0, NULL },
	/* An autoresponder that marks itself only so. */
	{ "autoreply_precedence.eml", "ola@example.no", "Ola Berg",
	  "Re: Orders received", "auto-ola-1@example.no",
	  "precedence auto_reply", 0, NULL },
	{ "bulk.eml", "news@example.com", "News", "Our newsletter",
	  "bulk-1@example.com", "precedence bulk", 0, NULL },
	{ "xloop.eml", "judge@judge.example.net", "Diplomacy Judge",
	  "Orders received", "judge-300@judge.example.net", "x-loop", 0,
	  NULL },
	{ "list.eml", "mo@example.com", "Mo", "[dip] anyone for a game?",
	  "list-1@example.com", "list-id", 0, NULL },
	/* The closing boundary never comes: the text part is still read. */
	{ "malformed_boundary.eml", "nina@example.com", "Nina", "orders",
	  "unclosed-1@example.com", NULL, 0, "A Ven - Tri\nA Rom - Ven\n" },
	/* A header line without a name ends the header, as libetpan reads
	 * it; what follows is taken as text, nothing is lost or invented. */
	{ "garbage_headers.eml", "olga@example.com", "Olga", "orders",
	  "garbage-1@example.com", NULL, 0,
	  ": no name\nContent-Type: text/plain; charset=us-ascii\n\n"
	  "A Con - Bul\n" },
	/* An unknown charset is read as ASCII, and the reply says so. */
	{ "unknown_charset.eml", "worf@example.com", "Worf", "orders",
	  "klingon-1@example.com", NULL, 0, "A Qo - Nos\n" },
	/* NULs are removed. */
	{ "nul_bytes.eml", "pat@example.com", "Pat", "orders",
	  "nul-1@example.com", NULL, 0, "A Mun - Ruh\nA Ber - Kie\n" },
	/* Invalid UTF-8 is replaced, one U+FFFD per maximal subpart. */
	{ "invalid_utf8.eml", "quinn@example.com", "Quinn", "orders",
	  "badutf8-1@example.com", NULL, 0,
	  "A Rom - Ven \ufffd ok\nA Nap - Ion\nPRESS TO F\n"
	  "caf\ufffd au lait \ufffd and \ufffd\ufffd\ufffd end\nENDPRESS\n" },
	{ "image_only.eml", "rita@example.com", "Rita",
	  "my orders (screenshot)", "img-1@example.com", NULL,
	  INMAIL_ENOTEXT, NULL },
	/* Mail as real users send it.  A byte-order mark before the first
	 * line, from a Windows tool, is not part of SIGNON. */
	{ "bom_base64.eml", "tomas@example.cz", "Tomas", "orders",
	  "bom-1@example.cz", NULL, 0,
	  "SIGNON Rgame pw\nA Rom - Nea\nF Nap S A Rom - Nea\nSIGNOFF\n" },
	/* No-break, thin, ideographic and other Unicode spaces become
	 * spaces, zero-width ones go: "--<NBSP>" is then a signature. */
	{ "unicode_spaces.eml", "una@example.it", "Una", "orders",
	  "spaces-1@example.it", NULL, 0,
	  "SIGNON Rgame pw\nA Rom - Nea\nF Nap S A Rom - Nea\n"
	  "A Ven - Tri\n\nPRESS TO A\nHello friend!\nENDPRESS\nSIGNOFF\n" },
	/* An empty text/plain alternative: the HTML one is read. */
	{ "alternative_empty_plain.eml", "vera@example.net", "Vera",
	  "orders", "emptyplain-1@example.net", NULL, 0,
	  "SIGNON Rgame pw\nA Rom - Nea\nF Nap S A Rom - Nea\n" },
	/* Forwarded as an attachment with nothing typed: the attached
	 * message is read, its text/plain ... */
	{ "forward_attached.eml", "walt@example.org", "Walt", "Fwd: orders",
	  "fwd-1@example.org", NULL, 0,
	  "SIGNON Rgame pw\nA Rom - Nea\nF Nap S A Rom - Nea\n\nWill\n" },
	/* ... or its HTML, when the forwarding mail is an empty HTML one. */
	{ "forward_attached_html.eml", "xena@example.com", "Xena",
	  "FW: orders",
	  "AM0PR03MB0001@AM0PR03MB0001.eurprd03.prod.outlook.com", NULL, 0,
	  "SIGNON Sgame pw\nF Ant - Cil\n" },
	{ "big_attachment.eml", "yves@example.fr", "Yves",
	  "orders, and the board as I see it", "photo-1@example.fr", NULL, 0,
	  "A Par - Bur\nF Bre - MAO\n" },
	{ "unknown_charset_ascii.eml", "zoe@example.org", "Zoe", "orders",
	  "unknowncs-1@example.org", NULL, 0,
	  "SIGNON Rgame pw\nA Rom - Nea\nPRESS TO A\ncaf? later?\n"
	  "ENDPRESS\n" },
	/* Apple Mail splits the text around an inline picture: every
	 * text/plain part is read, in order. */
	{ "applemail_split.eml", "nora@icloud.com", "Nora Quist",
	  "orders, and where I think Italy stands",
	  "C9D8E7F6-0000-4000-8000-000000000003@icloud.com", NULL, 0,
	  "SIGNON Rgame pw\nA Tyr - Ven\n\nThis is the board as I see it:\n"
	  "\nA Ven - Rom\nF Nap - Ion\n\nNora\n" },
	/* Samsung Email: the multipart/alternative glued under a text/plain
	 * part's headers is read as the multipart it is. */
	{ "samsung_glued.eml", "petra.lind@example.fi", "Petra Lind",
	  "orders", "20261127204107.e3b5d1a8c0f2@email.android.com", NULL, 0,
	  "A Mun - Bur\nA Ber - Kie\nF Kie - Den\n" },
	/* Thunderbird, HTML only: a <blockquote> without type=cite and
	 * no attribution before it is an indent, its <pre> is read; the
	 * cited reply below is not. */
	{ "thunderbird_html_blockquote.eml", "radek@example.cz",
	  "Radek Novak", "Re: Orders received",
	  "3b7e2c10-9f4d-4a51-8c2e-0d6f1a9b7e44@example.cz", NULL, 0,
	  "My orders for spring:\nA Vie - Gal\nA Bud - Ser\nF Tri - Alb\n"
	  "Radek\n" },
	/* Junk after SIGNOFF is not a reason to refuse the mail (the body,
	 * junk and all, is checked in test_junk()) ... */
	{ "nul_after_signoff.eml", "abe@example.com", "Abe", "orders",
	  "junk-1@example.com", NULL, 0, NULL },
	/* ... nor after a signature, where body_clean() ends the text. */
	{ "nul_after_signature.eml", "bea@example.com", "Bea", "orders",
	  "junk-2@example.com", NULL, 0, "A Rom - Nea\nF Nap S A Rom - Nea\n" },
};

/* Either a body or an error with its text, never both or neither. */
static void check_contract(const char *what, const struct inmail *m)
{
	CHECK((m->body != NULL) != (m->error != 0),
	    "%s: body %s but error %d", what, m->body ? "set" : "NULL",
	    m->error);
	CHECK(m->error == 0 || (m->error_text && *m->error_text),
	    "%s: error %d without a text", what, m->error);
	CHECK(!m->silent || m->silent_why, "%s: silent without a reason",
	    what);
}

static void check_expect(const struct expect *e, const char *raw,
    size_t len, const char *variant)
{
	struct inmail m;
	char what[128];

	snprintf(what, sizeof what, "%s (%s)", e->file, variant);
	if (inmail_parse(raw, len, LOOP, 0, &m) != 0) {
		CHECK(0, "%s: inmail_parse failed", what);
		return;
	}
	check_contract(what, &m);
	CHECK_STR(what, m.from, e->from);
	CHECK_STR(what, m.from_display, e->display);
	CHECK_STR(what, m.subject, e->subject);
	CHECK_STR(what, m.message_id, e->message_id);
	CHECK_STR(what, m.silent_why, e->silent_why);
	CHECK(m.silent == (e->silent_why != NULL), "%s: silent %d", what,
	    m.silent);
	CHECK(m.error == e->error, "%s: error %d (%s), want %d", what,
	    m.error, inmail_errname(m.error), e->error);
	if (e->error == 0 && e->body)
		CHECK_STR(what, m.body, e->body);
	CHECK_STR(what, m.note, note_for(e->file));
	inmail_free(&m);
}

/* The fixtures are stored with LF; mail on the wire has CRLF. */
static char *to_crlf(const char *s, size_t len, size_t *out)
{
	char *t = malloc(2 * len + 1);
	size_t i, n = 0;

	for (i = 0; i < len; i++) {
		if (s[i] == '\n')
			t[n++] = '\r';
		t[n++] = s[i];
	}
	t[n] = '\0';
	*out = n;
	return t;
}

/* Every prefix (in steps) of a message parses without harm. */
static void check_truncations(const char *file, const char *raw,
    size_t len)
{
	size_t cut, step = len / 97 + 1;
	struct inmail m;
	char what[128];

	for (cut = 0; cut <= len; cut += step) {
		snprintf(what, sizeof what, "%s cut at %zu", file, cut);
		if (inmail_parse(raw, cut, LOOP, 0, &m) != 0) {
			CHECK(0, "%s: inmail_parse failed", what);
			continue;
		}
		check_contract(what, &m);
		inmail_free(&m);
	}
}

static void test_fixtures(void)
{
	size_t i, len, clen;
	char path[512], *raw, *crlf;

	for (i = 0; i < sizeof fixtures / sizeof fixtures[0]; i++) {
		snprintf(path, sizeof path, "%s/%s", FIXTURES,
		    fixtures[i].file);
		raw = slurp(path, &len);
		check_expect(&fixtures[i], raw, len, "LF");
		crlf = to_crlf(raw, len, &clen);
		check_expect(&fixtures[i], crlf, clen, "CRLF");
		check_truncations(fixtures[i].file, crlf, clen);
		free(crlf);
		free(raw);
	}
}

/* Threading headers of the Gmail reply. */
static void test_threading(void)
{
	struct inmail m;
	size_t len;
	char *raw = slurp(FIXTURES "/gmail_alternative.eml", &len);

	CHECK(inmail_parse(raw, len, LOOP, 0, &m) == 0, "parse");
	CHECK_STR("in_reply_to", m.in_reply_to, "judge-101@judge.example.net");
	CHECK_STR("references", m.references,
	    "judge-100@judge.example.net judge-101@judge.example.net");
	CHECK_STR("return_path", m.return_path, NULL);
	inmail_free(&m);
	free(raw);

	raw = slurp(FIXTURES "/bounce.eml", &len);
	CHECK(inmail_parse(raw, len, LOOP, 0, &m) == 0, "parse");
	CHECK_STR("null return path", m.return_path, "");
	inmail_free(&m);
	free(raw);
}

static struct inmail parse_str(const char *raw)
{
	struct inmail m;

	if (inmail_parse(raw, strlen(raw), LOOP, 0, &m) != 0)
		CHECK(0, "inmail_parse failed on [%.40s]", raw);
	check_contract(raw, &m);
	return m;
}

/* parse_str() for text that holds NULs. */
static struct inmail parse_str2(const char *raw, size_t len)
{
	struct inmail m;

	if (inmail_parse(raw, len, LOOP, 0, &m) != 0)
		CHECK(0, "inmail_parse failed on [%.40s]", raw);
	check_contract(raw, &m);
	return m;
}

/* Sender and silence rules not covered by a fixture. */
static void test_headers(void)
{
	struct inmail m;

	m = parse_str("Return-Path: <Zed@Example.ORG>\nSubject: x\n\nhi\n");
	CHECK_STR("from falls back to Return-Path", m.from, "Zed@example.org");
	CHECK(!m.silent, "not silent");
	inmail_free(&m);

	m = parse_str("Subject: x\n\nA Par - Bur\n");
	CHECK_STR("no sender", m.silent_why, "no sender");
	CHECK_STR("no sender: body", m.body, "A Par - Bur\n");
	inmail_free(&m);

	m = parse_str("A Par - Bur\n");
	CHECK_STR("no header: silent", m.silent_why, "no sender");
	inmail_free(&m);

	m = parse_str("");
	CHECK_STR("empty: silent", m.silent_why, "no sender");
	inmail_free(&m);

	m = parse_str("From: postmaster@example.com\n\nx\n");
	CHECK_STR("postmaster", m.silent_why, "bounce");
	inmail_free(&m);

	m = parse_str("From: a@example.com\nAuto-Submitted: No\n\nx\n");
	CHECK(!m.silent, "Auto-Submitted: no is answered");
	inmail_free(&m);

	m = parse_str("From: a@example.com\nX-Loop: other@example.com\n\nx\n");
	CHECK(!m.silent, "someone else's X-Loop is answered");
	inmail_free(&m);

	m = parse_str("From: a@example.com\nPrecedence: junk\n\nx\n");
	CHECK_STR("precedence junk", m.silent_why, "precedence junk");
	inmail_free(&m);

	m = parse_str("From: a@example.com\nX-Autoreply: yes\n\nx\n");
	CHECK_STR("x-autoreply", m.silent_why, "auto-reply");
	inmail_free(&m);

	m = parse_str("From: Group: a@Example.com;\nReply-To: list: "
	    "b@EXAMPLE.com, c@example.com;\n\nx\n");
	CHECK(m.from == NULL || strcmp(m.from, "b@example.com") != 0, "a Reply-To is no sender");
	inmail_free(&m);
	m = parse_str("From: a@Example.com\nReply-To: victim@example.com\n\nx\n");
	CHECK_STR("From, not Reply-To", m.from, "a@example.com");
	inmail_free(&m);

	m = parse_str("From: a@Example.com\nReply-To: undisclosed-recipients:;"
	    "\n\nx\n");
	CHECK_STR("empty Reply-To falls back to From", m.from, "a@example.com");
	inmail_free(&m);

	m = parse_str("From: local-user\nReturn-Path: <r@example.com>\n\nx\n");
	CHECK_STR("an address without domain is not answered", m.from,
	    "r@example.com");
	inmail_free(&m);

	/* an address with a character its reader cannot see (here a
	 * right-to-left override, then a zero-width space) is no address */
	m = parse_str("From: <ro\u202eme@example.com>\nReturn-Path: <r@example.com>\n\nx\n");
	CHECK_STR("a right-to-left override makes no address", m.from, "r@example.com");
	inmail_free(&m);
	m = parse_str("From: <rome@exa\u200bmple.com>\nReturn-Path: <r@example.com>\n\nx\n");
	CHECK_STR("a zero-width space makes no address", m.from, "r@example.com");
	inmail_free(&m);

	m = parse_str("From: a@example.com\nSubject: caf\xe9 cr\xe8me\n\nx\n");
	CHECK_STR("raw latin-1 subject", m.subject, "caf\u00e9 cr\u00e8me");
	inmail_free(&m);

	m = parse_str("From: a@example.com\nSubject: caf\xc3\xa9\n\nx\n");
	CHECK_STR("raw utf-8 subject", m.subject, "caf\u00e9");
	inmail_free(&m);

	m = parse_str("From: a@example.com\nSubject: folded\n\tover lines\n"
	    "\nx\n");
	CHECK_STR("folded subject", m.subject, "folded over lines");
	inmail_free(&m);

	m = parse_str("From: a@example.com\nSubject: =?x-klingon?Q?Qapla?=\n"
	    "\nx\n");
	CHECK_STR("unknown charset in a subject", m.subject, "Qapla");
	inmail_free(&m);

	/* A message id libetpan refuses is kept as written. */
	m = parse_str("From: a@example.com\nMessage-ID: <no at sign>\n\nx\n");
	CHECK(m.message_id != NULL, "lenient message id");
	inmail_free(&m);
}

/*
 * A 3 MB text: refused with the header read, or read if the limit on
 * text is raised; and a message over the whole-message limit is refused
 * before its text is looked at.
 */
static void test_big(void)
{
	static const char head[] = "From: Big <big@example.com>\n"
	    "Subject: all my orders\nMessage-ID: <big-1@example.com>\n"
	    "Content-Type: text/plain\n\n";
	static const char line[] = "A Par - Bur\n";
	struct strbuf sb = STRBUF_INIT;
	size_t len, want = 3 * 1024 * 1024;
	char *raw;
	struct inmail m;

	strbuf_addstr(&sb, head);
	while (sb.len < want)
		strbuf_addstr(&sb, line);
	raw = strbuf_detach(&sb, &len);

	CHECK(inmail_parse(raw, len, LOOP, 0, &m) == 0, "big: parse");
	CHECK(m.error == INMAIL_ETOOBIG, "big: error %d", m.error);
	CHECK_STR("big: from", m.from, "big@example.com");
	CHECK_STR("big: subject", m.subject, "all my orders");
	CHECK_STR("big: message id", m.message_id, "big-1@example.com");
	CHECK(m.error_text && strstr(m.error_text, "too big"),
	    "big: error text");
	check_contract("big", &m);
	inmail_free(&m);

	CHECK(inmail_parse_limits(raw, len, LOOP, 0, 4 * want, &m) == 0,
	    "big: parse");
	CHECK(m.error == 0, "big allowed: error %d", m.error);
	CHECK(m.body && strlen(m.body) == len - strlen(head),
	    "big allowed: body length %zu", m.body ? strlen(m.body) : 0);
	inmail_free(&m);

	CHECK(inmail_parse_limits(raw, len, LOOP, want, 4 * want, &m) == 0,
	    "big: parse");
	CHECK(m.error == INMAIL_ETOOBIG, "over max_size: error %d", m.error);
	CHECK(m.error_text && strstr(m.error_text, "message is too big"),
	    "over max_size: error text %s", m.error_text);
	CHECK_STR("over max_size: subject", m.subject, "all my orders");
	inmail_free(&m);
	free(raw);
}

/* depth nested multiparts around one text part. */
static char *nested(int depth, size_t *len)
{
	struct strbuf sb = STRBUF_INIT;
	int i;

	strbuf_addstr(&sb, "From: n@example.com\n");
	for (i = 0; i < depth; i++)
		strbuf_addf(&sb, "Content-Type: multipart/mixed; "
		    "boundary=\"b%d\"\n\n--b%d\n", i, i);
	strbuf_addstr(&sb, "Content-Type: text/plain\n\nA Par - Bur\n");
	for (i = depth - 1; i >= 0; i--)
		strbuf_addf(&sb, "--b%d--\n", i);
	return strbuf_detach(&sb, len);
}

static void test_nesting(void)
{
	struct inmail m;
	size_t len;
	char *raw;

	raw = nested(10, &len);
	CHECK(inmail_parse(raw, len, LOOP, 0, &m) == 0, "nested 10: parse");
	CHECK_STR("nested 10", m.body, "A Par - Bur\n");
	inmail_free(&m);
	free(raw);

	raw = nested(5000, &len);
	CHECK(inmail_parse(raw, len, LOOP, 0, &m) == 0, "nested: parse");
	CHECK(m.error == INMAIL_EMALFORMED, "nested 5000: error %d", m.error);
	check_contract("nested 5000", &m);
	inmail_free(&m);
	free(raw);
}

/*
 * The forms of a multipart Content-Type field that libetpan reads, each
 * with "%d" for its level (in the boundary): the guard must count every
 * one, not only the literal "Content-Type: multipart/".
 */
static const struct form {
	const char *name, *field;
	int unread;	/* 1: libetpan 1.9.4 does not read it (though mailimf's
			 * grammar allows it): counted all the same */
} forms[] = {
	{ "plain", "Content-Type: multipart/mixed; boundary=\"b%d\"\n", 0 },
	{ "comment", "Content-Type: (x)multipart/mixed; boundary=\"b%d\"\n", 0 },
	{ "space before colon",
	  "Content-Type : multipart/mixed; boundary=\"b%d\"\n", 0 },
	{ "comment before colon",
	  "Content-Type (a (b)) :multipart/mixed; boundary=\"b%d\"\n", 1 },
	{ "folded", "Content-Type:\n multipart/mixed;\n\tboundary=\"b%d\"\n", 0 },
	{ "folded before colon",
	  "Content-Type\n :\n multipart/mixed; boundary=\"b%d\"\n", 0 },
	{ "mixed case", "cOnTeNt-tYpE: MultiPart/MIXED; BOUNDARY=\"b%d\"\n", 0 },
	{ "encoded word", "Content-Type: =?us-ascii?Q?multipart/mixed=3B_"
	  "boundary=3Db%d?=\n", 0 },
	{ "message/rfc822", "Content-Type: message/rfc822\n\n"
	  "Content-Type: multipart/mixed; boundary=\"b%d\"\n", 0 },
};

/*
 * depth levels of the form's multipart around one text part; "z" keeps
 * the boundaries apart (b1 is a prefix of b10).  glued: each level's
 * field right after its parent's delimiter, with no line break between,
 * where libetpan still reads it ("--b0zContent-Type: ...").
 */
static char *nested_form(const struct form *f, int depth, int glued,
    size_t *len)
{
	struct strbuf sb = STRBUF_INIT;
	int i;

	strbuf_addstr(&sb, "From: n@example.com\n");
	for (i = 0; i < depth; i++) {
		strbuf_addf(&sb, f->field, i);
		if (strstr(f->field, "=3D"))	/* no "z" in the encoded one */
			strbuf_addf(&sb, "\n--b%d\n", i);
		else
			strbuf_addf(&sb, "\n--b%dz%s", i, glued ? "" : "\n");
	}
	strbuf_addstr(&sb, "Content-Type: text/plain\n\nA Par - Bur\n");
	for (i = depth - 1; i >= 0; i--)
		strbuf_addf(&sb, "--b%d%s--\n", i,
		    strstr(f->field, "=3D") ? "" : "z");
	return strbuf_detach(&sb, len);
}

/* The boundary parameters above have no "z": add it to each. */
static const char *zform(const struct form *f, char *buf, size_t size)
{
	const char *p = strstr(f->field, "b%d");

	if (strstr(f->field, "=3D") || p == NULL)
		return f->field;
	snprintf(buf, size, "%.*sb%%dz%s", (int)(p - f->field), f->field,
	    p + 3);
	return buf;
}

/* Seconds of CPU since t0. */
static double since(clock_t t0)
{
	return (double)(clock() - t0) / CLOCKS_PER_SEC;
}

/*
 * Each form: libetpan reads 10 levels of it (so the form matters; all
 * but one), the
 * guard counts all 10, and 20,000 levels (a few MB) are refused in well
 * under a second, without reaching libetpan's recursion (which crashed
 * at 28,000 levels and took 5 s at 10,000).
 */
static void test_nesting_forms(void)
{
	size_t k, len;
	char buf[256], what[96];

	for (k = 0; k < sizeof forms / sizeof forms[0]; k++) {
		struct form f = { forms[k].name, zform(&forms[k], buf,
		    sizeof buf), forms[k].unread };
		int glued, containers;
		long delims;

		for (glued = 0; glued < 2; glued++) {
			struct inmail m;
			clock_t t0;
			char *raw;

			if (glued && strstr(f.field, "message/"))
				continue;
			snprintf(what, sizeof what, "%s%s", f.name,
			    glued ? ", glued to the delimiter" : "");
			raw = nested_form(&f, 10, glued, &len);
			CHECK(inmail_parse(raw, len, LOOP, 0, &m) == 0,
			    "%s: parse", what);
			if (!f.unread)
				CHECK_STR(what, m.body, "A Par - Bur\n");
			mime_guard_count(raw, len, &containers, &delims);
			CHECK(containers >= 10, "%s: %d containers counted",
			    what, containers);
			CHECK(delims >= 10, "%s: %ld delimiters", what, delims);
			inmail_free(&m);
			free(raw);

			raw = nested_form(&f, 20000, glued, &len);
			t0 = clock();
			CHECK(inmail_parse(raw, len, LOOP, 0, &m) == 0,
			    "%s 20000: parse", what);
			CHECK(m.error == INMAIL_EMALFORMED, "%s 20000: error %d",
			    what, m.error);
			CHECK(m.error_text && strstr(m.error_text, "too many "
			    "nested MIME parts"), "%s 20000: [%s]", what,
			    m.error_text ? m.error_text : "");
			CHECK_STR(what, m.from, "n@example.com");
			CHECK(since(t0) < 1.0, "%s 20000: %.2f s", what,
			    since(t0));
			check_contract(what, &m);
			inmail_free(&m);
			free(raw);
		}
	}
}

/* Parts side by side: up to the limit read, beyond refused. */
static char *many_parts(int parts, size_t *len)
{
	struct strbuf sb = STRBUF_INIT;
	int i;

	strbuf_addstr(&sb, "From: p@example.com\nContent-Type: multipart/"
	    "mixed; boundary=b\n\n--b\nContent-Type: text/plain\n\n"
	    "A Par - Bur\n");
	for (i = 1; i < parts; i++)
		strbuf_addstr(&sb, "--b\n\nx\n");
	strbuf_addstr(&sb, "--b--\n");
	return strbuf_detach(&sb, len);
}

/* A body that opens and closes with lines of dashes is the player's
 * text, not a glued multipart (Samsung's shape needs a header after the
 * first delimiter line). */
static void test_dashes_not_glued(void)
{
	static const char raw[] = "From: p@example.com\nSubject: o\n"
	    "Content-Type: text/plain\n\n----\nPRESS TO A: hi\n------\n";
	struct inmail m;

	CHECK(inmail_parse(raw, sizeof raw - 1, LOOP, 0, &m) == 0,
	    "dashes: parse");
	CHECK_STR("dashes kept as text", m.body,
	    "----\nPRESS TO A: hi\n------\n");
	inmail_free(&m);
}

/* The text limit is on all the text parts together; a part beyond it is
 * not read, and the reply says so. */
static void test_split_limit(void)
{
	static const char raw[] = "From: p@example.com\nContent-Type: "
	    "multipart/mixed; boundary=b\n\n--b\nContent-Type: text/plain\n\n"
	    "A Par - Bur\n--b\nContent-Type: text/plain\n\nA Mar - Spa\n"
	    "A Bre - Gas\n--b--\n";
	struct inmail m;

	CHECK(inmail_parse_limits(raw, sizeof raw - 1, LOOP, 0, 20, &m) == 0,
	    "split limit: parse");
	CHECK_STR("split limit: first part read", m.body, "A Par - Bur\n");
	CHECK(m.note && strstr(m.note, "Part 2 of your mail's text was not "
	    "read: The text of the message is too big"), "split limit: "
	    "note [%s]", m.note ? m.note : "");
	inmail_free(&m);
	CHECK(inmail_parse_limits(raw, sizeof raw - 1, LOOP, 0, 40, &m) == 0,
	    "split limit: parse");
	CHECK_STR("split limit: both read", m.body,
	    "A Par - Bur\n\nA Mar - Spa\nA Bre - Gas\n");
	inmail_free(&m);
}

static void test_parts(void)
{
	struct inmail m;
	size_t len;
	char *raw;

	struct strbuf want = STRBUF_INIT;
	int k;

	/* The untyped parts are text/plain (RFC 2045): the first 16 text
	 * parts are read, one blank line between them, the rest not. */
	strbuf_addstr(&want, "A Par - Bur\n");
	for (k = 1; k < 16; k++)
		strbuf_addstr(&want, "\nx\n");
	raw = many_parts(MIME_MAX_PARTS - 1, &len);
	CHECK(inmail_parse(raw, len, LOOP, 0, &m) == 0, "parts: parse");
	CHECK_STR("parts at the limit", m.body, want.buf);
	strbuf_release(&want);
	inmail_free(&m);
	free(raw);

	raw = many_parts(2 * MIME_MAX_PARTS, &len);
	CHECK(inmail_parse(raw, len, LOOP, 0, &m) == 0, "parts: parse");
	CHECK(m.error == INMAIL_EMALFORMED && m.error_text &&
	    strstr(m.error_text, "too many MIME parts"),
	    "parts over the limit: %d [%s]", m.error,
	    m.error_text ? m.error_text : "");
	CHECK_STR("parts over the limit: from", m.from, "p@example.com");
	inmail_free(&m);
	free(raw);

	/* 2 MB of empty parts: refused at once */
	raw = many_parts(300000, &len);
	clock_t t0 = clock();
	CHECK(inmail_parse(raw, len, LOOP, 0, &m) == 0, "parts: parse");
	CHECK(m.error == INMAIL_EMALFORMED, "300000 parts: error %d",
	    m.error);
	CHECK(since(t0) < 1.0, "300000 parts: %.2f s", since(t0));
	inmail_free(&m);
	free(raw);
}

/* Comments nested too deep for libetpan's recursive parser, and a
 * boundary it cannot take (both crashed the Judge). */
static void test_hostile_headers(void)
{
	struct strbuf sb = STRBUF_INIT;
	struct inmail m;
	size_t len;
	char *raw;
	int i;

	/* deep in a Content-Type after From: refused, with a reply */
	strbuf_addstr(&sb, "From: c@example.com\nContent-Type: text/plain ");
	for (i = 0; i < 200000; i++)
		strbuf_addch(&sb, '(');
	strbuf_addstr(&sb, "\n\nA Par - Bur\n");
	raw = strbuf_detach(&sb, &len);
	CHECK(inmail_parse(raw, len, LOOP, 0, &m) == 0, "comments: parse");
	CHECK(m.error == INMAIL_EMALFORMED && m.error_text &&
	    strstr(m.error_text, "parentheses"), "deep comment: %d [%s]",
	    m.error, m.error_text ? m.error_text : "");
	CHECK_STR("deep comment: from", m.from, "c@example.com");
	check_contract("deep comment", &m);
	inmail_free(&m);
	free(raw);

	/* deep in From itself: no sender to answer */
	strbuf_addstr(&sb, "From: ");
	for (i = 0; i < 200000; i++)
		strbuf_addch(&sb, '(');
	strbuf_addstr(&sb, "\n\nA Par - Bur\n");
	raw = strbuf_detach(&sb, &len);
	CHECK(inmail_parse(raw, len, LOOP, 0, &m) == 0, "comments: parse");
	CHECK(m.silent && m.error == INMAIL_EMALFORMED,
	    "deep comment in From: silent %d error %d", m.silent, m.error);
	inmail_free(&m);
	free(raw);

	/* "\)" does not close a comment, folded lines continue it */
	strbuf_addstr(&sb, "From: c@example.com\nSubject: x");
	for (i = 0; i < 100; i++)
		strbuf_addstr(&sb, "(\\)\n ");
	strbuf_addstr(&sb, "\n\nA Par - Bur\n");
	raw = strbuf_detach(&sb, &len);
	CHECK(mime_guard_comments(raw, len) < len, "escaped parentheses");
	free(raw);

	/* a few levels, and smileys in the text, are fine */
	m = parse_str("From: c@example.com\nTo: (a (b (c))) d@example.com\n"
	    "\nPRESS TO A\n:-( :-( :-( :-( :-( :-( :-( :-( :-( :-( :-(\n"
	    "ENDPRESS\n");
	CHECK(m.error == 0, "shallow comments: error %d", m.error);
	inmail_free(&m);

	/* boundary="\"": libetpan would copy (size_t)-1 bytes */
	m = parse_str("From: q@example.com\nContent-Type: multipart/mixed; "
	    "boundary=\"\\\"\"\n\n--\"\nContent-Type: text/plain\n\nhi\n"
	    "--\"--\n");
	CHECK(m.error == INMAIL_EMALFORMED, "lone quote boundary: error %d",
	    m.error);
	inmail_free(&m);

	/* talking about MIME in the text costs nothing */
	m = parse_str("From: t@example.com\n\nA Par - Bur\nPRESS TO A\n"
	    "Content-Type: multipart/mixed; boundary=x\n--x\nENDPRESS\n");
	CHECK(m.error == 0, "MIME in the text: error %d", m.error);
	inmail_free(&m);
}

/* A text/plain mail whose body is one line of unit repeated to about
 * size bytes. */
static char *one_line(const char *unit, size_t size, size_t *len)
{
	struct strbuf sb = STRBUF_INIT;

	strbuf_addstr(&sb, "From: h@example.com\nContent-Type: text/plain\n\n");
	while (sb.len < size)
		strbuf_addstr(&sb, unit);
	strbuf_addch(&sb, '\n');
	return strbuf_detach(&sb, len);
}

/*
 * The guard reads each header field once (issue 21, H1): a line of
 * "Content-Type: x " repeated cost the square of its length when every
 * offset was tried (44 s at 100 kB).  50 kB first (11 s before), and only
 * if that is fast the 2 MiB a hostile mail would send (hours before).
 */
static void test_linear(void)
{
	static const size_t sizes[] = { 50000, 2 * 1024 * 1024 };
	size_t k, len;

	for (k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
		struct inmail m;
		char *raw = one_line("Content-Type: x ", sizes[k], &len);
		clock_t t0 = clock();
		double t, limit;

		CHECK(inmail_parse(raw, len, LOOP, 0, &m) == 0, "H1: parse");
		t = since(t0);
		CHECK(m.error == 0 && m.body && !strncmp(m.body,
		    "Content-Type: x", 15), "H1 %zu bytes: error %d", len,
		    m.error);
		/* the criterion, a second a MiB, and some room for a loaded
		 * machine: the square of the size is far beyond it */
		limit = 0.5 + (double)len / (1 << 20);
		CHECK(t < limit, "H1 %zu bytes: %.2f s", len, t);
		inmail_free(&m);
		free(raw);
		if (t >= limit)
			break;
	}
}

/* raw is refused as malformed, with why in the reply, to r@example.com. */
static void check_malformed(const char *raw, const char *why)
{
	struct inmail m = parse_str(raw);

	CHECK(m.error == INMAIL_EMALFORMED && m.error_text &&
	    strstr(m.error_text, why), "%s: %d [%s]", why, m.error,
	    m.error_text ? m.error_text : "");
	CHECK_STR(why, m.from, "r@example.com");
	inmail_free(&m);
}

/*
 * A delimiter that libetpan finds after a bare CR would start a part's
 * header in the middle of a line, where the guard does not look: such a
 * mail (no MTA passes a bare CR) is refused.  So is a Content-Type name
 * whose comment goes on over an escaped line break into the next
 * Content-Type name (63 such names before a 10 MB value each read the
 * value: 23 s).
 */
static void test_bare_cr(void)
{
	struct inmail m;

	check_malformed("From: r@example.com\nContent-Type: multipart/mixed; "
	    "boundary=b\n\nx\r--bContent-Type: text/plain\n\nhi\n--b--\n",
	    "bare carriage return");
	check_malformed("From: r@example.com\nContent-Type: text/plain\n\n"
	    "Content-Type (\\\nContent-Type (\\\n)):):x\n",
	    "escaped line break");

	/* a CR before its LF is a line break like any other */
	m = parse_str("From: r@example.com\r\nContent-Type: multipart/mixed; "
	    "boundary=b\r\n\r\n--b\r\nContent-Type: text/plain\r\n\r\nhi\r\n"
	    "--b--\r\n");
	CHECK(m.error == 0, "CRLF: error %d", m.error);
	CHECK_STR("CRLF", m.body, "hi\n");
	inmail_free(&m);
}

/* The fixtures have a handful of containers and parts. */
static void test_fixture_counts(void)
{
	static const char *const files[] = { "gmail_alternative.eml",
		"attachment.eml", "forward_attached.eml", "big_attachment.eml",
		"readreceipt.eml", "malformed_boundary.eml" };
	size_t k, len;
	int containers;
	long delims;

	for (k = 0; k < sizeof files / sizeof files[0]; k++) {
		char path[512], *raw;

		snprintf(path, sizeof path, "%s/%s", FIXTURES, files[k]);
		raw = slurp(path, &len);
		mime_guard_count(raw, len, &containers, &delims);
		CHECK(containers >= 1 && containers <= 4 && delims <= 10,
		    "%s: %d containers, %ld delimiters", files[k], containers,
		    delims);
		CHECK(mime_guard_structure(raw, len) == 0, "%s: refused",
		    files[k]);
		free(raw);
	}
}

static unsigned long rnd_state = 12345;

static unsigned rnd(void)
{
	rnd_state = rnd_state * 6364136223846793005UL + 1442695040888963407UL;
	return (unsigned)(rnd_state >> 33);
}

/* A text/plain part of random bytes is refused as binary. */
static void test_binary(void)
{
	static const char head[] = "From: b@example.com\n"
	    "Content-Type: text/plain; charset=utf-8\n\n";
	struct strbuf sb = STRBUF_INIT;
	size_t len, i;
	char *raw;
	struct inmail m;

	strbuf_addstr(&sb, head);
	for (i = 0; i < 4096; i++)
		strbuf_addch(&sb, (char)rnd());
	raw = strbuf_detach(&sb, &len);
	CHECK(inmail_parse(raw, len, LOOP, 0, &m) == 0, "binary: parse");
	CHECK(m.error == INMAIL_EBINARY, "binary: error %d", m.error);
	inmail_free(&m);
	free(raw);
}

/*
 * Junk after SIGNOFF is kept out of the binary test but still passes
 * through (the command reader stops at SIGNOFF; inside a PRESS the line
 * would be text, so it is not cut here).  Before SIGNOFF, a few NULs are
 * removed but a text that is mostly junk is refused.
 */
static void test_junk(void)
{
	static const char head[] = "From: j@example.com\n"
	    "Content-Type: text/plain; charset=us-ascii\n\n";
	struct strbuf sb = STRBUF_INIT;
	struct inmail m;
	size_t len, i;
	char *raw;

	raw = slurp(FIXTURES "/nul_after_signoff.eml", &len);
	CHECK(inmail_parse(raw, len, LOOP, 0, &m) == 0, "junk: parse");
	CHECK(m.error == 0, "junk after SIGNOFF: error %d", m.error);
	CHECK(m.body && strncmp(m.body, "SIGNON Rgame pw\nA Rom - Nea\n"
	    "SIGNOFF\n", 36) == 0, "junk after SIGNOFF: body [%.40s]",
	    m.body ? m.body : "NULL");
	CHECK(m.body && strlen(m.body) > 36, "the junk is passed on");
	inmail_free(&m);
	free(raw);

	/* Labelled us-ascii, the junk goes through windows-1252 (iconv). */
	strbuf_addstr(&sb, head);
	strbuf_addstr(&sb, "A Rom - Nea\nsignoff  \n");
	for (i = 0; i < 2000; i++)
		strbuf_addch(&sb, (char)(i % 7 == 0 ? 0 : rnd()));
	raw = strbuf_detach(&sb, &len);
	CHECK(inmail_parse(raw, len, LOOP, 0, &m) == 0, "junk: parse");
	CHECK(m.error == 0, "us-ascii junk after signoff: error %d", m.error);
	CHECK(m.body && strncmp(m.body, "A Rom - Nea\nsignoff\n", 20) == 0,
	    "us-ascii junk after signoff: body [%.30s]", m.body);
	inmail_free(&m);
	free(raw);

	/* The same junk before SIGNOFF: refused. */
	strbuf_addstr(&sb, head);
	strbuf_addstr(&sb, "A Rom - Nea\n");
	for (i = 0; i < 2000; i++)
		strbuf_addch(&sb, (char)(i % 7 == 0 ? 0 : rnd()));
	strbuf_addstr(&sb, "\nSIGNOFF\n");
	raw = strbuf_detach(&sb, &len);
	CHECK(inmail_parse(raw, len, LOOP, 0, &m) == 0, "junk: parse");
	CHECK(m.error == INMAIL_EBINARY, "junk before SIGNOFF: error %d",
	    m.error);
	inmail_free(&m);
	free(raw);

	/* A few NULs among the commands are only removed; SIGNOFF glued to
	 * NULs still ends the commands. */
	static const char nuls[] = "From: j@example.com\n\nA Rom\0 - Nea\n"
	    "SIGNOFF\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\n";
	m = parse_str2(nuls, sizeof nuls - 1);
	CHECK(m.error == 0, "NULs: error %d", m.error);
	CHECK_STR("NULs removed", m.body, "A Rom - Nea\nSIGNOFF\n");
	inmail_free(&m);
}

/* A photo of several MiB beside a short text: the text is read under
 * the default limits and the photo is never decoded. */
static void test_big_attachment(void)
{
	struct strbuf sb = STRBUF_INIT;
	struct inmail m;
	size_t len, i;
	char *raw;

	strbuf_addstr(&sb, "From: Yves <yves@example.fr>\n"
	    "Message-ID: <photo-2@example.fr>\nMIME-Version: 1.0\n"
	    "Content-Type: multipart/mixed; boundary=\"b\"\n\n--b\n"
	    "Content-Type: text/plain; charset=us-ascii\n\n"
	    "A Par - Bur\n\n--b\n"
	    "Content-Type: image/jpeg; name=\"board.jpeg\"\n"
	    "Content-Transfer-Encoding: base64\n\n");
	while (sb.len < (size_t)6 * 1024 * 1024) {
		for (i = 0; i < 76; i++)
			strbuf_addch(&sb, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijkl"
			    "mnopqrstuvwxyz0123456789+/"[rnd() % 64]);
		strbuf_addch(&sb, '\n');
	}
	strbuf_addstr(&sb, "--b--\n");
	raw = strbuf_detach(&sb, &len);
	CHECK(inmail_parse(raw, len, LOOP, 0, &m) == 0, "photo: parse");
	CHECK(m.error == 0, "photo: error %d (%s)", m.error,
	    m.error_text ? m.error_text : "");
	CHECK_STR("photo: body", m.body, "A Par - Bur\n");
	inmail_free(&m);
	free(raw);
}

/* Which forwarded messages are read, and when. */
static void test_forward(void)
{
	static const char fmt[] = "From: w@example.org\n"
	    "Content-Type: multipart/mixed; boundary=b\n\n--b\n"
	    "Content-Type: text/plain\n\n%s\n--b\n"
	    "Content-Type: message/rfc822\n\n"
	    "From: judge@judge.example.net\n%s"
	    "Content-Type: text/plain\n\nA Rom - Nea\n--b--\n";
	struct inmail m;
	char raw[1024];

	snprintf(raw, sizeof raw, fmt, "", "Auto-Submitted: auto-replied\n");
	m = parse_str(raw);
	CHECK_STR("the Judge's own mail forwarded is not read", m.body, "");
	CHECK_STR("no note", m.note, NULL);
	inmail_free(&m);

	snprintf(raw, sizeof raw, fmt, "", "Auto-Submitted: no\n");
	m = parse_str(raw);
	CHECK_STR("Auto-Submitted: no is read", m.body, "A Rom - Nea\n");
	CHECK(m.note != NULL, "with a note");
	inmail_free(&m);

	snprintf(raw, sizeof raw, fmt, "F Nap - Ion", "");
	m = parse_str(raw);
	CHECK_STR("with text of its own, the forward is not read", m.body,
	    "F Nap - Ion\n");
	CHECK_STR("and there is no note", m.note, NULL);
	inmail_free(&m);

	/* A signature alone is nothing typed: the forward is read. */
	snprintf(raw, sizeof raw, fmt, "\n-- \nWalt", "");
	m = parse_str(raw);
	CHECK_STR("a signature alone", m.body, "A Rom - Nea\n");
	inmail_free(&m);

	/* An empty text and an empty HTML alternative: empty, no error. */
	m = parse_str("From: v@example.net\nContent-Type: multipart/"
	    "alternative; boundary=b\n\n--b\nContent-Type: text/plain\n\n"
	    "\n--b\nContent-Type: text/html\n\n<p>&nbsp;</p>\n--b--\n");
	CHECK_STR("empty alternatives", m.body, "");
	CHECK(m.error == 0, "empty alternatives: error %d", m.error);
	inmail_free(&m);
}

/* Random bytes, and random mail-like fragments: no crash, the contract. */
static void test_garbage(void)
{
	static const char *const bits[] = { "\n", "\r\n", "--", "b", "\n--b\n",
		"\n--b--\n", "Content-Type: multipart/mixed; boundary=b\n",
		"Content-Type: text/plain; charset=x\n",
		"Content-Type: text/html\n", "Content-Type: message/rfc822\n",
		"Content-Transfer-Encoding: base64\n",
		"Content-Transfer-Encoding: quoted-printable\n",
		"=?utf-8?B?", "?=", "=C3", "=\n", "From: a@b\n", "Subject: ",
		"<p>", "&#", ";", "<", ">", "\0", "\xff", " ", ":",
		"format=flowed; delsp=yes\n", "-- \n", "> " };
	size_t nbits = sizeof bits / sizeof bits[0];
	struct strbuf raw = STRBUF_INIT;
	char what[64];
	struct inmail m;
	int round, k;

	for (round = 0; round < 400; round++) {
		size_t n = rnd() % 200;

		for (k = 0; k < (int)n; k++) {
			if (round % 2) {
				strbuf_addch(&raw, (char)rnd());
			} else {
				const char *b = bits[rnd() % nbits];
				strbuf_add(&raw, b, *b ? strlen(b) : 1);
			}
		}
		snprintf(what, sizeof what, "garbage round %d", round);
		if (inmail_parse(raw.buf, raw.len, LOOP, 0, &m) != 0)
			CHECK(0, "%s: inmail_parse failed", what);
		else
			check_contract(what, &m);
		inmail_free(&m);
		strbuf_reset(&raw);
	}
	strbuf_release(&raw);
}

int main(void)
{
	test_fixtures();
	test_threading();
	test_headers();
	test_big();
	test_nesting();
	test_nesting_forms();
	test_parts();
	test_dashes_not_glued();
	test_split_limit();
	test_hostile_headers();
	test_linear();
	test_bare_cr();
	test_fixture_counts();
	test_binary();
	test_junk();
	test_big_attachment();
	test_forward();
	test_garbage();
	return check_done("inmail_test");
}
