/*
 * walopen.h - the VFS the database is opened with: SQLite's default
 * (unix) VFS, but a write-ahead log that already holds frames is opened
 * without O_CREAT, which spares each process a sync of the database's
 * folder (walopen.c says why that is safe).
 */
#ifndef WALOPEN_H
#define WALOPEN_H

/* The VFS's name for sqlite3_open_v2, registered at the first call.
 * Call it after sqlite3_config(), which SQLite refuses once initialised. */
const char *walopen_vfs(void);

#endif
