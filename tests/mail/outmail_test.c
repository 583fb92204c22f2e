/*
 * tests/mail/outmail_test.c - outmail_build(): the messages the Judge
 * sends, checked on the wire, read back with inmail_parse(), and their
 * body decoded with libetpan alone to see it byte for byte (inmail_parse
 * cleans signatures away); outmail_wrap().
 */
#include <libetpan/libetpan.h>

#include "maildir/eol.h"
#include "maildir/inmail.h"
#include "maildir/outmail.h"
#include "mailtest.h"
#include "tests/check.h"
#include "base/error.h"

#define LOOP "judge@judge.example.net"

static const char body_fr[] =
    "Bonjour Ren\u00e9e,\n"
    "\n"
    "Ordres re\u00e7us pour la France \u2014 Printemps 273 av. J.-C. :\n"
    "A Par - Bur (r\u00e9ussi)   \n"
    "A line much longer than seventy-six characters, so that it has to be "
    "soft-broken by quoted-printable, ends here.\n"
    ".\n"
    "From the Judge, with \u00ab guillemets \u00bb.\n";

/* Header value of name in the raw message (first occurrence), or NULL. */
static char *header(const char *msg, const char *name)
{
	size_t n = strlen(name);
	const char *p = msg;

	while (p && *p && !(p[0] == '\r' && p[1] == '\n')) {
		if (strncmp(p, name, n) == 0 && p[n] == ':') {
			const char *e = strstr(p, "\r\n");

			p += n + 1;
			p += strspn(p, " ");
			return strndup(p, e ? (size_t)(e - p) : strlen(p));
		}
		p = strstr(p, "\r\n");
		if (p)
			p += 2;
	}
	return NULL;
}

/* CRLF everywhere, no line over max octets, 8-bit bytes only if
 * allowed. */
static void check_wire_max(const char *what, const char *msg, size_t len,
    int eight_ok, size_t max)
{
	size_t i, col = 0;
	int eight = 0, bare_lf = 0, long_line = 0;

	for (i = 0; i < len; i++) {
		if ((unsigned char)msg[i] >= 0x80)
			eight = 1;
		if (msg[i] == '\n') {
			if (i == 0 || msg[i - 1] != '\r')
				bare_lf = 1;
			col = 0;
		} else if (msg[i] != '\r' && ++col > max) {
			long_line = 1;
		}
	}
	CHECK(eight_ok || !eight, "%s: 8-bit bytes on the wire", what);
	CHECK(!bare_lf, "%s: bare LF on the wire", what);
	CHECK(!long_line, "%s: line longer than %zu", what, max);
	CHECK(len == strlen(msg), "%s: length", what);
}

static void check_wire(const char *what, const char *msg, size_t len)
{
	check_wire_max(what, msg, len, 0, 78);
}

/* The body of a one-part message as libetpan decodes it, LF line ends;
 * NULL if it cannot. */
static char *decoded_body(const char *msg, size_t len)
{
	struct mailmime *mime = NULL, *part;
	struct mailmime_data *d;
	size_t idx = 0, declen = 0;
	char *dec = NULL, *res = NULL;

	if (mailmime_parse(msg, len, &idx, &mime) != MAILIMF_NO_ERROR)
		return NULL;
	part = mime->mm_type == MAILMIME_MESSAGE ?
	    mime->mm_data.mm_message.mm_msg_mime : mime;
	if (part && part->mm_type == MAILMIME_SINGLE &&
	    (d = part->mm_data.mm_single) != NULL && (idx = 0,
	    mailmime_part_parse(d->dt_data.dt_text.dt_data,
	    d->dt_data.dt_text.dt_length, &idx, d->dt_encoding, &dec,
	    &declen)) == MAILIMF_NO_ERROR) {
		res = strndup(dec, declen);
		eol_to_lf(res, strlen(res));
		mailmime_decoded_part_free(dec);
	}
	mailmime_free(mime);
	return res;
}

