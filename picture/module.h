/*
 * module.h - the seam between the judge program and its drawing module
 * (picture.so, installed in $(pkglibdir)).
 *
 * Drawing needs cairo, and cairo brings some twenty shared libraries that
 * the loader would relocate at every start of every process, though most
 * (a `receive` of orders) never draw.  So the drawing code (raster.c,
 * draw.c, png.c) is a module that the program opens with dlopen when it
 * first draws (load.c).  The module uses a few of the program's own
 * functions; they are handed over in a table rather than found by the
 * loader, so that the executable exports nothing and the module has no
 * undefined symbol the linker could not check (-z defs).  fail() goes
 * through the table because its message must land in the program's one
 * error buffer, where fail_text() reads it.
 */
#ifndef PIC_MODULE_H
#define PIC_MODULE_H

#include <stddef.h>

#include "picture/pic.h"

/* Raised when either table changes shape: a module of another build is
 * refused instead of called through the wrong layout. */
#define PIC_MODULE_ABI 1

/* What the program lends the module. */
struct pic_host {
	int abi;
	int (*fail)(const char *fmt, ...);
	void (*strbuf_add)(struct strbuf *sb, const void *data, size_t len);
	void *(*xmalloc)(size_t n);
	void *(*xcalloc)(size_t n, size_t size);
	void *(*xrealloc)(void *p, size_t n);
};

/* What the module gives back: pic.h's functions of the same names. */
struct pic_module {
	int abi;
	void (*geo_prepare)(struct pic_geo *g);
	int (*draw)(const struct pic_geo *g, const struct pic_scene *s, int format,
	            struct strbuf *out);
};

/* The module's one exported function, looked up by this name: keeps host
 * (which must outlive the module's use) and returns the module's table,
 * or NULL if host->abi is not the module's. */
#define PIC_MODULE_OPEN "pic_module_open"
typedef const struct pic_module *pic_module_open_fn(const struct pic_host *host);

/* The program's side (load.c): where the module is, before the first
 * pic_geo_prepare or pic_draw.  path must outlive its use. */
void pic_module_path_set(const char *path);

#endif
