/*
 * outbox.h - mail the Judge has decided to send, kept in the database.
 *
 * A message is built in full (headers, Message-ID, MIME) when it is queued,
 * inside the transaction of the change that causes it, so the change and
 * its mail commit together.  `judge flush` delivers what is queued.
 */
#ifndef OUTBOX_H
#define OUTBOX_H

#include <sqlite3.h>

#include "base/error.h"
#include "judge/config.h"
#include "base/strbuf.h"

/* What is being replied to, for threading; NULLs when not a reply. */
struct thread {
	const char *message_id;
	const char *references;
};

/*
 * Queue one message the Judge wrote to rcpt, its lines wrapped at 78
 * columns.  Returns 0, or -1 if it cannot be built (bad address): that is
 * reported on stderr and nothing is queued.
 */
int outbox_queue(sqlite3 *db, const struct config *c, long long now, const char *rcpt,
                 const char *subject, const char *body, const struct thread *t);

/* The same with map picture number picture (judge/picture.h; 0: none)
 * after the text.  The mail stores only the picture's number; send.c puts
 * the picture in when it delivers, so a picture is stored once however
 * many mails carry it. */
int outbox_queue_picture(sqlite3 *db, const struct config *c, long long now, const char *rcpt,
                         const char *subject, const char *body, const struct thread *t,
                         long long picture);

/* The line of a stored mail that its picture's base64 replaces at
 * delivery: this, then the picture's number. */
#define OUTBOX_PICTURE_TOKEN "JudgePicture"

/* Queue text as written, not wrapped: press, as its writer wrote it, and
 * commands the admin copies (the transport folds a line only past 998
 * octets). */
int outbox_queue_raw(sqlite3 *db, const struct config *c, long long now, const char *rcpt,
                       const char *subject, const char *body);

/*
 * Queue the reply to a mail, to rcpt: as outbox_queue, but a reply is
 * never lost to the mail it answers (threading the Judge cannot write is
 * dropped), one over the config's max_reply_bytes is cut at a line with a
 * note, and beyond max_replies_per_hour to one address it is not built
 * or sent, only noted in the table held (the admin told).  Returns 0, or
 * -1 (a bad address).
 */
MUST_CHECK int outbox_reply(sqlite3 *db, const struct config *c, long long now, const char *rcpt,
                 const char *subject, const char *body, const struct thread *t);

/* The same with map picture number picture (0: none) after the text; the
 * size limit is the text's, so a reply always has room for its picture.
 * proven: the mail answered opened a seat or a master with its password,
 * so the reply is its owner's own and never held by max_replies_per_hour
 * (which forged mail in the owner's name could have used up); it still
 * counts. */
MUST_CHECK int outbox_reply_picture(sqlite3 *db, const struct config *c, long long now, const char *rcpt,
                         const char *subject, const char *body, const struct thread *t,
                         long long picture, int proven);

/* The Message-IDs of the messages this process queued since the last
 * call, one a line, into ids; forgotten here.  Some may never have been
 * committed (their transaction rolled back): they name no message. */
void outbox_mine(struct strbuf *ids);

#endif
