## adjudicator/diceless.mk - the diceless Peloponnesian War rules engine.
## The seeded draws use libsodium (BLAKE2b), hence its flags here.
adjudicator_libadjudicator_a_SOURCES += adjudicator/diceless.h \
	adjudicator/diceless_map.c adjudicator/diceless_chits.c \
	adjudicator/diceless_draw.c adjudicator/diceless_range.c \
	adjudicator/diceless_check.c adjudicator/diceless_struggle.c \
	adjudicator/diceless_victory.c adjudicator/diceless_turn.c
adjudicator_libadjudicator_a_CFLAGS = $(AM_CFLAGS) $(SODIUM_CFLAGS)
