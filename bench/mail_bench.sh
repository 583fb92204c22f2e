#!/bin/sh
# bench/mail_bench.sh - a benchmark of the Judge's mail path (not a test:
# `make check` does not run it).
#
#   cd build && make && sh ../bench/mail_bench.sh      (or: make mail-bench)
#
# Setup (not timed): a fresh database in a temporary folder, GAMES Classical
# games created and filled through the mail path (a CREATE mail from the
# master and five "SIGNON ?game" mails each, fed through `judge maildir` in
# bulk; a game starts when full); the replies and game-start mail this
# queues are flushed into a scratch Maildir.  The database is then copied, so
# that both feeding paths start from the same state.
#
# Timed:
#   receive  ORDERS order mails ("SIGNON <letter><game> <pw>", three legal
#            Spring 273 BC orders, SIGNOFF), one `judge receive FILE`
#            process per message, as an MTA pipe would run it;
#   maildir  the same number of order mails (other Message-IDs) through one
#            `judge maildir DIR` process;
#   cron     `judge cron --now <after the deadline>` over the GAMES due games
#            (on the maildir copy);
#   flush    `judge flush --maildir DIR` of everything the orders and cron
#            queued (bonus figure).
#
# Then (BREAKDOWN=1, the default) it times where a receive's time goes, as
# a ladder: xargs running /bin/true (the floor), the judge exiting at a
# usage error (start-up: dynamic linking), a receive of a message already
# seen (+ open SQLite, parse; no write), a full receive on tmpfs (/dev/shm,
# where fsync costs nothing) and on disk; and the maildir feed on tmpfs.
#
# Environment: JUDGE (the judge program, default ./judge/judge), GAMES
# (1000), ORDERS (10000), BENCH_TMP (where the work folder goes; default
# $TMPDIR or /tmp), BREAKDOWN (1), KEEP (1: keep the work folder).
set -eu

JUDGE=${JUDGE:-./judge/judge}
GAMES=${GAMES:-1000}
ORDERS=${ORDERS:-10000}
BREAKDOWN=${BREAKDOWN:-1}
KEEP=${KEEP:-0}
BENCH_TMP=${BENCH_TMP:-${TMPDIR:-/tmp}}

if [ ! -x "$JUDGE" ]; then
	echo "mail_bench: no judge program at $JUDGE (run make in the build folder first," >&2
	echo "or set JUDGE=path/to/judge)" >&2
	exit 2
fi
# the defaults, not whatever config the caller's shell points at
unset JUDGE_CONFIG JUDGE_CRASH_AT || true

