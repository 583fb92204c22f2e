/*
 * module_fail.c - fail() inside a module (dl_module.h): the module's code
 * calls fail() by its usual name, so the same source files link into
 * test programs directly; here that name passes the message on to the
 * program's.  Built into each module only (the program has error.c's).
 */
#include <stdarg.h>
#include <stdio.h>

#include "base/error.h"
#include "base/dl_module.h"

static int (*host_fail)(const char *fmt, ...);

void module_fail_to(int (*fn)(const char *fmt, ...))
{
	host_fail = fn;
}

int fail(const char *fmt, ...)
{
	char text[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(text, sizeof text, fmt, ap);
	va_end(ap);
	return host_fail("%s", text);
}
