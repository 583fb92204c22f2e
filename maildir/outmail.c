/*
 * maildir/outmail.c - building one outgoing message with libetpan, and
 * wrapping the Judge's own prose; see outmail.h.  The body is encoded as
 * lightly as the text allows, because players read the raw mail in some
 * clients and quote it in replies, and quoted-printable makes both worse.
 */
#include <assert.h>
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include <libetpan/libetpan.h>

#include "maildir/charset.h"
#include "maildir/outmail.h"
#include "base/error.h"
#include "base/strbuf.h"
#include "base/wrap.h"

/*
 * Bytes of UTF-8 per encoded word: 39 bytes make 52 base64 characters,
 * a 64-character word, well under RFC 2047's 75.
 */
#define WORD_BYTES 39

/* Something that may stand in a header as one token: no blanks, no
 * controls, no angle brackets. */
static int token_ok(const char *s)
{
	if (s == NULL || *s == '\0' || strlen(s) > 900)
		return 0;
	for (; *s; s++)
		if ((unsigned char)*s <= ' ' || *s == 0x7f || *s == '<' ||
		    *s == '>' || *s == ',' || *s == '"' || *s == '\\')
			return 0;
	return 1;
}

/* Valid UTF-8 copy of s on one line: CR, LF and TAB become spaces. */
static char *one_line(const char *s)
{
	struct strbuf b = STRBUF_INIT;
	char *p;

	utf8_repair(&b, s, strlen(s));
	for (p = b.buf; *p; p++)
		if (*p == '\r' || *p == '\n' || *p == '\t')
			*p = ' ';
	return strbuf_detach(&b, NULL);
}

static int is_ascii(const char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s >= 0x80)
			return 0;
	return 1;
}

/* Length of the longest prefix of s, at most max bytes, that does not cut
 * a UTF-8 sequence. */
static size_t utf8_cut(const char *s, size_t n, size_t max)
{
	if (n <= max)
		return n;
	while (max > 0 && ((unsigned char)s[max] & 0xc0) == 0x80)
		max--;
	return max;
}

/*
 * RFC 2047 form of a one-line UTF-8 string: unchanged when ASCII,
 * otherwise B-encoded words separated by spaces (which decoders drop
 * between encoded words).  The base64 is libetpan's.
 */
static char *encode_words(const char *s)
{
	struct strbuf b = STRBUF_INIT;
	size_t n = strlen(s), k, i;
	MMAPString *b64;
	int col;

	if (is_ascii(s))
		return strdup(s);
	while (n > 0) {
		k = utf8_cut(s, n, WORD_BYTES);
		if ((b64 = mmap_string_new("")) == NULL)
			goto failed;
		col = 0;
		if (mailmime_base64_write_mem(b64, &col, s, k) !=
		    MAILIMF_NO_ERROR) {
			mmap_string_free(b64);
			goto failed;
		}
		if (b.len)
			strbuf_addch(&b, ' ');
		strbuf_addstr(&b, "=?utf-8?B?");
		for (i = 0; i < b64->len; i++)
			if (b64->str[i] != '\r' && b64->str[i] != '\n')
				strbuf_addch(&b, b64->str[i]);
		strbuf_addstr(&b, "?=");
		mmap_string_free(b64);
		s += k;
		n -= k;
	}
	return strbuf_detach(&b, NULL);
failed:
	strbuf_release(&b);
	return NULL;
}

/*
 * Longest body line sent as it is.  RFC 5322 allows 998 octets, but
 * libetpan's writer breaks a line when 998 octets are behind it, even if
 * the line break itself comes next, which would add an empty line.
 */
#define MAX_PLAIN_LINE 997

/* Longest line of quoted-printable: RFC 2045's 76, counting the '=' of a
 * soft break. */
#define QP_LINE 76

/* How the body is sent (body_text() chooses). */
enum encoding { ENC_7BIT, ENC_8BIT, ENC_QP };

