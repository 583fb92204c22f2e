## judge/local.mk - the judge program
bin_PROGRAMS += judge/judge
judge_judge_SOURCES = judge/main.c judge/commands.h \
	judge/config.h judge/config.c judge/db.h judge/db.c \
	judge/store.h judge/store.c judge/when.h judge/when.c judge/outbox.h judge/outbox.c \
	judge/session.h judge/session.c judge/phase.h judge/phase.c \
	judge/datahash.h judge/datahash.c \
	judge/lifecycle.h judge/lifecycle.c judge/guard.h judge/guard.c \
	judge/receive.h judge/receive.c judge/maildir_cmd.c judge/init.c judge/cases.c judge/quarantine.c judge/check_config.c judge/send.h judge/send.c judge/cron.c judge/flush.c \
	judge/show.c judge/demo.c judge/replay.c \
	judge/mailcmd.h judge/mailcmd.c \
	judge/mailcmd/help.c judge/mailcmd/get.c judge/mailcmd/list.c \
	judge/mailcmd/whogame.c judge/mailcmd/create.c judge/mailcmd/signon.c \
	judge/mailcmd/signoff.c judge/mailcmd/observe.c judge/mailcmd/set.c \
	judge/mailcmd/press.c judge/mailcmd/summary.c judge/mailcmd/history.c \
	judge/mailcmd/resign.c judge/mailcmd/process.c \
	judge/mailcmd/pause.c judge/mailcmd/resume.c \
	judge/mailcmd/start.c judge/mailcmd/terminate.c judge/mailcmd/standing.c \
	judge/mailcmd/orders.c judge/mailcmd/clear.c \
	judge/mailcmd/refuse.c judge/mailcmd/getmap.c \
	judge/picture.h judge/picture.c
judge_judge_CFLAGS = $(AM_CFLAGS) $(CAIRO_CFLAGS) $(SQLITE_CFLAGS) $(ETPAN_CFLAGS) $(SODIUM_CFLAGS) $(PCRE2_CFLAGS)
judge_judge_LDADD = variants/libvariants.a picture/libpicture.a $(CAIRO_LIBS) $(PNG_LIBS) -lm parser/libparser.a \
	adjudicator/libadjudicator.a maildir/libmaildir.a parser/libparser.a \
	$(PCRE2_LIBS) $(SQLITE_LIBS) $(ETPAN_LIBS) $(SODIUM_LIBS)
