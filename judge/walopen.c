/*
 * walopen.c - the database's VFS (walopen.h): SQLite's default VFS with
 * one change, in how the write-ahead log is opened.
 *
 * SQLite opens the log with SQLITE_OPEN_CREATE whether or not the file
 * exists, and the unix VFS marks a log opened so (UNIXFILE_DIRSYNC in
 * unixOpen, SQLite 3.40's os_unix.c) to sync its folder after the file's
 * first fdatasync: one more sync in every process that writes, though the
 * Judge keeps the log between processes (SQLITE_FCNTL_PERSIST_WAL, db.c).
 * Only SQLITE_DISABLE_DIRSYNC, a compile-time option of SQLite itself,
 * turns it off everywhere.  The folder's sync is there so that a file the
 * open created keeps its name through a power cut.  Here the log is
 * opened without O_CREAT when it is longer than its 32-byte header: then
 * some process has appended frames to it, and SQLite writes frames only
 * after the header is synced (at synchronous NORMAL and FULL; nothing
 * opens this database with synchronous OFF).  The first process to grow
 * the file past its header had found it empty or missing (a log only
 * grows from nothing, and SQLite deletes one only when no other
 * connection has it open), so it had opened it with O_CREAT, and its
 * first sync, at the latest the header's, synced the folder before any
 * frame was written.  The name is on disk; a log of a header or less, or
 * none, is opened as SQLite asks, and its folder synced as before.
 */
#include <sqlite3.h>
#include <stddef.h>
#include <sys/stat.h>

#include "judge/walopen.h"

/* the size of a WAL file's header (SQLite's file format, "WAL Format") */
#define WAL_HEADER_BYTES 32

static sqlite3_vfs vfs;

static int open_file(sqlite3_vfs *self, sqlite3_filename name, sqlite3_file *file, int flags, int *out)
{
	sqlite3_vfs *real = self->pAppData;
	struct stat st;

	if ((flags & SQLITE_OPEN_WAL) && (flags & SQLITE_OPEN_CREATE) && name &&
	    stat(name, &st) == 0 && st.st_size > WAL_HEADER_BYTES &&
	    real->xOpen(real, name, file, flags & ~SQLITE_OPEN_CREATE, out) == SQLITE_OK)
		return SQLITE_OK;
	/* missing, short, or gone since the stat: as SQLite asked */
	return real->xOpen(real, name, file, flags, out);
}

const char *walopen_vfs(void)
{
	if (!vfs.zName) {
		sqlite3_vfs *real = sqlite3_vfs_find(NULL);
		if (!real)
			return NULL;
		vfs = *real;
		vfs.zName = "judge-walopen";
		vfs.pAppData = real;
		vfs.xOpen = open_file;
		if (sqlite3_vfs_register(&vfs, 0) != SQLITE_OK) {
			vfs.zName = NULL;
			return NULL;
		}
	}
	return vfs.zName;
}
