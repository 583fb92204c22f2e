/*
 * maildir/deliver_maildir.c - the "maildir" delivery backend: one Maildir
 * per recipient under a directory; see deliver.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "maildir/deliver.h"
#include "maildir/eol.h"
#include "maildir/maildir.h"
#include "base/error.h"
#include "base/strbuf.h"

static int md_open(void **ctx, const char *arg, int timeout)
{
	(void)timeout;          /* a local write: the disk is its bound */
	if (arg == NULL || *arg == '\0')
		return fail("the maildir backend needs a directory");
	if ((*ctx = strdup(arg)) == NULL)
		return fail("out of memory");
	return 0;
}

/* The recipient becomes a directory name: it must be one. */
static int rcpt_ok(const char *r)
{
	if (r == NULL || *r == '\0' || *r == '.' || strlen(r) > 254)
		return 0;
	for (; *r; r++)
		if ((unsigned char)*r <= ' ' || *r == '/' || *r == 0x7f)
			return 0;
	return 1;
}

static int md_send(void *ctx, const char *envelope_from, const char *rcpt,
    const char *msg, size_t len)
{
	struct strbuf b = STRBUF_INIT;
	char *dir = NULL, *text;
	size_t n;
	int r;

	if (!rcpt_ok(rcpt)) {
		fail("invalid recipient \"%.80s\"", rcpt ? rcpt : "");
		return DELIVER_EPERM;
	}
	if (asprintf(&dir, "%s/%s", (const char *)ctx, rcpt) < 0) {
		fail("out of memory");
		return DELIVER_ETEMP;
	}
	strbuf_addf(&b, "Return-Path: <%s>\n",
	    envelope_from ? envelope_from : "");
	strbuf_add(&b, msg, len);
	text = strbuf_detach(&b, &n);
	n = eol_to_lf(text, n);
	r = maildir_deliver(dir, text, n);
	free(text);
	free(dir);
	return r < 0 ? DELIVER_ETEMP : 0;
}

static void md_close(void *ctx)
{
	free(ctx);
}

const struct deliver_ops deliver_maildir_ops = {
	"maildir", md_open, md_send, md_close,
};
