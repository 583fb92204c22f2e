#!/bin/sh
# Plays a game script through the Judge's mail path: every player's mail
# goes through `judge receive`, deadlines through `judge cron --now`, and
# the Judge's mail through `judge flush --maildir`.  After each step the
# position (`judge show`) is compared with the script's expectation.
#
# Script lines:
#   game NAME VARIANT              create the game; the master is master@test
#   join LETTER ADDRESS            a player joins asking for that power
#   orders LETTER                  the lines up to "end" are that power's mail,
#                                  after its SIGNON (M: the master's)
#   from ADDRESS                   the lines up to "end" are a mail from ADDRESS
#   cron                           run cron ten minutes later (all orders in), flush
#   deadline                       let the deadline pass and run cron, flush
#   later HOURS                    run cron, then flush, HOURS later
#   expect                         the lines up to "end" must appear, in order,
#                                  in `judge show`
#   noshow TEXT                    `judge show` must have no line TEXT
#   json EXPR                      `judge show --json` must parse, and the
#                                  Python expression EXPR over it (j) hold
#   replay                         re-adjudicating the history must give the same game
#   mail ADDRESS TEXT              ADDRESS must have received mail containing TEXT
#   nomail ADDRESS TEXT            no mail to ADDRESS may contain TEXT
#   count ADDRESS N TEXT           exactly N mails to ADDRESS contain TEXT
#   total N TEXT                   exactly N mails, to anyone, contain TEXT
#   fits ADDRESS                   every line of the mail to ADDRESS is within
#                                  78 columns and no table row ("| ... |")
#                                  was broken to get there
#   reads N                        the next mail must read N game states
#                                  (the front layer reads each state once)
#   sql STATEMENT                  run it on the database (to damage a game)
#   novariants                     until "variants", the variants folder is
#                                  missing: every mail must be deferred (exit
#                                  75) and cron must skip the games
#   variants                       the variants folder is back
#   header LINE                    the next mail also carries this header line
#   refuse ADDRESS                 ADDRESS answers its last "REFUSE <code>" notice
#   config LINE                    add LINE to the Judge's config (allow_experimental = 1)
#   clock TIME                     the clock stands at TIME (ISO 8601, UTC) from
#                                  here on, so that "friday 18:00" is testable
# Usage: play.sh SCRIPT WORKDIR
set -u
script=$1 work=$2
judge="$top_builddir/judge/judge"
rm -rf "$work" && mkdir -p "$work/in" "$work/mail"
cat >"$work/judge.conf" <<CONF
address = judge@judge.test
db = $work/judge.db
hostname = judge.test
deliver = maildir
deliver_arg = $work/mail
admin = admin@judge.test
authserv_id = mx.judge.test
CONF
# every run of the Judge may bring mail: it makes the texts decoded so
# far (mailtext, below) stale
gen=0
J() { gen=$((gen + 1)); "$judge" --config "$work/judge.conf" "$@"; }
# mailtext ADDRESS: the decoded text of the mail to ADDRESS (mailtext.py),
# decoded again only after the Judge has run: a run of mail and nomail
# lines on one mail costs one Python start-up, not one each
mkdir -p "$work/text"
mailtext() {
	if [ "$(cat "$work/text/$1.gen" 2>/dev/null)" != "$gen" ]; then
		python3 "$top_srcdir/tests/game/mailtext.py" "$work/mail/$1" >"$work/text/$1" 2>/dev/null
		echo "$gen" >"$work/text/$1.gen"
	fi
	cat "$work/text/$1"
}
now=$(date -u +%s)
n=0 failed=0 game="" mode="" buf="" reads="" broken=0 extra=""
mkdir -p "$work/novariants"

