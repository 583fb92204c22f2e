/*
 * maildir/inmail.c - reading one incoming message: the header, sender
 * and silence rules (see inmail.h); the text is inmail_text.c's.
 */
#include <assert.h>
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <libetpan/libetpan.h>

#include "maildir/charset.h"
#include "maildir/inmail.h"
#include "maildir/inmail_text.h"
#include "maildir/mime_guard.h"
#include "maildir/unseen.h"
#include "base/strbuf.h"

/* Headers longer than this are not real; do not scan further for them. */
#define HEADER_MAX ((size_t)256 * 1024)

/* What the header walk collects before it is turned into struct inmail. */
struct hdr {
	struct mailimf_mailbox *from;
	struct mailimf_mailbox *reply_to;
	int seen_return_path;
};

/*
 * The first reason found is kept, except that "bounce" overrides: a
 * bounce often carries Auto-Submitted too, and the logs should say what
 * it is.
 */
static void silence(struct inmail *m, const char *why)
{
	if (!m->silent || strcmp(why, "bounce") == 0) {
		m->silent = 1;
		m->silent_why = why;
	}
}

/* Copy of s without surrounding blanks and line breaks. */
static char *trimdup(const char *s)
{
	const char *e;

	while (*s == ' ' || *s == '\t' || *s == '\r' || *s == '\n')
		s++;
	e = s + strlen(s);
	while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r' ||
	    e[-1] == '\n'))
		e--;
	return strndup(s, (size_t)(e - s));
}

/* The first word of a header value, lower-cased, into buf. */
static void first_token(const char *v, char *buf, size_t size)
{
	size_t n = 0;

	while (*v == ' ' || *v == '\t' || *v == '\r' || *v == '\n')
		v++;
	while (*v && !strchr(" \t\r\n;(", *v) && n + 1 < size)
		buf[n++] = (char)tolower((unsigned char)*v++);
	buf[n] = '\0';
}

/*
 * Decode a header value (RFC 2047 encoded words; raw 8-bit text read as
 * UTF-8 when valid, else as windows-1252) into UTF-8 on one line.
 */
static char *decode_header(const char *value)
{
	const char *from = utf8_valid(value, strlen(value)) ?
	    "utf-8" : "windows-1252";
	struct strbuf b = STRBUF_INIT;
	char *dec = NULL, *s, *t;
	size_t idx = 0;

	if (mailmime_encoded_phrase_parse(from, value, strlen(value), &idx,
	    "utf-8", &dec) != MAILIMF_NO_ERROR)
		dec = NULL;
	s = dec ? dec : (char *)value;
	utf8_repair(&b, s, strlen(s));
	free(dec);
	/* Unfold: line breaks and tabs become spaces. */
	for (t = b.buf; *t; t++)
		if (*t == '\r' || *t == '\n' || *t == '\t')
			*t = ' ';
	s = trimdup(b.buf);
	strbuf_release(&b);
	return s;
}

/*
 * A copy of an addr-spec fit to put in a To: header, domain lower-cased;
 * "" when the address is unusable (no domain, blanks, brackets, a
 * character of unseen.h), NULL when out of memory.
 */
static char *clean_addr(const char *a)
{
	char *s, *at, *p;

	if ((s = trimdup(a ? a : "")) == NULL)
		return NULL;
	/* an address with a character its reader cannot see (a
	 * right-to-left override, a zero-width space) would show every
	 * other player one address and be another */
	if (*s == '\0' || strlen(s) > 254 || unseen_any(s, strlen(s)))
		goto bad;
	for (p = s; *p; p++)
		if ((unsigned char)*p <= ' ' || *p == 0x7f ||
		    strchr("<>,;\\", *p))
			goto bad;
	if ((at = strrchr(s, '@')) == NULL || at == s || at[1] == '\0')
		goto bad;
	for (p = at + 1; *p; p++)
		*p = (char)tolower((unsigned char)*p);
	return s;
bad:
	free(s);
	return strdup("");
}

/* MAILER-DAEMON@..., postmaster@...: mail from a mail system. */
static int is_daemon(const char *addr)
{
	size_t n = strcspn(addr, "@");

	return (n == 13 && strncasecmp(addr, "mailer-daemon", 13) == 0) ||
	    (n == 10 && strncasecmp(addr, "postmaster", 10) == 0);
}

static struct mailimf_mailbox *first_mailbox(struct mailimf_address_list *l)
{
	clistiter *it;

