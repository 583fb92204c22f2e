#!/bin/sh
# bench/guesses.sh - how many passwords an attacker can try against one
# seat (a benchmark, not a test: `make check` does not run it).
#
#   cd build && sh ../bench/guesses.sh [PER_HOUR] [HOURS] [ADDRESSES]
#
# Makes a Classical game and sends wrong-password sign-ons as the master
# through `judge receive`, PER_HOUR an hour (default 600: one every six
# seconds) for HOURS simulated hours (default 24; the clock is JUDGE_NOW,
# so it takes minutes, not a day).  Counts the replies: "Wrong password"
# means the guess was checked against the hash; "Too many wrong
# passwords" means it was refused unchecked by the throttle.  The checked
# guesses per hour and per day are the attacker's real rate, whatever
# the rate of mail.  ADDRESSES is "one" (default: every guess from one
# thief) or "many" (each from an address of its own, as a distributed
# guesser would).  Once an hour the master signs on with its password
# from its own address: guesses must never keep it out.
set -eu
per_hour=${1:-600}
hours=${2:-24}
addresses=${3:-one}
top_builddir=${top_builddir:-$(pwd)}
judge="$top_builddir/judge/judge"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/mail"
cat >"$work/judge.conf" <<CONF
address = judge@judge.test
db = $work/judge.db
hostname = judge.test
deliver = maildir
deliver_arg = $work/mail
max_replies_per_hour = 0
CONF
mail() {   # mail FROM N BODY
	printf 'From: <%s>\nTo: judge@judge.test\nSubject: x\nMessage-ID: <%s.guess@test>\n\n%s\n' \
		"$1" "$2" "$3" | "$judge" --config "$work/judge.conf" receive
}
start=1800000000
JUDGE_NOW=$start mail master@test 0 "CREATE ?g masterpw classical"
step=$((3600 / per_hour))
n=$((per_hour * hours))
i=1
thief=thief
while [ $i -le $n ]; do
	[ "$addresses" = one ] || thief=thief$i
	JUDGE_NOW=$((start + i * step)) mail $thief@test "$i" "SIGNON Mg guess$i"
	[ $((i % per_hour)) != 0 ] || JUDGE_NOW=$((start + i * step)) mail master@test "m$i" "SIGNON Mg masterpw"
	i=$((i + 1))
done
checked=$(cat "$work"/mail/thief*@test/new/* | grep -c "Wrong password for the master" || true)
refused=$(cat "$work"/mail/thief*@test/new/* | grep -c "Too many wrong passwords" || true)
owner=$(cat "$work"/mail/master@test/new/* | grep -c "Signed on as master" || true)
echo "$n guesses in $hours simulated hours ($per_hour an hour, from $addresses address(es)):"
echo "  checked against the password: $checked ($(awk "BEGIN { printf \"%.1f\", $checked / $hours }") an hour)"
echo "  refused unchecked by the throttle: $refused"
echo "  the master's own sign-ons that opened the seat: $owner of $hours"
