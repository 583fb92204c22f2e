/*
 * tests/mail/maildir_test.c - Maildir reading and delivery, and the
 * delivery backends that need no network: "maildir", and "sendmail" run
 * with fake_sendmail.sh.  "smtp" is only checked to fail cleanly when no
 * server listens.
 */
#include <dirent.h>
#include <signal.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "maildir/deliver.h"
#include "maildir/smtp_module.h"
#include "maildir/inmail.h"
#include "maildir/maildir.h"
#include "mailtest.h"
#include "tests/check.h"
#include "base/error.h"

#define FAKE "/bin/sh " JUDGE_SRCDIR "/tests/mail/fake_sendmail.sh"

static char tmpdir[256];

static int count_files(const char *dir)
{
	struct dirent *de;
	int n = 0;
	DIR *d = opendir(dir);

	if (d == NULL)
		return -1;
	while ((de = readdir(d)) != NULL)
		if (de->d_name[0] != '.')
			n++;
	closedir(d);
	return n;
}

static char *path(const char *fmt, const char *a, const char *b)
{
	static char buf[1024];

	snprintf(buf, sizeof buf, fmt, a, b);
	return buf;
}

static void test_maildir(void)
{
	static const char *const msgs[] = { "Subject: one\n\n1\n",
		"Subject: two\r\n\r\n2\r\n", "Subject: three\n\n3\n" };
	char dir[512], **names = NULL, *data = NULL;
	size_t len;
	int n, i;

	snprintf(dir, sizeof dir, "%s/in/box", tmpdir);
	CHECK(maildir_scan(dir, &names, &n) == -1,
	    "scan of a missing Maildir fails");
	CHECK(strstr(fail_text(), dir), "error names it: %s", fail_text());

	for (i = 0; i < 3; i++)
		CHECK(maildir_deliver(dir, msgs[i], strlen(msgs[i])) == 0,
		    "deliver %d: %s", i, fail_text());
	CHECK(count_files(path("%s/tmp", dir, NULL)) == 0, "tmp/ is empty");
	CHECK(count_files(path("%s/cur", dir, NULL)) == 0, "cur/ is empty");

	/* Files starting with a dot are not messages. */
	fclose(fopen(path("%s/new/.junk", dir, NULL), "w"));

	CHECK(maildir_scan(dir, &names, &n) == 0, "scan: %s", fail_text());
	CHECK(n == 3, "3 messages, got %d", n);
	for (i = 1; i < n; i++)
		CHECK(strcmp(names[i - 1], names[i]) < 0, "sorted");
	/* Delivery order is name order: each is read back as written. */
	for (i = 0; i < n && i < 3; i++) {
		CHECK(maildir_read(dir, names[i], 0, &data, &len) == 0,
		    "read %s: %s", names[i], fail_text());
		CHECK(data && len == strlen(msgs[i]) &&
		    memcmp(data, msgs[i], len) == 0, "content of %d", i);
		free(data);
	}

	CHECK(maildir_done(dir, names[0]) == 0, "done: %s", fail_text());
	CHECK(count_files(path("%s/new", dir, NULL)) == 2, "2 left in new/");
	CHECK(access(path("%s/cur/%s:2,", dir, names[0]), F_OK) == 0,
	    "moved to cur/ with :2,");
	CHECK(maildir_read(dir, names[0], 0, &data, &len) == -1,
	    "a done message is no longer in new/");
	CHECK(maildir_done(dir, names[0]) == -1, "done twice fails");

	CHECK(maildir_read(dir, "../new/x", 0, &data, &len) == -1,
	    "a name with / is refused");
	CHECK(maildir_read(dir, ".junk", 0, &data, &len) == -1,
	    "a dot name is refused");
	CHECK(maildir_done(dir, "") == -1, "an empty name is refused");
	maildir_names_free(names, n);

	CHECK(maildir_scan(dir, &names, &n) == 0 && n == 2,
	    "rescan: %d", n);
	maildir_names_free(names, n);
}

static const char message[] =
    "From: Diplomacy Judge <judge@judge.example.net>\r\n"
    "To: alice@example.org\r\n"
    "Subject: Orders received\r\n"
    "Message-ID: <judge-1@judge.example.net>\r\n"
    "\r\n"
    "A Rom - Nea\r\n"
    ".\r\n";

