/*
 * smtp_module.c - the SMTP module's entry (smtp_module.h): linked with
 * deliver_smtp.c and base/module_fail.c (deliver_smtp.c's fail(), passed
 * on to the program's) into smtp.so.  Built with -fvisibility=hidden:
 * only smtp_module_open is exported.
 */
#include "base/dl_module.h"
#include "maildir/smtp_module.h"

__attribute__((visibility("default"))) smtp_module_open_fn smtp_module_open;

const struct deliver_ops *smtp_module_open(const struct smtp_host *h)
{
	if (h->abi != SMTP_MODULE_ABI)
		return NULL;
	module_fail_to(h->fail);
	return &deliver_smtp_ops;
}
