/*
 * maildir/inmail_text.c - finding and decoding the text part; see
 * inmail_text.h.
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <libetpan/libetpan.h>

#include "maildir/body_clean.h"
#include "maildir/charset.h"
#include "maildir/eol.h"
#include "maildir/flowed.h"
#include "maildir/html2text.h"
#include "maildir/inmail_text.h"
#include "maildir/mime_guard.h"
#include "base/error.h"
#include "base/strbuf.h"

/* We do not walk deeper than this, whatever the parse produced (the
 * guard has bounded it already: mime_guard.h). */
#define MAX_DEPTH 32

/*
 * A text part is binary when at least BINARY_MIN and more than
 * 1/BINARY_RATIO of its bytes are NULs, control characters or invalid
 * UTF-8: random bytes have about 11% control characters, typed text
 * none, and a few stray NULs or bad bytes are only removed or replaced.
 */
#define BINARY_MIN 16
#define BINARY_RATIO 16

static int set_error(struct mail_text *m, int error, const char *text)
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

/* Whether an attached message is automatic mail: the Judge's own replies
 * (forwarded back to it) and autoresponders' are not a player's orders. */
static int is_auto_submitted(struct mailmime *msg)
{
	struct mailimf_fields *f = msg->mm_data.mm_message.mm_fields;
	clistiter *it;

	if (f == NULL)
		return 0;
	for (it = clist_begin(f->fld_list); it; it = clist_next(it)) {
		struct mailimf_field *fld = clist_content(it);
		struct mailimf_optional_field *o;
		const char *v;

		if (fld->fld_type != MAILIMF_FIELD_OPTIONAL_FIELD)
			continue;
		o = fld->fld_data.fld_optional_field;
		if (strcasecmp(o->fld_name, "Auto-Submitted") != 0)
			continue;
		for (v = o->fld_value; *v == ' ' || *v == '\t'; v++)
			;
		return strncasecmp(v, "no", 2) != 0 ||
		    (v[2] != '\0' && v[2] != ' ' && v[2] != '\t' &&
		    v[2] != ';' && v[2] != '\r' && v[2] != '\n');
	}
	return 0;
}

/* More text/plain parts than a client makes of one mail around its
 * attachments; beyond, the rest are not read. */
#define MAX_PLAIN 16

/* Whether the part carries a file name: a file, not typed text. */
static int has_filename(struct mailmime *mm)
{
	struct mailmime_single_fields sf;

	if (mm->mm_mime_fields == NULL)
		return mailmime_content_param_get(mm->mm_content_type,
		    "name") != NULL;
	mailmime_single_fields_init(&sf, mm->mm_mime_fields,
	    mm->mm_content_type);
	return sf.fld_disposition_filename != NULL || sf.fld_content_name;
}

/*
 * The parts worth reading in one message: every text/plain part the
 * sender wrote, in order (Apple Mail splits the text around an inline
 * picture into several), and the first of the other kinds.
 */
struct found {
	struct mailmime *plain[MAX_PLAIN];
	int nplain;
	struct mailmime *html, *message;
};

static int is_alternative(struct mailmime *mm)
{
	return mm->mm_content_type && mm->mm_content_type->ct_subtype &&
	    strcasecmp(mm->mm_content_type->ct_subtype, "alternative") == 0;
}

/* plain_ok: text/plain parts found here are read (not so in the second
 * and later branches of an alternative that gave one already). */
static void find_text(struct mailmime *mm, int depth, int plain_ok,
    struct found *f)
{
	clistiter *it;
	int before;

