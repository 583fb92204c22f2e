/*
 * maildir/eol.c - line endings; see eol.h.
 *
 * Converting in place and in one pass, CR, LF and CRLF alike, so that
 * everything past the mail boundary can assume LF and no caller has to
 * allocate a copy of a message that may be megabytes long.
 */
#include "maildir/eol.h"

size_t eol_to_lf(char *s, size_t n)
{
	size_t i, j = 0;

	for (i = 0; i < n; i++) {
		if (s[i] == '\r') {
			s[j++] = '\n';
			if (i + 1 < n && s[i + 1] == '\n')
				i++;
		} else {
			s[j++] = s[i];
		}
	}
	if (j < n)
		s[j] = '\0';
	return j;
}
