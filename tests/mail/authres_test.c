/*
 * tests/mail/authres_test.c - authres_parse() on RFC 8601's appendix B,
 * on the four values that fooled the regex it replaced (issue 21, M2),
 * and on what must not read; authres_aligned().
 *
 * Each parse is compared as one line, "id; method=result name=value ...;
 * ...", so that a word taken from the wrong place shows in the diff.
 */
#include "maildir/authres.h"
#include "base/error.h"
#include "mailtest.h"
#include "tests/check.h"

static void dump(struct strbuf *sb, const struct authres *a)
{
	strbuf_addstr(sb, a->authserv_id);
	if (a->n == 0)
		strbuf_addstr(sb, "; none");
	for (size_t i = 0; i < a->n; i++) {
		const struct authres_result *r = &a->results[i];
		strbuf_addf(sb, "; %s=%s", r->method, r->result);
		if (r->reason)
			strbuf_addf(sb, " reason=[%s]", r->reason);
		for (size_t j = 0; j < r->nprops; j++)
			strbuf_addf(sb, " %s=[%s]", r->props[j].name, r->props[j].value);
	}
}

static void reads(const char *what, const char *value, const char *want)
{
	struct authres a;
	struct strbuf sb = STRBUF_INIT;

	if (authres_parse(value, &a) < 0) {
		CHECK(0, "%s: does not read: %s", what, fail_text());
	} else {
		dump(&sb, &a);
		CHECK_STR(what, sb.buf, want);
	}
	authres_free(&a);
	strbuf_release(&sb);
}

/* id: the authserv-id read before the failure, or NULL */
static void refused(const char *what, const char *value, const char *id)
{
	struct authres a;

	CHECK(authres_parse(value, &a) < 0, "%s: read, but should not", what);
	CHECK_STR(what, a.authserv_id, id);
	authres_free(&a);
}

static void appendix_b(void)
{
	reads("B.2 none", "example.org 1; none", "example.org; none");
	reads("B.3", "example.com;\r\n          spf=pass smtp.mailfrom=example.net",
	      "example.com; spf=pass smtp.mailfrom=[example.net]");
	reads("B.4 first", "example.com;\n          auth=pass (cram-md5) smtp.auth=sender@example.net;\n"
	      "          spf=pass smtp.mailfrom=example.net",
	      "example.com; auth=pass smtp.auth=[sender@example.net];"
	      " spf=pass smtp.mailfrom=[example.net]");
	reads("B.4 second", "example.com; iprev=pass\n          policy.iprev=192.0.2.200",
	      "example.com; iprev=pass policy.iprev=[192.0.2.200]");
	reads("B.5 first", "example.com;\n          dkim=pass (good signature) header.d=example.com",
	      "example.com; dkim=pass header.d=[example.com]");
	reads("B.5 second", "example.com;\n          auth=pass (cram-md5) smtp.auth=sender@example.com;\n"
	      "          spf=fail smtp.mailfrom=example.com",
	      "example.com; auth=pass smtp.auth=[sender@example.com]; spf=fail smtp.mailfrom=[example.com]");
	reads("B.6 first", "example.com;\n    dkim=pass reason=\"good signature\"\n"
	      "      header.i=@mail-router.example.net;\n    dkim=fail reason=\"bad signature\"\n"
	      "      header.i=@newyork.example.com",
	      "example.com; dkim=pass reason=[good signature] header.i=[@mail-router.example.net];"
	      " dkim=fail reason=[bad signature] header.i=[@newyork.example.com]");
	reads("B.6 second", "example.net;\n    dkim=pass (good signature) header.i=@newyork.example.com",
	      "example.net; dkim=pass header.i=[@newyork.example.com]");
	reads("B.7 comments everywhere", "foo.example.net (foobar) 1 (baz);\n"
	      "    dkim (Because I like it) / 1 (One yay) = (wait for it) fail\n"
	      "      policy (A dot can go here) . (like that) expired\n"
	      "      (this surprised me) = (as I wasn't expecting it) 1362471462",
	      "foo.example.net; dkim=fail policy.expired=[1362471462]");
}

/* The regex found "method=word" anywhere; only the first header with the
 * id was read (the two-header bypasses are the guard's, tests/game). */
static void bypasses(void)
{
	reads("a quoted local part is a value", "mx.judge.test; spf=fail smtp.mailfrom=\"dkim=pass\"@evil.test",
	      "mx.judge.test; spf=fail smtp.mailfrom=[dkim=pass@evil.test]");
	reads("a comment is no result", "mx.judge.test; dmarc=fail (policy.comment dmarc=pass) header.from=t.test",
	      "mx.judge.test; dmarc=fail header.from=[t.test]");
	reads("nested comments and quoted-pairs", "mx.judge.test; dmarc=fail (a (b \\) dmarc=pass) \\( c)"
	      " header.from=t.test",
	      "mx.judge.test; dmarc=fail header.from=[t.test]");
	reads("a quoted string with a ; and a comment in it",
	      "mx.judge.test; dkim=fail header.b=\"a; dkim=pass (x\" header.d=t.test",
	      "mx.judge.test; dkim=fail header.b=[a; dkim=pass (x] header.d=[t.test]");
	reads("one header, both results", "mx.judge.test; spf=pass smtp.mailfrom=t.test; dmarc=fail header.from=t.test",
	      "mx.judge.test; spf=pass smtp.mailfrom=[t.test]; dmarc=fail header.from=[t.test]");
	reads("none of the others", "mx.judge.test; dkim=none", "mx.judge.test; dkim=none");
}