static void test_deliver_maildir(void)
{
	const struct deliver_ops *ops = deliver_lookup("maildir");
	char dir[512], **names = NULL, *data = NULL;
	void *ctx = NULL;
	struct inmail m;
	size_t len;
	int n;

	CHECK(ops != NULL, "maildir backend");
	if (ops == NULL)
		return;
	CHECK(ops->open(&ctx, NULL, 10) == -1, "needs a directory");
	snprintf(dir, sizeof dir, "%s/out", tmpdir);
	CHECK(ops->open(&ctx, dir, 10) == 0, "open: %s", fail_text());
	CHECK(ops->send(ctx, "judge@judge.example.net", "alice@example.org",
	    message, strlen(message)) == 0, "send: %s", fail_text());
	CHECK(ops->send(ctx, "judge@judge.example.net", "../evil", message,
	    strlen(message)) == DELIVER_EPERM, "../evil refused");
	CHECK(ops->send(ctx, "judge@judge.example.net", "", message,
	    strlen(message)) == DELIVER_EPERM, "empty rcpt refused");
	CHECK(ops->send(ctx, "judge@judge.example.net", "a/b@example.org",
	    message, strlen(message)) == DELIVER_EPERM,
	    "rcpt with / refused");
	ops->close(ctx);

	snprintf(dir, sizeof dir, "%s/out/alice@example.org", tmpdir);
	CHECK(maildir_scan(dir, &names, &n) == 0 && n == 1,
	    "one message for alice");
	if (n == 1 && maildir_read(dir, names[0], 0, &data, &len) == 0) {
		CHECK(strncmp(data, "Return-Path: <judge@judge.example.net>\n"
		    "From: ", 45) == 0, "Return-Path added: %.60s", data);
		CHECK(strchr(data, '\r') == NULL, "stored with LF");
		CHECK(inmail_parse(data, len, NULL, 0, &m) == 0, "parse");
		CHECK_STR("delivered body", m.body, "A Rom - Nea\n.\n");
		CHECK_STR("return path", m.return_path,
		    "judge@judge.example.net");
		inmail_free(&m);
		free(data);
	}
	maildir_names_free(names, n);
	CHECK(count_files(path("%s/out", tmpdir, NULL)) == 1,
	    "nothing else was created");
}

static char *read_file(const char *p)
{
	size_t len;

	if (access(p, F_OK) != 0)
		return NULL;
	return slurp(p, &len);
}

static int sendmail(const char *cmd, const char *from, const char *rcpt,
    const char *msg, const char *status)
{
	const struct deliver_ops *ops = deliver_lookup("sendmail");
	void *ctx = NULL;
	int r;

	setenv("FAKE_SENDMAIL_EXIT", status, 1);
	if (ops->open(&ctx, cmd, 10) < 0)
		return 99;
	r = ops->send(ctx, from, rcpt, msg, strlen(msg));
	ops->close(ctx);
	return r;
}

