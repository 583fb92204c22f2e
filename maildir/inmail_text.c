/*
 * maildir/inmail_text.c - finding and decoding the text part; see
 * inmail_text.h.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <libetpan/libetpan.h>

#include "maildir/body_clean.h"
#include "maildir/charset.h"
#include "maildir/eol.h"
#include "maildir/flowed.h"
#include "maildir/html2text.h"
#include "maildir/inmail.h"
#include "maildir/inmail_text.h"
#include "parser/strbuf.h"

/*
 * libetpan parses the whole MIME tree recursively, with no depth limit
 * and rescanning the rest of the message at each level, so a message
 * built of thousands of nested multiparts would exhaust the stack or the
 * CPU before we see it.  Real mail has a handful of container parts; we
 * count their Content-Type lines before parsing and refuse beyond this.
 */
#define MAX_CONTAINERS 64
/* And we do not walk deeper than this, whatever the parse produced. */
#define MAX_DEPTH 32

/*
 * A text part is binary when at least BINARY_MIN and more than
 * 1/BINARY_RATIO of its bytes are NULs, control characters or invalid
 * UTF-8: random bytes have about 11% control characters, typed text
 * none, and a few stray NULs or bad bytes are only removed or replaced.
 */
#define BINARY_MIN 16
#define BINARY_RATIO 16

static int count_containers(const char *raw, size_t len)
{
	size_t i, j;
	int count = 0;

	for (i = 0; i + 13 < len; i++) {
		if ((i > 0 && raw[i - 1] != '\n') ||
		    strncasecmp(raw + i, "content-type:", 13) != 0)
			continue;
		for (j = i + 13; j < len && (raw[j] == ' ' || raw[j] == '\t' ||
		    raw[j] == '\r' || raw[j] == '\n'); j++)
			;
		if ((len - j >= 10 && strncasecmp(raw + j, "multipart/", 10) == 0)
		    || (len - j >= 8 && strncasecmp(raw + j, "message/", 8) == 0))
			count++;
	}
	return count;
}

static int set_error(struct inmail *m, int error, const char *text)
{
	m->error = error;
	free(m->error_text);
	m->error_text = strdup(text);
	return m->error_text ? 0 : -1;
}

static int is_text(struct mailmime_content *ct, const char *subtype)
{
	return ct && ct->ct_type &&
	    ct->ct_type->tp_type == MAILMIME_TYPE_DISCRETE_TYPE &&
	    ct->ct_type->tp_data.tp_discrete_type->dt_type ==
	    MAILMIME_DISCRETE_TYPE_TEXT &&
	    ct->ct_subtype && strcasecmp(ct->ct_subtype, subtype) == 0;
}

static int is_attachment(struct mailmime *mm)
{
	struct mailmime_single_fields sf;

	if (mm->mm_mime_fields == NULL)
		return 0;
	mailmime_single_fields_init(&sf, mm->mm_mime_fields,
	    mm->mm_content_type);
	return sf.fld_disposition && sf.fld_disposition->dsp_type &&
	    sf.fld_disposition->dsp_type->dsp_type ==
	    MAILMIME_DISPOSITION_TYPE_ATTACHMENT;
}

static void find_text(struct mailmime *mm, int depth,
    struct mailmime **plain, struct mailmime **html)
{
	clistiter *it;

	if (mm == NULL || depth > MAX_DEPTH)
		return;
	switch (mm->mm_type) {
	case MAILMIME_SINGLE:
		if (mm->mm_data.mm_single == NULL || is_attachment(mm))
			return;
		if (*plain == NULL && is_text(mm->mm_content_type, "plain"))
			*plain = mm;
		else if (*html == NULL && is_text(mm->mm_content_type, "html"))
			*html = mm;
		break;
	case MAILMIME_MULTIPLE:
		if (mm->mm_data.mm_multipart.mm_mp_list == NULL)
			return;
		for (it = clist_begin(mm->mm_data.mm_multipart.mm_mp_list);
		    it != NULL; it = clist_next(it))
			find_text(clist_content(it), depth + 1, plain, html);
		break;
	default:		/* an attached message is not our text */
		break;
	}
}

/* Whether the Content-Type parameter name has the value (any case). */
static int param_is(struct mailmime_content *ct, const char *name,
    const char *value)
{
	const char *v = mailmime_content_param_get(ct, (char *)name);

	size_t n = strlen(value);

	if (v == NULL)
		return 0;
	while (*v == '"' || *v == ' ')
		v++;
	return strncasecmp(v, value, n) == 0 &&
	    (v[n] == '\0' || v[n] == '"' || v[n] == ' ' || v[n] == ';');
}

