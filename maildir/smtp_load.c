/*
 * smtp_load.c - the judge program's "smtp" backend (deliver.h): it opens
 * the SMTP module (smtp_module.h) at the first open() and passes each
 * call on to the module's backend.  Linked into libmaildir.a in place of
 * deliver_smtp.c, so that only a process that sends by SMTP loads GnuTLS
 * and SASL; test programs that speak SMTP link deliver_smtp.c directly
 * (maildir/libsmtp.a) or name the module (smtp_module_path_set).
 *
 * A module that is missing or of another build is a temporary failure of
 * the hand-over, with the module's path and the loader's reason in
 * fail_text(): the mail stays queued, as for a server that is down.  The
 * outcome of the first attempt is kept, so a process tries the file once.
 */
#include <dlfcn.h>
#include <stdio.h>

#include "base/error.h"
#include "base/dl_module.h"
#include "maildir/smtp_module.h"

static const struct smtp_host host = {
	.abi = SMTP_MODULE_ABI,
	.fail = fail,
};

static const char *path;
static const struct deliver_ops *module;
static char why[1200];          /* why the module could not be used */

void smtp_module_path_set(const char *p)
{
	path = p;
}

static const struct deliver_ops *load(void)
{
	smtp_module_open_fn *open_fn;
	void *handle;

	if (module || why[0])
		return module;
	/* POSIX's way to take a function from dlsym's void * */
	*(void **)&open_fn = module_entry(path, "SMTP module", SMTP_MODULE_OPEN, &handle, why, sizeof why);
	if (open_fn && !(module = open_fn(&host))) {
		snprintf(why, sizeof why, "the SMTP module %s is of another build (rebuild or reinstall"
		         " the Judge)", path);
		dlclose(handle);
	}
	return module;
}

static int load_open(void **ctx, const char *arg, int timeout)
{
	if (!load())
		return fail("%s", why);
	return module->open(ctx, arg, timeout);
}

/* send and close come only after an open that succeeded: the module is
 * loaded then */
static int load_send(void *ctx, const char *envelope_from, const char *rcpt, const char *msg, size_t len)
{
	return module->send(ctx, envelope_from, rcpt, msg, len);
}

static void load_close(void *ctx)
{
	module->close(ctx);
}

const struct deliver_ops deliver_smtp_ops = {
	"smtp", load_open, load_send, load_close,
};
