/*
 * tests.h: the Check suites of bheapsim; tests/main.c runs them all.
 */
#ifndef TESTS_H
#define TESTS_H

#include <check.h>
#include <stdint.h>

/*
 * Check records every passing ck_assert by writing to a pipe, which in a
 * loop of millions costs minutes.  need() fails the same way but passes
 * in silence.
 */
#define need(cond, ...) \
	do { \
		if (!(cond)) \
			ck_abort_msg(__VA_ARGS__); \
	} while (0)

/* reference.c: the B-heap rules, written apart from bheap.c. */
uint64_t	ref_bheap_parent(uint64_t entries, uint64_t u);
uint64_t	ref_bheap_first_child(uint64_t entries, uint64_t u,
		    unsigned *count);

Suite	*layout_suite(void);
Suite	*heap_suite(void);
Suite	*vmsim_suite(void);
Suite	*parse_suite(void);
Suite	*cli_suite(void);

#endif
