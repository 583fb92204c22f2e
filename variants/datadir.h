/*
 * datadir.h - where the running program finds its files: the variants'
 * data, its drawing and SMTP modules, and whether it runs from its build tree
 * (then it uses the source tree and the development defaults, never an
 * installed Judge's).
 */
#ifndef DATADIR_H
#define DATADIR_H

/* 1 if this executable lies inside the build tree it was built in. */
int running_from_build_tree(void);

/* The folder holding the variants' data: $JUDGE_VARIANTS; else the source
 * tree's variants/ when running from the build tree; else the installed
 * data directory (under the DESTDIR the program was staged into, if it
 * runs from one); else, if that does not exist, the source tree's. */
const char *variants_dir(void);

/* Use dir as the variants folder ($JUDGE_VARIANTS, which main() reads at
 * start: no library function reads the environment); NULL or "" goes back
 * to the build tree's or the installed one.  dir must outlive its use. */
void variants_dir_set(const char *dir);

/* The drawing module (picture/module.h): the build tree's when running
 * from it, else the installed one in PKGLIBDIR (under the DESTDIR the
 * program was staged into, as for the variants).  No fallback on the
 * build tree: an installed Judge draws with the module installed with it. */
const char *picture_module_path(void);

/* The SMTP module (maildir/smtp_module.h), found in the same way, with
 * no fallback either: a binary copied out of its build tree loads
 * neither module and says so; to run away from the build tree, install
 * (a DESTDIR will do, as the end-to-end test does). */
const char *smtp_module_path(void);

#endif
