# bench/burst_run.sh - the rounds of bench/burst.sh (which says what they
# measure), sourced by tests/e2e/postfix.test (BENCH_HOOK) once its game
# is played, so that they use its private Postfix, its helpers and its
# game rather than a copy of their set-up.  bash.

burst_orders=("F min H" "A lib H" "A pel H" "A bru H" "A Antioch H")

# the binaries take turns as the installed program (postfix.test's
# DESTDIR), whose place tells it where its variants and modules are
jbin=$(dirname "$judge_exe")
mkdir -p "$J/bin"
cc -O2 -o "$J/bin/rusage_run" "$top_srcdir/bench/rusage_run.c" || fail "burst: cannot build rusage_run"
# the pipe runs as nobody, for whom Postfix's sendmail reads only the
# default config: in this mount namespace that is the private instance's
mount --bind "$ETC" /etc/postfix || fail "burst: cannot bind $ETC on /etc/postfix"
cat >"$J/receive" <<EOS
#!/bin/sh
# local(8) passes its own MAIL_CONFIG, which postdrop refuses to nobody;
# without it, sendmail reads /etc/postfix, this instance's here
unset MAIL_CONFIG
exec "$J/bin/rusage_run" "$J/var/rusage" "$jbin/judge" --config "$J/judge.conf" receive 2>>"$J/var/receive.log"
EOS
chmod 755 "$J/receive"
cp "$J/judge.conf" "$J/judge.conf.e2e"
# twenty pipes at once to the one alias (Postfix's default for local(8)
# is two a recipient), as a busy installation is set up
postconf -c "$ETC" -e local_destination_concurrency_limit=20 default_process_limit=100 &&
	postfix -c "$ETC" reload >/dev/null 2>&1 || fail "burst: cannot raise local(8)'s concurrency"

# burst_mail ROUND I: order mail I of ROUND, from one of the five players,
# as a file for bench/burst_submit.py, which hands the round's mails to
# Postfix's smtpd from one process (their submission times into
# $T/burst/ROUND.sent)
burst_mail() {
	local p=$(( $2 % 5 )) id="b.$1.$2@players.test"
	local who=${names[p]}
	{
		printf 'From: <%s@players.test>\nTo: judge@judge.test\nSubject: burst %s %d\n' "$who" "$1" "$2"
		printf 'Message-ID: <%s>\nMIME-Version: 1.0\nContent-Type: text/plain; charset=utf-8\n\n' "$id"
		printf 'SIGNON %spf secret%d\n%s\nSIGNOFF\n' "${letters[p]}" "$p" "${burst_orders[p]}"
	} >"$T/burst/$1.$2.eml"
	echo "$T/burst/$1.$2.eml"
}

