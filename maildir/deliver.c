/*
 * maildir/deliver.c - the table of delivery backends; see deliver.h.
 *
 * Backends are found by the name the config gives (deliver = ...), as
 * OpenSMTPD's queue backends are, so the Judge's sending code calls one
 * struct of functions and a new transport is one file and one row here.
 */
#include <string.h>

#include "maildir/deliver.h"

static const struct deliver_ops *const backends[] = {
	&deliver_sendmail_ops,
	&deliver_smtp_ops,
	&deliver_maildir_ops,
};

const struct deliver_ops *deliver_lookup(const char *name)
{
	size_t i;

	if (name == NULL)
		return NULL;
	for (i = 0; i < sizeof backends / sizeof backends[0]; i++)
		if (strcmp(backends[i]->name, name) == 0)
			return backends[i];
	return NULL;
}
