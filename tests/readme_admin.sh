#!/bin/sh
# tests/readme_admin.sh - the README's admin section ("Running it for
# real", from "From source" on) as written: every block of README.md
# marked for it with an <!-- admin: TAG --> comment is taken from the
# README itself and run in a fresh Debian 12 (minbase bookworm, made by
# debootstrap), so the README cannot drift from what is tested:
#   build               run in a copy of this tree (bootstrap.sh, make install)
#   user, check         run as root (the judge user, /etc/judge.conf, init)
#   config              appended to /etc/judge.conf, before `check`: the
#                       keys the README says to set, and no more
#   config-example      the whole example: check-config, as judge, finds
#                       no problem in it
#   postfix             run (what bootstrap.sh's Postfix leaves to set)
#   master.cf           appended to /etc/postfix/master.cf
#   transport           written to /etc/postfix/transport
#   transport-commands  run; then a player mails the Judge through Postfix
#                       and the reply must reach the player's mailbox
#   crontab             each line's command run by hand as judge, with
#                       cron's environment: it must succeed and print nothing
#   backup              run: it must make a backup
#   forward             written to ~judge/.forward, the transport taken
#                       away; a player's mail must again be answered
# and every indented block of the section must carry a tag, so that none
# goes untested.  Liberties, all outside the README's commands: the
# chroot has no systemd, so `systemctl restart|reload postfix` is a
# stand-in that runs `postfix stop/start|reload`; Postfix runs in a
# network namespace of its own (`ip netns`: it listens on no port of this
# machine); no daemon starts while packages install (policy-rc.d); and
# Postfix logs to /var/log/postfix.log (a chroot has no syslog).
#
# Run as root:  tests/readme_admin.sh [CHROOT]
#   CHROOT (default /var/tmp/judge-readme-root) must not have been used
#   by this script before; it is made by debootstrap if it has no /bin/sh,
#   or copied (cp -a) from $ROOT_FROM, an existing minbase chroot.
set -e
[ "$(id -u)" = 0 ] || { echo "readme_admin: run as root" >&2; exit 1; }
command -v ip >/dev/null && command -v nsenter >/dev/null ||
	{ echo "readme_admin: needs ip (iproute2) and nsenter (util-linux)" >&2; exit 1; }
src=$(cd "$(dirname "$0")/.." && pwd)
readme=$src/README.md
root=${1:-/var/tmp/judge-readme-root}

# block TAG: the indented block after "<!-- admin: TAG -->", unindented;
# fails unless there is exactly one such tag, followed by a block
block() {
	awk -v tag="<!-- admin: $1 -->" '
		$0 == tag { n++; on = 1; next }
		on == 1 && /^$/ { next }
		on == 1 && /^    / { on = 2; lines++ }
		on == 2 && /^    / { sub(/^    /, ""); print; next }
		{ on = 0 }
		END { exit !(n == 1 && lines == 1) }' "$readme"
}
TAGS="build user config config-example check postfix master.cf transport transport-commands crontab backup forward"
for t in $TAGS; do
	block "$t" >/dev/null || { echo "readme_admin: README.md has no single block tagged admin: $t" >&2; exit 1; }
done
# every indented block of the section is tagged: a block starts after a
# blank line; a tag stands before it
section() { awk '/^\*\*From source/ { on = 1 } /^## / && on && !/Running it for real/ { on = 0 } on' "$readme"; }
blocks=$(section | awk 'prev == "" && /^    [^ ]/ { n++ } { prev = $0 } END { print n + 0 }')
tags=$(section | grep -c '^<!-- admin: ')
[ "$blocks" = "$tags" ] ||
	{ echo "readme_admin: the section has $blocks indented blocks but $tags tags" >&2; exit 1; }

if [ ! -x "$root/bin/sh" ]; then
	if [ -n "${ROOT_FROM:-}" ]; then
		cp -a "$ROOT_FROM" "$root"
	else
		command -v debootstrap >/dev/null || apt-get install -y -q debootstrap
		debootstrap --variant=minbase bookworm "$root" http://deb.debian.org/debian
	fi
fi
[ ! -e "$root/etc/judge.conf" ] ||
	{ echo "readme_admin: $root was used before; give a fresh chroot" >&2; exit 1; }
for d in proc sys dev; do mountpoint -q "$root/$d" || mount --bind "/$d" "$root/$d"; done
# the network namespace the chroot's Postfix runs in: its own loopback,
# no other interface; bound into the chroot as /run/judge-netns
ns=judge-readme-$$
cleanup() {
	chroot "$root" postfix stop >/dev/null 2>&1 || true
	umount "$root/run/judge-netns" 2>/dev/null || true
	ip netns del "$ns" 2>/dev/null || true
	for d in proc sys dev; do umount "$root/$d" 2>/dev/null || true; done
}
trap cleanup EXIT
ip netns add "$ns" && ip -n "$ns" link set lo up
: >"$root/run/judge-netns"
mount --bind "/run/netns/$ns" "$root/run/judge-netns"
cp /etc/resolv.conf "$root/etc/resolv.conf"
. "$(dirname "$0")/chroot_lib.sh"     # inside, check, mail_and_wait
maillog=/var/log/postfix.log

# the harness's liberties (see above)
printf '#!/bin/sh\nexit 101\n' >"$root/usr/sbin/policy-rc.d"
chmod 755 "$root/usr/sbin/policy-rc.d"
if [ ! -x "$root/bin/systemctl" ] && [ ! -x "$root/usr/bin/systemctl" ]; then
	mkdir -p "$root/usr/local/sbin"
	cat >"$root/usr/local/sbin/systemctl" <<'EOF'
