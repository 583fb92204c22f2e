/*
 * authres.h - one Authentication-Results value read as RFC 8601 writes it.
 *
 * Owns the grammar, not the trust: which headers count (the config's
 * authserv-id) and what their results mean for a role is judge/guard.c's.
 * The value is split into the authserv-id and its resinfos
 * (method[/version] = result [reason = value] *(ptype.property = value)),
 * and only these: a word inside a comment, a quoted string or a property's
 * value is never a method or a result, which is what a regex over the
 * whole value got wrong ("dmarc=fail (x dmarc=pass)" read as a pass).
 * Parsing is strict where the structure is (a resinfo must end at ";" or
 * at the end), so that the caller can refuse what does not read rather
 * than guess at it; it is lenient where leniency can only make strings:
 * inside property values (the base64 of a DKIM header.b, an address with
 * a quoted local part) and in a property without its ptype (Microsoft's
 * "action=none").
 */
#ifndef AUTHRES_H
#define AUTHRES_H

#include <stddef.h>

#include "base/error.h"

struct authres_prop {
	char *name;	/* "ptype.property", lower case: "header.d" */
	char *value;	/* quoted strings unquoted, comments dropped */
};

struct authres_result {
	char *method;	/* lower case, without its version: "dkim" */
	char *result;	/* lower case: "pass", "fail", ... */
	char *reason;	/* the reason's value, or NULL */
	struct authres_prop *props;
	size_t nprops;
};

struct authres {
	char *authserv_id;	/* as written (unquoted); NULL if unread */
	struct authres_result *results;
	size_t n;		/* 0 for "id; none" */
};

/* Read value (one header's value, unfolded or not) into *a, which the
 * caller frees with authres_free() whatever the outcome.  Returns 0, or
 * -1 after fail() when the value is not RFC 8601's; a->authserv_id is
 * set as soon as it has been read, so the caller can tell whose header
 * failed to read. */
MUST_CHECK int authres_parse(const char *value, struct authres *a);
void authres_free(struct authres *a);

/* The value of the property name ("header.d") of r, or NULL. */
const char *authres_prop(const struct authres_result *r, const char *name);

/* 1 if a DKIM signing domain d is aligned with the From domain from:
 * equal, or a parent of it with at least two labels (see authres.c), case
 * and a final dot ignored; else 0. */
int authres_aligned(const char *d, const char *from);

#endif
