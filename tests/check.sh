#!/bin/sh
# Run every test (make check in build/) and end with one line
# "N passed, N failed" counting Automake's tests; the rules-case totals
# inside them are printed just above it, from the logs of the tests each
# family's fragment names (FAMILY_CASES, variants/<family>.mk), so that a
# new family's cases count with no line here.
order=$(cd "$(dirname "$0")" && pwd)/check.order
cd "$(dirname "$0")/../build" || { echo "tests/check.sh: run ./bootstrap.sh first" >&2; exit 1; }
# one test more at once than there are cores (JOBS= to choose): they are
# independent, each with its own folders, databases and ports.  The one
# more because a test is not always on a core: some wait out a lock or a
# busy timeout by design (upgrade, faults, maildir_busy, burst: over ten
# seconds each), all wait on SQLite's fsyncs and on their children;
# with as many as the cores, CI's run used 1.6 of its 2 (bench/README.md,
# "CI's time")
# the sanitizer build first, up to date with the sources, so that its
# tests, the longest, can start at once (tests/local.mk says why)
jobs=${JOBS:-$(( $(nproc) + 1 ))}
make -s -j"$jobs" sanitizer-build >check.out 2>&1
# the slowest tests first (tests/check.order says why), then the rest in
# the Makefile's order: make starts the tests in the order TESTS names them
tests=$(make -s print-tests)
first=$(for t in $(sed 's/#.*//' "$order"); do
	case " $tests " in *" $t "*) echo "$t" ;; esac
done)
rest=$(for t in $tests; do
	case " $(echo $first) " in *" $t "*) ;; *) echo "$t" ;; esac
done)
make -s -j"$jobs" check TESTS="$(echo $first $rest)" >>check.out 2>&1
status=$?
cat check.out
logs=$(make -s print-family-cases | tr ' ' '\n' | sed -n 's/\.test$/.log/p')
cases=$(cat $logs 2>/dev/null | grep -E '^[0-9]+ passed, [0-9]+ failed$' |
	awk '{p += $1; f += $3} END {print p " passed, " f " failed"}')
[ -n "$cases" ] && echo "rules cases: $cases"
# the slowest tests (tests/timed-driver), for CI's time budget, and the
# sum of all: on N cores the suite takes at least the sum over N, and at
# least its longest test (with the sanitizer build before it, for those
# on it: tests/local.mk)
find tests -name '*.log' ! -name test-suite.log -exec grep -H '^# wall time:' {} + 2>/dev/null |
	sed 's/\.log:# wall time: \([0-9]*\) s$/ \1/' | sort -k2 -n -r >times.out
head -8 times.out | awk 'BEGIN {printf "slowest tests:"} {printf " %s %ss", $1, $2} END {print ""}'
awk '{s += $2} END {if (NR) print "wall times: " s " s in all, " NR " tests"}' times.out
sed -n 's/^# wall time: /sanitizer build (before the tests on it): /p' asan-build.log 2>/dev/null
pass=$(sed -n 's/^# PASS: *//p' test-suite.log 2>/dev/null || true)
[ -z "$pass" ] && pass=$(sed -n 's/^# PASS: *//p' check.out | tail -1)
fail=$(sed -n 's/^# FAIL: *//p' check.out | tail -1)
err=$(sed -n 's/^# ERROR: *//p' check.out | tail -1)
skip=$(sed -n 's/^# SKIP: *//p' check.out | tail -1)
[ -n "$skip" ] && [ "$skip" != 0 ] && echo "($skip skipped)"
echo "${pass:-0} passed, $(( ${fail:-0} + ${err:-0} )) failed"
exit $status