static void test_deliver_sendmail(void)
{
	char out[512], args[600], *s;
	void *ctx = NULL;
	int r;

	CHECK(deliver_lookup("sendmail") != NULL, "sendmail backend");
	snprintf(out, sizeof out, "%s/sendmail.out", tmpdir);
	snprintf(args, sizeof args, "%s.args", out);
	setenv("FAKE_SENDMAIL_OUT", out, 1);

	/* Without -t the recipient follows "--". */
	r = sendmail(FAKE " -oi", "judge@judge.example.net",
	    "alice@example.org", message, "0");
	CHECK(r == 0, "send: %d %s", r, fail_text());
	CHECK_STR("args", s = read_file(args), "-oi\n-f\n"
	    "judge@judge.example.net\n--\nalice@example.org\n");
	free(s);
	s = read_file(out);
	CHECK(s && strchr(s, '\r') == NULL && strstr(s, "\nA Rom - Nea\n.\n"),
	    "message on stdin with LF");
	free(s);

	/* With -t the recipients come from the header. */
	r = sendmail(FAKE " -t -oi", "judge@judge.example.net",
	    "alice@example.org", message, "0");
	CHECK(r == 0, "send -t: %d %s", r, fail_text());
	CHECK_STR("args -t", s = read_file(args), "-t\n-oi\n-f\n"
	    "judge@judge.example.net\n");
	free(s);

	r = sendmail(FAKE " -t", "judge@judge.example.net",
	    "alice@example.org", message, "75");
	CHECK(r == DELIVER_ETEMP, "EX_TEMPFAIL is temporary: %d", r);
	CHECK(strstr(fail_text(), "status 75") &&
	    strstr(fail_text(), "fake sendmail: failing"),
	    "error quotes it: %s", fail_text());
	CHECK(sendmail(FAKE " -t", "j@example.net", "a@example.org", message,
	    "67") == DELIVER_EPERM, "EX_NOUSER is permanent");
	CHECK(sendmail(FAKE " -t", "j@example.net", "a@example.org", message,
	    "65") == DELIVER_EPERM, "EX_DATAERR is permanent");
	CHECK(sendmail(FAKE " -t", "j@example.net", "a@example.org", message,
	    "1") == DELIVER_ETEMP, "other failures are temporary");
	CHECK(sendmail(FAKE, "j@example.net", "-oQ/tmp", message, "0") ==
	    DELIVER_EPERM, "a recipient like an option is refused");

	r = sendmail("/nonexistent/sendmail -t", "j@example.net",
	    "a@example.org", message, "0");
	CHECK(r == DELIVER_ETEMP, "missing command is temporary: %d", r);
	CHECK(strstr(fail_text(), "cannot run /nonexistent/sendmail"),
	    "error says so: %s", fail_text());

	CHECK(deliver_lookup("sendmail")->open(&ctx, " ", 10) == 0,
	    "blank command means the default");
	deliver_lookup("sendmail")->close(ctx);

	/* A message bigger than any pipe buffer. */
	{
		size_t n = 1 << 20, i;
		char *big = malloc(n + 1);

		for (i = 0; i < n; i++)
			big[i] = i % 64 == 63 ? '\n' : 'x';
		big[n] = '\0';
		CHECK(sendmail(FAKE " -t", "j@example.net", "a@example.org",
		    big, "0") == 0, "1 MB: %s", fail_text());
		s = read_file(out);
		CHECK(s && strlen(s) == n, "1 MB arrived whole");
		free(s);
		free(big);
	}
	unsetenv("FAKE_SENDMAIL_EXIT");
}

static void test_deliver_smtp(void)
{
	const struct deliver_ops *ops = deliver_lookup("smtp");
	void *ctx = NULL;

	/* the backend is a module (maildir/smtp_module.h), as the program has it */
	smtp_module_path_set(JUDGE_BUILDDIR "/maildir/smtp.so");

	CHECK(ops != NULL, "smtp backend");
	if (ops == NULL)
		return;
	/* Port 1 on loopback: nothing listens, the refusal is immediate. */
	CHECK(ops->open(&ctx, "127.0.0.1:1", 10) == -1, "no server");
	CHECK(strstr(fail_text(), "cannot connect to 127.0.0.1:1"),
	    "error says so: %s", fail_text());
	CHECK(ops->open(&ctx, "localhost:99999", 10) == -1, "bad port");
	CHECK(ops->open(&ctx, "[::1", 10) == -1, "bad address");
	CHECK(strstr(fail_text(), "invalid SMTP server"), "error: %s",
	    fail_text());
	CHECK(deliver_lookup("carrier-pigeon") == NULL, "unknown backend");
	CHECK(deliver_lookup(NULL) == NULL, "no name");
}

static void remove_tree(const char *p)
{
	struct dirent *de;
	char sub[1024];
	struct stat st;
	DIR *d;

	if (lstat(p, &st) < 0)
		return;
	if (S_ISDIR(st.st_mode) && (d = opendir(p)) != NULL) {
		while ((de = readdir(d)) != NULL) {
			if (strcmp(de->d_name, ".") == 0 ||
			    strcmp(de->d_name, "..") == 0)
				continue;
			snprintf(sub, sizeof sub, "%s/%s", p, de->d_name);
			remove_tree(sub);
		}
		closedir(d);
		rmdir(p);
	} else {
		unlink(p);
	}
}

/* A stand-in sendmail in tmpdir called name, whose script is body. */
static void script(char *path, size_t size, const char *name, const char *body)
{
	FILE *f;

	snprintf(path, size, "%s/%s", tmpdir, name);
	f = fopen(path, "w");
	fprintf(f, "#!/bin/sh\n%s", body);
	fclose(f);
	chmod(path, 0755);
}

