#!/usr/bin/python3
# bench/burst_submit.py - the submitting side of bench/burst.sh: hands the
# round's order mails to Postfix over one SMTP session from this one
# process.  Before it, each mail was a Postfix sendmail and its postdrop,
# 200 processes started together, whose CPU was most of a burst's "other"
# and crowded the Judge off the two cores it was measured on; one client
# costs a fraction of that, so a round's CPU is the Judge's and Postfix's.
#
#   burst_submit.py HOST PORT MODE SENT MAILDIR FILE...
#
# Each FILE is a whole message whose From: names the envelope sender and
# whose Message-ID the reply's In-Reply-To will carry.  MODE "burst" sends
# them back to back; "serial" waits, after each, until a file under
# MAILDIR/*/new holds its In-Reply-To (30 s at most).  The time just
# before each mail's DATA is handed over is appended to SENT as
# "MESSAGE-ID SECONDS" (without the angle brackets), as the replies'
# arrival times are read by the shell.
import email.parser
import glob
import smtplib
import sys
import time


def replied(maildir, msgid, seen):
    # Maildir files never change once in new/, so each is read once
    needle = ("In-Reply-To: <%s>" % msgid).encode()
    for path in glob.glob(maildir + "/*/new/*"):
        if path not in seen:
            try:
                with open(path, "rb") as f:
                    seen[path] = f.read()
            except OSError:
                continue
    return any(needle in data for data in seen.values())


def main():
    host, port, mode, sent_path, maildir = sys.argv[1:6]
    files = sys.argv[6:]
    headers = email.parser.BytesHeaderParser()
    seen = {}
    smtp = smtplib.SMTP(host, int(port), local_hostname="players.test")
    with open(sent_path, "a") as sent:
        for path in files:
            with open(path, "rb") as f:
                raw = f.read()
            msg = headers.parsebytes(raw)
            msgid = msg["Message-ID"].strip().strip("<>")
            sender = msg["From"].strip().strip("<>")
            t0 = time.time()
            smtp.sendmail(sender, ["judge@judge.test"], raw)
            sent.write("%s %.9f\n" % (msgid, t0))
            sent.flush()
            if mode != "serial":
                continue
            deadline = time.monotonic() + 30
            while not replied(maildir, msgid, seen):
                if time.monotonic() > deadline:
                    sys.exit("burst_submit: no reply to %s in 30 s" % msgid)
                time.sleep(0.01)
    smtp.quit()


main()
