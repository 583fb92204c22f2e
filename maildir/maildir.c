/*
 * maildir/maildir.c - the Maildir protocol; see maildir.h.
 *
 * Every step that matters for not losing mail is a rename or an fsync
 * (tmp/ then new/, new/ to cur/ only after the caller's commit), because
 * those are what survive a crash; claiming a message is an flock, so that
 * overlapping runs split a Maildir instead of reading it twice.
 */
#include <assert.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <unistd.h>

#include "maildir/maildir.h"
#include "base/error.h"
#include "base/strbuf.h"

static int name_ok(const char *name)
{
	return name && *name && *name != '.' && strchr(name, '/') == NULL;
}

static char *path2(const char *dir, const char *sub, const char *name)
{
	char *p;

	if (asprintf(&p, "%s/%s%s%s", dir, sub, name ? "/" : "",
	    name ? name : "") < 0)
		return NULL;
	return p;
}

/* mkdir -p for one path. */
static int mkdirs(const char *path)
{
	char *p = strdup(path), *s;

	if (p == NULL)
		return fail("out of memory");
	for (s = p + 1; ; s++) {
		if (*s != '/' && *s != '\0')
			continue;
		char c = *s;

		*s = '\0';
		if (mkdir(p, 0700) < 0 && errno != EEXIST) {
			fail("cannot create %s: %s", p, strerror(errno));
			free(p);
			return -1;
		}
		*s = c;
		if (c == '\0')
			break;
	}
	free(p);
	return 0;
}

int maildir_make(const char *dir)
{
	static const char *const subs[] = { "tmp", "new", "cur" };
	char *p;
	int i, r;

	if (mkdirs(dir) < 0)
		return -1;
	for (i = 0; i < 3; i++) {
		if ((p = path2(dir, subs[i], NULL)) == NULL)
			return fail("out of memory");
		r = mkdir(p, 0700);
		if (r < 0 && errno != EEXIST) {
			fail("cannot create %s: %s", p, strerror(errno));
			free(p);
			return -1;
		}
		free(p);
	}
	return 0;
}