# burst_db NAME BINARY: a database of NAME's own, in which BINARY has made
# game pf as the end-to-end test did (created, five players signed on),
# by `judge receive` of the same mails, so that an older binary is not
# handed a database a newer one has migrated
burst_db() {
	local db=$J/var/judge-$1.db i
	{ grep -v '^db' "$J/judge.conf.e2e"; echo "db = $db"; } >"$J/judge-$1.conf"
	chmod 644 "$J/judge-$1.conf"
	printf 'From: <master@players.test>\nTo: judge@judge.test\nSubject: new game\nMessage-ID: <new.%s@players.test>\n\nCREATE ?pf masterpw classical\nSIGNOFF\n' \
		"$1" >"$T/burst/$1.create.eml"
	for i in 0 1 2 3 4; do
		printf 'From: <%s@players.test>\nTo: judge@judge.test\nSubject: join\nMessage-ID: <join.%s.%d@players.test>\n\nSIGNON ?pf secret%d %s\n' \
			"${names[i]}" "$1" "$i" "$i" "${letters[i]}" >"$T/burst/$1.join$i.eml"
	done
	chmod a+r "$T/burst"/*.eml
	cp "$2" "$jbin/judge.new" && mv "$jbin/judge.new" "$jbin/judge"
	for f in create join0 join1 join2 join3 join4; do
		(cd "$T" && setpriv --reuid="$nobody_uid" --regid="$nobody_gid" --clear-groups \
			"$jbin/judge" --config "$J/judge-$1.conf" receive "$T/burst/$1.$f.eml") \
			2>>"$J/var/receive.log" || fail "burst: $2 could not set up its game ($f)"
	done
	[ "$(sqlite3 "$db" "SELECT count(*) FROM players WHERE game = 'pf'")" -ge 5 ] ||
		fail "burst: game pf did not fill in $db"
}

# burst_replies ROUND: the players' replies of ROUND (their files)
burst_replies() {
	grep -l "^Subject: Re: burst $1 " "$MAIL"/*/new/* 2>/dev/null
}

# The machine's CPU during a round, to tell a round bound by CPU from one
# that waits: the busy and all ticks of both cores since boot (/proc/stat's
# "cpu" line; busy is all but idle and iowait), and the ticks of Postfix's
# processes: its master's own and those of the children it has reaped
# (cutime, cstime: every smtpd, cleanup, local that has exited, with the
# pipes local waited for), plus each live child's own and reaped ones.
# Read before and after a round; receive's share (its rusage file) is then
# taken out of Postfix's, which holds it through local(8).
machine_ticks() {
	awk '$1 == "cpu" { t = 0; for (i = 2; i <= NF; i++) t += $i; print t - $5 - $6, t }' /proc/stat
}
postfix_ticks() {
	local master
	master=$(head -1 "$SPOOL/pid/master.pid" | tr -dc 0-9)
	# the command name in parentheses may hold spaces: fields from the last
	# ") " on (state is 1, ppid 2, utime 12, stime 13, cutime 14, cstime 15)
	cat /proc/[0-9]*/stat 2>/dev/null | awk -v m="$master" '{
		pid = $1; rest = substr($0, match($0, /\) [A-Z] /) + 2); split(rest, f, " ")
		if (pid == m || f[2] == m) t += f[12] + f[13] + f[14] + f[15]
	} END { print t + 0 }'
}
hz=$(getconf CLK_TCK)

