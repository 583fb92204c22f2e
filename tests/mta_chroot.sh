#!/bin/sh
# tests/mta_chroot.sh - README.Debian's recipe for Exim 4 or OpenSMTPD, as
# written there, in a fresh Debian 12 chroot: install the MTA and the
# Judge's package, do what the recipe says (its blocks are read from
# README.Debian, example.org standing for the test's domain judge.test),
# mail the Judge as a local player and wait for the reply in the
# player's mailbox; then undo the recipe as "Upgrades, removal" says.
# (tests/package_chroot.sh does Postfix.)  Liberties, outside the recipe:
# no systemd in a chroot, so `systemctl restart` is a stand-in that
# (re)starts the daemon by hand, in a network namespace of its own (it
# listens on no port of this machine); no daemon starts while packages
# install (policy-rc.d); /etc/hosts names localhost, as debootstrap's
# does not.
# Run as root:  tests/mta_chroot.sh DEB exim4|opensmtpd CHROOT
#   CHROOT must not exist; it is copied (cp -a) from $ROOT_FROM, a minbase
#   bookworm chroot, or made by debootstrap.
set -e
[ "$(id -u)" = 0 ] || { echo "mta_chroot: run as root" >&2; exit 1; }
deb=$(realpath "$1")
mta=$2
root=$3
src=$(cd "$(dirname "$0")/.." && pwd)
doc=$src/debian/README.Debian
case "$mta" in
exim4) pkg=exim4-daemon-light; daemon="exim4 -bd -q1m"; maillog=/var/log/exim4/mainlog ;;
# Debian's smtpd.conf delivers local mail into ~/Maildir
opensmtpd) pkg=opensmtpd; daemon="smtpd"; maillog=/var/log/smtpd.log; mailbox=/home/player/Maildir ;;
*) echo "mta_chroot: exim4 or opensmtpd" >&2; exit 2 ;;
esac
[ ! -e "$root" ] || { echo "mta_chroot: $root exists; give a fresh one" >&2; exit 1; }
if [ -n "${ROOT_FROM:-}" ]; then
	cp -a "$ROOT_FROM" "$root"
else
	debootstrap --variant=minbase bookworm "$root" http://deb.debian.org/debian
