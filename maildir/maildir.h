/*
 * maildir/maildir.h - reading and writing Maildirs.
 *
 * Owns the Maildir protocol (https://cr.yp.to/proto/maildir.html): a new
 * message is written under tmp/ with a unique name, fsync'd, and renamed
 * into new/; a message read from new/ is moved to cur/ with the ":2,"
 * info suffix only once the caller has committed what it did with it, so
 * a crash at any point loses nothing (at worst the message is read again,
 * and the Judge's Message-ID check makes that harmless).
 *
 * Names (the `name` arguments) are bare file names inside new/: no '/',
 * not starting with '.'.  Functions return 0, or -1 after fail().
 *
 * Errors: fail() (base/error.h).
 */
#ifndef MAILDIR_MAILDIR_H
#define MAILDIR_MAILDIR_H

#include <stddef.h>

#include "base/error.h"

/* Create dir (and missing parents) and its tmp/, new/ and cur/. */
MUST_CHECK int maildir_make(const char *dir);

/*
 * List the messages in dir/new, sorted by name (which for Maildir names
 * is the order of delivery), into a malloc'd array of *n malloc'd names;
 * free it with maildir_names_free().
 */
MUST_CHECK int maildir_scan(const char *dir, char ***names, int *n);
void maildir_names_free(char **names, int n);

/* Read dir/new/name into a malloc'd, NUL-terminated *data of *len bytes;
 * when max > 0, only its first max + 1 bytes: a message longer than max
 * is refused after its header anyway, and must not be held whole. */
MUST_CHECK int maildir_read(const char *dir, const char *name, size_t max,
    char **data, size_t *len);

/*
 * Claim dir/new/name for this run: an open descriptor holding an
 * exclusive flock on it, so that overlapping runs over one Maildir split
 * the messages between them (the lock goes with the process, even when it
 * is killed).  Close it when done.  Returns the descriptor, or
 * MAILDIR_TAKEN after fail() if another run has it or moved it (negative
 * against base/error.h's rule, because every value from 0 up is a
 * descriptor), or -1 after fail().
 */
#define MAILDIR_TAKEN (-2)
MUST_CHECK int maildir_claim(const char *dir, const char *name);

/* Move dir/new/name to dir/quarantine/name (the folder made if need be),
 * out of every later scan, and make the move durable. */
MUST_CHECK int maildir_quarantine(const char *dir, const char *name);

/* Move dir/new/name to dir/cur/name:2, and make the move durable. */
MUST_CHECK int maildir_done(const char *dir, const char *name);

/*
 * Deliver the len bytes as a new message of the Maildir dir (created if
 * needed): write tmp/<unique>, fsync, rename to new/<unique>, fsync new/.
 * The bytes are stored as given.
 */
MUST_CHECK int maildir_deliver(const char *dir, const char *msg, size_t len);

#endif
