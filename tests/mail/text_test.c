/*
 * tests/mail/text_test.c - the text conversions under inmail_parse():
 * charset policy and UTF-8 repair, HTML to text, format=flowed, line
 * ends.
 */
#include "maildir/charset.h"
#include "maildir/eol.h"
#include "maildir/flowed.h"
#include "maildir/html2text.h"
#include "mailtest.h"
#include "tests/check.h"
#include "base/error.h"
#include "base/strbuf.h"

static void charset(const char *cs, const char *in, const char *want,
    size_t want_bad)
{
	char *out = NULL;
	size_t len, bad = 99;
	int r;

	r = charset_to_utf8(cs, in, strlen(in), &out, &len, &bad);
	CHECK(r == 0, "charset %s: %d %s", cs ? cs : "NULL", r, fail_text());
	CHECK_STR(cs ? cs : "no charset", out, want);
	CHECK(bad == want_bad, "charset %s: %zu replaced, want %zu",
	    cs ? cs : "NULL", bad, want_bad);
	free(out);
}

static void test_charset(void)
{
	char *out = NULL;
	size_t len;

	charset(NULL, "plain", "plain", 0);
	charset("us-ascii", "Malm\xc3\xb6", "Malm\xc3\xb6", 0);
	charset("us-ascii", "Malm\xf6", "Malm\xc3\xb6", 0);
	charset("\"US-ASCII\"", "\x93q\x94", "\xe2\x80\x9cq\xe2\x80\x9d", 0);
	charset("iso-8859-1", "\xe9t\xe9 \x96 x", "\xc3\xa9t\xc3\xa9 "
	    "\xe2\x80\x93 x", 0);
	charset("ISO-8859-15", "\xa4", "\xe2\x82\xac", 0);
	charset("utf-8", "ok \xc3\xa9", "ok \xc3\xa9", 0);
	charset("UTF8", "a\xffz", "a\xef\xbf\xbdz", 1);
	charset("utf-8", "\xe2\x82", "\xef\xbf\xbd", 1);
	charset("utf-8", "\xc0\xaf", "\xef\xbf\xbd\xef\xbf\xbd", 2);
	charset("utf-8", "\xf4\x90\x80\x80", "\xef\xbf\xbd\xef\xbf\xbd"
	    "\xef\xbf\xbd\xef\xbf\xbd", 4);
	charset("koi8-r", "\xf0\xd2\xc9\xd7\xc5\xd4",
	    "\xd0\x9f\xd1\x80\xd0\xb8\xd0\xb2\xd0\xb5\xd1\x82", 0);

	CHECK(charset_to_utf8("x-klingon", "abc", 3, &out, &len, NULL) ==
	    CHARSET_EUNKNOWN, "x-klingon is unknown");
	CHECK(strstr(fail_text(), "x-klingon"), "error names the charset");

	/* A UTF-8 BOM wins over the label, and goes. */
	charset("windows-1252", "\xef\xbb\xbf" "caf\xc3\xa9", "caf\xc3\xa9", 0);
	charset(NULL, "\xef\xbb\xbfSIGNON", "SIGNON", 0);
	charset("utf-8", "\xef\xbb\xbf", "", 0);

	size_t replaced = charset_unknown_read("caf\xe9 ok\xff", 8, &out, &len);
	CHECK(replaced == 2 && len == 8, "unknown charset: %zu replaced, "
	    "length %zu", replaced, len);
	CHECK_STR("unknown charset read as ASCII", out, "caf? ok?");
	free(out);

	CHECK(utf8_valid("", 0), "empty is valid");
	CHECK(utf8_valid("\xf0\x9f\x98\x80", 4), "emoji is valid");
	CHECK(!utf8_valid("\xed\xa0\x80", 3), "surrogate is invalid");
	CHECK(!utf8_valid("\xe0\x80\x80", 3), "overlong is invalid");
}

static void fold(const char *what, const char *in, const char *want)
{
	char buf[256];
	size_t n = strlen(in);

	memcpy(buf, in, n + 1);
	n = utf8_fold_spaces(buf, n);
	CHECK(n == strlen(buf), "%s: length %zu", what, n);
	CHECK_STR(what, buf, want);
}

static void test_fold(void)
{
	fold("nothing to do", "A Par - Bur \xc3\xa9", "A Par - Bur \xc3\xa9");
	fold("no-break space", "A\xc2\xa0Par", "A Par");
	fold("U+2000 and U+200A", "a\xe2\x80\x80" "b\xe2\x80\x8a" "c", "a b c");
	fold("narrow, medium math and ideographic", "a\xe2\x80\xaf"
	    "b\xe2\x81\x9f" "c\xe3\x80\x80" "d", "a b c d");
	fold("Ogham space mark", "a\xe1\x9a\x80" "b", "a b");
	fold("zero-width space, word joiner and BOM go", "\xef\xbb\xbf"
	    "Ro\xe2\x80\x8bm\xe2\x81\xa0!", "Rom!");
	fold("joiners stay", "a\xe2\x80\x8d" "b", "a\xe2\x80\x8d" "b");
	fold("U+2028 is not a space", "a\xe2\x80\xa8" "b",
	    "a\xe2\x80\xa8" "b");
	fold("invalid bytes are left alone", "a\xff\xc2", "a\xff\xc2");
	CHECK(unicode_space(0x3000) == UCS_SPACE, "U+3000");
	CHECK(unicode_space(0xfeff) == UCS_INVISIBLE, "U+FEFF");
	CHECK(unicode_space('x') == UCS_TEXT, "x");
}

static void html(const char *what, const char *in, const char *want)
{
	struct strbuf b = STRBUF_INIT;

	html_to_text(in, strlen(in), &b);
	CHECK_STR(what, b.buf, want);
	strbuf_release(&b);
}

