/*
 * json.c - the one JSON writer (see json.h).
 *
 * Every value goes through value_start, which writes the comma its level
 * owes; the brackets push and pop levels.  Nesting deeper than
 * JSON_MAX_DEPTH, a value at a level that has no room for one, or a key
 * outside an object are the caller's bugs, caught by assert.
 */
#include <assert.h>
#include <string.h>

#include "base/json.h"

void json_init(struct json *j, struct strbuf *out)
{
	assert(j && out);
	memset(j, 0, sizeof *j);
	j->out = out;
}

/* Before any value or key: the comma owed at this level, unless the value
 * is a key's. */
static void value_start(struct json *j)
{
	if (j->keyed) {
		j->keyed = 0;
		return;
	}
	if (j->more[j->depth])
		strbuf_addch(j->out, ',');
	j->more[j->depth] = 1;
}

static void open_level(struct json *j, char bracket)
{
	value_start(j);
	assert(j->depth + 1 < JSON_MAX_DEPTH);
	strbuf_addch(j->out, bracket);
	j->more[++j->depth] = 0;
}

static void close_level(struct json *j, char bracket)
{
	assert(j->depth > 0 && !j->keyed);
	strbuf_addch(j->out, bracket);
	j->depth--;
}

void json_object(struct json *j)
{
	open_level(j, '{');
}

void json_object_end(struct json *j)
{
	close_level(j, '}');
}

void json_array(struct json *j)
{
	open_level(j, '[');
}

void json_array_end(struct json *j)
{
	close_level(j, ']');
}

/* s as a JSON string: quotes and backslashes escaped, control characters
 * as \n or \u00XX; everything else, UTF-8 included, as it is. */
static void add_string(struct strbuf *out, const char *s)
{
	strbuf_addch(out, '"');
	for (; *s; s++) {
		unsigned char ch = (unsigned char)*s;
		if (ch == '"' || ch == '\\')
			strbuf_addf(out, "\\%c", ch);
		else if (ch == '\n')
			strbuf_addstr(out, "\\n");
		else if (ch < 0x20)
			strbuf_addf(out, "\\u%04x", ch);
		else
			strbuf_addch(out, (char)ch);
	}
	strbuf_addch(out, '"');
}

void json_key(struct json *j, const char *name)
{
	assert(name && !j->keyed);
	value_start(j);
	add_string(j->out, name);
	strbuf_addch(j->out, ':');
	j->keyed = 1;
}

void json_string(struct json *j, const char *s)
{
	if (!s) {
		json_null(j);
		return;
	}
	value_start(j);
	add_string(j->out, s);
}

void json_int(struct json *j, long long n)
{
	value_start(j);
	strbuf_addf(j->out, "%lld", n);
}

void json_bool(struct json *j, int b)
{
	value_start(j);
	strbuf_addstr(j->out, b ? "true" : "false");
}

void json_null(struct json *j)
{
	value_start(j);
	strbuf_addstr(j->out, "null");
}

void json_kstring(struct json *j, const char *name, const char *s)
{
	json_key(j, name);
	json_string(j, s);
}

void json_kint(struct json *j, const char *name, long long n)
{
	json_key(j, name);
	json_int(j, n);
}

void json_kbool(struct json *j, const char *name, int b)
{
	json_key(j, name);
	json_bool(j, b);
}
