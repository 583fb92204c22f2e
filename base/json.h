/*
 * json.h - writing JSON, for `judge show --json` and the families'
 * descriptions of a position.
 *
 * Owns: the one JSON writer: string escaping, and the commas and
 * brackets of objects and arrays.  A writer appends to a strbuf and
 * remembers, level by level, whether a comma is due, so that the code
 * that writes a member never asks whether it is the first; that question,
 * asked by hand in every writer, is how JSON goes wrong.  The output is
 * compact (no blanks), as tools and tests read it.
 *
 * A writer may start inside an object its caller has opened elsewhere:
 * at level 0 members may be written directly, as a family's status_json
 * does for the object `judge show` opens.
 */
#ifndef JSON_H
#define JSON_H

#include "base/strbuf.h"

#define JSON_MAX_DEPTH 16

struct json {
	struct strbuf *out;
	int depth;
	unsigned char more[JSON_MAX_DEPTH];  /* at each level: a value was
	                                        written, the next needs a comma */
	int keyed;                           /* a key was written: its value
	                                        follows without a comma */
};

/* A writer appending to out, at level 0 with nothing written. */
void json_init(struct json *j, struct strbuf *out);

void json_object(struct json *j);     /* { */
void json_object_end(struct json *j); /* } */
void json_array(struct json *j);      /* [ */
void json_array_end(struct json *j);  /* ] */

/* A member's name; its value is the next thing written. */
void json_key(struct json *j, const char *name);

/* Values.  json_string escapes what JSON requires (", \, control
 * characters); NULL is written as null. */
void json_string(struct json *j, const char *s);
void json_int(struct json *j, long long n);
void json_bool(struct json *j, int b);
void json_null(struct json *j);

/* A member in one call: key and value. */
void json_kstring(struct json *j, const char *name, const char *s);
void json_kint(struct json *j, const char *name, long long n);
void json_kbool(struct json *j, const char *name, int b);

#endif
