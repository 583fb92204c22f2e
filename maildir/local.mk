## maildir/local.mk - mail in and out: Maildir reading and delivery, MIME
## parsing and building with libetpan, outbound delivery backends.

noinst_LIBRARIES += maildir/libmaildir.a
maildir_libmaildir_a_CFLAGS = $(AM_CFLAGS) $(ETPAN_CFLAGS)
maildir_libmaildir_a_SOURCES = \
	maildir/mbuf.c maildir/mbuf.h \
	maildir/mailerr.c maildir/mailerr.h \
	maildir/eol.c maildir/eol.h \
	maildir/charset.c maildir/charset.h \
	maildir/flowed.c maildir/flowed.h \
	maildir/html2text.c maildir/html2text.h \
	maildir/body_clean.c maildir/body_clean.h \
	maildir/inmail.c maildir/inmail.h \
	maildir/inmail_text.c maildir/inmail_text.h \
	maildir/outmail.c maildir/outmail.h
