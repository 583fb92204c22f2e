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
# Each process is started by a small Python driver with posix_spawn() and
# reaped with wait4(), whose rusage is that process's alone: its user +
# system CPU (the receives' also apart) and its minor page faults, not
# bash's fork of itself, which a bash loop's `times` counted (about 2 of
# the 4 ms a /bin/true cost there).  Beside each program, the same count of `judge --version`
# (start-up alone) and of /bin/true (the floor: what any exec costs on
# this machine), the shared libraries it loads and, if valgrind is
# installed, the instructions of one more order mail after the rounds
# (callgrind; a count does not depend on the load), and, if strace is
# installed, the system calls and syncs of SYNCS order mails after that
# (a checkpoint every few receives makes one receive's count misleading).
# Last, each round's mean receive CPU and their median and range: on a
# shared VM one mean moves by a fifth from run to run (bench/README.md,
# "Issue 25 on another machine").
# KEEP=1 keeps the work folder (its path on stderr) for profiling.
#
# Defaults: N = 200, ROUNDS = 4, SYNCS = 16, the programs ./judge/judge and, if it
# exists, /work/main/build/judge/judge (main as the session began).
set -eu

N=${1:-200}
shift || true
ROUNDS=${ROUNDS:-4}
# order mails after the callgrind one whose system calls strace counts:
# the syncs come in a cycle (the checkpoint every few receives), so one
# receive does not show them
SYNCS=${SYNCS:-16}
if [ $# -gt 0 ]; then
	programs=("$@")
else
	programs=(./judge/judge)
	[ ! -x /work/main/build/judge/judge ] || programs+=(/work/main/build/judge/judge)
fi
unset JUDGE_CONFIG JUDGE_CRASH_AT || true
work=$(mktemp -d "${TMPDIR:-/tmp}/receive_cpu.XXXXXX")
if [ -n "${KEEP:-}" ]; then
	echo "receive_cpu: work in $work" >&2
else
	trap 'rm -rf "$work"' EXIT
fi

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

# Each program runs as a copy in the work folder: where a binary's file
# lies changes its page faults (a binary just linked in a build folder
# made 8 more a receive than the same bytes copied to /tmp), and the copy
# finds its variants as the original does (variants/datadir.c: outside
# its build tree, the sources it was built from).
run=()
for k in "${!programs[@]}"; do
	cp "${programs[k]}" "$work/bin$k"
	run+=("$work/bin$k")
done

mkdir "$work/setup" "$work/orders"
mail "$work/setup/0" master@bench.example $'CREATE ?b1 masterpw classical\nSIGNOFF\n' create
for p in 0 1 2 3 4; do
	mail "$work/setup/$((p + 1))" "${who[p]}" "SIGNON ?b1 secret${letter[p]} ${letter[p]}"$'\n' "join$p"
done
for ((i = 0; i <= N + SYNCS; i++)); do
	p=$((i % 4))
	mail "$work/orders/$i" "${who[p]}" "SIGNON ${letter[p]}b1 secret${letter[p]}"$'\n'"${order[p]}SIGNOFF"$'\n' "o$i"
done

for k in "${!programs[@]}"; do
	d=$work/p$k
	mkdir "$d"
	printf 'db = %s/judge.db\nmax_replies_per_hour = 1000000\ndeliver_at_once = 0\n' "$d" >"$d/judge.conf"
	for f in 0 1 2 3 4 5; do
		"${run[k]}" --config "$d/judge.conf" receive "$work/setup/$f" 2>>"$d/setup.err" ||
			{ echo "receive_cpu: setup failed for ${programs[k]}" >&2; cat "$d/setup.err" >&2; exit 1; }
	done
	[ "$(sqlite3 "$d/judge.db" "SELECT count(*) FROM players WHERE game = 'b1'")" -ge 5 ] ||
		{ echo "receive_cpu: the game did not fill for ${programs[k]}" >&2; exit 1; }
done

# The timed part is a small Python driver, not a bash loop: bash forks
# itself before each exec and `times` would charge that copy (about 2 ms
# of a 4 ms /bin/true) to the program.  The driver starts each process
# with posix_spawn() (vfork and exec, no copy of the driver) and reads that
# one process's rusage from wait4(): user + system CPU and minor page
# faults, in microseconds, not bash's clock ticks.  Each round runs, per
# program, N/ROUNDS receives, as many `--version` and as many /bin/true
# (the floor: what any exec costs on this machine).
args=()
for k in "${!programs[@]}"; do args+=("${run[k]}" "$work/p$k/judge.conf"); done
/usr/bin/python3 - "$work/orders" "$N" "$ROUNDS" "${args[@]}" >"$work/table" <<'PY'
import os, sys
orders, n, rounds = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
progs = list(zip(sys.argv[4::2], sys.argv[5::2]))
per = n // rounds
null = os.open(os.devnull, os.O_RDWR)
# per program: [user, system, faults] for receive, --version and /bin/true
tot = [{"receive": [0.0, 0.0, 0], "version": [0.0, 0.0, 0], "true": [0.0, 0.0, 0]} for _ in progs]
# per program, each round's receive CPU (user + system, s): the spread
# between rounds says how far one mean can be read on this machine
by_round = [[] for _ in progs]

def run(argv, acc, errfile):
    err = os.open(errfile, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    fa = os.POSIX_SPAWN_DUP2
    pid = os.posix_spawn(argv[0], argv, os.environ,
                         file_actions=[(fa, null, 0), (fa, null, 1), (fa, err, 2)])
    os.close(err)
    _, status, ru = os.wait4(pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit("receive_cpu: %s exited %d (see %s)" % (" ".join(argv), os.waitstatus_to_exitcode(status), errfile))
    acc[0] += ru.ru_utime
    acc[1] += ru.ru_stime
    acc[2] += ru.ru_minflt

for r in range(rounds):
    for k, (prog, conf) in enumerate(progs):
        err = os.path.join(os.path.dirname(conf), "orders.err")
        before = tot[k]["receive"][0] + tot[k]["receive"][1]
        for i in range(r * per, (r + 1) * per):
            run([prog, "--config", conf, "receive", os.path.join(orders, str(i))], tot[k]["receive"], err)
        by_round[k].append(tot[k]["receive"][0] + tot[k]["receive"][1] - before)
        for i in range(per):
            run([prog, "--version"], tot[k]["version"], err)
        for i in range(per):
            run(["/bin/true"], tot[k]["true"], err)
m = per * rounds
for k, (prog, conf) in enumerate(progs):
    t = tot[k]
    r = t["receive"]
    print(prog, "%.2f %.2f" % (1000 * r[0] / m, 1000 * r[1] / m),
          *("%.2f %d" % (1000 * (t[w][0] + t[w][1]) / m, round(t[w][2] / m)) for w in ("receive", "version", "true")))
with open(sys.argv[1] + "/../rounds", "w") as f:
    for k, (prog, conf) in enumerate(progs):
        ms = sorted(1000 * c / per for c in by_round[k])
        mid = (ms[(len(ms) - 1) // 2] + ms[len(ms) // 2]) / 2
        print("%d %s (median %.2f, %.2f to %.2f)" % (k, " ".join("%.2f" % (1000 * c / per) for c in by_round[k]),
              mid, ms[0], ms[-1]), file=f)
PY

declare -A ins
for k in "${!programs[@]}"; do
	d=$work/p$k
	ins[$k]="-"
	command -v valgrind >/dev/null || continue
	valgrind --tool=callgrind --callgrind-out-file="$d/callgrind" "${run[k]}" \
		--config "$d/judge.conf" receive "$work/orders/$N" 2>"$d/valgrind.err" >/dev/null &&
		ins[$k]=$(sed -n 's/^totals: //p; s/^summary: //p' "$d/callgrind" | head -n 1)
done

declare -A calls syncs
for k in "${!programs[@]}"; do
	d=$work/p$k
	calls[$k]="-" syncs[$k]="-"
	command -v strace >/dev/null || continue
	for ((i = N + 1; i <= N + SYNCS; i++)); do
		strace -f -o "$d/strace.$i" "${run[k]}" --config "$d/judge.conf" receive "$work/orders/$i" \
			2>/dev/null >/dev/null || { echo "receive_cpu: a receive under strace failed" >&2; exit 1; }
	done
	calls[$k]=$(cat "$d"/strace.* | grep -c '^[0-9]* *[a-z_0-9]*(' | awk -v n="$SYNCS" '{ printf "%.1f", $1 / n }')
	syncs[$k]=$(cat "$d"/strace.* | grep -cE '^[0-9]+ +f(data)?sync\(' | awk -v n="$SYNCS" '{ printf "%.2f", $1 / n }')
done

echo "receive_cpu: $((N / ROUNDS * ROUNDS)) order mails per program, $ROUNDS rounds; load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "CPU is user + system ms per process (wait4), faults are minor page faults per process"
echo "calls and syncs: system calls and fdatasync/fsync per receive (strace, $SYNCS more order mails)"
printf '%-36s %6s %6s %8s %7s %8s %7s %8s %7s %5s %13s %6s %5s %s\n' program user sys receive faults \
	version faults true faults libs instructions calls syncs "mails stored"
k=0
while read -r _ ru rs rc rf vc vf tc tf; do
	d=$work/p$k
	prog=${programs[k]}
	stored=$(sqlite3 "$d/judge.db" "SELECT count(*) FROM seen" 2>/dev/null || echo "?")
	printf '%-36s %6s %6s %8s %7s %8s %7s %8s %7s %5s %13s %6s %5s %s\n' "$prog" "$ru" "$rs" "$rc" "$rf" "$vc" "$vf" "$tc" "$tf" \
		"$(ldd "$prog" | wc -l)" "${ins[$k]}" "${calls[$k]}" "${syncs[$k]}" "$stored"
	k=$((k + 1))
done <"$work/table"
echo "receive CPU a process, round by round (ms):"
while read -r k rest; do
	printf '  %s: %s\n' "${programs[k]}" "$rest"
done <"$work/rounds"