static void test_round_trip(void)
{
	struct outmail o = {
		.from = "judge@judge.example.net",
		.from_name = "Diplomacy Judge \u2014 Classical",
		.to = "renee@example.fr",
		.subject = "R\u00e9sultats : Printemps 273 av. J.-C., partie "
		    "\u00ab Olympia \u00bb \u2014 un sujet assez long pour "
		    "plusieurs mots encod\u00e9s",
		.body = body_fr,
		.message_id = "judge-42.1@judge.example.net",
		.in_reply_to = "CAF=gmail-1@mail.gmail.com",
		.references = "<judge-41@judge.example.net> "
		    "CAF=gmail-1@mail.gmail.com",
		.loop_tag = LOOP,
		.date = "Mon, 2 Nov 2026 10:00:00 +0000",
	};
	char *msg = NULL, *h;
	struct inmail m;
	size_t len;

	CHECK(outmail_build(&o, &msg, &len) == 0, "build: %s", fail_text());
	if (msg == NULL)
		return;
	/* UTF-8 with lines SMTP takes: sent as it is. */
	check_wire_max("round trip", msg, len, 1, 998);
	CHECK_STR("Auto-Submitted", h = header(msg, "Auto-Submitted"),
	    "auto-replied");
	free(h);
	CHECK_STR("X-Loop", h = header(msg, "X-Loop"), LOOP);
	free(h);
	CHECK_STR("MIME-Version", h = header(msg, "MIME-Version"), "1.0");
	free(h);
	CHECK_STR("Content-Type", h = header(msg, "Content-Type"),
	    "text/plain; charset=\"utf-8\"");
	free(h);
	CHECK_STR("Content-Transfer-Encoding",
	    h = header(msg, "Content-Transfer-Encoding"), "8bit");
	free(h);
	CHECK_STR("Date", h = header(msg, "Date"),
	    "Mon, 2 Nov 2026 10:00:00 +0000");
	free(h);
	CHECK_STR("To", h = header(msg, "To"), "renee@example.fr");
	free(h);
	CHECK(strstr(msg, "Subject: \r\n =?utf-8?B?") ||
	    strstr(msg, "Subject: =?utf-8?B?"), "subject is encoded");

	/* Our own message, read back: the same text, and never answered. */
	CHECK(inmail_parse(msg, len, LOOP, 0, &m) == 0, "parse back");
	CHECK(m.silent, "our own mail is silent");
	CHECK_STR("from", m.from, "judge@judge.example.net");
	CHECK_STR("from_display", m.from_display,
	    "Diplomacy Judge \u2014 Classical");
	CHECK_STR("subject", m.subject, o.subject);
	CHECK_STR("message_id", m.message_id, "judge-42.1@judge.example.net");
	CHECK_STR("in_reply_to", m.in_reply_to, "CAF=gmail-1@mail.gmail.com");
	CHECK_STR("references", m.references,
	    "judge-41@judge.example.net CAF=gmail-1@mail.gmail.com");
	/* Only the trailing blanks go: body_clean() trims them. */
	CHECK_STR("body", m.body,
	    "Bonjour Ren\u00e9e,\n"
	    "\n"
	    "Ordres re\u00e7us pour la France \u2014 Printemps 273 av. J.-C. :\n"
	    "A Par - Bur (r\u00e9ussi)\n"
	    "A line much longer than seventy-six characters, so that it has to "
	    "be soft-broken by quoted-printable, ends here.\n"
	    ".\n"
	    "From the Judge, with \u00ab guillemets \u00bb.\n");
	inmail_free(&m);

	/* With another loop tag it is only Auto-Submitted that silences. */
	CHECK(inmail_parse(msg, len, "other@example.com", 0, &m) == 0,
	    "parse back");
	CHECK_STR("silent why", m.silent_why, "auto-submitted");
	inmail_free(&m);
	free(msg);
}

