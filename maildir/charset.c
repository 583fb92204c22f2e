/*
 * maildir/charset.c - charset policy, UTF-8 repair and the folding of
 * Unicode spaces; see charset.h.  UTF-8 is walked here by hand only to
 * validate it and to find code points; converting between charsets is
 * always libetpan's charconv.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <libetpan/charconv.h>

#include "maildir/charset.h"
#include "base/error.h"
#include "base/strbuf.h"

/*
 * Length of the well-formed UTF-8 sequence starting at s (at most n bytes
 * available); when there is none, minus the length of its longest valid
 * prefix ("maximal subpart", which is replaced by a single U+FFFD as the
 * Unicode standard recommends), at least 1.
 */
static long seqlen(const unsigned char *s, size_t n)
{
	unsigned char c = s[0], lo = 0x80, hi = 0xbf;
	size_t len, i;

	if (c < 0x80)
		return 1;
	if (c >= 0xc2 && c <= 0xdf)
		len = 2;
	else if (c >= 0xe0 && c <= 0xef)
		len = 3;
	else if (c >= 0xf0 && c <= 0xf4)
		len = 4;
	else
		return -1;
	/* The second byte carries the overlong, surrogate and range limits
	 * (RFC 3629 section 4). */
	if (c == 0xe0)
		lo = 0xa0;
	else if (c == 0xed)
		hi = 0x9f;
	else if (c == 0xf0)
		lo = 0x90;
	else if (c == 0xf4)
		hi = 0x8f;
	for (i = 1; i < len; i++) {
		if (i >= n)
			return -(long)i;
		if (i == 1 ? (s[1] < lo || s[1] > hi) : (s[i] & 0xc0) != 0x80)
			return -(long)i;
	}
	return (long)len;
}

int utf8_valid(const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t i = 0;
	long k;

	while (i < n) {
		if ((k = seqlen(p + i, n - i)) < 0)
			return 0;
		i += (size_t)k;
	}
	return 1;
}

size_t utf8_repair(struct strbuf *b, const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t i = 0, start = 0, bad = 0;
	long k;

	while (i < n) {
		if ((k = seqlen(p + i, n - i)) > 0) {
			i += (size_t)k;
			continue;
		}
		strbuf_add(b, s + start, i - start);
		strbuf_add(b, "\xef\xbf\xbd", 3);
		bad++;
		i += (size_t)-k;
		start = i;
	}
	strbuf_add(b, s + start, n - start);
	return bad;
}

