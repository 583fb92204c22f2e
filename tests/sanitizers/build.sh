#!/bin/sh
# tests/sanitizers/build.sh BUILDDIR SRCDIR - the one sanitizer build
# (configure --enable-sanitizers in BUILDDIR/asan-build) that every test
# in tests/sanitizers/ runs on.  Run by a make rule the tests' logs depend
# on (tests/local.mk), not by a test: Automake's parallel harness then
# makes it once, before any of them starts, and its compilers share make's
# job slots instead of adding their own.  It never fails the make run: a
# failed build leaves no asan-build/built, and each test then fails with
# asan-build.log, so that the rest of the suite still runs and reports.
set -u
# make -n runs this rule too (it is recursive): then it makes nothing,
# and leaves no mark of a build it did not make
case ${MAKEFLAGS%% *} in -*|*=*) ;; *n*) exit 0 ;; esac
top_builddir=$1 top_srcdir=$2
asan="$top_builddir/asan-build"
mkdir -p "$asan"
rm -f "$asan/built"
start=$(date +%s)
(
	if [ ! -f "$asan/Makefile" ]; then
		(cd "$asan" && "$top_srcdir/configure" -q --enable-sanitizers CFLAGS="-g -O1") || exit 1
	fi
	# MAKE is the calling make's (tests/local.mk), with its job server
	${MAKE:-make} -s -C "$asan" judge/judge picture/picture.so maildir/smtp.so
) >"$asan.log" 2>&1 && touch "$asan/built"
# (timed as the tests are, tests/timed-driver: it is on CI's critical path)
echo "# wall time: $(( $(date +%s) - start )) s" >>"$asan.log"
exit 0
