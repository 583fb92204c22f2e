#!/bin/sh
# tests/units_live.sh - judge.service and its drop-ins under a live
# systemd: a fresh Debian 12 with systemd and Postfix booted in
# systemd-nspawn (a chroot has no systemd, so the package tests run the
# units' commands by hand; only a booted system applies the sandbox).
# For each way README.Debian offers - the unit as shipped (deliver =
# sendmail), with judge-setgid.conf, and with judge-smtp.conf (deliver =
# smtp) - a player's mail is queued by `judge receive` through the pipe
# transport, with deliver_at_once = 0 so that only the unit can send
# the reply; `systemctl start judge.service` must then hand it to Postfix
# and the reply reach the player.  A sandbox that implied
# NoNewPrivileges= would strip sendmail's setgid bit and the reply would
# never leave: that is what this catches.  Then judge-backup.service.
# Run as root:  tests/units_live.sh DEB ROOT
#   ROOT must not exist; it is copied (cp -a) from $ROOT_FROM, a minbase
#   bookworm chroot, or made by debootstrap.  Needs systemd-nspawn
#   (systemd-container), installed here if missing.  The container has a
#   network of its own (loopback only).
set -e
[ "$(id -u)" = 0 ] || { echo "units_live: run as root" >&2; exit 1; }
deb=$(realpath "$1")
root=$2
[ ! -e "$root" ] || { echo "units_live: $root exists; give a fresh one" >&2; exit 1; }
command -v systemd-nspawn >/dev/null ||
	DEBIAN_FRONTEND=noninteractive apt-get install -y -q systemd-container >/dev/null
if [ -n "${ROOT_FROM:-}" ]; then
	cp -a "$ROOT_FROM" "$root"
else
	debootstrap --variant=minbase bookworm "$root" http://deb.debian.org/debian
fi
. "$(dirname "$0")/chroot_lib.sh"     # check (inside is redefined below)

# 1. packages, installed in the chroot before it boots (no daemon starts)
# the bind mounts go whatever ends the script: a chroot deleted with
# them in place would take the host's /dev along
unbind() { for d in dev sys proc; do ! mountpoint -q "$root/$d" || umount "$root/$d"; done; }
trap unbind EXIT
for d in proc sys dev; do mount --bind "/$d" "$root/$d"; done
cp /etc/resolv.conf "$root/etc/resolv.conf"
cp "$deb" "$root/tmp/judge.deb"
echo judge.test >"$root/etc/mailname"
printf '#!/bin/sh\nexit 101\n' >"$root/usr/sbin/policy-rc.d"
chmod +x "$root/usr/sbin/policy-rc.d"
rc=0
chroot "$root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin DEBIAN_FRONTEND=noninteractive sh -ec '
	apt-get update -q
	echo "postfix postfix/main_mailer_type select Local only" | debconf-set-selections
	echo "postfix postfix/mailname string judge.test" | debconf-set-selections
	apt-get install -y -q --no-install-recommends systemd systemd-sysv dbus postfix sqlite3
	apt-get install -y -q /tmp/judge.deb
	useradd -m player' >"$root/tmp/install.log" 2>&1 || rc=$?
rm -f "$root/usr/sbin/policy-rc.d"
unbind
[ $rc = 0 ] || { tail -30 "$root/tmp/install.log"; echo "FAIL: installing systemd, postfix, judge"; exit 1; }
echo "ok: systemd, Postfix and the Judge's package installed"

# 2. boot it; its systemd is nspawn's child
machine=judge-units-$$
systemd-nspawn -D "$root" -b --register=no --keep-unit --private-network \
	--console=passive -M "$machine" >"$root.boot.log" 2>&1 &
nspawn=$!
pid=""
for i in $(seq 60); do
	pid=$(pgrep -P "$nspawn" -x systemd || true)
	[ -n "$pid" ] && break
	sleep 1
