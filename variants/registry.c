/*
 * registry.c - finding variants by name.  The rules families are a table;
 * the variants themselves are folders, found by reading each folder's
 * variant.txt, so adding a variant of a known family needs no code.
 */
#include <ctype.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "variants/variant.h"

extern const struct variant_ops dip_variant_ops;
extern const struct variant_ops diceless_variant_ops;

static const struct variant_ops *const engines[] = {
	&dip_variant_ops,
	&diceless_variant_ops,
};

#define MAX_VARIANTS 16
static struct variant *loaded[MAX_VARIANTS];
static int nloaded;

const char *variants_dir(void)
{
	static char dir[1024];
	struct stat st;
	const char *env = getenv("JUDGE_VARIANTS");

	if (env && *env)
		return env;
	if (!dir[0]) {
		snprintf(dir, sizeof dir, "%s/variants", JUDGE_SRCDIR);
		if (stat(dir, &st) != 0)
			snprintf(dir, sizeof dir, "%s/variants", JUDGE_DATADIR);
	}
	return dir;
}

/* Read folder's variant.txt into v (not yet loaded).  Returns 1 if it
 * answers to name, 0 if not, -1 if it is no variant folder. */
static int read_descriptor(const char *folder, const char *name, struct variant *v,
                           char *engine, size_t englen)
{
	char path[1200], line[256], key[32], val[32];
	int match = 0;
	FILE *f;

	snprintf(path, sizeof path, "%s/%s/variant.txt", variants_dir(), folder);
	if (!(f = fopen(path, "r")))
		return -1;
	memset(v, 0, sizeof *v);
	snprintf(v->folder, sizeof v->folder, "%s", folder);
	engine[0] = '\0';
	snprintf(v->press, sizeof v->press, "white");
	match = strcasecmp(folder, name) == 0;
	while (fgets(line, sizeof line, f)) {
		if (sscanf(line, "%31s %31s", key, val) != 2 || key[0] == '#')
			continue;
		if (!strcmp(key, "name"))
			snprintf(v->name, sizeof v->name, "%s", val);
		else if (!strcmp(key, "engine"))
			snprintf(engine, englen, "%s", val);
		else if (!strcmp(key, "info"))
			snprintf(v->info, sizeof v->info, "%s", val);
		else if (!strcmp(key, "press") &&
		         (!strcmp(val, "white") || !strcmp(val, "grey") || !strcmp(val, "none")))
			snprintf(v->press, sizeof v->press, "%.7s", val);
		if ((!strcmp(key, "name") || !strcmp(key, "alias")) && !strcasecmp(val, name))
			match = 1;
	}
	fclose(f);
	return match;
}

const struct variant *variant_find(const char *name, char *err, size_t errlen)
{
	struct variant v;
	char engine[32], dir[1200];
	struct dirent *e;
	DIR *d;
	int found = 0;

	for (int i = 0; i < nloaded; i++)
		if (!strcasecmp(loaded[i]->name, name) || !strcasecmp(loaded[i]->folder, name))
			return loaded[i];
	if (!(d = opendir(variants_dir()))) {
		snprintf(err, errlen, "cannot read the variants folder %s", variants_dir());
		return NULL;
	}
	while (!found && (e = readdir(d)))
		if (e->d_name[0] != '.' && read_descriptor(e->d_name, name, &v, engine, sizeof engine) == 1)
			found = 1;
	closedir(d);
	if (!found) {
		snprintf(err, errlen, "unknown variant '%s'", name);
		return NULL;
	}
	for (int i = 0; i < nloaded; i++)     /* known under another alias */
		if (!strcmp(loaded[i]->folder, v.folder))
			return loaded[i];
	for (size_t i = 0; i < sizeof engines / sizeof engines[0]; i++)
		if (!strcmp(engines[i]->engine, engine))
			v.ops = engines[i];
	if (!v.ops) {
		snprintf(err, errlen, "variant '%s' names unknown engine '%s'", v.name, engine);
		return NULL;
	}
	snprintf(dir, sizeof dir, "%s/%s", variants_dir(), v.folder);
	if (v.ops->load(&v, dir, err, errlen))
		return NULL;
	if (nloaded == MAX_VARIANTS) {
		snprintf(err, errlen, "too many variants");
		return NULL;
	}
	loaded[nloaded] = xmalloc(sizeof v);
	*loaded[nloaded] = v;
	return loaded[nloaded++];
}

void variant_add_power(struct variant *v, char letter, const char *name)
{
	if (v->npowers == VARIANT_MAX_POWERS)
		return;      /* the families' own limits are lower */
	v->power[v->npowers].letter = letter;
	snprintf(v->power[v->npowers].name, sizeof v->power[0].name, "%s", name);
	v->npowers++;
}

int variant_power_by_letter(const struct variant *v, char c)
{
	for (int i = 0; i < v->npowers; i++)
		if (v->power[i].letter == toupper((unsigned char)c))
			return i;
	return -1;
}

void variant_list(struct strbuf *out)
{
	struct variant v;
	char engine[32];
	struct dirent *e;
	DIR *d = opendir(variants_dir());
	int n = 0;

	if (!d)
		return;
	while ((e = readdir(d)))
		if (e->d_name[0] != '.' && read_descriptor(e->d_name, "", &v, engine, sizeof engine) >= 0)
			strbuf_addf(out, "%s%s", n++ ? ", " : "", v.name);
	closedir(d);
}
