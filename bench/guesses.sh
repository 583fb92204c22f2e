#!/bin/sh
# bench/guesses.sh - how many passwords an attacker can try against one
# seat (a benchmark, not a test: `make check` does not run it).
#
#   cd build && sh ../bench/guesses.sh [PER_HOUR] [HOURS]
#
# Makes a Classical game and sends wrong-password sign-ons as the master
# through `judge receive`, PER_HOUR an hour (default 600: one every six
# seconds) for HOURS simulated hours (default 24; the clock is JUDGE_NOW,
# so it takes minutes, not a day).  Counts the replies: "Wrong password"
# means the guess was checked against the hash; "Too many wrong
# passwords" means it was refused unchecked by the throttle.  The checked
# guesses per hour and per day are the attacker's real rate, whatever
# the rate of mail.
set -eu
per_hour=${1:-600}
hours=${2:-24}
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
while [ $i -le $n ]; do
	JUDGE_NOW=$((start + i * step)) mail thief@test "$i" "SIGNON Mg guess$i"
	i=$((i + 1))
done
checked=$(grep -l "Wrong password for the master" "$work"/mail/thief@test/new/* | wc -l)
refused=$(grep -l "Too many wrong passwords" "$work"/mail/thief@test/new/* | wc -l)
echo "$n guesses in $hours simulated hours ($per_hour an hour):"
echo "  checked against the password: $checked ($(awk "BEGIN { printf \"%.1f\", $checked / $hours }") an hour)"
echo "  refused unchecked by the throttle: $refused"
