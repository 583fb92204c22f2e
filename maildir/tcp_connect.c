/*
 * maildir/tcp_connect.c - a TCP connection to host:port within a time
 * limit, for the SMTP backend (deliver_smtp.c).
 *
 * libetpan's mailsmtp_socket_connect would do this, but it lives in the
 * archive member that also holds STARTTLS, which pulls libetpan's TLS
 * stream and with it GnuTLS and its eight libraries into the module:
 * their loading and GnuTLS's start-up were most of the CPU a `receive`
 * spent handing its reply to the MTA (bench/README.md, "The hand-over
 * without GnuTLS").  The Judge speaks plain SMTP to its own MTA, so the
 * module connects the socket itself and gives it to libetpan's public
 * mailstream_socket_open_timeout and mailsmtp_connect, which need no TLS.
 */
#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "maildir/tcp_connect.h"
#include "base/error.h"

/* One address: 0 and the socket in *fd, or an errno. */
static int try_address(const struct addrinfo *a, int timeout, int *fd)
{
	int s, err = 0;
	socklen_t len = sizeof err;
	struct pollfd p;

	s = socket(a->ai_family, a->ai_socktype | SOCK_CLOEXEC | SOCK_NONBLOCK, a->ai_protocol);
	if (s < 0)
		return errno;
	if (connect(s, a->ai_addr, a->ai_addrlen) != 0) {
		if (errno != EINPROGRESS) {
			err = errno;
			close(s);
			return err;
		}
		p.fd = s;
		p.events = POLLOUT;
		int n;
		while ((n = poll(&p, 1, timeout * 1000)) < 0 && errno == EINTR)
			;
		if (n == 0)
			err = ETIMEDOUT;
		else if (n < 0 || getsockopt(s, SOL_SOCKET, SO_ERROR, &err, &len) != 0)
			err = errno;
		if (err) {
			close(s);
			return err;
		}
	}
	/* libetpan's stream waits for each read and write with its own
	 * timeout and then expects the call to block */
	int flags = fcntl(s, F_GETFL);
	if (flags < 0 || fcntl(s, F_SETFL, flags & ~O_NONBLOCK) != 0) {
		err = errno;
		close(s);
		return err;
	}
	*fd = s;
	return 0;
}

int tcp_connect(const char *host, unsigned port, int timeout)
{
	struct addrinfo hints, *list, *a;
	char service[8];
	int fd = -1, err = ECONNREFUSED, r;

	if (port == 0 || port > 65535)
		return fail("%s: port %u is not a TCP port", host, port);
	memset(&hints, 0, sizeof hints);
	hints.ai_family = AF_UNSPEC;
	hints.ai_socktype = SOCK_STREAM;
	hints.ai_flags = AI_ADDRCONFIG;
	snprintf(service, sizeof service, "%u", port);
	if ((r = getaddrinfo(host, service, &hints, &list)) != 0)
		return fail("cannot find %s: %s", host, gai_strerror(r));
	/* every address in turn, as a host with IPv6 and IPv4 may listen
	 * on one of them only; the last failure is the one reported */
	for (a = list; a != NULL && fd < 0; a = a->ai_next)
		err = try_address(a, timeout, &fd);
	freeaddrinfo(list);
	if (fd < 0)
		return fail("cannot connect to %s:%u: %s", host, port, strerror(err));
	return fd;
}