	if (l == NULL)
		return NULL;
	for (it = clist_begin(l->ad_list); it; it = clist_next(it)) {
		struct mailimf_address *a = clist_content(it);
		struct mailimf_mailbox_list *g;

		if (a->ad_type == MAILIMF_ADDRESS_MAILBOX)
			return a->ad_data.ad_mailbox;
		if (a->ad_type != MAILIMF_ADDRESS_GROUP ||
		    (g = a->ad_data.ad_group->grp_mb_list) == NULL ||
		    clist_begin(g->mb_list) == NULL)
			continue;
		return clist_content(clist_begin(g->mb_list));
	}
	return NULL;
}

/* Return-Path: "<>" is the null sender; "<addr>" may carry a route. */
static int return_path(struct inmail *m, const char *value)
{
	char *v = trimdup(value), *s, *e;

	if (v == NULL)
		return -1;
	s = v;
	if (*s == '<')
		s++;
	if ((e = strchr(s, '>')) != NULL)
		*e = '\0';
	if ((e = strrchr(s, ':')) != NULL)	/* @relay1,@relay2:user@host */
		s = e + 1;
	m->return_path = clean_addr(s);
	free(v);
	return m->return_path ? 0 : -1;
}

static int content_type_is_report(const char *value)
{
	struct mailmime_content *ct = NULL;
	size_t idx = 0;
	int report;

	if (mailmime_content_parse(value, strlen(value), &idx, &ct) !=
	    MAILIMF_NO_ERROR)
		return 0;
	report = ct->ct_type->tp_type == MAILMIME_TYPE_COMPOSITE_TYPE &&
	    ct->ct_type->tp_data.tp_composite_type->ct_type ==
	    MAILMIME_COMPOSITE_TYPE_MULTIPART &&
	    strcasecmp(ct->ct_subtype, "report") == 0;
	mailmime_content_free(ct);
	return report;
}

static int optional(struct inmail *m, struct hdr *h, const char *name,
    const char *value, const char *loop_tag)
{
	char tok[32];
	char *v;

	if (strcasecmp(name, "Return-Path") == 0) {
		if (h->seen_return_path++)	/* the first is the latest */
			return 0;
		return return_path(m, value);
	}
	if (strcasecmp(name, "Authentication-Results") == 0) {
		/* kept whole, one per line, topmost first: which of them to
		 * trust is the config's (its authserv-id), not the mail
		 * layer's.  Unfolded, so that a header the MTA folded stays
		 * one line with its id in front. */
		size_t old = m->auth_results ? strlen(m->auth_results) : 0;
		char *n = realloc(m->auth_results, old + strlen(value) + 2);
		if (n == NULL)
			return -1;
		m->auth_results = n;
		snprintf(n + old, strlen(value) + 2, "%s%s", old ? "\n" : "", value);
		for (n += old + (old != 0); *n; n++)
			if (*n == '\r' || *n == '\n' || *n == '\t')
				*n = ' ';
		return 0;
	}
	if (strcasecmp(name, "Auto-Submitted") == 0) {
		first_token(value, tok, sizeof tok);
		if (strcmp(tok, "no") != 0)
			silence(m, "auto-submitted");
	} else if (strcasecmp(name, "Precedence") == 0) {
		first_token(value, tok, sizeof tok);
		if (strcmp(tok, "bulk") == 0)
			silence(m, "precedence bulk");
		else if (strcmp(tok, "junk") == 0)
			silence(m, "precedence junk");
		else if (strcmp(tok, "list") == 0)
			silence(m, "precedence list");
		else if (strcmp(tok, "auto_reply") == 0)
			silence(m, "precedence auto_reply");
	} else if (strcasecmp(name, "X-Loop") == 0) {
		if (loop_tag && *loop_tag) {
			if ((v = trimdup(value)) == NULL)
				return -1;
			if (strcasecmp(v, loop_tag) == 0)
				silence(m, "x-loop");
			free(v);
		}
	} else if (strcasecmp(name, "List-Id") == 0) {
		silence(m, "list-id");
	} else if (strcasecmp(name, "X-Autoreply") == 0 ||
	    strcasecmp(name, "X-Autorespond") == 0) {
		silence(m, "auto-reply");
	} else if (strcasecmp(name, "X-Failed-Recipients") == 0) {
		silence(m, "bounce");
	} else if (strcasecmp(name, "Content-Type") == 0) {
		if (content_type_is_report(value))
			silence(m, "report");
	} else if (strcasecmp(name, "Message-ID") == 0) {
		/* libetpan refused it as a msg-id; keep what is there. */
		if (m->message_id == NULL) {
			if ((v = trimdup(value)) == NULL)
				return -1;
			v[strcspn(v, ">")] = '\0';
			m->message_id = strdup(v + (v[0] == '<'));
			free(v);
			if (m->message_id == NULL)
				return -1;
		}
	} else if (strcasecmp(name, "Subject") == 0) {
		if (m->subject == NULL &&
		    (m->subject = decode_header(value)) == NULL)
			return -1;
	}
	return 0;
}

