#!/bin/bash
# bench/receive_cpu.sh - the CPU one `judge receive` of an order mail
# costs (issue 25: at most 5 ms), the hand-over to the transport not
# counted (deliver_at_once = 0: replies stay queued for a flush).  Not a
# test: `make check` does not run it.
#
#   cd build && bash ../bench/receive_cpu.sh [N] [JUDGE...]
#
# Setup (not timed): for each program, its own database with one Classical
# game created and filled by mail.  Timed: N order mails (four of the five
# powers in turn, so the phase never completes and nothing is drawn), one
# `judge receive FILE` per mail, the programs taking turns in rounds of
# N/ROUNDS mails so that the machine's load falls on all of them alike.
# CPU is the user and system time of the finished children (bash's
# `times`), summed over the rounds.  Also: `judge --version` (start-up
# alone), the shared libraries each program loads at start, and, if
# valgrind is installed, the instructions of one more order mail after the
# rounds (callgrind; a count does not depend on the load).
#
# Defaults: N = 200, ROUNDS = 4, the programs ./judge/judge and, if it
# exists, /work/main/build/judge/judge (main as the session began).
set -eu

N=${1:-200}
shift || true
ROUNDS=${ROUNDS:-4}
if [ $# -gt 0 ]; then
	programs=("$@")
else
	programs=(./judge/judge)
	[ ! -x /work/main/build/judge/judge ] || programs+=(/work/main/build/judge/judge)
fi
unset JUDGE_CONFIG JUDGE_CRASH_AT || true
work=$(mktemp -d "${TMPDIR:-/tmp}/receive_cpu.XXXXXX")
trap 'rm -rf "$work"' EXIT

# mail FILE FROM BODY ID
mail() {
	printf 'From: <%s>\nTo: judge@localhost\nSubject: x\nMessage-ID: <%s@bench.example>\n\n%s' \
		"$2" "$4" "$3" >"$1"
}
who=(hannibal@carthage.example ptolemy@egypt.example antigonus@macedon.example scipio@rome.example
	seleucus@syria.example)
letter=(C E A R S)
order=($'F car - min\nF pan - mgs\nF lep - sma\n' $'A Thebes -> Libya\nF Alexandria to Ptolemaic Sea\nF mem - bop\n'
	$'A pel - epi\nF cas - eub\nF kal - ans\n' $'A bru - epi\nA rom - etr\nF Cumae - Mare Tyrrhenum\n')

mkdir "$work/setup" "$work/orders"
mail "$work/setup/0" master@bench.example $'CREATE ?b1 masterpw classical\nSIGNOFF\n' create
for p in 0 1 2 3 4; do
	mail "$work/setup/$((p + 1))" "${who[p]}" "SIGNON ?b1 secret${letter[p]} ${letter[p]}"$'\n' "join$p"
done
for ((i = 0; i <= N; i++)); do
	p=$((i % 4))
	mail "$work/orders/$i" "${who[p]}" "SIGNON ${letter[p]}b1 secret${letter[p]}"$'\n'"${order[p]}SIGNOFF"$'\n' "o$i"
done

# The children's user + system seconds between two snapshots of bash's
# `times`, taken in this shell (a command substitution would report its
# own children) and read afterwards, so no other child runs between them.
cpu_between() {
	awk 'FNR == 2 { gsub(/[ms]/, " "); split($0, t, " ");
		s = t[1] * 60 + t[2] + t[3] * 60 + t[4]; if (FILENAME == ARGV[1]) a = s; else b = s }
		END { printf "%.6f", b - a }' "$1" "$2"
}

for k in "${!programs[@]}"; do
	d=$work/p$k
	mkdir "$d"
	printf 'db = %s/judge.db\nmax_replies_per_hour = 1000000\ndeliver_at_once = 0\n' "$d" >"$d/judge.conf"
	for f in 0 1 2 3 4 5; do
		"${programs[k]}" --config "$d/judge.conf" receive "$work/setup/$f" 2>>"$d/setup.err" ||
			{ echo "receive_cpu: setup failed for ${programs[k]}" >&2; cat "$d/setup.err" >&2; exit 1; }
	done
	[ "$(sqlite3 "$d/judge.db" "SELECT count(*) FROM players WHERE game = 'b1'")" -ge 5 ] ||
		{ echo "receive_cpu: the game did not fill for ${programs[k]}" >&2; exit 1; }
done

declare -A cpu ver
per=$((N / ROUNDS))
for ((r = 0; r < ROUNDS; r++)); do
	for k in "${!programs[@]}"; do
		d=$work/p$k
		times >"$work/t0"
		for ((i = r * per; i < (r + 1) * per; i++)); do
			"${programs[k]}" --config "$d/judge.conf" receive "$work/orders/$i" 2>>"$d/orders.err" || {
				echo "receive_cpu: ${programs[k]} failed on mail $i" >&2; cat "$d/orders.err" >&2; exit 1; }
		done
		times >"$work/t1"
		for ((i = 0; i < per; i++)); do "${programs[k]}" --version >/dev/null; done
		times >"$work/t2"
		cpu[$k]=$(awk -v a="${cpu[$k]:-0}" -v b="$(cpu_between "$work/t0" "$work/t1")" 'BEGIN { printf "%.6f", a + b }')
		ver[$k]=$(awk -v a="${ver[$k]:-0}" -v b="$(cpu_between "$work/t1" "$work/t2")" 'BEGIN { printf "%.6f", a + b }')
	done
done

declare -A ins
for k in "${!programs[@]}"; do
	d=$work/p$k
	ins[$k]="-"
	command -v valgrind >/dev/null || continue
	valgrind --tool=callgrind --callgrind-out-file="$d/callgrind" "${programs[k]}" \
		--config "$d/judge.conf" receive "$work/orders/$N" 2>"$d/valgrind.err" >/dev/null &&
		ins[$k]=$(sed -n 's/^totals: //p; s/^summary: //p' "$d/callgrind" | head -n 1)
done

echo "receive_cpu: $((per * ROUNDS)) order mails per program, $ROUNDS rounds; load average $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-40s %10s %12s %8s %14s %s\n' program "receive ms" "--version ms" libs instructions "mails stored"
for k in "${!programs[@]}"; do
	d=$work/p$k
	stored=$(sqlite3 "$d/judge.db" "SELECT count(*) FROM seen" 2>/dev/null || echo "?")
	printf '%-40s %10.2f %12.2f %8s %14s %s\n' "${programs[k]}" \
		"$(awk -v c="${cpu[$k]}" -v n=$((per * ROUNDS)) 'BEGIN { print 1000 * c / n }')" \
		"$(awk -v c="${ver[$k]}" -v n=$((per * ROUNDS)) 'BEGIN { print 1000 * c / n }')" \
		"$(ldd "${programs[k]}" | wc -l)" "${ins[$k]}" "$stored"
done
