# /etc/cron.d/judge - the Judge's clock where systemd does not run: the
# same as judge.timer, which does it where systemd runs (then this line
# does nothing, so the work never runs twice).  ";" so that a failing
# cron does not stop delivery; flush --quiet prints only on a problem,
# which goes to root (the judge user's own mail may be piped to the Judge).
MAILTO=root
*/5 * * * *	judge	[ -d /run/systemd/system ] || [ ! -x /usr/bin/judge ] || { /usr/bin/judge cron; /usr/bin/judge flush --quiet; }
