# /etc/cron.d/judge - the Judge's clock and its daily backup where systemd
# does not run: the same as judge.timer and judge-backup.timer, which do it
# where systemd runs (then these lines do nothing, so nothing runs twice).
# ";" so that a failing cron does not stop delivery; cron, flush --quiet and
# backup print only on a problem, which goes to root (the judge user's own
# mail may be piped to the Judge).
MAILTO=root
*/5 * * * *	judge	[ -d /run/systemd/system ] || [ ! -x /usr/bin/judge ] || { /usr/bin/judge cron; /usr/bin/judge flush --quiet; }
17 3 * * *	judge	[ -d /run/systemd/system ] || [ ! -x /usr/bin/judge ] || /usr/bin/judge backup
