#!/bin/sh
# bench/cron_bench.sh - what `judge cron` costs per due game, its results
# picture included, for two judge programs side by side in one run (not a
# test: `make check` does not run it).
#
#   cd build && BASE=/path/to/main/judge sh ../bench/cron_bench.sh
#
# For each program (BASE, then JUDGE), not timed: a fresh database; GAMES
# Classical games made by mail as a player would (a CREATE from the master,
# five SIGNONs, one `judge maildir` over them all: each game starts when
# full), the start mails flushed; then three legal Spring 273 BC orders
# per power and game by mail.  Each program makes its own database, so
# two programs whose schemas differ are still compared fairly.
#
# Timed: `judge cron --now <after the deadline>` over the GAMES due
# games, ROUNDS times per program on a fresh copy of its database, the
# programs alternating so that a change in the machine's load falls on
# both.  Printed per run: wall and CPU (user + system, from
# /usr/bin/time) per game, and what the pictures of the phase take in
# the database per game; then the same for the next cron a minute later,
# over the same games, active and none due (what every run costs a Judge
# per game it keeps).  Say the load average (printed) with the figures.
#
# Environment: JUDGE (default ./judge/judge), BASE (the program to compare
# with; none: JUDGE alone), GAMES (200), ROUNDS (2), BENCH_TMP (where the
# work folder goes; default $TMPDIR or /tmp), KEEP (1: keep it), WORKERS
# (JUDGE's cron_workers, a list run in turn, "1 2"; default: the
# config's default, one per core; BASE gets none: a program that does not
# know the key would refuse its config), BASE_WORKERS (1: BASE too runs
# with each of WORKERS, just before JUDGE with the same; for a BASE that
# knows the key).
set -eu

JUDGE=${JUDGE:-./judge/judge}
BASE=${BASE:-}
GAMES=${GAMES:-200}
ROUNDS=${ROUNDS:-2}
KEEP=${KEEP:-0}
WORKERS=${WORKERS:-}
BASE_WORKERS=${BASE_WORKERS:-0}
BENCH_TMP=${BENCH_TMP:-${TMPDIR:-/tmp}}

for p in "$JUDGE" $BASE; do
	[ -x "$p" ] || { echo "cron_bench: no judge program at $p" >&2; exit 2; }
done
[ -x /usr/bin/time ] || { echo "cron_bench: needs /usr/bin/time (package time)" >&2; exit 2; }
unset JUDGE_CONFIG JUDGE_CRASH_AT || true

