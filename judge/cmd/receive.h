/*
 * receive.h - one incoming message, from raw bytes to a committed change
 * and a queued reply: the stages are decode (maildir/inmail), filter
 * (never answer bounces and robots; each Message-ID once), execute
 * (session.c), and commit.
 */
#ifndef RECEIVE_H
#define RECEIVE_H

#include <sqlite3.h>
#include <stddef.h>

#include "base/error.h"
#include "judge/config.h"

/* receive_message's answer when the caller must move the message into
 * its quarantine folder. */
#define RECEIVE_QUARANTINED 1

/*
 * Process one message.  Returns 0 when it is done with (processed,
 * ignored on purpose, answered with an error, or quarantined in the
 * database), -1 when the database failed and the message must be kept to
 * try again, or RECEIVE_QUARANTINED when it has failed too often and the
 * caller, who gave quarantine_path (where it will move it), must do so.
 * With quarantine_path NULL the database keeps a quarantined message.
 */
MUST_CHECK int receive_message(sqlite3 *db, const struct config *c, long long now,
                    const char *raw, size_t len, const char *quarantine_path);

/* max_message_bytes, or its default when unset: a reader takes one byte
 * more of a message, which tells a longer one apart, and no more. */
size_t receive_read_max(const struct config *c);


#endif
