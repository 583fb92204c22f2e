/*
 * authres.c - RFC 8601's Authentication-Results grammar: a tokenizer
 * under a recursive-descent parser.
 *
 * The tokenizer owns what RFC 5322 makes hard to see: CFWS (blanks and
 * comments, which nest and hold quoted-pairs) is skipped before every
 * token, quoted strings are whole tokens, so that neither can ever reach
 * the parser as a word.  The tokens are one PCRE2 pattern; comments are
 * counted by hand (see skip_cfws).  The parser owns the structure of
 * RFC 8601 section 2.2:
 *
 *   authserv-id [version] ( ";" "none" / 1*( ";" resinfo ) )
 *   resinfo = method [ "/" version ] "=" result
 *             [ reason "=" value ] *( ptype "." property "=" pvalue )
 *
 * with CFWS allowed between any two of these (appendix B.7 puts comments
 * everywhere).  A value is the run of tokens with no CFWS between them,
 * which covers a dotted domain, a token, a quoted string and an address
 * whose local part is quoted ("x"@y), the shapes RFC 8601 allows, and
 * also the unquoted base64 some MTAs write for header.b.  libetpan reads
 * no Authentication-Results, hence this file.
 */
#define PCRE2_CODE_UNIT_WIDTH 8
#include <ctype.h>
#include <pcre2.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "maildir/authres.h"
#include "base/error.h"
#include "base/strbuf.h"

enum kind { T_END, T_WORD, T_QUOTED, T_PUNCT };

struct lexer {
	const char *s;
	size_t len, at;		/* the text, and where the next token starts */
	enum kind kind;		/* the current token */
	const char *text;
	size_t n;
	int spaced;		/* CFWS stood before it */
	pcre2_match_data *md;
};

/* Groups: 1 a quoted string, 2 a word, 3 a structural character, 4 the
 * end.  An unclosed quote or a backslash at its end matches nothing. */
static const char token_pattern[] =
	"(\"(?:[^\"\\\\]++|\\\\[\\s\\S])*+\")"
	"|([^ \\t\\r\\n()\";=/.]++)"
	"|([;=/.])"
	"|(\\z)";

static pcre2_code *token_re(void)
{
	static pcre2_code *re;
	int err;
	PCRE2_SIZE off;

	if (re == NULL &&
	    (re = pcre2_compile((PCRE2_SPTR)token_pattern, PCRE2_ZERO_TERMINATED, 0, &err, &off,
	                        NULL)) == NULL)
		die("the Authentication-Results token pattern does not compile (at %zu)", (size_t)off);
	return re;
}

/* Step over CFWS from lx->at: blanks, and comments, which nest and may
 * hold quoted-pairs.  By hand, with a depth count, rather than by a
 * recursive pattern: PCRE2 took seconds on a megabyte of "(", this is
 * one pass whatever the nesting.  Returns 0, or -1 after fail() for a
 * comment never closed. */
static int skip_cfws(struct lexer *lx)
{
	size_t depth = 0, open = 0;

	for (; lx->at < lx->len; lx->at++) {
		char c = lx->s[lx->at];

		if (c == '(') {
			if (depth++ == 0)
				open = lx->at;
		} else if (depth > 0) {
			if (c == ')')
				depth--;
			else if (c == '\\' && lx->at + 1 < lx->len)
				lx->at++;	/* a quoted-pair: "\)" closes nothing */
		} else if (c != ' ' && c != '\t' && c != '\r' && c != '\n') {
			break;
		}
	}
	if (depth > 0)
		return fail("a comment opened at byte %zu is not closed", open);
	return 0;
}

/* Read the token after lx->at into lx.  Returns 0, or -1 after fail(). */
static int lex(struct lexer *lx)
{
	static const enum kind kinds[] = { 0, T_QUOTED, T_WORD, T_PUNCT, T_END };
	size_t from = lx->at;
	PCRE2_SIZE *ov;
	int g;

	if (skip_cfws(lx) < 0)
		return -1;
	if (pcre2_match(token_re(), (PCRE2_SPTR)lx->s, lx->len, lx->at, PCRE2_ANCHORED, lx->md, NULL) < 0)
		return fail("an unclosed quoted string, or a stray \")\", at byte %zu", lx->at);
	ov = pcre2_get_ovector_pointer(lx->md);
	for (g = 1; g < 4 && ov[2 * g] == PCRE2_UNSET; g++)
		;
	lx->kind = kinds[g];
	lx->text = lx->s + ov[2 * g];
	lx->n = ov[2 * g + 1] - ov[2 * g];
	lx->spaced = lx->at > from || from == 0;
	lx->at = ov[1];
	return 0;
}

