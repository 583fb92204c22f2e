#!/bin/sh
# bench/web_bench.sh - what the static web site (judge/web.h) costs: a
# full `judge web DIR` of a judge with GAMES games, and cron's extra time
# per processed game when the config names a web_dir (not a test: `make
# check` does not run it).
#
#   cd build && sh ../bench/web_bench.sh
#
# The games are cron_bench.sh's (GAMES Classical games made by mail, each
# started, its Spring orders in), made by running it once with KEEP=1;
# its own figures are printed too.  Then, ROUNDS times, on fresh copies
# of that database, alternating so that a change of load falls on both:
#   - cron at the deadline without web_dir (every game processed);
#   - the same with web_dir, its site first written whole (untimed), so
#     that cron adds each game's new phase page, picture, game page, feed
#     and the index;
#   - a full `judge web` into an empty folder of the database cron left
#     (every game's start and first phase), and again over it (nothing
#     changed: nothing written).
# CPU is user + system from /usr/bin/time.  Say the load average (printed)
# with the figures.
#
# Environment: JUDGE (default ./judge/judge), GAMES (200), ROUNDS (2),
# BENCH_TMP (where the work folder goes).
set -eu

JUDGE=${JUDGE:-./judge/judge}
GAMES=${GAMES:-200}
ROUNDS=${ROUNDS:-2}
here=$(dirname "$0")
[ -x "$JUDGE" ] || { echo "web_bench: no judge program at $JUDGE" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "web_bench: needs /usr/bin/time (package time)" >&2; exit 2; }

out=$(KEEP=1 GAMES=$GAMES ROUNDS=1 JUDGE=$JUDGE sh "$here/cron_bench.sh")
echo "$out"
work=$(echo "$out" | sed -n 's/^cron_bench: work folder kept: //p')
[ -d "$work" ] && [ -f "$work/db1" ] || { echo "web_bench: cron_bench left no database" >&2; exit 1; }
trap 'rm -rf "$work"' EXIT
T_CRON=$((1800000000 + 49 * 3600))   # cron_bench's deadline, passed

cp "$work/bench.conf" "$work/web.conf"
echo "web_dir = $work/site" >>"$work/web.conf"

# timed LABEL CMD...: one line of wall and CPU time per game
timed() {
	label=$1
	shift
	/usr/bin/time -f "%e %U %S" -o "$work/time" "$@" >/dev/null
	read -r wall user sys <"$work/time"
	awk -v l="$label" -v n="$GAMES" -v w="$wall" -v u="$user" -v s="$sys" \
	    'BEGIN { printf "%-28s %6.2f s wall %6.2f s CPU: %6.2f ms CPU a game\n", l, w, u + s, 1000 * (u + s) / n }'
}

echo "web_bench: $GAMES games, $ROUNDS rounds; load average $(cut -d' ' -f1-3 /proc/loadavg)"
for r in $(seq "$ROUNDS"); do
	cp "$work/db1" "$work/a.db"
	JUDGE_NOW=$T_CRON timed "cron, no web_dir" "$JUDGE" --config "$work/bench.conf" --db "$work/a.db" cron
	cp "$work/db1" "$work/b.db"
	rm -rf "$work/site" "$work/full"
	JUDGE_NOW=$T_CRON "$JUDGE" --config "$work/web.conf" --db "$work/b.db" web "$work/site"
	JUDGE_NOW=$T_CRON timed "cron, web_dir" "$JUDGE" --config "$work/web.conf" --db "$work/b.db" cron
	timed "judge web, full" "$JUDGE" --config "$work/bench.conf" --db "$work/b.db" web "$work/full"
	timed "judge web, unchanged" "$JUDGE" --config "$work/bench.conf" --db "$work/b.db" web "$work/full"
done
echo "web_bench: site of $GAMES games: $(find "$work/full" -type f | wc -l) files, $(du -sk "$work/full" | cut -f1) KB;" \
	"largest page $(find "$work/full" -name '*.html' -printf '%s\n' | sort -n | tail -1) bytes"
echo "web_bench: load average $(cut -d' ' -f1-3 /proc/loadavg)"
