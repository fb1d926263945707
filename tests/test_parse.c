/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * test_parse.c: counts, sizes, durations and names from the command line.
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdint.h>

#include <string.h>

#include "parse.h"
#include "sweep.h"
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

/* --latency's times: bare ns, to the picosecond, at most 1 s. */
START_TEST(latencies)
{
	const uint64_t max = 1000000000;
	double v = 0;

	ck_assert_int_eq(parse_latency_ns("1.3", max, &v), 0);
	ck_assert(v == 1.3);
	ck_assert_int_eq(parse_latency_ns("0.5us", max, &v), 0);
	ck_assert(v == 500);
	ck_assert_int_eq(parse_latency_ns("90ns", max, &v), 0);
	ck_assert(v == 90);
	ck_assert_int_eq(parse_latency_ns("0.001ns", max, &v), 0);
	ck_assert(v == 0.001);
	ck_assert_int_eq(parse_latency_ns("1s", max, &v), 0);
	ck_assert(v == 1e9);
	ck_assert_int_eq(parse_latency_ns("1.0000000000000000001s", max, &v),
	    -1);
	ck_assert_int_eq(parse_latency_ns("1000000000.001ns", max, &v), -1);
	ck_assert_int_eq(parse_latency_ns("2s", max, &v), -1);
}
END_TEST

/*
 * One grammar of times for --disk-latency and --latency: what one takes
 * the other takes ("1." was a latency but not a disk latency).
 */
START_TEST(one_time_grammar)
{
	static const char *const texts[] = {
		"1", "1.", ".5", "1.5", "01.50", "2.25ms", "3us", "4s", "5ns",
		"1.ns", "1e3", "0x10", "inf", "nan", "-1", "+1", " 1", "1 ",
		"1h", "1.5.", "1..5", "", "ms", "1m", "1.5MS",
	};
	const uint64_t max = (uint64_t)3600 * 1000000000;
	size_t i;

	for (i = 0; i < sizeof(texts) / sizeof(texts[0]); i++) {
		uint64_t ns;
		double latency;

		ck_assert_msg((parse_duration_ns(texts[i], max, &ns) == 0) ==
		    (parse_latency_ns(texts[i], max, &latency) == 0), "'%s' "
		    "is a time to one parser and not the other", texts[i]);
	}
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

/* Parses `text` and expects exactly the values listed, ended by 0. */
static void
expect_sweep(const char *text, ...)
{
	static struct sweep_spec spec;
	char why[256];
	uint64_t value;
	size_t i = 0;
	va_list ap;

	ck_assert_msg(sweep_parse(text, &spec, why, sizeof(why)) == 0,
	    "%s: %s", text, why);
	va_start(ap, text);
	while ((value = va_arg(ap, uint64_t)) != 0) {
		ck_assert_msg(i < spec.count && spec.values[i] == value,
		    "%s: value %zu is %" PRIu64 ", not %" PRIu64, text, i,
		    i < spec.count ? spec.values[i] : 0, value);
		i++;
	}
	va_end(ap);
	ck_assert_msg(i == spec.count, "%s: %zu values, not %zu", text,
	    spec.count, i);
}

/* Refused, with a reason that names the term as the user typed it. */
static void
expect_sweep_refused(const char *text, const char *term)
{
	static struct sweep_spec spec;
	char why[256];

	ck_assert_msg(sweep_parse(text, &spec, why, sizeof(why)) != 0,
	    "%s was accepted", text);
	ck_assert_msg(strstr(why, term) != NULL, "%s: the reason '%s' does "
	    "not name '%s'", text, why, term);
}

/* A +S step is read in the unit of the range's own values. */
START_TEST(sweep_steps)
{
	expect_sweep("page-size=4K..8K:+4K", (uint64_t)4096, (uint64_t)8192,
	    (uint64_t)0);
	expect_sweep("resident=4K..12K:+4K", (uint64_t)4096, (uint64_t)8192,
	    (uint64_t)12288, (uint64_t)0);
	expect_sweep("resident=4..12:+4", (uint64_t)4, (uint64_t)8,
	    (uint64_t)12, (uint64_t)0);
	expect_sweep("items=1K..3K:+1K", (uint64_t)1000, (uint64_t)2000,
	    (uint64_t)3000, (uint64_t)0);
	expect_sweep("page-size=4K..16K:x2", (uint64_t)4096, (uint64_t)8192,
	    (uint64_t)16384, (uint64_t)0);
	expect_sweep_refused("page-size=4K..64K:+4K", "'4K..64K:+4K'");
	expect_sweep_refused("resident=4..40:+4K", "'4..40:+4K'");
	expect_sweep_refused("resident=4K..40K:+4Q", "'4K..40K:+4Q'");
	expect_sweep_refused("resident=8..4:+1", "'8..4:+1'");
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
	tcase_add_test(tc, latencies);
	tcase_add_test(tc, one_time_grammar);
	tcase_add_test(tc, names);
	tcase_add_test(tc, sweep_steps);
	suite_add_tcase(suite, tc);
	return suite;
}
