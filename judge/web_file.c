/*
 * web_file.c - the site writer's files: escaping, atomic writes that
 * skip a file already holding the same bytes (so that cron's pass leaves
 * untouched pages with their times and inodes, and a full rebuild of an
 * unchanged site writes nothing), removing a game's folder, and the
 * frame every page shares.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "judge/web_int.h"

void web_escn(struct strbuf *out, const char *s, size_t len)
{
	static const char *const ent[256] = {
		['&'] = "&amp;", ['<'] = "&lt;", ['>'] = "&gt;", ['"'] = "&quot;", ['\''] = "&#39;",
	};

	for (size_t i = 0; i < len; i++) {
		const char *e = ent[(unsigned char)s[i]];
		if (e)
			strbuf_addstr(out, e);
		else
			strbuf_addch(out, s[i]);
	}
}

void web_esc(struct strbuf *out, const char *s)
{
	web_escn(out, s, strlen(s));
}

static void path_of(const struct web_site *s, const char *rel, char *out, size_t size)
{
	snprintf(out, size, "%s/%s", s->dir, rel);
}

int web_exists(const struct web_site *s, const char *rel)
{
	char path[2048];
	struct stat st;

	path_of(s, rel, path, sizeof path);
	return stat(path, &st) == 0;
}

/* 1 if path holds exactly data. */
static int same(const char *path, const char *data, size_t len)
{
	struct strbuf old = STRBUF_INIT;
	struct stat st;
	int eq;

	if (stat(path, &st) || (size_t)st.st_size != len)
		return 0;
	eq = strbuf_read_file(&old, path) == 0 && old.len == len && !memcmp(old.buf, data, len);
	strbuf_release(&old);
	return eq;
}

static int make_dir_of(const char *path)
{
	char dir[2048];
	char *slash;

	snprintf(dir, sizeof dir, "%s", path);
	if (!(slash = strrchr(dir, '/')) || slash == dir)
		return 0;
	*slash = '\0';
	if (mkdir(dir, 0755) == 0 || errno == EEXIST)
		return 0;
	if (errno == ENOENT && make_dir_of(dir) == 0 && (mkdir(dir, 0755) == 0 || errno == EEXIST))
		return 0;
	return fail("cannot make %s: %s", dir, strerror(errno));
}

int web_put(struct web_site *s, const char *rel, const char *data, size_t len)
{
	char path[2048], tmp[2100];
	int fd;
	ssize_t n = 0;

	path_of(s, rel, path, sizeof path);
	if (same(path, data, len))
		return 0;
	if (make_dir_of(path))
		return -1;
	snprintf(tmp, sizeof tmp, "%s.tmp%ld", path, (long)getpid());
	if ((fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC, 0644)) < 0)
		return fail("cannot write %s: %s", tmp, strerror(errno));
	for (size_t done = 0; done < len; done += (size_t)n)
		if ((n = write(fd, data + done, len - done)) < 0)
			break;
	if (n < 0 || fsync(fd) || close(fd)) {
		int e = errno;
		close(fd);
		unlink(tmp);
		return fail("cannot write %s: %s", tmp, strerror(e));
	}
	if (rename(tmp, path)) {
		int e = errno;
		unlink(tmp);
		return fail("cannot rename %s: %s", tmp, strerror(e));
	}
	s->written++;
	return 0;
}

/* Only what the writer puts in a game's folder is removed: an admin's
 * own file there keeps the folder, and nothing else is ever deleted. */
static int ours(const char *name)
{
	static const char *const ends[] = { ".html", ".png", ".atom" };
	size_t n = strlen(name);

	for (size_t i = 0; i < sizeof ends / sizeof ends[0]; i++) {
		size_t e = strlen(ends[i]);
		if (n > e && !strcmp(name + n - e, ends[i]))
			return 1;
	}
	return 0;
}

int web_remove_game(struct web_site *s, const char *game)
{
	char dir[2048], path[2400];
	DIR *d;
	struct dirent *e;

	path_of(s, game, dir, sizeof dir);
	if (!(d = opendir(dir)))
		return errno == ENOENT ? 0 : fail("cannot read %s: %s", dir, strerror(errno));
	while ((e = readdir(d)))
		if (ours(e->d_name)) {
			snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
			if (unlink(path) && errno != ENOENT) {
				closedir(d);
				return fail("cannot remove %s: %s", path, strerror(errno));
			}
			s->written++;
		}
	closedir(d);
	rmdir(dir);   /* left if the admin keeps something there */
	return 0;
}

void web_page_start(struct strbuf *out, const char *title, const char *up, const char *feed)
{
	strbuf_addstr(out, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
	              "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>");
	web_esc(out, title);
	strbuf_addf(out, "</title>\n<link rel=\"stylesheet\" href=\"%sstyle.css\">\n", up);
	if (feed) {
		strbuf_addstr(out, "<link rel=\"alternate\" type=\"application/atom+xml\" title=\"");
		web_esc(out, title);
		strbuf_addf(out, "\" href=\"%s\">\n", feed);
	}
	strbuf_addstr(out, "</head>\n<body>\n");
}

void web_page_end(struct strbuf *out)
{
	strbuf_addstr(out, "</main>\n<footer><p>Written by the Judge from its games' public record."
	              "</p></footer>\n</body>\n</html>\n");
}

void web_time(long long t, char *out, size_t size)
{
	time_t tt = (time_t)t;
	struct tm tm;

	gmtime_r(&tt, &tm);
	strftime(out, size, "%Y-%m-%d %H:%M UTC", &tm);
}

void web_time_rfc3339(long long t, char *out, size_t size)
{
	time_t tt = (time_t)t;
	struct tm tm;

	gmtime_r(&tt, &tm);
	strftime(out, size, "%Y-%m-%dT%H:%M:%SZ", &tm);
}