work=$(mktemp -d "$BENCH_TMP/cron_bench.XXXXXX")
cleanup() {
	if [ "$KEEP" = 1 ]; then echo "cron_bench: work folder kept: $work"; else rm -rf "$work"; fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# one master and five players for every game: the limits against abuse
# lifted (bench/bench.conf)
cp "$(dirname "$0")/bench.conf" "$work/bench.conf"
JUDGE_CONFIG=$work/bench.conf
export JUDGE_CONFIG

T0=1800000000                   # setup
T_ORDERS=$((T0 + 3600))         # orders an hour later
T_CRON=$((T0 + 49 * 3600))      # past the default 48-hour deadline
T_IDLE=$((T_CRON + 60))         # the next cron: nothing due

# mails KIND DIR: the setup (KIND setup) or the order mails (KIND orders)
# as files in DIR, named in delivery order
mails() {
	awk -v kind="$1" -v dir="$2" -v games="$GAMES" '
	function mail(from, subject, body,    f) {
		f = sprintf("%s/%09d.bench", dir, ++seq)
		printf "From: <%s>\nTo: judge@localhost\nSubject: %s\n" \
		       "Date: Fri, 15 Jan 2027 08:00:00 +0000\n" \
		       "Message-ID: <cron.%s.%d@bench.example>\nMIME-Version: 1.0\n" \
		       "Content-Type: text/plain; charset=utf-8\n\n%s", \
		       from, subject, kind, seq, body > f
		close(f)
	}
	function game(g) { return sprintf("c%05d", g) }
	BEGIN {
		split("C E A R S", letter, " ")
		split("hannibal@carthage.example ptolemy@egypt.example " \
		      "antigonus@macedon.example scipio@rome.example seleucus@syria.example", who, " ")
		order[1] = "F car - min\nF pan - mgs\nF lep - sma\n"
		order[2] = "A the - lib\nF ale - pts\nF mem - bop\n"
		order[3] = "A pel - epi\nF cas - eub\nF kal - ans\n"
		order[4] = "A bru - epi\nA rom - etr\nF cap - mio\n"
		order[5] = "A ant - cil\nA dam - mes\nF tyr - ses\n"
		for (g = 1; g <= games; g++) {
			if (kind == "setup")
				mail("master@bench.example", "new game",
				     "CREATE ?" game(g) " masterpw classical\nSIGNOFF\n")
			for (p = 1; p <= 5; p++)
				if (kind == "setup")
					mail(who[p], "join", "SIGNON ?" game(g) " secret" letter[p] " " letter[p] "\n")
				else
					mail(who[p], "orders", "SIGNON " letter[p] game(g) " secret" letter[p] "\n" \
					     order[p] "SIGNOFF\n")
		}
	}'
}

# feed PROGRAM DB KIND NOW: the mails of KIND through one `judge maildir`
feed() {
	rm -rf "$work/in"
	mkdir -p "$work/in/new" "$work/in/cur" "$work/in/tmp"
	mails "$3" "$work/in/new"
	JUDGE_NOW=$4 "$1" --db "$2" maildir "$work/in"
	JUDGE_NOW=$4 "$1" --db "$2" flush --maildir "$work/out" >/dev/null
}

# setup N PROGRAM: database N, its games made, started and ordered by mail
setup() {
	db=$work/db$1
	feed "$2" "$db" setup $T0
	active=$(sqlite3 "$db" "SELECT count(*) FROM games WHERE status = 'active'")
	[ "$active" = "$GAMES" ] || { echo "cron_bench: $2: $active of $GAMES games started" >&2; exit 1; }
	feed "$2" "$db" orders $T_ORDERS
	nord=$(sqlite3 "$db" "SELECT count(*) FROM orders")
	[ "$nord" = $((5 * GAMES)) ] || { echo "cron_bench: $2: $nord orders stored" >&2; exit 1; }
	sqlite3 "$db" "PRAGMA wal_checkpoint(TRUNCATE)" >/dev/null
}

# run N PROGRAM LABEL [WORKERS]: cron timed on a fresh copy of database N
# (its CPU includes the workers', which it waits for)
run() {
	cp "$work/db$1" "$work/run.db"
	conf=$work/bench.conf
	if [ -n "${4:-}" ]; then
		conf=$work/workers.conf
		{ cat "$work/bench.conf"; echo "cron_workers = $4"; } >"$conf"
	fi
	pics0=$(sqlite3 "$work/run.db" "SELECT coalesce(sum(length(png)), 0) FROM pictures")
	JUDGE_CONFIG=$conf JUDGE_NOW=$T_CRON /usr/bin/time -f "%e %U %S" -o "$work/time" \
		"$2" --db "$work/run.db" cron
	done_=$(sqlite3 "$work/run.db" "SELECT count(*) FROM history")
	[ "$done_" -ge "$GAMES" ] || { echo "cron_bench: $3: $done_ phases adjudicated" >&2; exit 1; }
	pics1=$(sqlite3 "$work/run.db" "SELECT coalesce(sum(length(png)), 0) FROM pictures")
	read -r wall user sys <"$work/time"
	awk -v l="$3" -v n="$GAMES" -v w="$wall" -v u="$user" -v s="$sys" -v p="$((pics1 - pics0))" \
	    'BEGIN { printf "%-8s cron of %d games: %.2f s wall, %.2f s CPU: %.1f ms wall, %.1f ms CPU a game; pictures %.1f KB a game\n",
	             l, n, w, u + s, 1000 * w / n, 1000 * (u + s) / n, p / n / 1024 }'
	# the next run, a minute later: every game active, none due (the next
	# deadline two days off), no notice to send
	JUDGE_CONFIG=$conf JUDGE_NOW=$T_IDLE /usr/bin/time -f "%e %U %S" -o "$work/time" \
		"$2" --db "$work/run.db" cron
	[ "$(sqlite3 "$work/run.db" "SELECT count(*) FROM history")" = "$done_" ] ||
		{ echo "cron_bench: $3: the idle run adjudicated" >&2; exit 1; }
	read -r wall user sys <"$work/time"
	awk -v l="$3" -v n="$GAMES" -v w="$wall" -v u="$user" -v s="$sys" \
	    'BEGIN { printf "%-8s idle cron over %d active games: %.1f ms wall, %.1f ms CPU a game\n",
	             l, n, 1000 * w / n, 1000 * (u + s) / n }'
}

echo "cron_bench: $GAMES games, $ROUNDS rounds, $(nproc) CPUs, work folder $work"
setup 1 "$JUDGE"
[ -z "$BASE" ] || setup 2 "$BASE"
echo "cron_bench: games made by mail; load average $(cut -d' ' -f1-3 /proc/loadavg)"
for r in $(seq "$ROUNDS"); do
	[ -z "$BASE" ] || [ "$BASE_WORKERS" = 1 -a -n "$WORKERS" ] || run 2 "$BASE" base
	if [ -z "$WORKERS" ]; then
		run 1 "$JUDGE" judge
	else
		for w in $WORKERS; do
			[ -z "$BASE" ] || [ "$BASE_WORKERS" != 1 ] || run 2 "$BASE" "base/$w" "$w"
			run 1 "$JUDGE" "judge/$w" "$w"
		done
	fi
done
echo "cron_bench: load average $(cut -d' ' -f1-3 /proc/loadavg)"
