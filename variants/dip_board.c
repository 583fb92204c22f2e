/*
 * dip_board.c - finding and caching Diplomacy-family boards.  A variant's
 * folder is named for it; the map file inside may declare other names.
 */
#include <ctype.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "variants/dip_board.h"
#include "variants/dip_map_load.h"

#define MAX_BOARDS 8

static struct {
	char folder[64];
	struct dip_board *board;
} cache[MAX_BOARDS];
static int ncache;

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

/* Does the map file in folder declare name (as variant or alias-variant)? */
static int map_declares(const char *path, const char *name)
{
	char line[256], key[32], val[64];
	FILE *f = fopen(path, "r");
	int yes = 0;

	if (!f)
		return 0;
	while (!yes && fgets(line, sizeof line, f))
		if (sscanf(line, "%31s %63s", key, val) == 2 &&
		    (!strcmp(key, "variant") || !strcmp(key, "alias-variant")))
			yes = strcasecmp(val, name) == 0;
	fclose(f);
	return yes;
}

/* The folder of the variant called name, or -1. */
static int find_folder(const char *name, char *folder, size_t len)
{
	char path[1200];
	struct dirent *e;
	DIR *d = opendir(variants_dir());
	int found = -1;

	if (!d)
		return -1;
	while (found < 0 && (e = readdir(d))) {
		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof path, "%s/%s/map.txt", variants_dir(), e->d_name);
		if (strcasecmp(e->d_name, name) == 0 || map_declares(path, name)) {
			snprintf(folder, len, "%s", e->d_name);
			found = 0;
		}
	}
	closedir(d);
	return found;
}

const struct dip_board *dip_board_find(const char *name, char *err, size_t errlen)
{
	char folder[64], path[1200];
	struct dip_board *b;

	if (find_folder(name, folder, sizeof folder)) {
		snprintf(err, errlen, "unknown variant '%s' (looked in %s)", name, variants_dir());
		return NULL;
	}
	for (int i = 0; i < ncache; i++)
		if (strcmp(cache[i].folder, folder) == 0)
			return cache[i].board;
	snprintf(path, sizeof path, "%s/%s/map.txt", variants_dir(), folder);
	b = calloc(1, sizeof *b);
	if (!b) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	names_init(&b->names);
	if (dip_map_load(path, &b->map, &b->names, err, errlen)) {
		names_free(&b->names);
		free(b);
		return NULL;
	}
	if (ncache < MAX_BOARDS) {
		snprintf(cache[ncache].folder, sizeof cache[ncache].folder, "%s", folder);
		cache[ncache++].board = b;
	}
	return b;
}