# burst_round ROUND JUDGE TRANSPORT MODE: N mails of ROUND (a word)
# answered by the binary JUDGE over TRANSPORT (sendmail, smtp), submitted
# at once or one at a time (MODE burst, serial); prints one line of figures
burst_round() {
	local round=$1 bin=$2 transport=$3 mode=$4 name=${1%%-*} i n
	# one at a time takes a reply's whole delay per mail: BURST_SERIAL
	# of them (default all) are enough for its figures
	local BURST=$BURST
	[ "$mode" = burst ] || BURST=${BURST_SERIAL:-$BURST}
	cp "$bin" "$jbin/judge.new" && mv "$jbin/judge.new" "$jbin/judge"
	{
		grep -v '^deliver' "$J/judge-$name.conf"
		if [ "$transport" = smtp ]; then
			printf 'deliver = smtp\ndeliver_arg = 127.0.0.1:%s\n' "$port"
		else
			printf 'deliver = sendmail\ndeliver_arg = /usr/sbin/sendmail -t -oi\n'
		fi
	} >"$J/judge.conf"
	: >"$J/var/rusage"
	chown "$nobody_uid:$nobody_gid" "$J/var/rusage"
	: >"$T/burst/$round.sent"
	local before pf_before
	before=$(machine_ticks) pf_before=$(postfix_ticks)
	local files=()
	for i in $(seq 1 "$BURST"); do files+=("$(burst_mail "$round" "$i")"); done
	python3 "$top_srcdir/bench/burst_submit.py" 127.0.0.1 "$port" "$mode" "$T/burst/$round.sent" "$MAIL" \
		"${files[@]}" || fail "burst: round $round: the submission failed"
	for i in $(seq 1 1200); do
		[ "$(burst_replies "$round" | wc -l)" -ge "$BURST" ] && break
		sleep 0.1
	done
	local after pf_after
	after=$(machine_ticks) pf_after=$(postfix_ticks)
	for m in $(burst_replies "$round"); do
		id=$(sed -n 's/^In-Reply-To: <\(.*\)>$/\1/p' "$m" | head -1)
		echo "$(sed -n "s/^$id //p" "$T/burst/$round.sent") $(stat -c %.9Y "$m")"
	done | awk 'NF == 2' >"$T/burst/$round.times"
	n=$(wc -l <"$T/burst/$round.times")
	awk '{ printf "%.3f\n", $2 - $1 }' "$T/burst/$round.times" | sort -n >"$T/burst/$round.delays"
	local p50 p99 max span cpu
	p50=$(awk -v n="$n" 'NR == int((n + 1) / 2)' "$T/burst/$round.delays")
	p99=$(awk -v n="$n" 'NR == int(n * 0.99 + 0.999)' "$T/burst/$round.delays")
	max=$(tail -1 "$T/burst/$round.delays")
	span=$(awk 'NR == 1 || $1 < a { a = $1 } NR == 1 || $2 > b { b = $2 } END { printf "%.3f", b - a }' \
		"$T/burst/$round.times")
	cpu=$(awk '{ u += $1; s += $2 } END { if (NR) printf "%.1f (%.1f user + %.1f sys) over %d runs", (u + s) * 1000 / NR, u * 1000 / NR, s * 1000 / NR, NR }' \
		"$J/var/rusage")
	say "burst: $round: $n of $BURST replies; delay p50 ${p50} s, p99 ${p99} s, max ${max} s;" \
		"$(awk -v n="$n" -v s="$span" 'BEGIN { printf "%.1f", (s > 0 ? n / s : 0) }') mails/s" \
		"($n in $span s); receive CPU per mail ${cpu} ms; load $(cut -d' ' -f1-3 /proc/loadavg)"
	# the machine: how busy both cores were, and where the CPU went, in ms
	# a mail: receive (with its sendmail and postdrop), Postfix's own
	# processes, and the rest (the one submitting process, other processes)
	say "burst: $round: machine $(awk -v b="$before" -v a="$after" -v p0="$pf_before" -v p1="$pf_after" \
		-v hz="$hz" -v n="$(( n > 0 ? n : 1 ))" -v r="$(awk '{ u += $1 + $2 } END { printf "%.6f", u }' "$J/var/rusage")" '
		BEGIN {
			split(b, x, " "); split(a, y, " ")
			busy = (y[1] - x[1]) / hz; all = (y[2] - x[2]) / hz
			pf = (p1 - p0) / hz - r; if (pf < 0) pf = 0
			other = busy - r - pf; if (other < 0) other = 0
			printf "%.0f%% busy (%.1f of %.1f core-seconds); CPU per mail: receive %.1f ms, Postfix %.1f ms, other %.1f ms",
				(all > 0 ? 100 * busy / all : 0), busy, all, 1000 * r / n, 1000 * pf / n, 1000 * other / n
		}')"
	[ "$n" -eq "$BURST" ] || say "burst: $round: WARNING: $((BURST - n)) replies missing"
}

mkdir -p "$T/burst"
binaries="this:$jbin/judge.this"
cp "$jbin/judge" "$jbin/judge.this"
if [ -n "${BURST_BASE:-}" ]; then
	cp "$BURST_BASE" "$jbin/judge.base"
	binaries="base:$jbin/judge.base $binaries"
fi
chmod a+rx "$jbin"/judge.* "$J/bin/rusage_run"
for b in $binaries; do burst_db "${b%%:*}" "${b#*:}"; done
for transport in sendmail smtp; do
	for mode in serial burst; do
		for b in $binaries; do
			burst_round "${b%%:*}-$transport-$mode" "${b#*:}" "$transport" "$mode"
		done
	done
done
