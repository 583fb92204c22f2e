#!/usr/bin/env python3
"""Print the decoded text of every message in the Maildirs given (their
new/ folders), headers and all, so tests can grep what a player reads
rather than the quoted-printable on the wire."""
import email
import email.policy
import os
import sys

for maildir in sys.argv[1:]:
    new = os.path.join(maildir, "new")
    if not os.path.isdir(new):
        continue
    for name in sorted(os.listdir(new)):
        with open(os.path.join(new, name), "rb") as f:
            msg = email.message_from_binary_file(f, policy=email.policy.default)
        for key, value in msg.items():
            print(f"{key}: {value}")
        print()
        print(msg.get_content())
