# bench/burst_run.sh - the rounds of bench/burst.sh (which says what they
# measure), sourced by tests/e2e/postfix.test (BENCH_HOOK) once its game
# is played, so that they use its private Postfix, its helpers and its
# game rather than a copy of their set-up.  bash.

burst_orders=("F min H" "A lib H" "A pel H" "A bru H" "A Antioch H")

cc -O2 -o "$J/bin/rusage_run" "$top_srcdir/bench/rusage_run.c" || fail "burst: cannot build rusage_run"
# the pipe runs as nobody, for whom Postfix's sendmail reads only the
# default config: in this mount namespace that is the private instance's
mount --bind "$ETC" /etc/postfix || fail "burst: cannot bind $ETC on /etc/postfix"
cat >"$J/receive" <<EOS
#!/bin/sh
JUDGE_VARIANTS=$J/variants
export JUDGE_VARIANTS
# local(8) passes its own MAIL_CONFIG, which postdrop refuses to nobody;
# without it, sendmail reads /etc/postfix, this instance's here
unset MAIL_CONFIG
exec "$J/bin/rusage_run" "$J/var/rusage" "$J/bin/judge" --config "$J/judge.conf" receive 2>>"$J/var/receive.log"
EOS
chmod 755 "$J/receive"
cp "$J/judge.conf" "$J/judge.conf.e2e"
# twenty pipes at once to the one alias (Postfix's default for local(8)
# is two a recipient), as a busy installation is set up
postconf -c "$ETC" -e local_destination_concurrency_limit=20 default_process_limit=100 &&
	postfix -c "$ETC" reload >/dev/null 2>&1 || fail "burst: cannot raise local(8)'s concurrency"

# burst_submit ROUND I: hand order mail I of ROUND to Postfix's sendmail,
# its submission time into $T/burst/ROUND.sent
burst_submit() {
	local p=$(( $2 % 5 )) id="b.$1.$2@players.test" t0
	local who=${names[p]}
	{
		printf 'From: <%s@players.test>\nTo: judge@judge.test\nSubject: burst %s %d\n' "$who" "$1" "$2"
		printf 'Message-ID: <%s>\nMIME-Version: 1.0\nContent-Type: text/plain; charset=utf-8\n\n' "$id"
		printf 'SIGNON %spf secret%d\n%s\nSIGNOFF\n' "${letters[p]}" "$p" "${burst_orders[p]}"
	} >"$T/burst/$1.$2.eml"
	t0=$(date +%s.%N)
	MAIL_CONFIG=$ETC sendmail -oi -f "$who@players.test" -- judge@judge.test <"$T/burst/$1.$2.eml" ||
		fail "burst: sendmail refused mail $2 of round $1"
	echo "$id $t0" >>"$T/burst/$1.sent"
}

# burst_replies ROUND: the players' replies of ROUND (their files)
burst_replies() {
	grep -l "^Subject: Re: burst $1 " "$MAIL"/*/new/* 2>/dev/null
}

# burst_round ROUND JUDGE TRANSPORT MODE: N mails of ROUND (a word)
# answered by the binary JUDGE over TRANSPORT (sendmail, smtp), submitted
# at once or one at a time (MODE burst, serial); prints one line of figures
burst_round() {
	local round=$1 bin=$2 transport=$3 mode=$4 i n
	# one at a time takes a reply's whole delay per mail: BURST_SERIAL
	# of them (default all) are enough for its figures
	local BURST=$BURST
	[ "$mode" = burst ] || BURST=${BURST_SERIAL:-$BURST}
	cp "$bin" "$J/bin/judge.new" && mv "$J/bin/judge.new" "$J/bin/judge"
	{
		grep -v '^deliver' "$J/judge.conf.e2e"
		if [ "$transport" = smtp ]; then
			printf 'deliver = smtp\ndeliver_arg = 127.0.0.1:%s\n' "$port"
		else
			printf 'deliver = sendmail\ndeliver_arg = /usr/sbin/sendmail -t -oi\n'
		fi
	} >"$J/judge.conf"
	: >"$J/var/rusage"
	chown "$nobody_uid:$nobody_gid" "$J/var/rusage"
	: >"$T/burst/$round.sent"
	if [ "$mode" = burst ]; then
		for i in $(seq 1 "$BURST"); do burst_submit "$round" "$i" & done
		wait
	else
		for i in $(seq 1 "$BURST"); do
			burst_submit "$round" "$i"
			local w=0
			while [ "$(grep -l "^In-Reply-To: <b\.$round\.$i@" "$MAIL"/*/new/* 2>/dev/null | wc -l)" = 0 ]; do
				w=$((w + 1))
				[ "$w" -lt 3000 ] || fail "burst: round $round: no reply to mail $i in 30 s"
				sleep 0.01
			done
		done
	fi
	for i in $(seq 1 1200); do
		[ "$(burst_replies "$round" | wc -l)" -ge "$BURST" ] && break
		sleep 0.1
	done
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
	[ "$n" -eq "$BURST" ] || say "burst: $round: WARNING: $((BURST - n)) replies missing"
}

mkdir -p "$T/burst"
binaries="this:$J/bin/judge.this"
cp "$J/bin/judge" "$J/bin/judge.this"
if [ -n "${BURST_BASE:-}" ]; then
	cp "$BURST_BASE" "$J/bin/judge.base"
	binaries="base:$J/bin/judge.base $binaries"
fi
chmod a+rx "$J/bin"/judge.* "$J/bin/rusage_run"
for transport in sendmail smtp; do
	for mode in serial burst; do
		for b in $binaries; do
			burst_round "${b%%:*}-$transport-$mode" "${b#*:}" "$transport" "$mode"
		done
	done
done
