/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * main.c: runs every suite; exits non-zero if any check fails.
 */
#include <stdlib.h>

#include "tests.h"

int
main(void)
{
	SRunner *runner = srunner_create(layout_suite());
	int failed;

	srunner_add_suite(runner, heap_suite());
	srunner_add_suite(runner, veb_suite());
	srunner_add_suite(runner, vmsim_suite());
	srunner_add_suite(runner, stackdist_suite());
	srunner_add_suite(runner, curve_suite());
	srunner_add_suite(runner, sweeps_suite());
	srunner_add_suite(runner, parse_suite());
	srunner_add_suite(runner, cli_suite());
	srunner_add_suite(runner, explain_suite());
	srunner_add_suite(runner, explore_suite());
	srunner_add_suite(runner, table_suite());
	srunner_add_suite(runner, large_suite());
	srunner_add_suite(runner, manual_suite());
	srunner_add_suite(runner, files_suite());
	srunner_add_suite(runner, policy_suite());
	srunner_add_suite(runner, pmu_suite());
	srunner_add_suite(runner, machine_suite());
	srunner_add_suite(runner, cache_suite());
	srunner_add_suite(runner, stream_suite());
	srunner_add_suite(runner, compare_suite());
	srunner_add_suite(runner, points_suite());
	srunner_add_suite(runner, exits_suite());
	srunner_add_suite(runner, names_suite());
	srunner_add_suite(runner, dryrun_suite());
	srunner_add_suite(runner, time_suite());
	srunner_add_suite(runner, messages_suite());
	srunner_add_suite(runner, plot_suite());
	srunner_add_suite(runner, arena_suite());
	srunner_add_suite(runner, threec_suite());
	srunner_add_suite(runner, reliability_suite());
	srunner_add_suite(runner, estimate_suite());
	srunner_run_all(runner, CK_NORMAL);
	failed = srunner_ntests_failed(runner);
	srunner_free(runner);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
