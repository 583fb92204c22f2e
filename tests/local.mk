## tests/local.mk - rules cases and end-to-end tests
AM_TESTS_ENVIRONMENT = top_srcdir='$(abs_top_srcdir)' top_builddir='$(abs_top_builddir)'; \
	export top_srcdir top_builddir;
TESTS += tests/datc.test tests/classical.test tests/game.test \
	tests/game/killsafe.test tests/game/shapes.test
EXTRA_DIST += tests/rules_cases.sh tests/datc.test tests/classical.test \
	tests/datc tests/classical tests/game.test tests/game
