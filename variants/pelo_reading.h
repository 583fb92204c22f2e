/*
 * pelo_reading.h - the Peloponnesian War's stored orders read back into
 * the engine's plans (pelo_reading.c): the one reading both adjudication
 * (pelo_variant.c) and the picture's replay of an operations phase
 * (pelo_picture.c) use, so that a picture never tells a different story
 * from the results.  Its own file so that the picture depends on the
 * reading, not on the family's ops table, which depends on the picture.
 */
#ifndef PELO_READING_H
#define PELO_READING_H

#include <stddef.h>

#include "adjudicator/pelo.h"
#include "adjudicator/pelo_ops.h"
#include "base/strbuf.h"
#include "variants/pelo_map_load.h"

struct order_set;
struct variant;
struct variant_chance;
struct variant_report;
struct pelo_facts;

/* The city-state of power p (the majors are the powers, in their
 * order), or PELO_NONE. */
int pelo_city_of(const struct pelo_map *m, int power);

/* The builds of an economic phase, by city-state. */
struct pelo_builds {
	struct pelo_build b[PELO_MAX_CITIES][PELO_MAX_BUILDS];
	int n[PELO_MAX_CITIES];
};

/* What a phase's sets and the standing sets are read into (a member the
 * phase does not use may be NULL). */
struct pelo_reading {
	const struct pelo_map *m;
	const struct pelo_scenario *sc;
	struct pelo_plan *plan;              /* diplomatic */
	struct pelo_ops_plan *ops;           /* operations */
	struct pelo_builds *bs;              /* economic */
	struct pelo_instructions *in;        /* standing */
	struct pelo_consent *consent;        /* standing */
};

/* Read one canonical line of major c into r; 0, or -1 when it does not
 * read (the state of the orders is damaged, or the rules changed). */
typedef int pelo_line_fn(struct pelo_reading *r, int c, const char *line, size_t len);

/* A diplomatic phase's action; an economic phase's build. */
pelo_line_fn pelo_read_action, pelo_read_build;

/* Every line of one power's set through fn; a line that does not read is
 * said in report (to that power's seat for what is private). */
void pelo_each_line(struct pelo_reading *r, const struct order_set *set, const char *what,
                    struct strbuf *report, pelo_line_fn *fn);

/* The operations of the sets, and the standing instructions, read into
 * r: a line that does not read is said in report, to everyone for an
 * order, to its seat for an instruction (private until used). */
void pelo_read_operations(struct pelo_reading *r, const struct order_set *sets, int nsets,
                          const struct order_set *standing, int nstanding,
                          struct variant_report *report);

/* The operations phase pos is in, played again on these orders,
 * standing instructions and chance exactly as adjudicate plays it, its
 * facts told to out and the position it leads to dropped: what the
 * picture learns of the phase's battles, interceptions and sieges.
 * Pure. */
void pelo_replay_operations(const struct variant *v, const struct pelo_pos *pos,
                            const struct order_set *sets, int nsets,
                            const struct order_set *standing, int nstanding,
                            const struct variant_chance *chance, struct pelo_facts *out);

#endif