send() {   # send FROM BODY-FILE
	n=$((n + 1))
	f="$work/in/$n.eml"
	{
		printf 'From: <%s>\nTo: judge@judge.test\nSubject: orders\n' "$1"
		[ -z "$extra" ] || printf '%s' "$extra"
		printf 'Message-ID: <%d.play@test>\nMIME-Version: 1.0\n' "$n"
		printf 'Content-Type: text/plain; charset=utf-8\n\n'
		cat "$2"
	} >"$f"
	extra=""
	if [ "$broken" = 1 ]; then
		JUDGE_VARIANTS="$work/novariants" JUDGE_NOW=$now J receive "$f" 2>"$work/stderr"
		rc=$?
		[ $rc = 75 ] || { echo "FAIL: mail $n was not deferred (exit $rc)"; failed=1; }
		return
	fi
	JUDGE_STATS=1 JUDGE_NOW=$now J receive "$f" 2>"$work/stderr" ||
		{ echo "FAIL: receive of mail $n"; cat "$work/stderr"; failed=1; }
	if [ -n "$reads" ]; then
		grep -q "^judge: $reads states\? read\$" "$work/stderr" ||
			{ echo "FAIL: mail $n should read $reads states:"; cat "$work/stderr"; failed=1; }
		reads=""
	fi
}

flush() { JUDGE_NOW=$now J flush --maildir "$work/mail" >/dev/null; }

# addr of a power letter, from the join lines (the latest join: a script
# may play several games)
addr_of() { sed -n "s/^$1 //p" "$work/players" | tail -n 1; }

: >"$work/players"
while IFS= read -r line; do
	case "$mode" in
	orders)
		if [ "$line" = end ]; then
			if [ -n "$sender" ]; then    # a plain mail, no SIGNON
				printf '%s' "$buf" >"$work/body"
				send "$sender" "$work/body"
			elif [ "$letter" = M ]; then   # the master
				printf 'SIGNON M%s masterpw\n%s' "$game" "$buf" >"$work/body"
				send master@test "$work/body"
			else
				printf 'SIGNON %s%s secret%s\n%s' "$letter" "$game" "$letter" "$buf" >"$work/body"
				send "$(addr_of "$letter")" "$work/body"
			fi
			flush
			mode=""
		else
			buf="$buf$line
"
		fi
		continue ;;
	expect)
		if [ "$line" = end ]; then
			J show "$game" >"$work/show"
			printf '%s' "$buf" >"$work/want"
			# every expected line must appear, in order
			if ! awk 'NR==FNR { want[++w] = $0; next } { if (i < w && $0 == want[i + 1]) i++ }
			          END { exit i < w }' "$work/want" "$work/show"; then
				echo "FAIL: position after step $n differs. Wanted:"; cat "$work/want"
				echo "Got:"; cat "$work/show"; failed=1
			fi
			mode=""
		else
			buf="$buf$line
"
		fi
		continue ;;
	esac
	case "$line" in
	""|"#"*) ;;
	config\ *)
		printf '%s\n' "${line#config }" >>"$work/judge.conf" ;;
	clock\ *)
		now=$(date -u -d "${line#clock }" +%s) || { echo "FAIL: $line"; failed=1; } ;;
	game\ *)
		set -- $line; game=$2
		printf 'CREATE ?%s masterpw %s\n' "$2" "$3" >"$work/body"
		send master@test "$work/body"; flush ;;
	join\ *)
		set -- $line
		echo "$2 $3" >>"$work/players"
		printf 'SIGNON ?%s secret%s %s\n' "$game" "$2" "$2" >"$work/body"
		send "$3" "$work/body"; flush ;;
	orders\ *)
		set -- $line; letter=$2; sender=""; buf=""; mode=orders ;;
	from\ *)
		set -- $line; sender=$2; buf=""; mode=orders ;;
	expect)
		buf=""; mode=expect ;;
	cron|deadline|later\ *)
		case "$line" in
		cron) now=$((now + 600)) ;;
		deadline) now=$((now + 4 * 86400)) ;;
		*) now=$((now + ${line#later } * 3600)) ;;
		esac
		if [ "$broken" = 1 ]; then
			JUDGE_VARIANTS="$work/novariants" J cron --now "$now" >/dev/null 2>"$work/stderr"
			grep -q "skipped" "$work/stderr" || { echo "FAIL: cron did not skip"; failed=1; }
		else
			J cron --now "$now" >/dev/null || { echo "FAIL: cron"; failed=1; }
		fi
		flush ;;
	reads\ *) reads=${line#reads } ;;
	sql\ *) sqlite3 "$work/judge.db" "${line#sql }" || { echo "FAIL: $line"; failed=1; } ;;
	novariants) broken=1 ;;
	header\ *) extra="$extra${line#header }
