/*
 * maildir/html2text.h - turning an HTML mail body into plain text.
 *
 * Some clients (Outlook in its default setting, many phones) send only
 * text/html.  The Judge needs the lines the player typed, not a rendering:
 * tags are dropped, block ends and <br> become line breaks, whitespace is
 * collapsed as a browser would, the common entities are decoded, and the
 * content of <head>, <style>, <script>, <title> and of a reply's
 * quotation is dropped.  A quotation is a <blockquote type="cite">
 * (Thunderbird, Apple Mail) or one right after an attribution line ("On
 * ..., X wrote:", Gmail); any other <blockquote> is an indented block,
 * and its text, a <pre> of orders in it too, is read.  It is a forgiving
 * scanner, not a validating parser: any byte string yields some text.
 */
#ifndef MAILDIR_HTML2TEXT_H
#define MAILDIR_HTML2TEXT_H

#include <stddef.h>

struct strbuf;

/*
 * Append to out the text of the len bytes of HTML (already UTF-8).
 * Lines end in LF; leading and trailing blank lines are not produced.
 */
void html_to_text(const char *html, size_t len, struct strbuf *out);

#endif
