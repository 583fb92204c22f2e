#!/bin/sh
# bench/flush_backends.sh - what `judge flush` costs per mail through each
# delivery backend into a real Postfix (a benchmark, not a test: `make
# check` does not run it).
#
#   cd build && sh ../bench/flush_backends.sh [N]   (as root, with Postfix installed)
#
# Runs the end-to-end Postfix test (tests/e2e/postfix.test: a private
# Postfix on loopback), then queues N replies (default 500) and times
# `judge flush --sendmail` (Postfix's sendmail, a process per mail) and
# `judge flush --smtp` (one SMTP session) delivering them: ms per mail.
set -eu
top_srcdir=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
top_builddir=${top_builddir:-$(pwd)}
export top_srcdir top_builddir
FLUSH_BENCH=${1:-500} exec bash "$top_srcdir/tests/e2e/postfix.test"
