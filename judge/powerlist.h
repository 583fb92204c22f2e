/*
 * powerlist.h - a list of powers as players write it: full names
 * ("Syria Rome"), letters run together ("SR") or apart ("S,R", "S R").
 *
 * Owns: reading such a list, once, for every command that names powers
 * (SIGNON and SET PREFERENCE preferences, SET DRAW, SET CONCEDE, EJECT,
 * BECOME, TAKEOVER), so that each accepts the same forms.
 */
#ifndef POWERLIST_H
#define POWERLIST_H

#include <stddef.h>

#include "variants/variant.h"

/*
 * Read text as powers of v, in the order written, each once: their
 * letters (upper case) into letters (at least VARIANT_MAX_POWERS + 1
 * bytes) and, if set is not NULL, the set of them.  Returns how many, or
 * -1 with the reason, fit for the sender, in why (a word that is neither
 * a power nor letters of powers).
 */
int powerlist_parse(const struct variant *v, const char *text, char *letters,
                    struct power_set *set, char *why, size_t whylen);

/* "Rome, Syria and Egypt": the powers of letters, into out. */
void powerlist_names(const struct variant *v, const char *letters, struct strbuf *out);

#endif
