/*
 * module_load.c - opening a module of the program and finding its entry
 * (dl_module.h), with the loader's reason kept for the caller, which reports
 * it as the failure of what the module was for (a picture, a hand-over).
 * RTLD_LOCAL: a module's libraries (cairo, GnuTLS) stay its own.
 */
#include <dlfcn.h>
#include <stdio.h>

#include "base/dl_module.h"

void *module_entry(const char *path, const char *what, const char *entry, void **handle, char *why,
                   size_t size)
{
	void *fn;

	if (!path) {
		snprintf(why, size, "the program did not say where its %s is", what);
		return NULL;
	}
	if (!(*handle = dlopen(path, RTLD_NOW | RTLD_LOCAL))) {
		snprintf(why, size, "cannot load the %s: %s", what, dlerror());
		return NULL;
	}
	if (!(fn = dlsym(*handle, entry))) {
		snprintf(why, size, "the %s %s is not this program's (rebuild or reinstall the Judge)", what, path);
		dlclose(*handle);
	}
	return fn;
}
