/*
 * maildir/mailerr.c - error strings; see mailerr.h.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "maildir/mailerr.h"

void mail_seterr(char **err, const char *fmt, ...)
{
	va_list ap;
	char *s;

	if (err == NULL)
		return;
	va_start(ap, fmt);
	if (vasprintf(&s, fmt, ap) < 0)
		s = NULL;	/* out of memory: the caller still sees failure */
	va_end(ap);
	free(*err);
	*err = s;
}
