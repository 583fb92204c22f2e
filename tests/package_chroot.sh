#!/bin/sh
# Install the Judge's package into a fresh Debian 12 (debootstrap) with
# Postfix and do what README.Debian tells the admin, literally: set the
# address, add the pipe transport that runs `judge receive` as judge, mail
# the Judge as a player and wait for the reply; then the same through
# ~judge/.forward.  Also: the timer's commands run by hand as judge are
# silent when there is nothing to do, the cron.d line runs them where
# systemd does not run, the backup service's command makes a backup, and
# purge keeps the games unless told otherwise.
# Run as root:  tests/package_chroot.sh DEB [CHROOT]
# (CHROOT, default /var/tmp/judge-chroot, is made by debootstrap if it
# does not exist; its Postfix listens on no port.)
set -e
[ "$(id -u)" = 0 ] || { echo "package_chroot: run as root" >&2; exit 1; }
deb=$(realpath "$1")
root=${2:-/var/tmp/judge-chroot}
if [ ! -x "$root/bin/sh" ]; then
	command -v debootstrap >/dev/null || apt-get install -y -q debootstrap
	debootstrap --variant=minbase bookworm "$root" http://deb.debian.org/debian
fi
for d in proc sys dev; do mountpoint -q "$root/$d" || mount --bind "/$d" "$root/$d"; done
cleanup() {
	chroot "$root" postfix stop >/dev/null 2>&1 || true
	for d in proc sys dev; do umount "$root/$d" 2>/dev/null || true; done
}
trap cleanup EXIT
cp /etc/resolv.conf "$root/etc/resolv.conf"
cp "$deb" "$root/tmp/judge.deb"
. "$(dirname "$0")/chroot_lib.sh"     # inside, check, mail_and_wait

inside 'apt-get update -q >/dev/null && apt-get install -y -q --no-install-recommends postfix >/dev/null'
# a chroot used before: start from no Judge at all
inside 'if dpkg -s judge >/dev/null 2>&1; then
	echo "judge judge/purge_games boolean true" | debconf-set-selections
	apt-get purge -y -q judge >/dev/null 2>&1
fi'
# the mail domain first, as a machine that sends mail has it: debconf's
# default address comes from /etc/mailname
inside 'echo judge.test >/etc/mailname'
# the web site question answered yes, as an admin who wants one would
inside 'echo "judge judge/web_site boolean true" | debconf-set-selections'
inside 'apt-get install -y -q /tmp/judge.deb' >"$root/tmp/install.log" 2>&1 ||
	{ cat "$root/tmp/install.log"; echo "FAIL: apt install ./judge.deb"; exit 1; }
echo "ok: apt install ./judge.deb"
set +e
check "the user judge exists" inside 'getent passwd judge >/dev/null'
check "/var/lib/judge belongs to judge" inside '[ "$(stat -c %U /var/lib/judge)" = judge ]'
check "the database was made, as judge" inside '[ "$(stat -c %U /var/lib/judge/judge.db)" = judge ]'
check "debconf's default address is judge@ /etc/mailname's domain, in /etc/judge.conf" inside \
	'grep -qx "address = judge@judge.test" /etc/judge.conf && grep -qx "hostname = judge.test" /etc/judge.conf'
check "... and the admin's postmaster@ it" inside 'grep -qx "admin = postmaster@judge.test" /etc/judge.conf'
check "judge reads /etc/judge.conf with no --config" inside \
	'runuser -u judge -- judge check-config | grep -q "^/etc/judge.conf: 0 problems (database /var/lib/judge/judge.db"'
# the web site: where the package put it, writable by judge, and what
# judge.service writes there (under its UMask=0027) readable by the web
# server's user, whom nobody stands for; /var/lib/judge stays closed
check "web_dir = /var/www/judge in /etc/judge.conf, the folder judge's" inside \
	'grep -qx "web_dir = /var/www/judge" /etc/judge.conf && [ "$(stat -c %U /var/www/judge)" = judge ]'
check "judge web, as judge under judge.service's umask, writes the site there" inside \
	'runuser -u judge -- sh -c "umask 0027 && /usr/bin/judge web /var/www/judge" && [ -s /var/www/judge/index.html ]'
check "... which another user (the web server) can read" inside \
	'runuser -u nobody -- cat /var/www/judge/index.html /var/www/judge/style.css >/dev/null'
check "... while /var/lib/judge stays closed to it" inside \
	'! runuser -u nobody -- ls /var/lib/judge >/dev/null 2>&1'