static void test_html(void)
{
	html("empty", "", "");
	html("plain words", "A Par - Bur", "A Par - Bur\n");
	html("breaks", "A Par - Bur<br>A Mar H<br/>F Bre - MAO",
	    "A Par - Bur\nA Mar H\nF Bre - MAO\n");
	html("blocks and whitespace",
	    "<div>A  Par\n - Bur</div><div><br></div><div>A Mar H</div>",
	    "A Par - Bur\n\nA Mar H\n");
	html("paragraphs", "<p>one</p>\n<p>two</p>", "one\ntwo\n");
	html("list items", "<ul><li>A Par - Bur</li><li>A Mar H</li></ul>",
	    "A Par - Bur\nA Mar H\n");
	html("entities", "a &amp; b &lt;c&gt; &quot;d&quot; &#8212; &#x2019;"
	    "&nbsp;e &unknown; &", "a & b <c> \"d\" \xe2\x80\x94 \xe2\x80\x99 "
	    "e &unknown; &\n");
	html("bad numeric entities", "&#0;&#xD800;&#99999999;",
	    "\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\n");
	html("head, style and script dropped",
	    "<html><head><title>T</title><style>p{x:1}</style></head>"
	    "<body><script>var a = '<p>';</script><p>A Par - Bur</p>"
	    "</body></html>", "A Par - Bur\n");
	html("blockquote dropped",
	    "<div>A Vie - Tyr</div><blockquote type=\"cite\"><div>A Vie - "
	    "Gal</div><blockquote>deeper</blockquote>still quoted"
	    "</blockquote><div>after</div>", "A Vie - Tyr\nafter\n");
	/* An unmarked blockquote is an indent (Thunderbird's Indent button)
	 * and is read; after an attribution it is Gmail's quotation. */
	html("blockquote without type=cite read",
	    "<p>Orders:</p><blockquote><pre>A Vie - Gal\nA Bud - Ser</pre>"
	    "</blockquote><p>after</p>",
	    "Orders:\nA Vie - Gal\nA Bud - Ser\nafter\n");
	html("blockquote after an attribution dropped",
	    "<div>A Vie - Tyr</div><div class=\"gmail_attr\">On Fri, Nov 27, "
	    "2026 at 18:00 Judge &lt;j@x.net&gt; wrote:<br></div>"
	    "<blockquote class=\"gmail_quote\">A Vie - Gal</blockquote>",
	    "A Vie - Tyr\nOn Fri, Nov 27, 2026 at 18:00 Judge <j@x.net> "
	    "wrote:\n");
	html("TYPE=CITE unquoted, any case",
	    "<p>x</p><BLOCKQUOTE TYPE=CITE>y</BLOCKQUOTE>", "x\n");
	html("comments and conditionals",
	    "<!--[if gte mso 9]><xml>junk</xml><![endif]-->text<!-- x -->",
	    "text\n");
	html("attributes with >", "<a href=\"x>y\" title='a>b'>link</a>",
	    "link\n");
	html("a lone < is text", "1 < 2 and 3 > 2", "1 < 2 and 3 > 2\n");
	html("pre keeps layout", "<pre>A Par - Bur\n  A Mar H</pre>x",
	    "A Par - Bur\n  A Mar H\nx\n");
	html("nbsp byte is a space", "a\xc2\xa0\xc2\xa0" "b", "a b\n");
	html("space entities are spaces", "A&ensp;Par&emsp;-&thinsp;Bur"
	    "&#8239;x&#x3000;y", "A Par - Bur x y\n");
	html("zero-width entities go", "Ro&#8203;m&#xFEFF;", "Rom\n");
	html("unclosed tag", "text<div class=\"", "text\n");
	html("unclosed comment", "text<!-- never", "text\n");
	html("table cells", "<table><tr><td>A</td><td>Par</td></tr>"
	    "<tr><td>B</td></tr></table>", "A Par\nB\n");
}

static void flowed(const char *what, const char *in, int delsp,
    const char *want)
{
	struct strbuf b = STRBUF_INIT;

	flowed_decode(in, strlen(in), delsp, &b);
	CHECK_STR(what, b.buf, want);
	strbuf_release(&b);
}

static void test_flowed(void)
{
	flowed("fixed lines", "a\nb\n", 0, "a\nb\n");
	flowed("soft break", "A Par - \nBur\n", 0, "A Par - Bur\n");
	flowed("soft break with DelSp", "A Par - B \nur\n", 1,
	    "A Par - Bur\n");
	flowed("several soft breaks", "one \ntwo \nthree\nfour\n", 0,
	    "one two three\nfour\n");
	flowed("space-stuffing", " From here\n  two\n", 0,
	    "From here\n two\n");
	flowed("signature is not a soft break", "x\n-- \nsig\n", 0,
	    "x\n-- \nsig\n");
	flowed("quote depth", "> a \n> b\n>> c \n>> d\n", 0,
	    "> a b\n>> c d\n");
	flowed("quote depth change ends a paragraph", "> a \nb\n", 0,
	    "> a \nb\n");
	flowed("soft break at the end", "a \n", 0, "a \n");
	flowed("no final newline", "a", 0, "a\n");
}

static void test_eol(void)
{
	char s[] = "a\r\nb\rc\n\r\nd";
	size_t n = eol_to_lf(s, strlen(s));

	CHECK(n == 8, "eol length %zu", n);
	CHECK_STR("eol", s, "a\nb\nc\n\nd");
}

int main(void)
{
	test_charset();
	test_fold();
	test_html();
	test_flowed();
	test_eol();
	return check_done("text_test");
}
