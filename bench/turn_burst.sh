#!/bin/bash
# bench/turn_burst.sh - a burst of receives at once, without an MTA: how
# long each waits (issue 25, the writers' turn in order; bench/README.md).
#
#   cd build && bash ../bench/turn_burst.sh [N [ROUNDS [JUDGE...]]]
#
# For each program, its own database (made by `judge init`), then ROUNDS
# rounds, the programs taking turns: N `judge receive` of a HELP mail, each
# from a sender of its own, started together; deliver = sendmail with a
# stand-in sendmail that sleeps 25 ms and keeps the message.  Each
# receive's wall time from the common start to its end is a point; the
# rounds' points together give the median, p99 and max, and CPU is the
# children's user + system time (bash's `times`).  Defaults: N = 30,
# ROUNDS = 3, ./judge/judge and /work/main/build/judge/judge.  GAP=SECONDS
# starts them that far apart instead (as an MTA's pipes come), and the
# wall time is then each one's own, from its start.
set -eu
N=${1:-30}
ROUNDS=${2:-3}
shift 2 2>/dev/null || shift $# 
if [ $# -gt 0 ]; then programs=("$@"); else
	programs=(./judge/judge)
	[ ! -x /work/main/build/judge/judge ] || programs+=(/work/main/build/judge/judge)
fi
unset JUDGE_CONFIG JUDGE_CRASH_AT || true
work=$(mktemp -d "${TMPDIR:-/tmp}/turn_burst.XXXXXX")
trap 'rm -rf "$work"' EXIT
printf '#!/bin/sh\nsleep 0.025\ncat >"%s/sent.$$"\n' "$work" >"$work/sendmail"
chmod +x "$work/sendmail"

# the children's user + system seconds by bash's `times`, which must run
# in this shell (in a command substitution it reports that subshell's)
secs() { times >"$work/times"; tail -1 "$work/times" | tr 'ms' '  ' | awk '{ print $1 * 60 + $2 + $3 * 60 + $4 }'; }

for k in "${!programs[@]}"; do
	mkdir "$work/p$k"
	printf 'db = %s/p%s/j.db\ndeliver = sendmail\ndeliver_arg = %s/sendmail\n' "$work" "$k" "$work" >"$work/p$k/conf"
	JUDGE_CONFIG="$work/p$k/conf" "${programs[k]}" init >/dev/null
	: >"$work/p$k/times"
	echo 0 >"$work/p$k/cpu"
done
for ((r = 0; r < ROUNDS; r++)); do
	for k in "${!programs[@]}"; do
		for ((i = 0; i < N; i++)); do
			printf 'From: <p%s@t.test>\nTo: judge@localhost\nSubject: x\nMessage-ID: <r%s-%s-%s@t.test>\n\nHELP\n' \
				"$i" "$r" "$k" "$i" >"$work/p$k/m$i"
		done
		secs >"$work/before"
		start=$(date +%s.%N)
		for ((i = 0; i < N; i++)); do
			[ "${GAP:-0}" = 0 ] || [ $i = 0 ] || sleep "$GAP"
			( s=$(date +%s.%N)
			  JUDGE_CONFIG="$work/p$k/conf" "${programs[k]}" receive "$work/p$k/m$i" >/dev/null 2>>"$work/p$k/err"
			  echo "$? $(date +%s.%N) $s" >>"$work/p$k/ends" ) &
		done
		wait
		secs >"$work/after"
		awk -v s="$start" -v own="${GAP:-0}" '{ if ($1 != 0) bad++; printf "%.3f\n", $2 - (own != 0 ? $3 : s) } END { if (bad) print "exit not 0: " bad > "/dev/stderr" }' \
			"$work/p$k/ends" >>"$work/p$k/times"
		rm -f "$work/p$k/ends"
		cpu=$(echo "$(cat "$work/p$k/cpu") $(cat "$work/after") $(cat "$work/before")" | awk '{ print $1 + $2 - $3 }')
		echo "$cpu" >"$work/p$k/cpu"
	done
done
for k in "${!programs[@]}"; do
	sort -n "$work/p$k/times" | awk -v p="${programs[k]}" -v cpu="$(cat "$work/p$k/cpu")" '
		{ t[NR] = $1 }
		END { i99 = int(NR * 0.99); if (i99 < 1) i99 = 1
		      printf "%s: %d receives, wall: median %.2f s, p99 %.2f s, max %.2f s; CPU %.1f ms a receive\n",
		             p, NR, t[int((NR + 1) / 2)], t[i99], t[NR], cpu * 1000 / NR }'
done
