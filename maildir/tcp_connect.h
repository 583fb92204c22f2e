/*
 * maildir/tcp_connect.h - a TCP connection within a time limit, for the
 * SMTP module (tcp_connect.c says why the module does not let libetpan
 * open it).
 */
#ifndef JUDGE_TCP_CONNECT_H
#define JUDGE_TCP_CONNECT_H

#include "base/error.h"

/* A connected, blocking socket to host:port, trying each of the host's
 * addresses with `timeout` seconds each; -1 after fail(). */
MUST_CHECK int tcp_connect(const char *host, unsigned port, int timeout);

#endif