/*
 * Remove NULs in place; return how many bytes (NULs, control characters
 * other than layout ones) make the text look binary.
 */
static size_t strip_nul(char *s, size_t *len)
{
	size_t i, j = 0, odd = 0;

	for (i = 0; i < *len; i++) {
		unsigned char c = (unsigned char)s[i];

		if (c == 0) {
			odd++;
			continue;
		}
		if ((c < 0x20 && c != '\t' && c != '\n' && c != '\r' &&
		    c != '\f') || c == 0x7f)
			odd++;
		s[j++] = s[i];
	}
	s[j] = '\0';
	*len = j;
	return odd;
}

static int decode_part(struct mailmime *mm, int html, struct inmail *m)
{
	struct mailmime_data *d = mm->mm_data.mm_single;
	struct mailmime_content *ct = mm->mm_content_type;
	struct strbuf b = STRBUF_INIT;
	char *dec = NULL, *text = NULL, *err = NULL, *msg = NULL;
	size_t declen = 0, idx = 0, textlen = 0, nbad = 0, odd, total;
	int r, res = -1;

	if (d->dt_type != MAILMIME_DATA_TEXT)
		return set_error(m, INMAIL_EMALFORMED,
		    "The message's text part could not be read.");
	r = mailmime_part_parse(d->dt_data.dt_text.dt_data,
	    d->dt_data.dt_text.dt_length, &idx, d->dt_encoding, &dec, &declen);
	if (r == MAILIMF_ERROR_MEMORY)
		return -1;
	if (r != MAILIMF_NO_ERROR)
		return set_error(m, INMAIL_EMALFORMED,
		    "The message's text part could not be decoded.");

	r = charset_to_utf8(mailmime_content_charset_get(ct), dec, declen,
	    &text, &textlen, &nbad, &err);
	mailmime_decoded_part_free(dec);
	if (r == CHARSET_EUNKNOWN) {
		if (asprintf(&msg, "The message is written in the character "
		    "set \"%.40s\", which the Judge cannot read. Please send "
		    "plain text in UTF-8.",
		    mailmime_content_charset_get(ct)) < 0)
			goto out;
		res = set_error(m, INMAIL_ECHARSET, msg);
		goto out;
	}
	if (r < 0) {
		res = set_error(m, INMAIL_ECHARSET, "The message's text could "
		    "not be converted from its character set. Please send "
		    "plain text in UTF-8.");
		goto out;
	}

	total = textlen;
	odd = strip_nul(text, &textlen) + nbad;
	if (odd >= BINARY_MIN && odd * BINARY_RATIO > total) {
		res = set_error(m, INMAIL_EBINARY, "The message's text part "
		    "holds binary data, not text. Please send your commands "
		    "as plain text.");
		goto out;
	}
	textlen = eol_to_lf(text, textlen);

	if (html)
		html_to_text(text, textlen, &b);
	else if (param_is(ct, "format", "flowed"))
		flowed_decode(text, textlen, param_is(ct, "delsp", "yes"), &b);
	else
		strbuf_add(&b, text, textlen);
	res = body_clean(b.buf, b.len, &m->body);
out:
	strbuf_release(&b);
	free(text);
	free(err);
	free(msg);
	return res;
}

int inmail_text(const char *raw, size_t len, struct inmail *m)
{
	struct mailmime *mime = NULL, *root, *plain = NULL, *html = NULL;
	size_t idx = 0;
	int r;

	if (count_containers(raw, len) > MAX_CONTAINERS)
		return set_error(m, INMAIL_EMALFORMED, "The message has too "
		    "many nested MIME parts to be read.");
	r = mailmime_parse(raw, len, &idx, &mime);
	if (r == MAILIMF_ERROR_MEMORY)
		return -1;
	if (r != MAILIMF_NO_ERROR || mime == NULL)
		return set_error(m, INMAIL_EMALFORMED, "The message's MIME "
		    "structure could not be read.");

	root = mime;
	if (root->mm_type == MAILMIME_MESSAGE)
		root = root->mm_data.mm_message.mm_msg_mime;
	find_text(root, 0, &plain, &html);
	if (plain)
		r = decode_part(plain, 0, m);
	else if (html)
		r = decode_part(html, 1, m);
	else
		r = set_error(m, INMAIL_ENOTEXT, "The message has no text "
		    "part. Please send your commands as plain text.");
	mailmime_free(mime);
	return r;
}
