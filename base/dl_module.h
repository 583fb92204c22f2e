/*
 * dl_module.h - the two halves that every module of the program (the
 * drawing's picture.so, the SMTP client's smtp.so) shares with it, so
 * that each seam (picture/module.h, maildir/smtp_module.h) keeps only its
 * own tables: opening the file and finding its entry, on the program's
 * side; fail() passed on to the program's, on the module's.
 */
#ifndef BASE_DL_MODULE_H
#define BASE_DL_MODULE_H

#include <stddef.h>

/* The program's side (module_load.c): open the module at path (what
 * names it in messages, "drawing module") and find its function entry.
 * Returns the entry, for the caller to call by its own type, with the
 * module's handle in *handle; or NULL with why (size bytes) saying what
 * went wrong, the module closed. */
void *module_entry(const char *path, const char *what, const char *entry, void **handle, char *why,
                   size_t size);

/* The module's side (module_fail.c, linked into each module and never
 * into the program): its fail() formats the message and hands it to
 * host_fail, the program's fail(), which the module's entry passes here
 * from the table the program lends it, so the message lands in the
 * program's one error buffer, where fail_text() reads it. */
void module_fail_to(int (*host_fail)(const char *fmt, ...));

#endif