static void shapes(void)
{
	reads("what OpenDKIM writes", "mx.judge.test;\n\tdkim=pass (2048-bit key; unprotected) header.d=t.test"
	      " header.i=@t.test header.a=rsa-sha256 header.s=sel header.b=\"AbC/d+E=\";\n\tdkim-atps=neutral",
	      "mx.judge.test; dkim=pass header.d=[t.test] header.i=[@t.test] header.a=[rsa-sha256]"
	      " header.s=[sel] header.b=[AbC/d+E=]; dkim-atps=neutral");
	reads("base64 unquoted", "mx.judge.test; dkim=pass header.i=@t.test header.b=K6s/X+B=",
	      "mx.judge.test; dkim=pass header.i=[@t.test] header.b=[K6s/X+B=]");
	reads("a quoted authserv-id, a method version", "\"mx.judge.test\"; dkim/1=pass header.d=t.test",
	      "mx.judge.test; dkim=pass header.d=[t.test]");
	reads("case", "MX.Judge.Test; DMARC=Fail Header.From=T.test",
	      "MX.Judge.Test; dmarc=fail header.from=[T.test]");
	reads("a result with no \";\" before it is a property, as Microsoft's action=",
	      "mx.judge.test; dmarc=fail header.from=t.test dmarc=pass",
	      "mx.judge.test; dmarc=fail header.from=[t.test] dmarc=[pass]");
	reads("what Microsoft writes", "spf.protection.outlook.com; spf=pass (sender IP is 192.0.2.1)"
	      " smtp.mailfrom=t.test; dkim=none (message not signed) header.d=none;dmarc=none"
	      " action=none header.from=t.test;compauth=pass reason=100",
	      "spf.protection.outlook.com; spf=pass smtp.mailfrom=[t.test]; dkim=none header.d=[none];"
	      " dmarc=none action=[none] header.from=[t.test]; compauth=pass reason=[100]");
	reads("a final ;", "mx.judge.test; spf=pass smtp.mailfrom=t.test;",
	      "mx.judge.test; spf=pass smtp.mailfrom=[t.test]");

	refused("no ;", "mx.judge.test dmarc=fail", "mx.judge.test");
	refused("an unclosed comment", "mx.judge.test; dmarc=fail (dmarc=pass", "mx.judge.test");
	refused("a stray )", "mx.judge.test; dmarc=fail) header.from=t.test", "mx.judge.test");
	refused("an unclosed quote", "mx.judge.test; spf=fail smtp.mailfrom=\"x@t.test", "mx.judge.test");
	refused("a quoted result", "mx.judge.test; dmarc=\"pass\"", "mx.judge.test");
	refused("no result", "mx.judge.test; dmarc", "mx.judge.test");
	refused("an empty resinfo", "mx.judge.test; ; dmarc=fail", "mx.judge.test");
	refused("none, then more", "mx.judge.test; none; dmarc=fail", "mx.judge.test");
	refused("a property whose value does not lex", "mx.judge.test; dkim=pass header \"x", "mx.judge.test");
	refused("a property without its value", "mx.judge.test; dkim=pass header.d=", "mx.judge.test");
	refused("a ptype and its dot without the property", "mx.judge.test; dkim=pass header.=x", "mx.judge.test");
	refused("a backslash at the end of a comment", "mx.judge.test; dmarc=fail (x\\", "mx.judge.test");
	refused("empty", "", NULL);
	refused("only a comment", " (mx.judge.test) ", NULL);
}

static void aligned(void)
{
	static const struct { const char *d, *from; int want; } cases[] = {
		{ "t.test", "t.test", 1 },
		{ "T.Test.", "t.test", 1 },
		{ "t.test", "mail.t.test", 1 },
		{ "mail.t.test", "t.test", 0 },	/* a child: not the safe half */
		{ "evil-t.test", "t.test", 0 },
		{ "t.test", "evilt.test", 0 },	/* a suffix, not a parent */
		{ "test", "t.test", 0 },	/* a bare TLD */
		{ "", "t.test", 0 },
		{ "other.test", "t.test", 0 },
	};

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
		CHECK(authres_aligned(cases[i].d, cases[i].from) == cases[i].want,
		      "aligned(%s, %s) should be %d", cases[i].d, cases[i].from, cases[i].want);
}

int main(void)
{
	appendix_b();
	bypasses();
	shapes();
	aligned();
	return check_done("authres_test");
}