static char *join_ids(clist *ids)
{
	struct strbuf b = STRBUF_INIT;
	clistiter *it;

	for (it = clist_begin(ids); it; it = clist_next(it)) {
		if (b.len)
			strbuf_addch(&b, ' ');
		strbuf_addstr(&b, clist_content(it));
	}
	return strbuf_detach(&b, NULL);
}

static int read_field(struct inmail *m, struct hdr *h,
    struct mailimf_field *f, const char *loop_tag)
{
	clistiter *it;
	const char *id;

	switch (f->fld_type) {
	case MAILIMF_FIELD_FROM:
		it = clist_begin(f->fld_data.fld_from->frm_mb_list->mb_list);
		if (h->from == NULL && it)
			h->from = clist_content(it);
		break;
	case MAILIMF_FIELD_REPLY_TO:
		if (h->reply_to == NULL)
			h->reply_to = first_mailbox(
			    f->fld_data.fld_reply_to->rt_addr_list);
		break;
	case MAILIMF_FIELD_MESSAGE_ID:
		if (m->message_id == NULL && (m->message_id =
		    strdup(f->fld_data.fld_message_id->mid_value)) == NULL)
			return -1;
		break;
	case MAILIMF_FIELD_IN_REPLY_TO:
		it = clist_begin(f->fld_data.fld_in_reply_to->mid_list);
		id = clist_content(it);
		if (m->in_reply_to == NULL && id &&
		    (m->in_reply_to = strdup(id)) == NULL)
			return -1;
		break;
	case MAILIMF_FIELD_REFERENCES:
		if (m->references == NULL)
			m->references =
			    join_ids(f->fld_data.fld_references->mid_list);
		break;
	case MAILIMF_FIELD_SUBJECT:
		if (m->subject == NULL && (m->subject =
		    decode_header(f->fld_data.fld_subject->sbj_value)) == NULL)
			return -1;
		break;
	case MAILIMF_FIELD_OPTIONAL_FIELD:
		return optional(m, h, f->fld_data.fld_optional_field->fld_name,
		    f->fld_data.fld_optional_field->fld_value, loop_tag);
	default:
		break;
	}
	return 0;
}

/*
 * Choose the sender and apply the sender-based rules.  The sender is the
 * From address, else Return-Path: a role in a game is bound to who sent
 * the mail, and Reply-To is anybody's to write (a mail "Reply-To: victim"
 * must not make the victim a master or a player), so it is not used.
 */
static int sender(struct inmail *m, struct hdr *h)
{
	struct mailimf_mailbox *cand[2] = { h->from, NULL };
	const char *display = NULL;
	char *a = NULL;
	int i;

	if (m->return_path && *m->return_path == '\0')
		silence(m, "bounce");
	if (m->return_path && is_daemon(m->return_path))
		silence(m, "bounce");
	if (h->from && is_daemon(h->from->mb_addr_spec))
		silence(m, "bounce");

	for (i = 0; i < 2 && (a == NULL || *a == '\0'); i++) {
		if (cand[i] == NULL)
			continue;
		free(a);
		if ((a = clean_addr(cand[i]->mb_addr_spec)) == NULL)
			return -1;
	}
	if ((a == NULL || *a == '\0') && m->return_path &&
	    *m->return_path) {
		free(a);
		if ((a = strdup(m->return_path)) == NULL)
			return -1;
	}
	if (a == NULL || *a == '\0') {
		free(a);
		silence(m, "no sender");
	} else {
		m->from = a;
	}

	if (h->from && h->from->mb_display_name)
		display = h->from->mb_display_name;
	if (display && (m->from_display = decode_header(display)) == NULL)
		return -1;
	return 0;
}

static int headers(const char *raw, size_t len, const char *loop_tag,
    struct inmail *m)
{
	struct mailimf_fields *fields = NULL;
	struct hdr h = { NULL, NULL, 0 };
	clistiter *it;
	size_t idx = 0;
	int r;