/*
 * The body as we send it (valid UTF-8, LF line ends, ending in LF) and
 * the lightest encoding that carries it unchanged: 7bit for ASCII, 8bit
 * for UTF-8, quoted-printable only for control characters (which some
 * transports eat) or lines too long for SMTP.
 */
static char *body_text(const char *s, size_t *len, enum encoding *enc)
{
	struct strbuf b = STRBUF_INIT;
	size_t i, col = 0;
	int eight = 0, qp = 0;
	char *t;

	utf8_repair(&b, s, strlen(s));
	t = strbuf_detach(&b, len);
	/* CRLF and CR to LF, in place. */
	for (i = 0, *len = 0; t[i]; i++) {
		if (t[i] == '\r') {
			t[(*len)++] = '\n';
			if (t[i + 1] == '\n')
				i++;
		} else {
			t[(*len)++] = t[i];
		}
	}
	t[*len] = '\0';
	for (i = 0; i < *len; i++) {
		unsigned char c = (unsigned char)t[i];

		if (c == '\n') {
			col = 0;
			continue;
		}
		if (c >= 0x80)
			eight = 1;
		else if ((c < ' ' && c != '\t') || c == 0x7f)
			qp = 1;
		if (++col > MAX_PLAIN_LINE)
			qp = 1;
	}
	*enc = qp ? ENC_QP : eight ? ENC_8BIT : ENC_7BIT;
	if (*len == 0 || t[*len - 1] != '\n') {
		strbuf_add(&b, t, *len);
		strbuf_addch(&b, '\n');
		free(t);
		t = strbuf_detach(&b, len);
	}
	return t;
}

/*
 * Quoted-printable of the len bytes of text (LF line ends, ending in
 * LF) into out, ready to be sent as it is.  libetpan encodes; but at the
 * end of a line it writes a blank both as itself and as "=20", which
 * decodes to one blank too many and turns the signature separator "-- "
 * into "--  ".  So each line is given to libetpan without its trailing
 * blanks, and those are written here as "=20" or "=09", the form RFC 2045
 * (6.7, rule 3) requires at the end of an encoded line.
 */
static int qp_encode(const char *text, size_t len, MMAPString *out)
{
	const char *p = text, *end = text + len, *line;
	size_t n;
	int col = 0;

	while (mem_next_line(&p, end, &line, &n)) {
		const char *e = line + n, *blanks = e;

		while (blanks > line && (blanks[-1] == ' ' || blanks[-1] == '\t'))
			blanks--;
		if (mailmime_quoted_printable_write_mem(out, &col, 1, line,
		    (size_t)(blanks - line)) != MAILIMF_NO_ERROR)
			return -1;
		for (; blanks < e; blanks++) {
			if (col + 3 > QP_LINE - 1) {
				if (mmap_string_append(out, "=\n") == NULL)
					return -1;
				col = 0;
			}
			if (mmap_string_append(out, *blanks == ' ' ?
			    "=20" : "=09") == NULL)
				return -1;
			col += 3;
		}
		if (e < end && mmap_string_append(out, "\n") == NULL)
			return -1;
		col = 0;
	}
	return 0;
}

/* The breaking itself is base/wrap.c's, shared with every text the
 * Judge composes; the mail's part is only its width. */
char *outmail_wrap(const char *text, size_t width)
{
	struct strbuf b = STRBUF_INIT;

	wrap_add(&b, text, &WRAP_HANG(width ? (int)width : OUTMAIL_WRAP, 0));
	return strbuf_detach(&b, NULL);
}

static void free_item(void *data, void *unused)
{
	(void)unused;
	free(data);
}

static void free_ids(clist *l)
{
	if (l) {
		clist_foreach(l, free_item, NULL);
		clist_free(l);
	}
}

