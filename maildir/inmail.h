/*
 * maildir/inmail.h - reading one incoming message.
 *
 * Owns the decoding of a raw RFC 5322 message (as an MTA delivers it, CRLF
 * or LF line ends) into what the Judge acts on: whom to answer, how to
 * thread the answer, whether it must not be answered at all, and the text
 * the player typed.  Parsing is libetpan's (mailimf, mailmime, charconv);
 * the policy is here.  Malformed input never fails the call: it yields an
 * `error` the Judge can explain in its reply.  What the Judge read in a
 * way the player may not expect (an unknown charset read as ASCII, a
 * forwarded message read in place of an empty mail) is told in `note`.
 *
 * Two sizes are limited, because attachments are not text: the whole
 * message (the MTA's own limit, 10,240,000 bytes in Postfix, is the
 * default) and, separately, the text part the Judge reads (2 MiB as
 * written in the mail, before decoding).  An attachment of several MiB
 * beside a short text is skipped, never decoded.  And libetpan is given
 * only what its recursive parsers can take (mime_guard.h): at most 64
 * multipart or message parts, 1000 parts, parentheses nested 64 deep;
 * beyond, the message is refused with INMAIL_EMALFORMED and a sentence
 * saying which.
 *
 * Silent messages (silent = 1, never answered), silent_why:
 *   "bounce"           null Return-Path (<>), a sender (From or
 *                      Return-Path) whose local part is MAILER-DAEMON or
 *                      postmaster, or an X-Failed-Recipients header;
 *   "report"           Content-Type multipart/report (delivery status
 *                      notifications, read receipts);
 *   "auto-submitted"   Auto-Submitted present and not "no" (RFC 3834);
 *   "auto-reply"       X-Autoreply or X-Autorespond present;
 *   "precedence bulk" / "precedence junk" / "precedence list" /
 *   "precedence auto_reply" (the only mark some autoresponders set);
 *   "list-id"          List-Id present: the reply address of list mail
 *                      may be the whole list;
 *   "x-loop"           an X-Loop header equal to our loop tag;
 *   "no sender"        no usable address in From or Return-Path
 *                      (Reply-To is never read: anyone may write one).
 * The body of a silent message is still decoded, for the logs.
 */
#ifndef MAILDIR_INMAIL_H
#define MAILDIR_INMAIL_H

#include <stddef.h>

#include "maildir/inmail_text.h"

/* Used when inmail_parse() is given max_size 0: Postfix's
 * message_size_limit, so that what the MTA took is at least looked at. */
#define INMAIL_MAX_SIZE_DEFAULT ((size_t)10240000)
/* Used when max_text is 0: far more than anyone types, and what the
 * whole message was limited to before, so no text readable then is
 * refused now. */
#define INMAIL_MAX_TEXT_DEFAULT ((size_t)2 * 1024 * 1024)

struct inmail {
	char *from;		/* the sender's addr-spec, also where the reply
				 * goes: From, else Return-Path (never
				 * Reply-To: anyone may write one); the domain
				 * lower-cased; NULL if none is usable */
	char *auth_results;	/* the Authentication-Results header values,
				 * unfolded, one per line, topmost first, or
				 * NULL */
	char *from_display;	/* decoded display name, or NULL */
	char *subject;		/* decoded UTF-8, or NULL */
	char *message_id;	/* without <>, or NULL */
	char *in_reply_to;	/* the first id, without <>, or NULL */
	char *references;	/* ids without <>, space-separated, or NULL */
	char *return_path;	/* envelope sender; "" for <>; NULL absent */
	char *body;		/* the player's text: UTF-8, LF line ends,
				 * quotes and signature removed (see
				 * body_clean.h); NULL when error != 0 */
	int silent;		/* 1: must never be answered */
	const char *silent_why;	/* static string, see above */
	int error;		/* enum inmail_error */
	char *error_text;	/* for the reply, when error != 0 */
	char *note;		/* for the reply, when error == 0: how the
				 * text was read, if unusually (one or more
				 * lines, no final line break); else NULL */
};

/*
 * Parse the len bytes at raw into *m.  loop_tag is the X-Loop value the
 * Judge puts on its own mail (NULL: no loop check).  A message longer than
 * max_size bytes (0: INMAIL_MAX_SIZE_DEFAULT) only has its header read and
 * gets INMAIL_ETOOBIG; so does one whose text part is over
 * INMAIL_MAX_TEXT_DEFAULT.  Returns 0 when *m is filled in (check
 * m->silent and m->error), -1 when out of memory (*m is then empty).
 * Free with inmail_free() in both cases.
 */
MUST_CHECK int inmail_parse(const char *raw, size_t len, const char *loop_tag,
    size_t max_size, struct inmail *m);

/*
 * inmail_parse() with the limit on the text part given too: a text part
 * of more than max_text bytes as written in the message (0:
 * INMAIL_MAX_TEXT_DEFAULT) gets INMAIL_ETOOBIG.
 */
MUST_CHECK int inmail_parse_limits(const char *raw, size_t len, const char *loop_tag,
    size_t max_size, size_t max_text, struct inmail *m);

void inmail_free(struct inmail *m);

/* A short name for an inmail_error, for logs ("malformed", ...). */
const char *inmail_errname(int error);

#endif
