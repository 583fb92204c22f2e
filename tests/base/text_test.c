/*
 * tests/base/text_test.c - the base library's shared text writers: the
 * line breaker's three habits (base/wrap.h: a reply's, a list's, a
 * paragraph's) and the JSON writer (base/json.h).  The mail's own wrap
 * (outmail_wrap) keeps its cases in tests/mail/outmail_test.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/json.h"
#include "base/strbuf.h"
#include "base/wrap.h"

static int failures, checks;

static void check_str(int line, const char *what, const char *got, const char *want)
{
	checks++;
	if (strcmp(got, want)) {
		failures++;
		printf("FAIL %s:%d: %s\n  got:  [%s]\n  want: [%s]\n", __FILE__, line, what, got, want);
	}
}

static void wrapped(int line, const char *what, const char *in, struct wrap_style how,
                    const char *want)
{
	struct strbuf sb = STRBUF_INIT;

	wrap_add(&sb, in, &how);
	check_str(line, what, sb.buf, want);
	/* breaking twice changes nothing */
	char *once = strbuf_detach(&sb, NULL);
	wrap_add(&sb, once, &how);
	check_str(line, what, sb.buf, once);
	free(once);
	strbuf_release(&sb);
}

static void test_wrap(void)
{
	/* a list: after a comma where one fits, the rest hung at a column */
	wrapped(__LINE__, "a list breaks after a comma, items whole",
	        "  army:  Latium (lat), Samnium (sam), Campania (cam)\n", WRAP_LIST(9),
	        "  army:  Latium (lat), Samnium (sam), Campania (cam)\n");
	wrapped(__LINE__, "a list too long for the line",
	        "  land: Attica (att), Boeotia (boe), Megara (meg), Corinth (cor), Argos (arg), Sparta (spa)\n",
	        WRAP_LIST(8),
	        "  land: Attica (att), Boeotia (boe), Megara (meg), Corinth (cor), Argos (arg),\n"
	        "        Sparta (spa)\n");
	wrapped(__LINE__, "without a comma in reach, the last blank",
	        "  Letters: a b c d e f g h i j k l m n o p q r s t u v w x y z a b c d e f g h i j k l",
	        WRAP_LIST(4),
	        "  Letters: a b c d e f g h i j k l m n o p q r s t u v w x y z a b c d e f g h\n"
	        "    i j k l");
	/* a paragraph: the rest of a line hangs four in from its start, and
	 * the double blank after a full stop, where the line breaks, leaves
	 * no blank at either end of the break */
	struct strbuf para = STRBUF_INIT;
	strbuf_addstr(&para, "kept\n");
	strbuf_addstr(&para, "  Athens holds Attica with three counters and Megara with four counters.  "
	              "Sparta holds Boeotia.\n");
	wrap_tail(&para, 5, &WRAP_HANG(72, 4));
	check_str(__LINE__, "a paragraph hangs; a double blank at the break goes", para.buf,
	          "kept\n  Athens holds Attica with three counters and Megara with four counters.\n"
	          "      Sparta holds Boeotia.\n");
	strbuf_release(&para);
	wrapped(__LINE__, "a double blank at a break leaves no blank at the line's end",
	        "one two three.  Four", WRAP_HANG(14, 0), "one two three.\nFour");
	wrapped(__LINE__, "columns are characters, not bytes",
	        "\u00e9\u00e9\u00e9 \u00e9\u00e9 \u00e9", WRAP_HANG(6, 0), "\u00e9\u00e9\u00e9 \u00e9\u00e9\n\u00e9");
	wrapped(__LINE__, "a word longer than the line stands alone",
	        "a verylongword b", ((struct wrap_style){ .width = 6, .indent = 2 }),
	        "a\n  verylongword\n  b");
}

static void test_json(void)
{
	struct strbuf sb = STRBUF_INIT;
	struct json j;

	json_init(&j, &sb);
	json_object(&j);
	json_kstring(&j, "name", "say \"hi\"\\\n\x01");
	json_kint(&j, "n", -3);
	json_key(&j, "list");
	json_array(&j);
	json_array_end(&j);
	json_key(&j, "items");
	json_array(&j);
	for (int i = 0; i < 2; i++) {
		json_object(&j);
		json_kbool(&j, "odd", i & 1);
		json_key(&j, "none");
		json_null(&j);
		json_object_end(&j);
	}
	json_string(&j, "\u00e9");
	json_array_end(&j);
	json_object_end(&j);
	check_str(__LINE__, "commas, nesting and escapes", sb.buf,
	          "{\"name\":\"say \\\"hi\\\"\\\\\\n\\u0001\",\"n\":-3,\"list\":[],\"items\":"
	          "[{\"odd\":false,\"none\":null},{\"odd\":true,\"none\":null},\"\u00e9\"]}");
	/* members at level 0, for an object the caller opened elsewhere */
	strbuf_reset(&sb);
	json_init(&j, &sb);
	json_kint(&j, "turn", 1);
	json_kstring(&j, "winner", NULL);
	check_str(__LINE__, "members without braces", sb.buf, "\"turn\":1,\"winner\":null");
	strbuf_release(&sb);
}

int main(void)
{
	test_wrap();
	test_json();
	printf("text_test: %d checks, %d failed\n", checks, failures);
	return failures ? 1 : 0;
}