fi
for d in proc sys dev; do mount --bind "/$d" "$root/$d"; done
ns=judge-mta-$$
# the daemons this script started: the processes whose root is the chroot
# (a minbase chroot has no pkill), ended by their ids
in_root() {
	for p in /proc/[0-9]*; do
		case "$(readlink "$p/root" 2>/dev/null)" in "$root"|"$root"/*) echo "${p#/proc/}" ;; esac
	done
}
cleanup() {
	kill $(in_root) 2>/dev/null || true
	sleep 1
	umount "$root/run/judge-netns" 2>/dev/null || true
	ip netns del "$ns" 2>/dev/null || true
	for d in proc sys dev; do umount "$root/$d" 2>/dev/null || true; done
}
trap cleanup EXIT
ip netns add "$ns" && ip -n "$ns" link set lo up
: >"$root/run/judge-netns"
mount --bind "/run/netns/$ns" "$root/run/judge-netns"
cp /etc/resolv.conf "$root/etc/resolv.conf"
cp "$deb" "$root/tmp/judge.deb"
. "$src/tests/chroot_lib.sh"     # inside, check, mail_and_wait
printf '#!/bin/sh\nexit 101\n' >"$root/usr/sbin/policy-rc.d"
chmod 755 "$root/usr/sbin/policy-rc.d"
mkdir -p "$root/usr/local/sbin"
cat >"$root/usr/local/sbin/systemctl" <<STAND
#!/bin/sh
# tests/mta_chroot.sh's stand-in for systemctl restart $mta
[ "\$1 \$2" = "restart $mta" ] || { echo "systemctl (stand-in): \$*" >&2; exit 1; }
# (started once: the test restarts nothing)
exec nsenter --net=/run/judge-netns $daemon
STAND
chmod 755 "$root/usr/local/sbin/systemctl"

# rd_block TEXT: the indented block after the first line of README.Debian
# holding TEXT (from there on), unindented, example.org made judge.test
rd_block() {
	awk -v t="$1" '
		!seen && index($0, t) { seen = 1; next }
		seen == 1 && /^$/ { next }
		seen == 1 && /^    / { seen = 2 }
		seen == 2 && /^    / { sub(/^    /, ""); print; next }
		seen == 2 { exit }' "$doc" | sed 's/example\.org/judge.test/g'
}

echo judge.test >"$root/etc/mailname"
# debootstrap writes no /etc/hosts; a real system's names localhost there
grep -qw localhost "$root/etc/hosts" 2>/dev/null || echo "127.0.0.1	localhost" >>"$root/etc/hosts"
inside "apt-get update -q >/dev/null && apt-get install -y -q --no-install-recommends $pkg bsd-mailx >/dev/null"
inside 'apt-get install -y -q /tmp/judge.deb' >"$root/tmp/install.log" 2>&1 ||
	{ cat "$root/tmp/install.log"; echo "FAIL: apt install ./judge.deb"; exit 1; }
echo "ok: apt install $pkg ./judge.deb"
set +e
check "debconf wrote the address from /etc/mailname" inside 'grep -qx "address = judge@judge.test" /etc/judge.conf'
inside 'id player >/dev/null 2>&1 || useradd -m player; rm -f /var/mail/player'

if [ $mta = exim4 ]; then
	rd_block "/etc/exim4/update-exim4.conf.conf (or" >"$root/tmp/dc"
	check "README.Debian gives Exim's settings" [ -s "$root/tmp/dc" ]
	while IFS= read -r line; do
		key=${line%%=*}
		inside "grep -q '^$key=' /etc/exim4/update-exim4.conf.conf &&
			sed -i \"s|^$key=.*|$line|\" /etc/exim4/update-exim4.conf.conf ||
			echo \"$line\" >>/etc/exim4/update-exim4.conf.conf"
	done <"$root/tmp/dc"
	rd_block "/etc/exim4/conf.d/router/050_judge:" >"$root/etc/exim4/conf.d/router/050_judge"
	rd_block "/etc/exim4/conf.d/transport/50_judge:" >"$root/etc/exim4/conf.d/transport/50_judge"
	rd_block "retried).  Then:" >"$root/tmp/then.sh"
else
	rd_block "In /etc/smtpd.conf, before" >"$root/tmp/rules"
	check "README.Debian gives OpenSMTPD's lines" [ -s "$root/tmp/rules" ]
	# before the first match line; the log to a file (a chroot has no syslog)
	inside 'awk -v rules="$(cat /tmp/rules)" "/^match/ && !done { print rules; done = 1 } { print }" \
		/etc/smtpd.conf >/tmp/smtpd.conf && cat /tmp/smtpd.conf >/etc/smtpd.conf'
	awk '/^\(c\) OpenSMTPD/ { on = 1 } on && /^then:/ { getline; n = 1 } n && /^    / { sub(/^    /, ""); print; next } n && !/^$/ { exit }' \
		"$doc" | sed 's/example\.org/judge.test/g' >"$root/tmp/then.sh"
fi
check "README.Debian says what to run then" [ -s "$root/tmp/then.sh" ]
inside "$(cat "$root/tmp/then.sh")" >"$root/tmp/then.log" 2>&1
check "... and it runs: $(tr '\n' ';' <"$root/tmp/then.sh")" [ $? = 0 ]
[ $failed = 0 ] || cat "$root/tmp/then.log"
sleep 2
check "a player's HELP through $mta is answered" mail_and_wait judge.test m1 HELP "The Judge reads your mail"
check "... from judge@judge.test" inside "grep -rq '^From: .*<judge@judge.test>' ${mailbox:-/var/mail/player}"
[ $failed = 0 ] || inside "tail -30 $maillog 2>/dev/null; ls -la /var/lib/judge" || true
[ $failed = 0 ] && echo "mta_chroot: $mta: all checks passed"
exit $failed