	if (mm == NULL || depth > MAX_DEPTH)
		return;
	switch (mm->mm_type) {
	case MAILMIME_SINGLE:
		if (mm->mm_data.mm_single == NULL || is_attachment(mm))
			return;
		if (is_text(mm->mm_content_type, "plain")) {
			/* A named text part after the first is a text file
			 * shown inline, not more of what was typed. */
			if (plain_ok && f->nplain < MAX_PLAIN &&
			    (f->nplain == 0 || !has_filename(mm)))
				f->plain[f->nplain++] = mm;
		} else if (f->html == NULL && is_text(mm->mm_content_type, "html"))
			f->html = mm;
		break;
	case MAILMIME_MULTIPLE:
		if (mm->mm_data.mm_multipart.mm_mp_list == NULL)
			return;
		before = f->nplain;
		for (it = clist_begin(mm->mm_data.mm_multipart.mm_mp_list);
		    it != NULL; it = clist_next(it))
			find_text(clist_content(it), depth + 1, plain_ok &&
			    !(is_alternative(mm) && f->nplain > before), f);
		break;
	case MAILMIME_MESSAGE:
		/* Forwarded "as attachment" is how it is meant: no
		 * is_attachment() test.  Not entered here: it is only read
		 * when the sender's own text is empty. */
		if (f->message == NULL &&
		    mm->mm_data.mm_message.mm_msg_mime != NULL &&
		    !is_auto_submitted(mm))
			f->message = mm;
		break;
	default:
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

/* Append a line to m->note, for the reply. */
static void add_note(struct mail_text *m, const char *line)
{
	struct strbuf b = STRBUF_INIT;

	if (m->note) {
		strbuf_addstr(&b, m->note);
		strbuf_addch(&b, '\n');
		free(m->note);
	}
	strbuf_addstr(&b, line);
	m->note = strbuf_detach(&b, NULL);
}

/*
 * How many of the first n bytes look like binary data rather than text:
 * NULs, control characters other than layout ones, and U+FFFD (what
 * the charset step made of invalid bytes).
 */
static size_t count_odd(const char *s, size_t n)
{
	size_t i, odd = 0;

	for (i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];

		if ((c < 0x20 && c != '\t' && c != '\n' && c != '\r' &&
		    c != '\f') || c == 0x7f)
			odd++;
		else if (c == 0xef && i + 2 < n && s[i + 1] == '\xbf' &&
		    s[i + 2] == '\xbd')
			odd++;
	}
	return odd;
}

/* Remove NULs in place; returns the new length. */
static size_t strip_nul(char *s, size_t len)
{
	size_t i, j = 0;

	for (i = 0; i < len; i++)
		if (s[i] != '\0')
			s[j++] = s[i];
	s[j] = '\0';
	return j;
}

/*
 * Transfer-decode and convert the part's text into a malloc'd *text of
 * *textlen bytes of UTF-8; an unknown charset is read as ASCII with a
 * note.  Returns 0, 1 when m->error was set instead, -1 out of memory.
 */
static int part_text(struct mailmime *mm, struct mail_text *m, char **text,
    size_t *textlen)
{
	struct mailmime_data *d = mm->mm_data.mm_single;
	const char *cs = mailmime_content_charset_get(mm->mm_content_type);
	char *dec = NULL, *msg = NULL;
	size_t declen = 0, idx = 0;
	int r;

	r = mailmime_part_parse(d->dt_data.dt_text.dt_data,
	    d->dt_data.dt_text.dt_length, &idx, d->dt_encoding, &dec, &declen);
	if (r == MAILIMF_ERROR_MEMORY)
		return -1;
	if (r != MAILIMF_NO_ERROR)
		return set_error(m, INMAIL_EMALFORMED, "The message's text "
		    "part could not be decoded.") < 0 ? -1 : 1;

	r = charset_to_utf8(cs, dec, declen, text, textlen, NULL);
	if (r == CHARSET_EUNKNOWN) {
		if (charset_unknown_read(dec, declen, text, textlen) == 0)
			r = asprintf(&msg, "Your mail says it is written in "
			    "the character set \"%.40s\", which the Judge does "
			    "not know; it was read as plain ASCII.", cs);
		else
			r = asprintf(&msg, "Your mail says it is written in "
			    "the character set \"%.40s\", which the Judge does "
			    "not know; it was read as plain ASCII, with every "
			    "other character shown as \"?\". Please send UTF-8.",
			    cs);
		if (r < 0) {
			mailmime_decoded_part_free(dec);
			return -1;
		}
		add_note(m, msg);
		free(msg);
		r = 0;
	}
	mailmime_decoded_part_free(dec);
	if (r < 0)
		return set_error(m, INMAIL_ECHARSET, "The message's text could "
		    "not be converted from its character set. Please send "
		    "plain text in UTF-8.") < 0 ? -1 : 1;
	return 0;
}

/* The refusal of a text part of len bytes over the limit; 0 or -1. */
static int too_big(struct mail_text *m, size_t len, size_t max_text)
{
	char *msg;
	int res;

	if (asprintf(&msg, "The text of the message is too big (%zu bytes; "
	    "the limit is %zu).", len, max_text) < 0)
		return -1;
	res = set_error(m, INMAIL_ETOOBIG, msg);
	free(msg);
	return res;
}

/* Read one text part into m (body, note, or error); 0 or -1 (memory). */
static int decode_part(struct mailmime *mm, int html, size_t max_text,
    struct mail_text *m)
{
	struct mailmime_data *d = mm->mm_data.mm_single;
	struct mailmime_content *ct = mm->mm_content_type;
	struct strbuf b = STRBUF_INIT;
	char *text = NULL;
	size_t textlen = 0, live, odd;
	int r, res = -1;