done
[ -n "$pid" ] || { cat "$root.boot.log"; echo "FAIL: the container did not boot"; exit 1; }
stop() { kill "$nspawn" 2>/dev/null; wait "$nspawn" 2>/dev/null || true; unbind; }
trap stop EXIT
inside() { nsenter -t "$pid" -a /usr/bin/env -i HOME=/root \
	PATH=/usr/sbin:/usr/bin:/sbin:/bin LC_ALL=C.UTF-8 /bin/sh -ec "$1"; }
for i in $(seq 60); do
	s=$(inside 'systemctl is-system-running' 2>/dev/null || true)
	case "$s" in running|degraded) break ;; esac
	sleep 1
done
check "systemd is up in the container ($s)" [ "$s" = running ]

# 3. Postfix for judge.test on loopback, and README.Debian step 2 (a)
inside 'postconf -e myhostname=judge.test "mydestination=judge.test, localhost" inet_interfaces=loopback-only \
	"default_transport=error:no mail leaves this test" "relay_transport=error:no mail leaves this test"
printf "%s\n" "judge     unix  -       n       n       -       -       pipe" \
	"  flags=DR user=judge argv=/usr/bin/judge receive" >>/etc/postfix/master.cf
echo "judge@judge.test    judge:" >/etc/postfix/transport
postconf -e transport_maps=hash:/etc/postfix/transport
postmap /etc/postfix/transport
echo "deliver_at_once = 0" >>/etc/judge.conf
systemctl restart postfix
# the timer would start the unit on its own, maybe before a check
systemctl stop judge.timer judge-backup.timer'

# one_way WHAT ID: mail HELP as the player, wait until the Judge has
# queued the reply, start judge.service and wait for the reply
one_way() {
	inside "rm -f /var/mail/player
	printf 'From: player@judge.test\nTo: judge@judge.test\nSubject: t\nMessage-ID: <$2@judge.test>\n\nHELP\n' |
		runuser -u player -- /usr/sbin/sendmail -t"
	for i in $(seq 60); do
		n=$(inside "sqlite3 /var/lib/judge/judge.db \"SELECT count(*) FROM outbox WHERE status = 'queued'\"" 2>/dev/null || echo 0)
		[ "$n" -gt 0 ] && break
		sleep 1
	done
	check "$1: the reply waits in the outbox" [ "$n" -gt 0 ]
	# a sendmail whose set-id bit the sandbox took retries for ever: bounded
	inside 'timeout 120 systemctl start judge.service' || true
	check "$1: judge.service ends well" inside '[ "$(systemctl show -p Result --value judge.service)" = success ]'
	for i in $(seq 60); do
		inside "grep -q 'The Judge reads your mail' /var/mail/player 2>/dev/null" && break
		sleep 1
	done
	check "$1: the reply reaches the player" inside "grep -q 'The Judge reads your mail' /var/mail/player"
	inside 'journalctl -q -u judge.service -n 5 --no-pager' | sed 's/^/    /'
}
one_way "judge.service as shipped (deliver = sendmail)" u1
inside 'install -D -m 0644 /usr/share/doc/judge/examples/judge-setgid.conf /etc/systemd/system/judge.service.d/setgid.conf
systemctl daemon-reload'
one_way "with judge-setgid.conf" u2
inside 'rm /etc/systemd/system/judge.service.d/setgid.conf
install -D -m 0644 /usr/share/doc/judge/examples/judge-smtp.conf /etc/systemd/system/judge.service.d/smtp.conf
printf "deliver = smtp\ndeliver_arg = localhost:25\n" >>/etc/judge.conf
systemctl daemon-reload'
one_way "with judge-smtp.conf (deliver = smtp)" u3
inside 'systemctl start judge-backup.service' || true
check "judge-backup.service makes a backup" inside 'ls /var/lib/judge/backups/judge-*.db >/dev/null'
check "systemd names no failed unit of the Judge" inside '! systemctl --failed --no-legend | grep -q judge'
[ $failed = 0 ] && echo "units_live: all checks passed"
exit $failed
