/*
 * maildir/mailerr.h - the error strings of the mail layer.
 *
 * Functions of maildir/ that can fail take a `char **err`; on failure they
 * store there a malloc'd, human-readable message (one line, no trailing
 * newline) that the caller frees.  err may be NULL when the caller does
 * not care.  Library code never prints.
 */
#ifndef MAILDIR_MAILERR_H
#define MAILDIR_MAILERR_H

/* Replace *err (freeing any previous message) with the formatted text. */
void mail_seterr(char **err, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

#endif