/* 1 if a process of group pgid still runs: a zombie does not count (the
 * orphaned sleep is one until init reaps it, which may take seconds). */
static int group_alive(int pgid)
{
	DIR *d = opendir("/proc");
	struct dirent *e;
	int alive = 0;

	if (d == NULL)
		return kill(-pgid, 0) == 0;
	while (!alive && (e = readdir(d)) != NULL) {
		char path[300], state;
		int group;
		FILE *f;

		snprintf(path, sizeof path, "/proc/%s/stat", e->d_name);
		if (atoi(e->d_name) <= 0 || (f = fopen(path, "r")) == NULL)
			continue;
		/* pid (comm) state ppid pgrp: comm holds no ") " here */
		if (fscanf(f, "%*d (%*[^)]) %c %*d %d", &state, &group) == 2)
			alive = group == pgid && state != 'Z';
		fclose(f);
	}
	closedir(d);
	return alive;
}

/* A sendmail that hangs is ended at the timeout, its children too; and
 * what it had read says whether it may have taken the message. */
static void test_deliver_sendmail_hang(void)
{
	static const struct {
		const char *name, *body, *what;
		size_t size;
		int want;
	} cases[] = {
		{ "noread", "echo $$ >\"$0.pid\"\nsleep 30\n", "sleeps without reading", 100, DELIVER_EHUNG },
		{ "noread", "echo $$ >\"$0.pid\"\nsleep 30\n", "never reads 1 MB", 1 << 20, DELIVER_EHUNG },
		{ "readall", "echo $$ >\"$0.pid\"\ncat >/dev/null\nsleep 30\n", "reads it all, then sleeps", 100,
		  DELIVER_EUNSURE },
	};
	const struct deliver_ops *ops = deliver_lookup("sendmail");

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char path[400], pidfile[420], *msg = malloc(cases[i].size + 1), *pid;
		struct timespec t0, t1;
		void *ctx = NULL;
		long ms;
		int r;

		for (size_t k = 0; k < cases[i].size; k++)
			msg[k] = k % 64 == 63 ? '\n' : 'x';
		msg[cases[i].size] = '\0';
		script(path, sizeof path, cases[i].name, cases[i].body);
		snprintf(pidfile, sizeof pidfile, "%s.pid", path);
		unlink(pidfile);
		CHECK(ops->open(&ctx, path, 1) == 0, "open %s", path);
		clock_gettime(CLOCK_MONOTONIC, &t0);
		r = ops->send(ctx, "j@example.net", "a@example.org", msg, cases[i].size);
		clock_gettime(CLOCK_MONOTONIC, &t1);
		ops->close(ctx);
		CHECK(r == cases[i].want, "a sendmail that %s: %d (%s)", cases[i].what, r, fail_text());
		ms = (t1.tv_sec - t0.tv_sec) * 1000 + (t1.tv_nsec - t0.tv_nsec) / 1000000;
		CHECK(ms >= 1000 && ms < 3000, "%s: ended after the 1 s timeout, not %ld ms",
		    cases[i].what, ms);
		/* the shell and its sleep, one group: both ended */
		pid = read_file(pidfile);
		/* SIGKILL is delivered when the killed process next runs, which
		 * on a loaded machine can be a while after the send returned:
		 * give it two seconds (the sleep it runs would last thirty) */
		for (int tries = 0; pid && group_alive(atoi(pid)) && tries < 200; tries++)
			nanosleep(&(struct timespec){ 0, 10 * 1000 * 1000 }, NULL);
		CHECK(pid && !group_alive(atoi(pid)), "%s: its process group %s ended", cases[i].what,
		    pid ? pid : "(none)");
		free(pid);
		free(msg);
	}
}

int main(void)
{
	const char *t = getenv("TMPDIR");

	snprintf(tmpdir, sizeof tmpdir, "%s/maildir_test.XXXXXX",
	    t && *t ? t : "/tmp");
	if (mkdtemp(tmpdir) == NULL) {
		perror("mkdtemp");
		return 1;
	}
	test_maildir();
	test_deliver_maildir();
	test_deliver_sendmail();
	test_deliver_sendmail_hang();
	test_deliver_smtp();
	if (check_failed == 0)
		remove_tree(tmpdir);
	else
		printf("files kept in %s\n", tmpdir);
	return check_done("maildir_test");
}