void utf8_put(struct strbuf *b, unsigned long cp)
{
	char u[4];

	if (cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
		cp = 0xfffd;
	if (cp < 0x80) {
		strbuf_addch(b, (int)cp);
	} else if (cp < 0x800) {
		u[0] = (char)(0xc0 | (cp >> 6));
		u[1] = (char)(0x80 | (cp & 0x3f));
		strbuf_add(b, u, 2);
	} else if (cp < 0x10000) {
		u[0] = (char)(0xe0 | (cp >> 12));
		u[1] = (char)(0x80 | ((cp >> 6) & 0x3f));
		u[2] = (char)(0x80 | (cp & 0x3f));
		strbuf_add(b, u, 3);
	} else {
		u[0] = (char)(0xf0 | (cp >> 18));
		u[1] = (char)(0x80 | ((cp >> 12) & 0x3f));
		u[2] = (char)(0x80 | ((cp >> 6) & 0x3f));
		u[3] = (char)(0x80 | (cp & 0x3f));
		strbuf_add(b, u, 4);
	}
}

size_t charset_unknown_read(const char *in, size_t len, char **out,
    size_t *outlen)
{
	struct strbuf b = STRBUF_INIT;
	size_t i, bad = 0;

	for (i = 0; i < len; i++) {
		if ((unsigned char)in[i] < 0x80) {
			strbuf_addch(&b, in[i]);
		} else {
			strbuf_addch(&b, '?');
			bad++;
		}
	}
	*out = strbuf_detach(&b, outlen);
	return bad;
}

int unicode_space(unsigned long cp)
{
	if (cp == 0xa0 || cp == 0x1680 || (cp >= 0x2000 && cp <= 0x200a) ||
	    cp == 0x202f || cp == 0x205f || cp == 0x3000)
		return UCS_SPACE;
	if (cp == 0x200b || cp == 0x2060 || cp == 0xfeff)
		return UCS_INVISIBLE;
	return UCS_TEXT;
}

/* The code point of the well-formed k-byte sequence at s. */
static unsigned long code_point(const unsigned char *s, long k)
{
	static const unsigned char lead_mask[] = { 0, 0x7f, 0x1f, 0x0f, 0x07 };
	unsigned long cp = s[0] & lead_mask[k];
	long i;

	for (i = 1; i < k; i++)
		cp = (cp << 6) | (s[i] & 0x3f);
	return cp;
}

size_t utf8_fold_spaces(char *s, size_t n)
{
	unsigned char *p = (unsigned char *)s;
	size_t i = 0, j = 0;
	long k;

	while (i < n) {
		k = seqlen(p + i, n - i);
		if (k < 0) {		/* not ours to repair here */
			p[j++] = p[i++];
			continue;
		}
		switch (k > 1 ? unicode_space(code_point(p + i, k)) : UCS_TEXT) {
		case UCS_SPACE:
			p[j++] = ' ';
			break;
		case UCS_INVISIBLE:
			break;
		default:
			memmove(p + j, p + i, (size_t)k);
			j += (size_t)k;
			break;
		}
		i += (size_t)k;
	}
	if (j < n)
		s[j] = '\0';
	return j;
}

enum cs_class { CS_ASCII, CS_UTF8, CS_OTHER };

/* Lower-case, unquoted, trimmed copy of a charset name into buf. */
static void normalise(const char *name, char *buf, size_t size)
{
	size_t n = 0;

	if (name == NULL)
		name = "";
	while (*name == ' ' || *name == '\t' || *name == '"')
		name++;
	while (*name && *name != '"' && *name != ' ' && *name != '\t' &&
	    n + 1 < size)
		buf[n++] = (char)tolower((unsigned char)*name++);
	buf[n] = '\0';
}

static enum cs_class classify(const char *cs, const char **iconv_name)
{
	static const char *const ascii[] = { "", "us-ascii", "ascii", "us",
		"ansi_x3.4-1968", "iso646-us", "default", NULL };
	static const char *const latin1[] = { "iso-8859-1", "iso8859-1",
		"iso_8859-1", "latin1", "latin-1", "l1", "cp819",
		"iso-ir-100", NULL };
	int i;

	*iconv_name = cs;
	for (i = 0; ascii[i]; i++)
		if (strcmp(cs, ascii[i]) == 0)
			return CS_ASCII;
	if (strcmp(cs, "utf-8") == 0 || strcmp(cs, "utf8") == 0)
		return CS_UTF8;
	for (i = 0; latin1[i]; i++)
		if (strcmp(cs, latin1[i]) == 0)
			*iconv_name = "windows-1252";
	return CS_OTHER;
}

static int convert(const char *from, const char *in, size_t len,
    struct strbuf *b, size_t *nbad)
{
	char *res = NULL;
	size_t reslen = 0;
	int r;

	r = charconv_buffer("utf-8", from, in, len, &res, &reslen);
	if (r == MAIL_CHARCONV_ERROR_UNKNOWN_CHARSET) {
		fail("unknown charset \"%s\"", from);
		return CHARSET_EUNKNOWN;
	}
	if (r != MAIL_CHARCONV_NO_ERROR) {
		return fail("cannot convert text from charset \"%s\"", from);
	}
	/* iconv's output is UTF-8 already; repairing is belt and braces. */
	*nbad += utf8_repair(b, res, reslen);
	charconv_buffer_free(res);
	return 0;
}

int charset_to_utf8(const char *charset, const char *in, size_t len,
    char **out, size_t *outlen, size_t *nbad)
{
	struct strbuf b = STRBUF_INIT;
	const char *iconv_name;
	size_t bad = 0;
	int r;
	char cs[64];

	normalise(charset, cs, sizeof cs);
	/* A BOM knows the bytes better than a label a tool filled in. */
	if (len >= 3 && memcmp(in, "\xef\xbb\xbf", 3) == 0) {
		in += 3;
		len -= 3;
		strcpy(cs, "utf-8");
	}
	switch (classify(cs, &iconv_name)) {
	case CS_ASCII:
		if (utf8_valid(in, len)) {
			strbuf_add(&b, in, len);
			break;
		}
		if ((r = convert("windows-1252", in, len, &b, &bad)) != 0)
			goto failed;
		break;
	case CS_UTF8:
		bad = utf8_repair(&b, in, len);
		break;
	case CS_OTHER:
		if ((r = convert(iconv_name, in, len, &b, &bad)) != 0)
			goto failed;
		break;
	}
	*out = strbuf_detach(&b, outlen);
	if (nbad)
		*nbad = bad;
	return 0;
failed:
	strbuf_release(&b);
	return r;
}
