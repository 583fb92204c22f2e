## adjudicator/local.mk - the pure rules engines (no I/O)
noinst_LIBRARIES += adjudicator/libadjudicator.a
adjudicator_libadjudicator_a_SOURCES = \
	adjudicator/dip.h adjudicator/dip_map.h adjudicator/dip_internal.h \
	adjudicator/dip_map.c adjudicator/dip_check.c adjudicator/dip_movement.c \
	adjudicator/dip_retreat.c adjudicator/dip_adjust.c adjudicator/dip_phase.c
