/*
 * smtp_module.h - the seam between the judge program and its SMTP module
 * (smtp.so, installed in $(pkglibdir) beside picture.so).
 *
 * libetpan's SMTP client needs GnuTLS and Cyrus SASL, and GnuTLS brings
 * nine shared libraries that the loader maps and relocates, and that
 * initialise themselves, at the start of every process: most of the CPU
 * of a `receive`, which reads MIME with libetpan but sends, if at all,
 * through sendmail.  So the program links libetpan's MIME code alone
 * (the static archive: only the objects it calls) and deliver_smtp.c is
 * a module, opened with dlopen the first time a mail leaves by SMTP
 * (smtp_load.c).  As with the drawing module (picture/module.h), what the
 * module needs from the program, fail() alone, is handed over in a table,
 * so the executable exports nothing and the module is linked -z defs.
 */
#ifndef SMTP_MODULE_H
#define SMTP_MODULE_H

#include "maildir/deliver.h"

/* Raised when the host table or deliver_ops changes shape: a module of
 * another build is refused instead of called through the wrong layout. */
#define SMTP_MODULE_ABI 1

/* What the program lends the module: fail() must write the program's one
 * error buffer, where fail_text() reads it. */
struct smtp_host {
	int abi;
	int (*fail)(const char *fmt, ...);
};

/* The module's one exported function, looked up by this name: keeps host
 * (which must outlive the module's use) and returns its backend, or NULL
 * if host->abi is not the module's. */
#define SMTP_MODULE_OPEN "smtp_module_open"
typedef const struct deliver_ops *smtp_module_open_fn(const struct smtp_host *host);

/* The program's side (smtp_load.c): where the module is, before the
 * first hand-over by SMTP.  path must outlive its use. */
void smtp_module_path_set(const char *path);

#endif
