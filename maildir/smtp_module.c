/*
 * smtp_module.c - the SMTP module's entry (smtp_module.h): linked with
 * deliver_smtp.c into smtp.so.  deliver_smtp.c calls fail() by its usual
 * name, defined here to forward to the program's, so that the same file
 * is linked into test programs directly.  Built with -fvisibility=hidden:
 * only smtp_module_open is exported.
 */
#include <stdarg.h>
#include <stdio.h>

#include "base/error.h"
#include "maildir/smtp_module.h"

static const struct smtp_host *host;

int fail(const char *fmt, ...)
{
	char text[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(text, sizeof text, fmt, ap);
	va_end(ap);
	return host->fail("%s", text);
}

__attribute__((visibility("default"))) smtp_module_open_fn smtp_module_open;

const struct deliver_ops *smtp_module_open(const struct smtp_host *h)
{
	if (h->abi != SMTP_MODULE_ABI)
		return NULL;
	host = h;
	return &deliver_smtp_ops;
}
