## maildir/local.mk - mail in and out: Maildir reading and delivery, MIME
## parsing and building with libetpan, outbound delivery backends.

noinst_LIBRARIES += maildir/libmaildir.a
maildir_libmaildir_a_CFLAGS = $(AM_CFLAGS) $(ETPAN_CFLAGS) $(PCRE2_CFLAGS)
maildir_libmaildir_a_SOURCES = \
	maildir/eol.c maildir/eol.h \
	maildir/authres.c maildir/authres.h \
	maildir/charset.c maildir/charset.h \
	maildir/flowed.c maildir/flowed.h \
	maildir/html2text.c maildir/html2text.h \
	maildir/body_clean.c maildir/body_clean.h \
	maildir/unseen.c maildir/unseen.h \
	maildir/inmail.c maildir/inmail.h \
	maildir/inmail_text.c maildir/inmail_text.h \
	maildir/mime_guard.c maildir/mime_guard.h \
	maildir/outmail.c maildir/outmail.h \
	maildir/maildir.c maildir/maildir.h \
	maildir/deliver.c maildir/deliver.h \
	maildir/deliver_sendmail.c \
	maildir/smtp_module.h maildir/smtp_load.c \
	maildir/deliver_maildir.c

# The SMTP backend is a module (smtp_module.h says why): deliver_smtp.c is
# built into smtp.so with libetpan's SMTP client (from its static archive
# where configure found one that links without GnuTLS), and libmaildir.a
# has smtp_load.c in its place.  Only smtp_module_open is exported
# (-fvisibility=hidden); -z defs proves it needs nothing from the program
# but the table it is handed.  Installed beside picture.so.
smtpmoduledir = $(pkglibdir)
smtpmodule_PROGRAMS = maildir/smtp.so
maildir_smtp_so_SOURCES = maildir/smtp_module.h maildir/smtp_module.c maildir/deliver_smtp.c \
	maildir/tcp_connect.c maildir/tcp_connect.h \
	base/dl_module.h base/module_fail.c
maildir_smtp_so_CFLAGS = $(AM_CFLAGS) $(ETPAN_CFLAGS) -fPIC -fvisibility=hidden
maildir_smtp_so_LDFLAGS = $(AM_LDFLAGS) -shared -Wl,-z,defs
maildir_smtp_so_LDADD = $(ETPAN_SMTP_LIBS)

## Tests (sources and fixtures under tests/mail/).
MAIL_TEST_LIBS = maildir/libmaildir.a parser/libparser.a $(ETPAN_LIBS) $(PCRE2_LIBS) base/libbase.a $(DL_LIBS)
check_PROGRAMS += tests/mail/inmail_test
tests_mail_inmail_test_SOURCES = tests/mail/inmail_test.c tests/mail/mailtest.h
tests_mail_inmail_test_CFLAGS = $(AM_CFLAGS) $(ETPAN_CFLAGS)
tests_mail_inmail_test_LDADD = $(MAIL_TEST_LIBS)
TESTS += tests/mail/inmail_test

check_PROGRAMS += tests/mail/body_clean_test
tests_mail_body_clean_test_SOURCES = tests/mail/body_clean_test.c tests/mail/mailtest.h
tests_mail_body_clean_test_LDADD = $(MAIL_TEST_LIBS)
TESTS += tests/mail/body_clean_test

check_PROGRAMS += tests/mail/text_test
tests_mail_text_test_SOURCES = tests/mail/text_test.c tests/mail/mailtest.h
tests_mail_text_test_LDADD = $(MAIL_TEST_LIBS)
TESTS += tests/mail/text_test

check_PROGRAMS += tests/mail/outmail_test
tests_mail_outmail_test_SOURCES = tests/mail/outmail_test.c tests/mail/mailtest.h
tests_mail_outmail_test_CFLAGS = $(AM_CFLAGS) $(ETPAN_CFLAGS)
tests_mail_outmail_test_LDADD = $(MAIL_TEST_LIBS)
TESTS += tests/mail/outmail_test

check_PROGRAMS += tests/mail/maildir_test
tests_mail_maildir_test_SOURCES = tests/mail/maildir_test.c tests/mail/mailtest.h
tests_mail_maildir_test_LDADD = $(MAIL_TEST_LIBS)
EXTRA_tests_mail_maildir_test_DEPENDENCIES = maildir/smtp.so
TESTS += tests/mail/maildir_test

check_PROGRAMS += tests/mail/authres_test
tests_mail_authres_test_SOURCES = tests/mail/authres_test.c tests/mail/mailtest.h
tests_mail_authres_test_LDADD = $(MAIL_TEST_LIBS)
TESTS += tests/mail/authres_test

check_PROGRAMS += tests/mail/smtp_test
tests_mail_smtp_test_SOURCES = tests/mail/smtp_test.c tests/mail/mailtest.h
tests_mail_smtp_test_LDADD = $(MAIL_TEST_LIBS)
# it speaks through the module, as the program does
EXTRA_tests_mail_smtp_test_DEPENDENCIES = maildir/smtp.so
TESTS += tests/mail/smtp_test
EXTRA_DIST += tests/mail/smtp_server.py

EXTRA_DIST += tests/mail/fake_sendmail.sh tests/mail/hung_smtp.py tests/mail/fixtures
