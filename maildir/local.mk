## maildir/local.mk
