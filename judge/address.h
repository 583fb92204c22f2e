/*
 * address.h - when two mail addresses are one person's.
 *
 * Owns the two comparisons the Judge makes of addresses, kept apart
 * because they answer different questions:
 *   - the same address: the one a role is registered to (its domain in
 *     any case, RFC 5321 leaves the local part's case to its host, so it
 *     is kept);
 *   - the same mailbox for counting: limits are counted on a form with
 *     the local part lower-cased and a +tag taken off as well, so that
 *     "Ann+1@x" and "ann+2@X" spend one count, while replies still go to
 *     the address as written.
 */
#ifndef ADDRESS_H
#define ADDRESS_H

#include <stddef.h>
#include <sqlite3.h>

/* 1 if a and b are the same address (the domain compared in any case). */
int address_same(const char *a, const char *b);

/* The form addr is counted under (local part and domain lower-cased, a
 * "+tag" dropped from the local part) into out, cut to size. */
void address_counted(const char *addr, char *out, size_t size);

/* Make address_counted(text) an SQL function on db, so that a count can
 * name it in its WHERE and C and SQL make the same form.  Returns
 * SQLite's code. */
int address_counted_register(sqlite3 *db);

#endif