static void test_ascii(void)
{
	struct outmail o = {
		.from = "judge@judge.example.net",
		.from_name = "Judge (Classical)",
		.to = "alice@example.org",
		.subject = "Orders received",
		.body = "A Rom - Nea\r\nF Nap S A Rom - Nea",
	};
	char *msg = NULL, *h;
	struct inmail m;
	size_t len;

	CHECK(outmail_build(&o, &msg, &len) == 0, "build: %s", fail_text());
	if (msg == NULL)
		return;
	check_wire("ascii", msg, len);
	CHECK_STR("7bit", h = header(msg, "Content-Transfer-Encoding"), "7bit");
	free(h);
	CHECK_STR("quoted display name", h = header(msg, "From"),
	    "\"Judge (Classical)\" <judge@judge.example.net>");
	free(h);
	CHECK((h = header(msg, "Message-ID")) && strlen(h) > 2,
	    "a Message-ID is made");
	free(h);
	CHECK((h = header(msg, "Date")) != NULL, "a Date is set");
	free(h);
	CHECK((h = header(msg, "X-Loop")) == NULL, "no loop tag, no X-Loop");
	free(h);
	CHECK(inmail_parse(msg, len, LOOP, 0, &m) == 0, "parse back");
	CHECK_STR("ascii body", m.body, "A Rom - Nea\nF Nap S A Rom - Nea\n");
	CHECK_STR("ascii subject", m.subject, "Orders received");
	inmail_free(&m);
	free(msg);
}

/* Header injection is impossible; bad input is refused. */
static void test_refusals(void)
{
	struct outmail o = {
		.from = "judge@judge.example.net",
		.to = "alice@example.org",
		.subject = "Hi\r\nBcc: evil@example.com",
		.from_name = "Judge\nBcc: evil@example.com",
		.body = "bad \xff byte\n",
		.message_id = "x@y",
	};
	char *msg = NULL, *h;
	struct inmail m;
	size_t len;

	CHECK(outmail_build(&o, &msg, &len) == 0, "build: %s", fail_text());
	if (msg) {
		CHECK((h = header(msg, "Bcc")) == NULL, "no injected Bcc");
		free(h);
		CHECK(inmail_parse(msg, len, LOOP, 0, &m) == 0, "parse back");
		CHECK(m.subject && strncmp(m.subject, "Hi ", 3) == 0 &&
		    strstr(m.subject, "Bcc: evil") && !strchr(m.subject, '\n'),
		    "one-line subject: %s", m.subject ? m.subject : "NULL");
		CHECK_STR("repaired body", m.body, "bad \ufffd byte\n");
		inmail_free(&m);
		free(msg);
	}

	static const char *const bad_to[] = { "", "a b@example.com",
		"alice@example.org\r\nBcc: evil@example.com", "<a@b>",
		"no-at-sign", NULL };
	for (int i = 0; bad_to[i]; i++) {
		o.to = bad_to[i];
		CHECK(outmail_build(&o, &msg, &len) == -1,
		    "to [%s] refused", bad_to[i]);
		CHECK(strstr(fail_text(), "recipient"), "error says why: %s",
		    fail_text());
	}
	o.to = NULL;
	CHECK(outmail_build(&o, &msg, &len) == -1, "no recipient");
	o.to = "alice@example.org";
	o.date = "yesterday";
	CHECK(outmail_build(&o, &msg, &len) == -1, "bad date");
	CHECK(strstr(fail_text(), "date"), "error says why: %s", fail_text());
	o.date = NULL;
	o.message_id = "a b@c";
	CHECK(outmail_build(&o, &msg, &len) == -1, "bad message id");
	o.message_id = "x@y";
	o.references = "<ok@x> <bad\x01id@x>";
	CHECK(outmail_build(&o, &msg, &len) == -1, "bad reference");
}

/* Build a message with body; its Content-Transfer-Encoding, and the body
 * decoded, must be as given. */
static void check_encoding(const char *what, const char *body,
    const char *want_cte, const char *want_body)
{
	struct outmail o = {
		.from = "judge@judge.example.net",
		.to = "alice@example.org",
		.subject = "Results",
		.body = body,
	};
	char *msg = NULL, *h, *dec;
	size_t len;

	CHECK(outmail_build(&o, &msg, &len) == 0, "%s: build: %s",
	    what, fail_text());
	if (msg == NULL)
		return;
	CHECK_STR(what, h = header(msg, "Content-Transfer-Encoding"),
	    want_cte);
	free(h);
	check_wire_max(what, msg, len, strcmp(want_cte, "8bit") == 0,
	    strcmp(want_cte, "quoted-printable") == 0 ? 76 : 998);
	CHECK_STR(what, dec = decoded_body(msg, len), want_body);
	free(dec);
	free(msg);
}

