/*
 * tests/mail/smtp_test.c - the "smtp" delivery backend (deliver_smtp.c)
 * against a real SMTP conversation on loopback: tests/mail/smtp_server.py,
 * whose answers the addresses choose, so that each outcome a server can
 * give is met once: a message taken (and what arrived, dot-unstuffed),
 * permanent and temporary refusals at MAIL FROM and RCPT TO, an old
 * server without EHLO, a greeting refused, a connection dropped before
 * the message (retried on a new one), dropped after it or silent past the
 * timeout (DELIVER_EUNSURE: never sent twice), closed while idle between
 * two messages, bad addresses refused before any server is asked, and a
 * port where nothing listens (the module opens the socket itself:
 * maildir/tcp_connect.c).
 * Skips (77) where python3 cannot run.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <signal.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "base/error.h"
#include "maildir/deliver.h"
#include "maildir/smtp_module.h"
#include "mailtest.h"
#include "tests/check.h"

#define SERVER JUDGE_SRCDIR "/tests/mail/smtp_server.py"

static char dir[] = "/tmp/smtp_test.XXXXXX";
static const struct deliver_ops *ops;

struct server {
	pid_t pid;
	char addr[64];		/* "127.0.0.1:port" */
	char log[128];		/* what it took */
};

/* Start smtp_server.py in mode; 0, or 1 if python3 cannot run it here. */
static int start(struct server *s, const char *mode)
{
	char portfile[96], port[16] = "";
	struct timespec tick = { 0, 20 * 1000 * 1000 };
	FILE *f;

	snprintf(portfile, sizeof portfile, "%s/%s.port", dir, *mode ? mode : "plain");
	snprintf(s->log, sizeof s->log, "%s.log", portfile);
	if ((s->pid = fork()) < 0)
		check_abort("fork: %s", strerror(errno));
	if (s->pid == 0) {
		execlp("python3", "python3", SERVER, portfile, mode, (char *)NULL);
		_exit(127);
	}
	for (int i = 0; i < 500; i++) {
		if ((f = fopen(portfile, "r")) != NULL) {
			if (!fgets(port, sizeof port, f))
				port[0] = '\0';
			fclose(f);
			break;
		}
		if (waitpid(s->pid, NULL, WNOHANG) == s->pid)
			return 1;
		nanosleep(&tick, NULL);
	}
	if (!*port)
		check_abort("%s did not start", SERVER);
	snprintf(s->addr, sizeof s->addr, "127.0.0.1:%s", port);
	return 0;
}

static void stop(struct server *s)
{
	kill(s->pid, SIGTERM);
	waitpid(s->pid, NULL, 0);
}

/* Send msg from -> to on ctx; the result. */
static int send_one(void *ctx, const char *from, const char *to, const char *msg)
{
	return ops->send(ctx, from, to, msg, strlen(msg));
}

#define MSG "From: j@judge.test\r\nSubject: t\r\n\r\nline one\r\n.a line with a dot\r\n\r\n"

/* The transactions of one plain server, in the order that leaves the
 * connection as each case needs it. */