	if (d->dt_type != MAILMIME_DATA_TEXT)
		return set_error(m, INMAIL_EMALFORMED,
		    "The message's text part could not be read.");
	if (d->dt_data.dt_text.dt_length > max_text)
		return too_big(m, d->dt_data.dt_text.dt_length, max_text);
	if ((r = part_text(mm, m, &text, &textlen)) != 0)
		return r < 0 ? -1 : 0;

	textlen = eol_to_lf(text, textlen);
	live = html ? textlen : body_commands_len(text, textlen);
	odd = count_odd(text, live);
	if (odd >= BINARY_MIN && odd * BINARY_RATIO > live) {
		res = set_error(m, INMAIL_EBINARY, "The message's text part "
		    "holds binary data, not text. Please send your commands "
		    "as plain text.");
		goto out;
	}
	textlen = strip_nul(text, textlen);

	if (html)
		html_to_text(text, textlen, &b);
	else if (param_is(ct, "format", "flowed"))
		flowed_decode(text, textlen, param_is(ct, "delsp", "yes"), &b);
	else
		strbuf_add(&b, text, textlen);
	/* After flowed decoding: only an ASCII space marks a soft break. */
	b.len = utf8_fold_spaces(b.buf, b.len);
	res = body_clean(b.buf, b.len, &m->body);
out:
	strbuf_release(&b);
	free(text);
	return res;
}

static int read_text(struct mailmime *root, int depth, int glued,
    size_t max_text, struct mail_text *m);

/*
 * The boundary of a multipart glued into a text/plain part, or 0: its
 * text opens with a delimiter line ("--" and a boundary, RFC 2046) that
 * comes back later as the close delimiter.  So a part reads when the
 * sender's client wrote the part's headers and then, with no blank line
 * and no Content-Type of its own, the multipart/alternative that holds
 * the text (Samsung Email's shape); a MIME header line must follow the
 * first delimiter, so a player's own lines of dashes are never taken for
 * one.  *blen is the boundary's length.
 */
static const char *glued_boundary(struct mailmime *mm, size_t *blen)
{
	struct mailmime_data *d = mm->mm_data.mm_single;
	const char *s = d->dt_data.dt_text.dt_data, *b, *p;
	size_t len = d->dt_data.dt_text.dt_length, n, i;

	if (d->dt_type != MAILMIME_DATA_TEXT || len < 4 ||
	    s[0] != '-' || s[1] != '-')
		return NULL;
	b = s + 2;
	for (n = 0; 2 + n < len && s[2 + n] != '\r' && s[2 + n] != '\n';
	    n++)
		if (s[2 + n] == ' ' && 2 + n + 1 < len &&
		    s[2 + n + 1] != '\r' && s[2 + n + 1] != '\n')
			return NULL;	/* RFC 2046: no space inside */
	/* A player's own line of dashes is not one: a MIME header must
	 * follow the delimiter line, as a part's headers do. */
	i = 2 + n;
	i += i < len && s[i] == '\r';
	if (i >= len || s[i] != '\n' || len - i - 1 < 8 ||
	    strncasecmp(s + i + 1, "Content-", 8) != 0)
		return NULL;
	while (n > 0 && b[n - 1] == ' ')
		n--;
	if (n == 0 || n > 70)
		return NULL;
	for (p = s + 2 + n; (size_t)(p - s) + n + 5 <= len; p++) {
		if (*p != '\n' || p[1] != '-' || p[2] != '-' ||
		    memcmp(p + 3, b, n) != 0)
			continue;
		i = (size_t)(p - s) + 3 + n;
		if (i + 2 <= len && s[i] == '-' && s[i + 1] == '-') {
			*blen = n;
			return b;
		}
	}
	return NULL;
}

/*
 * Read a glued part (glued_boundary()) as the multipart it holds:
 * libetpan is given the part's text under a Content-Type naming the
 * boundary, and its text is read as any message's.  Returns 0 or -1.
 */
static int read_glued(struct mailmime *mm, const char *b, size_t blen,
    int depth, size_t max_text, struct mail_text *m)
{
	struct mailmime_data *d = mm->mm_data.mm_single;
	struct mailmime *mime = NULL;
	struct strbuf raw = STRBUF_INIT;
	size_t idx = 0;
	int r;

	/* the text part's limit, as for any text part: read whole, it is
	 * copied and parsed again, once for each glued level */
	if (d->dt_data.dt_text.dt_length > max_text)
		return too_big(m, d->dt_data.dt_text.dt_length, max_text);
	strbuf_addf(&raw, "Content-Type: multipart/alternative; "
	    "boundary=\"%.*s\"\r\n\r\n", (int)blen, b);
	strbuf_add(&raw, d->dt_data.dt_text.dt_data,
	    d->dt_data.dt_text.dt_length);
	/* Its inner structure was never seen by the guard: it was text. */
	if (mime_guard_structure(raw.buf, raw.len) < 0) {
		strbuf_release(&raw);
		return set_error(m, INMAIL_EMALFORMED, fail_text());
	}
	r = mailmime_parse(raw.buf, raw.len, &idx, &mime);
	if (r == MAILIMF_NO_ERROR && mime != NULL) {
		r = read_text(mime->mm_type == MAILMIME_MESSAGE ?
		    mime->mm_data.mm_message.mm_msg_mime : mime, depth + 1, 1,
		    max_text, m) < 0 ? MAILIMF_ERROR_MEMORY : MAILIMF_NO_ERROR;
		mailmime_free(mime);
	} else if (r != MAILIMF_ERROR_MEMORY) {
		r = set_error(m, INMAIL_EMALFORMED, "The message's MIME "
		    "structure could not be read.") < 0 ?
		    MAILIMF_ERROR_MEMORY : MAILIMF_NO_ERROR;
	}
	strbuf_release(&raw);
	return r == MAILIMF_ERROR_MEMORY ? -1 : 0;
}

/* Move what was read from *from into *to, which holds nothing yet. */
static void adopt(struct mail_text *to, struct mail_text *from)
{
	*to = *from;
	memset(from, 0, sizeof *from);
}

/*
 * Read every text/plain part found into m, joined in order: the text is
 * what all of them leave after cleaning, the notes are all of theirs;
 * when none leaves text, the first one's result stands.  glued: this is
 * the inside of a glued part, where no client glues again, so none is
 * looked for and a text is copied and parsed at most once more.  Returns
 * 0 or -1 (memory).
 */
static int read_plains(struct found *f, int depth, int glued,
    size_t max_text, struct mail_text *m)
{
	struct strbuf body = STRBUF_INIT, notes = STRBUF_INIT;
	struct mail_text first, t;
	const char *b;
	size_t blen, left = max_text, len;
	int k, r;

	memset(&first, 0, sizeof first);
	for (k = 0; k < f->nplain; k++) {
		struct mailmime_data *d = f->plain[k]->mm_data.mm_single;

		/* The limit is on all the text read, not on each part. */
		len = d->dt_type == MAILMIME_DATA_TEXT ?
		    d->dt_data.dt_text.dt_length : 0;
		memset(&t, 0, sizeof t);
		if (!glued && (b = glued_boundary(f->plain[k], &blen)))
			r = read_glued(f->plain[k], b, blen, depth, left, &t);
		else
			r = decode_part(f->plain[k], 0, left, &t);
		left -= len <= left ? len : 0;
		if (r < 0) {
			mail_text_free(&t);
			mail_text_free(&first);
			strbuf_release(&body);
			strbuf_release(&notes);
			return -1;
		}
		if (t.note) {
			if (notes.len)
				strbuf_addch(&notes, '\n');
			strbuf_addstr(&notes, t.note);
		}
		/* A later part lost is said, as the first part's error is. */
		if (k > 0 && t.error) {
			if (notes.len)
				strbuf_addch(&notes, '\n');
			strbuf_addf(&notes, "Part %d of your mail's text was not "
			    "read: %s", k + 1, t.error_text);
		}
		/* A blank line where the picture stood between them. */
		if (t.error == 0 && *t.body) {
			if (body.len)
				strbuf_addch(&body, '\n');
			strbuf_addstr(&body, t.body);
		}
		if (k == 0)
			adopt(&first, &t);
		else
			mail_text_free(&t);
	}
	if (body.len == 0) {
		adopt(m, &first);
		strbuf_release(&body);
		strbuf_release(&notes);
		return 0;
	}
	mail_text_free(&first);
	m->body = strbuf_detach(&body, NULL);
	m->note = notes.len ? strbuf_detach(&notes, NULL) : NULL;
	strbuf_release(&notes);
	return 0;
}

/*
 * Read the text of the message whose MIME tree is root into m, trying
 * the candidates in the order inmail_text.h gives.  Each is read into a
 * struct mail_text of its own, so that the one kept can be moved over
 * whole.  glued: as read_plains() says.  Returns 0, or -1 out of memory.
 */
static int read_text(struct mailmime *root, int depth, int glued,
    size_t max_text, struct mail_text *m)
{
	struct found f;
	struct mail_text first, t;
	int have_first = 0, i, r;

	memset(&first, 0, sizeof first);
	memset(&f, 0, sizeof f);
	find_text(root, depth, 1, &f);
	if (f.nplain == 0 && f.html == NULL && f.message == NULL)
		return set_error(m, INMAIL_ENOTEXT, "The message has no text "
		    "part. Please send your commands as plain text.");
	for (i = 0; i < 3; i++) {
		memset(&t, 0, sizeof t);
		if (i == 0 && f.nplain)
			r = read_plains(&f, depth, glued, max_text, &t);
		else if (i == 1 && f.html)
			r = decode_part(f.html, 1, max_text, &t);
		else if (i == 2 && f.message)
			r = read_text(f.message->mm_data.mm_message.mm_msg_mime,
			    depth + 1, glued, max_text, &t);
		else
			continue;
		if (r < 0) {
			mail_text_free(&t);
			mail_text_free(&first);
			return -1;
		}
		if (t.error == 0 && *t.body) {
			if (i == 2)
				add_note(&t, "Your mail had no text of its own, "
				    "so the Judge read the message attached to "
				    "it.");
			adopt(m, &t);
			mail_text_free(&first);
			return 0;
		}
		if (have_first++)
			mail_text_free(&t);
		else
			first = t;
	}
	adopt(m, &first);
	return 0;
}

void mail_text_free(struct mail_text *t)
{
	free(t->body);
	free(t->error_text);
	free(t->note);
	memset(t, 0, sizeof *t);
}

int inmail_text(const char *raw, size_t len, size_t max_text,
    struct mail_text *m)
{
	struct mailmime *mime = NULL, *root;
	size_t idx = 0;
	int r;

	assert(raw != NULL && m != NULL);
	memset(m, 0, sizeof *m);
	/* libetpan's parser has no limits of its own (mime_guard.h) */
	if (mime_guard_structure(raw, len) < 0)
		return set_error(m, INMAIL_EMALFORMED, fail_text());
	r = mailmime_parse(raw, len, &idx, &mime);
	if (r == MAILIMF_ERROR_MEMORY)
		return -1;
	if (r != MAILIMF_NO_ERROR || mime == NULL)
		return set_error(m, INMAIL_EMALFORMED, "The message's MIME "
		    "structure could not be read.");

	root = mime;
	if (root->mm_type == MAILMIME_MESSAGE)
		root = root->mm_data.mm_message.mm_msg_mime;
	r = read_text(root, 0, 0, max_text, m);
	mailmime_free(mime);
	if (r < 0)
		mail_text_free(m);
	return r;
}