/* The lightest encoding that carries the text; "-- " survives all. */
static void test_encodings(void)
{
	struct strbuf sb = STRBUF_INIT;
	char *line, *want;

	check_encoding("ascii", "A Rom - Nea\n-- \nThe Judge.\n", "7bit",
	    "A Rom - Nea\n-- \nThe Judge.\n");
	check_encoding("utf-8", "Gr\u00fc\u00dfe\n-- \nThe Judge.\n", "8bit",
	    "Gr\u00fc\u00dfe\n-- \nThe Judge.\n");
	check_encoding("trailing blanks in 7bit", "a \t\nb\n", "7bit",
	    "a \t\nb\n");
	check_encoding("a control character", "A Rom\x1b - Nea\n-- \n"
	    "The Judge.\n", "quoted-printable",
	    "A Rom\x1b - Nea\n-- \nThe Judge.\n");
	check_encoding("trailing blanks in quoted-printable",
	    "\x01\n-- \ntab\t\n  \nend\n", "quoted-printable",
	    "\x01\n-- \ntab\t\n  \nend\n");

	/* 997 octets go as they are; 998 would meet libetpan's line cut,
	 * so from there on quoted-printable. */
	for (int i = 0; i < 997; i++)
		strbuf_addch(&sb, (char)('a' + i % 26));
	strbuf_addch(&sb, '\n');
	line = strbuf_detach(&sb, NULL);
	check_encoding("a 997-octet line", line, "7bit", line);
	strbuf_addstr(&sb, "x");
	strbuf_addstr(&sb, line);
	strbuf_addstr(&sb, "-- \nThe Judge.\n");
	want = strbuf_detach(&sb, NULL);
	check_encoding("a 998-octet line", want, "quoted-printable", want);
	free(want);

	/* Long runs of trailing blanks need soft breaks between "=20"s. */
	strbuf_addch(&sb, '\x02');
	strbuf_add(&sb, line, strlen(line) - 1);
	for (int i = 0; i < 100; i++)
		strbuf_addch(&sb, i % 2 ? ' ' : '\t');
	strbuf_addstr(&sb, "\n-- \n");
	want = strbuf_detach(&sb, NULL);
	check_encoding("100 trailing blanks", want, "quoted-printable", want);
	free(want);
	free(line);
}

static void wrap(const char *what, const char *in, size_t width,
    const char *want)
{
	char *got = outmail_wrap(in, width);

	CHECK_STR(what, got, want);
	free(got);
}

static void test_wrap(void)
{
	wrap("short lines stay", "A Rom - Nea\n\nSIGNOFF\n", 0,
	    "A Rom - Nea\n\nSIGNOFF\n");
	wrap("no final newline", "one two", 0, "one two");
	wrap("at spaces", "one two three four", 9, "one two\nthree\nfour");
	wrap("exactly the width", "one two", 7, "one two");
	wrap("a word longer than the line stands alone",
	    "see https://example.org/a/long/path now", 10,
	    "see\nhttps://example.org/a/long/path\nnow");
	wrap("indentation kept", "  one two three\n", 10,
	    "  one two\n  three\n");
	wrap("spacing inside a piece kept", "a  b c d", 5, "a  b\nc d");
	wrap("characters, not bytes", "\u00e9\u00e9\u00e9 \u00e9\u00e9", 6,
	    "\u00e9\u00e9\u00e9 \u00e9\u00e9");
	wrap("empty", "", 0, "");

	/* The default: 78 columns, every line of a long paragraph fits and
	 * joining the pieces gives the paragraph back. */
	static const char para[] = "The deadline for Spring 273 BC has "
	    "passed and not every power had ordered, so the units of the "
	    "missing powers hold, as the rules say, and the phase was "
	    "processed at the time set by the master.";
	char *got = outmail_wrap(para, 0), *p, *q;

	for (p = got; *p; p = *q ? q + 1 : q) {
		q = p + strcspn(p, "\n");
		CHECK((size_t)(q - p) <= 78, "wrapped line of %zu",
		    (size_t)(q - p));
		CHECK(q - p > 60 || *q == '\0', "a line broken early: %zu",
		    (size_t)(q - p));
	}
	for (p = got; *p; p++)
		if (*p == '\n')
			*p = ' ';
	CHECK_STR("wrapping loses nothing", got, para);
	free(got);
}

int main(void)
{
	test_round_trip();
	test_encodings();
	test_wrap();
	test_ascii();
	test_refusals();
	return check_done("outmail_test");
}
