## adjudicator/local.mk - the pure rules engines (no I/O).  Each family's
## engine is listed in its fragment (variants/<family>.mk), which adds it
## to this library; here is only what engines share: the seeded draws
## (libsodium) of the two Peloponnesian families.
noinst_LIBRARIES += adjudicator/libadjudicator.a
adjudicator_libadjudicator_a_SOURCES = adjudicator/chance.h adjudicator/chance.c
adjudicator_libadjudicator_a_CFLAGS = $(AM_CFLAGS) $(SODIUM_CFLAGS)
