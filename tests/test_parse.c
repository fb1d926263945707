/*
 * test_parse.c: counts, sizes, durations and names from the command line.
 */
#include <stdint.h>

#include "parse.h"
#include "tests.h"

static const char *const colours[] = { "red", "green", "blue", NULL };

START_TEST(counts)
{
	uint64_t v = 42;

	ck_assert_int_eq(parse_count("1", 1, 10, &v), 0);
	ck_assert_uint_eq(v, 1);
	ck_assert_int_eq(parse_count("1M", 1, UINT64_MAX, &v), 0);
	ck_assert_uint_eq(v, 1000000);
	ck_assert_int_eq(parse_count("500k", 1, UINT64_MAX, &v), 0);
	ck_assert_uint_eq(v, 500000);
	ck_assert_int_eq(parse_count("2G", 1, UINT64_MAX, &v), 0);
	ck_assert_uint_eq(v, 2000000000);
	ck_assert_int_eq(parse_count("18446744073709551615", 0, UINT64_MAX,
	    &v), 0);
	ck_assert_uint_eq(v, UINT64_MAX);
	v = 42;
	/* Refused values leave the output alone. */
	ck_assert_int_eq(parse_count("0", 1, 10, &v), -1);
	ck_assert_int_eq(parse_count("11", 1, 10, &v), -1);
	ck_assert_int_eq(parse_count("-1", 0, UINT64_MAX, &v), -1);
	ck_assert_int_eq(parse_count(" 1", 0, UINT64_MAX, &v), -1);
	ck_assert_int_eq(parse_count("1 ", 0, UINT64_MAX, &v), -1);
	ck_assert_int_eq(parse_count("", 0, UINT64_MAX, &v), -1);
	ck_assert_int_eq(parse_count("M", 0, UINT64_MAX, &v), -1);
	ck_assert_int_eq(parse_count("1MM", 0, UINT64_MAX, &v), -1);
	ck_assert_int_eq(parse_count("1.5M", 0, UINT64_MAX, &v), -1);
	ck_assert_int_eq(parse_count("0x10", 0, UINT64_MAX, &v), -1);
	ck_assert_int_eq(parse_count("18446744073709551616", 0, UINT64_MAX,
	    &v), -1);
	ck_assert_int_eq(parse_count("18446744073709552G", 0, UINT64_MAX,
	    &v), -1);
	ck_assert_uint_eq(v, 42);
}
END_TEST

START_TEST(sizes)
{
	uint64_t v = 0;

	ck_assert_int_eq(parse_size("4K", 1, UINT64_MAX, &v), 0);
	ck_assert_uint_eq(v, 4096);
	ck_assert_int_eq(parse_size("2M", 1, UINT64_MAX, &v), 0);
	ck_assert_uint_eq(v, 2u << 20);
	ck_assert_int_eq(parse_size("1g", 1, UINT64_MAX, &v), 0);
	ck_assert_uint_eq(v, 1u << 30);
	ck_assert_int_eq(parse_size("17179869184G", 1, UINT64_MAX, &v), -1);
	ck_assert(has_size_suffix("64K"));
	ck_assert(!has_size_suffix("64"));
	ck_assert(!has_size_suffix(""));
}
END_TEST

START_TEST(durations)
{
	uint64_t v = 0, max = (uint64_t)3600 * 1000000000;

	ck_assert_int_eq(parse_duration_ns("1", max, &v), 0);
	ck_assert_uint_eq(v, 1000000);
	ck_assert_int_eq(parse_duration_ns("1ms", max, &v), 0);
	ck_assert_uint_eq(v, 1000000);
	ck_assert_int_eq(parse_duration_ns("0.5ms", max, &v), 0);
	ck_assert_uint_eq(v, 500000);
	ck_assert_int_eq(parse_duration_ns("100us", max, &v), 0);
	ck_assert_uint_eq(v, 100000);
	ck_assert_int_eq(parse_duration_ns("250ns", max, &v), 0);
	ck_assert_uint_eq(v, 250);
	ck_assert_int_eq(parse_duration_ns("0.000000001s", max, &v), 0);
	ck_assert_uint_eq(v, 1);
	ck_assert_int_eq(parse_duration_ns("0", max, &v), 0);
	ck_assert_uint_eq(v, 0);
	ck_assert_int_eq(parse_duration_ns("3600s", max, &v), 0);
	ck_assert_int_eq(parse_duration_ns("3601s", max, &v), -1);
	ck_assert_int_eq(parse_duration_ns("99999999999999999999s", max, &v),
	    -1);
	ck_assert_int_eq(parse_duration_ns("1h", max, &v), -1);
	ck_assert_int_eq(parse_duration_ns("-1ms", max, &v), -1);
	ck_assert_int_eq(parse_duration_ns(".5ms", max, &v), -1);
	ck_assert_int_eq(parse_duration_ns("5.", max, &v), -1);
	ck_assert_int_eq(parse_duration_ns("18446744073.999s", UINT64_MAX, &v),
	    -1);
	ck_assert_int_eq(parse_duration_ns("99999999999999999999ns",
	    UINT64_MAX, &v), -1);
	ck_assert_int_eq(parse_duration_ns("", max, &v), -1);
}
END_TEST

START_TEST(names)
{
	unsigned v = 9, mask = 0;

	ck_assert_int_eq(parse_name("green", colours, &v), 0);
	ck_assert_uint_eq(v, 1);
	ck_assert_int_eq(parse_name("gree", colours, &v), -1);
	ck_assert_int_eq(parse_name("greens", colours, &v), -1);
	ck_assert_int_eq(parse_name("", colours, &v), -1);
	ck_assert_int_eq(parse_name_list("blue,red", colours, 3, &mask), 0);
	ck_assert_uint_eq(mask, 5);
	ck_assert_int_eq(parse_name_list("blue", colours, 3, &mask), 0);
	ck_assert_uint_eq(mask, 4);
	mask = 0;
	ck_assert_int_eq(parse_name_list("blue,", colours, 3, &mask), -1);
	ck_assert_int_eq(parse_name_list(",blue", colours, 3, &mask), -1);
	ck_assert_int_eq(parse_name_list("blue,pink", colours, 3, &mask), -1);
	ck_assert_int_eq(parse_name_list("", colours, 3, &mask), -1);
	ck_assert_uint_eq(mask, 0);
}
END_TEST

Suite *
parse_suite(void)
{
	Suite *suite = suite_create("parse");
	TCase *tc = tcase_create("parse");

	tcase_add_test(tc, counts);
	tcase_add_test(tc, sizes);
	tcase_add_test(tc, durations);
	tcase_add_test(tc, names);
	suite_add_tcase(suite, tc);
	return suite;
}