static int punct(const struct lexer *lx, char c)
{
	return lx->kind == T_PUNCT && lx->text[0] == c;
}

static int digits(const struct lexer *lx)
{
	return lx->kind == T_WORD && strspn(lx->text, "0123456789") >= lx->n;
}

static int expect(struct lexer *lx, char c, const char *where)
{
	if (!punct(lx, c))
		return fail("\"%c\" expected %s, at byte %zu", c, where, (size_t)(lx->text - lx->s));
	return lex(lx);
}

/* A Keyword (RFC 8601: letters, digits and hyphens), lower-cased into
 * *out, which the caller frees. */
static int keyword(struct lexer *lx, char **out, const char *what)
{
	size_t i, ldh = 0;

	if (lx->kind == T_WORD)
		while (ldh < lx->n && (isalnum((unsigned char)lx->text[ldh]) || lx->text[ldh] == '-'))
			ldh++;
	if (lx->kind != T_WORD || ldh != lx->n)
		return fail("%s expected at byte %zu", what, (size_t)(lx->text - lx->s));
	*out = xmalloc(lx->n + 1);
	for (i = 0; i < lx->n; i++)
		(*out)[i] = (char)tolower((unsigned char)lx->text[i]);
	(*out)[lx->n] = '\0';
	if (lex(lx) < 0) {
		free(*out);
		*out = NULL;
		return -1;
	}
	return 0;
}

/* A value: tokens with no CFWS between them, quoted strings unquoted. */
static int value(struct lexer *lx, char **out, const char *what)
{
	struct strbuf sb = STRBUF_INIT;

	if (lx->kind == T_END || punct(lx, ';'))
		return fail("%s expected at byte %zu", what, (size_t)(lx->text - lx->s));
	do {
		if (lx->kind == T_QUOTED) {
			/* between the quotes; a quoted-pair stands for its second character */
			for (size_t i = 1; i + 1 < lx->n; i++) {
				if (lx->text[i] == '\\')
					i++;
				strbuf_addch(&sb, lx->text[i]);
			}
		} else {
			strbuf_add(&sb, lx->text, lx->n);
		}
		if (lex(lx) < 0) {
			strbuf_release(&sb);
			return -1;
		}
	} while (!lx->spaced && lx->kind != T_END && !punct(lx, ';'));
	*out = strbuf_detach(&sb, NULL);
	return 0;
}

/* A propspec, its ptype already read.  "word=value" without the ptype
 * is not RFC 8601's but Microsoft's ("dmarc=none action=none"): it is
 * kept as a property named word, which can never be taken for a result
 * (results come only after a ";"), so reading it costs no safety and
 * refusing it would refuse every mail such a server vouched for. */
static int property(struct lexer *lx, struct authres_result *r, const char *ptype)
{
	struct authres_prop *p;
	char *prop = NULL;

	if (!punct(lx, '=') && (expect(lx, '.', "between a ptype and its property") < 0 ||
	                        keyword(lx, &prop, "a property") < 0))
		return -1;
	r->props = xrealloc(r->props, (r->nprops + 1) * sizeof *r->props);
	p = &r->props[r->nprops++];
	p->name = xmalloc(strlen(ptype) + (prop ? strlen(prop) + 1 : 0) + 1);
	strcpy(p->name, ptype);
	if (prop)
		strcat(strcat(p->name, "."), prop);
	p->value = NULL;
	free(prop);
	if (expect(lx, '=', "after a property") < 0)
		return -1;
	return value(lx, &p->value, "a property's value");
}

