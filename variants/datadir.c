/*
 * datadir.c - where the running program finds its files.  The same
 * binary runs in two places: inside its build tree (tests, a developer),
 * where the variants are the source tree's and the settings the embedded
 * development default; and installed, where the variants are under the
 * configured data directory.  Deciding by where the executable is, not
 * by which folders exist, keeps an installed Judge off a source tree that
 * happens to be on the machine, and a test off an installed Judge's data.
 * Only a binary that is neither (copied out of its build tree, never
 * installed) falls back on the sources it was built from.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "variants/datadir.h"

/* The running executable's real path, or "".  Read once: a receive
 * asked it five times (bench/README.md, recv7), and the program it runs
 * does not change while it runs. */
static const char *self_path(void)
{
	static char path[PATH_MAX];
	static int read_once;

	if (!read_once) {
		ssize_t n = readlink("/proc/self/exe", path, PATH_MAX - 1);
		path[n > 0 ? n : 0] = '\0';
		read_once = 1;
	}
	return path;
}

int running_from_build_tree(void)
{
	static int known = -1;
	const char *exe = self_path();
	char tree[PATH_MAX];

	if (known < 0) {
		size_t len;
		known = 0;
		if (realpath(JUDGE_BUILDDIR, tree) && (len = strlen(tree)) > 1 &&
		    !strncmp(exe, tree, len) && exe[len] == '/')
			known = 1;
	}
	return known;
}

/* The installed path of file into out: under the DESTDIR the program was
 * staged into when it runs as DESTDIR/BINDIR/judge (a staged install, a
 * package being built), else as configured. */
static void installed(char *out, size_t size, const char *file)
{
	const char *exe = self_path();
	size_t len = strlen(exe), tail = strlen(JUDGE_BINDIR "/judge");

	if (len > tail && !strcmp(exe + len - tail, JUDGE_BINDIR "/judge"))
		snprintf(out, size, "%.*s%s", (int)(len - tail), exe, file);
	else
		snprintf(out, size, "%s", file);
}

/* $JUDGE_VARIANTS, as main() read it at start, or NULL. */
static const char *chosen;

void variants_dir_set(const char *dir)
{
	chosen = dir && *dir ? dir : NULL;
}

const char *variants_dir(void)
{
	static char dir[PATH_MAX + 64];

	if (chosen)
		return chosen;
	if (dir[0])
		return dir;
	if (running_from_build_tree()) {
		snprintf(dir, sizeof dir, "%s/variants", JUDGE_SRCDIR);
		return dir;
	}
	struct stat st;
	installed(dir, sizeof dir, JUDGE_DATADIR "/variants");
	/* a binary copied out of its build tree and never installed still
	 * has the sources it was built from */
	if (stat(dir, &st) != 0 && stat(JUDGE_SRCDIR "/variants", &st) == 0)
		snprintf(dir, sizeof dir, "%s/variants", JUDGE_SRCDIR);
	return dir;
}

/* A module of the program's: in the build tree at build_path (under
 * JUDGE_BUILDDIR) when running from it, else name in PKGLIBDIR.  Never
 * the build tree's for a binary outside it: an installed Judge missing a
 * module must say so (the caller's fail()), not load whatever a build
 * tree left on the machine, and a copied binary is no installed Judge. */
static const char *module_path(char *path, size_t size, const char *build_path, const char *name)
{
	if (!path[0]) {
		char file[PATH_MAX];
		snprintf(file, sizeof file, "%s/%s", JUDGE_PKGLIBDIR, name);
		installed(path, size, file);
		if (running_from_build_tree())
			snprintf(path, size, "%s/%s", JUDGE_BUILDDIR, build_path);
	}
	return path;
}

const char *picture_module_path(void)
{
	static char path[PATH_MAX + 64];

	return module_path(path, sizeof path, "picture/picture.so", "picture.so");
}

const char *smtp_module_path(void)
{
	static char path[PATH_MAX + 64];

	return module_path(path, sizeof path, "maildir/smtp.so", "smtp.so");
}