# Postfix for one host, judge.test, delivering locally, on no port
inside 'postconf -e myhostname=judge.test "mydestination=judge.test, localhost" inet_interfaces=loopback-only \
	"default_transport=error:no mail leaves this test" "relay_transport=error:no mail leaves this test"
postconf -M# smtp/inet
id player >/dev/null 2>&1 || useradd -m player
rm -f /var/mail/player'
# README.Debian, step 2 (a), as written there (step 1 was debconf's)
inside 'printf "%s\n" "judge     unix  -       n       n       -       -       pipe" \
	"  flags=DR user=judge argv=/usr/bin/judge receive" >>/etc/postfix/master.cf
echo "judge@judge.test    judge:" >/etc/postfix/transport
postconf -e transport_maps=hash:/etc/postfix/transport
postmap /etc/postfix/transport
postfix start >/dev/null 2>&1'

check "a player's HELP through the pipe transport is answered" mail_and_wait judge.test t1 HELP "The Judge reads your mail"
inside 'rm -f /var/mail/player'
# step 2 (b): ~judge/.forward instead of the transport
inside 'printf "\"|/usr/bin/judge receive\"\n" >/var/lib/judge/.forward
chown judge:judge /var/lib/judge/.forward
chmod 0644 /var/lib/judge/.forward
postconf -e transport_maps=
postfix reload >/dev/null 2>&1'
check "a player's GET through ~judge/.forward is answered" mail_and_wait judge.test t2 "GET variants" "Variants: "

# the timer's service, run by hand as it runs it (a chroot has no systemd)
check "judge.service's commands are silent with nothing to do" inside \
	'[ -z "$(runuser -u judge -- /usr/bin/judge cron; runuser -u judge -- /usr/bin/judge flush --quiet)" ]'
line=$(inside 'sed -n "s/^[*][/]5 [*] [*] [*] [*]	judge	//p" /etc/cron.d/judge')
check "the cron.d line runs, as judge, where systemd does not" \
	inside "[ -n '$line' ] && [ ! -d /run/systemd/system ] && runuser -u judge -- sh -c '$line'"

# the daily backup: its units are installed, and the service's command,
# run by hand as judge, makes a dated copy that is a sound database
check "the backup units are installed" inside \
	'[ -s /lib/systemd/system/judge-backup.service ] && [ -s /lib/systemd/system/judge-backup.timer ]'
cmd=$(inside 'sed -n "s/^ExecStart=//p" /lib/systemd/system/judge-backup.service')
check "judge-backup.service's command ($cmd), as judge, is silent" \
	inside "[ -n '$cmd' ] && [ -z \"\$(runuser -u judge -- $cmd 2>&1)\" ]"
check "... and makes a backup in /var/lib/judge/backups, owned by judge" inside \
	'f=$(ls /var/lib/judge/backups/judge-*.db | tail -1) && [ "$(stat -c %U "$f")" = judge ]'
check "... which passes integrity_check" inside \
	'! command -v sqlite3 >/dev/null || [ "$(sqlite3 "$(ls /var/lib/judge/backups/judge-*.db | tail -1)" "PRAGMA integrity_check")" = ok ]'
bline=$(inside 'sed -n "s/^17 3 [*] [*] [*]	judge	//p" /etc/cron.d/judge')
sleep 1    # a backup is named by the second
check "the cron.d backup line runs, as judge, where systemd does not" inside \
	"[ -n '$bline' ] && n=\$(ls /var/lib/judge/backups | wc -l) && runuser -u judge -- sh -c '$bline' &&
	[ \$(ls /var/lib/judge/backups | wc -l) -gt \$n ]"

# purge, answering with debconf's default (keep), then saying yes
inside 'postfix stop >/dev/null 2>&1; apt-get purge -y -q judge >/dev/null 2>&1'
check "purge (default) keeps the games" inside '[ -f /var/lib/judge/judge.db ]'
check "... and removes /etc/judge.conf" inside '[ ! -e /etc/judge.conf ]'
inside 'apt-get install -y -q /tmp/judge.deb >/dev/null 2>&1
echo "judge judge/purge_games boolean true" | debconf-set-selections
apt-get purge -y -q judge >/dev/null 2>&1'
check "purge, told to, deletes the games" inside '[ ! -e /var/lib/judge ]'
check "... and its web site" inside '[ ! -e /var/www/judge ]'
check "... and the judge user" inside '! getent passwd judge >/dev/null'
[ $failed = 0 ] && echo "package_chroot: all checks passed"
exit $failed
