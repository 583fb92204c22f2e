#!/usr/bin/env python3
# tests/mail/hung_smtp.py PORTFILE - an SMTP server on loopback that takes
# one message whole and then never answers its end (the reply lost, as
# RFC 1047 describes): a client cannot know whether it was taken.  Writes
# its port to PORTFILE, and "taken" to PORTFILE.got once the message is in.
import os
import socket
import sys
import time

srv = socket.socket()
srv.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
srv.bind(("127.0.0.1", 0))
srv.listen(5)
srv.settimeout(60)
with open(sys.argv[1] + ".tmp", "w") as f:
    f.write(str(srv.getsockname()[1]))
os.rename(sys.argv[1] + ".tmp", sys.argv[1])
conn, _ = srv.accept()
lines = conn.makefile("rb")
conn.sendall(b"220 hung.test\r\n")
for line in lines:
    verb = line[:4].upper()
    if verb in (b"EHLO", b"HELO", b"MAIL", b"RCPT", b"RSET", b"NOOP"):
        conn.sendall(b"250 ok\r\n")
    elif verb == b"DATA":
        conn.sendall(b"354 go on\r\n")
        for body in lines:
            if body == b".\r\n":
                break
        with open(sys.argv[1] + ".got", "w") as f:
            f.write("taken\n")
        time.sleep(30)
        break
    else:
        break
