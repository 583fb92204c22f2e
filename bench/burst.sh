#!/bin/sh
# bench/burst.sh - a burst of order mails through a real Postfix: how long
# each player waits for the answer when the MTA runs twenty `judge
# receive` pipes at once (a benchmark, not a test: `make check` does not
# run it).
#
#   cd build && sh ../bench/burst.sh [N [BASE_JUDGE]]   (as root, with Postfix)
#
# In a network and mount namespace of its own (unshare; loopback only, and
# /etc/postfix bound to the private instance's config, so that the pipe,
# which runs as nobody, reaches that instance with its plain sendmail), it
# starts Postfix as the end-to-end test does (tests/e2e/postfix.test, which
# also plays its game through it) and then runs bench/burst_run.sh in it:
# N order mails (default 200) from the game's five players, submitted at
# once and one at a time by one SMTP client (bench/burst_submit.py), answered with deliver = sendmail and deliver =
# smtp, by this build's judge and, when BASE_JUDGE names one, by that
# binary too, in the same run, each in a database of its own that it has
# set up itself (BURST_SERIAL=M: only M mails one at a
# time, which take a reply's whole delay each).  For each round it prints the delay from
# submission to the reply's arrival in the player's Maildir (median, p99,
# max), the mails answered per second, and the CPU per mail of `judge
# receive` (wait4's rusage through bench/rusage_run.c, sendmail included
# when it is the transport).
set -eu
top_srcdir=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
top_builddir=${top_builddir:-$(pwd)}
BURST=${1:-200}
BURST_BASE=${2:-}
BURST_SERIAL=${BURST_SERIAL:-$BURST}
BENCH_HOOK=$top_srcdir/bench/burst_run.sh
export top_srcdir top_builddir BURST BURST_BASE BURST_SERIAL BENCH_HOOK
command -v unshare >/dev/null || { echo "burst.sh: no unshare (util-linux)" >&2; exit 77; }
exec unshare --net --mount sh -c 'ip link set lo up && exec bash "$top_srcdir/tests/e2e/postfix.test"'