static clist *id_list(const char *ids)
{
	clist *l = clist_new();
	const char *p = ids;

	if (l == NULL)
		goto oom;
	while (*p) {
		size_t n;
		char *id;

		p += strspn(p, " \t\r\n");
		if ((n = strcspn(p, " \t\r\n")) == 0)
			break;
		if (*p == '<' && n >= 2 && p[n - 1] == '>')
			id = strndup(p + 1, n - 2);
		else
			id = strndup(p, n);
		if (id == NULL)
			goto oom;
		if (!token_ok(id)) {
			fail("invalid message id \"%.80s\"", id);
			free(id);
			goto failed;
		}
		if (clist_append(l, id) < 0) {
			free(id);
			goto oom;
		}
		p += n;
	}
	return l;
oom:
	fail("out of memory");
failed:
	free_ids(l);
	return NULL;
}

static int add_custom(struct mailimf_fields *f, const char *name,
    const char *value)
{
	char *n = strdup(name), *v = strdup(value);
	struct mailimf_field *fld = NULL;

	if (n && v && (fld = mailimf_field_new_custom(n, v)) != NULL &&
	    mailimf_fields_add(f, fld) == MAILIMF_NO_ERROR)
		return 0;
	if (fld)
		mailimf_field_free(fld);	/* frees n and v */
	else {
		free(n);
		free(v);
	}
	return -1;
}

/* The RFC 5322 header, or NULL after fail(). */
static struct mailimf_fields *imf_header(const struct outmail *o)
{
	struct mailimf_date_time *date = NULL;
	struct mailimf_mailbox_list *from = NULL;
	struct mailimf_address_list *to = NULL;
	struct mailimf_fields *f = NULL;
	clist *irt = NULL, *refs = NULL;
	char *msgid = NULL, *subject = NULL, *name = NULL, *line, *addr;
	size_t idx = 0;

	if (o->date) {
		if (mailimf_date_time_parse(o->date, strlen(o->date), &idx,
		    &date) != MAILIMF_NO_ERROR) {
			fail("invalid date \"%.80s\"", o->date);
			return NULL;
		}
	} else if ((date = mailimf_get_current_date()) == NULL) {
		goto oom;
	}
	if (o->message_id)
		msgid = strdup(o->message_id);
	else
		msgid = mailimf_get_message_id();
	if (msgid == NULL)
		goto oom;
	if (!token_ok(msgid)) {
		fail("invalid message id \"%.80s\"", msgid);
		goto failed;
	}
	if (o->in_reply_to && (irt = id_list(o->in_reply_to)) == NULL)
		goto failed;
	if (o->references && (refs = id_list(o->references)) == NULL)
		goto failed;

	if (o->from_name && *o->from_name) {
		line = one_line(o->from_name);
		name = encode_words(line);
		free(line);
		if (name == NULL)
			goto oom;
	}
	if ((from = mailimf_mailbox_list_new_empty()) == NULL ||
	    (addr = strdup(o->from)) == NULL)
		goto oom;
	if (mailimf_mailbox_list_add_mb(from, name, addr) !=
	    MAILIMF_NO_ERROR) {
		free(addr);
		goto oom;
	}
	name = NULL;	/* owned by from now */
	if ((to = mailimf_address_list_new_empty()) == NULL ||
	    (addr = strdup(o->to)) == NULL)
		goto oom;
	if (mailimf_address_list_add_mb(to, NULL, addr) != MAILIMF_NO_ERROR) {
		free(addr);
		goto oom;
	}
	if (o->subject) {
		line = one_line(o->subject);
		subject = encode_words(line);
		free(line);
		if (subject == NULL)
			goto oom;
	}

	f = mailimf_fields_new_with_data_all(date, from, NULL, NULL, to,
	    NULL, NULL, msgid, irt, refs, subject);
	if (f == NULL)
		goto oom;
	if (add_custom(f, "Auto-Submitted", "auto-replied") < 0 ||
	    (o->loop_tag && add_custom(f, "X-Loop", o->loop_tag) < 0)) {
		mailimf_fields_free(f);
		fail("out of memory");
		return NULL;
	}
	return f;
oom:
	fail("out of memory");
failed:
	if (date)
		mailimf_date_time_free(date);
	if (from)
		mailimf_mailbox_list_free(from);
	if (to)
		mailimf_address_list_free(to);
	free_ids(irt);
	free_ids(refs);
	free(msgid);
	free(subject);
	free(name);
	return NULL;
}