static void plain(void)
{
	struct server s;
	void *ctx = NULL, *quick = NULL;
	char *log;

	if (start(&s, "")) {
		check_skip("python3 cannot run the SMTP server");
		exit(CHECK_SKIPPED);
	}
	if (!CHECK(ops->open(&ctx, s.addr, 5) == 0, "open %s: %s", s.addr, fail_text())) {
		stop(&s);
		return;
	}
	CHECK_EQ(send_one(ctx, "j@judge.test", "a@t.test", MSG), 0);

	CHECK_EQ(send_one(ctx, "j@judge.test", "perm@t.test", MSG), DELIVER_EPERM);
	CHECK(strstr(fail_text(), "refused RCPT TO <perm@t.test>: 550") &&
	      strstr(fail_text(), "no such user"), "a 5xx is quoted: %s", fail_text());
	CHECK_EQ(send_one(ctx, "j@judge.test", "temp@t.test", MSG), DELIVER_ETEMP);
	CHECK(strstr(fail_text(), "refused RCPT TO <temp@t.test>: 451"), "a 4xx: %s", fail_text());
	CHECK_EQ(send_one(ctx, "busy@judge.test", "a@t.test", MSG), DELIVER_ETEMP);
	CHECK(strstr(fail_text(), "refused MAIL FROM <busy@judge.test>: 452"), "at MAIL FROM: %s",
	      fail_text());
	/* each refusal was reset, and the same connection takes the next */
	CHECK_EQ(send_one(ctx, "j@judge.test", "b@t.test", MSG), 0);

	/* closed while idle: the next message goes on a new connection */
	CHECK_EQ(send_one(ctx, "j@judge.test", "once@t.test", MSG), 0);
	CHECK(send_one(ctx, "j@judge.test", "c@t.test", MSG) == 0, "after an idle close: %s",
	      fail_text());

	/* dropped before the message: tried once more on a new connection,
	 * dropped again, so temporary */
	CHECK_EQ(send_one(ctx, "j@judge.test", "drop@t.test", MSG), DELIVER_ETEMP);
	CHECK(strstr(fail_text(), "lost at RCPT TO"), "says where: %s", fail_text());
	/* dropped once the message went: it may have been taken */
	CHECK_EQ(send_one(ctx, "j@judge.test", "lost@t.test", MSG), DELIVER_EUNSURE);
	CHECK(strstr(fail_text(), "lost at the message"), "says where: %s", fail_text());
	CHECK(send_one(ctx, "j@judge.test", "d@t.test", MSG) == 0, "reconnects: %s", fail_text());
	/* a session that breaks at its RSET is not reused */
	CHECK_EQ(send_one(ctx, "j@judge.test", "rsetdrop@t.test", MSG), DELIVER_EPERM);
	CHECK(send_one(ctx, "j@judge.test", "e@t.test", MSG) == 0, "after RSET broke: %s",
	      fail_text());

	/* refused before any server is asked */
	CHECK_EQ(send_one(ctx, "j@judge.test", "a b@t.test", MSG), DELIVER_EPERM);
	CHECK(strstr(fail_text(), "invalid recipient"), "bad rcpt: %s", fail_text());
	CHECK_EQ(send_one(ctx, "j@judge.test", NULL, MSG), DELIVER_EPERM);
	CHECK_EQ(send_one(ctx, "<j@judge.test>", "a@t.test", MSG), DELIVER_ETEMP);
	CHECK(strstr(fail_text(), "invalid envelope sender"), "bad sender: %s", fail_text());
	/* the null sender, as bounces go */
	CHECK(send_one(ctx, NULL, "f@t.test", MSG) == 0, "null sender: %s", fail_text());

	/* silent past the timeout once the message went: unsure, and the
	 * test waits no longer than its one second (the server serves one
	 * connection at a time: the first is closed before) */
	ops->close(ctx);
	CHECK(ops->open(&quick, s.addr, 1) == 0, "open: %s", fail_text());
	if (quick) {
		time_t t0 = time(NULL);
		CHECK_EQ(send_one(quick, "j@judge.test", "silent@t.test", MSG), DELIVER_EUNSURE);
		CHECK(time(NULL) - t0 <= 3, "gave up after the timeout");
		ops->close(quick);
	}
	stop(&s);

	log = slurp(s.log, NULL);
	CHECK_STR("what the server took",
	          log,
	          "j@judge.test a@t.test\nFrom: j@judge.test\nSubject: t\n\nline one\n"
	          ".a line with a dot\n.\n"
	          "j@judge.test b@t.test\nFrom: j@judge.test\nSubject: t\n\nline one\n"
	          ".a line with a dot\n.\n"
	          "j@judge.test once@t.test\nFrom: j@judge.test\nSubject: t\n\nline one\n"
	          ".a line with a dot\n.\n"
	          "j@judge.test c@t.test\nFrom: j@judge.test\nSubject: t\n\nline one\n"
	          ".a line with a dot\n.\n"
	          "j@judge.test lost@t.test\nFrom: j@judge.test\nSubject: t\n\nline one\n"
	          ".a line with a dot\n.\n"
	          "j@judge.test d@t.test\nFrom: j@judge.test\nSubject: t\n\nline one\n"
	          ".a line with a dot\n.\n"
	          "j@judge.test e@t.test\nFrom: j@judge.test\nSubject: t\n\nline one\n"
	          ".a line with a dot\n.\n"
	          " f@t.test\nFrom: j@judge.test\nSubject: t\n\nline one\n"
	          ".a line with a dot\n.\n"
	          "j@judge.test silent@t.test\nFrom: j@judge.test\nSubject: t\n\nline one\n"
	          ".a line with a dot\n.\n");
	free(log);
}

