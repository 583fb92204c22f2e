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
adjudicator_libadjudicator_a_SOURCES += adjudicator/pelo_map.h adjudicator/pelo_map.c \
	adjudicator/pelo.h adjudicator/pelo_pos.c adjudicator/pelo_relation.c adjudicator/pelo_diplomacy.c \
	adjudicator/pelo_politics.c adjudicator/pelo_economy.c adjudicator/pelo_victory.c \
	adjudicator/pelo_ops.h adjudicator/pelo_instructions.c adjudicator/pelo_route.c \
	adjudicator/pelo_leaders.c adjudicator/pelo_battle.c adjudicator/pelo_siege.c \
	adjudicator/pelo_treasury.c adjudicator/pelo_operations.c \
	adjudicator/pelo_facts.h