work=$(mktemp -d "$BENCH_TMP/mail_bench.XXXXXX")
shm=
cleanup() {
	if [ "$KEEP" = 1 ]; then
		echo "mail_bench: work folder kept: $work${shm:+ and $shm}"
	else
		rm -rf "$work"
		[ -z "$shm" ] || rm -rf "$shm"
	fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# a private copy of the program: a rebuild in the build folder while the
# benchmark runs must not pull it away (the variant data is still read
# from the source tree, as the built program does)
JUDGE_FROM=$JUDGE
cp "$JUDGE" "$work/judge"
# the per-address limits against abuse lifted (bench/bench.conf)
cp "$(dirname "$0")/bench.conf" "$work/bench.conf"
JUDGE_CONFIG=$work/bench.conf
export JUDGE_CONFIG
JUDGE=$work/judge

# A fixed simulated clock: setup at T0, orders an hour later, cron two days
# on (the default period is 48 hours).
T0=1800000000
T_ORDERS=$((T0 + 3600))
T_CRON=$((T0 + 49 * 3600))

clock() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(clock)" 'BEGIN { printf "%.3f", b - a }'; }
rate() { awk -v n="$1" -v s="$2" 'BEGIN { printf "%.0f", (s > 0 ? n / s : 0) }'; }
per_ms() { awk -v n="$1" -v s="$2" 'BEGIN { printf "%.2f", (n > 0 ? 1000 * s / n : 0) }'; }
sql() { sqlite3 "$1" "$2"; }
count_files() { find "$1" -type f -path '*/new/*' | wc -l | tr -d ' '; }

mkmaildir() { mkdir -p "$1/tmp" "$1/new" "$1/cur"; }

# gen_mail KIND DIR FIRST_SEQ COUNT ROUND
# Writes mails as files DIR/<seq>.bench (zero-padded, so names sort in
# delivery order).  KIND setup: per game a CREATE from the master and five
# joins (COUNT is ignored; all GAMES games).  KIND orders: COUNT order mails,
# cycling over games and powers; ROUND goes into the Message-ID.
gen_mail() {
	awk -v kind="$1" -v dir="$2" -v seq="$3" -v count="$4" -v round="$5" \
	    -v games="$GAMES" '
	function mail(from, subject, body,    f) {
		f = sprintf("%s/%09d.bench", dir, seq)
		printf "Return-Path: <%s>\nFrom: <%s>\nTo: judge@localhost\n" \
		       "Subject: %s\nDate: Fri, 15 Jan 2027 08:00:00 +0000\n" \
		       "Message-ID: <bench.%s.%d@bench.example>\nMIME-Version: 1.0\n" \
		       "Content-Type: text/plain; charset=utf-8\n\n%s", \
		       from, from, subject, round, seq, body > f
		close(f)
		seq++
	}
	function game(g) { return sprintf("b%04d", g) }
	BEGIN {
		# the five Classical powers, their players and legal Spring 273 BC
		# orders (the openings of judge/cmd/demo.c, in its mix of spellings)
		letter[0] = "C"; who[0] = "hannibal@carthage.example"
		order[0] = "F car - min\nF pan - mgs\nF lep - sma\n"
		letter[1] = "E"; who[1] = "ptolemy@egypt.example"
		order[1] = "A Thebes -> Libya\nF Alexandria to Ptolemaic Sea\nF mem - bop\n"
		letter[2] = "A"; who[2] = "antigonus@macedon.example"
		order[2] = "A pel - epi\nF cas - eub\nF kal - ans\n"
		letter[3] = "R"; who[3] = "scipio@rome.example"
		order[3] = "A bru - epi\nA rom - etr\nF Cumae - Mare Tyrrhenum\n"
		letter[4] = "S"; who[4] = "seleucus@syria.example"
		order[4] = "A ant - cil\nA dam - mes\nF tyr - ses\n"
		if (kind == "setup") {
			for (g = 1; g <= games; g++) {
				mail("master@bench.example", "new game",
				     "CREATE ?" game(g) " masterpw classical\nSIGNOFF\n")
				for (p = 0; p < 5; p++)
					mail(who[p], "join", "SIGNON ?" game(g) " secret" letter[p] " " letter[p] "\n")
			}
		} else {
			for (i = 0; i < count; i++) {
				g = int(i / 5) % games + 1
				p = i % 5
				mail(who[p], "orders", "SIGNON " letter[p] game(g) " secret" letter[p] "\n" \
				     order[p] "SIGNOFF\n")
			}
		}
	}'
}

echo "mail_bench: judge copied from $JUDGE_FROM"
echo "mail_bench: $GAMES games, $ORDERS order mails per path, work folder $work"
echo "mail_bench: $(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //'), $(nproc) CPUs"

# ---------------------------------------------------------------- setup
t=$(clock)
mkmaildir "$work/setup"
gen_mail setup "$work/setup/new" 1 0 setup
JUDGE_NOW=$T0 "$JUDGE" --db "$work/base.db" maildir "$work/setup"
active=$(sql "$work/base.db" "SELECT count(*) FROM games WHERE status = 'active'")
if [ "$active" != "$GAMES" ]; then
	echo "mail_bench: setup failed: $active of $GAMES games active" >&2
	exit 1
fi
# the setup replies and game-start mail are out of the way before timing
JUDGE_NOW=$T0 "$JUDGE" --db "$work/base.db" flush --maildir "$work/setup-out" >/dev/null
sql "$work/base.db" "PRAGMA wal_checkpoint(TRUNCATE)" >/dev/null
rm -rf "$work/setup" "$work/setup-out"
echo "setup: $GAMES games created and started through the mail path in $(since "$t") s"

# the order mails: one plain folder for receive, one Maildir for maildir
mkdir "$work/rcv"
gen_mail orders "$work/rcv" 1 "$ORDERS" r
mkmaildir "$work/mdir"
gen_mail orders "$work/mdir/new" 1 "$ORDERS" m
cp "$work/base.db" "$work/rcv.db"
cp "$work/base.db" "$work/mdir.db"

# check: every order mail was taken (COUNT of them), none was rejected, and
# every power that was mailed has its orders stored
check_orders() { # DB LABEL COUNT
	seen=$(sql "$1" "SELECT count(*) FROM seen WHERE outcome = 'processed' AND message_id LIKE 'bench.%' AND message_id NOT LIKE 'bench.setup.%'")
	bad=$(sql "$1" "SELECT count(*) FROM outbox WHERE status = 'queued' AND
	        (CAST(message AS TEXT) LIKE '%rejected%' OR CAST(message AS TEXT) LIKE '%Wrong password%')")
	nord=$(sql "$1" "SELECT count(*) FROM orders")
	want=$(($3 < 5 * GAMES ? $3 : 5 * GAMES))
	if [ "$seen" != "$3" ] || [ "$bad" != 0 ] || [ "$nord" != "$want" ]; then
		echo "mail_bench: $2: $seen of $3 mails processed, $bad replies with" \
		     "rejected orders, $nord orders stored (want $want)" >&2
		exit 1
	fi
}

feed_receive() { # DB DIR
	# one process per message, in delivery order, stopping at the first
	# failure (exit 75 would make an MTA retry)
	find "$2" -type f -name '*.bench' | sort |
		JUDGE_NOW=$T_ORDERS xargs -n 1 "$JUDGE" --db "$1" receive
}
feed_maildir() { # DB MAILDIR
	JUDGE_NOW=$T_ORDERS "$JUDGE" --db "$1" maildir "$2"
}

# ------------------------------------------------------- timed: receive
t=$(clock)
feed_receive "$work/rcv.db" "$work/rcv"
s_rcv=$(since "$t")
check_orders "$work/rcv.db" receive "$ORDERS"
echo "receive: $ORDERS messages in $s_rcv s = $(rate "$ORDERS" "$s_rcv") msg/s" \
     "($(per_ms "$ORDERS" "$s_rcv") ms/msg, one process each)"

# ------------------------------------------------------- timed: maildir
t=$(clock)
feed_maildir "$work/mdir.db" "$work/mdir"
s_mdir=$(since "$t")
check_orders "$work/mdir.db" maildir "$ORDERS"
left=$(find "$work/mdir/new" -type f | wc -l | tr -d ' ')
if [ "$left" != 0 ]; then
	echo "mail_bench: maildir left $left messages in new/" >&2
	exit 1
fi
echo "maildir: $ORDERS messages in $s_mdir s = $(rate "$ORDERS" "$s_mdir") msg/s" \
     "($(per_ms "$ORDERS" "$s_mdir") ms/msg, one process)"

# ---------------------------------------------------------- timed: cron
q0=$(sql "$work/mdir.db" "SELECT count(*) FROM outbox WHERE status = 'queued'")
t=$(clock)
"$JUDGE" --db "$work/mdir.db" cron --now "$T_CRON" --verbose >"$work/cron.out"
s_cron=$(since "$t")
q1=$(sql "$work/mdir.db" "SELECT count(*) FROM outbox WHERE status = 'queued'")
done_games=$(grep -c 'processed' "$work/cron.out" || true)
adj=$(sql "$work/mdir.db" "SELECT count(*) FROM history")
if [ "$done_games" != "$GAMES" ]; then
	echo "mail_bench: cron processed $done_games of $GAMES games" >&2
	exit 1
fi
echo "cron: $GAMES games in $s_cron s = $(per_ms "$GAMES" "$s_cron") ms/game" \
     "($adj phases adjudicated; outbox $q0 -> $q1 queued, +$((q1 - q0)) from cron," \
     "$(sql "$work/mdir.db" "SELECT sum(length(message)) FROM outbox WHERE status = 'queued'") bytes)"

# --------------------------------------------------------- timed: flush
t=$(clock)
JUDGE_NOW=$T_CRON "$JUDGE" --db "$work/mdir.db" flush --maildir "$work/out" >/dev/null
s_flush=$(since "$t")
sent=$(count_files "$work/out")
echo "flush: $sent messages in $s_flush s = $(rate "$sent" "$s_flush") msg/s" \
     "($(per_ms "$sent" "$s_flush") ms/msg)"
rm -rf "$work/out"

[ "$BREAKDOWN" = 1 ] || exit 0

# ---------------------------------------------------- where the time goes
# A ladder of wall-clock costs per message (ms), each step adding to the
# one before; N runs each.
N=$((ORDERS / 10))
step() { # LABEL SECONDS RUNS
	printf '  %-64s %6s ms\n' "$1" "$(per_ms "$3" "$2")"
}
echo "breakdown of one receive (ms per message; $N runs each unless said):"
# 0. the floor: xargs starting a program that does nothing
t=$(clock)
seq 1 "$N" | xargs -n 1 /bin/true
step "fork + exec of /bin/true by xargs (the floor)" "$(since "$t")" "$N"
# 1. start the judge and exit at once (usage error, before any file is
#    opened): exec, dynamic linking of its shared libraries, constructors
t=$(clock)
seq 1 "$N" | xargs -n 1 "$JUDGE" receive a b 2>/dev/null || true
step "judge start + exit (usage error; ld.so, constructors)" "$(since "$t")" "$N"
# 2. to 4. on tmpfs (/dev/shm), where fsync costs nothing: a full receive
#    of N new mails, then the same N mails again, now duplicates (+ config,
#    open SQLite with its PRAGMAs and schema check, read and MIME-parse the
#    message, Message-ID lookup; no write); and then the timed run on disk
if [ -d /dev/shm ] && [ -w /dev/shm ]; then
	shm=$(mktemp -d /dev/shm/mail_bench.XXXXXX)
	ladder=$shm
else
	ladder=$work/ladder
	mkdir "$ladder"
fi
cp "$work/base.db" "$ladder/rcv.db"
mkdir "$ladder/rcv"
gen_mail orders "$ladder/rcv" 1 "$N" r
t=$(clock)
feed_receive "$ladder/rcv.db" "$ladder/rcv"
s_full=$(since "$t")
check_orders "$ladder/rcv.db" "receive in $ladder" "$N"
t=$(clock)
feed_receive "$ladder/rcv.db" "$ladder/rcv" 2>/dev/null
s_dup=$(since "$t")
where=tmpfs
[ -n "$shm" ] || where=disk
step "+ open SQLite, parse, seen lookup (duplicate, $where; no write)" "$s_dup" "$N"
step "+ variant, orders, reply, commit: full receive on $where" "$s_full" "$N"
step "+ fsync: full receive on disk (the timed run, $ORDERS runs)" "$s_rcv" "$ORDERS"
if [ -n "$shm" ]; then
	cp "$work/base.db" "$shm/mdir.db"
	mkmaildir "$shm/mdir"
	gen_mail orders "$shm/mdir/new" 1 "$ORDERS" m
	t=$(clock)
	feed_maildir "$shm/mdir.db" "$shm/mdir"
	s=$(since "$t")
	check_orders "$shm/mdir.db" "maildir on tmpfs" "$ORDERS"
	echo "maildir on tmpfs (no fsync cost): $ORDERS messages in $s s =" \
	     "$(rate "$ORDERS" "$s") msg/s ($(per_ms "$ORDERS" "$s") ms/msg;" \
	     "on disk $(per_ms "$ORDERS" "$s_mdir") ms/msg)"
fi
