# tests/chroot_lib.sh - what the scripts that test the Judge in a Debian
# chroot share (tests/package_chroot.sh, tests/readme_admin.sh): running
# a script inside it, counting checks, and mailing the Judge as a player.
# Sourced, with $root set to the chroot; each caller makes its chroot
# and mounts and cleans up after itself.

failed=0

# inside SCRIPT: run SCRIPT in the chroot as root, in a clean environment
inside() { chroot "$root" /usr/bin/env -i HOME=/root \
	PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
	DEBIAN_FRONTEND=noninteractive LC_ALL=C.UTF-8 /bin/sh -ec "$1"; }

# check WHAT COMMAND...: run COMMAND, print "ok: WHAT" or "FAIL: WHAT"
# (and remember the failure in $failed)
check() { what=$1; shift; if "$@"; then echo "ok: $what"; else echo "FAIL: $what"; failed=1; fi; }

# mail_and_wait DOMAIN ID BODY WANT: mail BODY to judge@DOMAIN as the local
# user player (player@DOMAIN) with Message-ID <ID@DOMAIN>, and wait up to
# a minute for WANT in the player's mailbox ($mailbox, a file or a
# Maildir; /var/mail/player unless set); on a timeout show Postfix's
# queue and the end of its log ($maillog, in the chroot)
mail_and_wait() {
	inside "printf 'From: player@$1\nTo: judge@$1\nSubject: test\nMessage-ID: <$2@$1>\n\n$3\n' |
		runuser -u player -- /usr/sbin/sendmail -t"
	for i in $(seq 60); do
		inside "grep -rq '$4' ${mailbox:-/var/mail/player} 2>/dev/null" && return 0
		sleep 1
	done
	inside "postqueue -p; tail -20 ${maillog:-/var/log/mail.log} 2>/dev/null" || true
	return 1
}
