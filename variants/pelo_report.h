/*
 * pelo_report.h - the words of the Peloponnesian War's results: the
 * engine's facts (adjudicator/pelo_facts.h) told as the report's
 * sentences.
 */
#ifndef PELO_REPORT_H
#define PELO_REPORT_H

#include "adjudicator/pelo.h"
#include "base/strbuf.h"

/* Where the words go, and the names they use. */
struct pelo_report {
	const struct pelo_map *map;
	const struct pelo_scenario *scen;
	struct strbuf *out;
	struct pelo_facts facts;   /* what to hand the engine */
	/* the last "does not intercept" sentence, while nothing follows it
	 * in out: a march past five of Sparta's spaces is one sentence */
	struct {
		size_t at, end;        /* where it lies in out; end 0: none */
		struct pelo_fact fact;
		int nspaces;
		int8_t space[PELO_MAX_SPACES];
	} held;
	/* the leader the last operation's sentence named (PELO_NONE), and
	 * the last interception attempt since it (tried_set), so that the
	 * sentences after it do not say them again */
	int op_leader;
	struct pelo_fact tried;
	int tried_set;
	int intercepted;           /* the last fact: an interception that caught the army */
};

/* Ready r to write the facts it is told into out; hand the engine
 * &r->facts.  Returns &r->facts. */
struct pelo_facts *pelo_report_init(struct pelo_report *r, const struct pelo_map *m,
                                    const struct pelo_scenario *sc, struct strbuf *out);

/* The words for a diplomatic action, for reports and echoes: "declares
 * war on Argos", "convenes the Congress of Gela". */
void pelo_action_describe(const struct pelo_map *m, const struct pelo_scenario *sc,
                          const struct pelo_action *a, struct strbuf *out);

/* The words for an operation: "marches 7 hoplite SPs, 1 cavalry SP from
 * Athens to Megara". */
void pelo_op_describe(const struct pelo_map *m, const struct pelo_scenario *sc, const struct pelo_op *op,
                      struct strbuf *out);

/* What a player should know when ordering op, a "Note:" a line, for the
 * reply to it: that a siege's points are kept only by a force put on
 * STATION, and that a force away from home stops its side's sieges. */
void pelo_op_notes(const struct pelo_map *m, const struct pelo_op *op, struct strbuf *out);

#endif
