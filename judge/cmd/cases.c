/*
 * cases.c - `judge cases FILE...`: run rules test cases of any family
 * through the front layer (variant_cases: the family's own format, or the
 * generic one of variants/FORMAT.md), and total them.
 */
#include <stdio.h>

#include "judge/cmd/commands.h"

int cmd_cases(struct judge *j, int argc, char **argv)
{
	struct case_tally t = { 0, 0, j->cases_verbose };
	int bad_file = 0;

	if (argc < 2) {
		fprintf(stderr, "usage: judge cases FILE...\n");
		return 2;
	}
	for (int i = 1; i < argc; i++)
		if (variant_cases(argv[i], &t)) {
			fail_print();
			bad_file = 1;
		}
	printf("%d passed, %d failed\n", t.passed, t.failed + bad_file);
	return t.failed || bad_file ? 1 : 0;
}
