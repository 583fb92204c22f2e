## judge/local.mk - the judge program
bin_PROGRAMS += judge/judge
judge_judge_SOURCES = judge/cmd/main.c judge/cmd/commands.h \
	judge/config.h judge/config.c judge/db.h judge/db.c judge/dbmem.h judge/dbmem.c judge/walopen.h judge/walopen.c judge/writelock.h judge/writelock.c \
	judge/turnqueue.h judge/turnqueue.c judge/waitbound.h judge/waitbound.c \
	judge/store.h judge/games.h judge/games.c judge/players.h judge/players.c \
	judge/seats.h judge/seats.c judge/orders.h judge/orders.c judge/password.h judge/password.c \
	judge/seed.h judge/seed.c judge/zones.h judge/zones.c judge/row.h judge/row.c \
	judge/when.h judge/when.c judge/clock.h judge/clock.c judge/tz.h judge/tz.c judge/outbox.h judge/outbox.c judge/outbox_state.h judge/outbox_state.c \
	judge/session.h judge/session.c judge/session_orders.h judge/session_orders.c \
	judge/mailcmd/dispatch.h judge/mailcmd/dispatch.c judge/phase.h judge/phase.c \
	judge/game_mail.h judge/game_mail.c \
	judge/datahash.h judge/datahash.c \
	judge/agreement.h judge/agreement.c judge/endgame.h judge/endgame.c \
	judge/powerlist.h judge/powerlist.c judge/settings.h \
	judge/lateness.h judge/lateness.c judge/absence.h judge/absence.c \
	judge/masterlog.h judge/masterlog.c judge/takeover.h judge/takeover.c \
	judge/hooks.h judge/hooks.c judge/lifecycle.h judge/lifecycle.c judge/guard.h judge/guard.c judge/address.h judge/address.c \
	judge/cmd/receive.h judge/cmd/receive.c judge/cmd/maildir_cmd.c judge/cmd/init.c judge/cmd/cases.c judge/cmd/quarantine.c judge/cmd/check_config.c judge/cmd/backup.c judge/send.h judge/send.c judge/cmd/cron.c judge/prune.h judge/prune.c judge/cmd/flush.c \
	judge/cmd/show.c judge/cmd/demo.c judge/cmd/replay.c \
	judge/mailcmd.h judge/mailcmd.c \
	judge/mailcmd/help.c judge/mailcmd/get.c judge/mailcmd/plaintext.h judge/mailcmd/plaintext.c \
	judge/mailcmd/list.c \
	judge/mailcmd/njudge.h judge/mailcmd/njudge.c judge/mailcmd/whogame.c judge/mailcmd/create.c judge/mailcmd/signon.c \
	judge/mailcmd/signoff.c judge/mailcmd/observe.c judge/mailcmd/set.c \
	judge/mailcmd/press.c judge/mailcmd/summary.c judge/mailcmd/history.c \
	judge/mailcmd/resign.c judge/mailcmd/process.c \
	judge/mailcmd/pause.c judge/mailcmd/resume.c \
	judge/mailcmd/start.c judge/mailcmd/terminate.c judge/mailcmd/standing.c \
	judge/mailcmd/orders.c judge/mailcmd/clear.c \
	judge/mailcmd/refuse.c judge/mailcmd/draw_vote.c judge/mailcmd/preference.c \
	judge/mailcmd/eject.c judge/mailcmd/become.c judge/mailcmd/rollback.c \
	judge/mailcmd/takeover.c judge/mailcmd/getmap.c \
	judge/mailcmd/absence.c judge/mailcmd/abandon.c judge/mailcmd/mastercopy.c \
	judge/picture.h judge/picture.c \
	judge/web.h judge/web_int.h judge/web_file.c judge/web_report.c judge/web_phase.c \
	judge/web_game.c judge/web_site.c judge/web_set.c judge/cmd/web.c
judge_judge_CFLAGS = $(AM_CFLAGS) $(SQLITE_CFLAGS) $(ETPAN_CFLAGS) $(SODIUM_CFLAGS) $(PCRE2_CFLAGS)
# (no cairo: the program opens the drawing module when it draws,
# picture/module.h; libetpan without GnuTLS and SASL, which only the SMTP
# module needs, maildir/smtp_module.h)
judge_judge_LDADD = variants/libvariants.a picture/libpicload.a picture/libpicture.a -lm parser/libparser.a \
	adjudicator/libadjudicator.a maildir/libmaildir.a parser/libparser.a \
	$(ETPAN_MIME_LIBS) base/libbase.a $(JUDGE_DEP_LIBS) $(DL_LIBS)

# The manual pages (judge(1), judge.conf(5), the players' judge-mail(7)),
# and the settings file with every key commented out, installed for the
# admin to copy (the Debian package installs it as /etc/judge.conf).
dist_man_MANS = judge/man/judge.1 judge/man/judge.conf.5 judge/man/judge-mail.7
dist_pkgdata_DATA = judge/judge.conf

# The settings file names the system's paths as bootstrap.sh and the
# package configure them; an install configured elsewhere gets its own.
install-data-hook:
	sed -i -e 's|/etc/judge\.conf|$(sysconfdir)/judge.conf|g' \
		-e 's|/var/lib/judge|$(localstatedir)/lib/judge|g' "$(DESTDIR)$(pkgdatadir)/judge.conf"

# make uninstall removes the files; the folders the Judge's data made
# under pkgdatadir (one per variant) go with them, when empty
uninstall-hook:
	if test -d "$(DESTDIR)$(pkgdatadir)"; then \
		find "$(DESTDIR)$(pkgdatadir)" -depth -type d -empty -delete; fi

# make installcheck (run by make distcheck): the installed program, away
# from its build tree, finds every variant in its installed data and
# keeps its games in the system's folder
# (an empty config, as a file: the reader takes only regular files)
installcheck-local:
	cd "$${TMPDIR:-/tmp}" && conf=$$(mktemp) && \
	"$(DESTDIR)$(bindir)/judge" --config "$$conf" check-config >"$$conf.out"; \
	grep -F ": 0 problems (database $(localstatedir)/lib/judge/judge.db, variants $(DESTDIR)$(pkgdatadir)/variants," "$$conf.out"; \
	rc=$$?; rm -f "$$conf" "$$conf.out"; exit $$rc
	grep -qxF "#db = $(localstatedir)/lib/judge/judge.db" "$(DESTDIR)$(pkgdatadir)/judge.conf"

# the writers' turn with real processes: order, kills, the bounded wait
check_PROGRAMS += tests/judge/writelock_test
tests_judge_writelock_test_SOURCES = tests/judge/writelock_test.c judge/writelock.c judge/writelock.h \
	judge/turnqueue.c judge/turnqueue.h judge/waitbound.c judge/waitbound.h
tests_judge_writelock_test_LDADD = base/libbase.a
TESTS += tests/judge/writelock_test