" ;;
	refuse\ *)
		who=${line#refuse }
		code=$(mailtext "$who" |
			sed -n 's/^ *REFUSE \([0-9a-f][0-9a-f]*\)$/\1/p' | tail -1)
		[ -n "$code" ] || { echo "FAIL: no REFUSE code mailed to $who"; failed=1; }
		printf 'REFUSE %s\n' "$code" >"$work/body"
		send "$who" "$work/body"; flush ;;
	variants) broken=0 ;;
	count\ *)
		set -- $line; who=$2 want=$3
		text=${line#* }; text=${text#* }; text=${text#* }
		got=$(python3 "$top_srcdir/tests/game/mailtext.py" --count "$text" "$work/mail/$who" 2>/dev/null)
		[ "$got" = "$want" ] || { echo "FAIL: $got mails to $who contain '$text', not $want"; failed=1; } ;;
	total\ *)
		set -- $line; want=$2
		text=${line#* }; text=${text#* }
		got=0
		for f in "$work/mail"/*; do
			k=$(python3 "$top_srcdir/tests/game/mailtext.py" --count "$text" "$f" 2>/dev/null)
			got=$((got + ${k:-0}))
		done
		[ "$got" = "$want" ] || { echo "FAIL: $got mails in all contain '$text', not $want"; failed=1; } ;;
	fits\ *)
		who=${line#fits }
		python3 "$top_srcdir/tests/game/mailtext.py" --bodies "$work/mail/$who" >"$work/bodies" 2>/dev/null
		[ -s "$work/bodies" ] || { echo "FAIL: no mail to $who"; failed=1; }
		bad=$(awk 'length > 78 || (/^\|/ && !/\|$/) { print "  " $0 }' "$work/bodies")
		[ -z "$bad" ] || { echo "FAIL: lines to $who too wide or broken:"; echo "$bad" | head -5; failed=1; } ;;
	noshow\ *)
		text=${line#noshow }
		if J show "$game" | grep -qxF -- "$text"; then
			echo "FAIL: \`judge show\` has the line '$text'"; failed=1
		fi ;;
	json\ *)
		expr=${line#json }
		J show "$game" --json >"$work/json" 2>&1 &&
			python3 -c 'import json, sys; j = json.load(open(sys.argv[1])); sys.exit(not eval(sys.argv[2]))' \
				"$work/json" "$expr" ||
			{ echo "FAIL: \`judge show $game --json\` does not satisfy: $expr"; cat "$work/json"; failed=1; } ;;
	replay)
		J replay "$game" >"$work/replay" || { echo "FAIL: replay differs"; cat "$work/replay"; failed=1; } ;;
	mail\ *|nomail\ *)
		set -- $line; kind=$1 who=$2
		text=${line#* }; text=${text#* }
		# runs of blanks count as one, so reports' column alignment is not tested
		text=$(printf '%s' "$text" | tr -s ' ')
		if mailtext "$who" | tr -s ' ' | grep -qF -- "$text"; then
			found=1
		else
			found=0
		fi
		if [ "$kind" = mail ] && [ $found = 0 ]; then
			echo "FAIL: no mail to $who contains '$text'"; failed=1
		elif [ "$kind" = nomail ] && [ $found = 1 ]; then
			echo "FAIL: a mail to $who contains '$text'"; failed=1
		fi ;;
	*) echo "FAIL: bad script line: $line"; failed=1 ;;
	esac
done <"$script"
[ $failed = 0 ] && echo "PASS: $script"
exit $failed