	r = mailimf_envelope_and_optional_fields_parse(raw,
	    len < HEADER_MAX ? len : HEADER_MAX, &idx, &fields);
	if (r == MAILIMF_ERROR_MEMORY)
		return -1;
	if (r == MAILIMF_NO_ERROR && fields) {
		for (it = clist_begin(fields->fld_list); it;
		    it = clist_next(it))
			if (read_field(m, &h, clist_content(it), loop_tag) < 0)
				goto fail;
	}
	r = sender(m, &h);
	if (fields)
		mailimf_fields_free(fields);
	return r;
fail:
	mailimf_fields_free(fields);
	return -1;
}

#define INMAIL_PAD 16

int inmail_parse(const char *raw, size_t len, const char *loop_tag,
    size_t max_size, struct inmail *m)
{
	return inmail_parse_limits(raw, len, loop_tag, max_size, 0, m);
}

int inmail_parse_limits(const char *raw, size_t len, const char *loop_tag,
    size_t max_size, size_t max_text, struct inmail *m)
{
	size_t safe, whole = len;
	struct mail_text text;

	assert(raw != NULL && m != NULL);
	memset(m, 0, sizeof *m);
	if (max_size == 0)
		max_size = INMAIL_MAX_SIZE_DEFAULT;
	if (max_text == 0)
		max_text = INMAIL_MAX_TEXT_DEFAULT;
	/*
	 * An MTA piping mail to a program (Postfix local(8), Exim's pipe
	 * transport, procmail) may put the mbox "From sender date" line
	 * before the header; it is not a header field, so skip it.
	 */
	if (len >= 5 && memcmp(raw, "From ", 5) == 0) {
		const char *p = raw, *end = raw + len, *from_line;
		size_t n;

		mem_next_line(&p, end, &from_line, &n);
		len = (size_t)(end - p);
		raw = p;
	}
	/*
	 * libetpan's parsers look a few bytes ahead (a quoted-printable "="
	 * at the very end of a part reads two more), past the length they are
	 * given: the fuzzer found it.  So the message is parsed from a copy
	 * with NUL bytes after its end, where such reads stay in bounds and
	 * find nothing that decodes.
	 */
	char *padded = xmalloc(len + INMAIL_PAD);
	memcpy(padded, raw, len);
	memset(padded + len, 0, INMAIL_PAD);
	raw = padded;
	/*
	 * mailimf's comment parser recurses per "(": only the part of the
	 * message before a line nested too deep is given to it, and the
	 * message is refused (answered if the sender came before it).
	 */
	safe = mime_guard_comments(raw, len);
	if (headers(raw, safe, loop_tag, m) < 0)
		goto fail;
	if (safe < len) {
		m->error = INMAIL_EMALFORMED;
		if (asprintf(&m->error_text, "The message cannot be read: "
		    "parentheses nest more than %d deep in one line.",
		    MIME_MAX_COMMENT_DEPTH) < 0) {
			m->error_text = NULL;
			goto fail;
		}
		free(padded);
		return 0;
	}
	if (whole > max_size) {
		/* the whole mail as delivered, a From line included: a reader
		 * stops one byte past the limit (receive, maildir), and what
		 * it cut must not be read as if it were all; then the size
		 * is not known */
		char size[64] = "more than the limit of";
		m->error = INMAIL_ETOOBIG;
		if (whole > max_size + 1)
			snprintf(size, sizeof size, "%zu bytes; the limit is", whole);
		if (asprintf(&m->error_text, "The message is too big (%s %zu "
		    "bytes). Please send your commands as plain text, without "
		    "attachments.", size, max_size) < 0) {
			m->error_text = NULL;
			goto fail;
		}
		free(padded);
		return 0;
	}
	if (inmail_text(raw, len, max_text, &text) < 0)
		goto fail;
	m->body = text.body;
	m->error = text.error;
	m->error_text = text.error_text;
	m->note = text.note;
	free(padded);
	return 0;
fail:
	free(padded);
	inmail_free(m);
	return -1;
}

void inmail_free(struct inmail *m)
{
	free(m->from);
	free(m->from_display);
	free(m->subject);
	free(m->message_id);
	free(m->in_reply_to);
	free(m->references);
	free(m->return_path);
	free(m->body);
	free(m->error_text);
	free(m->note);
	free(m->auth_results);
	memset(m, 0, sizeof *m);
}

const char *inmail_errname(int error)
{
	switch (error) {
	case INMAIL_OK:
		return "ok";
	case INMAIL_EMALFORMED:
		return "malformed";
	case INMAIL_ECHARSET:
		return "unknown charset";
	case INMAIL_ETOOBIG:
		return "too big";
	case INMAIL_ENOTEXT:
		return "no text part";
	case INMAIL_EBINARY:
		return "binary";
	}
	return "unknown error";
}