/*
 * A part of type ct with fields mf over body (which must outlive it),
 * already encoded or not.  Takes ct and mf: freed if it fails.
 */
static struct mailmime *single_part(struct mailmime_content *ct, struct mailmime_fields *mf,
                                    const char *body, size_t len, int encoded)
{
	struct mailmime *part;

	if ((part = mailmime_new_empty(ct, mf)) == NULL) {
		mailmime_fields_free(mf);
		mailmime_content_free(ct);
		return NULL;
	}
	if (mailmime_set_body_text(part, (char *)body, len) != MAILIMF_NO_ERROR) {
		mailmime_free(part);
		return NULL;
	}
	part->mm_data.mm_single->dt_encoded = encoded;
	return part;
}

/*
 * The text/plain part over body (which must outlive it): as it is for
 * 7bit and 8bit, already encoded (by qp_encode) for quoted-printable.
 */
static struct mailmime *text_part(const char *body, size_t len,
    enum encoding enc)
{
	static const int mechanism[] = {
		[ENC_7BIT] = MAILMIME_MECHANISM_7BIT,
		[ENC_8BIT] = MAILMIME_MECHANISM_8BIT,
		[ENC_QP] = MAILMIME_MECHANISM_QUOTED_PRINTABLE,
	};
	struct mailmime_content *ct;
	struct mailmime_parameter *cs;
	struct mailmime_fields *mf;

	if ((ct = mailmime_content_new_with_str("text/plain")) == NULL)
		return NULL;
	cs = mailmime_param_new_with_data("charset", "utf-8");
	if (cs == NULL || clist_append(ct->ct_parameters, cs) < 0) {
		if (cs)
			mailmime_parameter_free(cs);
		mailmime_content_free(ct);
		return NULL;
	}
	mf = mailmime_fields_new_encoding(mechanism[enc]);
	if (mf == NULL) {
		mailmime_content_free(ct);
		return NULL;
	}
	return single_part(ct, mf, body, len, enc == ENC_QP);
}

/*
 * The image part of o: inline, base64, named o->image_file, whose body
 * is o->image_token as it stands (outmail_put_image replaces it).
 */
static struct mailmime *image_part(const struct outmail *o)
{
	struct mailmime_content *ct;
	struct mailmime_fields *mf;
	char *file;

	if ((ct = mailmime_content_new_with_str(o->image_type)) == NULL)
		return NULL;
	if ((file = strdup(o->image_file)) == NULL ||
	    (mf = mailmime_fields_new_filename(MAILMIME_DISPOSITION_TYPE_INLINE, file,
	                                       MAILMIME_MECHANISM_BASE64)) == NULL) {
		free(file);
		mailmime_content_free(ct);
		return NULL;
	}
	return single_part(ct, mf, o->image_token, strlen(o->image_token), 1);
}

/* Add text (and o's image, if it has one, after it in a multipart/mixed)
 * to message.  Returns 0, or -1: text and image are then the caller's. */
static int add_parts(struct mailmime *message, struct mailmime **text, const struct outmail *o)
{
	struct mailmime *mixed, *image;

	if (!o->image_token)
		return mailmime_smart_add_part(message, *text) == MAILIMF_NO_ERROR ? (*text = NULL, 0) : -1;
	for (const char *t = o->image_token; *t; t++)
		if (!isalnum((unsigned char)*t))
			return -1;
	if ((mixed = mailmime_multiple_new("multipart/mixed")) == NULL)
		return -1;
	if (mailmime_smart_add_part(message, mixed) != MAILIMF_NO_ERROR) {
		mailmime_free(mixed);
		return -1;
	}
	if (mailmime_smart_add_part(mixed, *text) != MAILIMF_NO_ERROR)
		return -1;
	*text = NULL;
	if ((image = image_part(o)) == NULL)
		return -1;
	if (mailmime_smart_add_part(mixed, image) != MAILIMF_NO_ERROR) {
		mailmime_free(image);
		return -1;
	}
	return 0;
}