/* A server without EHLO gets HELO; one that refuses both, no session. */
static void greetings(void)
{
	struct server s;
	void *ctx = NULL;

	if (start(&s, "helo") == 0) {
		CHECK(ops->open(&ctx, s.addr, 5) == 0, "HELO after EHLO refused: %s", fail_text());
		if (ctx) {
			CHECK(send_one(ctx, "j@judge.test", "a@t.test", MSG) == 0, "sent: %s",
			      fail_text());
			ops->close(ctx);
		}
		stop(&s);
	}
	ctx = NULL;
	if (start(&s, "refuse") == 0) {
		CHECK(ops->open(&ctx, s.addr, 5) == -1, "a refused greeting fails the open");
		CHECK(strstr(fail_text(), "refused our greeting: 554") &&
		      strstr(fail_text(), "go away"), "and quotes it: %s", fail_text());
		stop(&s);
	}
}

/* A port nothing listens on: the open fails at once and says why. */
static void unreachable(void)
{
	struct sockaddr_in a = { .sin_family = AF_INET };
	socklen_t len = sizeof a;
	char addr[64];
	void *ctx = NULL;
	int fd = socket(AF_INET, SOCK_STREAM, 0);

	/* a port the kernel gave and took back: free, and nobody's */
	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (fd < 0 || bind(fd, (struct sockaddr *)&a, sizeof a) != 0 ||
	    getsockname(fd, (struct sockaddr *)&a, &len) != 0)
		check_abort("a free port: %s", strerror(errno));
	close(fd);
	snprintf(addr, sizeof addr, "127.0.0.1:%u", (unsigned)ntohs(a.sin_port));
	time_t t0 = time(NULL);
	CHECK(ops->open(&ctx, addr, 5) == -1, "nothing listens at %s", addr);
	CHECK(strstr(fail_text(), "cannot connect to 127.0.0.1:") &&
	      strstr(fail_text(), "refused"), "and says so: %s", fail_text());
	CHECK(time(NULL) - t0 <= 1, "at once, not after the timeout");
}

int main(void)
{
	/* left at its default, a write to a closed socket would kill the
	 * test: deliver_smtp.c must guard its writes itself */
	signal(SIGPIPE, SIG_DFL);
	if (!mkdtemp(dir))
		check_abort("mkdtemp: %s", strerror(errno));
	/* through the module, as the judge program sends */
	smtp_module_path_set(JUDGE_BUILDDIR "/maildir/smtp.so");
	ops = deliver_lookup("smtp");
	if (!CHECK(ops != NULL, "the smtp backend"))
		return check_done("smtp_test");
	plain();
	greetings();
	unreachable();
	if (check_failed == 0) {
		char cmd[128];
		snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
		if (system(cmd) != 0)
			printf("cannot remove %s\n", dir);
	} else {
		printf("files kept in %s\n", dir);
	}
	return check_done("smtp_test");
}
