#!/usr/bin/env python3
# tests/mail/smtp_server.py PORTFILE [helo|refuse] - an SMTP server on
# loopback for tests/mail/smtp_test.c, that answers each transaction as its
# addresses ask, so that one server shows every outcome a real one can
# give: the local part of the recipient (or of the sender, for MAIL FROM)
# says what to do.
#   perm@...     550 at RCPT TO (a permanent refusal)
#   temp@...     451 at RCPT TO (a temporary one)
#   busy@...     (sender) 452 at MAIL FROM
#   drop@...     the connection closed at RCPT TO, without a reply
#   lost@...     the message taken whole, the connection closed before the reply
#   silent@...   the message taken whole, then no reply for 5 seconds
#   once@...     the message taken, then the connection closed (an idle
#                timeout between two messages)
#   rsetdrop@... 550 at RCPT TO, and the connection closed at the RSET after it
# anything else is taken.  Mode "helo" refuses EHLO with 502 (an old
# server: the client must fall back to HELO); "refuse" answers 554 to
# EHLO and HELO.  Serves connections one after another until killed, and
# appends what it took to PORTFILE.log: "from to" and the message, then a
# line "." (dot-unstuffed, as the recipient's MTA stores it).
import os
import socket
import sys
import time

portfile = sys.argv[1]
mode = sys.argv[2] if len(sys.argv) > 2 else ""

srv = socket.socket()
srv.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
srv.bind(("127.0.0.1", 0))
srv.listen(5)
srv.settimeout(120)
with open(portfile + ".tmp", "w") as f:
    f.write(str(srv.getsockname()[1]))
os.rename(portfile + ".tmp", portfile)


def local(arg):
    """The local part of the address in "FROM:<a@b>" or "TO:<a@b>"."""
    addr = arg.split(b"<", 1)[-1].split(b">", 1)[0]
    return addr.split(b"@", 1)[0].decode()


def session(conn):
    lines = conn.makefile("rb")
    say = conn.sendall
    say(b"220 test.smtp ESMTP\r\n")
    sender = rcpt = ""
    after_refusal = ""
    for line in lines:
        verb = line[:4].upper()
        arg = line[5:].rstrip(b"\r\n")
        if verb == b"EHLO":
            say(b"502 5.5.1 no EHLO here\r\n" if mode == "helo" else
                b"554 5.7.1 go away\r\n" if mode == "refuse" else
                b"250-test.smtp\r\n250 8BITMIME\r\n")
        elif verb == b"HELO":
            say(b"554 5.7.1 go away\r\n" if mode == "refuse" else b"250 test.smtp\r\n")
        elif verb == b"MAIL":
            sender = arg.split(b"<", 1)[-1].split(b">", 1)[0].decode()
            if local(arg) == "busy":
                say(b"452 4.3.1 insufficient system storage\r\n")
            else:
                say(b"250 2.1.0 ok\r\n")
        elif verb == b"RCPT":
            rcpt = arg.split(b"<", 1)[-1].split(b">", 1)[0].decode()
            who = local(arg)
            if who == "drop":
                return
            if who in ("perm", "rsetdrop"):
                after_refusal = who
                say(b"550 5.1.1 <" + rcpt.encode() + b"> no such user\r\n")
            elif who == "temp":
                say(b"451 4.7.1 greylisted, try again later\r\n")
            else:
                say(b"250 2.1.5 ok\r\n")
        elif verb == b"RSET":
            if after_refusal == "rsetdrop":
                return
            after_refusal = ""
            say(b"250 2.0.0 ok\r\n")
        elif verb == b"DATA":
            say(b"354 go on\r\n")
            body = []
            for b in lines:
                if b == b".\r\n":
                    break
                body.append(b[1:] if b.startswith(b".") else b)
            with open(portfile + ".log", "ab") as f:
                f.write(("%s %s\n" % (sender, rcpt)).encode())
                f.write(b"".join(body).replace(b"\r\n", b"\n"))
                f.write(b".\n")
            who = rcpt.split("@", 1)[0]
            if who == "lost":
                return
            if who == "silent":
                time.sleep(5)
                return
            say(b"250 2.0.0 queued\r\n")
            if who == "once":
                return
        elif verb == b"NOOP":
            say(b"250 ok\r\n")
        elif verb == b"QUIT":
            say(b"221 bye\r\n")
            return
        else:
            say(b"500 5.5.2 what?\r\n")


while True:
    try:
        conn, _ = srv.accept()
    except socket.timeout:
        break
    try:
        session(conn)
    except OSError:
        pass
    conn.close()