int outmail_put_image(const char *msg, size_t len, const char *token, const void *data,
                      size_t dlen, char **out, size_t *outlen)
{
	size_t tlen = strlen(token);
	const char *at = msg, *end = msg + len;
	MMAPString *b64;
	int col = 0;

	assert(msg != NULL && token != NULL && *token && out != NULL && outlen != NULL);

	*out = NULL;
	/* the token alone on its line */
	while ((at = memmem(at, (size_t)(end - at), token, tlen)) != NULL) {
		if ((at == msg || at[-1] == '\n') && (size_t)(end - at) >= tlen + 2 &&
		    at[tlen] == '\r' && at[tlen + 1] == '\n')
			break;
		at += tlen;
	}
	if (!at)
		return fail("the message has no place for its picture");
	if ((b64 = mmap_string_new("")) == NULL ||
	    mailmime_base64_write_mem(b64, &col, data, dlen) != MAILIMF_NO_ERROR) {
		if (b64)
			mmap_string_free(b64);
		return fail("out of memory");
	}
	/* the token's own line end follows */
	while (b64->len && (b64->str[b64->len - 1] == '\n' || b64->str[b64->len - 1] == '\r'))
		b64->len--;
	size_t head = (size_t)(at - msg), tail = (size_t)(end - at) - tlen;
	*outlen = head + b64->len + tail;
	*out = xmalloc(*outlen + 1);
	memcpy(*out, msg, head);
	memcpy(*out + head, b64->str, b64->len);
	memcpy(*out + head + b64->len, at + tlen, tail);
	(*out)[*outlen] = '\0';
	mmap_string_free(b64);
	return 0;
}

int outmail_build(const struct outmail *o, char **msg, size_t *len)
{
	struct mailimf_fields *fields = NULL;
	struct mailmime *message = NULL, *part = NULL;
	MMAPString *out = NULL, *qp = NULL;
	enum encoding enc;
	char *body = NULL;
	size_t blen;
	int col = 0, res = -1;

	assert(o != NULL && msg != NULL && len != NULL);

	*msg = NULL;
	*len = 0;
	if (!token_ok(o->from) || strchr(o->from, '@') == NULL) {
		return fail("invalid sender address \"%.80s\"",
		    o->from ? o->from : "");
	}
	if (!token_ok(o->to) || strchr(o->to, '@') == NULL) {
		return fail("invalid recipient address \"%.80s\"",
		    o->to ? o->to : "");
	}
	if (o->loop_tag && (strchr(o->loop_tag, '\n') ||
	    strchr(o->loop_tag, '\r')))
		return fail("invalid loop tag");
	if ((fields = imf_header(o)) == NULL)
		return -1;
	body = body_text(o->body ? o->body : "", &blen, &enc);
	if (enc == ENC_QP) {
		if ((qp = mmap_string_new("")) == NULL ||
		    qp_encode(body, blen, qp) < 0)
			goto oom;
		free(body);
		body = strndup(qp->str, qp->len);
		blen = qp->len;
		if (body == NULL)
			goto oom;
	}
	if ((part = text_part(body, blen, enc)) == NULL ||
	    (message = mailmime_new_message_data(NULL)) == NULL)
		goto oom;
	mailmime_set_imf_fields(message, fields);
	fields = NULL;
	if (add_parts(message, &part, o))
		goto oom;
	if ((out = mmap_string_new("")) == NULL)
		goto oom;
	if (mailmime_write_mem(out, &col, message) != MAILIMF_NO_ERROR) {
		fail("cannot write the message");
		goto out;
	}
	if ((*msg = malloc(out->len + 1)) == NULL)
		goto oom;
	memcpy(*msg, out->str, out->len);
	(*msg)[out->len] = '\0';
	*len = out->len;
	res = 0;
	goto out;
oom:
	fail("out of memory");
out:
	if (out)
		mmap_string_free(out);
	if (qp)
		mmap_string_free(qp);
	if (message)
		mailmime_free(message);
	if (part)
		mailmime_free(part);
	if (fields)
		mailimf_fields_free(fields);
	free(body);
	return res;
}
