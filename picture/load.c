/*
 * load.c - the judge program's pic_geo_prepare and pic_draw (pic.h):
 * they open the drawing module (module.h) the first time a picture is
 * drawn and call into it.  Linked into the program in place of raster.c,
 * draw.c and png.c, so that only a process that draws loads cairo and
 * its libraries; test and bench programs link those files directly.
 *
 * A module that is missing or of another build is a failure of the
 * drawing, with the module's path and the loader's reason in fail_text(),
 * never a crash: callers already go on without the picture.  The outcome
 * of the first attempt is kept, so a process tries the file once.
 * Where the module is, the program says (pic_module_path_set): finding
 * it is the business of the layer that knows the installation.
 */
#include <dlfcn.h>
#include <stdio.h>

#include "base/error.h"
#include "base/dl_module.h"
#include "base/strbuf.h"
#include "picture/module.h"

static const struct pic_host host = {
	.abi = PIC_MODULE_ABI,
	.fail = fail,
	.strbuf_add = strbuf_add,
	.xmalloc = xmalloc,
	.xcalloc = xcalloc,
	.xrealloc = xrealloc,
};

static const char *path;
static const struct pic_module *module;
static char why[1200];          /* why the module could not be used */

void pic_module_path_set(const char *p)
{
	path = p;
}

static const struct pic_module *load(void)
{
	pic_module_open_fn *open_fn;
	void *handle;

	if (module || why[0])
		return module;
	/* POSIX's way to take a function from dlsym's void * */
	*(void **)&open_fn = module_entry(path, "drawing module", PIC_MODULE_OPEN, &handle, why, sizeof why);
	if (open_fn && !(module = open_fn(&host))) {
		snprintf(why, sizeof why, "the drawing module %s is not this program's (rebuild or"
		         " reinstall the Judge)", path);
		dlclose(handle);
	}
	return module;
}

void pic_geo_prepare(struct pic_geo *g)
{
	/* without the module the regions stay unbuilt, and the pic_draw
	 * that follows reports why */
	if (load())
		module->geo_prepare(g);
}

int pic_draw(const struct pic_geo *g, const struct pic_scene *s, int format, struct strbuf *out)
{
	if (!load())
		return fail("%s", why);
	return module->draw(g, s, format, out);
}