/* A rename or a new file is durable only once its directory is synced. */
static int sync_dir(const char *path)
{
	int fd = open(path, O_RDONLY | O_DIRECTORY);

	if (fd < 0 || fsync(fd) < 0) {
		fail("cannot sync %s: %s", path, strerror(errno));
		if (fd >= 0)
			(void)close(fd);
		return -1;
	}
	(void)close(fd);	/* read-only: fsync above was the check */
	return 0;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int maildir_scan(const char *dir, char ***names, int *n)
{
	char *p = path2(dir, "new", NULL), **v = NULL, **nv;
	struct dirent *de;
	int count = 0, cap = 0;
	DIR *d;

	*names = NULL;
	*n = 0;
	if (p == NULL)
		return fail("out of memory");
	if ((d = opendir(p)) == NULL) {
		fail("cannot open %s: %s", p, strerror(errno));
		free(p);
		return -1;
	}
	errno = 0;
	while ((de = readdir(d)) != NULL) {
		if (!name_ok(de->d_name))
			continue;
		if (count == cap) {
			cap = cap ? cap * 2 : 16;
			if ((nv = realloc(v, (size_t)cap * sizeof *v)) == NULL)
				goto oom;
			v = nv;
		}
		if ((v[count] = strdup(de->d_name)) == NULL)
			goto oom;
		count++;
		errno = 0;
	}
	if (errno != 0) {
		fail("cannot read %s: %s", p, strerror(errno));
		goto failed;
	}
	closedir(d);
	free(p);
	if (count > 1)
		qsort(v, (size_t)count, sizeof *v, by_name);
	*names = v;
	*n = count;
	return 0;
oom:
	fail("out of memory");
failed:
	closedir(d);
	free(p);
	maildir_names_free(v, count);
	return -1;
}

void maildir_names_free(char **names, int n)
{
	int i;

	for (i = 0; i < n; i++)
		free(names[i]);
	free(names);
}

int maildir_read(const char *dir, const char *name, size_t max,
    char **data, size_t *len)
{
	struct strbuf b = STRBUF_INIT;
	char buf[65536], *p;
	ssize_t r;
	int fd;

	assert(dir != NULL && data != NULL && len != NULL);

	*data = NULL;
	*len = 0;
	if (!name_ok(name))
		return fail("invalid message name \"%s\"", name ? name : "");
	if ((p = path2(dir, "new", name)) == NULL)
		return fail("out of memory");
	if ((fd = open(p, O_RDONLY)) < 0) {
		fail("cannot open %s: %s", p, strerror(errno));
		free(p);
		return -1;
	}
	while ((max == 0 || b.len <= max) && (r = read(fd, buf,
	    max == 0 || max + 1 - b.len > sizeof buf ? sizeof buf :
	    max + 1 - b.len)) != 0) {
		if (r < 0) {
			if (errno == EINTR)
				continue;
			fail("cannot read %s: %s", p, strerror(errno));
			goto failed;
		}
		strbuf_add(&b, buf, (size_t)r);
	}
	(void)close(fd);	/* read-only: nothing to lose */
	free(p);
	*data = strbuf_detach(&b, len);
	return 0;
failed:
	(void)close(fd);
	free(p);
	strbuf_release(&b);
	return -1;
}

int maildir_done(const char *dir, const char *name)
{
	char *from = NULL, *to = NULL, *cur = NULL, *info;
	int res = -1;

	if (!name_ok(name))
		return fail("invalid message name \"%s\"", name ? name : "");
	/* A name that already has its info part keeps it. */
	info = strstr(name, ":2,") ? "" : ":2,";
	if ((from = path2(dir, "new", name)) == NULL ||
	    (cur = path2(dir, "cur", NULL)) == NULL ||
	    asprintf(&to, "%s/%s%s", cur, name, info) < 0) {
		to = NULL;
		fail("out of memory");
		goto out;
	}
	if (rename(from, to) < 0) {
		fail("cannot move %s to %s: %s", from, to, strerror(errno));
		goto out;
	}
	res = sync_dir(cur);
out:
	free(from);
	free(to);
	free(cur);
	return res;
}

int maildir_claim(const char *dir, const char *name)
{
	char *p;
	int fd;

	if (!name_ok(name))
		return fail("invalid message name \"%s\"", name ? name : "");
	if ((p = path2(dir, "new", name)) == NULL)
		return fail("out of memory");
	fd = open(p, O_RDONLY);
	if (fd < 0) {
		fail("%s is gone (another run took it): %s", p, strerror(errno));
		free(p);
		return MAILDIR_TAKEN;
	}
	if (flock(fd, LOCK_EX | LOCK_NB) < 0) {
		fail("%s is being read by another run", p);
		(void)close(fd);
		free(p);
		return MAILDIR_TAKEN;
	}
	free(p);
	return fd;
}

int maildir_quarantine(const char *dir, const char *name)
{
	char *from = NULL, *q = NULL, *to = NULL;
	int res = -1;

	if (!name_ok(name))
		return fail("invalid message name \"%s\"", name ? name : "");
	if ((from = path2(dir, "new", name)) == NULL || (q = path2(dir, "quarantine", NULL)) == NULL ||
	    (to = path2(dir, "quarantine", name)) == NULL) {
		fail("out of memory");
		goto out;
	}
	if (mkdirs(q) == 0) {
		if (rename(from, to) == 0)
			res = sync_dir(q);
		else
			fail("cannot move %s to %s: %s", from, to, strerror(errno));
	}
out:
	free(from);
	free(q);
	free(to);
	return res;
}

/*
 * A name unique to this delivery: time, microseconds, pid, a counter for
 * deliveries within the same microsecond, and the host name with '/' and
 * ':' escaped as the Maildir specification asks.
 */
static char *unique_name(void)
{
	static unsigned counter;
	char host[HOST_NAME_MAX + 1];
	struct strbuf b = STRBUF_INIT;
	struct timeval tv;
	char *h;

	gettimeofday(&tv, NULL);
	if (gethostname(host, sizeof host) < 0)
		strcpy(host, "localhost");
	host[sizeof host - 1] = '\0';
	strbuf_addf(&b, "%lld.M%06ldP%ldQ%u.", (long long)tv.tv_sec,
	    (long)tv.tv_usec, (long)getpid(), counter++);
	for (h = host; *h; h++) {
		if (*h == '/')
			strbuf_addstr(&b, "\\057");
		else if (*h == ':')
			strbuf_addstr(&b, "\\072");
		else
			strbuf_addch(&b, *h);
	}
	return strbuf_detach(&b, NULL);
}

static int write_all(int fd, const char *p, size_t n)
{
	while (n > 0) {
		ssize_t r = write(fd, p, n);

		if (r < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		p += r;
		n -= (size_t)r;
	}
	return 0;
}

int maildir_deliver(const char *dir, const char *msg, size_t len)
{
	char *base = NULL, *tmp = NULL, *new = NULL, *newdir = NULL;
	int fd = -1, res = -1;

	assert(dir != NULL && (msg != NULL || len == 0));

	if (maildir_make(dir) < 0)
		return -1;
	base = unique_name();
	if ((tmp = path2(dir, "tmp", base)) == NULL ||
	    (new = path2(dir, "new", base)) == NULL ||
	    (newdir = path2(dir, "new", NULL)) == NULL) {
		fail("out of memory");
		goto out;
	}
	if ((fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL, 0600)) < 0) {
		fail("cannot create %s: %s", tmp, strerror(errno));
		goto out;
	}
	if (write_all(fd, msg, len) < 0 || fsync(fd) < 0) {
		fail("cannot write %s: %s", tmp, strerror(errno));
		goto unlink;
	}
	if (close(fd) < 0) {
		fd = -1;
		fail("cannot write %s: %s", tmp, strerror(errno));
		goto unlink;
	}
	fd = -1;
	if (rename(tmp, new) < 0) {
		fail("cannot move %s to %s: %s", tmp, new, strerror(errno));
		goto unlink;
	}
	res = sync_dir(newdir);
	goto out;
unlink:
	/* a failure already said; a leftover in tmp/ is what Maildir
	 * readers expect after a crash, and harmless */
	(void)unlink(tmp);
out:
	if (fd >= 0)
		(void)close(fd);
	free(base);
	free(tmp);
	free(new);
	free(newdir);
	return res;
}
