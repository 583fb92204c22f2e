#!/bin/sh
# Build the libFuzzer targets with clang (ASan + UBSan) and run each for
# SECONDS (default 60), starting from the mail fixtures and a few orders.
# Not part of make check: fuzzing is open-ended.  Needs clang (Debian:
# clang, libclang-rt-14-dev or the clang package's own runtime).
# Usage: tests/fuzz/run.sh [SECONDS]   (from the source tree)
set -e
cd "$(dirname "$0")/../.."
secs=${1:-60}
out=${FUZZ_DIR:-/tmp/judge-fuzz}
mkdir -p "$out/mail" "$out/orders"
cflags="-g -O1 -fsanitize=fuzzer,address,undefined -D_GNU_SOURCE -I. -DJUDGE_SRCDIR=\"$PWD\" -DJUDGE_DATADIR=\"$PWD\""
clang $cflags $(pkg-config --cflags libetpan) tests/fuzz/fuzz_mail.c maildir/*.c parser/strbuf.c parser/error.c \
	$(pkg-config --libs libetpan) -o "$out/fuzz_mail"
clang $cflags tests/fuzz/fuzz_orders.c parser/*.c adjudicator/*.c variants/*.c \
	$(pkg-config --libs libpcre2-8 libsodium) -o "$out/fuzz_orders"
cp tests/mail/fixtures/*.eml "$out/mail/"
printf 'A bru - epi\nF mid - spa/nc\n' >"$out/orders/1"
printf 'MILITARY Boeotia\nSTAR AS COUP Megara\nKEEP VOID\n' >"$out/orders/2"
"$out/fuzz_mail" -max_total_time="$secs" -max_len=4000 -rss_limit_mb=2048 "$out/mail"
"$out/fuzz_orders" -max_total_time="$secs" -max_len=400 "$out/orders"