static int resinfo(struct lexer *lx, struct authres *a)
{
	struct authres_result *r;
	char *word;

	a->results = xrealloc(a->results, (a->n + 1) * sizeof *a->results);
	r = &a->results[a->n++];
	memset(r, 0, sizeof *r);
	if (keyword(lx, &r->method, "a method") < 0)
		return -1;
	if (punct(lx, '/')) {
		if (lex(lx) < 0)
			return -1;
		if (!digits(lx))
			return fail("a method's version expected at byte %zu", (size_t)(lx->text - lx->s));
		if (lex(lx) < 0)
			return -1;
	}
	if (expect(lx, '=', "after a method") < 0 || keyword(lx, &r->result, "a result") < 0)
		return -1;
	while (lx->kind != T_END && !punct(lx, ';')) {
		int rc;

		if (keyword(lx, &word, "a reason or a property") < 0)
			return -1;
		if (strcmp(word, "reason") == 0 && punct(lx, '=') && r->reason == NULL)
			rc = lex(lx) < 0 ? -1 : value(lx, &r->reason, "a reason");
		else
			rc = property(lx, r, word);
		free(word);
		if (rc < 0)
			return -1;
	}
	return 0;
}

int authres_parse(const char *text, struct authres *a)
{
	struct lexer lx = { .s = text, .len = strlen(text) };
	int rc = -1;

	memset(a, 0, sizeof *a);
	if ((lx.md = pcre2_match_data_create_from_pattern(token_re(), NULL)) == NULL)
		die("out of memory");
	if (lex(&lx) < 0 || value(&lx, &a->authserv_id, "the authserv-id") < 0)
		goto out;
	if (lx.spaced && digits(&lx) && lex(&lx) < 0)
		goto out;
	if (expect(&lx, ';', "after the authserv-id") < 0)
		goto out;
	if (lx.kind == T_WORD && lx.n == 4 && strncasecmp(lx.text, "none", 4) == 0) {
		if (lex(&lx) < 0)
			goto out;
		if (lx.kind != T_END) {
			fail("nothing may follow \"none\" (byte %zu)", (size_t)(lx.text - lx.s));
			goto out;
		}
		rc = 0;
		goto out;
	}
	for (;;) {
		if (resinfo(&lx, a) < 0)
			goto out;
		if (lx.kind == T_END)
			break;
		/* a ";" at the very end is not RFC 8601's, but says nothing */
		if (lex(&lx) < 0)
			goto out;
		if (lx.kind == T_END)
			break;
	}
	rc = 0;
out:
	pcre2_match_data_free(lx.md);
	return rc;
}

void authres_free(struct authres *a)
{
	for (size_t i = 0; i < a->n; i++) {
		struct authres_result *r = &a->results[i];
		for (size_t j = 0; j < r->nprops; j++) {
			free(r->props[j].name);
			free(r->props[j].value);
		}
		free(r->props);
		free(r->method);
		free(r->result);
		free(r->reason);
	}
	free(a->results);
	free(a->authserv_id);
	memset(a, 0, sizeof *a);
}

const char *authres_prop(const struct authres_result *r, const char *name)
{
	for (size_t i = 0; i < r->nprops; i++)
		if (strcmp(r->props[i].name, name) == 0)
			return r->props[i].value;
	return NULL;
}

/* Relaxed alignment (RFC 7489 3.1.1) compares organizational domains,
 * which only the Public Suffix List can tell; without it, a signing
 * domain that is the From domain or a parent of it is aligned (whoever
 * signs for example.org may speak for mail.example.org), a child or a
 * sibling is not (lists.example.org may be anyone's), and a bare TLD never
 * is.  Publishing a key under a parent's _domainkey needs that parent's
 * DNS, so a parent cannot be claimed by whoever holds a subdomain. */
int authres_aligned(const char *d, const char *from)
{
	size_t dn = strlen(d), fn = strlen(from);

	if (dn && d[dn - 1] == '.')
		dn--;
	if (fn && from[fn - 1] == '.')
		fn--;
	if (dn == 0 || memchr(d, '.', dn) == NULL || dn > fn)
		return 0;
	if (strncasecmp(from + fn - dn, d, dn) != 0)
		return 0;
	return dn == fn || from[fn - dn - 1] == '.';
}
