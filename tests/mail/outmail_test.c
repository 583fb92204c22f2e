/*
 * tests/mail/outmail_test.c - outmail_build(): the messages the Judge
 * sends, checked on the wire and read back with inmail_parse().
 */
#include "maildir/inmail.h"
#include "maildir/outmail.h"
#include "mailtest.h"

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

static void check_wire(const char *what, const char *msg, size_t len)
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
		} else if (msg[i] != '\r' && ++col > 78) {
			long_line = 1;
		}
	}
	CHECK(!eight, "%s: 8-bit bytes on the wire", what);
	CHECK(!bare_lf, "%s: bare LF on the wire", what);
	CHECK(!long_line, "%s: line longer than 78", what);
	CHECK(len == strlen(msg), "%s: length", what);
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
	char *msg = NULL, *err = NULL, *h;
	struct inmail m;
	size_t len;

	CHECK(outmail_build(&o, &msg, &len, &err) == 0, "build: %s",
	    err ? err : "");
	if (msg == NULL)
		return;
	check_wire("round trip", msg, len);
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
	    h = header(msg, "Content-Transfer-Encoding"), "quoted-printable");
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
	char *msg = NULL, *err = NULL, *h;
	struct inmail m;
	size_t len;

	CHECK(outmail_build(&o, &msg, &len, &err) == 0, "build: %s",
	    err ? err : "");
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
	char *msg = NULL, *err = NULL, *h;
	struct inmail m;
	size_t len;

	CHECK(outmail_build(&o, &msg, &len, &err) == 0, "build: %s",
	    err ? err : "");
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
		CHECK(outmail_build(&o, &msg, &len, &err) == -1,
		    "to [%s] refused", bad_to[i]);
		CHECK(err && strstr(err, "recipient"), "error says why: %s",
		    err ? err : "");
	}
	o.to = NULL;
	CHECK(outmail_build(&o, &msg, &len, &err) == -1, "no recipient");
	o.to = "alice@example.org";
	o.date = "yesterday";
	CHECK(outmail_build(&o, &msg, &len, &err) == -1, "bad date");
	CHECK(err && strstr(err, "date"), "error says why: %s",
	    err ? err : "");
	o.date = NULL;
	o.message_id = "a b@c";
	CHECK(outmail_build(&o, &msg, &len, &err) == -1, "bad message id");
	o.message_id = "x@y";
	o.references = "<ok@x> <bad\x01id@x>";
	CHECK(outmail_build(&o, &msg, &len, &err) == -1, "bad reference");
	free(err);
}

int main(void)
{
	test_round_trip();
	test_ascii();
	test_refusals();
	return test_summary("outmail_test");
}
