# tests/sanitizers/lib.sh - sourced by every test in tests/sanitizers/:
# the sanitizer build they share (asan-build/, made once before them by
# tests/sanitizers/build.sh), the options that make any sanitizer report a
# failure rather than only a crash, and the two ways a test here runs the
# suite's own scripts on that build.  The scripts run as they are, with
# top_builddir pointing at the sanitizer build, so that what the sanitizer
# build checks stays what the normal build checks.
set -u
asan="$top_builddir/asan-build"
[ -f "$asan/built" ] || { echo "FAIL: the sanitizer build"; cat "$asan.log" 2>/dev/null; exit 1; }
# (fontconfig, which cairo uses to find the pictures' font, keeps caches
# it never frees: suppressed, tests/lsan.supp; nothing of the Judge's)
# The leak check is on in every process, but nothing is symbolized
# (symbolize=0): matching the suppression symbolized the allocator's
# frame of each of fontconfig's blocks, which loads libasan's debug
# information, at exit of every judge that drew a map, some 0.1 s of CPU
# each, more than the leak check itself (bench/README.md, "ci7").  The
# suppression names a module, which needs no symbols; what is detected is
# the same, and a failure is run again symbolized (san_again) to be read.
san_options=abort_on_error=1:detect_leaks=1
export ASAN_OPTIONS=$san_options:symbolize=0 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
# print_suppressions=0: the table of suppressions used that LeakSanitizer
# prints at exit otherwise goes to a program's standard output or error,
# which a test of the suite reads (tests/game/killsafe.test: "cron is silent")
export LSAN_OPTIONS=suppressions=$top_srcdir/tests/lsan.supp:print_suppressions=0
fail=0
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# san_again COMMAND...: after a failure, COMMAND once more with its
# reports symbolized, so that the log names functions and lines
san_again() {
	echo "(run again, symbolized:)"
	ASAN_OPTIONS=$san_options:symbolize=1 "$@" 2>&1
	echo "(end of the symbolized run: exit $?)"
}

# san_test SCRIPT: a test script of the suite (path from the source
# folder) on the sanitizer build; a skip (77) is not a failure, and its
# output is shown only when it fails, with its last line always
san_test() {
	top_builddir="$asan" sh "$top_srcdir/$1" >"$work/out.log" 2>&1
	rc=$?
	if [ $rc != 0 ] && [ $rc != 77 ]; then
		cat "$work/out.log"; echo "FAIL: $1"; fail=1
		san_again env top_builddir="$asan" sh "$top_srcdir/$1"
	fi
	echo "$1: $(tail -1 "$work/out.log")"
}

# san_play NAME: the game script tests/game/NAME.txt by mail on the
# sanitizer build, its folder left in $work/NAME for what follows
san_play() {
	top_builddir="$asan" sh "$top_srcdir/tests/game/play.sh" "$top_srcdir/tests/game/$1.txt" "$work/$1" && return
	fail=1
	san_again env top_builddir="$asan" sh "$top_srcdir/tests/game/play.sh" "$top_srcdir/tests/game/$1.txt" "$work/$1"
}

# san_games N: this test's share of every family's games by mail (the tests
# each family's fragment names, FAMILY_GAMES in variants/<family>.mk,
# handed over by tests/local.mk as $family_games).  The shares are the
# games*.test files here, the Nth taking every game whose place in the
# list is N modulo their number: so each family's games are played, a new
# family's with no line here, and the long ones run side by side.
san_games() {
	: "${family_games:?run by make check}"
	shares=$(ls "$top_srcdir"/tests/sanitizers/games*.test | wc -l)
	i=0
	for t in $family_games; do
		i=$((i + 1))
		[ $((i % shares)) = $(($1 % shares)) ] && san_test "$t"
	done
	return 0
}
