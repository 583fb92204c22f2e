## tests/e2e.mk - end-to-end tests through a real MTA on loopback.  Each
## starts its own private MTA instance and skips (exit 77) where it cannot.
TESTS += tests/e2e/postfix.test
EXTRA_DIST += tests/e2e/postfix.test
