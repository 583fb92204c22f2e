## adjudicator/local.mk - the pure rules engines (no I/O)
noinst_LIBRARIES += adjudicator/libadjudicator.a
adjudicator_libadjudicator_a_SOURCES = \
	adjudicator/dip.h adjudicator/dip_map.h adjudicator/dip_internal.h \
	adjudicator/dip_map.c adjudicator/dip_check.c adjudicator/dip_movement.c \
	adjudicator/dip_retreat.c adjudicator/dip_adjust.c adjudicator/dip_phase.c

# the diceless Peloponnesian War engine; its seeded draws use libsodium
adjudicator_libadjudicator_a_SOURCES += adjudicator/diceless.h \
	adjudicator/diceless_map.c adjudicator/diceless_chits.c \
	adjudicator/diceless_draw.c adjudicator/diceless_range.c \
	adjudicator/chance.h adjudicator/chance.c \
	adjudicator/diceless_check.c adjudicator/diceless_struggle.c \
	adjudicator/diceless_victory.c adjudicator/diceless_turn.c
adjudicator_libadjudicator_a_CFLAGS = $(AM_CFLAGS) $(SODIUM_CFLAGS)

# the multi-player Peloponnesian War: its board and scenario as plain data
adjudicator_libadjudicator_a_SOURCES += adjudicator/pw_map.h adjudicator/pw_map.c \
	adjudicator/pw.h adjudicator/pw_pos.c adjudicator/pw_relation.c adjudicator/pw_diplomacy.c \
	adjudicator/pw_politics.c adjudicator/pw_economy.c adjudicator/pw_victory.c \
	adjudicator/pw_ops.h adjudicator/pw_instructions.c adjudicator/pw_route.c \
	adjudicator/pw_leaders.c adjudicator/pw_battle.c adjudicator/pw_siege.c \
	adjudicator/pw_operations.c
