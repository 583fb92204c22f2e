/*
 * pelo_test.h - what the Peloponnesian War's engine tests share: the real
 * board and scenario, loaded once from the source tree, city() to name a
 * city-state by its code, and words() to read what the engine tells.  A
 * header of static functions, included by one .c per test program, so each
 * test stays a single file to read.  The checks are the harness every unit
 * test uses, tests/check.h.
 */
#ifndef PELO_TEST_H
#define PELO_TEST_H

#include <stdio.h>
#include <stdlib.h>

#include "tests/check.h"
#include "variants/pelo_map_load.h"
#include "variants/pelo_report.h"

static struct pelo_board board;
static const struct pelo_map *m = &board.map;

/* The city-state whose code is code; a test with a wrong code stops. */
static inline int city(const char *code)
{
	int c = pelo_city_by_code(m, code);
	if (c == PELO_NONE)
		check_abort("test bug: no city-state %s", code);
	return c;
}

/* The engine's facts about the real board, worded into out as the
 * variant words them: the tests read the report players get.  A few
 * reports in turn, as a call may hand one on while another is read. */
static inline struct pelo_facts *words(struct strbuf *out)
{
	static struct pelo_report r[4];
	static unsigned next;

	return pelo_report_init(&r[next++ % 4], m, &board.scen, out);
}

/* Load variants/peloponnesian/{map,scenario}.txt; 0, or -1 said. */
static int load_board(void)
{
	char mapfile[1024], scenfile[1024];
	const char *top = getenv("top_srcdir") ? getenv("top_srcdir") : JUDGE_SRCDIR;

	snprintf(mapfile, sizeof mapfile, "%s/variants/peloponnesian/map.txt", top);
	snprintf(scenfile, sizeof scenfile, "%s/variants/peloponnesian/scenario.txt", top);
	if (pelo_map_load(mapfile, &board) || pelo_scenario_load(scenfile, &board))
		return fail_print();
	return 0;
}

#endif
