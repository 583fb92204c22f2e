/*
 * plaintext.h - the Markdown of the files GET mails (a variant's RULES.md,
 * written for the source tree and the web) as plain text for a plain-text
 * mail: one source of truth, converted at send.
 */
#ifndef MAILCMD_PLAINTEXT_H
#define MAILCMD_PLAINTEXT_H

#include "base/strbuf.h"

/* Append md to out without Markdown's marks: a heading ("## Orders")
 * becomes its text underlined ('=' for the first level, '-' for the
 * others), **strong**, *emphasis* and `code` lose their marks, a fence
 * line (```) goes, a link [text](url) reads "text <url>".  Tables and
 * indented blocks are left as they are: they read the same in a mail.
 * Text without those marks comes out unchanged. */
void plaintext_from_markdown(const char *md, struct strbuf *out);

#endif
