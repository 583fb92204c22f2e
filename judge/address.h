/*
 * address.h - the form of a mail address that limits and quotas count.
 *
 * One person can write one mailbox many ways: "Ann@Example.ORG",
 * "ann+a@example.org" and "ANN+b@example.org" reach the same inbox on
 * most hosts, so a count kept per spelling is a count a forger multiplies
 * at will.  Every limit (replies an hour, games created a day, games
 * joined, games observed, wrong passwords) counts this key instead; the
 * address itself is still what mail is sent to and what a role is bound
 * to, since the key is not an address anyone chose.
 *
 * The key: the domain (after the last '@') in lower case, without a
 * trailing dot; the local part in lower case (ASCII), cut at its first
 * '+' when one follows a first character.  Dots are left alone: only
 * some hosts ignore them.
 */
#ifndef ADDRESS_H
#define ADDRESS_H

#include <stddef.h>
#include <sqlite3.h>

/* The key of addr into out (size bytes, cut if smaller). */
void address_key(const char *addr, char *out, size_t size);

/* Make address_key(text) callable from SQL on db, so that a count can
 * name it in its WHERE.  Returns SQLite's code. */
int address_key_register(sqlite3 *db);

#endif