#!/bin/sh
# tests/readme_admin.sh's stand-in: the chroot has no systemd; its Postfix
# runs in a network namespace of its own
case "$1 $2" in
"restart postfix") postfix stop >/dev/null 2>&1 || true; exec nsenter --net=/run/judge-netns postfix start ;;
"reload postfix") exec postfix reload ;;
*) echo "systemctl (stand-in): $*: not supported" >&2; exit 1 ;;
esac
EOF
	chmod 755 "$root/usr/local/sbin/systemctl"
fi

# the tree, as a clone has it (tracked and new files, no build)
mkdir -p "$root/usr/src/judge"
if command -v git >/dev/null 2>&1 && git -C "$src" rev-parse --git-dir >/dev/null 2>&1; then
	(cd "$src" && git ls-files -co --exclude-standard | grep -v '^build/' | tar -cf - -T -) |
		tar -xf - -C "$root/usr/src/judge"
else
	(cd "$src" && tar -cf - --exclude=./build --exclude=./asan-build --exclude=./.git .) |
		tar -xf - -C "$root/usr/src/judge"
fi

echo "readme_admin: build"
inside "cd /usr/src/judge
$(block build)" >"$root/tmp/build.log" 2>&1 || { tail -30 "$root/tmp/build.log"; echo "FAIL: build"; exit 1; }
echo "ok: $(block build)"
set +e
check "judge is installed" inside '[ -x /usr/local/bin/judge ]'

inside "$(block user)"
check "the user block ran" inside 'getent passwd judge >/dev/null && [ "$(stat -c %U /var/lib/judge)" = judge ]'
block config >>"$root/etc/judge.conf"
inside "$(block check)" >"$root/tmp/check.out" 2>&1
check "the check block: check-config and init succeed" [ $? = 0 ]
check "... check-config finds 0 problems in /etc/judge.conf" grep -q "^/etc/judge.conf: 0 problems" "$root/tmp/check.out"
check "... the database belongs to judge" inside '[ "$(stat -c %U /var/lib/judge/judge.db)" = judge ]'
block config-example >"$root/tmp/example.conf"
inside 'chmod 644 /tmp/example.conf'
check "the config example: check-config finds 0 problems in it" \
	inside 'runuser -u judge -- /usr/local/bin/judge --config /tmp/example.conf check-config | grep -q "^/tmp/example.conf: 0 problems"'
check "judge with no --config reads /etc/judge.conf" inside \
	'runuser -u judge -- /usr/local/bin/judge check-config | grep -q "^/etc/judge.conf: 0 problems (database /var/lib/judge/judge.db"'

# Postfix: what the README says to set, then the pipe transport
inside 'postconf -Me "postlog/unix-dgram=postlog unix-dgram n - n - 1 postlogd"
postconf -e maillog_file=/var/log/postfix.log'
inside "$(block postfix)"
check "the postfix block: Postfix runs" inside 'postfix status >/dev/null 2>&1'
check "... for example.org" inside '[ "$(cat /etc/mailname)" = example.org ] &&
	postconf -h mydestination | grep -q "^example.org"'
block master.cf >>"$root/etc/postfix/master.cf"
block transport >"$root/etc/postfix/transport"
inside "$(block transport-commands)"
check "the transport commands ran" inside 'postconf -h transport_maps | grep -q transport && [ -f /etc/postfix/transport.db ]'

inside 'id player >/dev/null 2>&1 || useradd -m player; rm -f /var/mail/player'
check "a player's HELP through the pipe transport is answered" \
	mail_and_wait example.org r1 HELP "The Judge reads your mail"
check "... from judge@example.org" inside 'grep -q "^From: .*<judge@example.org>" /var/mail/player'

# the crontab's lines by hand, as judge, with cron's environment
block crontab | grep -v '^[A-Z_]*=' | grep -v '^#' | sed -E 's/^([^ ]+ +){5}//' >"$root/tmp/cron.cmds"
check "the crontab has two commands" [ "$(wc -l <"$root/tmp/cron.cmds")" = 2 ]
while IFS= read -r cmd; do
	out=$(inside "runuser -u judge -- /usr/bin/env -i PATH=/usr/bin:/bin SHELL=/bin/sh HOME=/var/lib/judge \
		/bin/sh -c '$cmd'" 2>&1)
	check "crontab: $cmd succeeds" [ $? = 0 ]
	check "... and prints nothing${out:+ (it printed: $out)}" [ -z "$out" ]
done <"$root/tmp/cron.cmds"
check "the crontab's backup made a backup" inside 'ls /var/lib/judge/backups/judge-*.db >/dev/null'
sleep 1    # a backup is named by the second
out=$(inside "$(block backup)" 2>&1)
check "the backup block: $out" sh -c "echo '$out' | grep -q 'backed up into /var/lib/judge/backups/judge-'"
check "... two backups now, owned by judge" inside \
	'[ "$(ls /var/lib/judge/backups | wc -l)" = 2 ] && [ -z "$(find /var/lib/judge/backups ! -user judge)" ]'

# ~judge/.forward instead of the transport
block forward >"$root/var/lib/judge/.forward"
inside 'chown judge:judge /var/lib/judge/.forward && chmod 0644 /var/lib/judge/.forward
postconf -e transport_maps=
postfix reload >/dev/null 2>&1
rm -f /var/mail/player'
check "a player's GET through ~judge/.forward is answered" mail_and_wait example.org r2 "GET variants" "Variants: "

[ $failed = 0 ] && echo "readme_admin: all checks passed"
exit $failed
