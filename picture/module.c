/*
 * module.c - the drawing module's entry (module.h): raster.c, draw.c and
 * png.c are linked with this file into picture.so, and call the
 * program's fail(), strbuf_add() and allocators by their usual names.
 * fail() is base/module_fail.c's, which every module shares; the others
 * are defined here, forwarding to the table the program
 * hands over, so the drawing sources are the same files whether they are
 * linked into a test program directly or into the module.  Built with
 * -fvisibility=hidden: these forwarders and the drawing code's own
 * symbols stay inside the module; only pic_module_open is exported.
 */
#include "base/error.h"
#include "base/dl_module.h"
#include "base/strbuf.h"
#include "picture/module.h"

static const struct pic_host *host;

void strbuf_add(struct strbuf *sb, const void *data, size_t len)
{
	host->strbuf_add(sb, data, len);
}

void *xmalloc(size_t n)
{
	return host->xmalloc(n);
}

void *xcalloc(size_t n, size_t size)
{
	return host->xcalloc(n, size);
}

void *xrealloc(void *p, size_t n)
{
	return host->xrealloc(p, n);
}

static const struct pic_module table = {
	.abi = PIC_MODULE_ABI,
	.geo_prepare = pic_geo_prepare,
	.draw = pic_draw,
};

__attribute__((visibility("default"))) pic_module_open_fn pic_module_open;

const struct pic_module *pic_module_open(const struct pic_host *h)
{
	if (h->abi != PIC_MODULE_ABI)
		return NULL;
	host = h;
	module_fail_to(h->fail);
	return &table;
}
