#!/bin/sh
# bench/latency.sh - how long a player waits for the echo of their orders
# (a benchmark, not a test: `make check` does not run it).
#
#   cd build && sh ../bench/latency.sh [N]      (as root, with Postfix installed)
#
# Runs the end-to-end Postfix test (tests/e2e/postfix.test: a private
# Postfix on loopback, the Judge behind a pipe alias, delivering at once
# over SMTP), then sends N order mails (default 200), one every 100 ms,
# and reports the time from handing each to Postfix's sendmail until its
# reply is in the player's Maildir: p50, p99 and the maximum.
set -eu
top_srcdir=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
top_builddir=${top_builddir:-$(pwd)}
export top_srcdir top_builddir
LATENCY=${1:-200} exec bash "$top_srcdir/tests/e2e/postfix.test"
