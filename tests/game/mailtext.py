#!/usr/bin/env python3
"""Print the decoded text of every message in the Maildirs given (their
new/ folders), headers and all, so tests can grep what a player reads
rather than the quoted-printable on the wire.  With --file, the messages
named instead (one file each).  With --bodies first, the bodies only:
what a reader reads, for the tests of its width.  A multipart message
shows its text parts, and for every other part one line
"[attachment: TYPE FILENAME, N bytes]" (N decoded), so that tests can
check a picture is there without reading it.  With --count TEXT first,
only the number of messages whose text (as it would be printed) holds
TEXT: one run for a whole Maildir, where a run per message costs a
Python start-up each (tests/game/play.sh's count lines, on games of
hundreds of mails)."""
import contextlib
import email
import email.policy
import io
import os
import sys


count = None
if sys.argv[1:2] == ["--count"]:
    count = sys.argv[2]
    del sys.argv[1:3]
counted = 0


bodies = sys.argv[1:2] == ["--bodies"]
if bodies:
    del sys.argv[1]


def show(path):
    global counted
    if count is not None:
        text = io.StringIO()
        with contextlib.redirect_stdout(text):
            print_message(path)
        counted += count in text.getvalue()
        return
    print_message(path)


def print_message(path):
    with open(path, "rb") as f:
        msg = email.message_from_binary_file(f, policy=email.policy.default)
    if not bodies:
        for key, value in msg.items():
            print(f"{key}: {value}")
        print()
    if not msg.is_multipart():
        print(msg.get_content())
        return
    for part in msg.walk():
        if part.is_multipart():
            continue
        if part.get_content_maintype() == "text":
            print(part.get_content())
        else:
            data = part.get_payload(decode=True) or b""
            print(f"[attachment: {part.get_content_type()} {part.get_filename()}, "
                  f"{len(data)} bytes]")


if sys.argv[1:2] == ["--file"]:
    for path in sys.argv[2:]:
        show(path)
else:
    for maildir in sys.argv[1:]:
        new = os.path.join(maildir, "new")
        if not os.path.isdir(new):
            continue
        for name in sorted(os.listdir(new)):
            show(os.path.join(new, name))
if count is not None:
    print(counted)
